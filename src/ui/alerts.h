/* alerts.h: the console's notifications: events found in fetch results, posted through src/notify. */
#ifndef ROUTEDESK_UI_ALERTS_H
#define ROUTEDESK_UI_ALERTS_H

#include <stddef.h>

struct api_budget;
struct fetch_result;
struct m_review;
struct m_table;
struct notify_env;
struct notify_events;
struct strbuf;

/*
 * Design: the glue between the console core and src/notify, kept free of
 * curses and of struct ui so that its decisions are unit-tested alone.
 * The core makes one at start from the [notify] pairs of the config file
 * (alerts_new), hands it what it learns (a review replacing another, the
 * rows a refresh brought before they are merged, every fetch result), and
 * once per turn of its loop, between frames, moves the notifier's terminal
 * bytes to the terminal and its report to the message line
 * (alerts_pump).  Decisions made here, not in src/notify:
 *
 *   - connection lost: a network failure after the service has answered
 *     once; back: the next answer.  A loss within ALERTS_CONN_QUIET
 *     seconds of the last one posted is not posted (nor is its "back"), so
 *     a flapping link does not ring every minute.
 *   - budget low: reads left today under a tenth of the day's limit, once
 *     per calendar day.
 *   - a failed write: every one (each is a dispatcher's own action).
 *
 * Times are passed in (monotonic seconds), days as "YYYY-MM-DD": no clock
 * is read here but by alerts_result, which passes the real ones on.
 */

enum { ALERTS_CONN_QUIET = 60 };

struct alerts;

/* A notifier configured by the [notify] pairs names[i] = values[i] (n of
 * them; lines[i] and path name them in messages), its transport chosen in
 * env (NULL: the process environment; read before anything calls
 * setenv).  NULL on a bad pair, with "PATH:LINE: [notify] ..." appended to
 * err.  Never blocks. */
struct alerts *alerts_new(char *const *names, char *const *values, const int *lines, size_t n,
                          const char *path, const struct notify_env *env, struct strbuf *err);
/* Stops the notifier (at most about a second, never longer) and frees a.
 * NULL is fine. */
void alerts_free(struct alerts *a);

/* The descriptor that becomes readable when the notifier's worker left
 * terminal bytes or a report: poll it with the terminal.  -1 if none. */
int alerts_fd(const struct alerts *a);
/* Between frames: writes the pending terminal bytes to fd (-1: dropped,
 * as in script mode whose screen is in memory) and appends the report for
 * the message line, if any, to report.  settle_ms > 0 first waits that
 * long at most for the worker to finish what is queued (script mode: a
 * step sees the effects of the one before).  Returns 1 when a report was
 * appended, else 0. */
int alerts_pump(struct alerts *a, int fd, int settle_ms, struct strbuf *report);
/* Appends the :info line: the transport, why, and the counts. */
void alerts_describe(struct alerts *a, struct strbuf *out);

/* A review of the day replaced old (NULL on the first load, or another
 * day: nothing): posts the stop and technician events between them.
 * Returns the number of notifications taken. */
size_t alerts_review(struct alerts *a, const struct m_review *old, const struct m_review *cur,
                     const struct m_table *employees);
/* The events of a refresh's rows (struct m_appt, struct m_route) against
 * rv, the review they are about to be merged into; rows of other days and
 * rows rv does not hold give none.  Appended to out ordered as the Routes
 * pane reads: by route title, the route's own event first, then its stops
 * by sequence, then id.  Returns the number appended. */
size_t alerts_refresh_events(const struct m_review *rv, void *const *appts, size_t n_appts,
                             void *const *routes, size_t n_routes,
                             const struct m_table *employees, struct notify_events *out);
/* alerts_refresh_events, posted.  Returns the notifications taken. */
size_t alerts_refresh(struct alerts *a, const struct m_review *rv, void *const *appts,
                      size_t n_appts, void *const *routes, size_t n_routes,
                      const struct m_table *employees);

/* The service answered (answered 1) or did not (0, error says how) at
 * now.  Returns 1 when a notification was posted. */
int alerts_connection(struct alerts *a, int answered, const char *error, double now);
/* A budget seen on day: posts "budget low" the first time on that day
 * that reads left fall under a tenth of the day's limit.  Returns 1 when
 * posted. */
int alerts_budget(struct alerts *a, const struct api_budget *b, const char *day);
/* A write that failed: what (a resource name, may be NULL) and the
 * error's text.  Returns 1 when posted. */
int alerts_write_failed(struct alerts *a, const char *what, const char *error);
/* Everything a fetch result tells, whatever its slot: the connection, the
 * budget, a failed write (not the review: the core calls alerts_review
 * and alerts_refresh where it merges).  now: monotonic seconds. */
void alerts_result(struct alerts *a, const struct fetch_result *r, double now);

#endif
