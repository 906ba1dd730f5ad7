/* quota.h: per-key read and write quotas, at the service's real values. */
#ifndef ROUTEDESK_QUOTA_H
#define ROUTEDESK_QUOTA_H

#include <time.h>

/* The four counters the envelope reports as tokenUsage. */
struct quota_usage {
	long read_today, write_today, read_minute, write_minute;
};

/* The service's limits (tokenLimits). */
#define QUOTA_READ_PER_MINUTE 60
#define QUOTA_READ_PER_DAY 3000
#define QUOTA_WRITE_PER_MINUTE 60
#define QUOTA_WRITE_PER_DAY 3000

struct quota;

/* enforce 0 (--no-limits) still counts, but never refuses. */
struct quota *quota_new(int enforce);
void quota_free(struct quota *q);

/* Counts one request of key (reads: search, get, by-id, summary; everything
 * else writes) at time now, and fills *usage as it stands after it.  Returns
 * 0 when allowed; otherwise -1 with *message pointing at the service's text
 * ("... maximum number of read requests per minute ..."), and the request
 * is not counted.  Thread-safe.  Minutes are a sliding 60 s window; days end
 * at local midnight. */
int quota_take(struct quota *q, const char *key, int is_write, time_t now,
               struct quota_usage *usage, const char **message);
/* Current usage without counting anything. */
void quota_peek(struct quota *q, const char *key, time_t now, struct quota_usage *usage);

#endif
