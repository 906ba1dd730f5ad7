/* test_notify.c: transport choice, OSC bytes, the command, the queue and pending terminal bytes. */
#include "config.h"

#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "notify/notify.h"

/* ---- helpers ---- */

static struct notify_choice choose(const struct notify_env *env, int have)
{
	struct notify_config cfg;
	struct notify_choice c;

	notify_config_init(&cfg);
	notify_choose(&cfg, env, have, &c);
	notify_config_free(&cfg);
	return c;
}

static struct notify_choice choose_with(const char *key, const char *value,
                                        const struct notify_env *env, int have)
{
	struct notify_config cfg;
	struct notify_choice c;
	struct strbuf err = STRBUF_INIT;

	notify_config_init(&cfg);
	assert_int_equal(notify_config_set(&cfg, key, value, &err), 0);
	notify_choose(&cfg, env, have, &c);
	notify_config_free(&cfg);
	strbuf_free(&err);
	return c;
}

static char *term_bytes(enum notify_transport t, enum notify_wrap w, int title,
                        const char *tt, const char *body)
{
	struct notify_choice c;
	struct strbuf out = STRBUF_INIT;

	memset(&c, 0, sizeof(c));
	c.transport = t;
	c.wrap = w;
	c.title = title;
	notify_terminal_bytes(&c, tt, body, &out);
	return strbuf_detach(&out, NULL);
}

static char tmpdir[64];

static int make_tmpdir(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test_notify.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static char *slurp(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[256];
	size_t got;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, got);
	fclose(f);
	return strbuf_detach(&sb, NULL);
}

/* A plain xterm without bus or display. */
static struct notify_env xterm_env(void)
{
	struct notify_env env;

	memset(&env, 0, sizeof(env));
	env.term = "xterm-256color";
	return env;
}

/* ---- transport selection ---- */

static void test_choose_libnotify_needs_all_three(void **state)
{
	struct notify_env env = xterm_env();
	struct notify_choice c;

	(void)state;
	env.display = ":0";
	env.dbus_address = "unix:path=/run/user/1000/bus";
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_LIBNOTIFY);
	assert_int_equal(c.fallback, NOTIFY_OSC9);
	assert_non_null(strstr(c.why, ":0"));

	c = choose(&env, 0); /* not built in */
	assert_int_equal(c.transport, NOTIFY_OSC9);
	assert_non_null(strstr(c.why, "without libnotify"));

	env.display = NULL; /* over SSH: bus but no display */
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_OSC9);
	assert_non_null(strstr(c.why, "no display"));

	env.wayland_display = "wayland-0";
	assert_int_equal(choose(&env, 1).transport, NOTIFY_LIBNOTIFY);

	env.dbus_address = NULL; /* display, no bus */
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_OSC9);
	assert_non_null(strstr(c.why, "no session bus"));

	env.bus_socket = 1; /* the default socket counts as a bus */
	assert_int_equal(choose(&env, 1).transport, NOTIFY_LIBNOTIFY);
}

static void test_choose_terminal_kind(void **state)
{
	struct notify_env env = xterm_env();
	struct notify_choice c;

	(void)state;
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_OSC9);
	assert_int_equal(c.wrap, NOTIFY_WRAP_NONE);

	env.vte_version = "7200";
	assert_int_equal(choose(&env, 1).transport, NOTIFY_OSC777);
	env = xterm_env();
	env.term = "foot";
	assert_int_equal(choose(&env, 1).transport, NOTIFY_OSC777);
	env.term = "xterm-kitty";
	assert_int_equal(choose(&env, 1).transport, NOTIFY_OSC777);
	env.term = "rxvt-unicode-256color";
	assert_int_equal(choose(&env, 1).transport, NOTIFY_OSC777);
	env = xterm_env();
	env.term_program = "WezTerm";
	assert_int_equal(choose(&env, 1).transport, NOTIFY_OSC777);
	env = xterm_env();
	env.konsole_version = "230402";
	assert_int_equal(choose(&env, 1).transport, NOTIFY_OSC777);
	env = xterm_env();
	env.term_program = "iTerm.app"; /* iTerm2 shows OSC 9 */
	assert_int_equal(choose(&env, 1).transport, NOTIFY_OSC9);

	/* The Linux console prints an unknown OSC as text: bell only. */
	env = xterm_env();
	env.term = "linux";
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_BELL);
	assert_int_equal(c.title, 0);
	env.term = NULL;
	assert_int_equal(choose(&env, 1).transport, NOTIFY_BELL);
	env.term = "dumb";
	assert_int_equal(choose(&env, 1).transport, NOTIFY_BELL);
}

static void test_choose_multiplexers(void **state)
{
	struct notify_env env = xterm_env();
	struct notify_choice c;

	(void)state;
	env.term = "tmux-256color";
	env.term_program = "tmux";
	env.tmux = "/tmp/tmux-1000/default,1234,0";
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_OSC9);
	assert_int_equal(c.wrap, NOTIFY_WRAP_TMUX);
	assert_non_null(strstr(c.why, "tmux"));
	env.vte_version = "7200"; /* the outer terminal, inherited */
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_OSC777);
	assert_int_equal(c.wrap, NOTIFY_WRAP_TMUX);

	env = xterm_env();
	env.term = "screen.xterm-256color";
	env.sty = "1234.pts-0.host";
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_OSC9);
	assert_int_equal(c.wrap, NOTIFY_WRAP_SCREEN);
	assert_int_equal(c.title, 1);

	/* With a display and bus, libnotify still wins; the fallback keeps
	 * the wrapping. */
	env.display = ":0";
	env.bus_socket = 1;
	c = choose(&env, 1);
	assert_int_equal(c.transport, NOTIFY_LIBNOTIFY);
	assert_int_equal(c.fallback, NOTIFY_OSC9);
	assert_int_equal(c.wrap, NOTIFY_WRAP_SCREEN);
}

static void test_choose_configured(void **state)
{
	struct notify_env env = xterm_env();
	struct notify_choice c;
	struct notify_config cfg;
	struct strbuf err = STRBUF_INIT;

	(void)state;
	env.display = ":0";
	env.bus_socket = 1;
	env.vte_version = "7200";
	assert_int_equal(choose_with("command", "logger \"$1\"", &env, 1).transport, NOTIFY_COMMAND);
	assert_int_equal(choose_with("transport", "osc9", &env, 1).transport, NOTIFY_OSC9);
	assert_int_equal(choose_with("transport", "OSC777", &env, 0).transport, NOTIFY_OSC777);
	c = choose_with("transport", "bell", &env, 1);
	assert_int_equal(c.transport, NOTIFY_BELL);
	assert_int_equal(c.title, 1);
	assert_int_equal(choose_with("transport", "off", &env, 1).transport, NOTIFY_OFF);
	/* libnotify asked for without it built in: the terminal. */
	c = choose_with("transport", "libnotify", &env, 0);
	assert_int_equal(c.transport, NOTIFY_OSC777);
	assert_non_null(strstr(c.why, "not built in"));
	env.display = NULL;
	assert_int_equal(choose_with("transport", "libnotify", &env, 1).transport, NOTIFY_LIBNOTIFY);

	/* off beats a command. */
	notify_config_init(&cfg);
	assert_int_equal(notify_config_set(&cfg, "notify_command", "true", &err), 0);
	assert_int_equal(notify_config_set(&cfg, "transport", "off", &err), 0);
	notify_choose(&cfg, &env, 1, &c);
	assert_int_equal(c.transport, NOTIFY_OFF);
	notify_config_free(&cfg);
	strbuf_free(&err);
}

static void test_config_parse(void **state)
{
	struct notify_config cfg;
	struct strbuf err = STRBUF_INIT;

	(void)state;
	notify_config_init(&cfg);
	assert_int_equal(cfg.events, (1u << NOTIFY_C_COUNT) - 1);
	assert_null(cfg.command);

	assert_int_equal(notify_config_set(&cfg, "stops", "off", &err), 0);
	assert_int_equal(notify_config_set(&cfg, "budget", "No", &err), 0);
	assert_int_equal(cfg.events, (1u << NOTIFY_C_TECHNICIAN) | (1u << NOTIFY_C_WRITE_FAILED)
	                                     | (1u << NOTIFY_C_CONNECTION));
	assert_int_equal(notify_config_set(&cfg, "stops", "on", &err), 0);
	assert_true(cfg.events & (1u << NOTIFY_C_STOPS));
	assert_int_equal(notify_config_set(&cfg, "technician", "0", &err), 0);
	assert_int_equal(notify_config_set(&cfg, "write_failed", "false", &err), 0);
	assert_int_equal(notify_config_set(&cfg, "connection", "yes", &err), 0);
	assert_int_equal(cfg.events, (1u << NOTIFY_C_STOPS) | (1u << NOTIFY_C_CONNECTION));
	assert_int_equal(err.len, 0);

	assert_int_equal(notify_config_set(&cfg, "stops", "maybe", &err), -1);
	assert_non_null(strstr(strbuf_str(&err), "stops"));
	assert_true(cfg.events & (1u << NOTIFY_C_STOPS)); /* unchanged */
	strbuf_reset(&err);

	assert_int_equal(notify_config_set(&cfg, "transport", "smoke", &err), -1);
	assert_non_null(strstr(strbuf_str(&err), "transport"));
	assert_int_equal(cfg.transport, NOTIFY_AUTO);
	strbuf_reset(&err);
	assert_int_equal(notify_config_set(&cfg, "transport", "command", &err), -1);
	strbuf_reset(&err);
	assert_int_equal(notify_config_set(&cfg, "sound", "on", &err), -1);
	assert_non_null(strstr(strbuf_str(&err), "sound"));
	strbuf_reset(&err);

	assert_int_equal(notify_config_set(&cfg, "command", "notify-send \"$1\" \"$2\"", &err), 0);
	assert_string_equal(cfg.command, "notify-send \"$1\" \"$2\"");
	assert_int_equal(notify_config_set(&cfg, "command", "", &err), 0);
	assert_null(cfg.command);
	assert_int_equal(notify_config_set(&cfg, "transport", "osc777", &err), 0);
	assert_int_equal(cfg.transport, NOTIFY_OSC777);
	assert_string_equal(notify_transport_name(cfg.transport), "osc777");
	notify_config_free(&cfg);
	strbuf_free(&err);
}

/* ---- bytes ---- */

static void test_osc_sequences(void **state)
{
	char *b;

	(void)state;
	b = term_bytes(NOTIFY_OSC9, NOTIFY_WRAP_NONE, 1, "Stop completed", "Route 7: Jane Doe");
	assert_string_equal(b, "\033]9;Stop completed: Route 7: Jane Doe\a");
	free(b);
	b = term_bytes(NOTIFY_OSC777, NOTIFY_WRAP_NONE, 1, "Stop completed", "Route 7: Jane Doe");
	assert_string_equal(b, "\033]777;notify;Stop completed;Route 7: Jane Doe\a");
	free(b);
	/* ';' separates OSC 777 fields; OSC 9 has one field and keeps it. */
	b = term_bytes(NOTIFY_OSC777, NOTIFY_WRAP_NONE, 1, "a;b", "c;d");
	assert_string_equal(b, "\033]777;notify;a,b;c,d\a");
	free(b);
	b = term_bytes(NOTIFY_OSC9, NOTIFY_WRAP_NONE, 1, "a;b", "c;d");
	assert_string_equal(b, "\033]9;a;b: c;d\a");
	free(b);
	b = term_bytes(NOTIFY_OSC9, NOTIFY_WRAP_NONE, 1, "Only title", NULL);
	assert_string_equal(b, "\033]9;Only title\a");
	free(b);
	b = term_bytes(NOTIFY_BELL, NOTIFY_WRAP_NONE, 1, "T", "B");
	assert_string_equal(b, "\a\033]2;T: B\a");
	free(b);
	b = term_bytes(NOTIFY_BELL, NOTIFY_WRAP_TMUX, 0, "T", "B"); /* tmux rings itself */
	assert_string_equal(b, "\a");
	free(b);
	b = term_bytes(NOTIFY_LIBNOTIFY, NOTIFY_WRAP_NONE, 1, "T", "B");
	assert_string_equal(b, "");
	free(b);
}

static void test_osc_wrapped(void **state)
{
	char *b;

	(void)state;
	b = term_bytes(NOTIFY_OSC777, NOTIFY_WRAP_TMUX, 1, "T", "B");
	assert_string_equal(b, "\033Ptmux;\033\033]777;notify;T;B\a\033\\");
	free(b);
	b = term_bytes(NOTIFY_OSC9, NOTIFY_WRAP_TMUX, 1, "T", "B");
	assert_string_equal(b, "\033Ptmux;\033\033]9;T: B\a\033\\");
	free(b);
	b = term_bytes(NOTIFY_OSC9, NOTIFY_WRAP_SCREEN, 1, "T", "B");
	assert_string_equal(b, "\033P\033]9;T: B\a\033\\");
	free(b);
}

static void test_sanitise_hostile_names(void **state)
{
	const char *evil = "Route 7: Evil\033]2;pwned\aCorp\033\\";
	char *b;
	size_t i, esc = 0;

	(void)state;
	b = term_bytes(NOTIFY_OSC777, NOTIFY_WRAP_NONE, 1, "Stop completed", evil);
	assert_string_equal(b, "\033]777;notify;Stop completed;Route 7: Evil^[]2,pwned^GCorp^[\\\a");
	free(b);
	/* Through tmux: the only ESCs are the wrapper's two and the doubled
	 * one that opens the OSC. */
	b = term_bytes(NOTIFY_OSC777, NOTIFY_WRAP_TMUX, 1, "Stop\033[31m", evil);
	assert_string_equal(b, "\033Ptmux;\033\033]777;notify;Stop^[[31m;"
	                       "Route 7: Evil^[]2,pwned^GCorp^[\\\a\033\\");
	for (i = 0; b[i]; i++)
		esc += b[i] == '\033';
	assert_int_equal(esc, 4);
	free(b);
	/* C1 (CSI as U+009B), a raw 0x9c (8-bit ST), DEL, newline, tab. */
	b = term_bytes(NOTIFY_OSC9, NOTIFY_WRAP_NONE, 1, "T", "a\xc2\x9b" "1m\x9c\x7f\nb\tc");
	assert_string_equal(b, "\033]9;T: a\\x9b1m\\x9c^? b c\a");
	free(b);
}

static void test_sanitise_cut(void **state)
{
	struct strbuf out = STRBUF_INIT, in = STRBUF_INIT;
	int i;

	(void)state;
	for (i = 0; i < 1000; i++)
		strbuf_addc(&in, 'x');
	notify_sanitise(&out, strbuf_str(&in), NOTIFY_BODY_MAX, 0);
	assert_int_equal(out.len, NOTIFY_BODY_MAX);
	assert_string_equal(out.buf + out.len - 3, "...");
	strbuf_reset(&out);
	strbuf_reset(&in);
	/* 2-byte characters: the cut never splits one. */
	for (i = 0; i < 300; i++)
		strbuf_adds(&in, "\xc3\xa9");
	notify_sanitise(&out, strbuf_str(&in), NOTIFY_BODY_MAX, 0);
	assert_true(out.len <= NOTIFY_BODY_MAX);
	assert_true(utf8_valid(out.buf, out.len));
	assert_int_equal(out.len, 396 + 3);
	strbuf_reset(&out);
	notify_sanitise(&out, "short", NOTIFY_BODY_MAX, 0);
	assert_string_equal(strbuf_str(&out), "short");
	strbuf_free(&out);
	strbuf_free(&in);
}

/* ---- the command ---- */

static void test_command_arguments_not_interpolated(void **state)
{
	char file[128], marker[128], cmd[512], want[512], *got;
	const char *title = "Stop $(touch MARK) `id` done";
	const char *body = "Jane \"Doe\"; rm -rf '$HOME' & echo";

	(void)state;
	snprintf(file, sizeof(file), "%s/out", tmpdir);
	snprintf(marker, sizeof(marker), "%s/MARK", tmpdir);
	snprintf(cmd, sizeof(cmd), "cd '%s' && printf '%%s|%%s\\n' \"$1\" \"$2\" > '%s'", tmpdir, file);
	assert_int_equal(notify_run_command(cmd, title, body, 10000), 0);
	got = slurp(file);
	assert_non_null(got);
	snprintf(want, sizeof(want), "%s|%s\n", title, body);
	assert_string_equal(got, want);
	free(got);
	assert_int_equal(access(marker, F_OK), -1);

	assert_int_equal(notify_run_command("exit 3", "t", "b", 10000), 3);
	assert_int_equal(notify_run_command("kill -TERM $$", "t", "b", 10000), 128 + 15);
	assert_int_equal(notify_run_command("", "t", "b", 10000), -1);
	/* A command that never ends is killed, with what it started. */
	assert_int_equal(notify_run_command("sleep 30 & wait", "t", "b", 200), -2);
}

static void test_command_through_notifier(void **state)
{
	struct notify_config cfg;
	struct notify_env env = xterm_env();
	struct notify_stats st;
	struct strbuf cmd = STRBUF_INIT;
	struct notify *n;
	char file[128], *got, *report;
	size_t len;

	(void)state;
	snprintf(file, sizeof(file), "%s/through", tmpdir);
	strbuf_addf(&cmd, "printf '%%s|%%s\\n' \"$1\" \"$2\" >> '%s'", file);
	notify_config_init(&cfg);
	cfg.command = strbuf_detach(&cmd, NULL);
	n = notify_new(&cfg, &env);
	assert_int_equal(notify_transport(n), NOTIFY_COMMAND);
	assert_int_equal(notify_post(n, "Stop completed", "Route 7: Evil\033[2JCorp"), 0);
	assert_int_equal(notify_flush(n, 20000), 0);
	got = slurp(file);
	assert_non_null(got);
	assert_string_equal(got, "Stop completed|Route 7: Evil^[[2JCorp\n");
	free(got);
	assert_null(notify_take_terminal_bytes(n, &len));
	assert_int_equal(len, 0);
	assert_null(notify_take_report(n));
	notify_get_stats(n, &st);
	assert_int_equal(st.sent, 1);
	assert_int_equal(st.failed, 0);
	notify_free(n);
	notify_config_free(&cfg);

	/* A failing command is reported once and counted each time. */
	notify_config_init(&cfg);
	cfg.command = xstrdup("exit 7");
	n = notify_new(&cfg, &env);
	assert_int_equal(notify_post(n, "a", "b"), 0);
	assert_int_equal(notify_post(n, "c", "d"), 0);
	assert_int_equal(notify_flush(n, 20000), 0);
	report = notify_take_report(n);
	assert_non_null(report);
	assert_non_null(strstr(report, "status 7"));
	free(report);
	assert_null(notify_take_report(n));
	notify_get_stats(n, &st);
	assert_int_equal(st.failed, 2);
	notify_free(n);
	notify_config_free(&cfg);
}

static void test_queue_drops_when_full(void **state)
{
	struct notify_config cfg;
	struct notify_env env = xterm_env();
	struct notify_stats st;
	struct strbuf cmd = STRBUF_INIT;
	struct notify *n;
	char fifo[128], go[64];
	int fd, i, dropped = 0;

	(void)state;
	snprintf(fifo, sizeof(fifo), "%s/fifo", tmpdir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	/* O_RDWR never blocks on a FIFO and keeps a writer there, so each
	 * command blocks reading one byte until the test gives it. */
	fd = open(fifo, O_RDWR);
	assert_true(fd >= 0);
	strbuf_addf(&cmd, "dd if='%s' of=/dev/null bs=1 count=1 2>/dev/null", fifo);
	notify_config_init(&cfg);
	cfg.command = strbuf_detach(&cmd, NULL);
	n = notify_new(&cfg, &env);
	/* The worker holds at most one, the queue NOTIFY_QUEUE_MAX: posting
	 * returns at once even though nothing can be delivered. */
	for (i = 0; i < NOTIFY_QUEUE_MAX + 8; i++)
		dropped += notify_post(n, "t", "b") == -1;
	assert_true(dropped >= 7);
	notify_get_stats(n, &st);
	assert_int_equal(st.dropped, (unsigned long)dropped);
	assert_int_equal(st.posted, NOTIFY_QUEUE_MAX + 8);
	assert_int_equal(st.sent, 0);
	memset(go, 'g', sizeof(go));
	assert_int_equal(write(fd, go, sizeof(go)), (ssize_t)sizeof(go));
	assert_int_equal(notify_flush(n, 60000), 0);
	notify_get_stats(n, &st);
	assert_int_equal(st.sent + st.dropped, NOTIFY_QUEUE_MAX + 8);
	notify_free(n);
	notify_config_free(&cfg);
	close(fd);
}

/* ---- the notifier with a terminal transport ---- */

static void test_terminal_bytes_pending(void **state)
{
	struct notify_env env = xterm_env();
	struct notify_stats st;
	struct strbuf info = STRBUF_INIT;
	struct pollfd pfd;
	struct notify *n;
	char *bytes;
	size_t len;

	(void)state;
	env.tmux = "/tmp/tmux-0/default,1,0";
	n = notify_new(NULL, &env);
	assert_int_equal(notify_transport(n), NOTIFY_OSC9);
	assert_int_equal(notify_flush(n, 1000), 0); /* no worker: idle at once */
	assert_int_equal(notify_post(n, "Connection lost", "retrying"), 0);
	assert_int_equal(notify_post(n, "Connection back", NULL), 0);
	pfd.fd = notify_wake_fd(n);
	pfd.events = POLLIN;
	assert_true(pfd.fd >= 0);
	assert_int_equal(poll(&pfd, 1, 0), 1);
	bytes = notify_take_terminal_bytes(n, &len);
	assert_non_null(bytes);
	assert_int_equal(len, strlen(bytes));
	assert_string_equal(bytes, "\033Ptmux;\033\033]9;Connection lost: retrying\a\033\\"
	                           "\033Ptmux;\033\033]9;Connection back\a\033\\");
	free(bytes);
	assert_int_equal(poll(&pfd, 1, 0), 0); /* drained */
	assert_null(notify_take_terminal_bytes(n, &len));
	notify_get_stats(n, &st);
	assert_int_equal(st.sent, 2);
	notify_describe(n, &info);
	assert_non_null(strstr(strbuf_str(&info), "osc9"));
	assert_non_null(strstr(strbuf_str(&info), "2 sent"));
	strbuf_free(&info);
	notify_free(n);
}

static void test_off_posts_nothing(void **state)
{
	struct notify_config cfg;
	struct notify_env env = xterm_env();
	struct notify *n;
	size_t len;

	(void)state;
	notify_config_init(&cfg);
	cfg.transport = NOTIFY_OFF;
	n = notify_new(&cfg, &env);
	assert_int_equal(notify_post(n, "t", "b"), 1);
	assert_null(notify_take_terminal_bytes(n, &len));
	notify_free(n);
	notify_config_free(&cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_choose_libnotify_needs_all_three),
		cmocka_unit_test(test_choose_terminal_kind),
		cmocka_unit_test(test_choose_multiplexers),
		cmocka_unit_test(test_choose_configured),
		cmocka_unit_test(test_config_parse),
		cmocka_unit_test(test_osc_sequences),
		cmocka_unit_test(test_osc_wrapped),
		cmocka_unit_test(test_sanitise_hostile_names),
		cmocka_unit_test(test_sanitise_cut),
		cmocka_unit_test(test_command_arguments_not_interpolated),
		cmocka_unit_test(test_command_through_notifier),
		cmocka_unit_test(test_queue_drops_when_full),
		cmocka_unit_test(test_terminal_bytes_pending),
		cmocka_unit_test(test_off_posts_nothing),
	};

	return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
