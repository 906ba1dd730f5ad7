/* form.c: the write form's model: fields, editing and the submit states (form_values.c checks the values and makes the pairs). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/dates.h"
#include "common/i18n.h"
#include "model/model.h"
#include "ui/forms/form.h"

struct form *form_new(const char *path, const char *title)
{
	struct form *f = xcalloc(1, sizeof(*f));

	f->path = xstrdup(path);
	f->title = xstrdup(title ? title : "");
	api_form_init(&f->sent);
	api_form_init(&f->lost_sent);
	f->state = FORM_EDITING;
	return f;
}

static void free_options(struct form_field *fd)
{
	for (size_t i = 0; i < fd->n_opts; i++)
		free(fd->opts[i].label);
	free(fd->opts);
	fd->opts = NULL;
	fd->n_opts = 0;
}

void form_free(struct form *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->n; i++) {
		free(f->fields[i].name);
		free(f->fields[i].initial);
		strbuf_free(&f->fields[i].text);
		free_options(&f->fields[i]);
	}
	free(f->fields);
	free(f->path);
	free(f->title);
	free(f->warning);
	free(f->base);
	free(f->lost_known);
	free(f->error);
	api_form_free(&f->sent);
	api_form_free(&f->lost_sent);
	free(f);
}

void form_set_path(struct form *f, const char *path)
{
	free(f->path);
	f->path = xstrdup(path);
}

/* Sets (copies) or clears f->error. */
static void form_set_error(struct form *f, const char *msg)
{
	free(f->error);
	f->error = msg && *msg ? xstrdup(msg) : NULL;
}

int form_add_field(struct form *f, const char *name, const char *label, enum form_type type,
                   unsigned flags)
{
	struct form_field *fd;

	f->fields = xrealloc(f->fields, (f->n + 1) * sizeof(*f->fields));
	fd = &f->fields[f->n];
	memset(fd, 0, sizeof(*fd));
	fd->name = xstrdup(name);
	fd->label = label;
	fd->type = type;
	fd->flags = flags;
	fd->initial = xstrdup(type == FT_BOOL ? "0" : "");
	if (type == FT_BOOL)
		strbuf_adds(&fd->text, "0");
	fd->cur = fd->text.len;
	f->n++;
	/* The focus starts on the first field a user can edit, so what is
	 * typed right after the key that opened the form lands in it (it
	 * used to rest on Cancel, which silently dropped that text).  Until
	 * such a field is added it rests on Cancel, whose position moves
	 * with the field count. */
	if (f->focus >= f->n - 1)
		f->focus = type != FT_FIXED ? f->n - 1 : FORM_CANCEL(f);
	return (int)f->n - 1;
}

int form_add_param(struct form *f, const struct resource *res, const char *param,
                   const char *label, int as, int create)
{
	const struct res_param *p = res ? res_param_find(res, param) : NULL;
	enum form_type type;
	unsigned flags = 0;

	if (!p || !(p->flags & (create ? RP_CREATE : RP_UPDATE)))
		return -1;
	switch (p->type) {
	case RT_INT: type = FT_INT; break;
	case RT_NUM: type = FT_MONEY; break;
	case RT_BOOL: type = FT_BOOL; break;
	case RT_TEXT: type = FT_TEXT; break;
	default: return -1; /* dates, lists and JSON have no form field */
	}
	if (as >= 0)
		type = (enum form_type)as;
	if (create && (p->flags & RP_REQUIRED))
		flags |= FF_REQUIRED;
	return form_add_field(f, p->name, label, type, flags);
}

int form_find(const struct form *f, const char *name)
{
	for (size_t i = 0; i < f->n; i++)
		if (strcmp(f->fields[i].name, name) == 0)
			return (int)i;
	return -1;
}

struct form_field *form_field(struct form *f, const char *name)
{
	int i = form_find(f, name);

	return i < 0 ? NULL : &f->fields[i];
}

void form_set(struct form *f, size_t i, const char *text, int initial)
{
	struct form_field *fd;

	if (i >= f->n)
		return;
	fd = &f->fields[i];
	strbuf_reset(&fd->text);
	strbuf_adds(&fd->text, text ? text : "");
	fd->cur = fd->text.len;
	if (initial) {
		free(fd->initial);
		fd->initial = xstrdup(strbuf_str(&fd->text));
	}
}

void form_setf(struct form *f, size_t i, int initial, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	form_set(f, i, strbuf_str(&sb), initial);
	strbuf_free(&sb);
}

const char *form_text(const struct form *f, size_t i)
{
	return i < f->n ? strbuf_str(&f->fields[i].text) : "";
}

void form_set_options(struct form *f, size_t i, const struct form_option *opts, size_t n)
{
	if (i >= f->n)
		return;
	free_options(&f->fields[i]);
	for (size_t k = 0; k < n; k++)
		form_add_option(f, i, opts[k].id, opts[k].label);
	f->fields[i].loading = 0;
}

void form_add_option(struct form *f, size_t i, long long id, const char *label)
{
	struct form_field *fd;

	if (i >= f->n)
		return;
	fd = &f->fields[i];
	for (size_t k = 0; k < fd->n_opts; k++) {
		if (fd->opts[k].id == id) {
			/* A later sighting may carry the name an earlier one lacked. */
			if (label && *label && !*fd->opts[k].label) {
				free(fd->opts[k].label);
				fd->opts[k].label = xstrdup(label);
			}
			return;
		}
	}
	fd->opts = xrealloc(fd->opts, (fd->n_opts + 1) * sizeof(*fd->opts));
	fd->opts[fd->n_opts].id = id;
	fd->opts[fd->n_opts].label = xstrdup(label ? label : "");
	fd->n_opts++;
}

static int option_index(const struct form_field *fd)
{
	long long id;

	if (api_parse_ll(strbuf_str(&fd->text), &id) < 0)
		return -1;
	for (size_t k = 0; k < fd->n_opts; k++)
		if (fd->opts[k].id == id)
			return (int)k;
	return -1;
}

const char *form_option_label(const struct form *f, size_t i)
{
	int k = i < f->n ? option_index(&f->fields[i]) : -1;

	return k < 0 ? NULL : f->fields[i].opts[k].label;
}

int form_changed(const struct form *f)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->fields[i].type != FT_FIXED &&
		    strcmp(strbuf_str(&f->fields[i].text), f->fields[i].initial) != 0)
			return 1;
	return 0;
}

/* ------------------------------------------------------------ editing */

static struct form_field *editable(struct form *f)
{
	struct form_field *fd;

	if (f->state != FORM_EDITING || f->focus >= f->n)
		return NULL;
	fd = &f->fields[f->focus];
	return fd->type == FT_FIXED ? NULL : fd;
}

static struct form_field *typed(struct form *f)
{
	struct form_field *fd = editable(f);

	return fd && fd->type != FT_BOOL ? fd : NULL;
}

static void splice(struct form_field *fd, size_t at, size_t del, const char *s, size_t len)
{
	struct strbuf out = STRBUF_INIT;
	const char *old = strbuf_str(&fd->text);

	strbuf_add(&out, old, at);
	strbuf_add(&out, s, len);
	strbuf_adds(&out, old + at + del);
	strbuf_free(&fd->text);
	fd->text = out;
	if (!fd->text.buf)
		strbuf_adds(&fd->text, "");
	fd->cur = at + len;
	fd->flags |= FF_TOUCHED;
}

int form_insert(struct form *f, const char *s, size_t len)
{
	struct form_field *fd = typed(f);
	struct strbuf clean = STRBUF_INIT;
	int changed;

	if (!fd)
		return 0;
	/* Control characters never enter a value: a newline only through
	 * form_newline, and only in a text of several lines. */
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] >= 0x20 && s[i] != 0x7f)
			strbuf_addc(&clean, s[i]);
	changed = clean.len > 0;
	/* A picker's value the user has not touched is a default (the note
	 * type used last, "a new one", the stage a read brought): a number
	 * typed there replaces it.  Appended, "4" typed after L would give
	 * "24" or "4" depending on whether the read had landed yet. */
	/* So is one chosen from the list: 2 chosen with Right, then 14 typed,
	 * sent 214 (an audit's "no note type 2514"). */
	if (changed && fd->type == FT_PICK && (!(fd->flags & FF_TOUCHED) || (fd->flags & FF_PICKED)))
		splice(fd, 0, fd->text.len, clean.buf, clean.len);
	else if (changed)
		splice(fd, fd->cur, 0, clean.buf, clean.len);
	if (changed)
		fd->flags &= ~(unsigned)FF_PICKED;
	strbuf_free(&clean);
	return changed;
}

static size_t prev_char(const char *s, size_t at)
{
	if (at == 0)
		return 0;
	at--;
	while (at > 0 && ((unsigned char)s[at] & 0xc0) == 0x80)
		at--;
	return at;
}

static size_t next_char(const char *s, size_t len, size_t at)
{
	if (at >= len)
		return len;
	at++;
	while (at < len && ((unsigned char)s[at] & 0xc0) == 0x80)
		at++;
	return at;
}

int form_backspace(struct form *f)
{
	struct form_field *fd = typed(f);
	size_t at;

	if (!fd || fd->cur == 0)
		return 0;
	at = prev_char(strbuf_str(&fd->text), fd->cur);
	splice(fd, at, fd->cur - at, "", 0);
	return 1;
}

int form_delete(struct form *f)
{
	struct form_field *fd = typed(f);
	size_t end;

	if (!fd || fd->cur >= fd->text.len)
		return 0;
	end = next_char(fd->text.buf, fd->text.len, fd->cur);
	splice(fd, fd->cur, end - fd->cur, "", 0);
	return 1;
}

int form_kill(struct form *f)
{
	struct form_field *fd = typed(f);

	if (!fd || fd->text.len == 0)
		return 0;
	splice(fd, 0, fd->text.len, "", 0);
	return 1;
}

int form_newline(struct form *f)
{
	struct form_field *fd = typed(f);

	if (!fd || fd->type != FT_LINES)
		return 0;
	splice(fd, fd->cur, 0, "\n", 1);
	return 1;
}

int form_toggle(struct form *f)
{
	struct form_field *fd = editable(f);
	int on;

	if (!fd || fd->type != FT_BOOL)
		return 0;
	on = strcmp(strbuf_str(&fd->text), "1") == 0;
	splice(fd, 0, fd->text.len, on ? "0" : "1", 1);
	return 1;
}

int form_pick_step(struct form *f, int dir)
{
	struct form_field *fd = editable(f);
	char buf[32];
	int k;

	if (!fd || fd->type != FT_PICK || fd->n_opts == 0)
		return 0;
	k = option_index(fd);
	if (k < 0)
		k = dir > 0 ? 0 : (int)fd->n_opts - 1;
	else
		k = (int)((k + (int)fd->n_opts + (dir > 0 ? 1 : -1)) % (int)fd->n_opts);
	snprintf(buf, sizeof(buf), "%lld", fd->opts[k].id);
	splice(fd, 0, fd->text.len, buf, strlen(buf));
	fd->flags |= FF_PICKED;
	return 1;
}

void form_cursor_move(struct form *f, int dir)
{
	struct form_field *fd = typed(f);

	if (!fd)
		return;
	fd->cur = dir < 0 ? prev_char(strbuf_str(&fd->text), fd->cur)
	                  : next_char(strbuf_str(&fd->text), fd->text.len, fd->cur);
}

static size_t line_start(const char *s, size_t at)
{
	while (at > 0 && s[at - 1] != '\n')
		at--;
	return at;
}

static size_t line_end(const char *s, size_t len, size_t at)
{
	while (at < len && s[at] != '\n')
		at++;
	return at;
}

void form_cursor_home(struct form *f)
{
	struct form_field *fd = typed(f);

	if (fd)
		fd->cur = line_start(strbuf_str(&fd->text), fd->cur);
}

void form_cursor_end(struct form *f)
{
	struct form_field *fd = typed(f);

	if (fd)
		fd->cur = line_end(strbuf_str(&fd->text), fd->text.len, fd->cur);
}

int form_cursor_line(struct form *f, int dir)
{
	struct form_field *fd = typed(f);
	const char *s;
	size_t start, col = 0, target, end;

	if (!fd || fd->type != FT_LINES)
		return 0;
	s = strbuf_str(&fd->text);
	start = line_start(s, fd->cur);
	for (size_t p = start; p < fd->cur; p = next_char(s, fd->text.len, p))
		col++;
	if (dir < 0) {
		if (start == 0)
			return 0;
		target = line_start(s, start - 1);
	} else {
		end = line_end(s, fd->text.len, fd->cur);
		if (end >= fd->text.len)
			return 0;
		target = end + 1;
	}
	end = line_end(s, fd->text.len, target);
	while (col-- > 0 && target < end)
		target = next_char(s, fd->text.len, target);
	fd->cur = target;
	return 1;
}

void form_focus_set(struct form *f, size_t pos)
{
	if (f->focus < f->n)
		f->fields[f->focus].flags |= FF_TOUCHED;
	if (pos <= FORM_CANCEL(f))
		f->focus = pos;
}

void form_focus_step(struct form *f, int dir)
{
	size_t stops = f->n + 2, pos = f->focus > FORM_CANCEL(f) ? FORM_CANCEL(f) : f->focus;

	for (size_t tries = 0; tries < stops; tries++) {
		pos = (pos + stops + (dir < 0 ? (size_t)-1 : 1)) % stops;
		if (pos >= f->n || f->fields[pos].type != FT_FIXED)
			break;
	}
	form_focus_set(f, pos);
}

/* -------------------------------------------------------------- states */

int form_confirm(struct form *f, struct strbuf *msg)
{
	int bad;

	if (f->state != FORM_EDITING)
		return -1;
	for (size_t i = 0; i < f->n; i++)
		f->fields[i].flags |= FF_TOUCHED;
	bad = form_validate(f, 0, msg);
	if (bad >= 0) {
		if (f->fields[bad].type != FT_FIXED)
			f->focus = (size_t)bad;
		return -1;
	}
	f->state = FORM_CONFIRM;
	f->preview_top = 0;
	return 0;
}

void form_back(struct form *f)
{
	if (f->state == FORM_CONFIRM)
		f->state = FORM_EDITING;
	form_set_warning(f, NULL);
}

void form_set_warning(struct form *f, const char *msg)
{
	free(f->warning);
	f->warning = msg && *msg ? xstrdup(msg) : NULL;
}

void form_set_base(struct form *f, const char *base)
{
	free(f->base);
	f->base = base ? xstrdup(base) : NULL;
}

int form_send(struct form *f, struct api_form *out)
{
	if (f->state != FORM_CONFIRM)
		return -1;
	/* Sent again over a lost send: that one stays of unknown outcome
	 * until this one is known to have gone nowhere. */
	api_form_free(&f->lost_sent);
	if (f->lost_at)
		api_form_copy(&f->lost_sent, &f->sent);
	api_form_free(&f->sent);
	form_pairs(f, &f->sent);
	api_form_copy(out, &f->sent);
	f->state = FORM_SENDING;
	f->sends++;
	return 0;
}

/* The field a refusal names ("Invalid value for amount"), for the focus. */
static int named_field(const struct form *f, const char *msg)
{
	for (size_t i = 0; msg && i < f->n; i++) {
		size_t len = strlen(f->fields[i].name);
		const char *p = msg;

		if (f->fields[i].type == FT_FIXED)
			continue;
		while ((p = strstr(p, f->fields[i].name))) {
			char after = p[len];

			if ((p == msg || p[-1] == ' ' || p[-1] == '\'') &&
			    (after == '\0' || after == ' ' || after == ':' || after == ',' ||
			     after == '.' || after == '\''))
				return (int)i;
			p += len;
		}
	}
	return -1;
}

enum form_state form_outcome(struct form *f, const struct api_error *err, long long id)
{
	int k;

	if (f->state != FORM_SENDING)
		return f->state;
	/* Refused or never sent: not applied, so a lost send before it is
	 * still what a check must look for (it may be on the server). */
	if (f->lost_at && err->kind != API_OK && err->kind != API_ERR_UNKNOWN_OUTCOME &&
	    err->kind != API_ERR_DECODE) {
		api_form_free(&f->sent);
		f->sent = f->lost_sent;
		api_form_init(&f->lost_sent);
	}
	/* Lost too: either send may be on the server, and the check looks
	 * for both (fk_check_result), so they stay. */
	if (err->kind != API_ERR_UNKNOWN_OUTCOME && err->kind != API_ERR_DECODE)
		api_form_free(&f->lost_sent);
	switch (err->kind) {
	case API_OK:
		f->state = FORM_DONE;
		f->written_id = id;
		form_set_error(f, NULL);
		break;
	case API_ERR_UNKNOWN_OUTCOME:
	case API_ERR_DECODE:
		f->state = FORM_UNKNOWN;
		form_set_error(f, api_error_text(err));
		break;
	default:
		f->state = FORM_EDITING;
		/* Only success:false is the service's answer; a connection never
		 * made is the client's; a status without an envelope may be either. */
		/* A write is cancelled only before it left (transport_cut_off:
		 * one cut off mid-send is an unknown outcome). */
		f->why = err->kind == API_ERR_API ? FW_REFUSED
		       : err->kind == API_ERR_NETWORK || err->kind == API_ERR_USAGE ||
		                 err->kind == API_ERR_CANCELLED
		           ? FW_NOT_SENT
		           : FW_UNSURE;
		form_set_error(f, err->server_message ? err->server_message : api_error_text(err));
		k = named_field(f, err->server_message);
		if (k >= 0)
			f->focus = (size_t)k;
		break;
	}
	return f->state;
}

int form_check_begin(struct form *f)
{
	if (f->state != FORM_UNKNOWN)
		return -1;
	f->state = FORM_CHECKING;
	return 0;
}

enum form_state form_check_end(struct form *f, int applied, const char *msg)
{
	if (f->state != FORM_CHECKING)
		return f->state;
	f->state = applied > 0 ? FORM_DONE : applied == 0 ? FORM_EDITING : FORM_UNKNOWN;
	/* Known now: neither send to look for any more. */
	if (applied >= 0)
		api_form_free(&f->lost_sent);
	f->why = FW_CHECKED;
	form_set_error(f, msg);
	return f->state;
}
