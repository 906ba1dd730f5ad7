/* test_resources.c: walks the resource table against itself and against the spec's tables. */
#include "config.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/resources.h"
#include "common/strbuf.h"

#define OPS_READ (OP_SEARCH | OP_GET | OP_BYID)

/* ------------------------------------------------------ the spec's text */

/* The specification's headings and tables as lines, loaded once from
 * tests/fixtures/spec/api-spec-tables.md (SPEC_FILE may name the whole
 * specification instead); a missing file fails the tests that need it. */
static char **spec_lines;
static size_t spec_n;

static char *spec_path(void)
{
	const char *env = getenv("SPEC_FILE");
	const char *top = getenv("top_srcdir");
	struct strbuf sb = STRBUF_INIT;

	if (env && *env)
		return xstrdup(env);
	strbuf_addf(&sb, "%s/tests/fixtures/spec/api-spec-tables.md", top && *top ? top : ".");
	return strbuf_detach(&sb, NULL);
}

static int load_spec(void **state)
{
	char *path = spec_path();
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	(void)state;
	free(path);
	if (!f)
		return 0;
	while ((n = getline(&line, &cap, f)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		spec_lines = xrealloc(spec_lines, (spec_n + 1) * sizeof(*spec_lines));
		spec_lines[spec_n++] = xstrdup(line);
	}
	free(line);
	fclose(f);
	return 0;
}

static int free_spec(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < spec_n; i++)
		free(spec_lines[i]);
	free(spec_lines);
	spec_lines = NULL;
	spec_n = 0;
	return 0;
}

#define NEED_SPEC()                                                     \
	do {                                                            \
		if (!spec_lines)                                        \
			fail_msg("the spec's tables were not found (SPEC_FILE)"); \
	} while (0)

/* Splits a Markdown table row into trimmed cells (cells[0] is what precedes
 * the first '|', normally empty).  Returns the count; cells point into buf. */
static size_t row_cells(const char *line, char *buf, size_t bufsz, char **cells, size_t max)
{
	size_t n = 0;
	char *p, *bar;

	if (line[0] != '|')
		return 0;
	snprintf(buf, bufsz, "%s", line);
	p = buf;
	while (n < max) {
		char *end;

		bar = strchr(p, '|');
		if (bar)
			*bar = '\0';
		while (isspace((unsigned char)*p))
			p++;
		end = p + strlen(p);
		while (end > p && isspace((unsigned char)end[-1]))
			*--end = '\0';
		cells[n++] = p;
		if (!bar)
			break;
		p = bar + 1;
	}
	return n;
}

/* One parameter name out of a row's Input text. */
struct pname {
	char name[64];
	int required; /* its segment says REQUIRED */
	int segment;  /* index of its ';' segment */
};

/* The Input column as the spec writes it: ';' separates segments, ',' and
 * " and " separate names within one, a name is the first word of each piece,
 * and parenthesised remarks are not names. */
static size_t input_names(const char *input, struct pname *out, size_t max)
{
	char buf[2048], *seg, *save = NULL;
	size_t n = 0, j = 0, i;
	int depth = 0, segno = 0;

	for (i = 0; input[i] && j + 1 < sizeof(buf); i++) {
		if (input[i] == '(')
			depth++;
		else if (input[i] == ')')
			depth = depth > 0 ? depth - 1 : 0;
		else if (!depth)
			buf[j++] = input[i];
	}
	buf[j] = '\0';
	for (seg = strtok_r(buf, ";", &save); seg; seg = strtok_r(NULL, ";", &save), segno++) {
		int required = strstr(seg, "REQUIRED") != NULL;
		char *a;

		/* A note in prose, not names: "may be sent as POST, GET or
		 * query-string parameters" (createEncoded). */
		for (a = seg; isspace((unsigned char)*a); a++)
			;
		if (strncmp(a, "may ", 4) == 0)
			continue;
		while ((a = strstr(seg, " and ")) != NULL)
			memcpy(a, ",   ", 5);
		for (a = seg; a && *a; ) {
			char *comma = strchr(a, ',');
			size_t k = 0;

			while (isspace((unsigned char)*a))
				a++;
			if (isalpha((unsigned char)*a) && n < max) {
				while (isalnum((unsigned char)a[k]) && k + 1 < sizeof(out[n].name))
					k++;
				memcpy(out[n].name, a, k);
				out[n].name[k] = '\0';
				out[n].required = required;
				out[n].segment = segno;
				n++;
			}
			a = comma ? comma + 1 : NULL;
		}
	}
	return n;
}

/* ------------------------------------------------ table against itself */

static int is_identifier(const char *s)
{
	if (!s || !isalpha((unsigned char)*s))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s))
			return 0;
	return 1;
}

/* Resources outside the specification that the sandbox serves: appointment and
 * those the live service adds. */
static int is_live_extra(const char *name)
{
	static const char *const names[] = {
		"appointment", "office", "spot", "task", "cancellationReason", "customerSource",
		"appointmentRescheduleReason", "reserviceReason", "customerFlag", NULL,
	};
	for (size_t i = 0; names[i]; i++)
		if (!strcmp(names[i], name))
			return 1;
	return 0;
}

static void test_table_shape(void **state)
{
	size_t i, j, k;

	(void)state;
	assert_true(res_count >= 28);
	for (i = 0; i < res_count; i++) {
		const struct resource *r = &res_table[i];

		assert_true(is_identifier(r->name));
		for (k = i + 1; k < res_count; k++)
			assert_string_not_equal(r->name, res_table[k].name);
		assert_non_null(r->plural);
		assert_non_null(r->singular);
		assert_non_null(r->id_name);
		assert_non_null(r->property);
		assert_non_null(r->get_param);
		assert_non_null(r->update_key);
		assert_true(r->n_fields > 0);
		/* The primary key leads the record. */
		assert_non_null(r->pk);
		assert_string_equal(r->fields[0].name, r->pk);
		assert_int_equal(r->fields[0].type, RT_INT);
		assert_int_equal(r->fields[0].flags, 0);
		for (j = 0; j < r->n_fields; j++) {
			assert_true(is_identifier(r->fields[j].name));
			for (k = j + 1; k < r->n_fields; k++)
				if (strcmp(r->fields[j].name, r->fields[k].name) == 0)
					fail_msg("%s: field %s twice", r->name, r->fields[j].name);
		}
		for (j = 0; j < r->n_params; j++) {
			const struct res_param *p = &r->params[j];

			assert_true(is_identifier(p->name));
			if (p->field) {
				const struct res_field *f = res_field_find(r, p->field);

				if (!f)
					fail_msg("%s: param %s sets unknown field %s", r->name, p->name, p->field);
				assert_false(f->flags & RF_DERIVED);
			}
			assert_true(p->flags & RP_BOTH);
			if (p->flags & RP_REQUIRED)
				assert_true(p->flags & RP_CREATE);
			/* The record's name on update is not a param. */
			if ((p->flags & RP_UPDATE) && strcmp(p->name, r->update_key) == 0)
				fail_msg("%s: update key %s listed as a param", r->name, p->name);
			for (k = j + 1; k < r->n_params; k++)
				assert_string_not_equal(p->name, r->params[k].name);
		}
		for (j = 0; j < r->n_filters; j++) {
			const struct res_filter *q = &r->filters[j];
			const struct res_field *f = res_field_find(r, q->field);

			assert_true(is_identifier(q->name));
			if (!f)
				fail_msg("%s: filter %s on unknown field %s", r->name, q->name, q->field);
			assert_false(f->flags & (RF_DERIVED | RF_HIDDEN));
			if (!(q->flags & RQ_CONTAINS) && q->type != f->type)
				fail_msg("%s: filter %s typed unlike its field", r->name, q->name);
			if (q->flags & (RQ_START | RQ_END))
				assert_true(f->type == RT_DATE || f->type == RT_DATETIME);
			for (k = j + 1; k < r->n_filters; k++)
				assert_string_not_equal(q->name, r->filters[k].name);
		}
		for (j = 0; j < r->n_defaults; j++) {
			assert_non_null(res_filter_find(r, r->defaults[j].param));
			assert_non_null(res_field_find(r, r->defaults[j].field));
			assert_non_null(r->defaults[j].in);
		}
		if (r->ops & OP_SEARCH) {
			/* Paging repeats the search with idName > last id. */
			const struct res_filter *q = res_filter_find(r, r->id_name);

			if (!q)
				fail_msg("%s: no filter named %s", r->name, r->id_name);
			assert_string_equal(q->field, r->pk);
		}
		if (r->owner) {
			const struct res_param *p = res_param_find(r, r->owner);

			assert_non_null(p);
			assert_int_equal(p->flags & (RP_CREATE | RP_REQUIRED), RP_CREATE | RP_REQUIRED);
		}
		/* Outside the specification only appointment and what
		 * the live service adds are served; the rest are internal. */
		if (!r->in_spec && !is_live_extra(r->name))
			assert_int_equal(r->ops, 0);
		if (strcmp(r->property, r->id_name) != 0 && r->ops)
			assert_string_equal(r->name, "serviceType");
	}
}

static int has_flag_field(const char *res, const char *field, unsigned flag)
{
	const struct resource *r = res_find(res);
	const struct res_field *f = res_field_find(r, field);

	return f && (f->flags & flag);
}

static void test_derived_and_hidden(void **state)
{
	static const char *const derived[][3] = {
		{ "customer", "subscriptionIDs", "i" },
		{ "customer", "appointmentIDs", "i" },
		{ "customer", "ticketIDs", "i" },
		{ "subscription", "appointmentIDs", "i" },
		{ "subscription", "completedAppointmentIDs", "i" },
		{ "subscription", "addOns", "j" },
		{ "ticket", "items", "j" },
	};
	size_t i, j, n_derived = 0, n_hidden = 0;

	(void)state;
	for (i = 0; i < sizeof(derived) / sizeof(derived[0]); i++) {
		const struct res_field *f = res_field_find(res_find(derived[i][0]), derived[i][1]);

		assert_non_null(f);
		assert_true(f->flags & RF_DERIVED);
		assert_int_equal(f->type, derived[i][2][0] == 'i' ? RT_IDLIST : RT_JSON);
	}
	/* Exactly those: every other field is a stored column. */
	for (i = 0; i < res_count; i++)
		for (j = 0; j < res_table[i].n_fields; j++) {
			if (res_table[i].fields[j].flags & RF_DERIVED)
				n_derived++;
			if (res_table[i].fields[j].flags & RF_HIDDEN)
				n_hidden++;
		}
	assert_int_equal(n_derived, sizeof(derived) / sizeof(derived[0]));
	assert_int_equal(n_hidden, 1);
	assert_true(has_flag_field("employee", "password", RF_HIDDEN));
	assert_true(has_flag_field("paymentProfile", "merchantToken", RF_BYID));
	assert_true(has_flag_field("employee", "teamIDs", RF_BYID));
	assert_false(has_flag_field("employee", "fname", RF_BYID));
	assert_false(has_flag_field("customer", "fname", RF_BYID));
}

static void test_incremental_refresh_fields(void **state)
{
	static const char *const names[] = {
		"customer", "route", "appointment", "subscription", "ticket",
		"note", "employee",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const struct resource *r = res_find(names[i]);
		const struct res_field *f = res_field_find(r, "dateUpdated");
		const struct res_filter *lo = res_filter_find(r, "dateUpdatedStart");
		const struct res_filter *hi = res_filter_find(r, "dateUpdatedEnd");

		assert_non_null(f);
		assert_int_equal(f->type, RT_DATETIME);
		assert_non_null(lo);
		assert_non_null(hi);
		assert_int_equal(lo->flags, RQ_START);
		assert_int_equal(hi->flags, RQ_END);
		assert_non_null(res_filter_find(r, "dateUpdated"));
	}
}

static void test_customer_wire_order(void **state)
{
	/* The head and tail of the order a live customer/get record has (101
	 * members, purpleDragon last, as live). */
	static const char *const head[] = {
		"customerID", "billToAccountID", "officeID", "fname", "lname",
		"companyName", "spouse", "commercialAccount", "status", "statusText",
		"email", "phone1",
	};
	static const char *const tail[] = {
		"pendingCancel", "appointmentIDs", "ticketIDs", "paymentIDs", "unitIDs", "purpleDragon",
	};
	const struct resource *r = res_find("customer");
	size_t i;

	(void)state;
	assert_non_null(r);
	for (i = 0; i < sizeof(head) / sizeof(head[0]); i++)
		assert_string_equal(r->fields[i].name, head[i]);
	for (i = 0; i < sizeof(tail) / sizeof(tail[0]); i++)
		assert_string_equal(r->fields[r->n_fields - 6 + i].name, tail[i]);
	assert_int_equal(res_field_find(r, "unitIDs")->type, RT_JSON);
	assert_int_equal(res_field_index(r, "districtTax5") + 1, res_field_index(r, "districtCode1"));
}

static void test_behaviour_rows(void **state)
{
	const struct resource *r;
	const struct res_param *p;

	(void)state;
	/* The live service's default filters. */
	r = res_find("ticket");
	assert_int_equal(r->n_defaults, 1);
	assert_string_equal(r->defaults[0].param, "status");
	assert_string_equal(r->defaults[0].field, "active");
	assert_string_equal(r->defaults[0].in, "0,1");
	r = res_find("subscription");
	assert_string_equal(r->defaults[0].in, "0,1");
	assert_string_equal(r->defaults[0].field, "active");
	r = res_find("employee");
	assert_string_equal(r->defaults[0].in, "1");
	r = res_find("appointment");
	assert_string_equal(r->defaults[0].field, "status");
	assert_string_equal(r->defaults[0].in, "0,1");
	assert_false(r->in_spec);
	/* Reads, and since issue 13 the live service's writes. */
	assert_int_equal(r->ops, OPS_READ | OP_CREATE | OP_UPDATE);
	assert_non_null(res_special_find(r, "cancel"));
	assert_non_null(res_special_find(r, "complete"));
	assert_int_equal(res_filter_find(r, "dateStart")->flags, RQ_START);
	assert_int_equal(res_filter_find(r, "dateEnd")->flags, RQ_END);
	assert_int_equal(res_field_find(r, "start")->type, RT_TIME);

	/* Names on writes. */
	r = res_find("note");
	assert_string_equal(r->update_key, "contactID");
	assert_string_equal(r->owner, "customerID");
	p = res_param_find(r, "contactType");
	assert_string_equal(p->field, "typeID");
	assert_true(p->flags & RP_REQUIRED);
	assert_int_equal(res_param_find(r, "showOnInvoice")->type, RT_BOOL);
	assert_string_equal(res_param_find(r, "cancellationReason")->field, "cancellationReasonID");
	assert_int_equal(res_filter_find(r, "content")->flags, RQ_CONTAINS);
	assert_string_equal(res_filter_find(r, "content")->field, "notes");
	assert_string_equal(res_find("review")->update_key, "feedbackID");
	assert_string_equal(res_find("document")->update_key, "uploadID");
	assert_string_equal(res_find("appointmentReminder")->update_key, "reminderID");
	p = res_param_find(res_find("ticket"), "date");
	assert_string_equal(p->field, "invoiceDate");
	assert_true(p->flags & RP_REQUIRED);
	assert_string_equal(res_param_find(res_find("ticket"), "status")->field, "active");
	assert_null(res_param_find(res_find("route"), "autoCreateGroup")->field);
	assert_null(res_param_find(res_find("employee"), "password")->field);

	/* Get parameters that are not {entity}IDs. */
	assert_true(res_is_get_param(res_find("serviceType"), "typeIDs"));
	assert_string_equal(res_find("serviceType")->property, "typeIDs");
	assert_true(res_is_get_param(res_find("timeClock"), "entryIDs"));
	assert_true(res_is_get_param(res_find("form"), "contractIDs"));
	assert_true(res_is_get_param(res_find("document"), "uploadIDs"));
	assert_true(res_is_get_param(res_find("review"), "feedbackIDs"));
	assert_true(res_is_get_param(res_find("appointmentReminder"), "reminderIDs"));
	assert_true(res_is_get_param(res_find("changelog"), "changeIDs"));
	assert_true(res_is_get_param(res_find("timeClockCategory"), "clockCategoryIDs"));
	r = res_find("applicationMethod");
	assert_true(res_is_get_param(r, "applciationMethodIDs"));
	assert_true(res_is_get_param(r, "applicationMethodIDs"));
	assert_false(res_is_get_param(r, "methodIDs"));

	/* Internal tables serve the add-on specials. */
	r = res_find("ticketItem");
	assert_int_equal(r->ops, 0);
	assert_true(res_param_find(r, "amount")->flags & RP_REQUIRED);
	assert_string_equal(res_find("initialAddOn")->pk, "addOnID");
	assert_non_null(res_find("leadStage"));
	assert_non_null(res_find("routeGroup"));
	assert_non_null(res_find("office"));
	assert_non_null(res_find("noteType"));
}

static void test_lookups(void **state)
{
	const struct resource *c = res_find("customer");

	(void)state;
	assert_non_null(c);
	assert_string_equal(c->pk, "customerID");
	assert_null(res_find("Customer"));
	assert_null(res_find("customers"));
	assert_null(res_find(""));
	assert_null(res_find(NULL));
	assert_int_equal(res_field_index(c, "customerID"), 0);
	assert_int_equal(res_field_index(c, "nosuch"), -1);
	assert_int_equal(res_field_index(NULL, "customerID"), -1);
	assert_ptr_equal(res_field_find(c, "lname"), &c->fields[res_field_index(c, "lname")]);
	assert_null(res_field_find(c, "LNAME"));
	assert_null(res_param_find(c, "nosuch"));
	assert_null(res_param_find(NULL, "fname"));
	assert_null(res_filter_find(c, NULL));
	assert_string_equal(res_filter_find(c, "active")->field, "status");
	assert_int_equal(res_special_find(res_find("ticket"), "setAddOns")->is_write, 1);
	/* As live counts them (issue 13): a read is any action starting with
	 * "get", any search, by-id and summary; everything else is a write. */
	assert_int_equal(res_special_find(res_find("ticket"), "getAddOns")->is_write, 0);
	assert_int_equal(res_special_find(res_find("subscription"), "getInitialAddOns")->is_write, 0);
	for (size_t i = 0; i < res_count; i++)
		for (size_t j = 0; j < res_table[i].n_specials; j++) {
			const struct res_special *sp = &res_table[i].specials[j];
			int read = strncmp(sp->action, "get", 3) == 0 || strcmp(sp->action, "search") == 0 ||
			           strcmp(sp->action, "summary") == 0;
			if (sp->is_write == read)
				fail_msg("%s/%s counted as a %s", res_table[i].name, sp->action,
				         sp->is_write ? "write" : "read");
		}
	assert_int_equal(res_special_find(res_find("review"), "summary")->is_write, 0);
	assert_null(res_special_find(res_find("ticket"), "nosuch"));
	assert_null(res_special_find(c, NULL));
	assert_true(res_is_get_param(c, "customerIDs"));
	assert_false(res_is_get_param(c, "customerIDs[]"));
	assert_false(res_is_get_param(NULL, "customerIDs"));
	assert_string_equal(res_class_name(8), "Customer");
	assert_string_equal(res_class_name(42), "Document");
	assert_string_equal(res_class_name(93), "AffiliateNetworkBillingOffice");
	assert_null(res_class_name(0));
	assert_null(res_class_name(48));
	assert_null(res_class_name(-1));
}

/* --------------------------------------------- table against the spec */

/* Where a '## ' or '### ' heading starts; NULL when absent. */
static size_t find_heading(const char *text, size_t from)
{
	size_t i;

	for (i = from; i < spec_n; i++)
		if (strcmp(spec_lines[i], text) == 0)
			return i;
	return spec_n;
}

static void test_spec_groups(void **state)
{
	char buf[1024], *cells[8], *name, *save = NULL;
	size_t i, n, seen = 0, in_spec = 0;

	(void)state;
	NEED_SPEC();
	i = find_heading("| Group | Resources |", 0);
	assert_true(i < spec_n);
	for (i += 2; i < spec_n && spec_lines[i][0] == '|'; i++) {
		n = row_cells(spec_lines[i], buf, sizeof(buf), cells, 8);
		assert_true(n >= 3);
		for (name = strtok_r(cells[2], ", ", &save); name; name = strtok_r(NULL, ", ", &save)) {
			const struct resource *r = res_find(name);

			if (!r || !r->in_spec)
				fail_msg("spec resource %s missing from res_table", name);
			seen++;
		}
	}
	for (i = 0; i < res_count; i++)
		in_spec += res_table[i].in_spec;
	assert_int_equal(seen, in_spec);
	assert_true(seen >= 21);
}

/* Ops and specials the spec's Endpoints rows name, per resource, so the
 * reverse check can find table entries the spec does not have. */
struct seen {
	unsigned ops;
	size_t n_specials;
};

static void check_write_member(const struct resource *r, const char *output)
{
	const char *p;

	if (strstr(output, "acknowledgement")) {
		if (r->write_member)
			fail_msg("%s: write_member %s but the spec answers a bare acknowledgement",
			         r->name, r->write_member);
		return;
	}
	if (strncmp(output, "success, ", 9) != 0)
		return;
	p = output + 9;
	assert_non_null(r->write_member);
	assert_true(strncmp(p, r->write_member, strlen(r->write_member)) == 0);
}

static void check_get_names(const struct resource *r, const struct pname *names,
                            size_t n, int first_is_id)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *const *fl;
		int found = 0;

		if (first_is_id && i == 0) {
			if (!res_is_get_param(r, names[i].name))
				fail_msg("%s: get parameter %s unknown", r->name, names[i].name);
			continue;
		}
		if (!strcmp(names[i].name, "none") || !strcmp(names[i].name, "same"))
			continue;
		for (fl = r->get_flags; fl && *fl; fl++)
			found |= strcmp(*fl, names[i].name) == 0;
		if (!found)
			fail_msg("%s: get flag %s missing", r->name, names[i].name);
	}
}

static void check_write_names(const struct resource *r, const struct pname *names,
                              size_t n, int is_create)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *name = names[i].name;
		const struct res_param *p;

		if (!strcmp(name, "same") || !strcmp(name, "file"))
			continue;
		if (!is_create && strcmp(name, r->update_key) == 0)
			continue;
		p = res_param_find(r, name);
		if (!p)
			fail_msg("%s: %s param %s missing", r->name, is_create ? "create" : "update", name);
		assert_true(p->flags & (is_create ? RP_CREATE : RP_UPDATE));
		if (is_create && names[i].required && !(p->flags & RP_REQUIRED))
			fail_msg("%s: create param %s should be required", r->name, name);
	}
	/* Nothing required that the spec does not require, owner aside. */
	if (is_create) {
		for (i = 0; i < r->n_params; i++) {
			const struct res_param *p = &r->params[i];
			size_t k;
			int req = 0;

			if (!(p->flags & RP_REQUIRED) || (r->owner && !strcmp(p->name, r->owner)))
				continue;
			for (k = 0; k < n; k++)
				if (!strcmp(names[k].name, p->name))
					req = names[k].required;
			/* The live service: the appointment names the reminder's parent. */
			if (!req && !(strcmp(r->name, "appointmentReminder") == 0 &&
			              strcmp(p->name, "appointmentID") == 0))
				fail_msg("%s: %s required but not by the spec", r->name, p->name);
		}
	}
}

/* The last word ending in "IDs" before the first ';' of text, outside
 * parentheses; 1 when found. */
static int last_ids_word(const char *text, char *out, size_t outsz)
{
	const char *p = text;
	int depth = 0, found = 0;

	while (*p && *p != ';') {
		size_t len = 0;

		if (*p == '(' || *p == ')') {
			depth += *p == '(' ? 1 : -1;
			p++;
			continue;
		}
		if (!isalpha((unsigned char)*p)) {
			p++;
			continue;
		}
		while (isalnum((unsigned char)p[len]))
			len++;
		if (!depth && len > 3 && len < outsz && !strncmp(p + len - 3, "IDs", 3)) {
			memcpy(out, p, len);
			out[len] = '\0';
			found = 1;
		}
		p += len;
	}
	return found;
}

static void test_spec_endpoints(void **state)
{
	static struct seen seen[64];
	char buf[4096], *cells[8], entity[64], action[64], word[64];
	struct pname names[64];
	size_t i, start, n, rows = 0, nn, k;

	(void)state;
	NEED_SPEC();
	assert_true(res_count <= sizeof(seen) / sizeof(seen[0]));
	memset(seen, 0, sizeof(seen));
	start = find_heading("## Endpoints", 0);
	assert_true(start < spec_n);
	for (i = start; i < spec_n; i++) {
		const struct resource *r;
		const char *slash;
		size_t idx;

		if (strncmp(spec_lines[i], "## ", 3) == 0 && i > start)
			break;
		n = row_cells(spec_lines[i], buf, sizeof(buf), cells, 8);
		if (n < 5 || cells[2][0] != '/')
			continue;
		slash = strchr(cells[2] + 1, '/');
		assert_non_null(slash);
		snprintf(entity, sizeof(entity), "%.*s", (int)(slash - cells[2] - 1), cells[2] + 1);
		snprintf(action, sizeof(action), "%s", slash + 1);
		r = res_find(entity);
		if (!r || !r->in_spec)
			fail_msg("endpoint %s: no resource %s", cells[2], entity);
		idx = (size_t)(r - res_table);
		rows++;
		nn = input_names(cells[3], names, 64);
		if (!strcmp(action, "search")) {
			seen[idx].ops |= OP_SEARCH;
			for (k = 0; k < nn; k++)
				if (strcmp(names[k].name, "includeData") && !res_filter_find(r, names[k].name))
					fail_msg("%s: search filter %s missing", r->name, names[k].name);
		} else if (!strcmp(action, "get")) {
			seen[idx].ops |= OP_GET;
			check_get_names(r, names, nn, 1);
		} else if (!strcmp(action, "{id}")) {
			seen[idx].ops |= OP_BYID;
			check_get_names(r, names, nn, 0);
		} else if (!strcmp(action, "create")) {
			seen[idx].ops |= OP_CREATE;
			check_write_names(r, names, nn, 1);
			check_write_member(r, cells[4]);
		} else if (!strcmp(action, "update")) {
			seen[idx].ops |= OP_UPDATE;
			check_write_names(r, names, nn, 0);
			check_write_member(r, cells[4]);
		} else {
			const struct res_special *sp = res_special_find(r, action);
			/* Reads as live counts them (issue 13): summary and any
			 * action starting with "get". */
			int reads = !strcmp(action, "summary") || !strncmp(action, "get", 3);

			if (!sp)
				fail_msg("%s: special %s missing", r->name, action);
			assert_int_equal(sp->is_write, !reads);
			/* Add-on writes are validated by the internal tables. */
			if (strstr(action, "AddOn") && strncmp(action, "set", 3) &&
			    strncmp(action, "get", 3)) {
				const struct resource *it =
					res_find(strstr(action, "Initial") ? "initialAddOn" : "ticketItem");

				assert_non_null(it);
				check_write_names(it, names, nn, !strncmp(action, "create", 6));
			}
			/* A special with parameters of its own in the table has
			 * exactly the spec's, both ways. */
			if (sp->n_params) {
				for (k = 0; k < nn; k++) {
					size_t j;

					for (j = 0; j < sp->n_params; j++)
						if (!strcmp(sp->params[j].name, names[k].name))
							break;
					if (j == sp->n_params)
						fail_msg("%s/%s: param %s missing", r->name, action,
						         names[k].name);
				}
				assert_int_equal(sp->n_params, nn);
			}
			seen[idx].n_specials++;
		}
	}
	assert_true(rows >= 45);

	/* The Read-only resources table: search and get names. */
	i = find_heading("### Read-only resources", start);
	assert_true(i < spec_n);
	for (i++; i < spec_n && strncmp(spec_lines[i], "## ", 3) != 0; i++) {
		const struct resource *r;
		size_t idx, j;
		int got_id = 0;

		n = row_cells(spec_lines[i], buf, sizeof(buf), cells, 8);
		if (n < 4 || !strcmp(cells[1], "Entity") || cells[1][0] == '-')
			continue;
		r = res_find(cells[1]);
		if (!r || !r->in_spec)
			fail_msg("read-only %s missing", cells[1]);
		idx = (size_t)(r - res_table);
		seen[idx].ops |= OPS_READ;
		assert_int_equal(r->ops, OPS_READ);
		nn = input_names(cells[2], names, 64);
		for (k = 0; k < nn; k++)
			if (strcmp(names[k].name, "includeData") && !res_filter_find(r, names[k].name))
				fail_msg("%s: search filter %s missing", r->name, names[k].name);
		/* The get column: the word ending in "IDs" before the first
		 * ';' is the id parameter (the spec may wrap it in a sentence),
		 * later segments are flags. */
		got_id = last_ids_word(cells[3], word, sizeof(word));
		if (!got_id)
			fail_msg("%s: no get parameter in \"%s\"", r->name, cells[3]);
		if (!res_is_get_param(r, word))
			fail_msg("%s: get parameter %s", r->name, word);
		assert_string_equal(r->get_param, word);
		nn = input_names(cells[3], names, 64);
		for (k = 0; k < nn; k++) {
			if (names[k].segment == 0)
				continue;
			for (j = 0; r->get_flags && r->get_flags[j]; j++)
				if (!strcmp(r->get_flags[j], names[k].name))
					break;
			if (!r->get_flags || !r->get_flags[j])
				fail_msg("%s: get flag %s missing", r->name, names[k].name);
		}
	}

	/* Reverse: nothing in the table that the spec does not name, except
	 * the six searches the spec leaves out (api-behaviour conventions). */
	for (i = 0; i < res_count; i++) {
		static const char *const unshown[] = {
			"subscription", "document", "paymentProfile", "employee",
			"review", "appointmentReminder",
		};
		const struct resource *r = &res_table[i];
		unsigned expect = seen[i].ops;

		if (!r->in_spec)
			continue;
		for (k = 0; k < sizeof(unshown) / sizeof(unshown[0]); k++)
			if (!strcmp(r->name, unshown[k]))
				expect |= OP_SEARCH;
		if (r->ops != expect)
			fail_msg("%s: ops %#x, spec %#x", r->name, r->ops, expect);
		/* The deletes live clients call are the live service's. */
		size_t extras = (!strcmp(r->name, "note") || !strcmp(r->name, "route")) &&
		                res_special_find(r, "delete");
		assert_int_equal(r->n_specials, seen[i].n_specials + extras);
	}
}

/* customer/updatePaymentProfile takes its parameters from the table, as
 * every operation does (the sandbox once kept its own list), and they set
 * fields of the payment profile. */
static void test_special_params(void **state)
{
	const struct res_special *sp = res_special_find(res_find("customer"), "updatePaymentProfile");
	const struct resource *pr = res_find("paymentProfile");

	(void)state;
	assert_non_null(sp);
	assert_int_equal(sp->n_params, 6);
	for (size_t i = 0; i < sp->n_params; i++) {
		assert_non_null(res_field_find(pr, sp->params[i].field));
		assert_true(sp->params[i].flags & RP_UPDATE);
	}
	assert_int_equal(res_special_find(res_find("ticket"), "setAddOns")->n_params, 0);
}

static void test_spec_classes(void **state)
{
	char buf[1024], *cells[10];
	size_t i, n, pairs = 0, k;

	(void)state;
	NEED_SPEC();
	for (i = 0; i < spec_n; i++) {
		n = row_cells(spec_lines[i], buf, sizeof(buf), cells, 10);
		if (n < 7 || !isdigit((unsigned char)cells[1][0]))
			continue;
		for (k = 1; k + 1 < n; k += 2) {
			int id;
			const char *name;

			if (!isdigit((unsigned char)cells[k][0]))
				continue;
			id = atoi(cells[k]);
			name = res_class_name(id);
			if (!name || strcmp(name, cells[k + 1]) != 0)
				fail_msg("class %d is %s in the spec", id, cells[k + 1]);
			pairs++;
		}
	}
	assert_true(pairs >= 80);
	/* A resource named like a record class carries its classID. */
	for (i = 0; i < res_count; i++) {
		const struct resource *r = &res_table[i];
		char cap[64];
		int id;

		snprintf(cap, sizeof(cap), "%s", r->name);
		cap[0] = (char)toupper((unsigned char)cap[0]);
		for (id = 1; id < 100; id++) {
			const char *name = res_class_name(id);

			if (name && !strcmp(name, cap) && r->class_id != id)
				fail_msg("%s: class_id %d, spec %d", r->name, r->class_id, id);
		}
		if (r->class_id)
			assert_non_null(res_class_name(r->class_id));
	}
	assert_int_equal(res_find("customer")->class_id, 8);
	assert_int_equal(res_find("document")->class_id, 42);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_shape),
		cmocka_unit_test(test_derived_and_hidden),
		cmocka_unit_test(test_incremental_refresh_fields),
		cmocka_unit_test(test_customer_wire_order),
		cmocka_unit_test(test_behaviour_rows),
		cmocka_unit_test(test_lookups),
		cmocka_unit_test(test_special_params),
		cmocka_unit_test(test_spec_groups),
		cmocka_unit_test(test_spec_endpoints),
		cmocka_unit_test(test_spec_classes),
	};

	return cmocka_run_group_tests(tests, load_spec, free_spec);
}
