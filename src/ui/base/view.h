/* view.h: what a pane is to the console: rows of cells, keyed by record id. */
#ifndef ROUTEDESK_VIEW_H
#define ROUTEDESK_VIEW_H

#include <stddef.h>

#include "ui/theme/theme.h"

struct strbuf;
struct ui;
struct fetch_result;

/*
 * Design: a view (Routes, Stops, Customers, a customer's detail ...) knows
 * its data and nothing of curses.  It describes its columns and answers
 * "how many rows", "the id of row i", "the text of cell (i, c)"; the list
 * widget in ui/base/list.c draws only the visible rows, keeps the selection and
 * the scroll keyed to ids across refreshes, sorts (< > I) and filters (/)
 * through the view's compare and match.  So views are unit-testable without
 * a terminal, and every pane looks and moves alike.
 *
 * Cell text is raw API text: the list widget escapes control characters
 * and measures display width when it draws (utf8_escape_controls).
 */

/* enum view_style: the theme elements a cell or row may ask for (theme.h). */

enum {
	VC_RIGHT = 1u << 0, /* right-aligned (numbers, money) */
	VC_FLEX = 1u << 1,  /* takes the remaining width */
	VC_NOSORT = 1u << 2,
	VC_PAINT = 1u << 3, /* drawn by the view's paint op, column by column */
	VC_GROW = 1u << 4,  /* shares the spare width with the flex column (a
	                     * city, a service cut at their preferred width) */
	VC_BAR = 1u << 5,   /* the selection bar ends here, not at the flex
	                     * column: a record whose flex column is long text
	                     * after what names it (a note's date and type) */
	VC_CAP = 1u << 6,   /* the flex column grows at most to twice its width,
	                     * as a VC_GROW one: a name, not long text; what is
	                     * left of a wide terminal stays blank at the right
	                     * rather than 100 blanks between a name and its
	                     * figures */
	VC_ID = 1u << 7,    /* the cell is the row's id (row_id): the list
	                     * orders every row by it, loaded or not, so a sort
	                     * on it reads nothing */
};

/* A column the list gives up, before the flex column is narrowed below its
 * preferred width, when the terminal is short of room: rank 1 goes first,
 * then 2 ... (1 to 15, in the flags: VC_DROP(1)).  A column without a rank
 * goes only when not even the minimums fit (from the right).  The view
 * says why each ranked column matters less than a whole name (the Stops
 * pane's Call, In-Out and City are in its preview). */
#define VC_DROP_SHIFT 8
#define VC_DROP(rank) ((unsigned)(rank) << VC_DROP_SHIFT)
#define VC_DROP_RANK(flags) (((unsigned)(flags) >> VC_DROP_SHIFT) & 0xfu)

struct view_column {
	const char *title;  /* marked N_(), translated when drawn */
	int width;          /* preferred display columns */
	int min;            /* below this the column is dropped on narrow terminals */
	unsigned flags;     /* VC_* and a VC_DROP rank */
};

struct view;

/* One display column of a painted cell (view_ops.paint): its text (one
 * character, already escaped; "" for the second column of a wide one)
 * and its style. */
struct view_paint {
	char text[8];
	unsigned char style;   /* enum view_style */
	unsigned char selected; /* drawn in the selection's colours */
};

/* paint's row for the column titles line. */
#define VIEW_TITLE_ROW ((size_t)-1)

struct view_ops {
	const char *name;   /* "routes", "stops", "customers", "subscriptions",
	                     * "tickets", "detail", "notes" ... (:view, --view, state) */
	const char *title;  /* N_("Routes") */
	const struct view_column *columns;
	size_t n_columns;

	/* Rows as the view holds them (before the widget's filter and sort). */
	size_t (*count)(const struct view *v);
	long long (*row_id)(const struct view *v, size_t row);
	/* 1 when the row's record is loaded; 0 draws a placeholder and
	 * asks `want` for it. */
	int (*loaded)(const struct view *v, size_t row);
	/* Appends the cell's text; *style may be set (default VS_NORMAL). */
	void (*cell)(const struct view *v, size_t row, size_t col, struct strbuf *out,
	             enum view_style *style);
	/* Sort order on column col: <0, 0, >0.  NULL: text of cell() compared. */
	int (*compare)(const struct view *v, size_t a, size_t b, size_t col);
	/* 1 when the row matches the filter text (case-insensitive substring of
	 * any cell by default when NULL). */
	int (*match)(const struct view *v, size_t row, const char *filter);
	/* Preview of a row (Stops: customer, balance, notes ...), lines appended
	 * to out separated by '\n'; NULL for none. */
	void (*preview)(const struct view *v, size_t row, struct strbuf *out);

	/* A cell drawn column by column, each with its own style (the
	 * Timeline's lanes of stops), or NULL: cell() is used.  Fills
	 * out[0..width) (the caller's array); row VIEW_TITLE_ROW asks for the
	 * column's title line.  *cursor: the column of the row's current item
	 * when selected is 1 (the hardware cursor goes there), else -1.  The
	 * cell() text of such a column is still what / and copying read. */
	void (*paint)(const struct view *v, size_t row, size_t col, int width, int selected,
	              int ascii, int utf8, struct view_paint *out, int *cursor);
	/* Left / right inside a row (the Timeline: the previous or next stop
	 * in time); 1 when it moved.  NULL: the keys do nothing. */
	int (*across)(struct view *v, struct ui *ui, size_t row, int dir);
	/* The record a row's current item stands for, when a row holds several
	 * (the Timeline: a lane's selected stop, an appointment id); 0 none.
	 * NULL: the row's id is the record. */
	long long (*item)(const struct view *v, size_t row);

	/* What the pane's codes mean (Routes' flags, Stops' windows): N_()
	 * pieces, NULL-terminated, or NULL.  The list draws as many whole
	 * pieces as fit on a line under the rows, when there are lines to
	 * spare; the help lists them all. */
	const char *const *legend;

	/* Lifecycle and events (all on the UI thread). */
	/* First shown: submit the fetches it needs (ui_submit). */
	void (*open)(struct view *v, struct ui *ui);
	/* Rows [first, last) are on screen: resolve the unloaded ones in
	 * chunks (never the whole account up front). */
	void (*want)(struct view *v, struct ui *ui, size_t first, size_t last);
	/* The list is sorted (on 1) or not (0): a sort over rows partly
	 * loaded would put only the loaded ones in order, so a view that
	 * loads its rows in chunks resolves the rest, one chunk after
	 * another, and says on the message line what that costs.  Returns
	 * the reads (0: every row is there).  NULL: rows are all held. */
	size_t (*sorted)(struct view *v, struct ui *ui, int on);
	/* A fetch result for this view's slot. Return 1 if the rows changed. */
	int (*result)(struct view *v, struct ui *ui, struct fetch_result *r);
	/* Enter on a row: push a drill-down view (ui_push) or do nothing. */
	void (*enter)(struct view *v, struct ui *ui, size_t row);
	/* r / R: refresh this view (R: from scratch). */
	void (*refresh)(struct view *v, struct ui *ui, int hard);
	/* A `:` command the view understands (":cust smith"); 1 if handled. */
	int (*command)(struct view *v, struct ui *ui, const char *name, const char *args);
	/* The view's other form (the customer detail: its summary or the raw
	 * record); 1 when it switched, 0 when the view has none.  NULL: none. */
	int (*toggle)(struct view *v, struct ui *ui);
	/* Frees priv. */
	void (*destroy)(struct view *v);
};

struct view {
	const struct view_ops *ops;
	void *priv;             /* the view's own state */
	int slot;               /* fetch slot, set by ui_push/ui_add */
	unsigned long waiting;  /* generation it waits for, 0 when idle */
	double loaded_at;       /* monotonic seconds of the last data, 0 never */
	char subtitle[128];     /* "route 12 · 2026-11-20", shown in the header */
	char failed[256];       /* why its last fetch failed, "" when it did not:
	                         * an empty pane says so rather than "loading" */
	long long scope;        /* the record whose rows it lists (a Stops view:
	                         * its route), 0 for none: two views of one scope
	                         * keep one selection (app_show_pane) */
};

#endif
