/* list.h: the virtualised list widget that draws any struct view. */
#ifndef ROUTEDESK_UI_LIST_H
#define ROUTEDESK_UI_LIST_H

#include <stddef.h>

#include "ui/base/view.h"

struct strbuf;
struct theme;
struct ui;

/*
 * Design: a list draws one view.  It never walks every row per frame: it
 * keeps an index (display position -> view row) rebuilt only when the
 * data, the sort or the filter change, and draws the visible rows only.
 * With neither sort nor filter the index is the identity and costs
 * nothing, whatever the row count.  The selection and the scroll are kept
 * as a record id and an offset from the top, so a refresh or a re-sort
 * finds the same record on the same screen line.
 *
 * Sorting and filtering apply to loaded rows (unloaded rows have no text
 * yet): a sorted list shows the loaded rows in order, then the others in
 * the view's order; a filter narrows the loaded rows.
 *
 * Cell text is API text: it is escaped (utf8_escape_controls) and fitted
 * by display width before it reaches curses.
 */

struct list_env {
	const struct theme *theme;
	int ascii;      /* ASCII lines and glyphs */
	int utf8;       /* the locale can show non-ASCII text */
	struct ui *ui;  /* passed to the view's want() */
	int loading;    /* the view's data is on its way (says so when empty) */
	const char *note; /* why it is empty, said instead (offline, a wait), or NULL */
	int no_preview; /* the preview is hidden (p): the list takes its room */
	int full_bar;   /* the selection colours the whole row ([ui] full_bar) */
};

struct list;

/* A list over v (borrowed: the caller keeps v alive longer). */
struct list *list_new(struct view *v);
void list_free(struct list *l);
struct view *list_view(const struct list *l);

/* The view's rows changed: rebuild the index before the next use. */
void list_changed(struct list *l);

/* Draws on stdscr the list (with its column titles and, when the view has a
 * preview, the preview) in the rectangle; asks the view's want() for the
 * unloaded rows on screen and one page ahead. */
void list_draw(struct list *l, int y, int x, int height, int width, const struct list_env *env);
/* Where the selected row was drawn (for parking the cursor): 0, or -1
 * when nothing is selected. */
int list_cursor(const struct list *l, int *y, int *x);

/* The position of the row the last draw put at screen line y, column x
 * (a mouse click): 1 with *pos set, 0 when no row is there (the titles,
 * the preview, the legend, blank lines). */
int list_row_at(const struct list *l, int y, int x, size_t *pos);
/* Selects the row drawn at (y, x); 1 when there was one.  Nothing when
 * the rows changed since they were drawn (the click aimed at another). */
int list_select_at(struct list *l, int y, int x);

/* Rows shown (after the filter) and rows of the view. */
size_t list_count(struct list *l);
size_t list_total(struct list *l);
/* The selection's position among the rows shown (0 when empty). */
size_t list_position(struct list *l);
/* The selected view row and its id: 1, or 0 when the list is empty. */
int list_selected(struct list *l, size_t *row, long long *id);
/* Whether the view has row's record (no loaded op: always). */
int list_row_loaded(const struct list *l, size_t row);
/* Selects the row of id; 1 when found. */
int list_select_id(struct list *l, long long id);

void list_move(struct list *l, long delta);
void list_page(struct list *l, int dir);
void list_first(struct list *l);
void list_last(struct list *l);

/* < and >: the previous / next sortable column, through "unsorted"; a
 * column the last draw's layout dropped is stepped over (a sort on one
 * that a resize dropped stays). */
void list_sort_step(struct list *l, int dir);
void list_sort_invert(struct list *l);
/* The sort column (-1 none) and *desc. */
int list_sort_column(const struct list *l, int *desc);
/* 1 when the sort orders by a column only loaded rows have (not a VC_ID
 * one): the view must load the rest for the order to be whole. */
int list_sort_needs_rows(const struct list *l);

/* Narrows the loaded rows to those matching text (NULL or "" clears).
 * The text is also the pattern for n/N. */
void list_set_filter(struct list *l, const char *text);
const char *list_filter(const struct list *l);
/* n/N: the next (dir 1) or previous (-1) row after the selection that
 * matches the last filter text, wrapping.  1 when one was found, 0 when
 * none, -1 when no filter was ever set (nothing to look for). */
int list_find(struct list *l, int dir);

/* The text of the selected row: its cells separated by two spaces. */
void list_row_text(struct list *l, size_t row, struct strbuf *out);

/* A cell's text (and style, when not NULL) as the view gives it, "" for
 * none. */
void list_cell_text(const struct view *v, size_t row, size_t col, struct strbuf *out,
                    enum view_style *style);
/* Orders index[0..n) (view rows, of total) by column col, stably: by
 * row_id for a VC_ID column, else the view's compare, else the cell's
 * number (VC_RIGHT) or text, case folded (list_sort.c). */
void list_sort_rows(const struct view *v, size_t *index, size_t n, size_t total, size_t col,
                    int desc);
/* <0, 0 or >0 as view row a comes before, is, or comes after row b in
 * list_sort_rows's order. */
int list_sort_compare(const struct view *v, size_t col, int desc, size_t a, size_t b);

/* The layout (list_layout.c): pure, no curses. */

/* Bytes of the UTF-8 character starting at s, from its first byte alone
 * (the text is expected to be escaped UTF-8), to step through text as
 * list_fit does. */
size_t list_char_len(const char *s);
/* A column's title with its sort arrow appended, cut to width columns so
 * that the arrow stays (list_layout.c). */
void list_title_arrow(struct strbuf *title, int width, const char *arrow, int utf8);

/* Fits raw text into exactly width display columns onto out: escaped,
 * non-ASCII replaced by '?' unless utf8, truncated with an ellipsis ("…",
 * or "~" when ascii), padded with spaces (on the left when right). */
void list_fit(struct strbuf *out, const char *s, size_t len, int width, int right, int ascii,
              int utf8);

/* The number a money or count cell sorts by: any currency sign or other
 * prefix skipped.  Pure. */
double list_number(const char *s);
/* The legend line of a view (view_ops.legend) for width columns: a
 * blank, then the whole pieces that fit, two spaces apart, in order (one
 * too wide for the room left is passed over); when none fits whole, the
 * first cut with an ellipsis ("" only when width < 2).  Pure. */
void list_legend(const struct view_ops *ops, int width, int ascii, int utf8, struct strbuf *out);
/* Bytes of escaped text s[0..len) that go on one wrapped line of width
 * columns: up to the last space that fits, else as much as fits, at
 * least one character.  Pure. */
size_t list_wrap(const char *s, size_t len, int width, int utf8);

/* The column widths for a width (1 column of it is the selection gutter):
 * preferred widths first and the flex column the rest, shared with the
 * VC_GROW columns (in proportion to their widths, each at most doubled; a
 * VC_CAP flex column at most doubled too, the rest of the width then blank
 * at the right); short of room the columns narrow toward their minimum,
 * each in proportion to its width over it (a column whose min equals its
 * width is never cut), but before the flex column narrows below its
 * preferred width the VC_DROP columns are dropped, lowest rank first; then
 * columns are dropped from the right (never the first or the flex one).
 * widths[i] is 0 for a dropped column; the widths and their separators
 * take the whole width but for a capped flex column's blank.  At most 64
 * columns.  Pure. */
void list_layout(const struct view_column *cols, size_t n, int width, int *widths);
/* cols as a view of nrows rows shows them in width columns (onto out, n
 * of them, at most 64): when the declared widths do not fit, each column
 * but the flex one no wider than its widest cell or its title (with the
 * arrow for the column sorted, -1 none), if every row is loaded and there
 * are at most 500; else as declared. */
void list_columns_fit(const struct view *v, size_t nrows, const struct view_column *cols,
                      size_t n, int sorted, int width, struct view_column *out);

/* This byte (NUL) in a view's preview text ends the preview's first
 * column: what follows goes in a second column beside it when the preview
 * is LIST_PREVIEW_TWO_MIN columns wide or more, else under it.  Views put
 * the lines every record has first in each column, and the ones some
 * records lack after them, so a line keeps its place from one record to
 * the next and a move rewrites only the text that changed.  API text never
 * holds a NUL (every model string is a C string), so no record can move
 * the break; a form feed in it stays text, escaped. */
#define LIST_PREVIEW_BREAK '\0'
#define LIST_PREVIEW_TWO_MIN 80

/* The preview's columns for text[0..len) at width: *first_len the bytes
 * of the first column (up to the break, or all), *second the offset of
 * the rest (after the break, or len); 2 when they go side by side, with
 * *left_w the first column's width (half, the second the rest), else 1
 * with *left_w = width, the rest under the first.  Pure. */
int list_preview_split(const char *text, size_t len, int width, size_t *first_len,
                       size_t *second, int *left_w);

/* Draws on stdscr a view's preview text[0..len) (view_ops.preview) in the
 * rectangle, in the theme's preview colours: its lines wrapped, in two
 * columns when it has a break and room (list_preview_split), the rest
 * blank (list_preview.c). */
void list_draw_preview(const char *text, size_t len, int y, int x, int height, int width,
                       const struct list_env *env);

/* The preview is at most this wide, and a third of the width below that. */
#define LIST_PREVIEW_MAX 40
/* Narrower than this the preview goes below the list. */
#define LIST_PREVIEW_SIDE_MIN 100

/* Where a list and its preview go in a width x height rectangle
 * (coordinates relative to it). */
struct list_place {
	int list_w, list_h;          /* the list, at (0, 0) */
	int prev_x, prev_y;          /* the preview (prev_h 0: none) */
	int prev_w, prev_h;
	int side;                    /* 1: at the right, 0: below */
};

/* Places the preview of a view with these columns: at the right (a third
 * of the width, at most LIST_PREVIEW_MAX) on a terminal of at least
 * LIST_PREVIEW_SIDE_MIN columns where the list keeps its preferred widths
 * beside it; else below (2/5 of the lines) when there are 12 lines or more
 * (at the right on a wide terminal under 20 lines); else none.  Pure. */
void list_place(const struct view_column *cols, size_t n, int has_preview, int width,
                int height, struct list_place *out);

#endif
