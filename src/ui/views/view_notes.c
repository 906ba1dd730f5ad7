/* view_notes.c: the Notes pane: one customer's notes, newest last as the service lists them. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_pane.h"
#include "ui/views/views.h"

enum { COL_DATE, COL_TYPE, COL_EMPLOYEE, COL_TEXT, COL_FLAGS };

static const struct view_column columns[] = {
	[COL_DATE] = { N_("Date"), 16, 10, 0 },
	/* The bar ends with the type: across the note's text it cost a row
	 * down two rows of text (240 bytes at 120x40, not 100). */
	[COL_TYPE] = { N_("Type"), 14, 6, VC_BAR },
	[COL_EMPLOYEE] = { N_("Employee"), 16, 8, 0 },
	[COL_TEXT] = { N_("Note"), 30, 10, VC_FLEX },
	[COL_FLAGS] = { N_("Shown"), 5, 3, 0 },
};

static void employee_text(const struct vc_pane *p, const void *row, struct strbuf *out,
                          enum view_style *style)
{
	const struct m_note *n = row;

	(void)style;
	if (n->employee_name && *n->employee_name)
		strbuf_adds(out, n->employee_name);
	else
		vc_employee_name(out, p->ui, n->employee_id);
}

static void flags_text(const struct vc_pane *p, const void *row, struct strbuf *out,
                       enum view_style *style)
{
	const struct m_note *n = row;

	(void)p;
	(void)style;
	/* Who else reads it: T the technician, C the customer, I the invoice. */
	if (n->show_tech)
		strbuf_addc(out, 'T');
	if (n->show_customer)
		strbuf_addc(out, 'C');
	if (n->show_invoice)
		strbuf_addc(out, 'I');
}

#define AT(m) offsetof(struct m_note, m)
static const struct vc_field fields[] = {
	[COL_DATE] = { VK_DATE, AT(date), NULL, NULL },
	[COL_TYPE] = { VK_TEXT, AT(type), NULL, NULL },
	[COL_EMPLOYEE] = { VK_CUSTOM, 0, employee_text, NULL },
	[COL_TEXT] = { VK_FIRST_LINE, AT(text), NULL, NULL },
	[COL_FLAGS] = { VK_CUSTOM, 0, flags_text, NULL },
};
#undef AT
VC_PANE_CHECK(columns, fields);

static void notes_preview(const struct vc_pane *p, const void *row, struct strbuf *out)
{
	const struct m_note *n = row;

	vc_date(out, n->date);
	if (n->type && *n->type)
		strbuf_addf(out, " %s %s", vc_dot(), n->type);
	strbuf_addf(out, " %s ", vc_dot());
	employee_text(p, n, out, NULL);
	strbuf_addc(out, '\n');
	if (n->show_tech)
		strbuf_addf(out, "%s\n", _("Shown to the technician"));
	if (n->show_customer)
		strbuf_addf(out, "%s\n", _("Shown to the customer"));
	if (n->show_invoice)
		strbuf_addf(out, "%s\n", _("Shown on the invoice"));
	/* One column (no LIST_PREVIEW_BREAK): the text the flags move down
	 * differs from one note to the next anyway, and a second column
	 * would only wrap it more. */
	if (n->text)
		strbuf_addf(out, "%s\n", n->text);
}

/* No `:` words: the customer's notes, all of them.  A note not loaded yet
 * shows its id where its text will be. */
static const struct vc_pane_def notes_def = {
	.resource = "note",
	.columns = columns,
	.fields = fields,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.id_column = COL_TEXT,
	.id_prefix = "#",
	.preview = notes_preview,
};

static const struct view_ops notes_ops = VC_PANE_OPS("notes", N_("Notes"), columns);

struct view *view_notes_new(long long customer_id)
{
	return ui_view_new(&notes_ops, vc_pane_new(&notes_def, customer_id, NULL));
}
