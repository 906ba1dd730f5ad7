/* script_run.c: the script runner between the main loop's turns: when a step runs, its own commands, :script-check and the timeout. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "ui/app.h"
#include "ui/forms/forms.h"
#include "ui/script.h"
#include "ui/base/list.h"

static double timeout_seconds(void)
{
	const char *s = getenv("ROUTEDESK_SCRIPT_TIMEOUT");
	double t = s ? strtod(s, NULL) : 0;

	return t > 0 ? t : 30;
}


static void check_frame(struct ui *ui, struct frame *f, void *ctx)
{
	struct strbuf *why = ctx;

	(void)ui;
	if (f->v->waiting)
		strbuf_addf(why, _("; the %s view still waits for job %lu"),
		            f->v->ops->name ? f->v->ops->name : "?", f->v->waiting);
}

/* :script-check, once the fetch thread is idle: every job submitted has
 * ended in one outcome the UI took, and nothing on screen still waits for
 * one.  0, or -1 with the reasons on stderr. */
static int script_check(struct ui *ui, const struct script_run *sr)
{
	struct strbuf why = STRBUF_INIT;
	struct fetch_stats st;
	unsigned long ended;
	int rc = 0;

	fetch_stats(ui->fetch, &st);
	ended = st.done + st.failed + st.superseded + st.cancelled;
	if (st.submitted != ended)
		strbuf_addf(&why, _("; %lu jobs submitted, %lu ended"), st.submitted, ended);
	if (fetch_pending(ui->fetch))
		strbuf_addf(&why, _("; %zu jobs pending"), fetch_pending(ui->fetch));
	if (ui->review_gen)
		strbuf_addf(&why, _("; the review still waits for job %lu"), ui->review_gen);
	if (ui->refresh_gen)
		strbuf_addf(&why, _("; the refresh still waits for job %lu"), ui->refresh_gen);
	if (ui->customers_gen)
		strbuf_addf(&why, _("; the review's customers still wait for job %lu"), ui->customers_gen);
	if (forms_busy(ui))
		strbuf_adds(&why, _("; a form still waits for a job"));
	app_each_frame(ui, check_frame, &why);
	if (why.len) {
		fprintf(stderr, _("routedesk: %s:%d: script-check failed%s\n"), ui->script->path, sr->line,
		        why.buf);
		rc = -1;
	}
	trace_event("check", "%s submitted %lu done %lu failed %lu superseded %lu requeued %lu",
	            rc ? "failed" : "ok", st.submitted, st.done, st.failed, st.superseded,
	            st.requeued);
	strbuf_free(&why);
	return rc;
}

/* The script runner's commands, which a user cannot type: 1 when st was
 * one of them. */
static int script_command(struct ui *ui, struct script_run *sr, const char *cmd)
{
	if (strcmp(cmd, "script-race on") == 0 || strcmp(cmd, "script-race off") == 0) {
		sr->race = strcmp(cmd, "script-race on") == 0;
		return 1;
	}
	if (strncmp(cmd, "script-wait ", 12) == 0) {
		sr->pause = app_now() + strtod(cmd + 12, NULL) / 1000.0;
		return 1;
	}
	if (strcmp(cmd, "script-check") == 0) {
		sr->check = 1;
		return 1;
	}
	(void)ui;
	return 0;
}

static void run_step(struct ui *ui, struct script_run *sr, const struct script_step *st)
{
	if (st->kind == SCRIPT_COMMAND) {
		trace_event("key", ":%s", st->command);
		if (!script_command(ui, sr, st->command))
			app_command(ui, st->command);
		return;
	}
	for (size_t i = 0; i < st->n_keys && !ui->quit; i++)
		app_key(ui, st->keys[i]);
}

void script_run_start(struct script_run *sr, const struct script *s, double now)
{
	memset(sr, 0, sizeof(*sr));
	sr->timeout = timeout_seconds();
	/* The first step waits for the review as every later one waits for
	 * what the one before asked: as long as the timeout, no longer. */
	sr->deadline = now + sr->timeout;
	sr->line = script_next_line(s);
}

enum script_turn script_run_turn(struct ui *ui, struct script_run *sr, double now, double *until)
{
	int idle = fetch_pending(ui->fetch) == 0 && !ui->dirty;

	if (sr->check && idle) {
		sr->check = 0;
		if (script_check(ui, sr) < 0)
			return SCRIPT_FAILED;
	}
	if (sr->pause > now) {
		*until = sr->pause;
	} else if (!sr->check && !ui->dirty && (idle || sr->race)) {
		const struct script_step *st = script_next(ui->script);

		sr->pause = 0;
		if (!st)
			return SCRIPT_END;
		sr->line = st->line;
		run_step(ui, sr, st);
		sr->deadline = app_now() + sr->timeout;
		return SCRIPT_AGAIN;
	} else {
		*until = sr->deadline;
	}
	/* A wait with a known end (the minute's reads spent, a Retry-After,
	 * a backoff, another console's same read) is not a hang: the
	 * timeout counts from its end.  An answer that does not come is one. */
	if (ui->wait.kind != API_WAIT_NONE && ui->wait.kind != API_WAIT_ANSWER &&
	    now + sr->timeout > sr->deadline)
		sr->deadline = now + sr->timeout;
	if (now >= sr->deadline) {
		fprintf(stderr, _("routedesk: %s:%d: still fetching after %.0f s; giving up\n"),
		        ui->script->path, sr->line, sr->timeout);
		return SCRIPT_FAILED;
	}
	return SCRIPT_WAIT;
}
