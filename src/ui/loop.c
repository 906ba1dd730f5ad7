/* loop.c: the main loop's clock: poll timeouts and the waits the header explains. */
#include "config.h"

#include <string.h>

#include <limits.h>
#include <stdio.h>
#include <time.h>

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
		/* The reason first: "retrying" alone left the dispatcher to
		 * guess between a server fault, the quota and the network. */
		if (w->status == 429)
			strbuf_addf(out, _("the service asked to wait: %ld s"), seconds);
		else if (w->why == API_ERR_QUOTA)
			strbuf_addf(out, _("the minute's reads are spent: retrying in %ld s"), seconds);
		else if (w->status >= 500)
			strbuf_addf(out, _("HTTP %ld from the service: retrying in %ld s"), w->status,
			            seconds);
		else if (w->why == API_ERR_NETWORK)
			strbuf_addf(out, _("no answer from the service: retrying in %ld s"), seconds);
		else if (w->why == API_ERR_DECODE || w->why == API_ERR_HTTP)
			strbuf_addf(out, _("an unreadable answer: retrying in %ld s"), seconds);
		else
			strbuf_addf(out, _("retrying in %ld s"), seconds);
		break;
	case API_WAIT_ANSWER:
		/* A write is never sent again: say so, the dispatcher wonders.
		 * A read's try ends, then another starts: "giving up in 25 s"
		 * was said three times over two minutes.  Past the limit the
		 * transfer ends at the library's next check, seconds later:
		 * "now", not "0 s" on screen for ten. */
		if (w->is_write && seconds > 0)
			strbuf_addf(out, _("no answer to the write yet (it is not sent again): "
			                   "waiting %ld s more"), seconds);
		else if (w->is_write)
			strbuf_adds(out, _("no answer to the write yet (it is not sent again): "
			                   "giving up now"));
		else if (w->attempt < w->attempts && seconds > 0)
			strbuf_addf(out, _("no answer from the service yet: try %d of %d ends in %ld s, "
			                   "then another"), w->attempt, w->attempts, seconds);
		else if (w->attempt < w->attempts)
			strbuf_addf(out, _("no answer from the service yet: try %d of %d ends now, "
			                   "then another"), w->attempt, w->attempts);
		else if (seconds > 0)
			strbuf_addf(out, _("no answer from the service yet: last try, giving up in %ld s"),
			            seconds);
		else
			strbuf_adds(out, _("no answer from the service yet: last try, giving up now"));
		break;
	case API_WAIT_FLIGHT:
		/* Another console of the share sends the same read: its answer
		 * serves both; past the wait, this one asks itself. */
		strbuf_addf(out, _("another console of the share is fetching the same: "
		                   "waiting %ld s at most"), seconds);
		break;
	}
}

/* ------------------------------------------------------- auto-refresh */

double loop_refresh_interval(int base, int idle_after, double idle)
{
	if (base <= 0)
		return 0;
	/* Nobody has typed for a while: the office is on the phone or away,
	 * and a read a minute is taken from everyone else's quota. */
	if (idle_after > 0 && idle >= 6.0 * idle_after)
		return 15.0 * base;
	if (idle_after > 0 && idle >= idle_after)
		return 5.0 * base;
	return base;
}

double loop_refresh_plan(const struct loop_plan_in *in, unsigned *why)
{
	double interval = loop_refresh_interval(in->base, in->idle_after, in->idle);

	*why = 0;
	if (interval <= 0)
		return 0;
	/* After hours the next tick is the opening, whoever typed last (a
	 * key brings one back sooner, loop_refresh_on_key). */
	if (in->closed > 0) {
		*why = LOOP_SLOW_CLOSED;
		return (double)in->closed;
	}
	if (interval >= 15.0 * in->base)
		*why |= LOOP_SLOW_AWAY;
	else if (interval > in->base)
		*why |= LOOP_SLOW_IDLE;
	if (in->budget_known) {
		/* The day's reads are everyone's: with few left, a tick in
		 * four; with the minute's nearly spent, none before the next. */
		if (in->reads_left_today < in->reserve * 4) {
			interval *= 4;
			*why |= LOOP_SLOW_DAY;
		}
		if (in->reads_left_minute < 5 && interval < 60) {
			interval = 60;
			*why |= LOOP_SLOW_MINUTE;
		}
	}
	return interval;
}

const char *loop_slow_word(unsigned why)
{
	/* The one word the header has room for: the reason that lasts
	 * longest first. */
	if (why & LOOP_SLOW_CLOSED)
		return _("after hours");
	if (why & (LOOP_SLOW_DAY | LOOP_SLOW_MINUTE))
		return _("saving reads");
	if (why & (LOOP_SLOW_IDLE | LOOP_SLOW_AWAY))
		return _("idle");
	return NULL;
}

/* "10 min" or "45 s": a duration of the config's, in the unit it reads in. */
static void add_duration(struct strbuf *out, long seconds)
{
	if (seconds >= 120 && seconds % 60 == 0)
		strbuf_addf(out, _("%ld min"), seconds / 60);
	else
		strbuf_addf(out, _("%ld s"), seconds);
}

/* "; " between two reasons (out had start bytes before the first). */
static void add_sep(struct strbuf *out, size_t start)
{
	if (out->len > start)
		strbuf_adds(out, "; ");
}

void loop_slow_text(struct strbuf *out, unsigned why, const struct loop_plan_in *in)
{
	size_t start = out->len;
	struct strbuf d = STRBUF_INIT;

	if (why & LOOP_SLOW_CLOSED)
		strbuf_adds(out, _("after office hours ([ui] office_hours): the next at the opening, "
		                   "or at a key"));
	if (why & (LOOP_SLOW_IDLE | LOOP_SLOW_AWAY)) {
		add_sep(out, start);
		add_duration(&d, (why & LOOP_SLOW_AWAY) ? 6L * in->idle_after : (long)in->idle_after);
		strbuf_addf(out, _("no key for %s or more ([ui] refresh_idle): a key brings it back"),
		            strbuf_str(&d));
	}
	if (why & LOOP_SLOW_DAY) {
		add_sep(out, start);
		strbuf_addf(out,
		            ngettext("only %ld read left today, under 4 times the reserve of %ld "
		                     "([ui] budget_reserve)",
		                     "only %ld reads left today, under 4 times the reserve of %ld "
		                     "([ui] budget_reserve)",
		                     (unsigned long)in->reads_left_today),
		            in->reads_left_today, in->reserve);
	}
	if (why & LOOP_SLOW_MINUTE) {
		add_sep(out, start);
		strbuf_adds(out, _("fewer than 5 reads left this minute"));
	}
	strbuf_free(&d);
}

/* The pace a console's tick runs at, "every 5 min", into out. */
void loop_every_text(struct strbuf *out, double seconds)
{
	struct strbuf d = STRBUF_INIT;

	add_duration(&d, (long)(seconds + 0.5));
	strbuf_addf(out, _("every %s"), strbuf_str(&d));
	strbuf_free(&d);
}

int loop_parse_hours(const char *s, int *open, int *close)
{
	int oh, om, ch, cm, n = 0;

	if (!s || sscanf(s, " %d:%d - %d:%d %n", &oh, &om, &ch, &cm, &n) != 4 || s[n] != '\0')
		return -1;
	if (oh < 0 || oh > 23 || om < 0 || om > 59 || ch < 0 || ch > 24 || cm < 0 || cm > 59 ||
	    (ch == 24 && cm != 0))
		return -1;
	*open = oh * 3600 + om * 60;
	*close = ch * 3600 + cm * 60;
	return *open == *close ? -1 : 0;
}

long loop_closed_for(int open, int close, int now)
{
	int in;

	if (open == close)
		return 0;
	/* Hours that run past midnight (22:00-06:00) are open on both sides. */
	in = open < close ? now >= open && now < close : now >= open || now < close;
	if (in)
		return 0;
	return now < open ? open - now : 86400 - now + open;
}

double loop_refresh_on_key(double now, double last_key, double last_data, double next,
                           int base, int idle_after)
{
	double due;

	if (base <= 0 || next <= 0)
		return next;
	/* Only a key after an idle spell changes the plan: while someone
	 * types the tick already runs at the base interval. */
	if (idle_after <= 0 || now - last_key < idle_after)
		return next;
	/* Back at the desk: data older than the base interval is refreshed
	 * now, newer data when it reaches that age. */
	due = last_data > 0 ? last_data + base : now;
	if (due <= now)
		return now;
	return due < next ? due : next;
}

long loop_closed_until(int open, int close, time_t now)
{
	struct tm tm, at;
	long in_day;
	time_t t;

	if (!localtime_r(&now, &tm))
		return 0;
	in_day = loop_closed_for(open, close, tm.tm_hour * 3600 + tm.tm_min * 60 + tm.tm_sec);
	if (in_day <= 0)
		return 0;
	/* The opening as a date and time, made an instant by the zone's
	 * rules: the night the clock moves, in_day (24 h a day) was an hour
	 * off, and the tick of a console left on overnight came an hour
	 * after the opening in spring.  mktime normalises the day after
	 * the month's last, and an opening the clock skips to after it. */
	at = tm;
	if (tm.tm_hour * 3600 + tm.tm_min * 60 + tm.tm_sec >= open)
		at.tm_mday++;
	at.tm_hour = open / 3600;
	at.tm_min = open / 60 % 60;
	at.tm_sec = 0;
	at.tm_isdst = -1;
	t = mktime(&at);
	if (t == (time_t)-1 || t <= now)
		return in_day;
	return (long)(t - now);
}

int loop_day_moved(const char *shown, const char *seen, const char *today)
{
	return *seen && strcmp(shown, seen) == 0 && strcmp(today, seen) != 0;
}

int loop_budget_new_day(struct api_budget *b, char day[11], const char *today)
{
	if (strcmp(day, today) == 0)
		return 0;
	if (!day[0]) {
		snprintf(day, 11, "%s", today);
		return 0;
	}
	snprintf(day, 11, "%s", today);
	if (!b->known)
		return 0;
	b->usage.read_today = b->usage.write_today = 0;
	b->reads_left_today = b->limits.read_day;
	b->writes_left_today = b->limits.write_day;
	return 1;
}

int loop_budget_minute_known(long long taken, long long now)
{
	return now >= taken && now - taken < 60;
}

double loop_next_minute(double now, long long wall)
{
	long long into = wall % 60;

	if (into < 0)
		into += 60;
	return now + (double)(60 - into);
}
