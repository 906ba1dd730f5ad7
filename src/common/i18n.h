/* i18n.h: gettext markers for every program: _() translates, N_() only marks, C_() and NC_() with a context. */
#ifndef ROUTEDESK_COMMON_I18N_H
#define ROUTEDESK_COMMON_I18N_H

#include <string.h>

/*
 * Every user-visible console string goes through _() where it is used, or
 * is marked N_() where it sits in a table (action help, column titles) and
 * goes through _() when drawn.  xgettext reads all four (po/Makevars).
 *
 * One English word can be two words in another language: "open" is the
 * Enter key's verb ("abrir") and an unpaid ticket's state ("abierta").
 * gettext tells them apart by a context (msgctxt): C_("key hint", "open")
 * translates at once; NC_("key hint", "open") marks one in a table, where
 * it is kept as gettext looks it up, the context and the text joined by
 * an EOT, and i18n_pgettext() translates it when drawn.  i18n_pgettext()
 * takes a table's plain N_() strings as well, so a table's column may mix
 * both.
 */
#define I18N_CTX_SEP "\004"

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#else
#define _(s) (s)
/* Plural forms without NLS: English rules, as gettext.h does. */
#define ngettext(s, p, n) ((n) == 1 ? (s) : (p))
#endif
#define N_(s) (s)
#define C_(ctx, s) i18n_pgettext(ctx I18N_CTX_SEP s)
#define NC_(ctx, s) (ctx I18N_CTX_SEP s)

/* A table string marked N_() or NC_(), translated; untranslated, its text
 * without the context.  Never NULL for a non-NULL argument; static or
 * the catalogue's, never to be freed. */
static inline const char *i18n_pgettext(const char *ctx_msgid)
{
	const char *t = _(ctx_msgid);
	const char *sep;

	if (t != ctx_msgid)
		return t;
	sep = strchr(ctx_msgid, '\004');
	return sep ? sep + 1 : ctx_msgid;
}

#endif
