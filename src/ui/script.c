/* script.c: parsing ROUTEDESK_SCRIPT files, and :save-display's screen dump. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "ui/base/action.h"
#include "ui/script.h"
#include "ui/base/state.h"

#define SCRIPT_MAX_BYTES (1 << 20)

/* The code points of UTF-8 text (for a "quoted" step).  -1 when invalid. */
static int decode_text(const char *s, size_t len, int **keys, size_t *n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	*keys = xmalloc((len ? len : 1) * sizeof(**keys));
	*n = 0;
	while (i < len) {
		int cp, extra;

		if (u[i] < 0x80) {
			cp = u[i];
			extra = 0;
		} else if ((u[i] & 0xe0) == 0xc0) {
			cp = u[i] & 0x1f;
			extra = 1;
		} else if ((u[i] & 0xf0) == 0xe0) {
			cp = u[i] & 0x0f;
			extra = 2;
		} else if ((u[i] & 0xf8) == 0xf0) {
			cp = u[i] & 0x07;
			extra = 3;
		} else {
			return -1;
		}
		if (i + (size_t)extra >= len)
			return -1;
		for (int k = 1; k <= extra; k++) {
			if ((u[i + (size_t)k] & 0xc0) != 0x80)
				return -1;
			cp = (cp << 6) | (u[i + (size_t)k] & 0x3f);
		}
		(*keys)[(*n)++] = cp;
		i += (size_t)extra + 1;
	}
	return 0;
}

static int parse_line(struct script_step *st, char *l, const char *path, int lineno,
                      struct strbuf *err)
{
	size_t len = strlen(l);

	st->line = lineno;
	if (l[0] == ':') {
		st->kind = SCRIPT_COMMAND;
		st->command = xstrdup(l + 1);
		return 0;
	}
	st->kind = SCRIPT_KEYS;
	if (l[0] == '"' && len >= 2 && l[len - 1] == '"') {
		if (decode_text(l + 1, len - 2, &st->keys, &st->n_keys) < 0 || st->n_keys == 0) {
			strbuf_addf(err, _("%s:%d: the quoted text is empty or not UTF-8"), path, lineno);
			return -1;
		}
		return 0;
	}
	st->keys = xmalloc(sizeof(*st->keys));
	st->keys[0] = action_key_parse(l);
	st->n_keys = 1;
	if (st->keys[0] < 0) {
		strbuf_addf(err, _("%s:%d: '%s' is not a key name, a \"text\" or a :command"), path,
		            lineno, l);
		return -1;
	}
	return 0;
}

struct script *script_parse(const char *text, const char *path, struct strbuf *err)
{
	struct script *s = xcalloc(1, sizeof(*s));
	char *copy = xstrdup(text), *line = copy;
	int lineno = 0;

	s->path = xstrdup(path);
	while (line) {
		char *nl = strchr(line, '\n'), *l = line;
		size_t len;

		if (nl)
			*nl = '\0';
		line = nl ? nl + 1 : NULL;
		lineno++;
		while (*l == ' ' || *l == '\t')
			l++;
		len = strlen(l);
		while (len && (l[len - 1] == ' ' || l[len - 1] == '\t' || l[len - 1] == '\r'))
			l[--len] = '\0';
		if (!*l || *l == '#')
			continue;
		s->steps = xrealloc(s->steps, (s->n + 1) * sizeof(*s->steps));
		memset(&s->steps[s->n], 0, sizeof(s->steps[s->n]));
		if (parse_line(&s->steps[s->n], l, path, lineno, err) < 0) {
			s->n++;
			free(copy);
			script_free(s);
			return NULL;
		}
		s->n++;
	}
	free(copy);
	return s;
}

struct script *script_load(const char *path, struct strbuf *err)
{
	struct strbuf text = STRBUF_INIT;
	struct script *s = NULL;

	if (strbuf_read_file(path, SCRIPT_MAX_BYTES, &text, err) == 0)
		s = script_parse(strbuf_str(&text), path, err);
	strbuf_free(&text);
	return s;
}

void script_free(struct script *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->steps[i].keys);
		free(s->steps[i].command);
	}
	free(s->steps);
	free(s->path);
	free(s);
}

const struct script_step *script_next(struct script *s)
{
	return s->next < s->n ? &s->steps[s->next++] : NULL;
}

int script_next_line(const struct script *s)
{
	return s->next < s->n ? s->steps[s->next].line : 0;
}

int script_save_display(const char *path, struct strbuf *err)
{
	FILE *f = fopen(path, "w");
	int cols = COLS > 0 ? COLS : 1;
	char *buf;

	if (!f) {
		strbuf_addf(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	/* A cell may hold a multi-byte character: room for the widest. */
	buf = xmalloc((size_t)cols * MB_LEN_MAX + 1);
	for (int y = 0; y < LINES; y++) {
		int n = mvwinnstr(stdscr, y, 0, buf, cols * MB_LEN_MAX);
		size_t len = n > 0 ? (size_t)n : 0;

		buf[len] = '\0';
		len = strlen(buf);
		while (len && buf[len - 1] == ' ')
			len--;
		fwrite(buf, 1, len, f);
		fputc('\n', f);
	}
	free(buf);
	if (fclose(f) != 0) {
		strbuf_addf(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
