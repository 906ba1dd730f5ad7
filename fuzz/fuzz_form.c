/* fuzz_form.c: the console's form values, editing and checks (src/ui/forms/form.c, no curses) over any typed text. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/encode.h"
#include "common/strbuf.h"
#include "fuzz/fuzz.h"
#include "ui/forms/form.h"

/*
 * A form with one field of every type (the add-on form's amount/taxable
 * pair among them, for the rule across fields).  The input is lines: the
 * first six set the editable fields' text as a draft or a record would (any
 * bytes, invalid UTF-8 included: a record's text is the service's), the
 * rest is keystrokes, where a few control bytes are editing keys and the
 * other bytes are typed.  Then the form is checked, confirmed, previewed
 * and sent, as the y key does; a valid form must yield pairs.
 */

static struct form *build(void)
{
	struct form *f = form_new("ticket/createAddOn", "fuzz");
	int i;

	form_add_field(f, "description", "Description", FT_TEXT, FF_REQUIRED);
	form_add_field(f, "note", "Note", FT_LINES, 0);
	i = form_add_field(f, "quantity", "Quantity", FT_INT, FF_MIN);
	f->fields[i].min = 1;
	form_add_field(f, "amount", "Amount", FT_MONEY, FF_REQUIRED);
	form_add_field(f, "taxable", "Taxable", FT_BOOL, 0);
	i = form_add_field(f, "productID", "Product", FT_PICK, FF_CHOICE | FF_OMIT0);
	form_add_option(f, (size_t)i, 10001, "Quarterly service");
	form_add_option(f, (size_t)i, 10002, "Bait \xe2\x80\x94 refill");
	form_add_field(f, "ticketID", "Ticket", FT_FIXED, 0);
	form_set(f, (size_t)form_find(f, "ticketID"), "10002", 1);
	f->rule = form_rule_negative_taxable;
	return f;
}

static void key(struct form *f, unsigned char c)
{
	switch (c) {
	case 0x01: form_backspace(f); break;
	case 0x02: form_delete(f); break;
	case 0x03: form_cursor_move(f, -1); break;
	case 0x04: form_cursor_move(f, 1); break;
	case 0x05: form_cursor_home(f); break;
	case 0x06: form_cursor_end(f); break;
	case 0x07: form_cursor_line(f, -1); break;
	case 0x08: form_cursor_line(f, 1); break;
	case 0x09: form_focus_step(f, 1); break;
	case 0x0b: form_newline(f); break;
	case 0x0c: form_toggle(f); break;
	case 0x0e: form_pick_step(f, 1); break;
	case 0x0f: form_pick_step(f, -1); break;
	case 0x10: form_kill(f); break;
	case 0x11: form_focus_step(f, -1); break;
	default: form_insert(f, (const char *)&c, 1); break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct form *f = build();
	struct strbuf msg = STRBUF_INIT, preview = STRBUF_INIT;
	struct api_form pairs = API_FORM_INIT, sent = API_FORM_INIT;
	const char *s = (const char *)data, *end = s + size;
	size_t field = 0;

	/* The fields' text, one line each (the fixed ticketID is skipped). */
	while (s < end && field < 6) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		char *text = xstrndup(s, nl ? (size_t)(nl - s) : (size_t)(end - s));

		/* Half as opening values (a draft), half as typed. */
		form_set(f, field, text, (int)(field % 2));
		field++;
		free(text);
		s = nl ? nl + 1 : end;
	}
	form_focus_set(f, 0);
	for (; s < end; s++)
		key(f, (unsigned char)*s);
	for (size_t i = 0; i < f->n; i++) {
		FUZZ_ASSERT(f->fields[i].cur <= f->fields[i].text.len);
		form_field_check(f, i, &msg);
		form_option_label(f, i);
		form_text(f, i);
	}
	form_changed(f);
	strbuf_reset(&msg);
	if (form_validate(f, 0, &msg) < 0) {
		FUZZ_ASSERT(form_confirm(f, &msg) == 0);
		form_pairs(f, &pairs);
		form_preview_text(f, &pairs, &preview);
		FUZZ_ASSERT(form_send(f, &sent) == 0);
		FUZZ_ASSERT(sent.n == pairs.n);
		FUZZ_ASSERT(form_send(f, &sent) < 0); /* never twice */
	} else {
		FUZZ_ASSERT(msg.len > 0);
		FUZZ_ASSERT(form_confirm(f, &msg) < 0);
	}
	api_form_free(&pairs);
	api_form_free(&sent);
	strbuf_free(&msg);
	strbuf_free(&preview);
	form_free(f);
	return 0;
}
