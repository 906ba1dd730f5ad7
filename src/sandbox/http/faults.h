/* faults.h: seeded, reproducible failure injection (--faults). */
#ifndef ROUTEDESK_FAULTS_H
#define ROUTEDESK_FAULTS_H

#include <stddef.h>

/* What to do with one request. */
enum fault_kind {
	FAULT_NONE,
	FAULT_500,     /* answer HTTP 500 with a JSON error body */
	FAULT_429,     /* answer HTTP 429 with Retry-After: 1 */
	FAULT_DROP,    /* close the connection without an answer, after handling:
	                * a write may have been applied */
	FAULT_GARBAGE, /* answer 200 with a body that is not JSON */
	FAULT_SLOW,    /* wait slow_ms before answering normally */
	FAULT_REFUSE,  /* answer 200, success:false, before handling: a refusal
	                * the client must show, not retry */
};

struct faults;

/* Parses "500:0.1,drop:0.05,garbage:0.05,slow:0.1:2000,429:0.05,refuse:0.01": kind,
 * probability, and for slow the delay in ms.  NULL with *err (malloc'd) on a
 * malformed spec. */
struct faults *faults_parse(const char *spec, unsigned long seed, char **err);
void faults_free(struct faults *f);
/* Draws the fault for a request whose path and body are the len bytes at
 * key (thread-safe): the n-th arrival of the same request meets the same
 * fault in every run with the same seed, whatever else arrived meanwhile.
 * key NULL draws the next value of one sequence in arrival order.
 * *slow_ms set for FAULT_SLOW. */
enum fault_kind faults_draw(struct faults *f, const void *key, size_t len, int *slow_ms);
/* The longest delay of a slow fault in f (0 for none, or NULL). */
int faults_slowest_ms(const struct faults *f);

#endif
