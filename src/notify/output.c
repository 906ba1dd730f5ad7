/* output.c: the ways a notification leaves other than libnotify: escape bytes and a command. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "notify/notify.h"

extern char **environ;

void notify_sanitise(struct strbuf *out, const char *s, size_t max, int no_semicolon)
{
	struct strbuf flat = STRBUF_INIT, esc = STRBUF_INIT;
	size_t i, cut;

	if (!s)
		s = "";
	/* Line breaks and tabs read best as spaces in a one-line bubble;
	 * every other control is shown, not obeyed. */
	for (i = 0; s[i]; i++)
		strbuf_addc(&flat, s[i] == '\n' || s[i] == '\r' || s[i] == '\t' ? ' ' : s[i]);
	utf8_escape_controls(&esc, strbuf_str(&flat), flat.len);
	cut = esc.len;
	if (max && esc.len > max) {
		cut = max > 3 ? max - 3 : 0;
		/* Back to the start of a UTF-8 character: the output stays valid
		 * UTF-8, which D-Bus insists on. */
		while (cut > 0 && ((unsigned char)esc.buf[cut] & 0xC0) == 0x80)
			cut--;
	}
	for (i = 0; i < cut; i++)
		strbuf_addc(out, no_semicolon && esc.buf[i] == ';' ? ',' : esc.buf[i]);
	if (cut < esc.len)
		strbuf_adds(out, "...");
	strbuf_free(&flat);
	strbuf_free(&esc);
}

/* "TITLE: BODY" (or the one that is there) for transports with one text. */
static void one_line(struct strbuf *out, const char *title, const char *body)
{
	int has_title = title && title[0], has_body = body && body[0];

	if (has_title)
		notify_sanitise(out, title, NOTIFY_TITLE_MAX, 0);
	if (has_title && has_body)
		strbuf_adds(out, ": ");
	if (has_body)
		notify_sanitise(out, body, NOTIFY_BODY_MAX, 0);
}

/* The bare sequence, before any multiplexer wrapping. */
static void sequence(enum notify_transport t, int title_too, const char *title,
                     const char *body, struct strbuf *out)
{
	switch (t) {
	case NOTIFY_OSC777:
		strbuf_adds(out, "\033]777;notify;");
		notify_sanitise(out, title, NOTIFY_TITLE_MAX, 1);
		strbuf_addc(out, ';');
		notify_sanitise(out, body, NOTIFY_BODY_MAX, 1);
		strbuf_addc(out, '\a');
		break;
	case NOTIFY_OSC9:
		/* OSC 9 has a single text: the title leads, or the message
		 * would not say what happened. */
		strbuf_adds(out, "\033]9;");
		one_line(out, title, body);
		strbuf_addc(out, '\a');
		break;
	case NOTIFY_BELL:
		strbuf_addc(out, '\a');
		if (title_too) {
			strbuf_adds(out, "\033]2;");
			one_line(out, title, body);
			strbuf_addc(out, '\a');
		}
		break;
	default:
		break;
	}
}

void notify_terminal_bytes(const struct notify_choice *c, const char *title,
                           const char *body, struct strbuf *out)
{
	struct strbuf seq = STRBUF_INIT;
	size_t i;

	sequence(c->transport, c->title, title, body, &seq);
	if (seq.len == 0)
		return;
	switch (c->transport == NOTIFY_BELL ? NOTIFY_WRAP_NONE : c->wrap) {
	case NOTIFY_WRAP_TMUX:
		/* tmux passes a DCS "tmux;" payload through once every ESC in it
		 * is doubled. */
		strbuf_adds(out, "\033Ptmux;");
		for (i = 0; i < seq.len; i++) {
			if (seq.buf[i] == '\033')
				strbuf_addc(out, '\033');
			strbuf_addc(out, seq.buf[i]);
		}
		strbuf_adds(out, "\033\\");
		break;
	case NOTIFY_WRAP_SCREEN:
		strbuf_adds(out, "\033P");
		strbuf_add(out, seq.buf, seq.len);
		strbuf_adds(out, "\033\\");
		break;
	default:
		strbuf_add(out, seq.buf, seq.len);
		break;
	}
	strbuf_free(&seq);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Exit status as the shell reports it. */
static int status_of(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return -1;
}

int notify_run_command(const char *cmd, const char *title, const char *body,
                       int timeout_ms)
{
	/* "$0" names us in the command's error messages; "$1" "$2" are the
	 * text, which the shell never parses. */
	char *argv[] = { (char *)"sh", (char *)"-c", (char *)cmd, (char *)"routedesk-notify",
	                 (char *)(title ? title : ""), (char *)(body ? body : ""), NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, all;
	long long deadline;
	long delay = 1;
	pid_t pid, got;
	int rc, st = 0;

	if (!cmd || !cmd[0])
		return -1;
	posix_spawn_file_actions_init(&fa);
	/* curses owns the terminal: nothing of the command may land on it. */
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawnattr_init(&at);
	sigemptyset(&none);
	sigfillset(&all);
	posix_spawnattr_setsigmask(&at, &none);
	/* The UI ignores SIGPIPE and catches SIGWINCH; the command gets the
	 * defaults a fresh shell expects. */
	posix_spawnattr_setsigdefault(&at, &all);
	/* Its own group, so a timeout kills whatever it started too. */
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK
	                                      | POSIX_SPAWN_SETSIGDEF);
	rc = posix_spawn(&pid, "/bin/sh", &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (rc != 0)
		return -1;

	deadline = now_ms() + (timeout_ms > 0 ? timeout_ms : NOTIFY_COMMAND_TIMEOUT_MS);
	for (;;) {
		got = waitpid(pid, &st, WNOHANG);
		if (got == pid)
			return status_of(st);
		if (got < 0 && errno != EINTR)
			return errno == ECHILD ? -3 : -1; /* reaped elsewhere */
		if (now_ms() >= deadline)
			break;
		/* Most commands finish in a few ms; back off to 20 ms steps. */
		sleep_ms(delay);
		if (delay < 20)
			delay *= 2;
	}
	kill(-pid, SIGKILL);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return -2;
}
