/* recent.h: the answers of the fetch thread's reads of the last minute, given again to an identical read instead of a second request. */
#ifndef ROUTEDESK_FETCH_RECENT_H
#define ROUTEDESK_FETCH_RECENT_H

#include "api/transport.h"

/*
 * Design: a dispatcher audit found the same read sent twice seconds apart
 * by two parts of the console that do not know of each other: `:sub lead`
 * and then the lead-stage form's list of stages (the same subscription
 * search), the Customers pane's list and then the customer index's build
 * (the same search of every customer, 2.3 MB).  The flight of the share
 * (flight.h) makes only reads *in flight* once, and only on a share.
 *
 * So the fetch thread keeps the answer text of its last searches, and of
 * its gets and records when small (not the changelog's; see keepable),
 * for RECENT_KEEP_MS from its arrival, keyed by the read's canonical text (fetch_flight_key: the path
 * and every pair, no credential), and an identical read asked meanwhile
 * takes it through the transport's flight hook, unsent (a "shared" trace
 * line).  It is taken only while the thread has learnt no change since it
 * was read (its newest changelog id is the same: the customer index built
 * from it is then current to that id, as if it had read it now), only by
 * the user's list, rows and record jobs (fetch_recent_allow), and never
 * after a write of this console (fetch_recent_forget).  It wraps the
 * share's flight hooks, when there are any, which still see every read
 * sent.
 *
 * A minute, the refresh's pace while keys come: it was 10 s, and a
 * customer opened again half a minute later was read again, though what
 * changed since is the changelog's to say either way (and `R` reads anew).
 */
#define RECENT_KEEP_MS 60000

struct fetch_recent;

/* Kept answers for the reads of the session made with *o, which is
 * changed to ask them first (its flight hooks, if any, are kept behind
 * them).  newest: the thread's newest changelog id (borrowed, read on
 * the fetch thread). */
struct fetch_recent *fetch_recent_new(struct api_options *o, const long long *newest);
void fetch_recent_free(struct fetch_recent *rc);
/* 1: the reads of the job now running may take a kept answer; 0: they
 * are sent (their answers are still kept). */
void fetch_recent_allow(struct fetch_recent *rc, int allow);
/* Drops every kept answer (a write: what was read may have changed). */
void fetch_recent_forget(struct fetch_recent *rc);

#endif
