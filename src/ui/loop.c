/* loop.c: the main loop's clock: poll timeouts and the waits the header explains. */
#include "config.h"

#include <limits.h>

#include "common/i18n.h"
#include "ui/loop.h"

/* ceil() of a positive x below LONG_MAX, without libm for one call. */
static double round_up(double x)
{
	double whole = (double)(long)x;

	return whole < x ? whole + 1 : whole;
}

int loop_poll_timeout(double now, double until)
{
	double ms;

	if (until <= 0)
		return -1;
	ms = (until - now) * 1000.0;
	/* A deadline that passed while a frame was drawn is due now: a
	 * negative timeout would make poll() wait forever. */
	if (!(ms > 0))
		return 0;
	if (ms >= INT_MAX)
		return INT_MAX;
	return (int)round_up(ms);
}

double loop_earliest(double a, double b)
{
	if (a <= 0)
		return b;
	if (b <= 0)
		return a;
	return a < b ? a : b;
}

long loop_seconds_left(long until_ms, double now)
{
	double left = (double)until_ms / 1000.0 - now;

	if (!(left > 0))
		return 0;
	return (long)round_up(left);
}

double loop_next_tick(long until_ms, double now)
{
	double until = (double)until_ms / 1000.0;
	long left = loop_seconds_left(until_ms, now);

	/* The shown number is ceil(until - t): it drops to left-1 at
	 * until - (left - 1). */
	if (left <= 0)
		return now;
	return until - (double)(left - 1);
}

void loop_wait_text(struct strbuf *out, const struct api_wait *w, long seconds)
{
	switch (w->kind) {
	case API_WAIT_NONE:
		break;
	case API_WAIT_BUDGET:
		strbuf_addf(out, w->is_write ? _("waiting for the write budget: %ld s")
		                             : _("waiting for the read budget: %ld s"), seconds);
		break;
	case API_WAIT_SERVER:
		strbuf_addf(out, _("the service asked to wait: %ld s"), seconds);
		break;
	case API_WAIT_RETRY:
		strbuf_addf(out, _("retrying in %ld s"), seconds);
		break;
	}
}
