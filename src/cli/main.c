/* main.c: the routedesk program: global options and the subcommands. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli/cli.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "common/utf8.h"
#include "ui/app.h"

/* 1 when the command line is a `routedesk api` call, in any of its three
 * spellings (see main). */
static int is_api(int argc, char **argv)
{
	return (argc > 1 && strcmp(argv[1], "api") == 0) ||
	       (argc > 3 && strcmp(argv[1], "--account") == 0 && strcmp(argv[3], "api") == 0) ||
	       (argc > 2 && strncmp(argv[1], "--account=", 10) == 0 && strcmp(argv[2], "api") == 0);
}

/* ROUTEDESK_TRACE could not be used: said with its path (escaped: it is
 * the user's environment, but still bytes for a terminal). */
static void say_trace_failed(int api, int err)
{
	struct strbuf esc = STRBUF_INIT;
	const char *path = getenv("ROUTEDESK_TRACE");

	utf8_escape_controls(&esc, path, strlen(path));
	fprintf(stderr, _("%s: ROUTEDESK_TRACE=%s: %s (no trace is written)\n"),
	        api ? "routedesk api" : "routedesk", strbuf_str(&esc), strerror(err));
	strbuf_free(&esc);
}

/* A standard descriptor the caller closed (`routedesk api ... >&-`) is the
 * next one opened: the ROUTEDESK_TRACE file, a socket of libcurl's, and
 * the answer or the messages were written into it (exit 0, the JSON in
 * the trace).  Each is held by /dev/null opened the other way round, so
 * that using it fails as on a closed descriptor. */
static void hold_closed_std_fds(void)
{
	for (int fd = 0; fd < 3; fd++) {
		int n;

		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		n = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (n >= 0 && n != fd) {
			(void)dup2(n, fd);
			close(n);
		}
	}
}

int main(int argc, char **argv)
{
	/* No core file: one holds the token (the requests' bodies) and the
	 * customers read, and lands where the console was started, often a
	 * directory the office shares. */
	const struct rlimit no_core = { 0, 0 };

	hold_closed_std_fds();
	(void)setrlimit(RLIMIT_CORE, &no_core);
	setlocale(LC_ALL, "");
	/* Messages, dates and character classes follow the user; numbers do
	 * not.  What routedesk reads and writes as numbers (the wire's
	 * "7248.06", settings, JSON) uses a decimal point, and under es_ES
	 * strtod would stop at it. */
	setlocale(LC_NUMERIC, "C");
#ifdef ENABLE_NLS
	/* ROUTEDESK_LOCALEDIR, when set and not empty, is used instead of the
	 * installed LOCALEDIR: the tests (and a translator) read a catalogue
	 * from the build without installing it (DIR/LANG/LC_MESSAGES/routedesk.mo). */
	const char *localedir = getenv("ROUTEDESK_LOCALEDIR");

	if (localedir == NULL || *localedir == '\0')
		localedir = LOCALEDIR;
	bindtextdomain(PACKAGE, localedir);
	textdomain(PACKAGE);
#endif
	if (trace_init() < 0)
		say_trace_failed(is_api(argc, argv), errno);
	if (argc > 1 && strcmp(argv[1], "api") == 0)
		return cli_api(argc - 1, argv + 1);
	/* "routedesk --account NAME api ...": the account applies to the call. */
	if (argc > 3 && strcmp(argv[1], "--account") == 0 && strcmp(argv[3], "api") == 0) {
		char *api = argv[3];

		/* Rotated to "api --account NAME ..." in place. */
		argv[3] = argv[2];
		argv[2] = argv[1];
		argv[1] = api;
		return cli_api(argc - 1, argv + 1);
	}
	/* "routedesk --account=NAME api ...", the same in one word. */
	if (argc > 2 && strncmp(argv[1], "--account=", 10) == 0 && strcmp(argv[2], "api") == 0) {
		char *api = argv[2];

		argv[2] = argv[1];
		argv[1] = api;
		return cli_api(argc - 1, argv + 1);
	}
	/* Everything else is the console, which parses its own options
	 * (--help and --version included: its help lists both programs). */
	return app_main(argc, argv);
}
