/* view_pane.h: the one table-driven list pane (Customers, Subscriptions, Tickets, Notes). */
#ifndef ROUTEDESK_VIEW_PANE_H
#define ROUTEDESK_VIEW_PANE_H

#include <stddef.h>

#include "ui/views/view_common.h"

/*
 * A pane of one resource's rows is described, not written: its columns
 * (the core's struct view_column, for headers and widths) and, at the same
 * index, a vc_field saying where the cell's value is in the model row and
 * how it reads.  The cell text, the sort order, the `/` filter and the
 * loading placeholder all come from that table; a pane file holds only its
 * `:` words (query_form), the few cells no kind covers, and its preview.
 * Showing a field the model decodes is one vc_field and one view_column.
 */
enum vc_kind {
	VK_ID,         /* long long as a number; order numeric */
	VK_TEXT,       /* char * as is; order vc_cmp_text */
	VK_FIRST_LINE, /* char *, its first non-blank line; the filter sees all of it */
	VK_MONEY,      /* long long cents; order numeric */
	VK_MONEY_DUE,  /* the same, in the money-due style when > 0 */
	VK_DATE,       /* char[] "YYYY-MM-DD[ HH:MM:SS]"; order by bytes */
	VK_CUSTOMER,   /* long long customer id, shown as the customer's name */
	VK_CUSTOM,     /* text() writes it */
};

struct vc_pane;

/* What a `:` query searches: one search, or several whose results are
 * joined (a name looked for as a surname, a first name and a company). */
enum { VC_QUERY_MAX = 6 };

struct vc_query {
	struct api_form base;                /* what every search has (customerIDs) */
	struct api_form alts[VC_QUERY_MAX];
	const char *found_by[VC_QUERY_MAX];  /* N_() word per search, or NULL */
	size_t n;
	int first_found;                     /* in order, until one finds any */
};

/* The next search of q to fill: a copy of q's base, labelled found_by
 * (N_(); NULL for a query of one search).  NULL when q is full. */
struct api_form *vc_query_add(struct vc_query *q, const char *found_by);

struct vc_field {
	enum vc_kind kind;
	size_t off;    /* offsetof the member in the row (all but VK_CUSTOM) */
	/* VK_CUSTOM: the cell (style may be NULL). */
	void (*text)(const struct vc_pane *p, const void *row, struct strbuf *out,
	             enum view_style *style);
	/* Order before the cell text and then the id break ties; NULL: the
	 * kind's order (VK_CUSTOMER and VK_CUSTOM: the cell text). */
	int (*cmp)(const void *a, const void *b);
};

/* Everything that makes one pane differ from another. */
struct vc_pane_def {
	const char *resource;          /* "customer" */
	const struct view_column *columns;
	const struct vc_field *fields; /* one per column, same index */
	size_t n_columns;
	size_t id_column;              /* where an unloaded row shows its id ... */
	const char *id_prefix;         /* ... after this ("" or "#") */
	/* Text members (offsets) the `/` filter also searches, beyond the
	 * cells; n_extra of them. */
	const size_t *extra;
	size_t n_extra;
	/* The `:` commands that search this pane, NULL-terminated, the first
	 * naming the query in the subtitle; NULL: the pane takes none. */
	const char *const *commands;
	/* Turns query into q's searches (vc_query_add, each already holding
	 * the base filters): 0, or -1 having told the user why (ui_error);
	 * then nothing is searched and the last search stays.  No search
	 * added means every record (of the customer).  NULL: the pane takes
	 * no words. */
	int (*query_form)(struct vc_pane *p, struct ui *ui, const char *query, struct vc_query *q);
	/* The preview of a loaded row. */
	void (*preview)(const struct vc_pane *p, const void *row, struct strbuf *out);
};

/*
 * The pane is the view's priv (ui_view_new(ops, p)) and owns nothing
 * beyond what vc_pane_destroy frees.
 */
struct vc_pane {
	const struct vc_pane_def *def;
	struct vc_list list;
	struct ui *ui;               /* set by open */
	long long customer_id;       /* > 0: the search is that customer's */
	char *query;                 /* the `:` text as typed, NULL none */
	/* What each search of the query looked at, for "Found by" in the
	 * preview when there were several (n_found_by > 1). */
	const char *found_by[VC_QUERY_MAX];
	size_t n_found_by;
};

/* A pane by def (static) for customer_id (<= 0: the account) with query
 * (copied; NULL or "": none).  A VK_CUSTOMER column makes the list fetch
 * the names of the rows' customers. */
struct vc_pane *vc_pane_new(const struct vc_pane_def *def, long long customer_id,
                            const char *query);

/* The view ops of every pane (v->priv a struct vc_pane). */
size_t vc_pane_count(const struct view *v);
long long vc_pane_row_id(const struct view *v, size_t row);
int vc_pane_loaded(const struct view *v, size_t row);
void vc_pane_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                  enum view_style *style);
int vc_pane_compare(const struct view *v, size_t a, size_t b, size_t col);
int vc_pane_match(const struct view *v, size_t row, const char *filter);
void vc_pane_preview(const struct view *v, size_t row, struct strbuf *out);
/* The saved query again; a refused one opens the pane on no query. */
void vc_pane_open(struct view *v, struct ui *ui);
void vc_pane_want(struct view *v, struct ui *ui, size_t first, size_t last);
size_t vc_pane_sorted(struct view *v, struct ui *ui, int on);
int vc_pane_result(struct view *v, struct ui *ui, struct fetch_result *r);
/* Pushes the detail view of the row's record. */
void vc_pane_enter(struct view *v, struct ui *ui, size_t row);
void vc_pane_refresh(struct view *v, struct ui *ui, int hard);
/* One of the pane's commands searches for args (a refused query is
 * reported, still handled); 0 for any other. */
int vc_pane_command(struct view *v, struct ui *ui, const char *name, const char *args);
void vc_pane_destroy(struct view *v);

/* A column and a field for every column: a missing one is a build error. */
#define VC_PANE_CHECK(columns_, fields_)                                            \
	_Static_assert(sizeof(columns_) / sizeof((columns_)[0]) ==                 \
	               sizeof(fields_) / sizeof((fields_)[0]), "one field per column")

/* The view_ops of a pane: its name, title and columns (its def's own array:
 * a member read from a const struct is no constant expression in C, so
 * clang refuses it in a static initializer); the rest is the above. */
#define VC_PANE_OPS(name_, title_, columns_)      \
	{                                          \
		.name = name_,                     \
		.title = title_,                   \
		.columns = (columns_),             \
		.n_columns = sizeof(columns_) / sizeof((columns_)[0]), \
		.count = vc_pane_count,            \
		.row_id = vc_pane_row_id,          \
		.loaded = vc_pane_loaded,          \
		.cell = vc_pane_cell,              \
		.compare = vc_pane_compare,        \
		.match = vc_pane_match,            \
		.preview = vc_pane_preview,        \
		.open = vc_pane_open,              \
		.want = vc_pane_want,              \
		.sorted = vc_pane_sorted,          \
		.result = vc_pane_result,          \
		.enter = vc_pane_enter,            \
		.refresh = vc_pane_refresh,        \
		.command = vc_pane_command,        \
		.destroy = vc_pane_destroy,        \
	}

#endif
