/* redact.h: keeping the key and token out of everything routedesk prints. */
#ifndef ROUTEDESK_CLI_REDACT_H
#define ROUTEDESK_CLI_REDACT_H

#include <cjson/cJSON.h>

struct strbuf;

#include "api/error.h"

/* The text that replaces a credential. */
#define REDACTED API_REDACTED

/* Replaces params.authenticationKey and params.authenticationToken (the
 * service echoes the request) with "REDACTED", and every occurrence of key
 * or token (when at least 4 characters long) inside any other string or
 * member name of the tree.  The
 * tree is changed in place. */
void redact_answer(cJSON *root, const char *key, const char *token);

/* Appends v to out as cJSON_Print (formatted) prints it after
 * redact_answer, without changing v: nested lines are indented by depth
 * more tabs than cJSON's (1 for a record inside a top-level array).  One
 * difference: DEL and the C1 controls in strings are escaped (\u007f,
 * \u009b), where cJSON leaves them raw for a terminal to act on. */
void redact_print(struct strbuf *out, const cJSON *v, int depth, const char *key,
                  const char *token);

/* Appends every element of the JSON array text json (len bytes, as the
 * service sent it) as `routedesk api --all` prints records: "[\n\t" before
 * the first of the output (*count 0), ",\n\t" before every other, then the
 * element as redact_print(out, element, 1, key, token) prints the tree
 * cJSON_Parse would make of it, byte for byte.  *count grows by one per
 * element started.  0, or -1 when the text is not an array cJSON would
 * read; out then ends with a part of an element, for the caller to drop. */
int redact_print_records(struct strbuf *out, const char *json, size_t len, long *count,
                         const char *key, const char *token);

#endif
