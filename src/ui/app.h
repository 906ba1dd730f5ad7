/* app.h: the console: struct ui, app_main, and what the console core's files share. */
#ifndef ROUTEDESK_UI_APP_H
#define ROUTEDESK_UI_APP_H

#include <stddef.h>
#include <stdio.h>

#include "api/account.h"
#include "api/pace.h"
#include "api/transport.h"
#include "common/strbuf.h"
#include "fetch/fetch.h"
#include "model/model.h"
#include "ui/action.h"
#include "ui/cmdline.h"
#include "ui/state.h"
#include "ui/theme/theme.h"
#include "ui/ui.h"

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
 * (fetch results, the review, refresh, the date), panes.c (frames and the ui.h services), dispatch.c (keys and `:`
 * commands), screen.c (header, tabs, status, message, prompt), term.c
 * (terminal set-up, signals, frame bytes, OSC 52), panels.c (help, log and
 * info views), script.c (ROUTEDESK_SCRIPT), demo.c (--demo's sandbox),
 * alerts.c (notifications from results, [notify]).
 */

enum {
	PANE_ROUTES,
	PANE_STOPS,
	PANE_CUSTOMERS,
	PANE_SUBSCRIPTIONS,
	PANE_TICKETS,
	PANE_COUNT,
};

/* What needs drawing before the next doupdate(). */
enum {
	DIRTY_HEADER = 1u << 0,
	DIRTY_BODY = 1u << 1,
	DIRTY_STATUS = 1u << 2,
	DIRTY_MESSAGE = 1u << 3,
	DIRTY_ALL = 0x0f,
	DIRTY_REPAINT = 1u << 4, /* the terminal's content is unknown (C-l, resize) */
};

/* A private slot for the customers of stops added by a refresh. */
#define UI_SLOT_REVIEW_CUSTOMERS 4

/* Exit codes of the console. */
enum {
	APP_OK = 0,
	APP_FAILED = 1,  /* the terminal could not be set up; a script failed */
	APP_USAGE = 2,   /* bad options or configuration */
};

struct frame {
	struct view *v;
	struct list *list;
	struct frame *below;
	int opened;            /* open() was called */
};

struct alerts;
struct demo;
struct forms;
struct script;

struct ui {
	/* Options and settings. */
	char *account;             /* --account, or NULL */
	int readonly, ascii, utf8, fresh;
	const char *want_view;     /* --view */
	struct ui_config config;
	struct theme theme;
	int use_color;
	struct keymap *keys;
	struct ui_state saved;     /* read at start, written at exit */

	/* The connection. */
	struct api_account acct;
	struct api_options api;
	struct demo *demo;
	struct fetch *fetch;
	struct api_budget budget;  /* latest known, from every answer */
	int offline;               /* the last refresh failed on the network */
	int auth_failed;           /* the service refused the key and token (HTTP 401) */
	char review_failed[256];   /* why the last route review failed, "" when it did not */
	struct api_wait wait;      /* what the fetch thread waits for (fetch_status) */
	long wait_shown;           /* the seconds of it the screen shows, -1 none */

	/* The day under review. */
	char date[11];
	struct m_review *review;       /* NULL until loaded */
	unsigned long review_gen;      /* the review job waited for, 0 none */
	double review_at;              /* when it (or a refresh) last landed */
	struct m_table *employees, *service_types;
	long long last_change;
	int have_baseline;
	unsigned long refresh_gen, customers_gen;
	int stops_follow;              /* recreate the Stops pane when the review lands */

	/* Panes. */
	struct frame *panes[PANE_COUNT];
	int cur;
	int next_slot;
	long long stops_route;         /* the route of the Stops pane's view */

	/* The screen. */
	unsigned dirty;
	int prompt;                    /* a `:` or `/` prompt is open */
	struct cmdline cmd;
	struct strbuf alts;            /* Tab's candidates (or "No completion"): shown
	                                * above the open prompt, which covers the message
	                                * line; emptied by the next key */
	struct strbuf filter_before;   /* the filter when `/` opened (Esc restores) */
	char **themes;                 /* for completion */
	size_t n_themes;
	struct strbuf msg;
	int msg_error;
	void *term;                    /* term.c's state */

	/* Timers (monotonic seconds). */
	double next_refresh;
	int paused, budget_paused;

	struct script *script;
	int quit;
	int exit_code;

	struct forms *forms;           /* forms_run.c: the open form, the activity log */
	struct alerts *alerts;         /* alerts.c: notifications ([notify]) */
};

/* The console: parses argv (argv[0] is the program), runs until quit and
 * returns the exit code (APP_*).  Called by main() when the first argument
 * is not a subcommand. */
int app_main(int argc, char **argv);

/* 1 when lines and glyphs must be ASCII (--ascii, [ui] ascii, or a locale
 * that is not UTF-8).  For views that draw status glyphs. */
int ui_ascii(const struct ui *ui);

/* Monotonic seconds. */
double app_now(void);

/* sync.c */
void app_set_date(struct ui *ui, const char *date);  /* "YYYY-MM-DD"; refetches the review */
void app_reload_review(struct ui *ui);
/* The auto-refresh tick: what changed since the last sync (one read when
 * nothing did).  manual (r, :refresh) runs it even when paused; the timer's
 * tick (manual 0) skips when paused or when the day's budget is at the
 * reserve. */
void app_refresh_tick(struct ui *ui, int manual);
/* Arms the timer: [ui] refresh seconds, four times longer when the day's
 * budget runs low, at least a minute when this minute's is nearly spent;
 * never in a script (scripts say :refresh). */
void app_schedule_refresh(struct ui *ui);
/* Applies every queued fetch result. */
void app_take_results(struct ui *ui);

/* panes.c */
struct frame *app_top(const struct ui *ui);
void app_show_pane(struct ui *ui, int pane);
/* Pops the current pane's top frame; 0, or -1 at the pane's root. */
int app_pop(struct ui *ui);
void app_reset_pane(struct ui *ui, int pane);
void app_free_panes(struct ui *ui);
/* The pane of a view name ("routes" ...), or -1. */
int app_pane_of(const char *name);
const char *app_pane_name(int pane);
const char *app_pane_title(int pane);  /* translated */
/* Calls fn for every frame of every pane. */
void app_each_frame(struct ui *ui, void (*fn)(struct ui *ui, struct frame *f, void *ctx),
                    void *ctx);
struct frame *app_frame_of_slot(struct ui *ui, int slot);
/* The route selected on the Routes pane (what the Stops pane shows), or 0. */
long long app_selected_route(struct ui *ui);
void app_mark(struct ui *ui, unsigned dirty);

/* dispatch.c */
void app_key(struct ui *ui, int key);
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

#endif
