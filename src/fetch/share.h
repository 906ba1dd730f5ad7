/* share.h: one office's consoles on one quota: a shared directory, one ticker, the ticks it publishes. */
#ifndef ROUTEDESK_FETCH_SHARE_H
#define ROUTEDESK_FETCH_SHARE_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "common/strbuf.h"
#include "fetch/fetch.h"

/*
 * Design (`share = DIR` in the account, or ROUTEDESK_SHARE): no daemon.
 * DIR/ACCOUNT (a hash of the API's URL and key; the URL is written in
 * every file and checked on reading, so two accounts on one DIR never
 * read each other's data) holds
 *   ticker.lock   flock()ed by the one console that asks the service what
 *                 changed; the others try it at each of their ticks, so
 *                 when the ticker ends or dies one of them takes over
 *                 within a tick;
 *   ticks/S-N.json  what one tick of the ticker learnt (the changelog
 *                 entries after id S up to N, and the changed stops and
 *                 routes, as records): every other console applies them
 *                 as its own tick, with no read of its own;
 *   ticked        touched by every tick of the ticker, changes or not: a
 *                 follower whose ticker has not ticked lately (paused,
 *                 out of budget) asks the service itself;
 *   active        touched by a key in any console: the office's last
 *                 key, from which every console's refresh backs off;
 *   days/         the days kept for a warm start (ui/base/warm.c);
 *   lookup/customer.json  the office's customer index (fetch/lookups.c):
 *                 every customer and the changelog id it is current to,
 *                 so that one console's reads build it for all;
 *   written/T-TAG.json  a record a console wrote, as it read it back
 *                 (T when, TAG which console): every other console takes
 *                 it at its next tick, so a note (which has no changelog
 *                 class) or a changed record reaches the office's panes
 *                 with no read of theirs.
 * Files are 0660 and directories 02770 in DIR's group whatever the umask
 * and whatever DIR's setgid bit: the office's access is DIR's group, and
 * nothing is wider.  A DIR every user can write in is refused, and every
 * name in the share is opened as share_fs.h says (no symlink followed, a
 * directory made by another user used only when it is the group's and
 * closed to others).  Nothing holds a token or a key.
 */
struct fetch_share;

/* DIR/ACCOUNT for the account (url, key), created when missing; NULL with
 * a message ("DIR: reason") in err when it cannot be used. */
struct fetch_share *fetch_share_open(const char *dir, const char *url, const char *key,
                                     struct strbuf *err);
void fetch_share_close(struct fetch_share *sh);
/* A subdirectory of the share (ticks, days, written, lookup) that could
 * not be used when it was opened (made by another user and not writable
 * to this one, a file in its place) is left alone, and only what is kept
 * in it goes without: the share (the read count, the ticker's lock) is
 * used all the same.  fetch_share_uses says whether sub (or a name below
 * it; a name of the account's directory itself: 1) is used, and
 * fetch_share_warnings why each one is not, one line each ("" for none):
 * "PATH/SUB not used (reason): what goes without". */
int fetch_share_uses(const struct fetch_share *sh, const char *sub);
const char *fetch_share_warnings(const struct fetch_share *sh);
/* DIR/ACCOUNT. */
const char *fetch_share_path(const struct fetch_share *sh);
/* For share_fs.h: DIR's group (every file of the share's), and the
 * account's directory held open (a base: names below it are opened
 * without following a symlink). */
gid_t fetch_share_gid(const struct fetch_share *sh);
int fetch_share_fd(const struct fetch_share *sh);
/* A key in this console (at most every few seconds on disk). */
void fetch_share_touch(struct fetch_share *sh, time_t now);
/* When any console of the share last saw a key (wall clock), 0 unknown. */
time_t fetch_share_active(const struct fetch_share *sh);
/* The API's URL the share is for (written in its files, checked on reading). */
const char *fetch_share_url(const struct fetch_share *sh);
/* DIR/ACCOUNT/rel into out (at most max bytes): 0, or -1 with err set. */
int fetch_share_read_text(const struct fetch_share *sh, const char *rel, size_t max,
                          struct strbuf *out, struct strbuf *err);
/* Writes text to DIR/ACCOUNT/rel through a temporary file and rename,
 * 0660: 0, or -1 with err set. */
int fetch_share_write(const struct fetch_share *sh, const char *rel, const char *text, size_t len,
                      struct strbuf *err);

/* The refresh job's side (fetch thread). */
/* 1 when this console is the ticker (taking the lock when it is free). */
int fetch_share_ticker(struct fetch_share *sh);
/* Publishes what a tick from since learnt (r: last_change, changes,
 * appts, routes); quietly nothing when it cannot be written. */
void fetch_share_publish(struct fetch_share *sh, long long since, const struct fetch_result *r);
/* A changelog baseline for a console starting now: the newest change id
 * the ticker knew at its last tick, into newest.  1, or 0 when the ticker
 * has not ticked for stale_after seconds (or never did, or knew no change).
 * Any id the service had handed out before a review began is a safe
 * baseline for it: changes between that id and the review are read again,
 * none after it is missed. */
int fetch_share_baseline(const struct fetch_share *sh, long stale_after, long long *newest);
/* The key's budget as the ticker's last tick found it, into b (known):
 * 0, or -1 when the ticker has not ticked for stale_after seconds or not
 * today (by the local calendar: its day's counts are another day's), said
 * nothing of it, or wrote what is not a budget (b unchanged). */
struct api_budget;
int fetch_share_budget(const struct fetch_share *sh, long stale_after, struct api_budget *b);
/* Fills r (last_change, changes, appts, routes) from the ticks published
 * after since: 1 (nothing new is 1 too), or 0 when they do not reach back
 * to since (the ticks began later, or were pruned) or the ticker has not
 * ticked for stale_after seconds: then ask the service. */
int fetch_share_read(struct fetch_share *sh, long long since, long stale_after,
                     struct fetch_result *r);

/* The writes' side (the fetch thread; the console's check of a lost write too). */
/* Publishes the record a write of this console read back (row of
 * resource); quietly nothing when it cannot be written. */
void fetch_share_publish_write(struct fetch_share *sh, const char *resource, const void *row);
/* Appends to r->written what the other consoles wrote since this one
 * opened the share and that it has not taken yet. */
void fetch_share_read_written(struct fetch_share *sh, struct fetch_result *r);

#endif
