/* dates.h: calendar dates as the API writes them (office-local, no zone). */
#ifndef ROUTEDESK_DATES_H
#define ROUTEDESK_DATES_H

/* A civil date.  Days are counted from 1970-01-01 (day 0) for arithmetic. */
struct rd_date {
	int year, month, day;
};

/* Parses "YYYY-MM-DD" (exactly, with a real calendar day); 0 on success,
 * -1 otherwise.  "0000-00-00" is refused (it means unset). */
int date_parse(const char *s, struct rd_date *out);
/* Also accepts "YYYY-MM-DD HH:MM:SS"; fills secs (0..86399) when non-NULL. */
int datetime_parse(const char *s, struct rd_date *out, int *secs);
/* Parses a time of day "H:MM", "HH:MM" or "HH:MM:SS" (00:00 to 23:59:59)
 * into seconds since midnight; 0, or -1 when it is not one. */
int time_parse(const char *s, int *secs);
/* Writes secs (clamped to 0..86399) as "HH:MM:SS" into buf (9 bytes). */
void time_format(int secs, char *buf);
/* Writes "YYYY-MM-DD" into buf (at least 11 bytes). */
void date_format(const struct rd_date *d, char *buf);
long date_to_days(const struct rd_date *d);
void date_from_days(long days, struct rd_date *out);
/* 0 Sunday .. 6 Saturday. */
int date_weekday(const struct rd_date *d);
/* Today in the local zone. */
void date_today(struct rd_date *out);
/* Writes "HH:MM" of the local clock into buf (6 bytes): the first minute
 * that starts at or after instant t (seconds since 1970), so a moment said
 * to the minute is never said earlier than it comes.  Returns buf. */
const char *time_minute_after(long long t, char *buf);
/* *out = now on clock clk plus ms milliseconds: a deadline for
 * pthread_cond_timedwait (whose condition waits on clk). */
struct timespec;
void time_deadline(int clk, long ms, struct timespec *out);
/* The instant (seconds since 1970, UTC) of a date and time on the local
 * clock, the zone the program runs in (a time the zone skips is taken as
 * UTC). */
long long date_local_instant(const struct rd_date *d, int secs);
/* Instant t on Pacific time (PST, PDT by the US rule since 2007): the
 * service's own clock, which the specification gives for a few fields
 * where every other date is office-local. */
void date_pacific_from_instant(long long t, struct rd_date *d, int *secs);
/* 1 when s is a valid date or datetime, or one of the unset values. */
int date_valid_or_unset(const char *s);

#endif
