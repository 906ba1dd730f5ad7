/* dates.c: parsing, formatting and day arithmetic of the API's office-local dates. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "common/dates.h"

static int is_leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int month_days(int y, int m)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	return m == 2 && is_leap(y) ? 29 : days[m - 1];
}

/* Reads exactly n decimal digits; -1 when one is not a digit. */
static int digits(const char *s, int n)
{
	int v = 0, i;

	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* The first 10 characters of s as a real calendar date. */
static int parse_ymd(const char *s, struct rd_date *out)
{
	int y, m, d;

	if (strnlen(s, 10) < 10 || s[4] != '-' || s[7] != '-')
		return -1;
	y = digits(s, 4);
	m = digits(s + 5, 2);
	d = digits(s + 8, 2);
	/* Year 0000 is the unset marker's, not a date. */
	if (y < 1 || m < 1 || m > 12 || d < 1 || d > month_days(y, m))
		return -1;
	out->year = y;
	out->month = m;
	out->day = d;
	return 0;
}

int date_parse(const char *s, struct rd_date *out)
{
	struct rd_date d;

	if (!s || parse_ymd(s, &d) < 0 || s[10] != '\0')
		return -1;
	if (out)
		*out = d;
	return 0;
}

int datetime_parse(const char *s, struct rd_date *out, int *secs)
{
	struct rd_date d;
	int h, mi, se;

	if (!s || parse_ymd(s, &d) < 0)
		return -1;
	if (s[10] == '\0') {
		h = mi = se = 0;
	} else {
		if (s[10] != ' ' || strnlen(s + 11, 9) != 8 || s[13] != ':' || s[16] != ':')
			return -1;
		h = digits(s + 11, 2);
		mi = digits(s + 14, 2);
		se = digits(s + 17, 2);
		if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59)
			return -1;
	}
	if (out)
		*out = d;
	if (secs)
		*secs = h * 3600 + mi * 60 + se;
	return 0;
}

int time_parse(const char *s, int *secs)
{
	int h, m, sec = 0;

	if (!s)
		return -1;
	/* One digit of hours is what people type ("9:30"). */
	if (s[0] >= '0' && s[0] <= '9' && s[1] == ':')
		h = digits(s, 1), s += 2;
	else if (strnlen(s, 3) == 3 && s[2] == ':')
		h = digits(s, 2), s += 3;
	else
		return -1;
	if (strnlen(s, 3) < 2 || (m = digits(s, 2)) < 0)
		return -1;
	if (s[2] == ':') {
		if (strnlen(s + 3, 3) != 2 || (sec = digits(s + 3, 2)) < 0)
			return -1;
	} else if (s[2]) {
		return -1;
	}
	if (h < 0 || h > 23 || m > 59 || sec > 59)
		return -1;
	if (secs)
		*secs = h * 3600 + m * 60 + sec;
	return 0;
}

void time_format(int secs, char *buf)
{
	if (secs < 0)
		secs = 0;
	if (secs > 86399)
		secs = 86399;
	snprintf(buf, 9, "%02d:%02d:%02d", secs / 3600, secs / 60 % 60, secs % 60);
}

void date_format(const struct rd_date *d, char *buf)
{
	/* Clamp so the text always fits the documented 11 bytes. */
	int y = d->year < 0 ? 0 : d->year > 9999 ? 9999 : d->year;
	int m = d->month < 0 ? 0 : d->month > 99 ? 99 : d->month;
	int dd = d->day < 0 ? 0 : d->day > 99 ? 99 : d->day;

	char tmp[40]; /* roomy: gcc -O0 cannot see the clamps above */

	snprintf(tmp, sizeof(tmp), "%04d-%02d-%02d", y, m, dd);
	memcpy(buf, tmp, 11);
}

/* Howard Hinnant's days_from_civil: exact for the proleptic Gregorian
 * calendar, with no table and no time zone. */
long date_to_days(const struct rd_date *d)
{
	long y = d->year - (d->month <= 2);
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long mp = (d->month + 9) % 12;
	long doy = (153 * mp + 2) / 5 + d->day - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + doe - 719468;
}

void date_from_days(long days, struct rd_date *out)
{
	long z = days + 719468;
	long era = (z >= 0 ? z : z - 146096) / 146097;
	long doe = z - era * 146097;
	long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long mp = (5 * doy + 2) / 153;
	long m = mp < 10 ? mp + 3 : mp - 9;

	out->year = (int)(yoe + era * 400 + (m <= 2));
	out->month = (int)m;
	out->day = (int)(doy - (153 * mp + 2) / 5 + 1);
}

int date_weekday(const struct rd_date *d)
{
	long days = date_to_days(d);
	/* 1970-01-01 was a Thursday. */
	long w = (days + 4) % 7;

	return (int)(w < 0 ? w + 7 : w);
}

void date_today(struct rd_date *out)
{
	time_t now = time(NULL);
	struct tm tm;

	if (!localtime_r(&now, &tm)) {
		out->year = 1970;
		out->month = 1;
		out->day = 1;
		return;
	}
	out->year = tm.tm_year + 1900;
	out->month = tm.tm_mon + 1;
	out->day = tm.tm_mday;
}

const char *time_minute_after(long long t, char *buf)
{
	time_t at = (time_t)t;
	struct tm tm;

	if (localtime_r(&at, &tm) && tm.tm_sec > 0) {
		at += 60 - tm.tm_sec;
		localtime_r(&at, &tm);
	}
	if (!localtime_r(&at, &tm))
		snprintf(buf, 6, "--:--");
	else
		snprintf(buf, 6, "%02u:%02u", (unsigned)tm.tm_hour % 24u, (unsigned)tm.tm_min % 60u);
	return buf;
}

int date_valid_or_unset(const char *s)
{
	if (!s)
		return 0;
	if (strcmp(s, "0000-00-00") == 0 || strcmp(s, "0000-00-00 00:00:00") == 0)
		return 1;
	return datetime_parse(s, NULL, NULL) == 0;
}

void time_deadline(int clk, long ms, struct timespec *out)
{
	clock_gettime((clockid_t)clk, out);
	out->tv_sec += ms / 1000;
	out->tv_nsec += (ms % 1000) * 1000000L;
	if (out->tv_nsec >= 1000000000L) {
		out->tv_sec++;
		out->tv_nsec -= 1000000000L;
	}
}

long long date_local_instant(const struct rd_date *d, int secs)
{
	struct tm tm;
	time_t t;

	memset(&tm, 0, sizeof tm);
	tm.tm_year = d->year - 1900, tm.tm_mon = d->month - 1, tm.tm_mday = d->day;
	tm.tm_hour = secs / 3600, tm.tm_min = secs / 60 % 60, tm.tm_sec = secs % 60;
	tm.tm_isdst = -1;
	/* mktime sets tm_wday when it succeeds: -1 is also the second
	 * before 1970, not only its error. */
	tm.tm_wday = -1;
	t = mktime(&tm);
	if (t == (time_t)-1 && tm.tm_wday == -1)
		return date_to_days(d) * 86400LL + secs;
	return (long long)t;
}

/* Seconds Pacific time is off UTC at instant t: -7 h from the second
 * Sunday of March, 2:00 PST, to the first Sunday of November, 2:00 PDT,
 * else -8 h. */
static long pacific_offset(long long t)
{
	struct rd_date d, mar, nov;
	long long start, end;

	date_from_days((long)(t / 86400), &d);
	mar = (struct rd_date){ d.year, 3, 1 };
	nov = (struct rd_date){ d.year, 11, 1 };
	start = (date_to_days(&mar) + (7 - date_weekday(&mar)) % 7 + 7) * 86400LL + 10 * 3600;
	end = (date_to_days(&nov) + (7 - date_weekday(&nov)) % 7) * 86400LL + 9 * 3600;
	return t >= start && t < end ? -7 * 3600 : -8 * 3600;
}

void date_pacific_from_instant(long long t, struct rd_date *d, int *secs)
{
	long long days;

	t += pacific_offset(t);
	days = t >= 0 ? t / 86400 : -((-t + 86399) / 86400);
	date_from_days((long)days, d);
	*secs = (int)(t - days * 86400);
}
