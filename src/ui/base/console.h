/* console.h: struct ui, the console's state, and the services on it that views and forms share. */
#ifndef ROUTEDESK_UI_CONSOLE_H
#define ROUTEDESK_UI_CONSOLE_H

#include <stddef.h>
#include <time.h>

#include "api/account.h"
#include "api/pace.h"
#include "api/transport.h"
#include "common/strbuf.h"
#include "fetch/fetch.h"
#include "fetch/budget.h"
#include "fetch/flight.h"
#include "fetch/share.h"
#include "model/model.h"
#include "ui/base/action.h"
#include "ui/base/cmdline.h"
#include "ui/base/state.h"
#include "ui/base/ui.h"
#include "ui/theme/theme.h"

/*
 * The console's folders call one way: the loop (src/ui: app, dispatch,
 * screen, sync, panes) calls forms/, views/ and base/; forms/ calls views/
 * and base/; views/ calls base/; base/ and theme/ call nothing above them.
 * What a lower part needs from a higher one it gets through the hooks
 * below, which the loop installs at start: a view opens another view
 * through ui_open (the loop's constructors), a form hands back the keys it
 * held through ui_replay_key, ui_refresh asks the loop for a tick.
 */

enum {
	PANE_ROUTES,
	PANE_STOPS,
	PANE_CUSTOMERS,
	PANE_SUBSCRIPTIONS,
	PANE_TICKETS,
	PANE_TIMELINE,
	PANE_COUNT,
};

/* Days seen lately, kept for stepping back without reads (days.c). */
#define DAYS_KEPT 7

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

struct frame {
	struct view *v;
	struct list *list;
	struct frame *below;
	int opened;            /* open() was called */
};

/* What the loop lends to the parts below it (set once by app.c). */
struct ui;

struct ui_hooks {
	/* A new view of kind with args (ui.h), or NULL. */
	struct view *(*make_view)(enum ui_view_kind kind, const struct ui_view_args *args);
	/* One key as if typed (the loop's own key handling). */
	void (*key)(struct ui *ui, int key);
	/* The refresh tick now (manual). */
	void (*refresh)(struct ui *ui);
	/* A record read back after a write (row, a struct m_* of resource,
	 * ownership taken): a stop or route of the day goes into the review
	 * at once, as a refresh would put it, without reading the day again. */
	void (*take_row)(struct ui *ui, const char *resource, void *row);
};

struct alerts;
struct demo;
struct forms;
struct script;

#define MSG_KEEP 100
/* Keys a form or a prompt holds while the terminal is too small: a note's
 * lines and fields, typed on with the pane shrunk by a tmux split. */
#define UI_HELD_MAX 512

struct ui {
	/* Options and settings. */
	char *account;             /* --account, or NULL */
	int readonly, ascii, utf8, fresh;
	int no_preview;            /* p hid the panes' previews */
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
	struct fetch_share *share;     /* the office's share (share = DIR), or NULL */
	char *index_file;              /* without one, the customer index's own file */
	struct fetch_budget *reads;    /* routedesk's share of the day's reads ([ui] read_share) */
	struct fetch_flight *flight;   /* identical reads in flight made once, with a share */
	long reads_share_left;         /* reads of that share left today, -1 unknown */
	int reads_trouble_told;        /* fetch_budget_trouble said on the screen */
	char share_error[512];         /* why the share is not used, "" */
	struct api_budget budget;  /* latest known, from every answer */
	int offline;               /* the last refresh failed on the network */
	int silent;                /* ... on a server that took the connection and
	                            * sent nothing: up but silent, or slow */
	int auth_failed;           /* the service refused the key and token (HTTP 401) */
	char review_failed[256];   /* why the last route review failed, "" when it did not */
	struct api_wait wait;      /* what the fetch thread waits for (fetch_status) */
	long wait_shown;           /* the seconds of it the screen shows, -1 none */

	/* The day under review. */
	char date[11];
	char today_seen[11];           /* today's date when last looked (the ticks) */
	char budget_day[11];           /* the day ui->budget's day figures count */
	long long budget_wall;         /* time() when ui->budget was taken */
	struct api_budget session_budget; /* this session's last answer's, as take_status saw it */
	long long minute_drawn;        /* the wall clock's minute last drawn (time / 60) */
	struct m_review *review;       /* NULL until loaded */
	struct {
		struct m_review *rv;
		double at;                 /* as fresh as this (app_now) */
	} days[DAYS_KEPT];             /* days left lately, oldest first (days.c) */
	size_t n_days;
	unsigned long review_gen;      /* the review job waited for, 0 none */
	double review_at;              /* when it (or a refresh) last landed */
	struct m_table *employees, *service_types;
	time_t reference_at;           /* when those were read from the service (wall
	                                * clock), 0 unknown: kept with the day */
	int reference_seed;            /* review jobs carry their ids until a review
	                                * lands (the fetch thread has none yet) */
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
	struct paste paste;            /* a bracketed paste being read */
	/* Keys of a form or a prompt held while the terminal is too small,
	 * replayed in order when it grows (app_keys_replay). */
	int held[UI_HELD_MAX];
	size_t n_held;
	unsigned long held_lost;       /* past UI_HELD_MAX: dropped, and said */
	struct cmdline cmd;
	struct strbuf alts;            /* Tab's candidates (or "No completion"): shown
	                                * above the open prompt, which covers the message
	                                * line; emptied by the next key */
	struct strbuf filter_before;   /* the filter when `/` opened (Esc restores) */
	char **themes;                 /* for completion */
	size_t n_themes;
	struct strbuf msg;
	int msg_error;
	/* The last MSG_KEEP messages, for :messages (the line cuts a long
	 * one at the screen's edge): a ring, next the slot to write. */
	struct {
		char *text;
		char at[9];                /* HH:MM:SS */
		int error;
	} msg_hist[MSG_KEEP];
	size_t msg_next;
	int msg_row_wait;              /* msg explains a wait on the top frame's selected
	                                * row: cleared once that row has loaded */
	void *term;                    /* term.c's state */

	/* Timers (monotonic seconds). */
	double next_refresh;
	unsigned refresh_slow;         /* loop_slow bits: why next_refresh is later than [ui] refresh */
	double last_key;               /* when the dispatcher last typed */
	int office_open, office_close; /* [ui] office_hours, seconds of the day; equal: always */
	int paused, budget_paused;

	struct script *script;
	int quit;
	int exit_code;

	struct forms *forms;           /* forms_run.c: the open form, the activity log */
	struct ui_hooks hooks;         /* the loop's, set by app.c before any view */
	struct alerts *alerts;         /* alerts.c: notifications ([notify]) */
};

/* Monotonic seconds. */
double app_now(void);
/* Reads left today: the key's, or routedesk's share of them when that is
 * less ([ui] read_share); what the header shows and the refresh spares. */
long ui_reads_left_today(const struct ui *ui);
void app_mark(struct ui *ui, unsigned dirty);
/* The current pane's top frame. */
struct frame *app_top(const struct ui *ui);
/* "Still loading this row", for a key that needs the top frame's selected
 * row before it has arrived.  app_settle_row_wait, run after every batch
 * of results, takes the notice away once that row has loaded, so it never
 * outlives the wait it explains (it did, until the next key). */
void app_say_row_loading(struct ui *ui);
void app_settle_row_wait(struct ui *ui);
/* Calls fn for every frame of every pane. */
void app_each_frame(struct ui *ui, void (*fn)(struct ui *ui, struct frame *f, void *ctx),
                    void *ctx);
struct frame *app_frame_of_slot(struct ui *ui, int slot);
/* A frame for v on the next slot (its list widget made), and its end
 * (destroys the view).  frame_open calls the view's open once. */
struct frame *app_frame_new(struct ui *ui, struct view *v);
void app_frame_free(struct frame *f);
void app_frame_open(struct ui *ui, struct frame *f);

#endif
