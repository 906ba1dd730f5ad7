/* form_base.h: a record as a form took its values (form.base), as text: made from a row, compared with the record as now known. */
#ifndef ROUTEDESK_UI_FORMS_FORM_BASE_H
#define ROUTEDESK_UI_FORMS_FORM_BASE_H

#include <cjson/cJSON.h>

#include "common/strbuf.h"
#include "model/model.h"

/* A lead stage form's base: what updateLeadStage writes over, the
 * subscription's stage and whether it is a lead, and when it was
 * updated (dateUpdated orders two knowledges of it, never compared):
 * "lead|STAGEID|ACTIVE|UPDATED|STAGE". */
void form_base_lead(const struct m_subscription *s, struct strbuf *out);

/* The next '|'-separated part of a base at *p into buf (cut to size): 0,
 * or -1 when the text has no more parts (the stop's bases use it too). */
int form_base_next_part(const char **p, char *buf, size_t size);

/* Whether a base made of a row read later (row) is to replace the one
 * known (known): 0 when both are lead bases and row's dateUpdated is
 * older than known's, else 1 (an unknown date is taken: no guess; an
 * item's base has no date, and comes only from a fresh read). */
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

/* An add-on form's base: the item (of id, key "itemID" or "addOnID") it
 * updates, as items (a ticket's "items", a subscription's "addOns") hold
 * it: "item|ID|" then the values of form_base_item_fields, '|' between,
 * the description last (it may hold a '|'); "gone|ID" when items lack it. */
#define FORM_ITEM_FIELDS 7
extern const char *const form_base_item_fields[FORM_ITEM_FIELDS];
void form_base_item(const cJSON *items, const char *key, long long id, struct strbuf *out);
/* Field i's value in an item base into out: 0, or -1 (no such value). */
int form_base_item_value(const char *base, int i, struct strbuf *out);
/* What changed from was to now (item bases of one item): 0 nothing, 1
 * fields (bit i of *fields for field i), 2 the item is gone from now, -1
 * when they cannot be compared (other items, not item bases). */
int form_base_item_changed(const char *was, const char *now, unsigned *fields);

#endif
