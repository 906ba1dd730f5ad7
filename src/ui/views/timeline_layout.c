/* timeline_layout.c: the Timeline's layout maths (time to column, blocks, overlaps, lane order), no curses. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ui/views/timeline_layout.h"

int timeline_minutes(const char *s)
{
	int h, m;

	if (!s || strlen(s) < 5 || s[2] != ':')
		return -1;
	for (int i = 0; i < 5; i++)
		if (i != 2 && (s[i] < '0' || s[i] > '9'))
			return -1;
	h = (s[0] - '0') * 10 + (s[1] - '0');
	m = (s[3] - '0') * 10 + (s[4] - '0');
	if (h > 23 || m > 59)
		return -1;
	return h * 60 + m;
}

void timeline_axis_fit(struct timeline_axis *ax, int first, int last, int width)
{
	ax->from = TIMELINE_DAY_FROM;
	ax->to = TIMELINE_DAY_TO;
	if (first >= 0 && first < ax->from)
		ax->from = first / 60 * 60;
	if (last >= 0 && last > ax->to)
		ax->to = (last + 59) / 60 * 60;
	if (ax->to > 24 * 60)
		ax->to = 24 * 60;
	if (ax->to <= ax->from)
		ax->to = ax->from + 60;
	ax->width = width > 1 ? width : 1;
}

int timeline_col(const struct timeline_axis *ax, int minute)
{
	long c;

	if (minute <= ax->from)
		return 0;
	if (minute >= ax->to)
		return ax->width;
	/* Rounded down: a block starts in the column its minute falls in. */
	c = (long)(minute - ax->from) * ax->width / (ax->to - ax->from);
	return (int)c;
}

static int cmp_block(const void *pa, const void *pb)
{
	const struct timeline_block *a = pa, *b = pb;
	int ta = a->start >= 0, tb = b->start >= 0;

	if (ta != tb)
		return ta ? -1 : 1;
	if (ta && a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (ta && a->end != b->end)
		return a->end < b->end ? -1 : 1;
	if (a->sequence != b->sequence)
		return a->sequence < b->sequence ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

void timeline_order(struct timeline_block *b, size_t n)
{
	if (n > 1)
		qsort(b, n, sizeof(*b), cmp_block);
}

size_t timeline_place(struct timeline_block *b, size_t n, const struct timeline_axis *ax,
                      int nt_x, int nt_w)
{
	size_t hidden = 0, prev = (size_t)-1;
	int latest_end = -1, untimed = 0;

	for (size_t i = 0; i < n; i++) {
		struct timeline_block *k = &b[i];

		k->overlap = 0;
		k->c0 = k->c1 = -1;
		if (k->start < 0) {
			if (untimed < nt_w) {
				k->c0 = nt_x + untimed;
				k->c1 = k->c0 + 1;
			} else {
				hidden++;
			}
			untimed++;
			continue;
		}
		{
			int end = k->end > k->start ? k->end : k->start;

			/* By time, whatever the columns: two stops promised for
			 * the same hour overlap even on a wide screen. */
			if (latest_end > k->start) {
				k->overlap = 1;
				for (size_t j = 0; j < i; j++)
					if (b[j].start >= 0 && (b[j].end > b[j].start ? b[j].end : b[j].start) >
					                           k->start)
						b[j].overlap = 1;
			}
			if (end > latest_end)
				latest_end = end;
		}
		k->c0 = timeline_col(ax, k->start);
		k->c1 = k->end > k->start ? timeline_col(ax, k->end) : k->c0 + 1;
		if (k->c1 <= k->c0)
			k->c1 = k->c0 + 1;
		if (prev != (size_t)-1 && b[prev].c1 > k->c0) {
			/* The earlier block gives way to the later one's start,
			 * keeping a column; what still collides moves right. */
			b[prev].c1 = k->c0 > b[prev].c0 ? k->c0 : b[prev].c0 + 1;
			if (k->c0 < b[prev].c1)
				k->c0 = b[prev].c1;
			if (k->c1 <= k->c0)
				k->c1 = k->c0 + 1;
		}
		if (k->c0 >= ax->width) {
			k->c0 = k->c1 = -1;
			hidden++;
			continue;
		}
		if (k->c1 > ax->width)
			k->c1 = ax->width;
		prev = i;
	}
	return hidden;
}

int timeline_lane_cmp(long long tech_a, const char *title_a, long long id_a,
                      long long tech_b, const char *title_b, long long id_b)
{
	int c;

	if ((tech_a > 0) != (tech_b > 0))
		return tech_a > 0 ? -1 : 1;
	c = strcmp(title_a ? title_a : "", title_b ? title_b : "");
	if (c)
		return c;
	return id_a < id_b ? -1 : id_a > id_b;
}

int timeline_late(int pending, int end, int now)
{
	return pending && end >= 0 && now >= 0 && now > end;
}
