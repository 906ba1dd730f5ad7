/* resolve.h: a whole search resolved to records (includeData, gets, paging). */
#ifndef ROUTEDESK_API_RESOLVE_H
#define ROUTEDESK_API_RESOLVE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "api/encode.h"
#include "api/error.h"
#include "api/transport.h"
#include "common/resources.h"

/*
 * Resolving a search costs the fewest requests the service allows: each
 * search page asks includeData=1, so it brings its first 1000 records
 * itself; the ids it lists as NoDataExported are fetched with gets of 1000,
 * several in flight on the session's connections; a page holding as many
 * ids as the search cap is followed by the same search with
 * {idName}={"operator":">","value":LAST_ID}.  For N matching records and a
 * cap C that is floor(N / C) + 1 search pages and, per page of P ids,
 * ceil((P - 1000) / 1000) gets.  The next page is asked for as soon as the
 * previous one answers, alongside that page's gets, unless batches of an
 * earlier page still wait: then as soon as they are delivered.
 *
 * Records are handed to the caller in batches in the search's id order,
 * however the gets finish, and freed after each batch, so memory stays at a
 * few batches whatever the size of the result.
 */

struct api_resolve_stats {
	long pages;   /* search requests (pages) */
	long gets;    /* get requests */
	long ids;     /* ids the search matched */
	long records; /* records handed over (ids deleted meanwhile are missing) */
};

/* Called with each batch (a borrowed cJSON array of records, valid during
 * the call; or its text, see each_raw).  Return 0 to go on; anything else stops the resolution, which
 * then fails with API_ERR_CANCELLED. */
struct api_sink {
	int (*each)(void *ctx, const cJSON *records);
	void *ctx;
	/* Optional: called once with the first page's non-empty ignoredParams
	 * (borrowed): an ignored filter means a wider search than asked. */
	void (*ignored)(void *ctx, const cJSON *names);
	/* Optional: with it, a search the cap cuts (a page filled to the cap
	 * while filters already constrain r->id_name, so it cannot page on)
	 * is no error: the records of that page are handed over, then cut is
	 * called once with the cap, and the resolution succeeds.  Without it
	 * that search fails with API_ERR_USAGE. */
	void (*cut)(void *ctx, size_t cap);
	/* Optional, and called instead of each when set: the batch as the
	 * text of one JSON array of n records, as the service sent it,
	 * checked to be an array cJSON would read (api_json_skip); borrowed
	 * for the call.  The records are never made into a tree, which is
	 * most of the time and memory of a large search (issue 12). */
	int (*each_raw)(void *ctx, const char *json, size_t len, size_t n);
};

/* Every record matching filters (simple values and query objects; r's get
 * flags among them are also sent with the gets).  0, or -1 with err set;
 * records already handed over stay handed over.  st may be NULL.  A search
 * that needs paging while filters already constrain r->id_name is refused
 * (API_ERR_USAGE): the two conditions cannot share one parameter; unless
 * sink->cut is set (see there). */
int api_search_all(struct api_session *s, const struct resource *r,
                   const struct api_form *filters, const struct api_sink *sink,
                   struct api_resolve_stats *st, struct api_error *err);

/* The records of ids (any number; chunks of 1000 in flight together), with
 * extra parameters (get flags) or NULL. */
int api_get_all(struct api_session *s, const struct resource *r, const long long *ids,
                size_t n, const struct api_form *extra, const struct api_sink *sink,
                struct api_resolve_stats *st, struct api_error *err);

/* Every id matching filters, without records (pages only).  *ids malloc'd. */
int api_search_ids(struct api_session *s, const struct resource *r,
                   const struct api_form *filters, long long **ids, size_t *n,
                   struct api_resolve_stats *st, struct api_error *err);

#endif
