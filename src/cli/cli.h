/* cli.h: what the routedesk program's subcommands share (exit codes, messages). */
#ifndef ROUTEDESK_CLI_H
#define ROUTEDESK_CLI_H

#include "common/i18n.h"

/* Exit codes of `routedesk api` (docs/design.md, 9.2). */
enum {
	CLI_OK = 0,        /* success:true */
	CLI_REFUSED = 1,   /* success:false: errorMessage on stderr */
	CLI_USAGE = 2,     /* bad command line or configuration */
	CLI_FAILED = 3,    /* network or HTTP failure, unreadable answer */
	CLI_CUT = 4,       /* --all: the search cap cut the result (a part printed) */
	CLI_SPENT = 5,     /* a read refused unsent: routedesk's share of the day's
	                    * reads ([ui] read_share) is spent */
};

/* `routedesk api ...`: argv[0] is "api".  Returns the exit code. */
int cli_api(int argc, char **argv);

#endif
