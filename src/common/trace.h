/* trace.h: ROUTEDESK_TRACE, one line per event for benchmarks and slow links. */
#ifndef ROUTEDESK_TRACE_H
#define ROUTEDESK_TRACE_H

/*
 * ROUTEDESK_TRACE=FILE makes the program write one line per event:
 * milliseconds since trace_init, the kind, then the details, e.g.
 *   "153 request /customer/search 200 48211 37".
 * Kinds in use: request (the client library), key, keyseq (an escape
 * sequence read whole: mapped or dropped) and frame (the console).
 * Each line is one write() on an O_APPEND descriptor, so lines from the
 * fetch thread and the main thread never interleave.  A line must never
 * carry a credential; callers pass paths, statuses and sizes only.
 */

/* Reads ROUTEDESK_TRACE and opens FILE (created 0600, truncated; a file
 * that was there made 0600), and starts the clock.  Call once from main
 * before any thread starts.  Returns 0, or -1 when the variable is set
 * but FILE cannot be opened or made the user's alone (tracing then stays
 * off; errno tells why). */
int trace_init(void);
/* 1 when a trace file is open. */
int trace_on(void);
/* Milliseconds since trace_init (monotonic clock); 0 before it. */
long trace_ms(void);
/* Writes "MS KIND DETAILS\n" when tracing; a no-op otherwise. */
void trace_event(const char *kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
