/* ini.h: the config file's INI lines: [sections], NAME = VALUE, comments. */
#ifndef ROUTEDESK_INI_H
#define ROUTEDESK_INI_H

/*
 * The one dialect of ~/.config/routedesk/config, read by the client
 * library ([account NAME]) and by the console ([ui], [keys], [notify]):
 * white space around names and values is not part of them, a line whose
 * first character is '#' or ';' is a comment, and a value may be wrapped
 * in one pair of double quotes.  What a section or a name means, and which
 * lines are errors there, is the caller's.
 */

enum ini_kind {
	INI_SECTION,   /* "[NAME] REST" */
	INI_PAIR,      /* "NAME = VALUE" */
	INI_NO_CLOSE,  /* '[' with no ']' */
	INI_NO_EQUALS, /* neither a section nor a pair */
};

struct ini_line {
	enum ini_kind kind;
	int lineno;    /* from 1, blank lines and comments counted */
	char *name;    /* INI_SECTION, INI_PAIR: trimmed */
	char *value;   /* INI_PAIR: trimmed, one pair of "" taken off */
	char *rest;    /* INI_SECTION: what follows the first ']', trimmed */
};

/* s without the white space at either end: skips the leading, cuts the
 * trailing in place.  The config's rule, for names and values. */
char *ini_trim(char *s);
/* A malloc'd copy of s without its leading and trailing white space, as
 * ini_trim would leave it; NULL for NULL. */
char *ini_trimmed_dup(const char *s);

/* Walks text line by line (splitting and trimming it in place; the
 * strings of l point into it), skipping blank lines and comments, and
 * calls fn for every other line.  Stops at the first nonzero return of fn
 * and returns it; 0 when every line was seen. */
int ini_parse(char *text, int (*fn)(const struct ini_line *l, void *ctx), void *ctx);

#endif
