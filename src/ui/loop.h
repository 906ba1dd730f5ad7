/* loop.h: the main loop's clock: poll timeouts and the waits the header explains. */
#ifndef ROUTEDESK_UI_LOOP_H
#define ROUTEDESK_UI_LOOP_H

#include <time.h>

#include "api/transport.h"
#include "common/strbuf.h"

/*
 * Pure functions of the time, so the main loop's arithmetic is tested
 * without a terminal or a clock.  Times are CLOCK_MONOTONIC: seconds as
 * doubles on the UI's side (app_now), milliseconds as longs on the
 * session's (struct api_wait).
 */

/* The poll() timeout in ms until `until` (seconds, as app_now), from now:
 * -1 (wait for input) only when nothing is due (until <= 0); 0 when the
 * moment has passed, even by a frame's drawing time; otherwise rounded up,
 * so the loop never wakes just before the deadline and spins. */
int loop_poll_timeout(double now, double until);

/* The earlier of two deadlines, either of which may be 0 (none). */
double loop_earliest(double a, double b);

/* When the wall clock's minute next turns (app_now's scale, now being
 * app_now at wall-clock second wall): the loop wakes then to redraw what
 * the minute changes (the data's age, the stops gone late, the Timeline's
 * now line), which an idle console's tick, every 15 minutes, left stale. */
double loop_next_minute(double now, long long wall);

/* Whole seconds left until until_ms (session clock) at now (app_now),
 * rounded up, never below 0. */
long loop_seconds_left(long until_ms, double now);

/* When the header's countdown next changes: the moment the seconds left
 * drop by one (app_now's scale), so the loop wakes to redraw it. */
double loop_next_tick(long until_ms, double now);

/* "waiting for the read budget: 41 s" and its kin, into out (appended);
 * nothing for API_WAIT_NONE.  Translated. */
void loop_wait_text(struct strbuf *out, const struct api_wait *w, long seconds);

/* The auto-refresh interval in seconds (0: none) for a console whose last
 * key was idle seconds ago: base while someone types; 5 x base once
 * nobody has for idle_after seconds; 15 x base after 6 x idle_after.
 * idle_after 0 never backs off.  ([ui] refresh 60, refresh_idle 600: a
 * minute, then 5 minutes after 10 idle minutes, then 15 after an hour.) */
double loop_refresh_interval(int base, int idle_after, double idle);

/* Why the auto-refresh runs slower than [ui] refresh: bits, so that the
 * header and :info can say it (a wait is always explained). */
enum loop_slow {
	LOOP_SLOW_IDLE = 1,    /* nobody typed for refresh_idle: 5 x */
	LOOP_SLOW_AWAY = 2,    /* nobody for 6 x refresh_idle: 15 x */
	LOOP_SLOW_CLOSED = 4,  /* after office hours: the next tick at the opening */
	LOOP_SLOW_DAY = 8,     /* few reads left today: 4 x */
	LOOP_SLOW_MINUTE = 16, /* the minute's reads nearly spent: a minute at least */
};

/* What the next tick's plan depends on. */
struct loop_plan_in {
	int base;               /* [ui] refresh, seconds; 0 off */
	int idle_after;         /* [ui] refresh_idle, seconds; 0 never backs off */
	double idle;            /* seconds since the last key (the office's on a share) */
	long closed;            /* loop_closed_until: seconds until the opening, 0 open */
	int budget_known;       /* the three below come from an answer */
	long reads_left_today;  /* the lower of the account's and routedesk's share */
	long reads_left_minute;
	long reserve;           /* [ui] budget_reserve */
};

/* Seconds to the next auto-refresh tick (0: none) and, in *why, the
 * loop_slow bits that made it later than base. */
double loop_refresh_plan(const struct loop_plan_in *in, unsigned *why);

/* The header's word for why (the first reason that applies: "idle",
 * "closed", "saving reads"), translated; NULL when why is 0. */
const char *loop_slow_word(unsigned why);

/* :info's sentence for why, appended to out ("no key for 10 min or more:
 * a key brings it back"), every reason that applies; translated. */
void loop_slow_text(struct strbuf *out, unsigned why, const struct loop_plan_in *in);

/* "every 60 s", "every 5 min": a tick's pace, appended to out; translated. */
void loop_every_text(struct strbuf *out, double seconds);

/* "07:00-18:00" into seconds of the day (close may be 24:00; hours that run
 * past midnight, "22:00-06:00", are allowed): 0, or -1 when s is not that. */
int loop_parse_hours(const char *s, int *open, int *close);

/* Seconds until the office opens, at now (seconds of the day): 0 while
 * open (open == close: always open). */
long loop_closed_for(int open, int close, int now);
/* The same at instant now, on the local wall clock: the seconds until the
 * opening as the clock will show it (a night the clock moves is 23 or 25
 * hours long).  0 while open. */
long loop_closed_until(int open, int close, time_t now);

/* The next refresh (app_now's scale) after a key at now: the key after
 * an idle spell (last_key at least idle_after ago) brings it back at once
 * when the data (last_data) is older than base, else when it will be;
 * otherwise next as it was.  0 (none) stays 0. */
double loop_refresh_on_key(double now, double last_key, double last_data, double next,
                           int base, int idle_after);

/* Whether a console should follow the calendar to today: 1 when the day
 * it shows (shown) is the day that was today when last looked (seen) and
 * today is another, so a console left on today all day moves on at
 * midnight; 0 when the dispatcher chose another day, or nothing changed.
 * Dates are "YYYY-MM-DD". */
int loop_day_moved(const char *shown, const char *seen, const char *today);

/* The budget b was read on day (YYYY-MM-DD), and today is today: when
 * they differ the service counts the new day from zero, so b's day
 * figures become the day's whole limits and day becomes today (1);
 * otherwise nothing changes (0).  A day of "" is set to today (0).  A
 * refresh paused for the budget in the evening otherwise stayed paused
 * after midnight until someone pressed r. */
int loop_budget_new_day(struct api_budget *b, char day[11], const char *today);

/* Whether a budget taken at the wall clock's taken still tells the reads
 * of the last minute at now (1) or no longer (0): the service counts a
 * sliding minute, so 60 s on none of the reads it counted are in it, and
 * what others spent since is not known.  An idle console's last answer is
 * up to a quarter of an hour old; its "53/min" read as now.  A clock set
 * back (taken in the future) knows nothing either. */
int loop_budget_minute_known(long long taken, long long now);

#endif
