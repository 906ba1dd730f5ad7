/* forms_exit.c: the forms at exit: the write in flight's outcome taken, what was typed kept as a draft, the writes' summary. */
#include "config.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>

#include "ui/base/console.h"
#include "ui/forms/draft.h"
#include "ui/forms/form.h"
#include "ui/forms/form_draw.h"
#include "ui/forms/form_keys.h"
#include "ui/forms/forms.h"
#include "ui/forms/forms_int.h"
#include "ui/views/activity.h"

#define QUIT_WAIT_SECONDS 30

/* A write in flight at exit has reached its outcome by now: app_main's
 * fetch_shutdown gave it a short grace and then cut it off (an unknown
 * outcome, never resent).  Take that result, so the summary says what
 * happened rather than "no answer yet".  Other results are dropped:
 * nothing shows them any more.  QUIT_WAIT_SECONDS only guards a caller
 * that did not shut the fetch thread down first. */
static void wait_write(struct ui *ui, struct forms *fs)
{
	double end = app_now() + QUIT_WAIT_SECONDS;

	while (fs->write_gen && ui->fetch && app_now() < end) {
		struct fetch_result *r = fetch_take(ui->fetch);

		if (!r) {
			struct pollfd p = { fetch_fd(ui->fetch), POLLIN, 0 };

			/* Every job has its one outcome by now (fetch_shutdown):
			 * nothing pending means nothing more will come. */
			if (fetch_pending(ui->fetch) == 0)
				break;

			poll(&p, 1, 200);
			continue;
		}
		if (r->slot == FETCH_SLOT_WRITE && r->kind == FETCH_WRITE)
			forms_result(ui, r);
		fetch_result_free(r);
	}
}

size_t forms_quit(struct ui *ui, FILE *out)
{
	struct forms *fs = ui->forms;
	size_t open;

	if (!fs)
		return 0;
	fs->quitting = 1;
	wait_write(ui, fs);
	/* A check reading the record back was cut off with every read
	 * (fetch_shutdown): the outcome is as unknown as before it, and
	 * the summary said "unknown, checking" of nothing checking.  The
	 * draft keeps the lost send for the next run's check. */
	if (fs->f && fs->f->state == FORM_CHECKING)
		activity_update(&fs->log, fs->entry, AL_UNKNOWN, 0, NULL);
	/* Keys still held at exit reach the draft: the text they type is
	 * kept, but nothing they would press (Preview, a send) happens. */
	for (size_t i = 0; fs->f && i < fs->n_held; i++) {
		enum form_key k = form_key(fs->f, fs->held[i]);

		if (k != FK_NONE && k != FK_IGNORED && k != FK_REDRAW && k != FK_PICK_ONLY &&
		    k != FK_NOT_TEXT)
			break;
	}
	fs->n_held = 0;
	if (fs->f && (fs->f->state == FORM_EDITING || fs->f->state == FORM_CONFIRM) &&
	    form_changed(fs->f))
		draft_save(fs->draft_key, fs->f, NULL);
	form_free(fs->f);
	fs->f = NULL;
	open = activity_summary(&fs->log, out);
	activity_free(&fs->log);
	for (size_t i = 0; i < fs->n_queue; i++)
		fetch_job_free(fs->queue[i].job);
	fk_reset_target(fs);
	if (fs->products)
		m_table_free(fs->products);
	for (size_t i = 0; i < fs->n_types; i++)
		free(fs->types[i].label);
	free(fs->types);
	for (size_t i = 0; i < fs->n_stages; i++)
		free(fs->stages[i].label);
	free(fs->stages);
	for (size_t i = 0; i < fs->n_notes; i++)
		api_form_free(&fs->notes[i].sent);
	free(fs->notes);
	free(fs);
	ui->forms = NULL;
	return open;
}
