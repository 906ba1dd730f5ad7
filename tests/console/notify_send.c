/* notify_send.c: sends one notification through src/notify, for tests/console/notify.sh. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "notify/notify.h"

/*
 * notify_send [--transport NAME] [--command CMD] TITLE BODY
 *   Chooses the transport from the environment as the console does, sends
 *   one notification, waits for the worker (at most 60 s), then writes the
 *   terminal bytes (if any) to stdout, and "transport: ...", "report: ..."
 *   and the counters to stderr.  Exit 0 when the notification went out.
 * notify_send --stuck TITLE BODY
 *   Posts, waits only 2 s for the worker ("flush: done" or "flush: timeout"
 *   on stderr), then quits as the console does: a worker stuck in a D-Bus
 *   call must not keep the program from exiting.  Exit 0 when it got there.
 * notify_send --have-libnotify
 *   Exit 0 when this build has libnotify, 1 when not.
 */

static int usage(void)
{
	fputs("usage: notify_send [--stuck] [--transport NAME] [--command CMD] TITLE BODY\n"
	      "       notify_send --have-libnotify\n", stderr);
	return 2;
}

int main(int argc, char **argv)
{
	struct notify_config cfg;
	struct notify_stats st;
	struct strbuf err = STRBUF_INIT, info = STRBUF_INIT;
	struct notify *n;
	char *bytes, *report;
	size_t len;
	int i, rc = 0, stuck = 0;

	if (argc == 2 && strcmp(argv[1], "--have-libnotify") == 0)
		return notify_have_libnotify() ? 0 : 1;
	notify_config_init(&cfg);
	if (argc > 1 && strcmp(argv[1], "--stuck") == 0) {
		stuck = 1;
		argv++;
		argc--;
	}
	for (i = 1; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		const char *key = strcmp(argv[i], "--transport") == 0 ? "transport"
		                  : strcmp(argv[i], "--command") == 0 ? "command" : NULL;

		if (!key || notify_config_set(&cfg, key, argv[i + 1], &err) != 0) {
			if (err.len)
				fprintf(stderr, "notify_send: %s\n", strbuf_str(&err));
			notify_config_free(&cfg);
			strbuf_free(&err);
			return usage();
		}
	}
	if (argc - i != 2) {
		notify_config_free(&cfg);
		return usage();
	}

	n = notify_new(&cfg, NULL);
	notify_describe(n, &info);
	fprintf(stderr, "transport: %s\n", strbuf_str(&info));
	if (notify_post(n, argv[i], argv[i + 1]) != 0)
		rc = 1;
	if (stuck) {
		fprintf(stderr, "flush: %s\n", notify_flush(n, 2000) == 0 ? "done" : "timeout");
		notify_free(n);
		notify_config_free(&cfg);
		strbuf_free(&err);
		strbuf_free(&info);
		fputs("freed\n", stderr);
		return rc;
	}
	if (notify_flush(n, 60000) != 0) {
		fputs("notify_send: the worker did not finish in 60 s\n", stderr);
		rc = 1;
	}
	bytes = notify_take_terminal_bytes(n, &len);
	if (bytes && fwrite(bytes, 1, len, stdout) != len)
		rc = 1;
	free(bytes);
	report = notify_take_report(n);
	if (report)
		fprintf(stderr, "report: %s\n", report);
	free(report);
	notify_get_stats(n, &st);
	fprintf(stderr, "now: %s\nsent %lu, failed %lu, dropped %lu\n",
	        notify_transport_name(notify_transport(n)), st.sent, st.failed, st.dropped);
	if (st.sent != 1)
		rc = 1;
	notify_free(n);
	notify_config_free(&cfg);
	strbuf_free(&err);
	strbuf_free(&info);
	return rc;
}
