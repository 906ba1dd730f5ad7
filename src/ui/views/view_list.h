/* view_list.h: id lists from a search, resolved in chunks as they scroll into view. */
#ifndef ROUTEDESK_VIEW_LIST_H
#define ROUTEDESK_VIEW_LIST_H

#include <stddef.h>

#include "api/encode.h"
#include "ui/base/ui.h"

struct strbuf;

/*
 * An id list from a search with includeData, resolved as it scrolls into
 * view: the list result brings every id and the first 1000 rows; `want`
 * asks for the unloaded rows around the visible range, at most 1000 ids in
 * one get and one request in flight per view (a second submit on the slot
 * would cancel the first), and never the whole account.  Rows are keyed by
 * id so they survive a refresh; the order is the search's (ascending ids),
 * stable across refreshes.  Ids the get did not return (deleted since the
 * search) and rows a keep() test refuses are left out of the view's rows.
 */
enum { VC_CHUNK = 1000 };

struct vc_list {
	const char *resource;        /* "customer" ... (static) */
	int class_id;                /* changelog class of the resource, 0 none */
	int (*keep)(const void *row); /* NULL: every loaded row is shown */
	struct api_form filters;     /* the current search, kept for refresh */
	struct api_form *alts;       /* searches whose ids join filters' (n_alts) */
	size_t n_alts;
	unsigned char *found;        /* per position: which search found it (bit 0
	                              * filters, bit i alts[i-1]); NULL for one search */
	int have_search;

	long long *ids;              /* the search's ids, ascending; n of them */
	size_t n;
	unsigned char *state;        /* per position: enum in view_common.c */
	struct m_table *rows;        /* loaded rows by id */
	size_t *shown;               /* view row -> position; NULL: identity */
	size_t n_shown;
	int listed;                  /* 1 once a list result arrived */

	/* The one request in flight: 0, FETCH_LIST + 1 or FETCH_ROWS + 1. */
	int busy;
	unsigned long busy_gen;
	long long *asked;            /* the ids of the rows request in flight */
	size_t n_asked;
	int want_again;              /* a range was asked for while busy */
	size_t again_first, again_last;
	int failed;                  /* a request failed: wait for r */
	int hard;                    /* R asked: the next search is from the
	                              * wire, and its answer drops the rows kept */

	/* Names of the rows' customers (subscriptions, tickets): fetched
	 * after the rows they belong to, one get per chunk, for those the
	 * day's review does not hold. */
	int names;                   /* 1: fetch the rows' customers' names */
	size_t customer_off;         /* offsetof the rows' customer id */
	struct m_table *customers;   /* struct m_customer by id */
	long long *pending_names;    /* customer ids of rows just taken */
	size_t n_pending_names;

	/* > 0: the search is this customer's (Notes, a customer's tickets):
	 * a record of theirs written in this or another console of the
	 * office joins the list without a search. */
	long long scope_customer;
	/* The searches run in order until one finds any (a name: surname,
	 * then company, then first name), set before vc_list_search_any. */
	int first_found;
	/* The order needs every row (a sort, vc_list_set_whole): the rows
	 * not loaded are read a chunk after another, not only those in view;
	 * a keep() test needs them too. */
	int sorted;
	size_t whole_reads;          /* reads of the load in progress, for its end */
};

/* An empty list of resource rows (resource static; keep may be NULL). */
void vc_list_init(struct vc_list *l, const char *resource, int (*keep)(const void *row));
void vc_list_free(struct vc_list *l);
/* The same with several searches whose results are joined (at most 8,
 * one job): alts[0] and each further one; vc_list_found tells which found
 * a row. */
void vc_list_search_any(struct vc_list *l, struct view *v, struct ui *ui,
                        const struct api_form *alts, size_t n, int hard);
/* The searches that found the row: bit i for alts[i]; 0 for one search or
 * an unknown row. */
unsigned vc_list_found(const struct vc_list *l, size_t row);
/* r (hard 0): the loaded rows whose records changed since the last sync,
 * through the core's refresh tick (ui_refresh; its FETCH_REFRESH comes back
 * to vc_list_result); rows the search would now add or drop wait for R.
 * A list of a resource the changelog does not cover (class_id 0), or
 * without an answer to its search yet, or after a failed get, submits its
 * search again instead, keeping the rows shown.  R (hard 1): the search
 * again from scratch, every row forgotten. */
void vc_list_refresh(struct vc_list *l, struct view *v, struct ui *ui, int hard);
/* Resolves the names of the rows' customers: the long long at offset off
 * of a row is its customer id (0 none).  Call once, before the first
 * search. */
void vc_list_name_customers(struct vc_list *l, size_t off);
/* The customer's name: from the day's review, else from the names the list
 * fetched, else "#ID"; nothing for id 0.  Returns 1 when a name was found. */
int vc_list_customer_name(const struct vc_list *l, const struct ui *ui, long long id,
                          struct strbuf *out);
/* view_list_names.c for view_list.c: the customer ids of the rows just
 * taken whose names neither the review nor the list knows (at most a
 * chunk, sorted, *out malloc'd or NULL), the review's copied in; and a
 * names get's answer taken in (its rows moved out of r). */
size_t vc_list_names_wanted(struct vc_list *l, const struct ui *ui, long long **out);
size_t vc_list_names_take(struct vc_list *l, struct fetch_result *r);
/* Changes the keep() test and recomputes the rows shown.  A keep() test
 * is over every record of the search (the service cannot make it), so
 * with one set the list reads every row the search found, a chunk after
 * another, and shows none until all are there (or a get failed: then the
 * ones read): a count that grew with what happened to be loaded, and an
 * order over the first chunk only, misled a dispatcher. */
void vc_list_set_keep(struct vc_list *l, int (*keep)(const void *row));
/* The list is sorted (on 1) or no longer (0): sorted, it reads every row
 * the search found, a chunk after another, as with a keep() test (for v,
 * through ui).  Returns the gets that costs now (0 when every row is
 * loaded or asked for). */
size_t vc_list_set_whole(struct vc_list *l, struct view *v, struct ui *ui, int on);

/* The view's rows over the list (what count/row_id/loaded answer). */
size_t vc_list_count(const struct vc_list *l);
long long vc_list_id(const struct vc_list *l, size_t row);
/* The row's record, or NULL while it is not loaded. */
const void *vc_list_row(const struct vc_list *l, size_t row);
int vc_list_loaded(const struct vc_list *l, size_t row);
/* The `want` op: resolves the unloaded rows of [first, last) and their
 * neighbours in one get of at most VC_CHUNK ids. */
void vc_list_want(struct vc_list *l, struct view *v, struct ui *ui, size_t first, size_t last);
/* The `result` op: takes the ids and rows it keeps out of r (setting r's
 * pointers NULL): FETCH_LIST and FETCH_ROWS of the list's resource, and the
 * customer rows of a names get.  Only the answer to the request in flight
 * counts; any other is left untouched.  FETCH_REFRESH (the core passes it
 * to every view, r not modified): the loaded records it names as changed
 * are fetched again at once, in one get, so a tick that touched nothing of
 * the list costs nothing.  A failed fetch keeps the rows shown and stops
 * `want` until the next search (r or R): no retry on every redraw.  1 when
 * the rows changed. */
int vc_list_result(struct vc_list *l, struct view *v, struct ui *ui, struct fetch_result *r);
/* Sort helper: loaded rows before placeholders, placeholders by id.
 * Returns 1 and sets *cmp when a or b is not loaded. */
int vc_list_cmp_unloaded(const struct vc_list *l, size_t a, size_t b, int *cmp);

#endif
