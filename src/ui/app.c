/* app.c: the console's options, set-up, main loop and the state saved at exit (sync.c applies results, refreshes, moves the date). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/dates.h"
#include "common/hash.h"
#include "common/i18n.h"
#include "common/trace.h"
#include "common/utf8.h"
#include "notify/notify.h"
#include "ui/alerts.h"
#include "ui/app.h"
#include "ui/demo.h"
#include "ui/forms/draft.h"
#include "ui/forms/forms.h"
#include "ui/loop.h"
#include "ui/script.h"
#include "ui/term.h"
#include "ui/base/list.h"
#include "ui/base/warm.h"
#include "ui/views/view_common.h"
#include "ui/views/views.h"

#define DEMO_CUSTOMERS 2000
#define DEMO_START_TIMEOUT 120
#define HISTORY_MAX 200
/* How long a script step waits for the notifier: a command's own limit, and a second. */
#define SCRIPT_SETTLE_MS (NOTIFY_COMMAND_TIMEOUT_MS + 1000)
/* At quit, how long a write still sending may take before it is cut off
 * (and reported as an unknown outcome): q must end the program within a
 * second whatever the server does. */
#define QUIT_GRACE_MS 600

static void refresh_now(struct ui *ui)
{
	app_refresh_tick(ui, 1);
}

/* What the parts below the loop may ask of it (base/console.h). */
static const struct ui_hooks hooks = { views_make, app_key, refresh_now, app_take_row };

static void usage(FILE *f)
{
	/* Each line within 80 columns: a thin client's terminal wrapped the
	 * [--view ...] line. */
	fputs(_("usage: routedesk [--account NAME] [--date YYYY-MM-DD] [--readonly]\n"
	        "                 [--view routes|customers|subscriptions|tickets|timeline]\n"
	        "                 [--theme NAME] [--ascii] [--demo] [--fresh]\n"
	        "       routedesk api [OPTIONS] PATH [NAME=VALUE | NAME:=JSON | NAME@FILE ...]\n"
	        "       routedesk --version | -h | --help\n"
	        "\n"
	        "The console for the day's route review, customers, subscriptions and\n"
	        "tickets.  Press ? inside for the keys.\n"
	        "\n"
	        "  --account NAME   the [account NAME] section of the config file\n"
	        "  --date DATE      review this day instead of today\n"
	        "  --view VIEW      the pane to open on\n"
	        "  --readonly       hide and refuse every write\n"
	        "  --theme NAME     themes/NAME.theme (default, light, mono, colorblind)\n"
	        "  --ascii          ASCII lines and glyphs\n"
	        "  --demo           run on a private sandbox with generated data\n"
	        "  --fresh          ignore the saved pane and filters\n"
	        "  --version        print the version and exit\n"
	        "  -h, --help       this text (routedesk api --help: the client's)\n"
	        "\n"
	        "Exit status: 0 a normal quit or a script's end, 1 no terminal or a\n"
	        "script that failed, timed out or was cut short, 2 a bad option, config\n"
	        "file, theme or script file, or no account to use.\n"
	        "\n"
	        "Credentials: ROUTEDESK_URL, ROUTEDESK_KEY, ROUTEDESK_TOKEN, or\n"
	        "$XDG_CONFIG_HOME/routedesk/config ([account NAME], [ui], [keys], [notify]).\n"), f);
}

enum { OPT_ACCOUNT = 256, OPT_DATE, OPT_VIEW, OPT_READONLY, OPT_THEME, OPT_ASCII, OPT_DEMO,
       OPT_FRESH, OPT_VERSION, OPT_HELP };

struct options {
	const char *account, *date, *view, *theme;
	int readonly, ascii, demo, fresh;
};

/* -1: continue; otherwise the exit code (after --help, --version, errors). */
void app_print_version(void)
{
	printf("routedesk %s\n", PACKAGE_VERSION);
	printf(_("Licence %s: the GNU General Public License, version 3 or later.\n"
	         "This is free software: you may change and share it.  There is NO\n"
	         "WARRANTY, to the extent permitted by law.\n"), PACKAGE_LICENSE);
}

/* After --help or --version: APP_OK, or APP_FAILED said when stdout
 * could not take it (a full disk: a script reading the version must not
 * read nothing as success). */
static int stdout_written(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return APP_OK;
	if (errno != EPIPE)
		fprintf(stderr, "routedesk: %s%s\n", _("cannot write the output: "), strerror(errno));
	return APP_FAILED;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "account", required_argument, NULL, OPT_ACCOUNT },
		{ "date", required_argument, NULL, OPT_DATE },
		{ "view", required_argument, NULL, OPT_VIEW },
		{ "readonly", no_argument, NULL, OPT_READONLY },
		{ "theme", required_argument, NULL, OPT_THEME },
		{ "ascii", no_argument, NULL, OPT_ASCII },
		{ "demo", no_argument, NULL, OPT_DEMO },
		{ "fresh", no_argument, NULL, OPT_FRESH },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ "help", no_argument, NULL, OPT_HELP },
		{ NULL, 0, NULL, 0 },
	};
	struct rd_date d;
	int c;

	memset(o, 0, sizeof(*o));
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_ACCOUNT: o->account = optarg; break;
		case OPT_DATE:
			if (date_parse(optarg, &d) < 0) {
				fprintf(stderr, _("routedesk: --date: '%s' is not a date (YYYY-MM-DD)\n"), optarg);
				return APP_USAGE;
			}
			o->date = optarg;
			break;
		case OPT_VIEW:
			if (app_pane_of(optarg) < 0 || strcmp(optarg, "stops") == 0) {
				fprintf(stderr, _("routedesk: --view: '%s' is not one of routes, customers, "
				                  "subscriptions, tickets, timeline\n"), optarg);
				return APP_USAGE;
			}
			o->view = optarg;
			break;
		case OPT_READONLY: o->readonly = 1; break;
		case OPT_THEME: o->theme = optarg; break;
		case OPT_ASCII: o->ascii = 1; break;
		case OPT_DEMO: o->demo = 1; break;
		case OPT_FRESH: o->fresh = 1; break;
		case OPT_VERSION:
			app_print_version();
			return stdout_written();
		case 'h':
		case OPT_HELP:
			usage(stdout);
			return stdout_written();
		default:
			if (optopt >= OPT_ACCOUNT)
				fprintf(stderr, _("routedesk: %s needs a value\n"), argv[optind - 1]);
			else
				fprintf(stderr, _("routedesk: unknown option '%s'\n"), argv[optind - 1]);
			fputs(_("Try 'routedesk --help'.\n"), stderr);
			return APP_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, _("routedesk: unknown command '%s'\n"), argv[optind]);
		fputs(_("Try 'routedesk --help'.\n"), stderr);
		return APP_USAGE;
	}
	return -1;
}

static void today(char *buf)
{
	struct rd_date d;

	date_today(&d);
	date_format(&d, buf);
}

/* The notifier, from the [notify] lines: chosen now, shown by :info. */
static struct alerts *start_alerts(struct ui *ui, struct strbuf *err)
{
	char *path = api_config_path();
	struct alerts *a = alerts_new(ui->config.notify_names, ui->config.notify_values,
	                              ui->config.notify_lines, ui->config.n_notify,
	                              path ? path : "config", NULL, err);

	free(path);
	return a;
}

/* Settings, keys and theme: errors here stop the start, clearly. */
static int load_settings(struct ui *ui, const struct options *o)
{
	struct strbuf err = STRBUF_INIT;
	const char *theme;
	int rc = 0;

	state_config_init(&ui->config);
	if (state_config_load(&ui->config, &err) < 0)
		goto fail;
	/* Unknown settings are said on stderr now and on the message line
	 * once the screen is up (show_warnings), never silently dropped. */
	for (const char *w = ui->config.warnings.buf, *e; w && *w; w = *e ? e + 1 : e) {
		e = strchr(w, '\n');
		if (!e)
			e = w + strlen(w);
		fprintf(stderr, "routedesk: %.*s\n", (int)(e - w), w);
	}
	ui->no_preview = !ui->config.preview;
	ui->keys = keymap_new();
	for (size_t i = 0; i < ui->config.n_keys; i++) {
		if (keymap_bind(ui->keys, ui->config.key_names[i], ui->config.key_values[i], &err) < 0) {
			char *path = api_config_path();
			char *msg = strbuf_detach(&err, NULL);

			strbuf_addf(&err, "%s:%d: [keys] %s", path ? path : "config",
			            ui->config.key_lines[i], msg);
			free(path);
			free(msg);
			goto fail;
		}
	}
	if (ui->config.office_hours &&
	    loop_parse_hours(ui->config.office_hours, &ui->office_open, &ui->office_close) < 0) {
		char *path = api_config_path();

		strbuf_addf(&err, _("%s:%d: [ui] office_hours = %s: not HH:MM-HH:MM (07:00-18:00)"),
		            path ? path : "config", ui->config.office_hours_line,
		            ui->config.office_hours);
		free(path);
		goto fail;
	}
	theme = o->theme ? o->theme : ui->config.theme ? ui->config.theme : "default";
	if (theme_load(&ui->theme, theme, &err) < 0) {
		/* From the file: said as its other bad values are, or it read
		 * as if --theme had been wrong. */
		if (!o->theme && ui->config.theme) {
			char *path = api_config_path();
			char *msg = strbuf_detach(&err, NULL);

			strbuf_addf(&err, "%s:%d: [ui] theme = %s: %s", path ? path : "config",
			            ui->config.theme_line, ui->config.theme, msg);
			free(path);
			free(msg);
		}
		goto fail;
	}
	ui->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	ui->ascii = o->ascii || ui->config.ascii || !ui->utf8;
	view_ascii = ui->ascii;
	view_glyphs = ui->config.glyphs;
	ui->readonly = o->readonly;
	ui->fresh = o->fresh;
	ui->alerts = start_alerts(ui, &err);
	if (!ui->alerts)
		goto fail;
	goto out;
fail:
	fprintf(stderr, "routedesk: %s\n", strbuf_str(&err));
	rc = -1;
out:
	strbuf_free(&err);
	return rc;
}

static int connect_account(struct ui *ui, const struct options *o)
{
	struct api_error err = API_ERROR_INIT;
	struct strbuf msg = STRBUF_INIT;
	sigset_t all, old;

	api_account_init(&ui->acct);
	api_options_default(&ui->api);
	if (o->demo) {
		fprintf(stderr, _("routedesk: starting a demo sandbox with %d generated customers...\n"),
		        DEMO_CUSTOMERS);
		ui->demo = demo_start(DEMO_CUSTOMERS, DEMO_START_TIMEOUT, &msg);
		if (!ui->demo) {
			fprintf(stderr, "routedesk: %s\n", strbuf_str(&msg));
			strbuf_free(&msg);
			return -1;
		}
		ui->acct.name = xstrdup("demo");
		ui->acct.url = xstrdup(demo_url(ui->demo));
		ui->acct.key = xstrdup(DEMO_KEY);
		ui->acct.token = xstrdup(DEMO_TOKEN);
	} else if (api_config_load(o->account, &ui->acct, &err) < 0) {
		fprintf(stderr, "routedesk: %s\n", api_error_text(&err));
		api_error_clear(&err);
		return -1;
	}
	if (!ui->acct.url || !ui->acct.key || !ui->acct.token) {
		char *path = api_config_path();

		fprintf(stderr, _("routedesk: no account to use: set ROUTEDESK_URL, ROUTEDESK_KEY and "
		                  "ROUTEDESK_TOKEN, or write an [account NAME] section with url, key "
		                  "and token in %s; or try --demo\n"), path ? path : "~/.config/routedesk/config");
		free(path);
		return -1;
	}
	ui->api.url = ui->acct.url;
	ui->api.key = ui->acct.key;
	ui->api.token = ui->acct.token;
	if (ui->acct.rate >= 0)
		ui->api.reads_per_minute = ui->api.writes_per_minute = ui->acct.rate;
	if (ui->acct.search_cap > 0)
		ui->api.search_cap = ui->acct.search_cap;
	if (ui->acct.stall > 0)
		ui->api.stall_seconds = ui->acct.stall;
	/* The office's share: a console that cannot use it says so and runs
	 * on its own, as without one. */
	if (ui->acct.share && !o->demo) {
		ui->share = fetch_share_open(ui->acct.share, ui->acct.url, ui->acct.key, &msg);
		if (!ui->share) {
			/* Said once the screen is up: ui_error writes it to
			 * stderr too (it was said twice). */
			snprintf(ui->share_error, sizeof(ui->share_error),
			         _("share %s: %s: running unshared"), ui->acct.share, strbuf_str(&msg));
			strbuf_reset(&msg);
		}
	}
	/* routedesk's share of the day's reads, counted with the office's
	 * consoles on a share, else with this user's. */
	{
		char *dir = ui->share ? NULL : state_dir();

		if (dir)
			state_make_dirs(dir);
		ui->reads = fetch_budget_open_account(ui->share, dir, ui->acct.url, ui->acct.key,
		                                      ui->config.read_share);
		free(dir);
		ui->reads_share_left = -1;
		if (ui->reads) {
			ui->api.may_read = fetch_budget_may_read;
			ui->api.may_read_ctx = ui->reads;
			ui->api.read_unsent = fetch_budget_unsent;
			/* Each answer's limit kept for the share, and its
			 * count taken when routedesk's was unknown. */
			ui->api.on_budget = fetch_budget_note;
			ui->api.budget_ctx = ui->reads;
		}
	}
	/* The customer index is kept across runs on the share, else in the
	 * user's state directory, one file per account (0600): not the
	 * demo's, whose sandbox is new each run. */
	if (!fetch_share_uses(ui->share, "lookup") && !o->demo && ui->config.customer_index > 0) {
		char *dir = state_dir();
		struct strbuf sb = STRBUF_INIT;

		if (dir) {
			strbuf_addf(&sb, "%s/lookup", dir);
			if (state_make_dirs(sb.buf) == 0) {
				/* Other accounts' (a sandbox's port of last
				 * month) are of no use past a week. */
				warm_prune(AT_FDCWD, sb.buf, "-customer.json", time(NULL),
				           WARM_PRUNE_AGE);
				strbuf_addf(&sb, "/%016llx-customer.json",
				            (unsigned long long)hash_account(ui->acct.url, ui->acct.key));
				ui->index_file = strbuf_detach(&sb, NULL);
			}
			strbuf_free(&sb);
			free(dir);
		}
	}
	/* A read another console of the share is sending is waited for, not
	 * sent (the header says so); the fetch thread's other calls go on. */
	if (ui->share && (ui->flight = fetch_flight_open(ui->share, ui->acct.url, ui->acct.key,
	                                                 ui->acct.token, &msg)) != NULL) {
		ui->api.flight_ask = fetch_flight_ask;
		ui->api.flight_end = fetch_flight_end;
		ui->api.flight_ctx = ui->flight;
	} else if (ui->share) {
		/* Reads still counted in the share; only the combining is
		 * lost, said as a share that cannot be used is. */
		snprintf(ui->share_error, sizeof(ui->share_error),
		         _("share %s: identical reads are not combined: %s"), ui->acct.share,
		         strbuf_str(&msg));
	}
	strbuf_reset(&msg);
	/* Signals are the main thread's business (the self-pipe): the fetch
	 * thread, and the threads it starts, inherit a mask that blocks them,
	 * so a SIGWINCH never interrupts a transfer. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ui->fetch = fetch_start(&ui->api, &err);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!ui->fetch) {
		fprintf(stderr, "routedesk: %s\n", api_error_text(&err));
		api_error_clear(&err);
		return -1;
	}
	strbuf_free(&msg);
	return 0;
}

static const char *const *pane_names(void)
{
	static const char *names[PANE_COUNT];

	for (int i = 0; i < PANE_COUNT; i++)
		names[i] = app_pane_name(i);
	return names;
}

static void save_state(struct ui *ui)
{
	struct ui_state s;
	struct strbuf err = STRBUF_INIT;

	state_init(&s);
	snprintf(s.pane, sizeof(s.pane), "%s", app_pane_name(ui->cur == PANE_STOPS ? PANE_ROUTES : ui->cur));
	snprintf(s.date, sizeof(s.date), "%s", ui->date);
	today(s.saved_on);
	for (int p = 0; p < PANE_COUNT; p++) {
		struct frame *f = ui->panes[p];
		const char *flt;

		while (f && f->below)
			f = f->below;
		flt = f ? list_filter(f->list) : ui->saved.filters[p];
		s.filters[p] = flt ? xstrdup(flt) : NULL;
	}
	if (state_save(&s, pane_names(), PANE_COUNT, &err) < 0)
		fprintf(stderr, "routedesk: %s\n", strbuf_str(&err));
	state_free(&s);
	strbuf_free(&err);
	state_history_save(ui->cmd.hist, ui->cmd.n_hist);
}

static void read_keys(struct ui *ui)
{
	struct strbuf said = STRBUF_INIT;
	int key;

	while (!ui->quit && (key = term_key(ui)) >= 0) {
		double now = app_now(), next;

		/* A sequence ncurses did not know: its key, or -1 and said. */
		if (key == 27 && (key = term_escape(ui, &said)) < 0)
			ui_message(ui, "%s", strbuf_str(&said));
		if (key == (KEYF | KEY_RESIZE)) {
			app_mark(ui, DIRTY_ALL);
			continue;
		}
		if (key == (KEYF | KEY_MOUSE)) {
			MEVENT ev;

			if (getmouse(&ev) == OK)
				app_mouse(ui, ev.y, ev.x, (unsigned long)ev.bstate);
			continue;
		}
		/* Back from an idle spell (or after hours): the refresh comes
		 * back at once, and the tick to its usual pace. */
		next = loop_refresh_on_key(now, ui->last_key, ui->review_at, ui->next_refresh,
		                           ui->config.refresh, ui->config.refresh_idle);
		if (next != ui->next_refresh) {
			/* Someone is back: idle and after hours no longer say
			 * why the tick is late (the budget's reasons still do). */
			ui->refresh_slow &= ~(unsigned)(LOOP_SLOW_IDLE | LOOP_SLOW_AWAY | LOOP_SLOW_CLOSED);
			ui->next_refresh = next;
			app_mark(ui, DIRTY_HEADER);
		}
		ui->last_key = now;
		fetch_share_touch(ui->share, time(NULL));
		if (key >= 0)
			app_key(ui, key);
	}
	strbuf_free(&said);
}

/* Notifications: their terminal bytes go out now, between frames (curses
 * flushed the last frame whole and has not begun the next), their report
 * to the message line.  A script's screen is in memory: the bytes are
 * dropped, and the notifier is waited for so that each step sees what the
 * one before sent. */
static void take_alerts(struct ui *ui)
{
	struct strbuf report = STRBUF_INIT;

	if (alerts_pump(ui->alerts, ui->script ? -1 : STDOUT_FILENO,
	                ui->script ? SCRIPT_SETTLE_MS : 0, &report))
		ui_message(ui, "%s", report.buf);
	strbuf_free(&report);
}

static void run(struct ui *ui)
{
	struct script_run sr;

	memset(&sr, 0, sizeof(sr));
	if (ui->script)
		script_run_start(&sr, ui->script, app_now());

	while (!ui->quit) {
		struct pollfd fds[4];
		nfds_t n = 0;
		double now, until = 0;
		unsigned sig = term_signals(ui);

		if (sig & TERM_SIG_QUIT) {
			/* A script cut short did not pass, whatever it had
			 * checked so far. */
			if (ui->script) {
				fprintf(stderr, _("routedesk: %s:%d: stopped by a signal before the script's end\n"),
				        ui->script->path, sr.line);
				ui->exit_code = APP_FAILED;
			}
			break;
		}
		if (sig & TERM_SIG_STOP) {
			term_suspend(ui);
			app_mark(ui, DIRTY_ALL);
		}
		if (sig & TERM_SIG_WINCH)
			app_mark(ui, DIRTY_ALL);
		app_take_results(ui);
		take_alerts(ui);
		if (!ui->script)
			read_keys(ui);
		app_paste_check(ui, app_now());
		app_keys_replay(ui);
		if (ui->next_refresh && app_now() >= ui->next_refresh) {
			app_refresh_tick(ui, 0);
			app_schedule_refresh(ui);
		}
		/* A new minute of the clock: the header's age, the stops
		 * gone late and the Timeline's now line change with it. */
		if (!ui->script && (long long)(time(NULL) / 60) != ui->minute_drawn) {
			if (ui->minute_drawn)
				app_mark(ui, DIRTY_HEADER | DIRTY_BODY);
			ui->minute_drawn = (long long)(time(NULL) / 60);
		}
		if (ui->dirty && !ui->quit)
			screen_draw(ui);
		if (ui->quit)
			break;
		now = app_now();
		if (ui->script) {
			enum script_turn turn = script_run_turn(ui, &sr, now, &until);

			if (turn == SCRIPT_AGAIN)
				continue;
			if (turn == SCRIPT_FAILED)
				ui->exit_code = APP_FAILED;
			if (turn != SCRIPT_WAIT)
				break;
		} else {
			until = loop_earliest(ui->next_refresh,
			                      loop_next_minute(now, (long long)time(NULL)));
		}
		/* A paste whose end did not come ends (app_paste_check). */
		if (ui->paste.on)
			until = loop_earliest(until, ui->paste.at + PASTE_IDLE_S);
		/* The header's countdown of a wait changes every second. */
		if (ui->wait.kind != API_WAIT_NONE)
			until = loop_earliest(until, loop_next_tick(ui->wait.until_ms, now));
		if (term_input_fd(ui) >= 0)
			fds[n++] = (struct pollfd){ term_input_fd(ui), POLLIN, 0 };
		fds[n++] = (struct pollfd){ fetch_fd(ui->fetch), POLLIN, 0 };
		if (term_signal_fd(ui) >= 0)
			fds[n++] = (struct pollfd){ term_signal_fd(ui), POLLIN, 0 };
		if (alerts_fd(ui->alerts) >= 0)
			fds[n++] = (struct pollfd){ alerts_fd(ui->alerts), POLLIN, 0 };
		if (poll(fds, n, loop_poll_timeout(app_now(), until)) < 0 && errno != EINTR)
			break;
	}
}

/* The pane and date to open on: options, else the saved state. */
static void choose_start(struct ui *ui, const struct options *o, int *pane)
{
	char now[11];

	today(now);
	*pane = PANE_ROUTES;
	if (o->view)
		*pane = app_pane_of(o->view);
	else if (!ui->fresh && app_pane_of(ui->saved.pane) >= 0)
		*pane = app_pane_of(ui->saved.pane);
	if (*pane == PANE_STOPS)
		*pane = PANE_ROUTES;
	/* The day under review is today unless --date says otherwise: a
	 * console opened in the morning on yesterday's (or last week's) day,
	 * silently, would show a stale day as if it were the day's work. */
	if (o->date)
		snprintf(ui->date, sizeof(ui->date), "%s", o->date);
	else
		snprintf(ui->date, sizeof(ui->date), "%s", now);
}

static void ui_free(struct ui *ui)
{
	for (size_t i = 0; i < MSG_KEEP; i++)
		free(ui->msg_hist[i].text);
	app_free_panes(ui);
	if (ui->fetch)
		fetch_stop(ui->fetch);
	m_review_free(ui->review);
	days_free(ui);
	if (ui->employees)
		m_table_free(ui->employees);
	if (ui->service_types)
		m_table_free(ui->service_types);
	demo_stop(ui->demo);
	api_account_free(&ui->acct);
	fetch_flight_close(ui->flight); /* after the fetch thread, which borrows it */
	fetch_share_close(ui->share);
	free(ui->index_file);
	fetch_budget_close(ui->reads);
	state_config_free(&ui->config);
	state_free(&ui->saved);
	keymap_free(ui->keys);
	cmdline_free(&ui->cmd);
	theme_list_free(ui->themes, ui->n_themes);
	script_free(ui->script);
	alerts_free(ui->alerts);
	strbuf_free(&ui->msg);
	strbuf_free(&ui->alts);
	strbuf_free(&ui->filter_before);
}

int app_main(int argc, char **argv)
{
	struct ui ui;
	struct options o;
	struct strbuf err = STRBUF_INIT;
	const char *script = getenv("ROUTEDESK_SCRIPT");
	char **hist;
	size_t n_hist;
	int rc = parse_options(argc, argv, &o), pane;

	if (rc >= 0)
		return rc;
	memset(&ui, 0, sizeof(ui));
	ui.hooks = hooks;
	ui.last_key = app_now();
	ui.next_slot = FETCH_SLOT_VIEWS;
	ui.wait_shown = -1;
	cmdline_init(&ui.cmd, HISTORY_MAX);
	state_init(&ui.saved);
	if (load_settings(&ui, &o) < 0) {
		ui_free(&ui);
		return APP_USAGE;
	}
	if (script && *script) {
		ui.script = script_load(script, &err);
		if (!ui.script) {
			fprintf(stderr, "routedesk: ROUTEDESK_SCRIPT: %s\n", strbuf_str(&err));
			strbuf_free(&err);
			ui_free(&ui);
			return APP_USAGE;
		}
	}
	if (!ui.fresh && state_load(&ui.saved, pane_names(), PANE_COUNT, &err) < 0) {
		fprintf(stderr, _("routedesk: %s (ignored)\n"), strbuf_str(&err));
		strbuf_reset(&err);
	}
	choose_start(&ui, &o, &pane);
	today(ui.today_seen);
	/* --demo's sandbox takes seconds to generate: a console that cannot
	 * have its terminal says so first. */
	if (o.demo && term_check(ui.script != NULL, &err) < 0) {
		fprintf(stderr, "routedesk: %s\n", strbuf_str(&err));
		strbuf_free(&err);
		ui_free(&ui);
		return APP_FAILED;
	}
	if (api_global_init() < 0 || connect_account(&ui, &o) < 0) {
		ui_free(&ui);
		api_global_cleanup();
		return APP_USAGE;
	}
	n_hist = state_history_load(&hist, HISTORY_MAX);
	for (size_t i = 0; i < n_hist; i++) {
		cmdline_history_add(&ui.cmd, hist[i]);
		free(hist[i]);
	}
	free(hist);
	ui.n_themes = theme_list(&ui.themes);
	if (term_open(&ui, ui.script != NULL, &err) < 0) {
		fprintf(stderr, "routedesk: %s\n", strbuf_str(&err));
		strbuf_free(&err);
		ui_free(&ui);
		api_global_cleanup();
		return APP_FAILED;
	}
	if (!ui.fresh)
		kept_start(&ui);
	app_show_pane(&ui, pane);
	app_announce_start(&ui);
	/* The Routes view may have asked for the day itself when it opened;
	 * one review is enough. */
	if (ui.review) { /* warm: what changed since */
		struct fetch_job *job = fetch_job_refresh_from(FETCH_SLOT_REFRESH, ui.last_change, ui.date);

		fetch_job_set_share(job, ui.share, 120);
		ui.refresh_gen = ui_submit(&ui, NULL, job);
	}
	else if (!(pane == PANE_ROUTES && app_top(&ui) && app_top(&ui)->v->waiting))
		app_reload_review(&ui);
	app_schedule_refresh(&ui);
	app_mark(&ui, DIRTY_ALL);
	run(&ui);
	save_state(&ui);
	kept_save(&ui);
	/* Reads end now; a write still sending gets QUIT_GRACE_MS, then is cut
	 * off.  Every job's outcome then waits, for forms_quit below. */
	fetch_shutdown(ui.fetch, QUIT_GRACE_MS);
	app_free_panes(&ui);
	term_close(&ui);
	/* One line per write on stdout, once the screen is gone. */
	forms_quit(&ui, stdout);
	rc = ui.exit_code;
	ui_free(&ui);
	api_global_cleanup();
	/* Benchmarks measure the quit from the last key to this line. */
	trace_event("exit", "%d", rc);
	strbuf_free(&err);
	return rc;
}
