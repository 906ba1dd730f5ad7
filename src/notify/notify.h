/* notify.h: notifications that reach the dispatcher: desktop, terminal, bell or a command. */
#ifndef ROUTEDESK_NOTIFY_H
#define ROUTEDESK_NOTIFY_H

#include <stddef.h>

struct strbuf;

/*
 * Design.  A notification is a title and a body.  Where it goes is chosen
 * once, at notify_new(), and shown by `:info` (notify_describe):
 *
 *   command    [notify] command= set: `/bin/sh -c COMMAND routedesk-notify
 *              TITLE BODY`, so the command reads "$1" and "$2"; the text is
 *              never pasted into the command string.
 *   libnotify  built with it (HAVE_LIBNOTIFY), a session bus
 *              (DBUS_SESSION_BUS_ADDRESS or $XDG_RUNTIME_DIR/bus, by default
 *              /run/user/UID/bus) and a display (DISPLAY or WAYLAND_DISPLAY).
 *   osc777     ESC ] 777 ; notify ; TITLE ; BODY BEL, for terminals known to
 *              show it (VTE, foot, kitty, WezTerm, Konsole, urxvt, ghostty).
 *   osc9       ESC ] 9 ; BODY BEL (iTerm2 and others) for any other terminal.
 *   bell       BEL, plus the window title (OSC 2) where the terminal has one.
 *   off
 *
 * Terminal sequences are wrapped for tmux (ESC P tmux ; ... ESC \ with every
 * ESC doubled; tmux 3.3+ needs `set -g allow-passthrough on`) or GNU screen
 * (ESC P ... ESC \), so a dispatcher over SSH still gets them on the thin
 * client.
 *
 * Threads.  libnotify and the command run on a small worker thread of this
 * module: notify_notification_show() blocks up to 25 s on a bus whose
 * notification service does not answer, and a command may be slow.  Posting
 * only queues (mutex + condition variable); the caller never waits.  More
 * than NOTIFY_QUEUE_MAX waiting messages: the new one is dropped and counted.
 * When libnotify fails once, this and every later message go to the terminal
 * transport, and one report says so (notify_take_report).
 *
 * Terminal output.  curses owns the terminal, so this module never writes
 * to it.  Terminal transports append their escape bytes to a pending buffer;
 * the UI's main thread takes them with notify_take_terminal_bytes() and
 * writes them itself (after its doupdate(), in the same write if it likes).
 * The UI must take them: after each notify_post*() it makes, and whenever
 * notify_wake_fd() is readable (the worker produced bytes or a report after
 * a libnotify failure).  The sequences move no cursor and draw no cell.
 *
 * Every title and body is sanitised before it reaches any transport: tabs
 * and newlines become spaces, other C0/C1 controls, DEL and invalid UTF-8
 * become visible text (ESC as "^[", as utf8_escape_controls does), so nothing
 * from the API can end or extend an escape sequence; in OSC 777 fields ';'
 * (the field separator) becomes ','.  Titles are cut at NOTIFY_TITLE_MAX
 * bytes, bodies at NOTIFY_BODY_MAX, on a character boundary.
 */

enum {
	NOTIFY_QUEUE_MAX = 32,
	NOTIFY_TITLE_MAX = 120,
	NOTIFY_BODY_MAX = 400,
	NOTIFY_COMMAND_TIMEOUT_MS = 10000, /* then the command's group is killed */
};

enum notify_transport {
	NOTIFY_AUTO = 0,       /* only as a request in struct notify_config */
	NOTIFY_OFF,
	NOTIFY_COMMAND,
	NOTIFY_LIBNOTIFY,
	NOTIFY_OSC777,
	NOTIFY_OSC9,
	NOTIFY_BELL,
};

/* How terminal sequences travel through a multiplexer. */
enum notify_wrap {
	NOTIFY_WRAP_NONE = 0,
	NOTIFY_WRAP_TMUX,
	NOTIFY_WRAP_SCREEN,
};

/* The per-event switches of the [notify] section, one bit each in
 * struct notify_config.events. */
enum notify_class {
	NOTIFY_C_STOPS = 0,      /* stops=on */
	NOTIFY_C_TECHNICIAN,     /* technician=on */
	NOTIFY_C_WRITE_FAILED,   /* write_failed=on */
	NOTIFY_C_CONNECTION,     /* connection=on */
	NOTIFY_C_BUDGET,         /* budget=on */
	NOTIFY_C_COUNT
};

/* The [notify] section of the console's INI file. */
struct notify_config {
	char *command;           /* owned; NULL when unset */
	enum notify_transport transport; /* requested; NOTIFY_AUTO by default */
	unsigned events;         /* bit (1u << enum notify_class) set: on */
};

/* Defaults: no command, transport auto, every event on. */
void notify_config_init(struct notify_config *cfg);
void notify_config_free(struct notify_config *cfg);
/* One `key=value` of the [notify] section (keys: command (alias
 * notify_command), transport, stops, technician, write_failed, connection,
 * budget; switches take on/off, yes/no, true/false, 1/0).  Returns 0, or -1
 * with a translated message naming the key appended to *err and cfg
 * unchanged.  The UI core reads the file and calls this per pair. */
int notify_config_set(struct notify_config *cfg, const char *key,
                      const char *value, struct strbuf *err);
/* "libnotify", "osc777", "osc9", "bell", "command", "off", "auto". */
const char *notify_transport_name(enum notify_transport t);

/* What transport selection looks at; pointers are borrowed (NULL = unset). */
struct notify_env {
	const char *display, *wayland_display;
	const char *dbus_address;    /* DBUS_SESSION_BUS_ADDRESS */
	int bus_socket;              /* the default session bus socket exists */
	const char *term, *term_program, *vte_version, *konsole_version;
	const char *kitty_window_id, *wezterm_pane;
	const char *tmux, *sty;      /* TMUX, STY (GNU screen) */
};

/* Fills env from the process environment and the file system (pointers
 * into environ: read it before anything calls setenv). */
void notify_env_read(struct notify_env *env);

/* The outcome of selection. */
struct notify_choice {
	enum notify_transport transport;
	enum notify_wrap wrap;       /* terminal transports only */
	int title;                   /* bell: also set the window title */
	enum notify_transport fallback; /* terminal transport if libnotify fails */
	char why[200];               /* translated, for :info: what decided */
};

/* Pure: the transport for cfg in env, given whether libnotify is built in.
 * An explicit cfg->transport is honoured (libnotify only when built in);
 * a command wins over everything but transport=off. */
void notify_choose(const struct notify_config *cfg, const struct notify_env *env,
                   int have_libnotify, struct notify_choice *out);
/* 1 when this build has libnotify. */
int notify_have_libnotify(void);

/* Appends the bytes a terminal transport sends for title/body (sanitised,
 * wrapped per c->wrap).  Nothing for non-terminal transports. */
void notify_terminal_bytes(const struct notify_choice *c, const char *title,
                           const char *body, struct strbuf *out);
/* Appends s made safe for a notification (see the design note), cut at max
 * bytes (0: no limit); semicolons become ',' when no_semicolon. */
void notify_sanitise(struct strbuf *out, const char *s, size_t max, int no_semicolon);

/* Runs `/bin/sh -c cmd routedesk-notify title body` with stdin, stdout and
 * stderr on /dev/null, in its own process group, and waits for it up to
 * timeout_ms (then kills the group).  Blocks: the worker thread and tests
 * call it.  Returns the exit status (0..255), 128+N when killed by signal N,
 * -1 when it could not be started, -2 on timeout, -3 when its status was
 * lost (another part of the process reaped it, or SIGCHLD is ignored). */
int notify_run_command(const char *cmd, const char *title, const char *body,
                       int timeout_ms);

/* The notifier.  Create one at start, after reading the config. */
struct notify;

/* Chooses the transport (env NULL: notify_env_read()) and starts the
 * worker thread when the transport needs one.  cfg is copied.  Never NULL;
 * never blocks (notify_init runs on the worker). */
struct notify *notify_new(const struct notify_config *cfg, const struct notify_env *env);
/* Stops the worker, dropping what it has not sent.  If the worker is stuck
 * in a libnotify call, waits at most about a second and then leaves it
 * behind (detached; it frees the shared state when the call returns). */
void notify_free(struct notify *n);

/* Queues or produces one notification.  title and body are copied and
 * sanitised; body may be NULL.  Returns 0 when taken (queued or turned into
 * pending terminal bytes), 1 when the transport is off, -1 when dropped
 * because the queue is full.  Never blocks. */
int notify_post(struct notify *n, const char *title, const char *body);

/* The transport in use now (it changes once if libnotify fails). */
enum notify_transport notify_transport(struct notify *n);
/* Appends a one-line, translated description for :info, such as
 * "libnotify (session bus, display :0); 3 sent, 0 dropped". */
void notify_describe(struct notify *n, struct strbuf *out);

struct notify_stats {
	unsigned long posted, sent, dropped, failed;
};
void notify_get_stats(struct notify *n, struct notify_stats *st);

/* Pending terminal bytes: a malloc'd buffer (caller frees) of *len bytes,
 * or NULL when there are none.  Main thread.  Also empties the wake pipe. */
char *notify_take_terminal_bytes(struct notify *n, size_t *len);
/* A message for the status line, given once (such as libnotify failing
 * and the switch to the terminal, or the command failing): malloc'd, or
 * NULL when there is none. */
char *notify_take_report(struct notify *n);
/* Readable (one byte or more) when the worker left terminal bytes or a
 * report; the UI adds it to its poll() set.  Owned by n.  -1 if none. */
int notify_wake_fd(struct notify *n);
/* Waits until the worker has handled everything queued, at most
 * timeout_ms.  0 when idle, -1 on timeout.  For tests and the notify_send
 * tool, never for the UI loop. */
int notify_flush(struct notify *n, int timeout_ms);

/* ---- events (events.c: formatting and the model diff; no I/O) ---- */

struct m_route;
struct m_appt;
struct m_customer;
struct m_review;
struct m_table;

enum notify_kind {
	NOTIFY_EV_STOP_COMPLETED = 0,
	NOTIFY_EV_STOP_NOSHOW,
	NOTIFY_EV_STOP_CANCELLED,
	NOTIFY_EV_STOP_RESCHEDULED,
	NOTIFY_EV_TECH_LOST,     /* the route has no technician now */
	NOTIFY_EV_TECH_GAINED,   /* an unassigned route got one */
	NOTIFY_EV_TECH_CHANGED,  /* one technician for another */
	NOTIFY_EV_WRITE_FAILED,
	NOTIFY_EV_CONN_LOST,
	NOTIFY_EV_CONN_BACK,
	NOTIFY_EV_BUDGET_LOW,
	NOTIFY_EV_COUNT
};

/* One event.  Strings owned by the event (NULL when not known). */
struct notify_event {
	enum notify_kind kind;
	long long route_id, appt_id, customer_id;
	char *route;             /* route title */
	char *customer;          /* customer display name */
	char *start;             /* stop's start "HH:MM" */
	char *tech, *old_tech;   /* technician names (or "#ID") */
	char *detail;            /* rescheduled: new date; write failed: what and
	                          * the error; connection: the error; budget: what
	                          * is left */
};

struct notify_events {
	struct notify_event *v;  /* owned array */
	size_t n, cap;
};

#define NOTIFY_EVENTS_INIT { NULL, 0, 0 }

/* The switch an event kind belongs to. */
enum notify_class notify_event_class(enum notify_kind kind);
/* Appends a copy of the strings of ev (the struct's own strings stay the
 * caller's). */
void notify_events_add(struct notify_events *list, const struct notify_event *ev);
void notify_events_free(struct notify_events *list);
/* Formats ev into a translated title and body (appended, unsanitised:
 * notify_post sanitises). */
void notify_event_format(const struct notify_event *ev, struct strbuf *title,
                         struct strbuf *body);

/* Stop events from one appointment's old and new rows: a status that
 * became completed, no-show, cancelled or rescheduled, or a date moved off
 * `date` (rescheduled, detail = the new date).  route and cust give names
 * (may be NULL).  Returns the number of events appended (0 or 1). */
size_t notify_diff_appt(const struct m_appt *old, const struct m_appt *cur,
                        const char *date, const struct m_route *route,
                        const struct m_customer *cust, struct notify_events *out);
/* Technician events from one route's old and new rows.  employees
 * (struct m_employee by id) names the technicians; NULL gives "#ID". */
size_t notify_diff_route(const struct m_route *old, const struct m_route *cur,
                         const struct m_table *employees, struct notify_events *out);
/* Every event between two reviews of the same date (old NULL: none, as on
 * the first load).  Stops only on cur->date; a stop of old missing from cur
 * gives nothing (a refresh may fetch only what changed).  Events come
 * ordered by route title, then stop sequence, then id.  Returns the number
 * appended. */
size_t notify_diff_review(const struct m_review *old, const struct m_review *cur,
                          const struct m_table *employees, struct notify_events *out);

/* Posts each event whose switch is on in n's config; when more than
 * NOTIFY_BATCH_MAX events are on, the first NOTIFY_BATCH_MAX - 1 go out one
 * by one and the rest as one "N more changes" summary, so a refresh after a
 * pause does not bury the desktop.  Returns how many notifications were
 * taken. */
enum { NOTIFY_BATCH_MAX = 5 };
size_t notify_post_events(struct notify *n, const struct notify_events *list);
/* One event through the switches; notify_post's return, or 1 when its
 * switch is off. */
int notify_post_event(struct notify *n, const struct notify_event *ev);

#endif
