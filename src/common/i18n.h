/* i18n.h: gettext markers for every program: _() translates, N_() only marks. */
#ifndef ROUTEDESK_COMMON_I18N_H
#define ROUTEDESK_COMMON_I18N_H

/*
 * Every user-visible console string goes through _() where it is used, or
 * is marked N_() where it sits in a table (action help, column titles) and
 * goes through _() when drawn.  xgettext reads both (po/Makevars).
 */
#ifdef ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#else
#define _(s) (s)
#endif
#define N_(s) (s)

#endif
