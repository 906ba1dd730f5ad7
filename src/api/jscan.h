/* jscan.h: walking JSON text without a tree, reading it exactly as cJSON 1.7 reads it. */
#ifndef ROUTEDESK_API_JSCAN_H
#define ROUTEDESK_API_JSCAN_H

#include <stddef.h>

struct strbuf;

/*
 * `routedesk api --all` prints a page's records from the text the service
 * sent instead of from a cJSON tree (issue 12).  Its output must stay byte
 * for byte what printing the tree gave, so these functions accept what
 * cJSON_Parse accepts and decode what it decodes: whitespace is any byte
 * up to 32, strings may hold raw control bytes, a \u escape with bad hex
 * reads as U+0000 and a decoded string ends at its first U+0000 (cJSON's
 * strings are C strings), numbers are what strtod reads of the run of
 * [0-9+-eE.] (its first 63 bytes where the linked cJSON cuts it there, as
 * upstream 1.7.15 does), containers nest at most API_JSON_MAX_DEPTH deep.  Every
 * function is bounded by end and never reads past it.
 */

#define API_JSON_MAX_DEPTH 1000 /* cJSON's CJSON_NESTING_LIMIT */

/* p past any whitespace (bytes 1..32, and NUL as cJSON treats it), at most end. */
const char *api_json_ws(const char *p, const char *end);

/* The first byte at or after p that a string literal cannot hold as it
 * is (a quote, a backslash, a control byte below 32), or that a printer
 * for a terminal escapes (DEL, and 0xC2, which leads the C1 controls
 * U+0080..U+009F), or end: the run of plain bytes a printer copies whole.
 * Reads 8 bytes at a time. */
const char *api_json_plain_end(const char *p, const char *end);

/* Past the one value starting at p (no leading whitespace), or NULL when
 * cJSON would not read one there.  depth: containers already open around
 * it.  When n is non-NULL and the value is an array, *n is its length. */
const char *api_json_skip(const char *p, const char *end, int depth, size_t *n);

/* The string literal at p ('"') decoded as cJSON decodes it, appended to
 * out (which then ends at the first decoded NUL, if any, as cJSON's string
 * does).  Past the closing quote, or NULL when cJSON would refuse it. */
const char *api_json_string(const char *p, const char *end, struct strbuf *out);

/* The number at p ('-' or a digit) as cJSON reads it into *d; past what
 * strtod read, or NULL. */
const char *api_json_number(const char *p, const char *end, double *d);

/* Lends each element of the JSON array text json[0..len) (whitespace
 * around it allowed) to each(ctx, bytes, n), in order, once the whole
 * array is checked to read as cJSON would read it: the number of
 * elements, or -1 (each never called) when the text is not one array.
 * Nothing is parsed into a tree: a page's records can be taken one at a
 * time. */
long api_json_array_each(const char *json, size_t len,
                         void (*each)(void *ctx, const char *v, size_t n), void *ctx);

#endif
