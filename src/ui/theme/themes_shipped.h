/* themes_shipped.h: the shipped themes built in, a table tools/embed-themes generates at build time (themes_shipped.c). */
#ifndef ROUTEDESK_UI_THEME_THEMES_SHIPPED_H
#define ROUTEDESK_UI_THEME_THEMES_SHIPPED_H

#include <stddef.h>

/* themes/NAME.theme's text under NAME.  The table is generated from the
 * files into the build tree (never committed), so a program that compiles
 * theme.c lists src/ui/theme/themes_shipped.c among its nodist sources:
 * make then generates it before compiling, whatever target is asked for
 * (BUILT_SOURCES alone is only honoured by all, check and install). */
struct theme_shipped {
	const char *name;
	const char *text;
};

extern const struct theme_shipped themes_shipped[];
extern const size_t themes_shipped_n;

#endif
