/* budget.h: routedesk's share of the day's reads, counted across consoles in a locked file. */
#ifndef ROUTEDESK_FETCH_BUDGET_H
#define ROUTEDESK_FETCH_BUDGET_H

#include <sys/types.h>

#include <stddef.h>

#include "api/pace.h"

/*
 * The account's 3,000 reads a day belong to every integration of the
 * company; routedesk takes at most `[ui] read_share` percent of them (50
 * by default).  Every read attempt of every console counting into one
 * directory (the office's share, else the user's state directory) adds
 * one to DIR/reads-YYYY-MM-DD under flock(), and a read that would pass
 * the share is not sent.  The limit is the share of the day's read limit
 * the service announces (tokenLimits), kept in DIR/read-limit for the
 * processes that have not seen an answer yet; before any process of the
 * directory saw one the limit is unknown and that one read goes.  After
 * each count DIR/reads-last ("reads-YYYY-MM-DD N") is replaced by rename:
 * a counter emptied, garbled or removed by hand stands for it, so a new
 * process (every `routedesk api`) never starts the day over; with both
 * unreadable the read goes uncounted and the answer's count of the
 * account's reads (never less than routedesk's) becomes the count.
 */
struct fetch_budget;

/* Counts into dir (created when missing, as share_fs.h says: gid the
 * share's group, or SHARE_FS_PRIVATE for the user's own 0700/0600) for
 * percent (1..100; 100 counts but never refuses). */
struct fetch_budget *fetch_budget_open(const char *dir, int percent, gid_t gid);
/* The account's counter: in the office's share when sh is not NULL (the
 * group's), else in STATE/reads/ACCOUNT (the user's own, 0700, one per
 * account: a sandbox's or another company's reads never count against
 * this one's).  NULL when neither can be used. */
struct fetch_share;
struct fetch_budget *fetch_budget_open_account(const struct fetch_share *sh, const char *state,
                                               const char *url, const char *key, int percent);
void fetch_budget_close(struct fetch_budget *fb);
/* For api_options.may_read (ctx a struct fetch_budget): counts the read,
 * or refuses it (-1, why) when today's count reached the share. */
int fetch_budget_may_read(void *ctx, const struct api_budget *b, char *why, size_t why_size);
/* For api_options.read_unsent (ctx a struct fetch_budget): a counted read
 * reached no server (the network is down), so it is taken off the count:
 * a console offline for hours must not find routedesk's share spent by
 * reads the service never saw. */
void fetch_budget_unsent(void *ctx);
/* For api_options.on_budget (ctx a struct fetch_budget): keeps the day's
 * read limit the service announced in DIR/read-limit, so that a process's
 * first read, before its own session knows the limit, keeps to the share
 * (fetch_budget_may_read notes it too); and after a read sent while the
 * count was unknown, writes the answer's requestsReadToday as the count. */
void fetch_budget_note(void *ctx, const struct api_budget *b);
/* Reads counted today (-1 while another process holds the counter: it
 * never waits), and the most allowed (-1 while unknown: no answer seen,
 * here or by any process of the directory). */
long fetch_budget_used(struct fetch_budget *fb);
long fetch_budget_limit(const struct fetch_budget *fb, const struct api_budget *b);
/* 1, with why in buf, once today's counter could not be opened for
 * writing (a chmod, a symlink put in its place): from then on this
 * program's reads are counted in memory on top of what the file last
 * said, and the caller tells the user; 0 while the counter is kept.
 * Safe on any thread. */
int fetch_budget_trouble(const struct fetch_budget *fb, char *buf, size_t size);
/* The counter file of a day, for tests: DIR/reads-DAY. */
char *fetch_budget_path(const struct fetch_budget *fb, const char *day);

#endif
