/* announce.c: what the console says as its screen opens: messages made before it, a missing locale, drafts kept. */
#include "config.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "fetch/share.h"
#include "ui/app.h"
#include "ui/forms/draft.h"
#include "ui/forms/forms.h"

/* A locale the environment names but this host does not have (es_ES.UTF-8
 * on a server with only C.UTF-8): setlocale fell back to C, and the console
 * came up in English and ASCII without saying why. */
static void announce_locale(struct ui *ui)
{
	const char *want = NULL, *names[] = { "LC_ALL", "LC_CTYPE", "LANG" };
	const char *have = setlocale(LC_CTYPE, NULL);

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !want; i++) {
		const char *v = getenv(names[i]);

		if (v && *v)
			want = v;
	}
	if (!want || strcmp(want, "C") == 0 || strcmp(want, "POSIX") == 0 || !have ||
	    strcmp(have, "C") != 0)
		return;
	ui_error(ui, _("The locale %s is not installed on this host: English and ASCII until it "
	               "is (locale -a lists those that are)"),
	         want);
}

/* What was typed and not sent, or sent with its answer lost, before the
 * last exit (an SSH link that dropped says nothing on the way out): said
 * at the start, the unknown outcomes first.  A draft comes back when its
 * form is opened on its record. */
static void announce_drafts(struct ui *ui)
{
	struct strbuf lost = STRBUF_INIT, kept = STRBUF_INIT, words = STRBUF_INIT;
	size_t n_lost, n = draft_kept(&lost, &kept, &n_lost);

	forms_draft_names(strbuf_str(n_lost ? &lost : &kept), &words);
	if (n_lost)
		ui_error(ui, _("Sent before the last exit with no answer, maybe applied: %s; open that "
		               "form on its record and press c to check"),
		         strbuf_str(&words));
	else if (n)
		ui_message(ui, _("Unsent drafts kept: %s; opening that form on its record brings it "
		                 "back"),
		           strbuf_str(&words));
	strbuf_free(&lost);
	strbuf_free(&kept);
	strbuf_free(&words);
}

void app_announce_start(struct ui *ui)
{
	struct strbuf err = STRBUF_INIT;

	/* Made before the screen, in the locale's charset (the catalogue's
	 * strings, strerror's); the screen's text is UTF-8. */
	utf8_from_charset(&err, ui->share_error, strlen(ui->share_error), nl_langinfo(CODESET));
	if (err.len)
		ui_error(ui, "%s", strbuf_str(&err));
	/* A subdirectory of the share not used: one line each. */
	strbuf_reset(&err);
	utf8_from_charset(&err, fetch_share_warnings(ui->share), strlen(fetch_share_warnings(ui->share)),
	                  nl_langinfo(CODESET));
	for (const char *w = strbuf_str(&err), *e; (e = strchr(w, '\n')); w = e + 1)
		ui_error(ui, _("share: %.*s"), (int)(e - w), w);
	strbuf_reset(&err);
	utf8_from_charset(&err, ui->config.warnings.buf, ui->config.warnings.len, nl_langinfo(CODESET));
	if (err.len) {
		const char *w = err.buf, *e = strchr(w, '\n');
		size_t n = 0;

		for (const char *q = w; (q = strchr(q, '\n')); q++)
			n++;
		if (n > 1)
			ui_error(ui, _("%.*s (and %zu more: see standard error)"), (int)(e - w), w, n - 1);
		else
			ui_error(ui, "%.*s", (int)(e ? e - w : (long)strlen(w)), w);
	}
	strbuf_free(&err);
	announce_locale(ui);
	announce_drafts(ui);
}
