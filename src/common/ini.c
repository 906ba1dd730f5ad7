/* ini.c: splitting the config file into [sections] and NAME = VALUE lines. */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "common/ini.h"
#include "common/strbuf.h"

char *ini_trim(char *s)
{
	size_t len;

	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
	return s;
}

char *ini_trimmed_dup(const char *s)
{
	char *copy, *t;

	if (!s)
		return NULL;
	copy = xstrdup(s);
	t = ini_trim(copy);
	if (t != copy)
		memmove(copy, t, strlen(t) + 1);
	return copy;
}

static char *unquote(char *v)
{
	size_t len = strlen(v);

	if (len >= 2 && v[0] == '"' && v[len - 1] == '"') {
		v[len - 1] = '\0';
		v++;
	}
	return v;
}

/* Fills l from one trimmed, non-empty line (split in place). */
static void classify(char *s, struct ini_line *l)
{
	char *mark;

	l->name = l->value = l->rest = NULL;
	if (*s == '[') {
		mark = strchr(s, ']');
		if (!mark) {
			l->kind = INI_NO_CLOSE;
			return;
		}
		*mark = '\0';
		l->kind = INI_SECTION;
		l->name = ini_trim(s + 1);
		l->rest = ini_trim(mark + 1);
		return;
	}
	mark = strchr(s, '=');
	if (!mark) {
		l->kind = INI_NO_EQUALS;
		return;
	}
	*mark = '\0';
	l->kind = INI_PAIR;
	l->name = ini_trim(s);
	l->value = unquote(ini_trim(mark + 1));
}

int ini_parse(char *text, int (*fn)(const struct ini_line *l, void *ctx), void *ctx)
{
	struct ini_line l = { 0 };

	/* A byte-order mark, as Windows editors save UTF-8: the first line
	 * was "expected NAME = VALUE" of a line that read as a section. */
	if (strncmp(text, "\xef\xbb\xbf", 3) == 0)
		text += 3;
	for (char *next = text; next; ) {
		char *s = next;
		int rc;

		next = strchr(s, '\n');
		if (next)
			*next++ = '\0';
		l.lineno++;
		s = ini_trim(s);
		if (!*s || *s == '#' || *s == ';')
			continue;
		classify(s, &l);
		rc = fn(&l, ctx);
		if (rc)
			return rc;
	}
	return 0;
}
