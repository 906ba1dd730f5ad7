/* state.c: [ui], [keys] and [notify] of the config file, and the state saved between runs. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api/account.h"
#include "common/i18n.h"
#include "common/ini.h"
#include "common/strbuf.h"
#include "ui/base/state.h"

#define STATE_MAX_BYTES (256 * 1024)

enum conf_type { CONF_INT, CONF_LONG, CONF_BOOL, CONF_STR };

/* The [ui] keys, as calcurse's confmap: one line per setting.  A text
 * setting checked after the file is read (a theme looked up, the hours
 * parsed) keeps its line too (line_offset), for the message then. */
#define NO_LINE ((size_t)-1)
static const struct {
	const char *key;
	enum conf_type type;
	size_t offset;
	long min, max;
	size_t line_offset;
} confmap[] = {
	{ "refresh", CONF_INT, offsetof(struct ui_config, refresh), 0, 86400, NO_LINE },
	{ "refresh_idle", CONF_INT, offsetof(struct ui_config, refresh_idle), 0, 86400, NO_LINE },
	{ "read_share", CONF_INT, offsetof(struct ui_config, read_share), 1, 100, NO_LINE },
	{ "office_hours", CONF_STR, offsetof(struct ui_config, office_hours), 0, 0,
	  offsetof(struct ui_config, office_hours_line) },
	{ "theme", CONF_STR, offsetof(struct ui_config, theme), 0, 0,
	  offsetof(struct ui_config, theme_line) },
	{ "ascii", CONF_BOOL, offsetof(struct ui_config, ascii), 0, 1, NO_LINE },
	{ "glyphs", CONF_BOOL, offsetof(struct ui_config, glyphs), 0, 1, NO_LINE },
	{ "mouse", CONF_BOOL, offsetof(struct ui_config, mouse), 0, 1, NO_LINE },
	{ "preview", CONF_BOOL, offsetof(struct ui_config, preview), 0, 1, NO_LINE },
	{ "full_bar", CONF_BOOL, offsetof(struct ui_config, full_bar), 0, 1, NO_LINE },
	{ "budget_reserve", CONF_LONG, offsetof(struct ui_config, budget_reserve), 0, 100000,
	  NO_LINE },
	{ "customer_index", CONF_LONG, offsetof(struct ui_config, customer_index), 0, 50000,
	  NO_LINE },
};

void state_config_init(struct ui_config *c)
{
	memset(c, 0, sizeof(*c));
	c->refresh = 60;
	c->refresh_idle = 600;
	c->read_share = 50;
	c->budget_reserve = 50;
	c->customer_index = 10000;
	c->glyphs = 1;
	c->mouse = 1;
	c->preview = 1;
}

void state_config_free(struct ui_config *c)
{
	free(c->theme);
	free(c->office_hours);
	for (size_t i = 0; i < c->n_keys; i++) {
		free(c->key_names[i]);
		free(c->key_values[i]);
	}
	free(c->key_names);
	free(c->key_values);
	free(c->key_lines);
	for (size_t i = 0; i < c->n_notify; i++) {
		free(c->notify_names[i]);
		free(c->notify_values[i]);
	}
	free(c->notify_names);
	free(c->notify_values);
	free(c->notify_lines);
	strbuf_free(&c->warnings);
	state_config_init(c);
}

/* 1 for yes/true/on/1, 0 for no/false/off/0, -1 otherwise. */
static int state_parse_bool(const char *s)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(s, yes[i]) == 0)
			return 1;
		if (strcasecmp(s, no[i]) == 0)
			return 0;
	}
	return -1;
}

static int set_ui(struct ui_config *c, const char *k, const char *v, const char *path, int line,
                  struct strbuf *err)
{
	for (size_t i = 0; i < sizeof(confmap) / sizeof(confmap[0]); i++) {
		char *field = (char *)c + confmap[i].offset;
		char *end;
		long n;
		int b;

		if (strcmp(confmap[i].key, k) != 0)
			continue;
		switch (confmap[i].type) {
		case CONF_INT:
		case CONF_LONG:
			errno = 0;
			n = strtol(v, &end, 10);
			if (!*v || *end || errno || n < confmap[i].min || n > confmap[i].max) {
				strbuf_addf(err, _("%s:%d: %s must be a number from %ld to %ld"), path, line,
				            k, confmap[i].min, confmap[i].max);
				return -1;
			}
			if (confmap[i].type == CONF_INT)
				*(int *)field = (int)n;
			else
				*(long *)field = n;
			return 0;
		case CONF_BOOL:
			b = state_parse_bool(v);
			if (b < 0) {
				strbuf_addf(err, _("%s:%d: %s must be yes or no"), path, line, k);
				return -1;
			}
			*(int *)field = b;
			return 0;
		case CONF_STR:
			free(*(char **)field);
			*(char **)field = xstrdup(v);
			if (confmap[i].line_offset != NO_LINE)
				*(int *)((char *)c + confmap[i].line_offset) = line;
			return 0;
		}
	}
	/* A typo must not keep a dispatcher from working: said, not fatal. */
	strbuf_addf(&c->warnings, _("%s:%d: unknown setting '%s' in [ui] (ignored)"), path, line, k);
	strbuf_addc(&c->warnings, '\n');
	(void)err;
	return 0;
}

static void add_pair(char ***names, char ***values, int **lines, size_t *n, const char *k,
                     const char *v, int line)
{
	*names = xrealloc(*names, (*n + 1) * sizeof(**names));
	*values = xrealloc(*values, (*n + 1) * sizeof(**values));
	*lines = xrealloc(*lines, (*n + 1) * sizeof(**lines));
	(*names)[*n] = xstrdup(k);
	(*values)[*n] = xstrdup(v);
	(*lines)[*n] = line;
	(*n)++;
}

struct config_parse {
	struct ui_config *c;
	const char *path;
	struct strbuf *err;
	enum { OTHER, UI, KEYS, NOTIFY, ACCOUNT } section;
	char *account;  /* the [account NAME] being read, for messages */
	int failed;     /* a line was refused: its message is in err */
};

/* ini_parse's callback: 0 to go on, -1 with the message in err. */
static int config_line(const struct ini_line *l, void *ctx)
{
	struct config_parse *p = ctx;
	struct ui_config *c = p->c;

	switch (l->kind) {
	case INI_NO_CLOSE:
		strbuf_addf(p->err, _("%s:%d: a section needs a closing ']'"), p->path, l->lineno);
		return -1;
	case INI_SECTION:
		p->section = strcmp(l->name, "ui") == 0 ? UI : strcmp(l->name, "keys") == 0 ? KEYS
		           : strcmp(l->name, "notify") == 0 ? NOTIFY
		           : strncmp(l->name, "account", 7) == 0 && (l->name[7] == ' ' || l->name[7] == '\t')
		           ? ACCOUNT : OTHER;
		free(p->account);
		p->account = p->section == ACCOUNT ? xstrdup(l->name) : NULL;
		if (p->section == OTHER) {
			strbuf_addf(&c->warnings, _("%s:%d: unknown section [%s] (ignored)"), p->path,
			            l->lineno, l->name);
			strbuf_addc(&c->warnings, '\n');
		}
		return 0;
	case INI_NO_EQUALS:
		if (p->section == OTHER || p->section == ACCOUNT)
			return 0;
		strbuf_addf(p->err, _("%s:%d: expected NAME = VALUE"), p->path, l->lineno);
		return -1;
	case INI_PAIR:
		break;
	}
	if (p->section == ACCOUNT && !api_account_setting(l->name)) {
		strbuf_addf(&c->warnings, _("%s:%d: unknown setting '%s' in [%s] (ignored)"), p->path,
		            l->lineno, l->name, p->account);
		strbuf_addc(&c->warnings, '\n');
		return 0;
	}
	if (p->section == UI)
		return set_ui(c, l->name, l->value, p->path, l->lineno, p->err);
	if (p->section == KEYS)
		add_pair(&c->key_names, &c->key_values, &c->key_lines, &c->n_keys, l->name, l->value,
		         l->lineno);
	else if (p->section == NOTIFY)
		add_pair(&c->notify_names, &c->notify_values, &c->notify_lines, &c->n_notify, l->name,
		         l->value, l->lineno);
	return 0;
}

/* Every line is read, past a bad one: the console refuses the file on the
 * first message all the same, and `routedesk api`, which says it and goes
 * on, still finds a read_share below it (it took the default before). */
static int config_line_on(const struct ini_line *l, void *ctx)
{
	struct config_parse *p = ctx;
	struct strbuf *first = p->err, later = STRBUF_INIT;

	if (p->failed)
		p->err = &later;
	if (config_line(l, p) < 0)
		p->failed = 1;
	p->err = first;
	strbuf_free(&later);
	return 0;
}

int state_config_parse(const char *text, const char *path, struct ui_config *c,
                       struct strbuf *err)
{
	struct config_parse p = { c, path, err, OTHER, NULL, 0 };
	char *copy = xstrdup(text);

	ini_parse(copy, config_line_on, &p);
	/* The file holds the account's token too: every line of the copy
	 * (ini_parse split it with NULs) wiped, as the account's parser does. */
	api_wipe_free_len(copy, strlen(text));
	free(p.account);
	return p.failed ? -1 : 0;
}

int state_config_load(struct ui_config *c, struct strbuf *err)
{
	char *path = api_config_path(), *text = NULL;
	struct api_error e = API_ERROR_INIT;
	int rc = path ? api_config_read(path, &text, &e) : 1;

	if (rc < 0) {
		strbuf_adds(err, api_error_text(&e));
		api_error_clear(&e);
	} else if (rc == 0) {
		rc = state_config_parse(text, path, c, err);
	} else {
		rc = 0;
	}
	api_wipe_free(text);
	free(path);
	return rc;
}

void state_init(struct ui_state *s)
{
	memset(s, 0, sizeof(*s));
}

void state_free(struct ui_state *s)
{
	for (size_t i = 0; i < 8; i++)
		free(s->filters[i]);
	state_init(s);
}

static void copy_field(char *dst, size_t size, const char *v)
{
	if (strlen(v) < size)
		memcpy(dst, v, strlen(v) + 1);
}

void state_parse(const char *text, struct ui_state *s, const char *const *pane_names,
                 size_t n_panes)
{
	char *copy = xstrdup(text), *save = NULL;

	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(l, '=');

		if (!eq || *l == '#')
			continue;
		*eq = '\0';
		if (strcmp(l, "pane") == 0) {
			copy_field(s->pane, sizeof(s->pane), eq + 1);
		} else if (strcmp(l, "date") == 0) {
			copy_field(s->date, sizeof(s->date), eq + 1);
		} else if (strcmp(l, "saved_on") == 0) {
			copy_field(s->saved_on, sizeof(s->saved_on), eq + 1);
		} else if (strncmp(l, "filter.", 7) == 0) {
			for (size_t i = 0; i < n_panes && i < 8; i++) {
				if (strcmp(l + 7, pane_names[i]) == 0 && eq[1]) {
					free(s->filters[i]);
					s->filters[i] = xstrdup(eq + 1);
				}
			}
		}
	}
	free(copy);
}

/* Filter text goes on one line: drop what would break the format. */
static void add_line_value(struct strbuf *out, const char *v)
{
	for (; *v; v++)
		if (*v != '\n' && *v != '\r')
			strbuf_addc(out, *v);
}

void state_format(const struct ui_state *s, const char *const *pane_names, size_t n_panes,
                  struct strbuf *out)
{
	strbuf_adds(out, "# routedesk console state (rewritten at exit)\n");
	if (s->pane[0])
		strbuf_addf(out, "pane=%s\n", s->pane);
	if (s->date[0])
		strbuf_addf(out, "date=%s\n", s->date);
	if (s->saved_on[0])
		strbuf_addf(out, "saved_on=%s\n", s->saved_on);
	for (size_t i = 0; i < n_panes && i < 8; i++) {
		if (s->filters[i] && *s->filters[i]) {
			strbuf_addf(out, "filter.%s=", pane_names[i]);
			add_line_value(out, s->filters[i]);
			strbuf_addc(out, '\n');
		}
	}
}

char *state_dir(void)
{
	const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	struct strbuf sb = STRBUF_INIT;

	if (xdg && xdg[0] == '/')
		strbuf_addf(&sb, "%s/routedesk", xdg);
	else if (home && *home)
		strbuf_addf(&sb, "%s/.local/state/routedesk", home);
	else
		return NULL;
	return strbuf_detach(&sb, NULL);
}

static char *state_file(const char *name)
{
	char *dir = state_dir();
	struct strbuf sb = STRBUF_INIT;

	if (!dir)
		return NULL;
	strbuf_addf(&sb, "%s/%s", dir, name);
	free(dir);
	return strbuf_detach(&sb, NULL);
}

int state_load(struct ui_state *s, const char *const *pane_names, size_t n_panes,
               struct strbuf *err)
{
	char *path = state_file("state");
	struct strbuf text = STRBUF_INIT;
	int rc = 0;

	if (path && access(path, F_OK) == 0) {
		rc = strbuf_read_file(path, STATE_MAX_BYTES, &text, err);
		if (rc == 0)
			state_parse(strbuf_str(&text), s, pane_names, n_panes);
	}
	strbuf_free(&text);
	free(path);
	return rc;
}

int state_make_dirs(const char *dir)
{
	char *p = xstrdup(dir);

	for (char *s = p + 1; *s; s++) {
		if (*s == '/') {
			*s = '\0';
			if (mkdir(p, 0700) < 0 && errno != EEXIST) {
				free(p);
				return -1;
			}
			*s = '/';
		}
	}
	free(p);
	return mkdir(dir, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

int state_write_file(const char *path, const char *text, size_t len, struct strbuf *err)
{
	struct strbuf tmp = STRBUF_INIT;
	size_t off = 0;
	int fd, rc = -1;

	strbuf_addf(&tmp, "%s.tmp", path);
	fd = open(tmp.buf, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd >= 0) {
		/* An old temporary file keeps its mode through O_TRUNC. */
		if (fchmod(fd, 0600) == 0) {
			while (off < len) {
				ssize_t w = write(fd, text + off, len - off);

				if (w < 0 && errno == EINTR)
					continue;
				if (w <= 0)
					break;
				off += (size_t)w;
			}
		}
		if (close(fd) == 0 && off == len && rename(tmp.buf, path) == 0)
			rc = 0;
	}
	if (rc < 0) {
		if (err)
			strbuf_addf(err, "%s: %s", path, strerror(errno));
		unlink(tmp.buf);
	}
	strbuf_free(&tmp);
	return rc;
}

int state_save(const struct ui_state *s, const char *const *pane_names, size_t n_panes,
               struct strbuf *err)
{
	char *dir = state_dir(), *path = state_file("state");
	struct strbuf text = STRBUF_INIT;
	int rc = -1;

	if (!dir || !path) {
		strbuf_adds(err, _("neither XDG_STATE_HOME nor HOME is set: state not saved"));
	} else if (state_make_dirs(dir) < 0) {
		strbuf_addf(err, "%s: %s", dir, strerror(errno));
	} else {
		state_format(s, pane_names, n_panes, &text);
		rc = state_write_file(path, text.buf, text.len, err);
	}
	strbuf_free(&text);
	free(dir);
	free(path);
	return rc;
}

size_t state_history_load(char ***lines, size_t max)
{
	char *path = state_file("history");
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	char **v = NULL, *save = NULL;
	size_t n = 0;

	*lines = NULL;
	if (path && access(path, F_OK) == 0 &&
	    strbuf_read_file(path, STATE_MAX_BYTES, &text, &err) == 0) {
		for (char *l = strtok_r(text.buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
			if (n == max) {
				free(v[0]);
				memmove(v, v + 1, (n - 1) * sizeof(*v));
				n--;
			}
			v = xrealloc(v, (n + 1) * sizeof(*v));
			v[n++] = xstrdup(l);
		}
	}
	strbuf_free(&text);
	strbuf_free(&err);
	free(path);
	*lines = v;
	return n;
}

void state_history_save(char *const *lines, size_t n)
{
	char *dir = state_dir(), *path = state_file("history");
	struct strbuf text = STRBUF_INIT;

	if (dir && path && state_make_dirs(dir) == 0) {
		for (size_t i = 0; i < n; i++) {
			add_line_value(&text, lines[i]);
			strbuf_addc(&text, '\n');
		}
		state_write_file(path, strbuf_str(&text), text.len, NULL);
	}
	strbuf_free(&text);
	free(dir);
	free(path);
}
