/* main.c: the routedesk program: global options and the subcommands. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "common/trace.h"

static void usage(FILE *f)
{
	fputs(_("usage: routedesk api [OPTIONS] PATH [NAME=VALUE | NAME:=JSON ...]\n"
	        "       routedesk [--account NAME] [--date YYYY-MM-DD] [--view VIEW] [--readonly]\n"
	        "                 [--theme NAME] [--ascii] [--demo]\n"
	        "       routedesk --version | --help\n"
	        "\n"
	        "routedesk api makes one call to the field-service API and prints the\n"
	        "answer; 'routedesk api --help' tells more.  The console (routedesk with\n"
	        "no subcommand) is not built yet.\n"), f);
}

/* The console's options (DESIGN.md section 2): 1 a flag, 2 one taking a
 * value, 0 not one of them. */
static int console_option(const char *arg)
{
	static const char *const flags[] = { "--readonly", "--ascii", "--demo" };
	static const char *const valued[] = { "--account", "--date", "--view", "--theme" };
	size_t n = strcspn(arg, "=");

	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (strcmp(arg, flags[i]) == 0)
			return 1;
	for (size_t i = 0; i < sizeof(valued) / sizeof(valued[0]); i++)
		if (strlen(valued[i]) == n && strncmp(arg, valued[i], n) == 0)
			return 2;
	return 0;
}

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
	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		printf("routedesk %s\n", PACKAGE_VERSION);
		return CLI_OK;
	}
	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		usage(stdout);
		return CLI_OK;
	}
	for (int i = 1; i < argc; i++) {
		int kind = console_option(argv[i]);

		if (kind == 2 && !strchr(argv[i], '=')) {
			if (++i >= argc) {
				fprintf(stderr, _("routedesk: %s needs a value\n"), argv[i - 1]);
				return CLI_USAGE;
			}
		} else if (kind == 0) {
			fprintf(stderr, argv[i][0] == '-' ? _("routedesk: unknown option '%s'\n")
			                                  : _("routedesk: unknown command '%s'\n"), argv[i]);
			usage(stderr);
			return CLI_USAGE;
		}
	}
	/* Console options (or none): say so plainly rather than pretend. */
	fputs(_("routedesk: the console is not built yet; for now use "
	        "'routedesk api PATH [NAME=VALUE ...]' (see 'routedesk --help')\n"), stderr);
	return CLI_USAGE;
}
