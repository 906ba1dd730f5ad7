/* share.c: `routedesk api` on the office's share: its read budget and in-flight sharing. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/share.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "fetch/budget.h"
#include "fetch/flight.h"
#include "fetch/share.h"
#include "ui/base/state.h"

static void warn(const char *text)
{
	struct strbuf esc = STRBUF_INIT;

	/* A path from the config file: no control character reaches the
	 * terminal. */
	utf8_escape_controls(&esc, text, strlen(text));
	fprintf(stderr, "routedesk api: %s\n", strbuf_str(&esc));
	strbuf_free(&esc);
}

/* The budget's verdict, remembered: the exit status tells a refusal for
 * routedesk's share from the service's own success:false. */
static int may_read(void *ctx, const struct api_budget *b, char *why, size_t why_size)
{
	struct cli_share *cs = ctx;
	char trouble[400];
	int rc = fetch_budget_may_read(cs->reads, b, why, why_size);

	if (!cs->told && fetch_budget_trouble(cs->reads, trouble, sizeof(trouble))) {
		warn(trouble);
		cs->told = 1;
	}
	if (rc == 0)
		return 0;
	cs->refused = 1;
	return -1;
}

static void read_unsent(void *ctx)
{
	fetch_budget_unsent(((struct cli_share *)ctx)->reads);
}

void cli_share_open(struct cli_share *cs, const struct api_account *acct,
                    struct api_options *opt)
{
	struct ui_config conf;
	struct strbuf msg = STRBUF_INIT;
	char *dir = NULL;

	memset(cs, 0, sizeof(*cs));
	if (acct->share) {
		cs->sh = fetch_share_open(acct->share, acct->url, acct->key, &msg);
		if (!cs->sh) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, _("share %s: %s: running unshared"), acct->share,
			            strbuf_str(&msg));
			warn(strbuf_str(&sb));
			strbuf_free(&sb);
		}
		strbuf_reset(&msg);
	}
	/* [ui] read_share, as the console reads it; a bad config line is the
	 * console's to refuse, here it is said and the rest is used. */
	state_config_init(&conf);
	if (state_config_load(&conf, &msg) < 0)
		warn(strbuf_str(&msg));
	strbuf_reset(&msg);
	if (!cs->sh && (dir = state_dir()) != NULL)
		(void)state_make_dirs(dir);
	cs->reads = fetch_budget_open_account(cs->sh, dir, acct->url, acct->key, conf.read_share);
	free(dir);
	state_config_free(&conf);
	if (cs->reads) {
		opt->may_read = may_read;
		opt->may_read_ctx = cs;
		opt->read_unsent = read_unsent;
		opt->on_budget = fetch_budget_note;
		opt->budget_ctx = cs->reads;
	}
	if (cs->sh) {
		cs->flight = fetch_flight_open(cs->sh, acct->url, acct->key, acct->token, &msg);
		if (cs->flight) {
			opt->flight_ask = fetch_flight_ask;
			opt->flight_end = fetch_flight_end;
			opt->flight_ctx = cs->flight;
		} else {
			/* Counted in the share all the same; only the combining
			 * is lost, and an installer must hear why. */
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, _("share %s: identical reads are not combined: %s"),
			            acct->share, strbuf_str(&msg));
			warn(strbuf_str(&sb));
			strbuf_free(&sb);
		}
	}
	strbuf_free(&msg);
}

void cli_share_close(struct cli_share *cs)
{
	fetch_flight_close(cs->flight);
	fetch_budget_close(cs->reads);
	fetch_share_close(cs->sh);
	memset(cs, 0, sizeof(*cs));
}
