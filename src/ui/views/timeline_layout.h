/* timeline_layout.h: the Timeline's layout maths (time to column, blocks, overlaps, lane order), no curses. */
#ifndef ROUTEDESK_TIMELINE_LAYOUT_H
#define ROUTEDESK_TIMELINE_LAYOUT_H

#include <stddef.h>

/*
 * Design: the Timeline draws a lane per route over the working day; this
 * file decides where things go and nothing else, so tests/unit checks it
 * without a terminal.  Times are minutes since midnight (office-local, as
 * the API writes "HH:MM"); -1 is "no time".  The axis spans whole hours:
 * 07:00-19:00, widened to the hour before the day's first start and after
 * its last end.  A stop with no window is never guessed into the day: it
 * goes to the lane's "no time" column at the right, one column each, in
 * route order after the timed stops.
 */

#define TIMELINE_DAY_FROM (7 * 60)
#define TIMELINE_DAY_TO (19 * 60)

/* "HH:MM" (or "HH:MM:SS") into minutes; -1 for "" or anything else. */
int timeline_minutes(const char *hhmm);

struct timeline_axis {
	int from, to;   /* minutes shown, whole hours, from < to */
	int width;      /* columns of the axis (the no-time column excluded) */
};

/* The working day widened to cover [first, last] (either -1: nothing to
 * cover), over width columns. */
void timeline_axis_fit(struct timeline_axis *ax, int first, int last, int width);
/* The column of minute (clamped into [0, width]; width is the end). */
int timeline_col(const struct timeline_axis *ax, int minute);

struct timeline_block {
	long long id;   /* the appointment */
	int start, end; /* minutes, -1 when unset (end -1: start + 1 column) */
	int sequence;   /* route order, for untimed ones and ties */
	int c0, c1;     /* out: columns [c0, c1) of the lane, c0 -1 when there
	                 * is no room left for it */
	int overlap;    /* out: its window overlaps another's in the lane */
};

/* Sorts blocks into the lane's time order: timed ones by start, end,
 * sequence, id; then untimed ones by sequence, id.  Left and right step
 * through this order. */
void timeline_order(struct timeline_block *b, size_t n);

/* Places ordered blocks: timed ones on the axis (each at least one
 * column; where windows overlap the earlier one is cut short at the later
 * one's start, and a block pushed past the axis's end gets c0 -1), untimed
 * ones one column each from column nt_x, nt_w of them at most (the rest
 * c0 -1).  Marks overlaps.  Returns the blocks that got no column. */
size_t timeline_place(struct timeline_block *b, size_t n, const struct timeline_axis *ax,
                      int nt_x, int nt_w);

/* Lane order: routes with a technician first, then UNASSIGNED ones (tech
 * 0); in each, by title (NULL as ""), then id.  <0, 0, >0. */
int timeline_lane_cmp(long long tech_a, const char *title_a, long long id_a,
                      long long tech_b, const char *title_b, long long id_b);

/* 1 when a stop is late: not done (pending) and its window's end is
 * before now (minutes; -1 when the day is not today). */
int timeline_late(int pending, int end, int now);

#endif
