/* docdump.c: prints the console's own tables (actions and keys, `:` commands, config keys it accepts) for tests/docs/manpages.sh. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/account.h"
#include "api/error.h"
#include "common/strbuf.h"
#include "notify/notify.h"
#include "ui/base/action.h"
#include "ui/base/cmdline.h"
#include "ui/base/state.h"

/*
 * The man pages are checked against the code, never against a copy of it:
 *
 *   docdump actions           NAME<TAB>DEFAULT KEYS<TAB>HELP per action of
 *                             the default key map (action.c), in the
 *                             help's order; keys as the help shows them
 *   docdump commands          NAME<TAB>HELP per `:` command (cmdline.c)
 *   docdump accepts SECTION   reads candidate names, one a line, and
 *                             prints those the config parsers accept in
 *                             SECTION: account, ui, keys or notify
 *
 * "Accepted" is asked of the parsers themselves: [ui] and [account NAME]
 * names that src/ui/state.c does not warn about, [account NAME] names
 * src/api/account.c reads into the account, [notify] names
 * notify_config_set takes, [keys] names of actions.  Help texts are
 * printed untranslated (the table's N_() strings).
 */

static int dump_actions(void)
{
	struct keymap *km = keymap_new();
	struct strbuf keys = STRBUF_INIT;

	for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
		const struct action_def *def = action_def((enum action)a);

		if (!def)
			continue;
		strbuf_reset(&keys);
		keymap_keys_text(km, def->id, " ", &keys);
		printf("%s\t%s\t%s\n", def->name, strbuf_str(&keys), def->help);
	}
	strbuf_free(&keys);
	keymap_free(km);
	return 0;
}

static int dump_commands(void)
{
	size_t n;
	const struct cmd_def *cmds = cmdline_commands(&n);

	for (size_t i = 0; i < n; i++)
		printf("%s\t%s\n", cmds[i].name, cmds[i].help);
	return 0;
}

/* The console's parser (state.c) takes name in section without a
 * warning.  A bad value ("x" for a number) is still a name it knows. */
static int console_knows(const char *section, const char *name)
{
	struct ui_config c;
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	int known;

	state_config_init(&c);
	strbuf_addf(&text, "[%s]\n%s = x\n", section, name);
	state_config_parse(strbuf_str(&text), "docdump", &c, &err);
	known = c.warnings.len == 0;
	state_config_free(&c);
	strbuf_free(&text);
	strbuf_free(&err);
	return known;
}

/* The client library (account.c) reads name of an account section: it
 * fills a member, or refuses the value (which only a known name does). */
static int client_reads(const char *name)
{
	struct api_account a;
	struct api_error err = API_ERROR_INIT;
	struct strbuf text = STRBUF_INIT;
	int rc, known;

	api_account_init(&a);
	strbuf_addf(&text, "[account doc]\n%s = 1\n", name);
	rc = api_config_parse(strbuf_str(&text), "docdump", "doc", &a, &err);
	known = rc < 0 || a.url || a.key || a.token || a.token_command || a.rate >= 0 ||
	        a.search_cap > 0 || a.stall > 0 || a.share;
	api_account_free(&a);
	api_error_clear(&err);
	strbuf_free(&text);
	return known;
}

static int notify_knows(const char *name)
{
	static const char *const values[] = { "on", "auto" };
	int known = 0;

	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]) && !known; i++) {
		struct notify_config cfg;
		struct strbuf err = STRBUF_INIT;

		notify_config_init(&cfg);
		known = notify_config_set(&cfg, name, values[i], &err) == 0;
		notify_config_free(&cfg);
		strbuf_free(&err);
	}
	return known;
}

static int accepts(const char *section)
{
	char line[256];

	if (strcmp(section, "account") && strcmp(section, "ui") && strcmp(section, "keys") &&
	    strcmp(section, "notify")) {
		fprintf(stderr, "docdump: no section '%s' (account, ui, keys, notify)\n", section);
		return 2;
	}
	while (fgets(line, sizeof(line), stdin)) {
		int known = 0;

		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0])
			continue;
		if (strcmp(section, "ui") == 0) {
			known = console_knows("ui", line);
		} else if (strcmp(section, "keys") == 0) {
			known = action_lookup(line) != ACT_NONE;
		} else if (strcmp(section, "notify") == 0) {
			known = notify_knows(line);
		} else {
			int console = console_knows("account doc", line), client = client_reads(line);

			/* Both sides must agree, or no page can be right. */
			if (console != client)
				fprintf(stderr, "docdump: [account NAME] %s: %s\n", line,
				        client ? "read by src/api/account.c but warned about by src/ui/state.c"
				               : "accepted by src/ui/state.c but never read by src/api/account.c");
			known = console || client;
		}
		if (known)
			printf("%s\n", line);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "actions") == 0)
		return dump_actions();
	if (argc == 2 && strcmp(argv[1], "commands") == 0)
		return dump_commands();
	if (argc == 3 && strcmp(argv[1], "accepts") == 0)
		return accepts(argv[2]);
	fputs("usage: docdump actions | commands | accepts account|ui|keys|notify\n", stderr);
	return 2;
}
