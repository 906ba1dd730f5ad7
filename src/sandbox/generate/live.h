/* live.h: --live, the day moving on while the console watches. */
#ifndef ROUTEDESK_LIVE_H
#define ROUTEDESK_LIVE_H

struct store;
struct live;

/* Starts a thread that every `seconds` moves a few of today's pending stops
 * on (in route order: completed with a ticket, no-show, cancelled,
 * rescheduled) and now and then changes a route's technician, each with
 * dateUpdated and a changelog record.  today is "YYYY-MM-DD". */
struct live *live_start(struct store *s, int seconds, unsigned long seed, const char *today);
/* Stops and joins the thread. */
void live_stop(struct live *l);

#endif
