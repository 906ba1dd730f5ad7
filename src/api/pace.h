/* pace.h: quota pacing, the budget left, and the retry backoff schedule. */
#ifndef ROUTEDESK_API_PACE_H
#define ROUTEDESK_API_PACE_H

#include "api/envelope.h"

/*
 * The account allows 60 reads and 60 writes a minute, 3000 a day, shared
 * with every other integration.  A pacer keeps one kind (reads or writes)
 * under a rate of its own (55 a minute by default) over a sliding 60 s
 * window of the requests this session started, lowered by what the service
 * says others spent (tokenUsage counts every integration's requests).  All
 * functions take the time as an argument so tests need no clock.
 */
struct api_pacer {
	int per_minute;    /* 0: no pacing */
	long *starts;      /* ring of the last per_minute start times (ms) */
	int n, head;       /* how many are stored; index of the oldest */
	long others;       /* requests of other clients in the last minute */
	long others_at;    /* when that was learnt (ms); stale after 60 s */
	int have_others;
	long hold_until;   /* a Retry-After from the server (ms), 0 for none */
};

/* A pacer allowing per_minute starts in any 60 s (0 or less: no limit). */
void api_pacer_init(struct api_pacer *p, int per_minute);
/* Frees the window; p may be initialised again. */
void api_pacer_free(struct api_pacer *p);
/* Earliest time (ms, >= now) at which one more request may start. */
long api_pacer_next(const struct api_pacer *p, long now);
/* A request started at now. */
void api_pacer_note(struct api_pacer *p, long now);
/* The service reported minute_count requests of this kind in its last
 * minute, at now: whatever exceeds this session's own count is others'. */
void api_pacer_report(struct api_pacer *p, long minute_count, long now);
/* The server asked for a pause (429 Retry-After): nothing starts before until. */
void api_pacer_hold(struct api_pacer *p, long until);
/* The call that asked for the pause gave up: the pause ends with it, so
 * a Retry-After longer than a caller will wait never delays later calls
 * silently. */
void api_pacer_release(struct api_pacer *p);

/* What the key may still spend, from the last tokenUsage and tokenLimits. */
struct api_budget {
	int known;               /* 0 until an answer carried both */
	struct api_usage usage;
	struct api_limits limits;
	long reads_left_minute, reads_left_today;
	long writes_left_minute, writes_left_today;
};

/* Fills b from usage and limits (left counts never below 0). */
void api_budget_from(struct api_budget *b, const struct api_usage *u, const struct api_limits *l);

/* The delay before retry number attempt (1 for the first retry): an
 * exponential step min(max_ms, base_ms * 2^(attempt-1)), then "equal
 * jitter": half of the step plus rnd modulo the other half, so retries of
 * many clients spread out but never come back at once.  A Retry-After of
 * retry_after_ms (0 for none) is a floor.  rnd comes from the caller's
 * random source so the schedule is reproducible in tests. */
long api_backoff_ms(int attempt, long base_ms, long max_ms, long retry_after_ms,
                    unsigned long rnd);

#endif
