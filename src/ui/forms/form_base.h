/* form_base.h: a record as a form took its values (form.base), as text: made from a row, compared with the record as now known. */
#ifndef ROUTEDESK_UI_FORMS_FORM_BASE_H
#define ROUTEDESK_UI_FORMS_FORM_BASE_H

#include "common/strbuf.h"
#include "model/model.h"

/* A lead stage form's base: what updateLeadStage writes over, the
 * subscription's stage and whether it is a lead, and when it was
 * updated (dateUpdated orders two knowledges of it, never compared):
 * "lead|STAGEID|ACTIVE|UPDATED|STAGE". */
void form_base_lead(const struct m_subscription *s, struct strbuf *out);

/* Whether a base made of a row read later (row) is to replace the one
 * known (known): 1 when both are of one kind and row's dateUpdated is
 * not older than known's (an unknown date is taken: no guess), 0 else. */
int form_base_newer(const char *known, const char *row);

/* A lead base read: the stage (0 when no lead), active (-3 a lead), the
 * stage's name (pointing into the text read). */
struct form_lead {
	long long stage;
	int active;
	char updated[24];
	const char *name;
};
/* 0, or -1 when text is no lead base (a stop's, NULL, cut short). */
int form_base_lead_parse(const char *text, struct form_lead *b);

/* 1 when what the lead stage form writes over differs from was to now:
 * whether it is a lead, and a lead's stage (not its name, not the date). */
int form_base_lead_changed(const struct form_lead *was, const struct form_lead *now);

#endif
