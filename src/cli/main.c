/* main.c: the routedesk program: global options and the subcommands. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "common/trace.h"
#include "ui/app.h"

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
#ifdef ENABLE_NLS
	bindtextdomain(PACKAGE, LOCALEDIR);
	textdomain(PACKAGE);
#endif
	if (trace_init() < 0)
		perror("routedesk: ROUTEDESK_TRACE");
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
	/* Everything else is the console, which parses its own options
	 * (--help and --version included: its help lists both programs). */
	return app_main(argc, argv);
}
