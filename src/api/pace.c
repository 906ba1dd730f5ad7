/* pace.c: sliding-window pacing, the budget left and the backoff schedule. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/pace.h"
#include "common/strbuf.h"

#define WINDOW_MS 60000L

void api_pacer_init(struct api_pacer *p, int per_minute)
{
	memset(p, 0, sizeof(*p));
	p->per_minute = per_minute > 0 ? per_minute : 0;
	if (p->per_minute)
		p->starts = xcalloc((size_t)p->per_minute, sizeof(*p->starts));
}

void api_pacer_free(struct api_pacer *p)
{
	free(p->starts);
	memset(p, 0, sizeof(*p));
}

/* Starts of this session within the window ending at now. */
static int own_in_window(const struct api_pacer *p, long now)
{
	int count = 0;

	for (int i = 0; i < p->n; i++)
		if (p->starts[(p->head + i) % p->per_minute] > now - WINDOW_MS)
			count++;
	return count;
}

long api_pacer_next(const struct api_pacer *p, long now)
{
	long next = now, others = 0;
	int allowed, own;

	if (p->hold_until > next)
		next = p->hold_until;
	if (!p->per_minute)
		return next;
	if (p->have_others && now - p->others_at < WINDOW_MS)
		others = p->others;
	/* Always let one through: a budget eaten by others still leaves
	 * this session a request a minute rather than none. */
	allowed = p->per_minute - (int)(others < p->per_minute ? others : p->per_minute);
	if (allowed < 1)
		allowed = 1;
	own = own_in_window(p, now);
	if (own >= allowed) {
		/* Wait until enough of our own starts leave the window: the
		 * (own - allowed + 1)-th oldest one still inside it. */
		int skip = own - allowed, seen = 0;

		for (int i = 0; i < p->n; i++) {
			long t = p->starts[(p->head + i) % p->per_minute];

			if (t <= now - WINDOW_MS)
				continue;
			if (seen++ == skip) {
				if (t + WINDOW_MS > next)
					next = t + WINDOW_MS;
				break;
			}
		}
	}
	return next;
}

void api_pacer_note(struct api_pacer *p, long now)
{
	if (!p->per_minute)
		return;
	if (p->n < p->per_minute) {
		p->starts[(p->head + p->n) % p->per_minute] = now;
		p->n++;
	} else {
		p->starts[p->head] = now;
		p->head = (p->head + 1) % p->per_minute;
	}
}

void api_pacer_report(struct api_pacer *p, long minute_count, long now)
{
	long own = p->per_minute ? own_in_window(p, now) : 0;

	p->others = minute_count > own ? minute_count - own : 0;
	p->others_at = now;
	p->have_others = 1;
}

void api_pacer_hold(struct api_pacer *p, long until)
{
	if (until > p->hold_until)
		p->hold_until = until;
}

void api_pacer_release(struct api_pacer *p)
{
	p->hold_until = 0;
}

static long left(long limit, long used)
{
	return used >= limit ? 0 : limit - used;
}

void api_budget_from(struct api_budget *b, const struct api_usage *u, const struct api_limits *l)
{
	b->known = 1;
	b->usage = *u;
	b->limits = *l;
	b->reads_left_minute = left(l->read_minute, u->read_minute);
	b->reads_left_today = left(l->read_day, u->read_today);
	b->writes_left_minute = left(l->write_minute, u->write_minute);
	b->writes_left_today = left(l->write_day, u->write_today);
}

long api_backoff_ms(int attempt, long base_ms, long max_ms, long retry_after_ms,
                    unsigned long rnd)
{
	long step = base_ms > 0 ? base_ms : 1, half, delay;

	for (int i = 1; i < attempt && step < max_ms; i++)
		step *= 2;
	if (step > max_ms)
		step = max_ms;
	if (step < 1)
		step = 1;
	half = step / 2;
	delay = step - half + (long)(rnd % (unsigned long)(half + 1));
	if (delay < retry_after_ms)
		delay = retry_after_ms;
	return delay;
}
