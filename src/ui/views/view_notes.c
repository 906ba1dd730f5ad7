/* view_notes.c: the Notes pane: one customer's notes, newest last as the service lists them. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_common.h"

enum { COL_DATE, COL_TYPE, COL_EMPLOYEE, COL_TEXT, COL_FLAGS };

static const struct view_column columns[] = {
	[COL_DATE] = { N_("Date"), 16, 10, 0 },
	[COL_TYPE] = { N_("Type"), 14, 6, 0 },
	[COL_EMPLOYEE] = { N_("Employee"), 16, 8, 0 },
	[COL_TEXT] = { N_("Note"), 30, 10, VC_FLEX },
	[COL_FLAGS] = { N_("Shown"), 5, 3, 0 },
};

static struct vc_pane *priv(const struct view *v)
{
	return v->priv;
}

static const struct m_note *at(const struct view *v, size_t row)
{
	return vc_list_row(&priv(v)->list, row);
}

static void employee_text(struct strbuf *out, const struct vc_pane *p, const struct m_note *n)
{
	if (n->employee_name && *n->employee_name)
		strbuf_adds(out, n->employee_name);
	else
		vc_employee_name(out, p->ui, n->employee_id);
}

static void flags_text(struct strbuf *out, const struct m_note *n)
{
	/* Who else reads it: T the technician, C the customer, I the invoice. */
	if (n->show_tech)
		strbuf_addc(out, 'T');
	if (n->show_customer)
		strbuf_addc(out, 'C');
	if (n->show_invoice)
		strbuf_addc(out, 'I');
}

static void notes_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                       enum view_style *style)
{
	const struct vc_pane *p = priv(v);
	const struct m_note *n = at(v, row);
	const char *text, *nl;

	if (!n) {
		vc_pane_loading(v, row, col == COL_TEXT ? "#" : NULL, out, style);
		return;
	}
	switch (col) {
	case COL_DATE:
		vc_date(out, n->date);
		break;
	case COL_TYPE:
		if (n->type)
			strbuf_adds(out, n->type);
		break;
	case COL_EMPLOYEE:
		employee_text(out, p, n);
		break;
	case COL_TEXT:
		/* The first line; the preview has the rest. */
		text = n->text ? n->text : "";
		while (*text == '\n' || *text == '\r' || *text == ' ')
			text++;
		nl = strpbrk(text, "\r\n");
		strbuf_add(out, text, nl ? (size_t)(nl - text) : strlen(text));
		break;
	case COL_FLAGS:
		flags_text(out, n);
		break;
	}
}

static int notes_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct m_note *x, *y;
	int c = 0;

	if (vc_list_cmp_unloaded(&priv(v)->list, a, b, &c))
		return c;
	x = at(v, a);
	y = at(v, b);
	if (col == COL_DATE) {
		c = strcmp(x->date, y->date);
	} else {
		c = vc_cmp_cells(v, a, b, col);
	}
	return c ? c : vc_cmp_ll(x->id, y->id);
}

static int notes_match(const struct view *v, size_t row, const char *filter)
{
	const struct m_note *n = at(v, row);

	/* The whole text, not only the first line shown. */
	return vc_match_cells(v, row, filter) || (n && vc_contains(n->text, filter));
}

static void notes_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct vc_pane *p = priv(v);
	const struct m_note *n = at(v, row);

	if (!n)
		return;
	vc_date(out, n->date);
	if (n->type && *n->type)
		strbuf_addf(out, " %s %s", vc_dot(), n->type);
	strbuf_addf(out, " %s ", vc_dot());
	employee_text(out, p, n);
	strbuf_addc(out, '\n');
	if (n->show_tech)
		strbuf_addf(out, "%s\n", _("Shown to the technician"));
	if (n->show_customer)
		strbuf_addf(out, "%s\n", _("Shown to the customer"));
	if (n->show_invoice)
		strbuf_addf(out, "%s\n", _("Shown on the invoice"));
	if (n->text)
		strbuf_addf(out, "%s\n", n->text);
}

static const struct view_ops notes_ops = {
	.name = "notes",
	.title = N_("Notes"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = vc_pane_count,
	.row_id = vc_pane_row_id,
	.loaded = vc_pane_loaded,
	.cell = notes_cell,
	.compare = notes_compare,
	.match = notes_match,
	.preview = notes_preview,
	.open = vc_pane_open,
	.want = vc_pane_want,
	.result = vc_pane_result,
	.enter = vc_pane_enter,
	.refresh = vc_pane_refresh,
	.command = vc_pane_command,
	.destroy = vc_pane_destroy,
};

struct view *view_notes_new(long long customer_id)
{
	struct vc_pane *p = xcalloc(1, sizeof(*p));

	/* No `:` words: the customer's notes, all of them. */
	vc_pane_init(p, "note", customer_id, NULL, NULL, NULL);
	return ui_view_new(&notes_ops, p);
}
