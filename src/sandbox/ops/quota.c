/* quota.c: per-key read and write quotas with the service's limits and messages. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/strbuf.h"
#include "sandbox/ops/quota.h"

/*
 * Design: the minute window slides, so a request made at second t counts
 * until second t+59.  Rather than keeping one timestamp per request (a
 * --no-limits load test makes thousands a second), each key keeps 60
 * one-second buckets indexed by t % 60, each remembering which second it
 * holds; the window is the sum of the buckets whose second is within the
 * last 60.  That is exact at the clock's one-second resolution and costs
 * constant memory.  Days are counted per local calendar day.
 *
 * Keys are few (the configured one, plus whatever wrong keys the router
 * chooses to count), so a linked list under one mutex is enough.
 */

#define WINDOW 60

struct bucket {
	time_t second;
	long count;
};

struct counter {
	struct bucket minute[WINDOW];
	long day_count;
	long day;       /* local calendar day of day_count, -1 before the first */
};

struct quota_key {
	struct quota_key *next;
	char *key;
	struct counter reads, writes;
};

struct quota {
	pthread_mutex_t lock;
	int enforce;
	struct quota_key *keys;
};

static const char MSG_READ_MINUTE[] =
	"You have exceeded the maximum number of read requests per minute (60).";
static const char MSG_WRITE_MINUTE[] =
	"You have exceeded the maximum number of write requests per minute (60).";
static const char MSG_READ_DAY[] =
	"You have exceeded the maximum number of read requests per day (3000).";
static const char MSG_WRITE_DAY[] =
	"You have exceeded the maximum number of write requests per day (3000).";

struct quota *
quota_new(int enforce)
{
	struct quota *q = xcalloc(1, sizeof(*q));

	pthread_mutex_init(&q->lock, NULL);
	q->enforce = enforce;
	return q;
}

void
quota_free(struct quota *q)
{
	struct quota_key *k, *next;

	if (!q)
		return;
	for (k = q->keys; k; k = next) {
		next = k->next;
		free(k->key);
		free(k);
	}
	pthread_mutex_destroy(&q->lock);
	free(q);
}

/* The local calendar day of now as a number that changes at local midnight. */
static long
local_day(time_t now)
{
	struct tm tm;

	if (!localtime_r(&now, &tm))
		return (long)(now / 86400);
	return (long)(tm.tm_year + 1900) * 1000 + tm.tm_yday;
}

static struct quota_key *
find_key(struct quota *q, const char *key)
{
	struct quota_key *k;

	for (k = q->keys; k; k = k->next)
		if (strcmp(k->key, key) == 0)
			return k;
	k = xcalloc(1, sizeof(*k));
	k->key = xstrdup(key);
	k->reads.day = k->writes.day = -1;
	k->next = q->keys;
	q->keys = k;
	return k;
}

static long
minute_count(const struct counter *c, time_t now)
{
	long sum = 0;
	int i;

	for (i = 0; i < WINDOW; i++) {
		const struct bucket *b = &c->minute[i];

		/* A bucket from the future (the clock stepped back) still counts:
		 * forgetting it would hand out free requests. */
		if (b->count > 0 && b->second > now - WINDOW)
			sum += b->count;
	}
	return sum;
}

static long
day_count(const struct counter *c, time_t now)
{
	return c->day == local_day(now) ? c->day_count : 0;
}

static void
count_one(struct counter *c, time_t now)
{
	struct bucket *b = &c->minute[(size_t)(now % WINDOW + WINDOW) % WINDOW];
	long day = local_day(now);

	if (b->second != now) {
		b->second = now;
		b->count = 0;
	}
	b->count++;
	if (c->day != day) {
		c->day = day;
		c->day_count = 0;
	}
	c->day_count++;
}

static void
fill_usage(const struct quota_key *k, time_t now, struct quota_usage *usage)
{
	if (!usage)
		return;
	usage->read_today = day_count(&k->reads, now);
	usage->write_today = day_count(&k->writes, now);
	usage->read_minute = minute_count(&k->reads, now);
	usage->write_minute = minute_count(&k->writes, now);
}

int
quota_take(struct quota *q, const char *key, int is_write, time_t now,
           struct quota_usage *usage, const char **message)
{
	struct quota_key *k;
	struct counter *c;
	int rc = 0;

	if (!key)
		key = "";
	pthread_mutex_lock(&q->lock);
	k = find_key(q, key);
	c = is_write ? &k->writes : &k->reads;
	/* The day's limit is checked first: a client told "per minute" would
	 * wait a minute and try again in vain. */
	if (q->enforce && day_count(c, now) >= (is_write ? QUOTA_WRITE_PER_DAY : QUOTA_READ_PER_DAY)) {
		rc = -1;
		if (message)
			*message = is_write ? MSG_WRITE_DAY : MSG_READ_DAY;
	} else if (q->enforce && minute_count(c, now) >=
	           (is_write ? QUOTA_WRITE_PER_MINUTE : QUOTA_READ_PER_MINUTE)) {
		rc = -1;
		if (message)
			*message = is_write ? MSG_WRITE_MINUTE : MSG_READ_MINUTE;
	} else {
		count_one(c, now);
		if (message)
			*message = NULL;
	}
	fill_usage(k, now, usage);
	pthread_mutex_unlock(&q->lock);
	return rc;
}

void
quota_peek(struct quota *q, const char *key, time_t now, struct quota_usage *usage)
{
	struct quota_key *k;

	if (!usage)
		return;
	if (!key)
		key = "";
	pthread_mutex_lock(&q->lock);
	for (k = q->keys; k; k = k->next)
		if (strcmp(k->key, key) == 0)
			break;
	if (k)
		fill_usage(k, now, usage);
	else
		memset(usage, 0, sizeof(*usage));
	pthread_mutex_unlock(&q->lock);
}
