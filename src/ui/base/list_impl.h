/* list_impl.h: the list widget's state, shared by its model (list.c) and its drawing (list_draw.c). */
#ifndef ROUTEDESK_UI_LIST_IMPL_H
#define ROUTEDESK_UI_LIST_IMPL_H

#include <stddef.h>

#include "ui/base/list.h"

struct list {
	struct view *v;
	size_t *index;         /* display position -> view row; NULL: identity */
	size_t n;              /* rows shown */
	size_t total;          /* view rows at the last rebuild */
	int stale;             /* rebuild before the next use */
	long long sel_id;      /* the selected record (0 none yet) */
	size_t sel, top;       /* positions */
	int sort_col, sort_desc;
	unsigned char hidden[64]; /* columns the last draw's layout dropped */
	char *filter;          /* narrowing text, or NULL */
	char *pattern;         /* the last filter text, for n/N */
	int height;            /* rows of the last draw, for paging */
	int cur_y, cur_x;      /* where the selection was drawn, -1 none */
	int row_y, row_x, row_w; /* where the first row was drawn, and the list's width */
	int paint_x;           /* the painted current item of the row drawn, -1 none */
	unsigned long want_sig; /* the last want() request, to ask once */
};

/* The view row shown at display position pos. */
static inline size_t list_row_of(const struct list *l, size_t pos)
{
	return l->index ? l->index[pos] : pos;
}

/* Rebuilds the index when the view changed (or was marked stale). */
void list_ensure(struct list *l);
/* Selects display position pos, keeping it in view. */
void list_select_pos(struct list *l, size_t pos);

#endif
