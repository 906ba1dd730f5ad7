/* draft.c: forms' drafts and remembered choices, one private file each under the state directory. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "ui/forms/draft.h"
#include "ui/forms/form.h"
#include "ui/base/state.h"

#define DRAFT_MAGIC "routedesk-draft 1"
#define DRAFT_MAX_BYTES (1 << 20)
#define PREFS_FILE "prefs"
/* The lost send's lines: a '-' no parameter name has, so no field's. */
#define LOST_AT "lost-sent"
#define LOST_PATH "lost-path"
/* One parameter of the lost send, "NAME=VALUE" escaped: what went out,
 * which the check looks for (the fields may have changed since). */
#define LOST_PAIR "lost-pair"
/* One parameter of a lost send that a later send went out over
 * (f->lost_sent): should the console end before the later one's answer,
 * either may be on the server, and the next run's check looks for both. */
#define LOST_FIRST_PAIR "lost-first-pair"
/* The record as the form's values were taken from it (f->base): a draft
 * restored tomorrow still tells a stop moved since it was typed. */
#define FORM_BASE "form-base"
/* The ids that existed before the lost send (f->lost_known). */
#define LOST_KNOWN "lost-known"

/* 1 when the line's name (p up to eq) is name. */
static int named(const char *p, const char *eq, const char *name)
{
	return strlen(name) == (size_t)(eq - p) && strncmp(p, name, (size_t)(eq - p)) == 0;
}

char *draft_dir(void)
{
	char *dir = state_dir();
	struct strbuf sb = STRBUF_INIT;

	if (!dir)
		return NULL;
	strbuf_addf(&sb, "%s/drafts", dir);
	free(dir);
	return strbuf_detach(&sb, NULL);
}

/* The file of key in the drafts directory, creating the directory when
 * make is 1.  NULL when there is no state directory (or it cannot be made). */
static char *file_of(const char *name, int make)
{
	char *dir = draft_dir();
	struct strbuf sb = STRBUF_INIT;

	if (!dir)
		return NULL;
	if (make && state_make_dirs(dir) < 0) {
		free(dir);
		return NULL;
	}
	strbuf_addf(&sb, "%s/", dir);
	for (const char *k = name; *k; k++) {
		char c = *k;

		strbuf_addc(&sb, (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		                 (c >= '0' && c <= '9') || c == '-' || c == '_' ? c : '_');
	}
	free(dir);
	return strbuf_detach(&sb, NULL);
}

static void escape(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			strbuf_adds(out, "\\\\");
		else if (*s == '\n')
			strbuf_adds(out, "\\n");
		else if (*s == '\r')
			strbuf_adds(out, "\\r");
		else
			strbuf_addc(out, *s);
	}
}

static void unescape(struct strbuf *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 1 < len) {
			char c = s[++i];

			strbuf_addc(out, c == 'n' ? '\n' : c == 'r' ? '\r' : c);
		} else {
			strbuf_addc(out, s[i]);
		}
	}
}

/* A send's pairs, one "LINE=NAME=VALUE" line each (a file part is no
 * text to keep). */
static void save_pairs(struct strbuf *text, const char *line, const struct api_form *pairs)
{
	for (size_t i = 0; i < pairs->n; i++) {
		struct strbuf pair = STRBUF_INIT;

		if (pairs->pairs[i].is_file)
			continue;
		strbuf_addf(&pair, "%s=%s", pairs->pairs[i].name, pairs->pairs[i].value);
		strbuf_addf(text, "%s=", line);
		escape(text, strbuf_str(&pair));
		strbuf_addc(text, '\n');
		strbuf_free(&pair);
	}
}

int draft_save(const char *key, const struct form *f, struct strbuf *err)
{
	char *path = file_of(key, 1);
	struct strbuf text = STRBUF_INIT;
	int rc;

	if (!path) {
		if (err)
			strbuf_adds(err, _("no state directory (XDG_STATE_HOME, HOME) for drafts"));
		return -1;
	}
	strbuf_addf(&text, "%s\nsaved=%lld\n", DRAFT_MAGIC, (long long)time(NULL));
	/* A send whose answer was lost stays on record with its text: the
	 * next run must not send it again without saying so. */
	if (f->lost_at > 0) {
		strbuf_addf(&text, "%s=%lld\n%s=", LOST_AT, f->lost_at, LOST_PATH);
		escape(&text, f->lost_path);
		strbuf_addc(&text, '\n');
		if (f->lost_known) {
			strbuf_addf(&text, "%s=", LOST_KNOWN);
			escape(&text, f->lost_known);
			strbuf_addc(&text, '\n');
		}
		save_pairs(&text, LOST_PAIR, &f->sent);
		save_pairs(&text, LOST_FIRST_PAIR, &f->lost_sent);
	}
	if (f->base) {
		strbuf_addf(&text, "%s=", FORM_BASE);
		escape(&text, f->base);
		strbuf_addc(&text, '\n');
	}
	for (size_t i = 0; i < f->n; i++) {
		if (f->fields[i].type == FT_FIXED)
			continue;
		strbuf_addf(&text, "%s=", f->fields[i].name);
		escape(&text, strbuf_str(&f->fields[i].text));
		strbuf_addc(&text, '\n');
	}
	rc = state_write_file(path, text.buf, text.len, err);
	strbuf_free(&text);
	free(path);
	return rc;
}

static int read_all(const char *path, struct strbuf *out, struct strbuf *err)
{
	FILE *fp = fopen(path, "r");
	char buf[4096];
	size_t n;

	if (!fp) {
		if (errno == ENOENT)
			return 0;
		if (err)
			strbuf_addf(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0 && out->len < DRAFT_MAX_BYTES)
		strbuf_add(out, buf, n);
	fclose(fp);
	if (out->len >= DRAFT_MAX_BYTES) {
		if (err)
			strbuf_addf(err, _("%s: too large for a draft"), path);
		return -1;
	}
	return 1;
}

int draft_exists(const char *key)
{
	char *path = file_of(key, 0);
	int there = path && access(path, F_OK) == 0;

	free(path);
	return there;
}

int draft_load(const char *key, struct form *f, time_t *saved, struct strbuf *err)
{
	char *path = file_of(key, 0);
	struct strbuf text = STRBUF_INIT, val = STRBUF_INIT;
	const char *p, *end;
	int rc, base_seen = 0;

	if (!path)
		return 0;
	rc = read_all(path, &text, err);
	if (rc <= 0)
		goto out;
	p = strbuf_str(&text);
	if (strncmp(p, DRAFT_MAGIC "\n", sizeof(DRAFT_MAGIC)) != 0) {
		if (err)
			strbuf_addf(err, _("%s: not a routedesk draft"), path);
		rc = -1;
		goto out;
	}
	for (p += sizeof(DRAFT_MAGIC); *p; p = *end ? end + 1 : end) {
		const char *eq;
		int i;

		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		eq = memchr(p, '=', (size_t)(end - p));
		if (!eq)
			continue;
		strbuf_reset(&val);
		unescape(&val, eq + 1, (size_t)(end - eq - 1));
		if (named(p, eq, "saved")) {
			if (saved)
				*saved = (time_t)strtoll(strbuf_str(&val), NULL, 10);
			continue;
		}
		if (named(p, eq, LOST_AT)) {
			f->lost_at = strtoll(strbuf_str(&val), NULL, 10);
			continue;
		}
		if (named(p, eq, LOST_PATH)) {
			snprintf(f->lost_path, sizeof(f->lost_path), "%s", strbuf_str(&val));
			continue;
		}
		if (named(p, eq, LOST_KNOWN)) {
			free(f->lost_known);
			f->lost_known = xstrdup(strbuf_str(&val));
			continue;
		}
		if (named(p, eq, FORM_BASE)) {
			form_set_base(f, strbuf_str(&val));
			base_seen = 1;
			continue;
		}
		if (named(p, eq, LOST_PAIR) || named(p, eq, LOST_FIRST_PAIR)) {
			const char *v = strbuf_str(&val), *sep = strchr(v, '=');

			if (sep) {
				char *name = xstrndup(v, (size_t)(sep - v));

				api_form_add(named(p, eq, LOST_PAIR) ? &f->sent : &f->lost_sent, name, sep + 1);
				free(name);
			}
			continue;
		}
		for (i = 0; i < (int)f->n; i++)
			if (named(p, eq, f->fields[i].name))
				break;
		if (i < (int)f->n && f->fields[i].type != FT_FIXED) {
			form_set(f, (size_t)i, strbuf_str(&val), 0);
			f->fields[i].flags |= FF_TOUCHED;
		}
	}
	/* A lost send of an older routedesk kept no base: what the record
	 * was before it is not known, and the record now (the base the form
	 * was built with) may be that send's own write, or one after it. */
	if (f->lost_at && !base_seen)
		form_set_base(f, NULL);
	rc = 1;
out:
	strbuf_free(&text);
	strbuf_free(&val);
	free(path);
	return rc;
}

int draft_remove(const char *key)
{
	char *path = file_of(key, 0);
	int rc = 0;

	if (path && unlink(path) < 0 && errno != ENOENT)
		rc = -1;
	free(path);
	return rc;
}

/* Prefs are "name=value" lines in one file. */
size_t draft_kept(struct strbuf *lost, struct strbuf *kept, size_t *n_lost)
{
	char *dir = draft_dir();
	DIR *d = dir ? opendir(dir) : NULL;
	struct dirent *e;
	size_t n = 0;

	*n_lost = 0;
	while (d && (e = readdir(d))) {
		struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;

		if (e->d_name[0] == '.' || strcmp(e->d_name, PREFS_FILE) == 0)
			continue;
		strbuf_addf(&path, "%s/%s", dir, e->d_name);
		/* A draft's first line says so: temporary files and strays
		 * are no drafts. */
		if (read_all(path.buf, &text, NULL) > 0 &&
		    strncmp(strbuf_str(&text), DRAFT_MAGIC "\n", strlen(DRAFT_MAGIC) + 1) == 0) {
			struct strbuf *to = strstr(strbuf_str(&text), "\n" LOST_AT "=") ? lost : kept;

			if (to == lost)
				(*n_lost)++;
			if (to->len)
				strbuf_adds(to, ", ");
			strbuf_adds(to, e->d_name);
			n++;
		}
		strbuf_free(&path);
		strbuf_free(&text);
	}
	if (d)
		closedir(d);
	free(dir);
	return n;
}

int draft_pref_get(const char *name, struct strbuf *out)
{
	char *path = file_of(PREFS_FILE, 0);
	struct strbuf text = STRBUF_INIT;
	size_t nlen = strlen(name);
	int rc = -1;

	if (path && read_all(path, &text, NULL) > 0) {
		for (const char *p = strbuf_str(&text); *p;) {
			const char *end = strchr(p, '\n');

			if (!end)
				end = p + strlen(p);
			if ((size_t)(end - p) > nlen && strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
				unescape(out, p + nlen + 1, (size_t)(end - p - (long)nlen - 1));
				rc = 0;
			}
			p = *end ? end + 1 : end;
		}
	}
	strbuf_free(&text);
	free(path);
	return rc;
}

int draft_pref_set(const char *name, const char *value)
{
	char *path = file_of(PREFS_FILE, 1);
	struct strbuf text = STRBUF_INIT, out = STRBUF_INIT;
	size_t nlen = strlen(name);
	int rc = -1;

	if (!path)
		return -1;
	if (read_all(path, &text, NULL) >= 0) {
		for (const char *p = strbuf_str(&text); *p;) {
			const char *end = strchr(p, '\n');

			if (!end)
				end = p + strlen(p);
			if (!((size_t)(end - p) > nlen && strncmp(p, name, nlen) == 0 && p[nlen] == '=')) {
				strbuf_add(&out, p, (size_t)(end - p));
				strbuf_addc(&out, '\n');
			}
			p = *end ? end + 1 : end;
		}
		strbuf_addf(&out, "%s=", name);
		escape(&out, value);
		strbuf_addc(&out, '\n');
		rc = state_write_file(path, out.buf, out.len, NULL);
	}
	strbuf_free(&text);
	strbuf_free(&out);
	free(path);
	return rc;
}
