/* ops.h: one API operation per call, driven by the resource table. */
#ifndef ROUTEDESK_API_OPS_H
#define ROUTEDESK_API_OPS_H

#include <stddef.h>

#include "api/encode.h"
#include "api/envelope.h"
#include "api/error.h"
#include "api/transport.h"
#include "common/resources.h"

/*
 * Each function sends exactly one operation (with the session's retries for
 * reads) and returns 0 when the answer says success:true, or -1 with err
 * set.  *out receives the answer either way when one arrived (out->root
 * non-NULL), so a refused write still shows the server's whole answer; the
 * caller frees it with api_answer_free.  An operation the resource table
 * says a resource does not have is refused locally (API_ERR_USAGE) and
 * costs no request.
 */

/* Any path ("customer/search", "ticket/setAddOns", "customer/10000") with
 * any form, read or write as api_path_is_write decides; the envelope is
 * checked (success) but no payload is read.  For `routedesk api`. */
int api_request(struct api_session *s, const char *path, const struct api_form *form,
                struct api_answer *out, struct api_error *err);

/* One search page: filters as given (simple values or query objects), plus
 * includeData=1 when include_data.  out->ids (and with include_data
 * out->no_data and out->records) are read as the envelope names them. */
int api_search_page(struct api_session *s, const struct resource *r,
                    const struct api_form *filters, int include_data,
                    struct api_answer *out, struct api_error *err);
/* 1, with err set (API_ERR_USAGE), when a search of r with filters whose
 * page of n ids reached cap (> 0) cannot go on to the next page: its
 * "id > last" would stand beside the search's own id condition, and the
 * service takes the last of two values, so it would page over every
 * record.  0 when it may page (or need not). */
int api_search_cannot_page(const struct resource *r, const struct api_form *filters, size_t n,
                           long cap, struct api_error *err);
/* One get of n ids (1 to 1000), with extra parameters (get flags) or NULL:
 * out->records. */
int api_get(struct api_session *s, const struct resource *r, const long long *ids, size_t n,
            const struct api_form *extra, struct api_answer *out, struct api_error *err);
/* /{entity}/{id} with extra parameters or NULL: out->record. */
int api_byid(struct api_session *s, const struct resource *r, long long id,
             const struct api_form *extra, struct api_answer *out, struct api_error *err);
/* create with fields: *new_id (may be NULL) from "result" or the table's
 * write member; an answer without either is still a success (*new_id 0). */
int api_create(struct api_session *s, const struct resource *r, const struct api_form *fields,
               long long *new_id, struct api_answer *out, struct api_error *err);
/* update of record id (sent as the table's update_key, first) with fields. */
int api_update(struct api_session *s, const struct resource *r, long long id,
               const struct api_form *fields, struct api_answer *out, struct api_error *err);
/* A special operation of the table (ticket/getAddOns, ticket/setAddOns,
 * subscription/updateLeadStage, review/summary ...), read or write as the
 * table says (a write is never resent).  Item lists (getAddOns) are read
 * into out->records; writes also have their result read as for create. */
int api_special(struct api_session *s, const struct resource *r, const char *action,
                const struct api_form *form, struct api_answer *out, struct api_error *err);

/* Builds the call for a search page / get (for callers running several at
 * once with api_submit).  The forms are copied. */
struct api_call *api_search_call(const struct resource *r, const struct api_form *filters,
                                 int include_data);
struct api_call *api_get_call(const struct resource *r, const long long *ids, size_t n,
                              const struct api_form *extra);

#endif
