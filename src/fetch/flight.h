/* flight.h: identical reads in flight made once across the processes of a share. */
#ifndef ROUTEDESK_FETCH_FLIGHT_H
#define ROUTEDESK_FETCH_FLIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "api/encode.h"
#include "common/strbuf.h"
#include "fetch/share.h"

/*
 * Design: a read's key is a hash of its path and its form as sent, the
 * credentials excluded (fetch_flight_key).  The first process to ask a
 * read takes flock() on DIR/ACCOUNT/flight/KEY.lock and sends it; when
 * the answer came (API_OK) it writes it to flight/KEY.json (0660, through
 * a temporary file and rename, the key and token replaced by REDACTED
 * first) and only then lets the lock go.  A process asking the same read
 * meanwhile finds the lock taken and waits, without blocking its other
 * requests (api_options.flight_ask is asked again every 50 ms); once it
 * gets the lock it takes the answer written after it began waiting, and
 * sends nothing.  A failed read leaves no answer: the next waiter sends
 * it itself.  An answer is read only by a process that waited for it and
 * is pruned after FLIGHT_KEEP_SECONDS: this is in-flight deduplication,
 * not a cache.  Each answer names the account's URL and the whole request
 * (the canonical text), checked on reading, so neither two accounts nor a
 * hash collision can hand one read another's answer.
 *
 * The api layer knows nothing of files: it calls the two hooks below
 * through struct api_options (flight_ask, flight_end).
 */
#define FLIGHT_KEEP_SECONDS 10

struct fetch_flight;

/* In-flight sharing in the share sh (borrowed: it must outlive the
 * flight), for the account (url, key, token): the key and token are kept
 * only to keep them out of the answers written.  NULL with err set when
 * DIR/ACCOUNT/flight cannot be made. */
struct fetch_flight *fetch_flight_open(const struct fetch_share *sh, const char *url,
                                       const char *key, const char *token, struct strbuf *err);
void fetch_flight_close(struct fetch_flight *ff);

/* A read's identity: canon gets "PATH\n" then every pair of form, in the
 * order sent, as "NAME=VALUE&" url-encoded, leaving out any pair named
 * authenticationKey or authenticationToken; returns the 64-bit FNV-1a
 * hash of canon.  -1 (canon untouched) for a form with a file part: such
 * a read is never shared. */
int fetch_flight_key(const char *path, const struct api_form *form, struct strbuf *canon,
                     uint64_t *hash);

/* The answer text with every occurrence of key and token (either may be
 * NULL) replaced by REDACTED, appended to out: 0, or -1 when it cannot be
 * made safe (a credential shorter than 4 bytes that occurs in it, or with
 * bytes the JSON text might escape): then it is not shared. */
int fetch_flight_strip(const char *text, size_t len, const char *key, const char *token,
                       struct strbuf *out);

/* The hooks for api_options.flight_ask and flight_end (ctx a struct
 * fetch_flight). */
int fetch_flight_ask(void *ctx, const char *path, const struct api_form *form, void **fl,
                     struct strbuf *body);
void fetch_flight_end(void *ctx, void *fl, const char *answer, size_t len);

#endif
