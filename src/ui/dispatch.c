/* dispatch.c: what each action and each `:` command does, and the prompts' keys. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/dates.h"
#include "common/i18n.h"
#include "common/trace.h"
#include "ui/app.h"
#include "ui/forms/forms.h"
#include "ui/script.h"
#include "ui/term.h"
#include "ui/base/list.h"

static struct list *top_list(struct ui *ui)
{
	struct frame *f = app_top(ui);

	return f ? f->list : NULL;
}

static int top_is_review(struct ui *ui)
{
	struct frame *f = app_top(ui);
	const char *name = f && f->v->ops->name ? f->v->ops->name : "";

	return strcmp(name, "routes") == 0 || strcmp(name, "stops") == 0 ||
	       strcmp(name, "timeline") == 0;
}

static void step_day(struct ui *ui, long delta)
{
	struct rd_date d;
	char buf[11];

	if (delta == 0) {
		date_today(&d);
	} else {
		if (date_parse(ui->date, &d) < 0)
			date_today(&d);
		date_from_days(date_to_days(&d) + delta, &d);
		/* Past the calendar dates have (0001-01-01 to 9999-12-31):
		 * `]` on 9999-12-31 wrapped to 9999-01-01. */
		if (d.year < 1 || d.year > 9999) {
			ui_error(ui, "%s", _("No day to review beyond 0001-01-01 and 9999-12-31"));
			return;
		}
	}
	date_format(&d, buf);
	app_set_date(ui, buf);
}

static void copy_selection(struct ui *ui)
{
	struct list *l = top_list(ui);
	struct strbuf text = STRBUF_INIT;
	long long id;
	size_t row;
	int rc;

	if (!l || !list_selected(l, &row, &id)) {
		ui_message(ui, "%s", _("Nothing selected to copy"));
		return;
	}
	/* A row of several items (a Timeline lane) copies its current one. */
	if (list_view(l)->ops->item && list_view(l)->ops->item(list_view(l), row) > 0)
		id = list_view(l)->ops->item(list_view(l), row);
	if (id > 0)
		strbuf_addf(&text, "%lld", id);
	else
		list_row_text(l, row, &text);
	rc = term_copy(ui, strbuf_str(&text));
	if (rc == 0)
		ui_message(ui, _("Copied %s"), strbuf_str(&text));
	else if (rc > 0)
		/* tmux gives no answer either way: say what it takes. */
		ui_message(ui, _("Copied %s (in tmux: needs set-clipboard on or allow-passthrough on)"),
		           strbuf_str(&text));
	else
		ui_error(ui, "%s", _("No terminal to copy to"));
	strbuf_free(&text);
}

static void write_action(struct ui *ui, enum action a)
{
	if (ui->readonly) {
		ui_message(ui, "%s", _("Read-only session: writes are off"));
		return;
	}
	forms_action(ui, a);
}

static void open_prompt(struct ui *ui, char prompt)
{
	struct list *l = top_list(ui);
	const char *flt = l ? list_filter(l) : NULL;

	ui->prompt = 1;
	strbuf_reset(&ui->filter_before);
	if (prompt == '/' && flt)
		strbuf_adds(&ui->filter_before, flt);
	cmdline_start(&ui->cmd, prompt, prompt == '/' ? flt : NULL);
	app_mark(ui, DIRTY_MESSAGE);
}

static void do_action(struct ui *ui, enum action a)
{
	struct list *l = top_list(ui);
	struct frame *f = app_top(ui);
	size_t row;

	switch (a) {
	case ACT_NONE:
	case ACT_COUNT:
		return;
	case ACT_HELP:
		ui_push(ui, panel_help_new(ui));
		return;
	case ACT_BACK:
		/* q goes back; from another pane's root to Routes; only on
		 * the Routes pane itself does it quit.  A habit from k9s or
		 * tig (q closes a view) must not end a dispatcher's session. */
		if (app_pop(ui) == 0)
			return;
		if (ui->cur != PANE_ROUTES)
			app_show_pane(ui, PANE_ROUTES);
		else
			ui->quit = 1;
		return;
	case ACT_QUIT:
		ui->quit = 1;
		return;
	case ACT_POP:
		/* Esc takes a filter off before it closes the view. */
		if (l && list_filter(l)) {
			list_set_filter(l, NULL);
			break;
		}
		app_pop(ui);
		return;
	case ACT_COMMAND:
		open_prompt(ui, ':');
		return;
	case ACT_FILTER:
		open_prompt(ui, '/');
		return;
	case ACT_NEXT_MATCH:
	case ACT_PREV_MATCH:
		switch (l ? list_find(l, a == ACT_NEXT_MATCH ? 1 : -1) : 1) {
		case 0: ui_message(ui, "%s", _("No other loaded row matches")); break;
		case -1: ui_message(ui, "%s", _("Nothing to look for: / sets a filter, n and N then go through its matches")); break;
		}
		break;
	case ACT_DOWN: if (l) list_move(l, 1); break;
	case ACT_UP: if (l) list_move(l, -1); break;
	case ACT_LEFT:
	case ACT_RIGHT:
		/* Inside a row that holds several items (the Timeline's lane). */
		if (!l || !f->v->ops->across || !list_selected(l, &row, NULL))
			return;
		if (!f->v->ops->across(f->v, ui, row, a == ACT_LEFT ? -1 : 1))
			return;
		break;
	case ACT_FIRST: if (l) list_first(l); break;
	case ACT_LAST: if (l) list_last(l); break;
	case ACT_PAGE_DOWN: if (l) list_page(l, 1); break;
	case ACT_PAGE_UP: if (l) list_page(l, -1); break;
	case ACT_ENTER:
		if (!l || !list_selected(l, &row, NULL))
			return;
		if (!list_row_loaded(l, row)) {
			app_say_row_loading(ui);
			return;
		}
		if (f->v->ops->enter)
			f->v->ops->enter(f->v, ui, row);
		break;
	case ACT_NEXT_PANE:
	case ACT_PREV_PANE: {
		int step = a == ACT_NEXT_PANE ? 1 : PANE_COUNT - 1, p = (ui->cur + step) % PANE_COUNT;

		/* The Stops pane needs a route: pass over it when there is none. */
		if (p == PANE_STOPS && !app_selected_route(ui))
			p = (p + step) % PANE_COUNT;
		app_show_pane(ui, p);
		return;
	}
	case ACT_PANE_1: case ACT_PANE_2: case ACT_PANE_3: case ACT_PANE_4: case ACT_PANE_5:
	case ACT_PANE_6:
		/* The number of the pane shown takes it back to its own list
		 * (a route's stops drilled into from Routes: 1 is the routes),
		 * as q would, one view after another. */
		if ((int)(a - ACT_PANE_1) == ui->cur) {
			while (app_pop(ui) == 0)
				;
			return;
		}
		app_show_pane(ui, (int)(a - ACT_PANE_1));
		return;
	case ACT_PREV_DAY: step_day(ui, -1); return;
	case ACT_NEXT_DAY: step_day(ui, 1); return;
	case ACT_TODAY: step_day(ui, 0); return;
	case ACT_SORT_PREV:
	case ACT_SORT_NEXT:
	case ACT_SORT_INVERT:
		if (!l)
			break;
		if (a == ACT_SORT_INVERT)
			list_sort_invert(l);
		else
			list_sort_step(l, a == ACT_SORT_NEXT ? 1 : -1);
		/* An order over the loaded rows only put an October ticket
		 * first with November's not loaded: the view reads the rest
		 * and says what it costs.  An order by id needs no row: the
		 * search gave every id. */
		if (f && f->v->ops->sorted)
			f->v->ops->sorted(f->v, ui, list_sort_needs_rows(l));
		break;
	case ACT_REFRESH:
	case ACT_RELOAD:
		/* The day's review is the console's: r asks what changed (one
		 * read), R fetches the day again. */
		if (top_is_review(ui)) {
			if (a == ACT_RELOAD)
				app_reload_review(ui);
			else
				app_refresh_tick(ui, 1);
		} else if (f && f->v->ops->refresh) {
			f->v->ops->refresh(f->v, ui, a == ACT_RELOAD);
		}
		break;
	case ACT_PAUSE:
		ui->paused = !ui->paused;
		ui_message(ui, "%s", ui->paused ? _("Auto-refresh paused (Z resumes)") : _("Auto-refresh resumed"));
		app_mark(ui, DIRTY_HEADER);
		return;
	case ACT_COPY:
		copy_selection(ui);
		return;
	case ACT_ADD_NOTE:
	case ACT_ADD_ON:
	case ACT_LEAD_STAGE:
	case ACT_MOVE_STOP:
	case ACT_CANCEL_STOP:
	case ACT_COMPLETE_STOP:
		write_action(ui, a);
		return;
	case ACT_RAW:
		if (!f || !f->v->ops->toggle || !f->v->ops->toggle(f->v, ui)) {
			ui_message(ui, "%s", _("Only a customer's detail has a summary and a raw record"));
			return;
		}
		ui_dirty(ui, f->v);
		break;
	case ACT_PREVIEW:
		/* Every pane's: a dispatcher who wants the room wants it
		 * on the next pane too. */
		ui->no_preview = !ui->no_preview;
		ui_message(ui, "%s", ui->no_preview ? _("Preview hidden") : _("Preview shown"));
		break;
	case ACT_REDRAW:
		app_mark(ui, DIRTY_ALL | DIRTY_REPAINT);
		return;
	}
	app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
}

static void complete(struct ui *ui)
{
	struct strbuf out = STRBUF_INIT, alts = STRBUF_INIT;
	char *line = xstrndup(ui->cmd.buf, ui->cmd.cur);
	size_t n = cmdline_complete(line, ui->themes, ui->n_themes, &out, &alts);

	if (n >= 1)
		cmdline_set(&ui->cmd, strbuf_str(&out));
	/* Not on the message line: the open prompt covers it.  Above the
	 * prompt, as vim's wildmenu, until the next key. */
	strbuf_reset(&ui->alts);
	if (n > 1)
		strbuf_adds(&ui->alts, strbuf_str(&alts));
	else if (n == 0)
		strbuf_adds(&ui->alts, _("No completion"));
	app_mark(ui, DIRTY_STATUS);
	free(line);
	strbuf_free(&out);
	strbuf_free(&alts);
}

/* Said above the open prompt, where Tab's candidates go, until the next
 * key: the message line is the prompt's, and a message there would be
 * read only once the prompt is closed. */
static void prompt_say(struct ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void prompt_say(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	strbuf_reset(&ui->alts);
	va_start(ap, fmt);
	strbuf_vaddf(&ui->alts, fmt, ap);
	va_end(ap);
	app_mark(ui, DIRTY_STATUS);
}

static void prompt_key(struct ui *ui, int key)
{
	struct list *l = top_list(ui);
	char prompt = ui->cmd.prompt;
	enum cmdline_rc rc = cmdline_key(&ui->cmd, key);
	char *text;

	app_mark(ui, DIRTY_MESSAGE);
	/* The last Tab's candidates go with any key (a Tab shows its own),
	 * and with the prompt: the status line comes back. */
	if (ui->alts.len) {
		strbuf_reset(&ui->alts);
		app_mark(ui, DIRTY_STATUS);
	}
	switch (rc) {
	case CMDLINE_FULL:
		/* Said once, at the paste's end, for a paste. */
		if (ui->paste.on)
			ui->paste.cut++;
		else
			prompt_say(ui, _("The line is full (%d bytes)"), CMDLINE_MAX);
		return;
	case CMDLINE_EDIT:
		/* The filter narrows as it is typed. */
		if (prompt == '/' && l) {
			list_set_filter(l, cmdline_text(&ui->cmd));
			app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
		}
		return;
	case CMDLINE_COMPLETE:
		if (prompt == ':')
			complete(ui);
		return;
	case CMDLINE_CANCEL:
		ui->prompt = 0;
		if (prompt == '/' && l) {
			list_set_filter(l, ui->filter_before.len ? ui->filter_before.buf : NULL);
			app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
		}
		return;
	case CMDLINE_DONE:
		ui->prompt = 0;
		text = xstrdup(cmdline_text(&ui->cmd));
		if (prompt == ':') {
			cmdline_history_add(&ui->cmd, text);
			app_command(ui, text);
		} else if (l) {
			list_set_filter(l, text);
			app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
		}
		free(text);
		return;
	}
}

/* Where pasted text would go now. */
static enum paste_into paste_target(const struct ui *ui)
{
	int typing = forms_typing(ui);

	if (typing)
		return typing == 2 ? PASTE_LINES : PASTE_LINE;
	if (forms_active(ui))
		return PASTE_NOWHERE;
	return ui->prompt ? PASTE_LINE : PASTE_NOWHERE;
}

/* The paste is over: what did not go in is said. */
static void paste_end(struct ui *ui, int idle)
{
	struct paste *p = &ui->paste;

	if (!p->on)
		return;
	if (p->lost)
		ui_error(ui, ngettext("Pasted text ignored (%lu character): paste into a form's "
		                      "text field, or after : or /",
		                      "Pasted text ignored (%lu characters): paste into a "
		                      "form's text field, or after : or /",
		                      p->lost),
		         p->lost);
	else if (p->cut)
		prompt_say(ui, ngettext("Pasted text cut: %lu character did not fit the line",
		                        "Pasted text cut: %lu characters did not fit the line", p->cut),
		           p->cut);
	else if (idle)
		ui_error(ui, "%s", _("The terminal did not say where the paste ended: keys act again"));
	p->on = 0;
}

void app_paste_check(struct ui *ui, double now)
{
	if (action_paste_idle(&ui->paste, now))
		paste_end(ui, 1);
}

/* The brackets of a paste, and the keys between them: 1 when key was one
 * of them (taken or dropped), 0 to act on *key as typed. */
static int paste_key(struct ui *ui, int *key)
{
	struct paste *p = &ui->paste;

	if (*key == KEY_PASTE_BEGIN) {
		action_paste_begin(p, app_now());
		return 1;
	}
	if (*key == KEY_PASTE_END) {
		paste_end(ui, 0);
		return 1;
	}
	if (!p->on)
		return 0;
	/* An ESC in the text is a control character like any other: dropped
	 * (action_paste_key), the paste going on. */
	p->at = app_now();
	*key = action_paste_key(p, *key, paste_target(ui));
	return *key < 0;
}

static void act_key(struct ui *ui, int key);

void app_key(struct ui *ui, int key)
{
	char name[32];

	if (paste_key(ui, &key))
		return;
	key = action_key_normalize(key);
	/* What is typed into a form or a prompt (a note, a customer's name or
	 * phone) stays out of the trace: only that a character was typed. */
	if ((forms_active(ui) || ui->prompt) && !(key & KEYF) && key >= 0x20 && key != 0x7f)
		trace_event("key", "(typed)");
	else
		trace_event("key", "%s", action_key_name(key, name, sizeof(name)));
	act_key(ui, key);
}

/* Holds key for app_keys_replay. */
static void hold_key(struct ui *ui, int key)
{
	if (ui->n_held < UI_HELD_MAX)
		ui->held[ui->n_held++] = key;
	else
		ui->held_lost++;
}

void app_keys_replay(struct ui *ui)
{
	size_t n = ui->n_held;

	if (!n || screen_too_small())
		return;
	ui->n_held = 0;
	/* After a key that closes the form, the rest act on what is then
	 * open, as they would have when typed. */
	for (size_t i = 0; i < n; i++)
		act_key(ui, ui->held[i]);
	if (ui->held_lost)
		ui_error(ui, ngettext("%lu key typed while the terminal was too small was dropped",
		                      "%lu keys typed while the terminal was too small were dropped",
		                      ui->held_lost),
		         ui->held_lost);
	ui->held_lost = 0;
}

static void act_key(struct ui *ui, int key)
{
	/* C-c (no longer a SIGINT, term.c) cancels a prompt, and quits
	 * anywhere else, a form's draft kept, as the signal did.  Too small,
	 * it quits from a prompt too: held there until the terminal grew,
	 * with Q a letter of the prompt, no key ended the console. */
	if (key == 3 && (!ui->prompt || screen_too_small())) {
		ui->quit = 1;
		return;
	}
	/* Below the minimum the screen says only that: a key whose effect the
	 * user cannot see must not move the selection, open a form or send a
	 * write.  Quit and redraw still act (a resize never comes here); but
	 * with a form or a prompt open, a Q is a letter of what is being typed,
	 * and typing goes on: text and Backspace reach the field or the
	 * prompt, where they change nothing else (a tmux split that shrank
	 * the pane mid-note lost the words and quit on a "Quote").  Every
	 * other key of a form or a prompt (Enter, Tab, Esc, a y on a check
	 * box) waits, and so does all typing after it, in order, until the
	 * terminal grows (app_keys_replay): they were dropped, and the text
	 * around them went on into another line or field. */
	if (screen_too_small()) {
		enum action a = keymap_action(ui->keys, key);
		int text = !(key & KEYF) && key >= 0x20 && key != 0x7f;
		int erase = key == action_key_normalize(0x7f); /* Backspace, normalised */

		if (forms_active(ui) || ui->prompt) {
			if (ui->n_held || !(text || erase) || (forms_active(ui) && !forms_typing(ui)))
				hold_key(ui, key);
			else if (forms_active(ui))
				(void)forms_key(ui, key);
			else
				prompt_key(ui, key);
			return;
		}
		if (a == ACT_QUIT || a == ACT_REDRAW)
			do_action(ui, a);
		return;
	}
	/* An open form is modal: it takes every key. */
	if (forms_key(ui, key))
		return;
	if (ui->prompt) {
		prompt_key(ui, key);
		return;
	}
	if (ui->msg.len) {
		strbuf_reset(&ui->msg);
		app_mark(ui, DIRTY_MESSAGE);
	}
	do_action(ui, keymap_action(ui->keys, key));
}

void app_mouse(struct ui *ui, int y, int x, unsigned long bstate)
{
	struct frame *f = app_top(ui);
	enum mouse_do m = action_mouse_do(bstate);

	trace_event("mouse", "%d %d %d", (int)m, y, x);
	/* A form or a prompt holds the keyboard: a click beside it does
	 * not move what it acts on. */
	if (m == MOUSE_NONE || !f || screen_too_small() || forms_active(ui) || ui->prompt)
		return;
	switch (m) {
	case MOUSE_UP:
	case MOUSE_DOWN:
		/* Three rows a notch, as most terminal programs scroll. */
		list_move(f->list, m == MOUSE_UP ? -3 : 3);
		break;
	case MOUSE_SELECT:
	case MOUSE_OPEN:
		if (!list_select_at(f->list, y, x))
			return;
		if (m == MOUSE_OPEN) {
			app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
			do_action(ui, ACT_ENTER);
			return;
		}
		break;
	case MOUSE_NONE:
		return;
	}
	app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
}

static void cmd_date(struct ui *ui, const char *arg)
{
	struct rd_date d;
	char *end;
	long n;

	if (strcmp(arg, "today") == 0 || !*arg) {
		step_day(ui, 0);
	} else if ((arg[0] == '+' || arg[0] == '-') && (n = strtol(arg, &end, 10), !*end) &&
	           n > -3660 && n < 3660) {
		step_day(ui, n);
	} else if (date_parse(arg, &d) == 0) {
		app_set_date(ui, arg);
	} else {
		ui_error(ui, _("':date %s': expected YYYY-MM-DD, today, +N or -N"), arg);
	}
}

static void cmd_theme(struct ui *ui, const char *arg)
{
	struct strbuf err = STRBUF_INIT;
	struct theme t;

	if (!*arg) {
		ui_message(ui, _("Theme %s; Tab after ':theme ' lists the others"), ui->theme.name);
	} else if (theme_load(&t, arg, &err) < 0) {
		ui_error(ui, "%s", strbuf_str(&err));
	} else {
		ui->theme = t;
		theme_apply(&ui->theme, ui->use_color);
		app_mark(ui, DIRTY_ALL | DIRTY_REPAINT);
	}
	strbuf_free(&err);
}

/* :cust, :sub, :ticket: to their pane's own view, which searches. */
static void cmd_search(struct ui *ui, const char *name, const char *args, int pane)
{
	struct frame *f;

	app_show_pane_unopened(ui, pane);
	if (ui->cur != pane)
		return;
	while (app_pop(ui) == 0)
		;
	f = app_top(ui);
	/* A new search replaces the rows: an old narrowing would hide them. */
	list_set_filter(f->list, NULL);
	if (f->v->ops->command && f->v->ops->command(f->v, ui, name, args)) {
		/* The search was the pane's first fetch. */
		f->opened = 1;
	} else {
		ui_error(ui, _("The %s pane does not understand ':%s'"), app_pane_title(pane), name);
		app_frame_open(ui, f);
	}
	app_mark(ui, DIRTY_ALL);
}

static void cmd_resize(struct ui *ui, const char *arg)
{
	int cols, lines;
	char x;

	if (!ui->script) {
		ui_error(ui, "%s", _(":resize is for scripts; resize the terminal instead"));
		return;
	}
	if (sscanf(arg, "%d%c%d", &cols, &x, &lines) != 3 || x != 'x' || term_resize(ui, lines, cols) < 0) {
		ui_error(ui, _("':resize %s': expected COLSxLINES, e.g. 100x30"), arg);
		return;
	}
	app_mark(ui, DIRTY_ALL | DIRTY_REPAINT);
}

/* A name no command and no view took: a prefix of several is not unknown
 * (the man page promises any unique prefix), so it says what it could be. */
static void refuse_command(struct ui *ui, const char *name)
{
	struct strbuf alts = STRBUF_INIT;

	if (cmdline_candidates(name, &alts) > 1)
		ui_error(ui, _("Ambiguous command ':%s': %s (type more of it)"), name,
		         strbuf_str(&alts));
	else
		ui_error(ui, _("Unknown command ':%s' (Tab completes, ? lists them)"), name);
	strbuf_free(&alts);
}

void app_command(struct ui *ui, const char *line)
{
	const struct cmd_def *def;
	struct strbuf err = STRBUF_INIT;
	struct frame *f = app_top(ui);
	const char *args;
	char *name;

	if (cmdline_split(line, &name, &args) < 0)
		return;
	if (ui->msg.len) {
		strbuf_reset(&ui->msg);
		app_mark(ui, DIRTY_MESSAGE);
	}
	def = cmdline_command(name);
	if (!def) {
		if (!f || !f->v->ops->command || !f->v->ops->command(f->v, ui, name, args))
			refuse_command(ui, name);
		app_mark(ui, DIRTY_ALL);
	} else if (strcmp(def->name, "q") == 0) {
		do_action(ui, ACT_BACK);
	} else if (strcmp(def->name, "quit") == 0) {
		ui->quit = 1;
	} else if (strcmp(def->name, "view") == 0) {
		int p = app_pane_of(args);

		if (p < 0)
			ui_error(ui, _("':view %s': one of routes, stops, customers, subscriptions, tickets, timeline"), args);
		else
			app_show_pane(ui, p);
	} else if (strcmp(def->name, "date") == 0) {
		cmd_date(ui, args);
	} else if (strcmp(def->name, "theme") == 0) {
		cmd_theme(ui, args);
	} else if (strcmp(def->name, "refresh") == 0) {
		app_refresh_tick(ui, 1);
	} else if (strcmp(def->name, "log") == 0) {
		ui_push(ui, forms_log_view(ui));
	} else if (strcmp(def->name, "info") == 0) {
		ui_push(ui, panel_info_new(ui));
	} else if (strcmp(def->name, "messages") == 0) {
		ui_push(ui, panel_messages_new(ui));
	} else if (strcmp(def->name, "help") == 0) {
		ui_push(ui, panel_help_new(ui));
	} else if (strcmp(def->name, "save-display") == 0) {
		if (!*args)
			ui_error(ui, "%s", _("':save-display FILE': which file?"));
		else if (script_save_display(args, &err) < 0)
			ui_error(ui, "%s", strbuf_str(&err));
		else if (!ui->script)
			/* Typed, it said nothing, and the dispatcher could not
			 * tell it had worked.  A script's dumps are its record:
			 * each would show the one before's message. */
			ui_message(ui, _("Screen saved to %s"), args);
	} else if (strcmp(def->name, "cust") == 0) {
		cmd_search(ui, def->name, args, PANE_CUSTOMERS);
	} else if (strcmp(def->name, "sub") == 0) {
		cmd_search(ui, def->name, args, PANE_SUBSCRIPTIONS);
	} else if (strcmp(def->name, "ticket") == 0) {
		cmd_search(ui, def->name, args, PANE_TICKETS);
	} else if (strcmp(def->name, "timeline") == 0) {
		app_show_pane(ui, PANE_TIMELINE);
	} else if (strcmp(def->name, "resize") == 0) {
		cmd_resize(ui, args);
	}
	free(name);
	strbuf_free(&err);
}
