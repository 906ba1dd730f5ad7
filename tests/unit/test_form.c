/* test_form.c: the write form's model, its keys, drafts on disk and the activity log. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "api/encode.h"
#include "api/error.h"
#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "ui/base/action.h"
#include "ui/views/activity.h"
#include "ui/forms/draft.h"
#include "ui/forms/form.h"
#include "ui/forms/form_draw.h"
#include "ui/forms/form_keys.h"
#include "ui/base/ui.h"

/* ui.h's services the activity view uses, as doubles. */
struct view *ui_view_new(const struct view_ops *ops, void *priv)
{
	struct view *v = calloc(1, sizeof(*v));

	v->ops = ops;
	v->priv = priv;
	return v;
}

void ui_dirty(struct ui *ui, struct view *v)
{
	(void)ui;
	(void)v;
}

/* What the :log view asked to open last. */
static struct {
	int calls;
	enum ui_view_kind kind;
	char resource[32];
	long long id;
} opened;

void ui_open(struct ui *ui, enum ui_view_kind kind, const struct ui_view_args *args)
{
	(void)ui;
	opened.calls++;
	opened.kind = kind;
	snprintf(opened.resource, sizeof(opened.resource), "%s", args->resource);
	opened.id = args->id;
}

/* A note/create form with the type before the text (forms.c puts the
 * text first since typing at once was lost to the type: see
 * test_typed_at_once); the model's rules do not depend on the order. */
static struct form *note_form(void)
{
	const struct resource *note = res_find("note");
	struct form *f = form_new("note/create", "Add a note");

	assert_int_equal(form_add_param(f, note, "customerID", "Customer", FT_FIXED, 1), 0);
	assert_int_equal(form_add_param(f, note, "contactType", "Note type", FT_PICK, 1), 1);
	assert_int_equal(form_add_param(f, note, "notes", "Text", FT_LINES, 1), 2);
	assert_int_equal(form_add_param(f, note, "showOnInvoice", "Show on invoice", -1, 1), 3);
	assert_int_equal(form_add_param(f, note, "showTech", "Show to technician", -1, 1), 4);
	assert_int_equal(form_add_param(f, note, "referenceID", "Related subscription", -1, 1), 5);
	form_set(f, 0, "10012", 1);
	return f;
}

/* The ticket add-on form. */
static struct form *addon_form(void)
{
	const struct resource *item = res_find("ticketItem");
	struct form *f = form_new("ticket/createAddOn", "Invoice add-on");
	int k;

	assert_int_equal(form_add_param(f, item, "ticketID", "Ticket", FT_FIXED, 1), 0);
	assert_int_equal(form_add_field(f, "itemID", "Item", FT_PICK, FF_CHOICE | FF_OMIT0), 1);
	form_set(f, 1, "0", 1);
	form_add_option(f, 1, 0, "(a new one)");
	form_add_option(f, 1, 7, "Bait station");
	assert_int_equal(form_add_param(f, item, "description", "Description", -1, 1), 2);
	k = form_add_param(f, item, "quantity", "Quantity", -1, 1);
	assert_int_equal(k, 3);
	f->fields[k].flags |= FF_MIN;
	f->fields[k].min = 1;
	form_set(f, 3, "1", 1);
	assert_int_equal(form_add_param(f, item, "amount", "Amount", -1, 1), 4);
	assert_int_equal(form_add_param(f, item, "taxable", "Taxable", FT_BOOL, 1), 5);
	assert_int_equal(form_add_param(f, item, "creditTo", "Credit to", FT_PICK, 1), 6);
	f->fields[6].flags |= FF_OMIT0;
	f->rule = form_rule_negative_taxable;
	form_set(f, 0, "20003", 1);
	return f;
}

static void test_fields_from_table(void **state)
{
	const struct resource *note = res_find("note");
	struct form *f = note_form();
	struct form *u;

	(void)state;
	/* Types and REQUIRED marks come from the table. */
	assert_int_equal(f->fields[0].type, FT_FIXED);
	assert_true(f->fields[0].flags & FF_REQUIRED);
	assert_true(f->fields[1].flags & FF_REQUIRED);
	assert_int_equal(f->fields[2].type, FT_LINES);
	assert_true(f->fields[2].flags & FF_REQUIRED);
	assert_int_equal(f->fields[3].type, FT_BOOL);          /* RT_BOOL */
	assert_true(f->fields[3].flags & FF_REQUIRED);
	assert_string_equal(form_text(f, 3), "0");
	assert_false(f->fields[4].flags & FF_REQUIRED);
	assert_int_equal(f->fields[5].type, FT_INT);           /* RT_INT */
	assert_string_equal(f->fields[1].name, "contactType"); /* the wire name */
	/* The first focus is the first field a user can edit (the fixed
	 * customer is skipped), so text typed at once is not lost. */
	assert_int_equal(f->focus, 1);
	form_free(f);
	/* A form of fixed fields only rests on Cancel. */
	f = form_new("x/update", "Fixed");
	form_add_field(f, "a", "A", FT_FIXED, 0);
	assert_int_equal(f->focus, FORM_CANCEL(f));
	form_add_field(f, "b", "B", FT_TEXT, 0);
	assert_int_equal(f->focus, 1);
	form_add_field(f, "c", "C", FT_TEXT, 0);
	assert_int_equal(f->focus, 1); /* stays on the first */
	form_free(f);

	/* On update nothing is required; since issue 13 the type may change
	 * too, as live's note/update takes contactType (it was create-only). */
	u = form_new("note/update", "Edit");
	assert_int_equal(form_add_param(u, note, "contactType", "Note type", FT_PICK, 0), 0);
	assert_int_equal(form_add_param(u, note, "notes", "Text", FT_LINES, 0), 1);
	assert_false(u->fields[0].flags & FF_REQUIRED);
	assert_false(u->fields[1].flags & FF_REQUIRED);
	assert_int_equal(form_add_param(u, note, "noSuchParam", "X", -1, 0), -1);
	assert_int_equal(u->n, 2);
	form_free(u);

	/* An amount is RT_NUM: a money field, required on createAddOn. */
	f = addon_form();
	assert_int_equal(f->fields[4].type, FT_MONEY);
	assert_true(f->fields[4].flags & FF_REQUIRED);
	assert_true(f->fields[5].flags & FF_REQUIRED);
	assert_false(f->fields[2].flags & FF_REQUIRED);
	form_free(f);
}

/* Every form opens on its first field a user can edit, also when that
 * field is a picker whose options are still loading: what is typed right
 * after the key that opened it lands there. */
static void test_first_focus(void **state)
{
	struct form *f = note_form();
	struct api_form p = API_FORM_INIT;
	struct strbuf text = STRBUF_INIT, note = STRBUF_INIT;

	(void)state;
	/* The note: the type picker, loading, no option yet. */
	f->fields[1].loading = 1;
	assert_int_equal(f->focus, 1);
	assert_int_equal(form_key(f, '3'), FK_NONE);
	assert_string_equal(form_text(f, 1), "3");
	form_free(f);

	/* The add-on: the item picker ("a new one" by default); a number typed
	 * there replaces the default rather than being appended to it. */
	f = addon_form();
	assert_int_equal(f->focus, 1);
	assert_int_equal(form_key(f, '7'), FK_NONE);
	assert_string_equal(form_text(f, 1), "7");
	assert_int_equal(form_key(f, '2'), FK_NONE);
	assert_string_equal(form_text(f, 1), "72");
	form_free(f);

	/* The lead stage: declared by hand, the stage picker loading. */
	f = form_new("subscription/updateLeadStage", "Lead stage");
	assert_int_equal(form_add_field(f, "subscriptionID", "Subscription", FT_FIXED, FF_REQUIRED), 0);
	assert_int_equal(f->focus, FORM_CANCEL(f));
	assert_int_equal(form_add_field(f, "stageID", "Lead stage", FT_PICK, 0), 1);
	f->fields[1].loading = 1;
	assert_int_equal(form_add_field(f, "status", "Status", FT_PICK, FF_CHOICE | FF_REQUIRED), 2);
	assert_int_equal(f->focus, 1);
	assert_int_equal(form_key(f, '4'), FK_NONE);
	assert_string_equal(form_text(f, 1), "4");
	/* A default that lands later does not count as typed: the value is
	 * what was typed, whenever the read arrives. */
	assert_true(f->fields[1].flags & FF_TOUCHED);
	form_free(f);

	/* The preview holds every value whole: nothing is cut. */
	f = note_form();
	for (int i = 0; i < 40; i++)
		strbuf_addf(&note, "word%02d ", i);
	strbuf_adds(&note, "THE-END");
	form_set(f, 1, "3", 0);
	form_set(f, 2, note.buf, 0);
	form_pairs(f, &p);
	form_preview_text(f, &p, &text);
	assert_non_null(strstr(strbuf_str(&text), note.buf));
	assert_null(strstr(strbuf_str(&text), "\xe2\x80\xa6"));
	assert_null(strstr(strbuf_str(&text), "..."));
	api_form_free(&p);
	strbuf_free(&text);
	strbuf_free(&note);
	form_free(f);
}

static void expect_error(struct form *f, int field, const char *msg)
{
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(form_validate(f, 0, &sb), field);
	assert_string_equal(strbuf_str(&sb), msg);
	strbuf_free(&sb);
}

static void test_validation_messages(void **state)
{
	struct form *f = note_form();
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	expect_error(f, 1, "Note type is required");
	form_set(f, 1, "x3", 0);
	expect_error(f, 1, "Note type: 'x3' is not a whole number");
	form_set(f, 1, "3", 0);
	expect_error(f, 2, "Text is required");
	form_set(f, 2, "Gate code 1234", 0);
	form_set(f, 5, "12.5", 0);
	expect_error(f, 5, "Related subscription: '12.5' is not a whole number");
	form_set(f, 5, "", 0);
	assert_int_equal(form_validate(f, 0, NULL), -1);
	/* A fixed field still loading says so rather than "required". */
	form_set(f, 0, "", 0);
	expect_error(f, 0, "Customer: not known yet (still loading)");
	/* As the user types, only fields touched speak. */
	assert_int_equal(form_validate(f, 1, &sb), -1);
	form_free(f);

	f = addon_form();
	expect_error(f, 4, "Amount is required");
	form_set(f, 4, "12,50", 0);
	expect_error(f, 4, "Amount: '12,50' is not an amount (like 12.50)");
	form_set(f, 4, "12.345", 0);
	expect_error(f, 4, "Amount: '12.345' is not an amount (like 12.50)");
	form_set(f, 4, "1e3", 0);
	expect_error(f, 4, "Amount: '1e3' is not an amount (like 12.50)");
	form_set(f, 4, "-4.5", 0);
	assert_int_equal(form_validate(f, 0, NULL), -1);
	form_set(f, 5, "1", 0);
	expect_error(f, 5, "Taxable: a negative amount cannot be taxable");
	form_set(f, 4, "4.50", 0);
	assert_int_equal(form_validate(f, 0, NULL), -1);
	form_set(f, 3, "0", 0);
	expect_error(f, 3, "Quantity must be at least 1");
	form_set(f, 3, "two", 0);
	expect_error(f, 3, "Quantity: 'two' is not a whole number");
	form_set(f, 3, "2", 0);
	form_set(f, 1, "9", 0);
	expect_error(f, 1, "Item: choose one of the listed values");
	form_set(f, 1, "7", 0);
	assert_int_equal(form_validate(f, 0, NULL), -1);
	/* A long bad value is cut in the message. */
	form_set(f, 4, "123456789012345678901234567890", 0);
	expect_error(f, 4, "Amount: '123456789012345678901234...' is not an amount (like 12.50)");
	strbuf_free(&sb);
	form_free(f);
}

static void test_preview_pairs(void **state)
{
	struct form *f = note_form();
	struct api_form p = API_FORM_INIT;
	struct strbuf text = STRBUF_INIT;

	(void)state;
	form_set(f, 1, "007", 0);
	form_set(f, 2, "Gate code 1234.\nDog in the yard.", 0);
	form_set(f, 4, "1", 0);
	form_pairs(f, &p);
	/* Order of the fields, bools always, empty optional fields left out,
	 * numbers canonical, no credentials. */
	assert_int_equal(p.n, 5);
	assert_string_equal(p.pairs[0].name, "customerID");
	assert_string_equal(p.pairs[0].value, "10012");
	assert_string_equal(p.pairs[1].name, "contactType");
	assert_string_equal(p.pairs[1].value, "7");
	assert_string_equal(p.pairs[2].name, "notes");
	assert_string_equal(p.pairs[2].value, "Gate code 1234.\nDog in the yard.");
	assert_string_equal(p.pairs[3].name, "showOnInvoice");
	assert_string_equal(p.pairs[3].value, "0");
	assert_string_equal(p.pairs[4].name, "showTech");
	assert_string_equal(p.pairs[4].value, "1");
	assert_false(api_form_has(&p, "authenticationKey"));
	form_preview_text(f, &p, &text);
	assert_string_equal(strbuf_str(&text),
	                    "note/create\n"
	                    "  customerID=10012\n"
	                    "  contactType=7\n"
	                    "  notes=Gate code 1234.\n"
	                    "        Dog in the yard.\n"
	                    "  showOnInvoice=0\n"
	                    "  showTech=1\n");
	api_form_free(&p);
	strbuf_free(&text);
	form_free(f);

	f = addon_form();
	form_set(f, 4, "12.5", 0);
	form_set(f, 2, "Bait station", 0);
	form_set(f, 6, "0", 0);
	form_add_field(f, "product", "Product", FT_PICK, FF_NOSEND);
	form_set(f, 7, "3", 0);
	form_pairs(f, &p);
	/* itemID 0 and creditTo 0 mean none; the helper is not sent. */
	assert_int_equal(p.n, 5);
	assert_string_equal(p.pairs[0].name, "ticketID");
	assert_string_equal(p.pairs[1].name, "description");
	assert_string_equal(p.pairs[2].name, "quantity");
	assert_string_equal(p.pairs[2].value, "1");
	assert_string_equal(p.pairs[3].name, "amount");
	assert_string_equal(p.pairs[3].value, "12.50");
	assert_string_equal(p.pairs[4].name, "taxable");
	assert_string_equal(p.pairs[4].value, "0");
	api_form_free(&p);
	form_set(f, 1, "7", 0);
	form_set(f, 4, "-3", 0);
	form_pairs(f, &p);
	assert_string_equal(api_form_get(&p, "itemID"), "7");
	assert_string_equal(api_form_get(&p, "amount"), "-3.00");
	api_form_free(&p);
	form_free(f);
}

static struct form *valid_note(void)
{
	struct form *f = note_form();

	form_set(f, 1, "3", 0);
	form_set(f, 2, "Gate code 1234.\nDog in the yard.", 0);
	return f;
}

static void test_states(void **state)
{
	struct form *f = note_form();
	struct api_form p = API_FORM_INIT;
	struct api_error e = API_ERROR_INIT;
	struct strbuf msg = STRBUF_INIT;

	(void)state;
	/* An invalid form does not reach the preview; focus goes to the fault. */
	assert_int_equal(form_confirm(f, &msg), -1);
	assert_string_equal(msg.buf, "Note type is required");
	assert_int_equal(f->state, FORM_EDITING);
	assert_int_equal(f->focus, 1);
	assert_int_equal(form_send(f, &p), -1); /* y outside the preview */
	form_free(f);

	/* Preview, back, preview, y: one send; a second y sends nothing. */
	f = valid_note();
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(f->state, FORM_CONFIRM);
	form_back(f);
	assert_int_equal(f->state, FORM_EDITING);
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(form_send(f, &p), 0);
	assert_int_equal(f->state, FORM_SENDING);
	assert_int_equal(p.n, 5);
	assert_int_equal(form_send(f, &p), -1);
	assert_int_equal(form_confirm(f, NULL), -1);
	assert_int_equal(p.n, 5);
	assert_int_equal(f->sends, 1);
	assert_int_equal(f->sent.n, 5);
	api_form_free(&p);

	/* Refused: back to editing with every character and the message. */
	api_error_set(&e, API_ERR_API, 200, "Invalid value for notes: too long", "API error");
	assert_int_equal(form_outcome(f, &e, 0), FORM_EDITING);
	assert_string_equal(form_text(f, 2), "Gate code 1234.\nDog in the yard.");
	assert_string_equal(f->error, "Invalid value for notes: too long");
	assert_int_equal(f->focus, 2); /* the field the server named */
	assert_int_equal(form_insert(f, "!", 1), 1);
	assert_string_equal(form_text(f, 2), "Gate code 1234.\nDog in the yard.!");
	/* Sent again only through the preview and a new y. */
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(form_send(f, &p), 0);
	assert_int_equal(f->sends, 2);
	api_form_free(&p);

	/* The answer lost: unknown, never resent by y. */
	api_error_set(&e, API_ERR_UNKNOWN_OUTCOME, 0, NULL, "no answer to /note/create");
	assert_int_equal(form_outcome(f, &e, 0), FORM_UNKNOWN);
	assert_string_equal(f->error, "no answer to /note/create");
	assert_int_equal(form_send(f, &p), -1);
	assert_int_equal(form_confirm(f, NULL), -1);
	assert_int_equal(p.n, 0);
	/* An outcome arriving twice changes nothing. */
	api_error_clear(&e);
	assert_int_equal(form_outcome(f, &e, 99), FORM_UNKNOWN);
	/* The check: failed -> still unknown; not applied -> editing. */
	assert_int_equal(form_check_begin(f), 0);
	assert_int_equal(form_check_begin(f), -1);
	assert_int_equal(form_check_end(f, -1, "could not read"), FORM_UNKNOWN);
	assert_int_equal(form_check_begin(f), 0);
	assert_int_equal(form_check_end(f, 0, "not applied"), FORM_EDITING);
	assert_string_equal(form_text(f, 2), "Gate code 1234.\nDog in the yard.!");
	assert_int_equal(f->sends, 2);
	form_free(f);

	/* An answer that cannot be read is an unknown outcome too. */
	f = valid_note();
	form_confirm(f, NULL);
	form_send(f, &p);
	api_form_free(&p);
	api_error_set(&e, API_ERR_DECODE, 200, NULL, "garbled");
	assert_int_equal(form_outcome(f, &e, 0), FORM_UNKNOWN);
	assert_int_equal(form_check_begin(f), 0);
	assert_int_equal(form_check_end(f, 1, NULL), FORM_DONE);
	form_free(f);

	/* Cut off before it left (quitting during a wait, say the 429's
	 * backoff: every attempt was refused before the service handled it):
	 * not sent, not unknown.  It was UNKNOWN, and the next run asked for
	 * a check of a write that never happened. */
	f = valid_note();
	form_confirm(f, NULL);
	form_send(f, &p);
	api_form_free(&p);
	api_error_set(&e, API_ERR_CANCELLED, 0, NULL, "/note/create was not sent (cancelled)");
	assert_int_equal(form_outcome(f, &e, 0), FORM_EDITING);
	assert_int_equal(f->why, FW_NOT_SENT);
	assert_int_equal(f->lost_at, 0);
	assert_string_equal(form_text(f, 2), "Gate code 1234.\nDog in the yard.");
	form_free(f);

	/* Success. */
	f = valid_note();
	form_confirm(f, NULL);
	form_send(f, &p);
	api_form_free(&p);
	api_error_clear(&e);
	assert_int_equal(form_outcome(f, &e, 196), FORM_DONE);
	assert_int_equal(f->written_id, 196);
	assert_null(f->error);
	form_free(f);
	strbuf_free(&msg);
}

static void test_editing(void **state)
{
	struct form *f = note_form();

	(void)state;
	/* Focus: the first field that is not fixed; S-Tab wraps to Cancel,
	 * Tab comes back. */
	assert_int_equal(f->focus, 1);
	form_focus_step(f, -1);
	assert_int_equal(f->focus, FORM_CANCEL(f));
	form_focus_step(f, 1);
	assert_int_equal(f->focus, 1);
	form_focus_step(f, -1);
	assert_int_equal(f->focus, FORM_CANCEL(f));
	form_focus_step(f, -1);
	assert_int_equal(f->focus, FORM_PREVIEW(f));
	form_focus_set(f, 2);
	assert_int_equal(form_insert(f, "Zo\xc3\xab", 4), 1);
	assert_int_equal(form_newline(f), 1);
	assert_int_equal(form_insert(f, "b\tc\n", 4), 1); /* controls dropped */
	assert_string_equal(form_text(f, 2), "Zo\xc3\xab\nbc");
	assert_int_equal(form_cursor_line(f, -1), 1);
	assert_int_equal(f->fields[2].cur, 2);  /* column 2 of the line above */
	form_cursor_end(f);
	assert_int_equal(form_backspace(f), 1); /* a whole UTF-8 character */
	assert_string_equal(form_text(f, 2), "Zo\nbc");
	assert_int_equal(form_cursor_line(f, -1), 0);
	assert_int_equal(form_cursor_line(f, 1), 1);
	form_cursor_home(f);
	assert_int_equal(form_delete(f), 1);
	assert_string_equal(form_text(f, 2), "Zo\nc");
	assert_true(f->fields[2].flags & FF_TOUCHED);
	assert_true(form_changed(f));
	/* A newline only in a text of several lines. */
	form_focus_set(f, 5);
	assert_int_equal(form_newline(f), 0);
	/* Bool toggles, picker cycles through its options. */
	form_focus_set(f, 3);
	assert_int_equal(form_toggle(f), 1);
	assert_string_equal(form_text(f, 3), "1");
	assert_int_equal(form_insert(f, "7", 1), 0);
	form_focus_set(f, 1);
	form_add_option(f, 1, 3, "General");
	form_add_option(f, 1, 14, "Cancellation");
	form_add_option(f, 1, 3, "dup");
	assert_int_equal(f->fields[1].n_opts, 2);
	assert_int_equal(form_pick_step(f, 1), 1);
	assert_string_equal(form_text(f, 1), "3");
	assert_string_equal(form_option_label(f, 1), "General");
	assert_int_equal(form_pick_step(f, 1), 1);
	assert_string_equal(form_text(f, 1), "14");
	assert_int_equal(form_pick_step(f, 1), 1);
	assert_string_equal(form_text(f, 1), "3");
	assert_int_equal(form_kill(f), 1);
	assert_string_equal(form_text(f, 1), "");
	/* The fixed field cannot be edited. */
	f->focus = 0;
	assert_int_equal(form_insert(f, "9", 1), 0);
	assert_string_equal(form_text(f, 0), "10012");
	form_free(f);
}

static void test_keys(void **state)
{
	struct form *f = note_form();

	(void)state;
	assert_int_equal(f->focus, 1);                  /* first focus: the type */
	assert_int_equal(form_key(f, 27), FK_CLOSE);
	assert_int_equal(form_key(f, '3'), FK_NONE);
	assert_int_equal(form_key(f, '\t'), FK_NONE);
	assert_int_equal(form_key(f, 'a'), FK_NONE);
	assert_int_equal(form_key(f, '\n'), FK_NONE);   /* a new line in the text */
	assert_int_equal(form_key(f, 0xe9), FK_NONE);   /* é, as UTF-8 */
	assert_string_equal(form_text(f, 2), "a\n\xc3\xa9");
	assert_int_equal(form_key(f, KEYF | KEY_BTAB), FK_NONE);
	assert_int_equal(f->focus, 1);
	assert_int_equal(form_key(f, '\t'), FK_NONE);
	assert_int_equal(form_key(f, '\t'), FK_NONE);
	assert_int_equal(form_key(f, ' '), FK_NONE);    /* toggles the bool */
	assert_string_equal(form_text(f, 3), "1");
	assert_int_equal(form_key(f, 'n'), FK_NONE);
	assert_string_equal(form_text(f, 3), "0");
	/* Other characters on a yes/no field or a button type nothing, and
	 * say so: they were dropped without a word. */
	assert_int_equal(form_key(f, 'x'), FK_NOT_TEXT);
	assert_string_equal(form_text(f, 3), "0");
	f->focus = FORM_PREVIEW(f);
	assert_int_equal(form_key(f, 'y'), FK_NOT_TEXT); /* y is not a button */
	assert_int_equal(form_key(f, '9'), FK_NOT_TEXT);
	assert_int_equal(f->state, FORM_EDITING);
	assert_int_equal(form_key(f, '\n'), FK_PREVIEW);
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(form_key(f, 'x'), FK_IGNORED);
	assert_int_equal(form_key(f, 'n'), FK_NONE);
	assert_int_equal(f->state, FORM_EDITING);
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(form_key(f, 'y'), FK_SEND);
	f->state = FORM_SENDING;
	assert_int_equal(form_key(f, 'y'), FK_BUSY);
	assert_int_equal(form_key(f, 27), FK_IGNORED);  /* a write cannot be taken back */
	f->state = FORM_UNKNOWN;
	assert_int_equal(form_key(f, 'y'), FK_BUSY);
	assert_int_equal(form_key(f, 'c'), FK_CHECK);
	assert_int_equal(form_key(f, 27), FK_CLOSE);
	form_free(f);
}

static char *tmpdir;

static int setup_dir(void **state)
{
	char tmpl[] = "/tmp/test_form.XXXXXX";

	(void)state;
	tmpdir = strdup(mkdtemp(tmpl));
	setenv("XDG_STATE_HOME", tmpdir, 1);
	return 0;
}

static int teardown_dir(void **state)
{
	char cmd[256];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	assert_int_equal(system(cmd), 0);
	free(tmpdir);
	return 0;
}

static void test_drafts(void **state)
{
	struct form *f = valid_note(), *g;
	struct strbuf err = STRBUF_INIT, path = STRBUF_INIT, v = STRBUF_INIT;
	struct stat st;
	time_t saved = 0;
	char *dir = draft_dir();
	FILE *fp;

	(void)state;
	assert_non_null(dir);
	form_set(f, 2, "Back\\slash\r\nand a new line", 0);
	assert_int_equal(draft_save("note-customer-10012", f, &err), 0);
	strbuf_addf(&path, "%s/note-customer-10012", dir);
	assert_int_equal(stat(path.buf, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(stat(dir, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);

	/* Restored into a new form of the same shape: the fixed field is the
	 * form's own, the others are the draft's, every character. */
	g = note_form();
	form_set(g, 0, "555", 1);
	assert_int_equal(draft_load("note-customer-10012", g, &saved, &err), 1);
	assert_true(saved > 0);
	assert_string_equal(form_text(g, 0), "555");
	assert_string_equal(form_text(g, 1), "3");
	assert_string_equal(form_text(g, 2), "Back\\slash\r\nand a new line");
	assert_true(form_changed(g));
	assert_null(g->base);
	form_free(g);

	/* The record the values were taken from comes back with them, line
	 * breaks and all (a draft restored tomorrow still tells a change). */
	form_set_base(f, "stop|5300|2026-11-20|16:28|16:54|0\nx");
	assert_int_equal(draft_save("note-customer-10012", f, &err), 0);
	g = note_form();
	assert_int_equal(draft_load("note-customer-10012", g, NULL, &err), 1);
	assert_non_null(g->base);
	assert_string_equal(g->base, "stop|5300|2026-11-20|16:28|16:54|0\nx");
	assert_string_equal(form_text(g, 1), "3");
	assert_null(g->lost_known);
	form_free(g);
	form_set_base(f, NULL);

	/* A lost send keeps the ids that existed before it; a draft with no
	 * lost send keeps none (they would mean nothing). */
	f->lost_at = 1700000000;
	snprintf(f->lost_path, sizeof(f->lost_path), "note/create");
	f->lost_known = xstrdup("2124 2125");
	assert_int_equal(draft_save("note-customer-10012", f, &err), 0);
	g = note_form();
	assert_int_equal(draft_load("note-customer-10012", g, NULL, &err), 1);
	assert_non_null(g->lost_known);
	assert_string_equal(g->lost_known, "2124 2125");
	form_free(g);
	f->lost_at = 0;
	assert_int_equal(draft_save("note-customer-10012", f, &err), 0);
	g = note_form();
	assert_int_equal(draft_load("note-customer-10012", g, NULL, &err), 1);
	assert_null(g->lost_known);
	form_free(g);
	free(f->lost_known);
	f->lost_known = NULL;

	/* Another record has no draft; a key is made a safe file name. */
	g = note_form();
	assert_int_equal(draft_load("note-customer-10013", g, NULL, &err), 0);
	assert_int_equal(draft_save("../evil/key", g, &err), 0);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/___evil_key", dir);
	assert_int_equal(access(path.buf, F_OK), 0);
	assert_int_equal(draft_remove("../evil/key"), 0);
	form_free(g);

	/* Removed after a send: gone, and removing again is fine. */
	assert_int_equal(draft_remove("note-customer-10012"), 0);
	g = note_form();
	assert_int_equal(draft_load("note-customer-10012", g, NULL, &err), 0);
	assert_int_equal(draft_remove("note-customer-10012"), 0);

	/* Not a draft: -1 with a message, the file left alone. */
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/note-customer-1", dir);
	fp = fopen(path.buf, "w");
	assert_non_null(fp);
	fputs("hello\n", fp);
	fclose(fp);
	assert_int_equal(draft_load("note-customer-1", g, NULL, &err), -1);
	assert_non_null(strstr(err.buf, "not a routedesk draft"));
	assert_int_equal(access(path.buf, F_OK), 0);
	form_free(g);

	/* Remembered choices. */
	assert_int_equal(draft_pref_get("note_type", &v), -1);
	assert_int_equal(draft_pref_set("note_type", "14"), 0);
	assert_int_equal(draft_pref_set("note_type_label", "Cancellation"), 0);
	assert_int_equal(draft_pref_set("note_type", "3"), 0);
	assert_int_equal(draft_pref_get("note_type", &v), 0);
	assert_string_equal(v.buf, "3");
	strbuf_reset(&v);
	assert_int_equal(draft_pref_get("note_type_label", &v), 0);
	assert_string_equal(v.buf, "Cancellation");

	form_free(f);
	free(dir);
	strbuf_free(&err);
	strbuf_free(&path);
	strbuf_free(&v);
}

static void test_activity(void **state)
{
	struct activity a = ACTIVITY_INIT;
	struct strbuf line = STRBUF_INIT;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;
	struct view *v;

	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	/* No writes, no summary. */
	out = open_memstream(&buf, &len);
	assert_int_equal(activity_summary(&a, out), 0);
	fclose(out);
	assert_int_equal(len, 0);
	free(buf);

	assert_int_equal(activity_add(&a, 3600 * 9 + 62, "note/create", "customer 10012"), 0);
	assert_int_equal(activity_add(&a, 3600 * 9 + 70, "ticket/createAddOn", "ticket 20003"), 1);
	assert_int_equal(activity_add(&a, 3600 * 9 + 80, "subscription/updateLeadStage", "subscription 9"), 2);
	assert_int_equal(activity_add(&a, 3600 * 9 + 90, "note/create", "customer 1"), 3);
	activity_update(&a, 0, AL_OK, 196, NULL);
	/* The service's text, escapes and all: printed on the user's shell
	 * terminal at exit, shown, never obeyed (a C review's finding). */
	activity_update(&a, 1, AL_REFUSED, 0,
	                "Invalid value for amount\nsecond line\x1b]0;pwned\x07\x1b[2J");
	activity_update(&a, 2, AL_UNKNOWN, 0, "no answer");
	activity_line(&a.v[0], &line);
	assert_string_equal(line.buf, "09:01:02 note/create customer 10012: ok, id 196");

	buf = NULL;
	out = open_memstream(&buf, &len);
	/* Unknown and still sending are not settled. */
	assert_int_equal(activity_summary(&a, out), 2);
	fclose(out);
	assert_string_equal(buf,
		"routedesk: write 09:01:02 note/create customer 10012: ok, id 196\n"
		"routedesk: write 09:01:10 ticket/createAddOn ticket 20003: refused: Invalid value for amount second line^[]0;pwned^G^[[2J\n"
		"routedesk: write 09:01:20 subscription/updateLeadStage subscription 9: UNKNOWN: the answer "
		"was lost; it may or may not be applied (not resent; check the record)\n"
		"routedesk: write 09:01:30 note/create customer 1: sent, no answer yet\n");
	free(buf);

	activity_update(&a, 2, AL_APPLIED, 9, NULL);
	strbuf_reset(&line);
	activity_outcome(&a.v[2], &line);
	assert_string_equal(line.buf, "applied (checked), id 9");
	/* A connection never made is no refusal (an audit's :log said
	 * "refused" where the form said "Not sent"). */
	activity_update(&a, 2, AL_NOT_SENT, 0, "Failed to connect");
	strbuf_reset(&line);
	activity_outcome(&a.v[2], &line);
	assert_string_equal(line.buf, "not sent: Failed to connect");
	activity_update(&a, 2, AL_UNSURE, 0, "HTTP 502");
	strbuf_reset(&line);
	activity_outcome(&a.v[2], &line);
	assert_string_equal(line.buf, "not sent, or refused: HTTP 502");
	activity_update(&a, 2, AL_APPLIED, 9, NULL);

	/* The :log view reads the log as it grows. */
	v = activity_view_new(&a);
	assert_int_equal(v->ops->count(v), 4);
	strbuf_reset(&line);
	{
		enum view_style st = VS_NORMAL;

		v->ops->cell(v, 1, 3, &line, &st);
		/* Raw: the list widget escapes every cell it draws. */
		assert_string_equal(line.buf, "refused: Invalid value for amount\nsecond line"
		                              "\x1b]0;pwned\x07\x1b[2J");
		assert_int_equal(st, VS_CANCELLED);
	}
	activity_add(&a, 0, "note/update", "note 196");
	assert_int_equal(v->ops->count(v), 5);
	/* Enter opens what a write was about; nothing for one without. */
	activity_set_about(&a, 0, "customer", 10012);
	activity_set_about(&a, 1, "ticket", 0);     /* no id: ignored */
	activity_set_about(&a, 9, "ticket", 20003); /* no such entry: ignored */
	v->ops->enter(v, NULL, 0);
	assert_int_equal(opened.calls, 1);
	assert_int_equal(opened.kind, UI_VIEW_DETAIL);
	assert_string_equal(opened.resource, "customer");
	assert_int_equal(opened.id, 10012);
	v->ops->enter(v, NULL, 1);
	v->ops->enter(v, NULL, 99);
	assert_int_equal(opened.calls, 1);
	free(v);
	activity_free(&a);
	strbuf_free(&line);
}

/* The dispatch forms' times: typed loosely, checked, sent canonical, an
 * end after its start. */
static void test_times(void **state)
{
	static const char *const good[] = { "9:30", "09:30", "23:59", "00:00", "07:05:09" };
	static const char *const bad[] = { "", "930", "9.30", "24:00", "12:60", "12:3", "1:30pm",
	                                   "12:30:60", "12:30:", " 9:30", "123:00" };
	struct form *f = form_new("appointment/update", "Move");
	struct api_form p = API_FORM_INIT;
	struct strbuf msg = STRBUF_INIT;
	int secs = -1, a, b, i, o;
	char buf[9];

	(void)state;
	for (size_t k = 0; k < sizeof(good) / sizeof(good[0]); k++)
		assert_int_equal(time_parse(good[k], NULL), 0);
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		assert_int_equal(time_parse(bad[k], NULL), -1);
	assert_int_equal(time_parse("9:30", &secs), 0);
	assert_int_equal(secs, 9 * 3600 + 30 * 60);
	time_format(secs, buf);
	assert_string_equal(buf, "09:30:00");

	form_add_field(f, "appointmentID", "Stop", FT_FIXED, FF_REQUIRED);
	form_set(f, 0, "14273", 1);
	a = form_add_field(f, "start", "Start", FT_TIME, FF_REQUIRED);
	b = form_add_field(f, "end", "End", FT_TIME, FF_REQUIRED);
	f->rule = form_rule_time_order;
	form_set(f, (size_t)a, "16:28", 1);
	form_set(f, (size_t)b, "16:54", 1);
	/* A malformed time is the field's own error, named. */
	form_set(f, (size_t)a, "4.30", 0);
	assert_int_equal(form_confirm(f, &msg), -1);
	assert_string_equal(strbuf_str(&msg), "Start: '4.30' is not a time (like 09:30)");
	assert_int_equal((int)f->focus, a);
	/* An end at or before its start: the end is at fault. */
	strbuf_reset(&msg);
	form_set(f, (size_t)a, "17:00", 0);
	assert_int_equal(form_confirm(f, &msg), -1);
	assert_string_equal(strbuf_str(&msg), "End must be after Start");
	assert_int_equal((int)f->focus, b);
	strbuf_reset(&msg);
	form_set(f, (size_t)b, "17:00", 0);
	assert_int_equal(form_validate(f, 0, &msg), b);
	form_set(f, (size_t)a, "9:05", 0);
	form_set(f, (size_t)b, "10:00", 0);
	assert_int_equal(form_confirm(f, NULL), 0);
	/* Sent as the service takes them: HH:MM:SS. */
	form_pairs(f, &p);
	assert_int_equal(p.n, 3);
	assert_string_equal(api_form_get(&p, "start"), "09:05:00");
	assert_string_equal(api_form_get(&p, "end"), "10:00:00");
	api_form_free(&p);
	form_free(f);

	/* Check-in and out: optional, sent as datetimes on the stop's day,
	 * left out when empty, and ordered too. */
	f = form_new("appointment/complete", "Complete");
	i = form_add_field(f, "timeIn", "Time in", FT_TIME, 0);
	o = form_add_field(f, "timeOut", "Time out", FT_TIME, 0);
	snprintf(f->fields[i].day, sizeof(f->fields[i].day), "2026-11-20");
	snprintf(f->fields[o].day, sizeof(f->fields[o].day), "2026-11-20");
	f->rule = form_rule_time_order;
	assert_int_equal(form_validate(f, 0, NULL), -1);
	form_pairs(f, &p);
	assert_int_equal(p.n, 0);
	form_set(f, (size_t)i, "15:40", 0);
	form_set(f, (size_t)o, "15:20", 0);
	strbuf_reset(&msg);
	assert_int_equal(form_validate(f, 0, &msg), o);
	assert_string_equal(strbuf_str(&msg), "Time out must be after Time in");
	form_set(f, (size_t)i, "15:20", 0);
	form_set(f, (size_t)o, "15:40", 0);
	assert_int_equal(form_validate(f, 0, NULL), -1);
	form_pairs(f, &p);
	assert_string_equal(api_form_get(&p, "timeIn"), "2026-11-20 15:20:00");
	assert_string_equal(api_form_get(&p, "timeOut"), "2026-11-20 15:40:00");
	api_form_free(&p);
	strbuf_free(&msg);
	form_free(f);
}


/* Text typed at once never goes to a picker that cannot hold it: the
 * note as forms.c builds it opens on its text; a letter typed into a
 * picker goes to the form's text field, and Space does not step a picker
 * away from text typed into it (QA: "Gate code 1234" gave type 141234). */
static void test_typed_at_once(void **state)
{
	const struct resource *note = res_find("note");
	struct form *f = form_new("note/create", "Add a note");
	const char *typed = "Gate code 1234";

	(void)state;
	form_add_param(f, note, "customerID", "Customer", FT_FIXED, 1);
	form_add_param(f, note, "notes", "Text", FT_LINES, 1);
	form_add_param(f, note, "contactType", "Note type", FT_PICK, 1);
	form_set(f, 2, "14", 1);
	form_add_option(f, 2, 14, "Phone");
	assert_int_equal(f->focus, 1);
	for (const char *p = typed; *p; p++)
		assert_int_equal(form_key(f, *p), FK_NONE);
	assert_string_equal(form_text(f, 1), typed);
	assert_string_equal(form_text(f, 2), "14");
	form_free(f);

	/* The add-on: a letter on the item picker starts the description. */
	f = addon_form();
	assert_int_equal(f->focus, 1);
	for (const char *p = "quick credit"; *p; p++)
		assert_int_equal(form_key(f, *p), FK_NONE);
	assert_string_equal(form_text(f, 1), "0");
	assert_string_equal(form_text(f, 2), "quick credit");
	assert_int_equal(f->focus, 2);
	form_free(f);

	/* No text field (the lead stage): the letters stay visible in the
	 * picker (and fail its check), Space does not wipe them. */
	f = form_new("subscription/updateLeadStage", "Lead stage");
	form_add_field(f, "stageID", "Lead stage", FT_PICK, 0);
	form_add_option(f, 0, 4, "Quoted");
	for (const char *p = "Gate 4"; *p; p++)
		assert_int_equal(form_key(f, *p), FK_NONE);
	assert_string_equal(form_text(f, 0), "Gate 4");
	assert_int_equal(form_field_check(f, 0, NULL), -1);
	form_free(f);
}

/* An audit's note: Preview refused it (no note type) and sent the focus
 * to the type; the y pressed to send went into the note's text.  And a
 * type chosen with Right, then a number typed, sent both run together. */
static void test_picker_after_check(void **state)
{
	struct form *f = note_form();
	struct strbuf msg = STRBUF_INIT;

	(void)state;
	form_add_option(f, 1, 2, "Sales");
	form_add_option(f, 1, 14, "Phone");
	form_set(f, 2, "Gate code 1234", 1);
	assert_int_equal(form_confirm(f, &msg), -1);
	assert_int_equal(f->focus, 1);                    /* Note type */
	assert_int_equal(form_key(f, 'y'), FK_PICK_ONLY);
	assert_int_equal(form_key(f, 'n'), FK_PICK_ONLY);
	assert_string_equal(form_text(f, 2), "Gate code 1234");
	assert_string_equal(form_text(f, 1), "");
	assert_int_equal(f->focus, 1);
	/* Chosen with Right, then typed: the number replaces the choice ... */
	assert_int_equal(form_key(f, KEYF | KEY_RIGHT), FK_NONE);
	assert_string_equal(form_text(f, 1), "2");
	assert_int_equal(form_key(f, '1'), FK_NONE);
	assert_int_equal(form_key(f, '4'), FK_NONE);
	assert_string_equal(form_text(f, 1), "14");
	/* ... and once typed, digits add up as in any number. */
	assert_int_equal(form_key(f, KEYF | KEY_BACKSPACE), FK_NONE);
	assert_int_equal(form_key(f, '4'), FK_NONE);
	assert_string_equal(form_text(f, 1), "14");
	/* Q on a yes/no field or a button quits (a draft keeps the text);
	 * in a text it is a letter. */
	f->focus = 3;                                     /* Show on invoice */
	assert_int_equal(form_key(f, 'Q'), FK_QUIT);
	f->focus = FORM_PREVIEW(f);
	assert_int_equal(form_key(f, 'Q'), FK_QUIT);
	f->focus = 2;
	form_cursor_end(f);
	assert_int_equal(form_key(f, 'Q'), FK_NONE);
	assert_string_equal(form_text(f, 2), "Gate code 1234Q");
	strbuf_free(&msg);
	form_free(f);
}

/* The preview's default is no: Enter goes back, nothing sent.  Cancel
 * throws the text away only after y; Esc keeps it. */
static void test_defaults_and_cancel(void **state)
{
	struct form *f = valid_note();

	(void)state;
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(form_key(f, '\n'), FK_NONE);
	assert_int_equal(f->state, FORM_EDITING);
	assert_int_equal(f->sends, 0);

	f->focus = FORM_CANCEL(f);
	assert_int_equal(form_key(f, '\n'), FK_NONE);   /* asks first */
	assert_int_equal(f->ask, FA_DISCARD);
	assert_int_equal(form_key(f, '\n'), FK_NONE);   /* Enter: no */
	assert_int_equal(f->ask, FA_NONE);
	assert_int_equal(form_key(f, ' '), FK_NONE);
	assert_int_equal(form_key(f, 'n'), FK_NONE);
	assert_int_equal(form_key(f, ' '), FK_NONE);
	assert_int_equal(form_key(f, 'y'), FK_DISCARD);
	assert_int_equal(form_key(f, 27), FK_CLOSE);   /* Esc keeps the draft */
	form_free(f);

	/* Nothing typed: nothing to lose, Cancel closes at once. */
	f = note_form();
	f->focus = FORM_CANCEL(f);
	assert_int_equal(form_key(f, '\n'), FK_DISCARD);
	form_free(f);
}

/* A draft whose last send was lost says so across runs, and its preview
 * asks again before sending (QA: y after a restart sent a duplicate). */
static void test_lost_resend(void **state)
{
	struct form *f = valid_note(), *g;
	struct api_form p = API_FORM_INIT;
	struct api_error e = API_ERROR_INIT;
	time_t saved = 0;

	(void)state;
	f->lost_at = 1795000000;
	snprintf(f->lost_path, sizeof(f->lost_path), "%s", "note/create");
	assert_int_equal(draft_save("note-customer-10012", f, NULL), 0);
	g = note_form();
	assert_int_equal(draft_load("note-customer-10012", g, &saved, NULL), 1);
	assert_int_equal(g->lost_at, 1795000000);
	assert_string_equal(g->lost_path, "note/create");
	assert_string_equal(form_text(g, 2), form_text(f, 2));
	assert_int_equal(form_find(g, "lost-sent"), -1);

	/* y asks; Enter (the default) and n go back with nothing sent. */
	assert_int_equal(form_confirm(g, NULL), 0);
	assert_int_equal(form_key(g, 'y'), FK_NONE);
	assert_int_equal(g->ask, FA_RESEND);
	assert_int_equal(form_key(g, '\n'), FK_NONE);
	assert_int_equal(g->state, FORM_EDITING);
	assert_int_equal(form_confirm(g, NULL), 0);
	assert_int_equal(form_key(g, 'y'), FK_NONE);
	assert_int_equal(form_key(g, 'n'), FK_NONE);
	assert_int_equal(g->state, FORM_EDITING);
	assert_int_equal(g->sends, 0);
	/* c checks the record first; y asks, and only Y then sends it,
	 * once: a y typed twice is no consent to a second write. */
	assert_int_equal(form_confirm(g, NULL), 0);
	assert_int_equal(form_key(g, 'c'), FK_CHECK);
	assert_int_equal(form_key(g, 'y'), FK_NONE);
	assert_int_equal(form_key(g, 'y'), FK_WARNED);
	assert_int_equal(g->ask, FA_RESEND);
	assert_int_equal(g->sends, 0);
	assert_int_equal(form_key(g, 'Y'), FK_SEND);
	assert_int_equal(g->ask, FA_NONE);
	/* With an effect to confirm as well, only Y sends. */
	form_set_warning(g, "a credit");
	assert_int_equal(form_key(g, 'Y'), FK_NONE);
	assert_int_equal(form_key(g, 'y'), FK_WARNED);
	assert_int_equal(form_key(g, 'Y'), FK_SEND);
	form_free(g);

	/* The draft keeps what went out: the check looks for it, not for the
	 * fields as edited since (a typo fixed after a lost send was checked
	 * "not applied", and y wrote a second note). */
	{
		struct form *h = valid_note(), *k;
		struct api_form out = API_FORM_INIT;

		assert_int_equal(form_confirm(h, NULL), 0);
		assert_int_equal(form_send(h, &out), 0);
		h->lost_at = 1795000000;
		snprintf(h->lost_path, sizeof(h->lost_path), "%s", "note/create");
		form_set(h, 2, "edited\nsince", 0);
		assert_int_equal(draft_save("note-customer-10012", h, NULL), 0);
		k = note_form();
		assert_int_equal(draft_load("note-customer-10012", k, NULL, NULL), 1);
		assert_string_equal(form_text(k, 2), "edited\nsince");
		assert_int_equal(k->sent.n, out.n);
		for (size_t i = 0; i < out.n; i++) {
			assert_string_equal(k->sent.pairs[i].name, out.pairs[i].name);
			assert_string_equal(k->sent.pairs[i].value, out.pairs[i].value);
		}
		api_form_free(&out);

		/* Sent again and refused: the lost send is still the one of
		 * unknown outcome, and the check looks for what it sent, not
		 * for the refused send's pairs (it said "NOT applied" of a note
		 * on the server, and y wrote it twice). */
		assert_int_equal(form_confirm(k, NULL), 0);
		assert_int_equal(form_send(k, &out), 0);
		assert_string_equal(api_form_get(&k->sent, "notes"), "edited\nsince");
		api_error_set(&e, API_ERR_API, 200, "Too many requests", "refused");
		assert_int_equal(form_outcome(k, &e, 0), FORM_EDITING);
		assert_string_equal(api_form_get(&k->sent, "notes"), "Gate code 1234.\nDog in the yard.");
		assert_int_equal(k->sent.n, h->sent.n);
		api_form_free(&out);
		/* Lost again: the second send's pairs are the ones sent last. */
		assert_int_equal(form_confirm(k, NULL), 0);
		assert_int_equal(form_send(k, &out), 0);
		/* The draft saved as it goes out keeps both sends: should the
		 * console end before its answer, the next run's check looks
		 * for either (it looked for the second alone, said "NOT
		 * applied" of the first on the server, and y wrote it twice). */
		assert_int_equal(draft_save("note-customer-10012", k, NULL), 0);
		{
			struct form *m = note_form();

			assert_int_equal(draft_load("note-customer-10012", m, NULL, NULL), 1);
			assert_string_equal(api_form_get(&m->sent, "notes"), "edited\nsince");
			assert_string_equal(api_form_get(&m->lost_sent, "notes"),
			                    "Gate code 1234.\nDog in the yard.");
			assert_int_equal(m->lost_sent.n, h->sent.n);
			form_free(m);
		}
		api_error_set(&e, API_ERR_UNKNOWN_OUTCOME, 0, NULL, "no answer");
		assert_int_equal(form_outcome(k, &e, 0), FORM_UNKNOWN);
		assert_string_equal(api_form_get(&k->sent, "notes"), "edited\nsince");
		api_error_clear(&e);
		/* Two sends of unknown outcome, the draft opened again: y and Y
		 * send nothing before c checks (the check looks for either of
		 * two, and a third send would leave the first looked for by
		 * none). */
		assert_int_equal(draft_save("note-customer-10012", k, NULL), 0);
		{
			struct form *m = note_form();

			assert_int_equal(draft_load("note-customer-10012", m, NULL, NULL), 1);
			assert_int_equal(form_confirm(m, NULL), 0);
			assert_int_equal(form_key(m, 'y'), FK_CHECK_FIRST);
			assert_int_equal(form_key(m, 'Y'), FK_CHECK_FIRST);
			assert_int_equal(m->ask, FA_NONE);
			assert_int_equal(m->state, FORM_CONFIRM);
			assert_int_equal(m->sends, 0);
			assert_int_equal(form_key(m, 'c'), FK_CHECK);
			form_free(m);
		}
		api_form_free(&out);
		form_free(h);
		form_free(k);
	}

	/* Without the mark, a draft restores none. */
	f->lost_at = 0;
	assert_int_equal(draft_save("note-customer-10012", f, NULL), 0);
	g = note_form();
	assert_int_equal(draft_load("note-customer-10012", g, NULL, NULL), 1);
	assert_int_equal(g->lost_at, 0);
	form_free(g);

	/* What an error in EDITING is: the service's refusal is told apart. */
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(form_send(f, &p), 0);
	api_error_set(&e, API_ERR_API, 200, "no note type 99999", "refused");
	assert_int_equal(form_outcome(f, &e, 0), FORM_EDITING);
	assert_int_equal(f->why, FW_REFUSED);
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(form_send(f, &p), 0);
	api_error_set(&e, API_ERR_NETWORK, 0, NULL, "not connected");
	assert_int_equal(form_outcome(f, &e, 0), FORM_EDITING);
	assert_int_equal(f->why, FW_NOT_SENT);
	assert_int_equal(form_confirm(f, NULL), 0);
	assert_int_equal(form_send(f, &p), 0);
	api_error_set(&e, API_ERR_HTTP, 502, NULL, "bad gateway");
	assert_int_equal(form_outcome(f, &e, 0), FORM_EDITING);
	assert_int_equal(f->why, FW_UNSURE);
	api_error_clear(&e);
	api_form_free(&p);
	draft_remove("note-customer-10012");
	form_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields_from_table),
		cmocka_unit_test(test_first_focus),
		cmocka_unit_test(test_validation_messages),
		cmocka_unit_test(test_preview_pairs),
		cmocka_unit_test(test_times),
		cmocka_unit_test(test_states),
		cmocka_unit_test(test_editing),
		cmocka_unit_test(test_keys),
		cmocka_unit_test_setup_teardown(test_drafts, setup_dir, teardown_dir),
		cmocka_unit_test(test_activity),
		cmocka_unit_test(test_typed_at_once),
		cmocka_unit_test(test_picker_after_check),
		cmocka_unit_test(test_defaults_and_cancel),
		cmocka_unit_test_setup_teardown(test_lost_resend, setup_dir, teardown_dir),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
