/* envelope.h: the service's answer envelope, members in the live order. */
#ifndef ROUTEDESK_ENVELOPE_H
#define ROUTEDESK_ENVELOPE_H

#include <stddef.h>

#include "sandbox/ops/handlers.h"
#include "sandbox/ops/quota.h"

/* Serialises the whole answer for req (params, tokenUsage with usage,
 * tokenLimits, requestAPIKeyType "standard", requestAction, endpoint,
 * success, ignoredParams, idName, processingTime "N milliseconds" from
 * elapsed_ms, the handler's members or errorMessage).  req may be partly
 * filled (an unknown entity, a parse error).  Returns malloc'd JSON text. */
char *env_render(const struct sb_req *req, const struct sb_answer *ans,
                 const struct quota_usage *usage, long elapsed_ms, size_t *len);

#endif
