/* config.c: the [notify] settings and the choice of transport from the environment. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "notify/notify.h"

static const char *const transport_names[] = {
	[NOTIFY_AUTO] = "auto",
	[NOTIFY_OFF] = "off",
	[NOTIFY_COMMAND] = "command",
	[NOTIFY_LIBNOTIFY] = "libnotify",
	[NOTIFY_OSC777] = "osc777",
	[NOTIFY_OSC9] = "osc9",
	[NOTIFY_BELL] = "bell",
};

/* The switches, as calcurse's confmap: key name to class. */
static const struct {
	const char *key;
	enum notify_class cls;
} switches[] = {
	{ "stops", NOTIFY_C_STOPS },
	{ "technician", NOTIFY_C_TECHNICIAN },
	{ "write_failed", NOTIFY_C_WRITE_FAILED },
	{ "connection", NOTIFY_C_CONNECTION },
	{ "budget", NOTIFY_C_BUDGET },
};

const char *notify_transport_name(enum notify_transport t)
{
	if ((unsigned)t < sizeof(transport_names) / sizeof(transport_names[0]))
		return transport_names[t];
	return "unknown";
}

int notify_have_libnotify(void)
{
#ifdef HAVE_LIBNOTIFY
	return 1;
#else
	return 0;
#endif
}

void notify_config_init(struct notify_config *cfg)
{
	cfg->command = NULL;
	cfg->transport = NOTIFY_AUTO;
	cfg->events = (1u << NOTIFY_C_COUNT) - 1;
}

void notify_config_free(struct notify_config *cfg)
{
	free(cfg->command);
	cfg->command = NULL;
}

/* 1 on, 0 off, -1 neither. */
static int parse_switch(const char *v)
{
	static const char *const on[] = { "on", "yes", "true", "1" };
	static const char *const off[] = { "off", "no", "false", "0" };
	size_t i;

	for (i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		if (strcasecmp(v, on[i]) == 0)
			return 1;
		if (strcasecmp(v, off[i]) == 0)
			return 0;
	}
	return -1;
}

int notify_config_set(struct notify_config *cfg, const char *key,
                      const char *value, struct strbuf *err)
{
	size_t i;
	int on;

	if (!key)
		key = "";
	if (!value)
		value = "";
	if (strcmp(key, "command") == 0 || strcmp(key, "notify_command") == 0) {
		free(cfg->command);
		/* An empty command means none: a way to switch one off again. */
		cfg->command = value[0] ? xstrdup(value) : NULL;
		return 0;
	}
	if (strcmp(key, "transport") == 0) {
		for (i = 0; i < sizeof(transport_names) / sizeof(transport_names[0]); i++) {
			/* "command" is chosen by setting command=, not named. */
			if (i != NOTIFY_COMMAND && strcasecmp(value, transport_names[i]) == 0) {
				cfg->transport = (enum notify_transport)i;
				return 0;
			}
		}
		strbuf_addf(err, _("[notify] transport: expected auto, libnotify, osc777, "
		                    "osc9, bell or off, not '%s'"), value);
		return -1;
	}
	for (i = 0; i < sizeof(switches) / sizeof(switches[0]); i++) {
		if (strcmp(key, switches[i].key) != 0)
			continue;
		on = parse_switch(value);
		if (on < 0) {
			strbuf_addf(err, _("[notify] %s: expected on or off, not '%s'"), key, value);
			return -1;
		}
		if (on)
			cfg->events |= 1u << switches[i].cls;
		else
			cfg->events &= ~(1u << switches[i].cls);
		return 0;
	}
	strbuf_addf(err, _("[notify] unknown setting '%s' (known: command, transport, "
	                    "stops, technician, write_failed, connection, budget)"), key);
	return -1;
}

/* NULL for an unset or empty variable, which both mean "not there". */
static const char *env_get(const char *name)
{
	const char *v = getenv(name);

	return v && v[0] ? v : NULL;
}

void notify_env_read(struct notify_env *env)
{
	char path[256];
	const char *rt;
	struct stat st;

	memset(env, 0, sizeof(*env));
	env->display = env_get("DISPLAY");
	env->wayland_display = env_get("WAYLAND_DISPLAY");
	env->dbus_address = env_get("DBUS_SESSION_BUS_ADDRESS");
	/* GLib looks for $XDG_RUNTIME_DIR/bus when the address is unset;
	 * pam_systemd makes that /run/user/UID. */
	rt = env_get("XDG_RUNTIME_DIR");
	if (rt)
		snprintf(path, sizeof(path), "%s/bus", rt);
	else
		snprintf(path, sizeof(path), "/run/user/%u/bus", (unsigned)getuid());
	env->bus_socket = stat(path, &st) == 0 && S_ISSOCK(st.st_mode);
	env->term = env_get("TERM");
	env->term_program = env_get("TERM_PROGRAM");
	env->vte_version = env_get("VTE_VERSION");
	env->konsole_version = env_get("KONSOLE_VERSION");
	env->kitty_window_id = env_get("KITTY_WINDOW_ID");
	env->wezterm_pane = env_get("WEZTERM_PANE");
	env->tmux = env_get("TMUX");
	env->sty = env_get("STY");
}

static int starts(const char *s, const char *prefix)
{
	return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The terminal that shows OSC 777, by name for :info, or NULL.  Inside
 * tmux TERM and TERM_PROGRAM name tmux, but the variables the outer
 * terminal set are usually still inherited. */
static const char *osc777_terminal(const struct notify_env *env)
{
	static const char *const terms[] = {
		"foot", "xterm-kitty", "wezterm", "rxvt-unicode", "xterm-ghostty",
		"konsole",
	};
	static const char *const programs[] = { "WezTerm", "ghostty", "konsole" };
	size_t i;

	if (env->vte_version)
		return "VTE";
	if (env->kitty_window_id)
		return "kitty";
	if (env->wezterm_pane)
		return "WezTerm";
	if (env->konsole_version)
		return "Konsole";
	for (i = 0; i < sizeof(programs) / sizeof(programs[0]); i++)
		if (env->term_program && strcasecmp(env->term_program, programs[i]) == 0)
			return programs[i];
	for (i = 0; i < sizeof(terms) / sizeof(terms[0]); i++)
		if (starts(env->term, terms[i]))
			return terms[i];
	return NULL;
}

/* Terminals that print an unknown OSC as text (the Linux console) or have
 * no escape sequences at all: only the bell is safe there. */
static int plain_terminal(const struct notify_env *env)
{
	const char *t = env->term;

	return !t || strcmp(t, "dumb") == 0 || starts(t, "linux") || starts(t, "vt")
	       || starts(t, "cons") || strcmp(t, "unknown") == 0;
}

static void add_why(struct notify_choice *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Appends to out->why, cut at its size. */
static void add_why(struct notify_choice *out, const char *fmt, ...)
{
	size_t len = strlen(out->why);
	va_list ap;

	if (len >= sizeof(out->why) - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(out->why + len, sizeof(out->why) - len, fmt, ap);
	va_end(ap);
}

/* Fills the terminal part of out: transport (req, or the best for the
 * terminal when req is NOTIFY_AUTO), wrap and title. */
static void choose_terminal(enum notify_transport req, const struct notify_env *env,
                            struct notify_choice *out)
{
	const char *name = osc777_terminal(env);

	out->title = !plain_terminal(env);
	if (req == NOTIFY_OSC777 || req == NOTIFY_OSC9 || req == NOTIFY_BELL) {
		out->transport = req;
		add_why(out, _("as configured"));
	} else if (name) {
		out->transport = NOTIFY_OSC777;
		add_why(out, _("terminal %s shows OSC 777"), name);
	} else if (!plain_terminal(env)) {
		out->transport = NOTIFY_OSC9;
		add_why(out, _("terminal %s: OSC 9"), env->term);
	} else {
		out->transport = NOTIFY_BELL;
		add_why(out, _("terminal %s has no notifications: bell"),
		        /* TRANSLATORS: in place of the terminal's name when TERM is not set. */
		        env->term ? env->term : _("unset"));
	}
	out->wrap = NOTIFY_WRAP_NONE;
	if (out->transport == NOTIFY_BELL)
		return; /* tmux and screen handle BEL and OSC 2 themselves */
	if (env->tmux) {
		out->wrap = NOTIFY_WRAP_TMUX;
		add_why(out, _(", through tmux (needs allow-passthrough on)"));
	} else if (env->sty) {
		out->wrap = NOTIFY_WRAP_SCREEN;
		add_why(out, _(", through screen"));
	}
}

void notify_choose(const struct notify_config *cfg, const struct notify_env *env,
                   int have_libnotify, struct notify_choice *out)
{
	struct notify_choice term;
	const char *display = env->display ? env->display : env->wayland_display;
	int bus = env->dbus_address || env->bus_socket;

	memset(out, 0, sizeof(*out));
	memset(&term, 0, sizeof(term));
	/* What libnotify falls back to, whatever was asked for. */
	choose_terminal(NOTIFY_AUTO, env, &term);
	out->fallback = term.transport;

	if (cfg->transport == NOTIFY_OFF) {
		out->transport = NOTIFY_OFF;
		add_why(out, _("switched off in [notify]"));
		return;
	}
	if (cfg->command) {
		out->transport = NOTIFY_COMMAND;
		add_why(out, _("[notify] command"));
		return;
	}
	if (cfg->transport == NOTIFY_LIBNOTIFY && have_libnotify) {
		out->transport = NOTIFY_LIBNOTIFY;
		add_why(out, _("as configured"));
		goto libnotify;
	}
	if (cfg->transport == NOTIFY_AUTO && have_libnotify && bus && display) {
		out->transport = NOTIFY_LIBNOTIFY;
		add_why(out, _("session bus and display %s"), display);
		goto libnotify;
	}
	if (cfg->transport == NOTIFY_LIBNOTIFY)
		add_why(out, _("libnotify asked for but not built in; "));
	else if (cfg->transport == NOTIFY_AUTO && !have_libnotify)
		add_why(out, _("built without libnotify; "));
	else if (cfg->transport == NOTIFY_AUTO && !bus)
		add_why(out, _("no session bus; "));
	else if (cfg->transport == NOTIFY_AUTO)
		add_why(out, _("no display; "));
	choose_terminal(cfg->transport, env, out);
	out->fallback = out->transport;
	return;

libnotify:
	out->wrap = term.wrap;
	out->title = term.title;
}
