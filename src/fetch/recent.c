/* recent.c: the answers of the fetch thread's reads of the last minute, given again to an identical read instead of a second request. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/strbuf.h"
#include "fetch/flight.h"
#include "fetch/recent.h"

/* At most this many answers, and this many bytes of them: a whole
 * search of 10,000 customers is about 12 MB. */
#define RECENT_MAX 8
#define RECENT_MAX_BYTES (16u << 20)

struct kept {
	char *canon;          /* the read's canonical text */
	char *answer;
	size_t len;
	long at_ms;           /* when its answer came */
	long long newest;     /* the thread's newest change id when it was asked */
};

struct fetch_recent {
	struct kept k[RECENT_MAX];
	size_t n, bytes;
	int allow;
	const long long *newest;
	/* The hooks it stands before (the share's flight), or NULL. */
	int (*inner_ask)(void *ctx, const char *path, const struct api_form *form, void **fl,
	                 struct strbuf *body);
	void (*inner_end)(void *ctx, void *fl, const char *answer, size_t len);
	void *inner_ctx;
};

/* A read in progress: what keeps its answer, and the inner hook's handle. */
struct call {
	struct strbuf canon;  /* empty: not kept */
	long at_ms;
	long long newest;
	void *inner;
};

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Searches: they are what two parts of the console ask alike (a pane's
 * list and the index's build, :sub lead and the stage picker).  Gets and
 * a record by its id too, but only a small answer (RECENT_GET_MAX): a
 * dispatcher opening one customer again and again paid its record and
 * its tickets each time (2 reads), while scrolling 100,000 customers (a
 * hundred gets of 1,000 distinct ids, none asked twice) kept copies of
 * 650 KB answers, and peak RSS went from 70 to 104 MB in bench/console.
 * The changelog is what says that kept answers are old, so it is always
 * read anew. */
#define RECENT_GET_MAX (64u << 10)

static int keepable(const char *path)
{
	return strchr(path, '/') && strncmp(path, "changelog/", 10) != 0;
}

static int is_search(const char *canon)
{
	/* The canonical text starts with the path, then its pairs. */
	const char *end = canon + strcspn(canon, "?& \n");

	return end - canon >= 7 && strncmp(end - 7, "/search", 7) == 0;
}

static void drop(struct fetch_recent *rc, size_t i)
{
	rc->bytes -= rc->k[i].len;
	free(rc->k[i].canon);
	free(rc->k[i].answer);
	memmove(rc->k + i, rc->k + i + 1, (rc->n - i - 1) * sizeof(*rc->k));
	rc->n--;
}

/* The kept answer of canon that may still be given, or NULL; answers
 * past their time or older than the newest change go. */
static const struct kept *find(struct fetch_recent *rc, const char *canon, long now)
{
	for (size_t i = 0; i < rc->n;) {
		if (now - rc->k[i].at_ms > RECENT_KEEP_MS || rc->k[i].newest != *rc->newest) {
			drop(rc, i);
			continue;
		}
		if (strcmp(rc->k[i].canon, canon) == 0)
			return &rc->k[i];
		i++;
	}
	return NULL;
}

static void keep(struct fetch_recent *rc, struct call *c, const char *answer, size_t len)
{
	struct kept *k;

	if (len > RECENT_MAX_BYTES || (len > RECENT_GET_MAX && !is_search(c->canon.buf)))
		return;
	for (size_t i = 0; i < rc->n; i++)
		if (strcmp(rc->k[i].canon, c->canon.buf) == 0) {
			drop(rc, i);
			break;
		}
	while (rc->n && (rc->n == RECENT_MAX || rc->bytes + len > RECENT_MAX_BYTES))
		drop(rc, 0); /* the oldest */
	k = &rc->k[rc->n++];
	k->canon = strbuf_detach(&c->canon, NULL);
	k->answer = xmalloc(len + 1);
	memcpy(k->answer, answer, len);
	k->answer[len] = '\0';
	k->len = len;
	/* Kept from its answer's arrival: on a slow link (4 s a read) the
	 * reads between two identical ones took the second past the window
	 * counted from the first's asking.  What can have changed since is
	 * the changelog's to say (newest, as at its asking). */
	k->at_ms = now_ms();
	k->newest = c->newest;
	rc->bytes += len;
}

static void call_free(struct call *c)
{
	strbuf_free(&c->canon);
	free(c);
}

static int recent_ask(void *ctx, const char *path, const struct api_form *form, void **fl,
                      struct strbuf *body)
{
	struct fetch_recent *rc = ctx;
	struct call *c = *fl;
	int r;

	if (!c) {
		const struct kept *k;
		uint64_t h;

		c = xcalloc(1, sizeof(*c));
		c->canon = (struct strbuf)STRBUF_INIT;
		c->at_ms = now_ms();
		c->newest = *rc->newest;
		if (!keepable(path) || fetch_flight_key(path, form, &c->canon, &h) < 0)
			strbuf_reset(&c->canon);
		if (c->canon.len && rc->allow && (k = find(rc, c->canon.buf, c->at_ms))) {
			strbuf_add(body, k->answer, k->len);
			call_free(c);
			return API_FLIGHT_ANSWER;
		}
		*fl = c;
	}
	if (!rc->inner_ask) {
		if (!c->canon.len) {
			call_free(c);
			*fl = NULL;
		}
		return API_FLIGHT_SEND;
	}
	r = rc->inner_ask(rc->inner_ctx, path, form, &c->inner, body);
	if (r == API_FLIGHT_ANSWER) {
		/* Another console's answer, read just now: as good as one's own. */
		if (c->canon.len)
			keep(rc, c, body->buf, body->len);
		call_free(c);
		*fl = NULL;
	} else if (r == API_FLIGHT_SEND && !c->inner && !c->canon.len) {
		call_free(c);
		*fl = NULL;
	}
	return r;
}

static void recent_end(void *ctx, void *fl, const char *answer, size_t len)
{
	struct fetch_recent *rc = ctx;
	struct call *c = fl;

	if (!c)
		return;
	if (answer && c->canon.len)
		keep(rc, c, answer, len);
	if (rc->inner_end && c->inner)
		rc->inner_end(rc->inner_ctx, c->inner, answer, len);
	call_free(c);
}

struct fetch_recent *fetch_recent_new(struct api_options *o, const long long *newest)
{
	struct fetch_recent *rc = xcalloc(1, sizeof(*rc));

	rc->newest = newest;
	rc->inner_ask = o->flight_ask;
	rc->inner_end = o->flight_end;
	rc->inner_ctx = o->flight_ctx;
	o->flight_ask = recent_ask;
	o->flight_end = recent_end;
	o->flight_ctx = rc;
	return rc;
}

void fetch_recent_allow(struct fetch_recent *rc, int allow)
{
	if (rc)
		rc->allow = allow;
}

void fetch_recent_forget(struct fetch_recent *rc)
{
	while (rc && rc->n)
		drop(rc, rc->n - 1);
}

void fetch_recent_free(struct fetch_recent *rc)
{
	fetch_recent_forget(rc);
	free(rc);
}
