/* share.h: `routedesk api` on the office's share: its read budget and in-flight sharing. */
#ifndef ROUTEDESK_CLI_SHARE_H
#define ROUTEDESK_CLI_SHARE_H

#include "api/account.h"
#include "api/transport.h"

/*
 * As the console (ui/app.c): `share = DIR` in the account (or
 * ROUTEDESK_SHARE) names the office's share; a DIR that cannot be used is
 * said on stderr and the call runs unshared.  Every read attempt counts
 * into routedesk's share of the day's reads ([ui] read_share, default 50):
 * in the share, else in the user's state directory, as the console's.
 * With a share, identical reads in flight are made once (fetch/flight.c).
 */
struct cli_share {
	struct fetch_share *sh;
	struct fetch_budget *reads;
	struct fetch_flight *flight;
	int refused;  /* a read was refused, unsent, for [ui] read_share */
	int told;     /* the counter's trouble was said (fetch_budget_trouble) */
};

/* Opens what acct asks for and sets opt's hooks (may_read, on_budget,
 * flight_ask, flight_end); cs must outlive the session. */
void cli_share_open(struct cli_share *cs, const struct api_account *acct,
                    struct api_options *opt);
void cli_share_close(struct cli_share *cs);

#endif
