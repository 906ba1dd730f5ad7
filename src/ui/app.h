/* app.h: app_main (the console, for main) and what the loop's files in src/ui share: results and refresh, panes, kept days, keys and commands, the screen, its own views. */
#ifndef ROUTEDESK_UI_APP_H
#define ROUTEDESK_UI_APP_H

#include <stddef.h>
#include <stdio.h>

#include "ui/base/console.h"

/*
 * Design: one thread draws.  The main loop (app.c) polls the terminal, the
 * fetch thread's wake pipe and a signal self-pipe with the nearest timer
 * (the auto-refresh) as timeout; applies every fetch result to the view
 * waiting for it; reads every queued key; then redraws the dirty parts
 * once and calls doupdate() once.  Nothing is redrawn on a timer.
 *
 * Five panes (Routes, Stops, Customers, Subscriptions, Tickets) each hold
 * a stack of frames: the pane's view at the bottom, drill-downs above.
 * A frame pairs a view with its list widget.  The day's route review is
 * the console's, not a view's: it is fetched on FETCH_SLOT_REVIEW, kept
 * here, refreshed in place by the auto-refresh, and read by the Routes and
 * Stops views through ui_review(); every view is told when it lands or
 * changes (its result op is called with the FETCH_REVIEW or FETCH_REFRESH
 * result, whose review pointer is then already taken).
 *
 * The core's files: app.c (options, settings, set-up, the loop), sync.c
 * (fetch results, the review, refresh, the date), panes.c (the panes and their
 * root views; frames and the ui.h services are base/services.c), dispatch.c (keys and `:`
 * commands), screen.c (header, tabs, status, message, prompt), term.c
 * (terminal set-up, signals, frame bytes, OSC 52), panels.c (help, log and
 * info views), script.c (ROUTEDESK_SCRIPT), demo.c (--demo's sandbox),
 * alerts.c (notifications from results, [notify]).
 */

/* Exit codes of the console. */
enum {
	APP_OK = 0,
	APP_FAILED = 1,  /* the terminal could not be set up; a script failed */
	APP_USAGE = 2,   /* bad options or configuration */
};

/* The console: parses argv (argv[0] is the program), runs until quit and
 * returns the exit code (APP_*).  Called by main() when the first argument
 * is not a subcommand. */
int app_main(int argc, char **argv);
/* --version's text, on stdout: the console's and `routedesk api`'s. */
void app_print_version(void);
/* Says what the console has to say as its screen opens (announce.c):
 * the share's and the config's messages made before it (converted from
 * the locale's charset), a locale the host lacks, drafts kept. */
void app_announce_start(struct ui *ui);

/* sync.c */
void app_set_date(struct ui *ui, const char *date);  /* "YYYY-MM-DD"; refetches the review */
void app_reload_review(struct ui *ui);
/* A stop or route read back after a write (row owned): into the day's
 * review, or out of it when it left the day; the panes hear it as a
 * refresh.  Other rows are freed. */
void app_take_row(struct ui *ui, const char *resource, void *row);
/* The auto-refresh tick: what changed since the last sync (one read when
 * nothing did).  manual (r, :refresh) runs it even when paused; the timer's
 * tick (manual 0) skips when paused or when the day's budget is at the
 * reserve. */
void app_refresh_tick(struct ui *ui, int manual);
/* Arms the timer: [ui] refresh seconds, slower while nobody types, after
 * office hours, when the day's budget runs low, at least a minute when
 * this minute's is nearly spent (loop_refresh_plan; ui->refresh_slow says
 * which, for the header); never in a script (scripts say :refresh). */
void app_schedule_refresh(struct ui *ui);
/* :info's "every 60 s, now every 5 min: no key for 10 min or more ...":
 * the configured pace and, when the tick runs slower, how and why. */
void app_refresh_explain(const struct ui *ui, struct strbuf *out);
/* Applies every queued fetch result. */
void app_take_results(struct ui *ui);

/* panes.c */
void app_show_pane(struct ui *ui, int pane);
/* The same, but a pane opened now does not fetch its first page: a search
 * about to replace it would throw that read of the quota away.  The caller
 * opens it (app_frame_open) when it does not fetch after all. */
void app_show_pane_unopened(struct ui *ui, int pane);
/* Pops the current pane's top frame; 0, or -1 at the pane's root. */
int app_pop(struct ui *ui);
void app_reset_pane(struct ui *ui, int pane);
void app_free_panes(struct ui *ui);
/* The pane of a view name ("routes" ...), or -1. */
int app_pane_of(const char *name);
const char *app_pane_name(int pane);
const char *app_pane_title(int pane);  /* translated */
/* The route selected on the Routes pane (what the Stops pane shows), or 0. */
long long app_selected_route(struct ui *ui);

/* days.c: the reviews of days left lately.  keep takes rv (replacing the
 * same day's, dropping the oldest past DAYS_KEPT); take gives the day's
 * back (and *at, when it was fresh) or NULL when not kept or gone stale.
 * A refresh's changed rows: forget_moved removes from every kept day the
 * rows now of another date (before the day on screen takes its own);
 * take_rows moves the rows of kept days into them and returns how many
 * are left (compacted to the front); a kept day that would need a
 * customer it lacks is dropped instead. */
void days_keep(struct ui *ui, struct m_review *rv, double at);
struct m_review *days_take(struct ui *ui, const char *date, double now, double *at);
void days_forget_moved(struct ui *ui, void **rows, size_t n, int is_appt);
/* Rows of ids (stops or routes the service no longer answers) leave
 * every kept day. */
void days_forget_gone(struct ui *ui, const long long *ids, size_t n, int is_appt);
size_t days_take_rows(struct ui *ui, void **rows, size_t n, int is_appt, double now);
/* The customers of stops, ids[0..n) (copied), the day on screen lacks:
 * one get, part of the tick's work (what the user asks for goes first);
 * nothing when n is 0.  read_missing: those its stops name and it does not
 * hold (a kept day just shown again, left while their get was on its way,
 * which was then withdrawn). */
void days_read_customers(struct ui *ui, const long long *ids, size_t n);
void days_read_missing(struct ui *ui);
void days_free(struct ui *ui);

/* kept.c: the days kept on disk (base/warm.c).  start (not with --fresh)
 * paints the day when it was kept lately, else takes a recent kept day's
 * employees and service types for the first review; save keeps the day
 * on screen at exit. */
void kept_start(struct ui *ui);
void kept_save(struct ui *ui);

/* dispatch.c */
void app_key(struct ui *ui, int key);
/* Replays, in order, the keys a form or a prompt held while the terminal
 * was too small, once it is not (dispatch.c). */
void app_keys_replay(struct ui *ui);
/* Ends a paste whose closing bracket has not come PASTE_IDLE_S after its
 * last key, and says so (dispatch.c). */
void app_paste_check(struct ui *ui, double now);
/* A mouse event at screen (y, x) with curses' button state: a click
 * selects the row under it, a double click opens it, the wheel scrolls. */
void app_mouse(struct ui *ui, int y, int x, unsigned long bstate);
/* Runs a `:` command line (without the colon). */
void app_command(struct ui *ui, const char *line);

/* screen.c: draws what is dirty and calls doupdate() once. */
void screen_draw(struct ui *ui);
/* 1 while the terminal is under the 80x24 minimum: the screen says only
 * that, so keys other than quit and redraw are ignored (dispatch.c). */
int screen_too_small(void);

/* panels.c: the core's own views. */
struct view *panel_help_new(struct ui *ui);
struct view *panel_info_new(struct ui *ui);
/* :messages: the message line's last MSG_KEEP messages, newest first,
 * the selected one whole in the preview. */
struct view *panel_messages_new(struct ui *ui);

#endif
