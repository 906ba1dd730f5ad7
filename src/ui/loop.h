/* loop.h: the main loop's clock: poll timeouts and the waits the header explains. */
#ifndef ROUTEDESK_UI_LOOP_H
#define ROUTEDESK_UI_LOOP_H

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

/* Whole seconds left until until_ms (session clock) at now (app_now),
 * rounded up, never below 0. */
long loop_seconds_left(long until_ms, double now);

/* When the header's countdown next changes: the moment the seconds left
 * drop by one (app_now's scale), so the loop wakes to redraw it. */
double loop_next_tick(long until_ms, double now);

/* "waiting for the read budget: 41 s" and its kin, into out (appended);
 * nothing for API_WAIT_NONE.  Translated. */
void loop_wait_text(struct strbuf *out, const struct api_wait *w, long seconds);

#endif
