/* generate_records.c: the generator's notes, payment profiles, documents, forms, flags, tasks, lookups and changelog. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/generate/generate_data.h"
#include "sandbox/store/store.h"

/* ---------------------------------------------------------------- notes */

#define NOTE_COLS(X) X(id, "noteID") X(office, "officeID") X(cust, "customerID") \
	X(cust_name, "customerName") X(spouse, "customerSpouse") X(company, "companyName") \
	X(emp, "employeeID") X(emp_name, "employeeName") X(date, "date") X(type_id, "typeID") \
	X(type, "type") X(reason_id, "cancellationReasonID") X(reason, "cancellationReason") \
	X(invoice, "showOnInvoice") X(show_cust, "showCustomer") X(show_tech, "showTech") \
	X(notes, "notes") X(ref, "referenceID") X(send_to, "sendTo") X(added, "dateAdded") \
	X(updated, "dateUpdated")
struct note_cols { NOTE_COLS(GEN_COL_DECL) };

/* About one note per customer; a cancelled customer's last one says why. */
static int write_notes(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct note_cols cc, *c = &cc;
	long long id = 1;
	int rc = 0;

	if (gen_tab_open(g, t, "note"))
		return -1;
	NOTE_COLS(GEN_COL_FIND)
	for (long i = 0; i < g->n && rc == 0; i++) {
		const struct gen_cust *cu = &g->cust[i];
		struct gen_person p;
		struct gen_rng r;
		long pick;
		int n;

		gen_rng_init(&r, g->seed, GK_NOTE, (uint64_t)i);
		pick = gen_range(&r, 0, 99);
		n = pick < 35 ? 0 : pick < 75 ? 1 : pick < 90 ? 2 : 3;
		if (cu->cancel_day && n == 0)
			n = 1;
		if (n)
			gen_person(g, i, &p);
		for (int k = 0; k < n && rc == 0; k++) {
			int cancel = cu->cancel_day && k == n - 1;
			/* The last two types (0 "Notes" and 8, as live)
			 * come from a stream of their own, so that adding them left
			 * every other drawn value as it was. */
			const struct gd_named *nt = cancel ? &gd_note_types[4]
				: &gd_note_types[gen_range(&r, 0, (long)gd_n_note_types - 3)];
			struct gen_rng r_type;
			long live_type;

			gen_rng_init(&r_type, g->seed, GK_NOTE, (uint64_t)i * 8 + (uint64_t)k + 0x40000000ULL);
			live_type = gen_range(&r_type, 0, 9);
			if (!cancel && live_type < 3)
				nt = &gd_note_types[gd_n_note_types - (live_type < 2 ? 2 : 1)];
			long day = cancel ? cu->cancel_day : gen_range(&r, cu->added_day, g->today);
			long secs = gen_range(&r, 8 * 3600, 18 * 3600);
			long long emp = gen_emp_pick(g, &r, cu->office, nt->id == 18 ? 1 : 0);
			const struct gen_emp *e = gen_emp_find(g, emp);

			gen_row(t);
			gen_seti(t, c->id, id++);
			gen_seti(t, c->office, cu->office);
			gen_seti(t, c->cust, g->cust_base + i);
			gen_setf(t, c->cust_name, "%s %s", p.fname, p.lname);
			gen_set(t, c->spouse, p.spouse ? p.spouse : "");
			gen_setf(t, c->company, "%s", p.company);
			gen_seti(t, c->emp, emp);
			if (e)
				gen_setf(t, c->emp_name, "%s %s", e->fname, e->lname);
			gen_setdt(t, c->date, day, secs);
			gen_seti(t, c->type_id, nt->id);
			gen_set(t, c->type, nt->name);
			if (cancel) {
				long reason = gen_range(&r, 0, (long)gd_cancel_reasons.n - 1);
				gen_seti(t, c->reason_id, reason + 1);
				gen_set(t, c->reason, gd_cancel_reasons.w[reason]);
				gen_setf(t, c->notes, "Cancelled: %s.", gd_cancel_reasons.w[reason]);
			} else if (gen_chance(&r, 20)) {
				/* multi-line text, as dispatchers paste it */
				gen_set(t, c->notes, "Called twice.\r\nNo answer.\tLeft a message with the gate code.");
			} else {
				gen_set(t, c->notes, gen_pick(&r, &gd_note_texts));
			}
			gen_seti(t, c->invoice, gen_chance(&r, 50));
			gen_seti(t, c->show_cust, gen_chance(&r, 100));
			gen_seti(t, c->show_tech, nt->id == 18 || gen_chance(&r, 250));
			gen_seti(t, c->ref, cu->n_subs && gen_chance(&r, 400) ? g->sub_base + cu->sub0 : 0);
			gen_setdt(t, c->added, day, secs);
			if (gen_chance(&r, 100) && day < g->today)
				gen_setdt(t, c->updated, day + 1, secs);
			else
				gen_setdt(t, c->updated, day, secs);
			rc = gen_insert(t);
		}
	}
	gen_tab_close(t);
	return rc;
}

/* ---------------------------------------------------------------- payment profiles */

#define PROFILE_COLS(X) X(id, "paymentProfileID") X(cust, "customerID") X(office, "officeID") \
	X(by, "createdBy") X(desc, "description") X(created, "dateCreated") X(status, "status") \
	X(status_notes, "statusNotes") X(updated, "dateUpdated") X(name, "billingName") \
	X(addr1, "billingAddress1") X(addr2, "billingAddress2") X(country, "billingCountryID") \
	X(city, "billingCity") X(state, "billingState") X(zip, "billingZip") \
	X(phone, "billingPhone") X(email, "billingEmail") X(method, "paymentMethod") \
	X(gateway, "gateway") X(merchant, "merchantID") X(token, "merchantToken") \
	X(last_four, "lastFour") X(exp_month, "expMonth") X(exp_year, "expYear") \
	X(card, "cardType") X(bank, "bankName") X(account, "accountNumber") \
	X(routing, "routingNumber") X(check, "checkType") X(account_type, "accountType") \
	X(failed, "failedAttempts") X(sent_failure, "sentFailureDate") \
	X(last_attempt, "lastAttemptDate") X(hold, "paymentHoldDate") X(retry, "retryPoints") \
	X(txn, "initialTransactionID") X(decline, "lastDeclineType") X(fname, "billingFName") \
	X(lname, "billingLName")
struct profile_cols { PROFILE_COLS(GEN_COL_DECL) };

static const char *const card_types[] = { "Visa", "Mastercard", "Amex", "Discover" };

static int write_profiles(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct profile_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "paymentProfile"))
		return -1;
	PROFILE_COLS(GEN_COL_FIND)
	for (long i = 0; i < g->n && rc == 0; i++) {
		const struct gen_cust *cu = &g->cust[i];
		const struct gd_city *city = &gd_cities[cu->city];
		int bank = cu->aPay == 2, status;
		const char *card;
		struct gen_person p;
		struct gen_rng r;
		long day, pick;

		if (!cu->profile_id)
			continue;
		gen_person(g, i, &p);
		gen_rng_init(&r, g->seed, GK_PROFILE, (uint64_t)i);
		card = card_types[gen_range(&r, 0, 3)];
		day = gen_range(&r, cu->added_day, g->today);
		pick = gen_range(&r, 0, 99);
		status = pick < 88 ? 1 : pick < 94 ? 3 : pick < 97 ? 4 : 2;

		gen_row(t);
		gen_seti(t, c->id, cu->profile_id);
		gen_seti(t, c->cust, g->cust_base + i);
		gen_seti(t, c->office, cu->office);
		gen_seti(t, c->by, gen_emp_pick(g, &r, cu->office, 0));
		if (bank)
			gen_setf(t, c->desc, "Checking ending in %04d", cu->last_four);
		else
			gen_setf(t, c->desc, "%s ending in %04d", card, cu->last_four);
		gen_setdt(t, c->created, day, 10 * 3600);
		gen_seti(t, c->status, status);
		gen_set(t, c->status_notes, status == 4 ? "Declined: insufficient funds" :
		        status == 3 ? "Card expired" : status == 2 ? "Invalid account" : "");
		gen_setdt(t, c->updated, status == 1 ? day : gen_range(&r, day, g->today), 11 * 3600);
		gen_setf(t, c->name, "%s %s", p.fname, p.lname);
		gen_setf(t, c->addr1, "%s", p.address);
		gen_set(t, c->addr2, "");
		gen_set(t, c->country, "US");
		gen_set(t, c->city, city->name);
		gen_set(t, c->state, city->state);
		gen_setf(t, c->zip, "%s", p.zip);
		gen_setf(t, c->phone, "%s", p.phone);
		gen_setf(t, c->email, "%s", p.email);
		gen_seti(t, c->method, bank ? 2 : 1);
		gen_set(t, c->gateway, bank ? "B" : "A");
		gen_setf(t, c->merchant, "M%08ld", gen_range(&r, 1, 99999999));
		gen_setf(t, c->token, "%016llx%016llx", (unsigned long long)gen_next(&r),
		         (unsigned long long)gen_next(&r));
		gen_setf(t, c->last_four, "%04d", cu->last_four);
		if (bank) {
			gen_set(t, c->bank, gen_chance(&r, 500) ? "First Desert Bank" : "Hill Country Credit Union");
			gen_setf(t, c->account, "XXXXXX%04d", cu->last_four);
			gen_setf(t, c->routing, "XXXXX%04ld", gen_range(&r, 0, 9999));
			gen_set(t, c->check, "personal");
			gen_set(t, c->account_type, "checking");
		} else {
			gen_setf(t, c->exp_month, "%02d", cu->exp_month);
			gen_setf(t, c->exp_year, "%d", cu->exp_year);
			gen_set(t, c->card, card);
		}
		gen_seti(t, c->failed, status == 4 ? gen_range(&r, 1, 3) : 0);
		if (status == 4) {
			long fail = gen_range(&r, day, g->today);
			gen_setdt(t, c->sent_failure, fail, 9 * 3600);
			gen_setdt(t, c->last_attempt, fail, 8 * 3600);
			gen_set(t, c->decline, "soft");
		}
		gen_seti(t, c->retry, 0);
		gen_setf(t, c->txn, "T%012llx", (unsigned long long)(gen_next(&r) >> 16));
		gen_set(t, c->fname, p.fname);
		gen_set(t, c->lname, p.lname);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

/* ---------------------------------------------------------------- documents and forms */

#define DOC_COLS(X) X(id, "uploadID") X(office, "officeID") X(cust, "customerID") \
	X(added, "dateAdded") X(by, "addedBy") X(desc, "description") \
	X(show_cust, "showCustomer") X(show_tech, "showTech") X(appt, "appointmentID") \
	X(prefix, "prefix") X(updated, "dateUpdated")
struct doc_cols { DOC_COLS(GEN_COL_DECL) };

/* A one-page PDF naming the document; small, but opens in a viewer. */
static size_t tiny_pdf(char *buf, size_t cap, const char *title, long long cust, const char *date)
{
	char text[160];
	int tl = snprintf(text, sizeof text, "BT /F1 14 Tf 72 720 Td (%s - customer %lld - %s) Tj ET",
	                  title, cust, date);
	int n = snprintf(buf, cap,
		"%%PDF-1.4\n"
		"1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
		"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
		"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R"
		"/Resources<</Font<</F1 5 0 R>>>>>>endobj\n"
		"4 0 obj<</Length %d>>stream\n%s\nendstream endobj\n"
		"5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\n"
		"trailer<</Root 1 0 R>>\n%%%%EOF\n", tl, text);
	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

static int write_documents(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct doc_cols cc, *c = &cc;
	long n = g->n / 25 > 5 ? g->n / 25 : 5;
	char pdf[1024], name[96];
	int rc = 0;

	g->doc_base = 1;
	if (gen_tab_open(g, t, "document"))
		return -1;
	DOC_COLS(GEN_COL_FIND)
	for (long i = 0; i < n && rc == 0; i++) {
		struct gen_rng r;
		long cust, day;
		const char *kind;
		long long id = g->doc_base + i, cust_id;
		char *err = NULL;
		size_t len, k;

		gen_rng_init(&r, g->seed, GK_DOC, (uint64_t)i);
		cust = gen_range(&r, 0, g->n - 1);
		cust_id = g->cust_base + cust;
		kind = gen_pick(&r, &gd_doc_kinds);
		day = gen_range(&r, g->cust[cust].added_day, g->today);
		gen_row(t);
		gen_seti(t, c->id, id);
		gen_seti(t, c->office, g->cust[cust].office);
		gen_seti(t, c->cust, cust_id);
		gen_setdt(t, c->added, day, gen_range(&r, 8 * 3600, 18 * 3600));
		gen_seti(t, c->by, gen_emp_pick(g, &r, g->cust[cust].office, gen_chance(&r, 500) ? 1 : 0));
		gen_set(t, c->desc, kind);
		gen_seti(t, c->show_cust, gen_chance(&r, 600));
		gen_seti(t, c->show_tech, gen_chance(&r, 700));
		gen_seti(t, c->appt, 0);
		gen_set(t, c->prefix, strstr(kind, "report") ? "report" : strstr(kind, "Photo") ? "photo" : "doc");
		gen_setdt(t, c->updated, day, 18 * 3600);
		if ((rc = gen_insert(t)) != 0)
			break;
		/* file name: the kind as a slug */
		for (k = 0; kind[k] && k < 60; k++)
			name[k] = kind[k] == ' ' ? '-' : (kind[k] >= 'A' && kind[k] <= 'Z') ? (char)(kind[k] + 32) : kind[k];
		snprintf(name + k, sizeof name - k, "-%lld.pdf", cust_id);
		len = tiny_pdf(pdf, sizeof pdf, kind, cust_id, gen_day(g, day));
		if (store_file_put(g->s, id, name, pdf, len, &err) != 0) {
			rc = gen_fail(g, "generate: document file: %s", err ? err : "failed");
			free(err);
		}
		g->n_doc++;
	}
	gen_tab_close(t);
	return rc;
}

#define FORM_COLS(X) X(id, "formID") X(office, "officeID") X(cust, "customerID") \
	X(signed_, "dateSigned") X(added, "dateAdded") X(unit, "unitID") X(emp, "employeeID") \
	X(state, "documentState") X(tmpl, "formTemplateID")
struct form_cols { FORM_COLS(GEN_COL_DECL) };

/* Service agreements, mostly signed (documentState 2), a few in progress (1). */
static int write_forms(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct form_cols cc, *c = &cc;
	long n = g->n / 15 > 5 ? g->n / 15 : 5;
	int rc = 0;

	if (gen_tab_open(g, t, "form"))
		return -1;
	FORM_COLS(GEN_COL_FIND)
	for (long i = 0; i < n && rc == 0; i++) {
		struct gen_rng r;
		long cust, day;
		int done;

		gen_rng_init(&r, g->seed, GK_FORM, (uint64_t)i);
		cust = gen_range(&r, 0, g->n - 1);
		day = gen_range(&r, g->cust[cust].added_day, g->today);
		done = gen_chance(&r, 800);
		gen_row(t);
		gen_seti(t, c->id, 1 + i);
		gen_seti(t, c->office, g->cust[cust].office);
		gen_seti(t, c->cust, g->cust_base + cust);
		if (done)
			gen_setdt(t, c->signed_, day, gen_range(&r, 9 * 3600, 19 * 3600));
		gen_setdt(t, c->added, day, 8 * 3600 + gen_range(&r, 0, 3600));
		gen_seti(t, c->unit, 0);
		gen_seti(t, c->emp, gen_emp_pick(g, &r, g->cust[cust].office, 2));
		gen_seti(t, c->state, done ? 2 : 1);
		gen_seti(t, c->tmpl, gen_range(&r, 1, 4));
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

/* ---------------------------------------------------------------- flags */

/* A customer's flag also as customerFlag reads it (the live service). */
static int write_customer_flag(struct gen *g, struct gen_tab *t, long long id, long i, long flag)
{
	gen_row(t);
	gen_seti(t, gen_col(t, "customerFlagID"), id);
	gen_seti(t, gen_col(t, "customerID"), g->cust_base + i);
	gen_seti(t, gen_col(t, "officeID"), g->cust[i].office);
	gen_seti(t, gen_col(t, "flagID"), gd_flags[flag].id);
	gen_setf(t, gen_col(t, "code"), "F%lld", gd_flags[flag].id);
	gen_set(t, gen_col(t, "description"), gd_flags[flag].name);
	return gen_insert(t);
}

static int write_flags(struct gen *g)
{
	struct gen_tab tab, *t = &tab, ctab;
	int c_id, c_flag, c_entity, c_type, rc = 0;
	long long id = 1;
	struct gen_rng r;
	long n_appt_flags = (long)(g->n_appt / 50) + 1;

	if (gen_tab_open(g, t, "genericFlagAssignment"))
		return -1;
	if (gen_tab_open(g, &ctab, "customerFlag")) {
		gen_tab_close(t);
		return -1;
	}
	c_id = gen_col(t, "genericFlagAssignmentID");
	c_flag = gen_col(t, "genericFlagID");
	c_entity = gen_col(t, "entityID");
	c_type = gen_col(t, "type");
	gen_rng_init(&r, g->seed, GK_FLAG, 0);
	for (long i = 0; i < g->n + g->n_sub + n_appt_flags && rc == 0; i++) {
		long long entity;
		const char *type;
		long flag;
		if (i < g->n) {
			if (!gen_chance(&r, 50) && i != 1)
				continue;
			entity = g->cust_base + i;
			type = "customer";
			flag = gen_range(&r, 0, (long)gd_n_flags - 1);
		} else if (i < g->n + g->n_sub) {
			if (!gen_chance(&r, 20))
				continue;
			entity = g->sub_base + (i - g->n);
			type = "subscription";
			flag = gen_chance(&r, 500) ? 2 : 4;
		} else {
			entity = g->appt_base + gen_range(&r, 0, g->n_appt > 0 ? g->n_appt - 1 : 0);
			type = "appointment";
			flag = 3;
		}
		gen_row(t);
		gen_seti(t, c_id, id++);
		gen_seti(t, c_flag, gd_flags[flag].id);
		gen_seti(t, c_entity, entity);
		gen_set(t, c_type, type);
		rc = gen_insert(t);
		if (rc == 0 && i < g->n)
			rc = write_customer_flag(g, &ctab, id - 1, i, flag);
	}
	gen_tab_close(&ctab);
	gen_tab_close(t);
	return rc;
}

/* ---------------------------------------------------------------- tasks */

/* A few open and done tasks for the office, on one customer in 25. */
static int write_tasks(struct gen *g)
{
	static const char *const what[] = {
		"Call back about the renewal", "Send the termite report", "Schedule a reservice",
		"Collect the past-due balance", "Confirm the gate code",
	};
	struct gen_tab tab, *t = &tab;
	long long id = 1;
	int rc = 0;

	if (gen_tab_open(g, t, "task"))
		return -1;
	for (long i = 0; i < g->n && rc == 0; i += 25) {
		const struct gen_cust *cu = &g->cust[i];
		struct gen_rng r;
		long day, done;

		gen_rng_init(&r, g->seed, GK_TASK, (uint64_t)i);
		day = gen_range(&r, g->today - 20, g->today);
		done = gen_chance(&r, 2);
		gen_row(t);
		gen_seti(t, gen_col(t, "taskID"), id++);
		gen_seti(t, gen_col(t, "officeID"), cu->office);
		gen_seti(t, gen_col(t, "customerID"), g->cust_base + i);
		gen_seti(t, gen_col(t, "employeeID"), gen_emp_pick(g, &r, cu->office, 0));
		gen_seti(t, gen_col(t, "addedBy"), gen_emp_pick(g, &r, cu->office, 0));
		gen_setdt(t, gen_col(t, "dateAdded"), day, 9 * 3600);
		gen_setd(t, gen_col(t, "dueDate"), day + gen_range(&r, 1, 14));
		gen_set(t, gen_col(t, "category"), "Office");
		gen_set(t, gen_col(t, "description"),
		        what[gen_range(&r, 0, (long)(sizeof what / sizeof what[0]) - 1)]);
		gen_seti(t, gen_col(t, "referenceID"), 0);
		gen_seti(t, gen_col(t, "completed"), done);
		if (done)
			gen_setdt(t, gen_col(t, "dateCompleted"), day + 1, 11 * 3600);
		gen_setdt(t, gen_col(t, "dateUpdated"), done ? day + 1 : day, done ? 11 * 3600 : 9 * 3600);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

/* ---------------------------------------------------------------- lookups */

/* A lookup: id, name, office and visible "1". */
static int write_lookup(struct gen *g, const char *res, const struct gd_named *list, size_t n,
                        const char *id_f, const char *name_f)
{
	struct gen_tab t;
	int ci, cn, co, cv, rc = 0;

	if (gen_tab_open(g, &t, res))
		return -1;
	ci = gen_col(&t, id_f);
	cn = gen_col(&t, name_f);
	co = gen_col(&t, "officeID");
	cv = gen_col(&t, "visible");
	for (size_t i = 0; i < n && rc == 0; i++) {
		gen_row(&t);
		gen_seti(&t, ci, list[i].id);
		gen_set(&t, cn, list[i].name);
		gen_seti(&t, co, list[i].office);
		gen_seti(&t, cv, 1);
		rc = gen_insert(&t);
	}
	gen_tab_close(&t);
	return rc;
}

/* A lookup from a word list whose ids the records already carry as the
 * word's place + 1 (customers' sourceID, notes' cancellationReasonID). */
static int write_words(struct gen *g, const char *res, const struct gen_words *words,
                       const char *id_f, const char *name_f)
{
	struct gd_named list[32];
	size_t n = words->n < 32 ? words->n : 32;

	for (size_t i = 0; i < n; i++)
		list[i] = (struct gd_named){ (long long)i + 1, words->w[i], -1 };
	return write_lookup(g, res, list, n, id_f, name_f);
}

/* The lookups working clients read from the live service. */
static int write_lookups(struct gen *g)
{
	return write_words(g, "cancellationReason", &gd_cancel_reasons, "reasonID", "reason") ||
	       write_lookup(g, "appointmentRescheduleReason", gd_reschedule_reasons,
	                    gd_n_reschedule_reasons, "rescheduleReasonID", "reason") ||
	       write_lookup(g, "reserviceReason", gd_reservice_reasons, gd_n_reservice_reasons,
	                    "reserviceReasonID", "reason") ||
	       write_words(g, "customerSource", &gd_sources, "sourceID", "source") ? -1 : 0;
}

int gen_records(struct gen *g)
{
	if (write_notes(g) || write_profiles(g) || write_documents(g) || write_forms(g) ||
	    write_flags(g) || write_tasks(g) || write_lookups(g))
		return -1;
	return 0;
}

/* ---------------------------------------------------------------- changelog */

/* Classes the history covers: every class of the table and a few settings. */
static const int change_classes[] = { 1, 3, 4, 5, 6, 7, 8, 11, 15, 24, 25, 35, 36, 42, 43, 54 };

/* A believable id of the class's records and what changed on it. */
static long long change_of(const struct gen *g, struct gen_rng *r, int cls, char *notes, size_t cap)
{
	long long ref;
	switch (cls) {
	case 1:
		ref = g->emp[gen_range(r, 0, (long)g->n_emp - 1)].id;
		snprintf(notes, cap, "{\"phone\":{\"old\":\"6025550%03ld\",\"new\":\"6025551%03ld\"}}",
		         gen_range(r, 100, 999), gen_range(r, 100, 999));
		return ref;
	case 3:
		snprintf(notes, cap, "{\"assignedTech\":{\"old\":\"0\",\"new\":\"%lld\"}}",
		         gen_emp_pick(g, r, 1, 1));
		return g->route_base + gen_range(r, 0, (long)g->n_route - 1);
	case 4:
		snprintf(notes, cap, "{\"status\":{\"old\":\"0\",\"new\":\"1\"}}");
		return g->appt_base + gen_range(r, 0, (long)g->n_appt - 1);
	case 5:
		snprintf(notes, cap, "{\"balance\":{\"old\":\"129.00\",\"new\":\"0.00\"}}");
		return g->ticket_base + gen_range(r, 0, (long)g->n_ticket - 1);
	case 6:
		snprintf(notes, cap, "{\"status\":{\"old\":\"1\",\"new\":\"3\"}}");
		return g->n_profile ? g->profile_base + gen_range(r, 0, (long)g->n_profile - 1) : 0;
	case 7:
		snprintf(notes, cap, "{\"active\":{\"old\":\"1\",\"new\":\"0\"}}");
		return g->sub_base + gen_range(r, 0, g->n_sub - 1);
	case 8:
		snprintf(notes, cap, "{\"address\":{\"old\":\"%ld Oak St\",\"new\":\"%ld Maple Ave\"}}",
		         gen_range(r, 100, 9999), gen_range(r, 100, 9999));
		return g->cust_base + gen_range(r, 0, g->n - 1);
	case 42:
		snprintf(notes, cap, "{\"showCustomer\":{\"old\":\"0\",\"new\":\"1\"}}");
		return g->doc_base + gen_range(r, 0, (long)g->n_doc - 1);
	default:
		snprintf(notes, cap, "{\"description\":{\"old\":\"Draft\",\"new\":\"Updated\"},"
		         "\"visible\":{\"old\":\"0\",\"new\":\"1\"}}");
		return gen_range(r, 1, 5);
	}
}

/* One changelog record to be: its class, its index in that class (which
 * seeds its draws) and when it happened. */
struct change_slot {
	int cls;
	long i;
	long day, secs;
};

static int change_slot_cmp(const void *a, const void *b)
{
	const struct change_slot *x = a, *y = b;

	if (x->day != y->day)
		return x->day < y->day ? -1 : 1;
	if (x->secs != y->secs)
		return x->secs < y->secs ? -1 : 1;
	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* The draws every change starts with, in this order, so a change can be
 * drawn twice (once to sort, once to write) and come out the same. */
static void change_draw_head(const struct gen *g, struct gen_rng *r, int cls, long i,
                             int *office, long *day, long *secs)
{
	gen_rng_init(r, g->seed, GK_CHANGE, (uint64_t)cls << 32 | (uint64_t)i);
	*office = (int)gen_range(r, 1, 2);
	*day = g->today - gen_range(r, 0, 90);
	*secs = gen_range(r, 7 * 3600, 19 * 3600);
}

int gen_changelog(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	int c_id, c_office, c_class, c_name, c_date, c_emp, c_notes, c_ref, rc = 0;
	long long id = 1;
	char notes[256];
	struct change_slot *slots = NULL;
	size_t n_slots = 0, cap = 0;

	/* The service numbers changes as they happen: ids ascend with
	 * dateChanged, which clients rely on to ask "what changed since id N". */
	for (size_t k = 0; k < sizeof change_classes / sizeof change_classes[0]; k++) {
		int cls = change_classes[k];
		int busy = cls == 4 || cls == 5 || cls == 7 || cls == 8;
		long n = 4 + (busy ? g->n / 100 : 0);

		for (long i = 0; i < n; i++) {
			struct gen_rng r;
			int office;

			if (n_slots == cap) {
				cap = cap ? cap * 2 : 256;
				slots = xrealloc(slots, cap * sizeof(*slots));
			}
			slots[n_slots].cls = cls;
			slots[n_slots].i = i;
			change_draw_head(g, &r, cls, i, &office, &slots[n_slots].day, &slots[n_slots].secs);
			n_slots++;
		}
	}
	qsort(slots, n_slots, sizeof(*slots), change_slot_cmp);

	if (gen_tab_open(g, t, "changelog")) {
		free(slots);
		return -1;
	}
	c_id = gen_col(t, "changeID");
	c_office = gen_col(t, "officeID");
	c_class = gen_col(t, "classID");
	c_name = gen_col(t, "class");
	c_date = gen_col(t, "dateChanged");
	c_emp = gen_col(t, "employeeID");
	c_notes = gen_col(t, "notes");
	c_ref = gen_col(t, "referenceID");
	for (size_t k = 0; k < n_slots && rc == 0; k++) {
		const struct change_slot *sl = &slots[k];
		const char *name = res_class_name(sl->cls);
		struct gen_rng r;
		int office;
		long day, secs;

		change_draw_head(g, &r, sl->cls, sl->i, &office, &day, &secs);
		gen_row(t);
		gen_seti(t, c_id, id++);
		gen_seti(t, c_office, office);
		gen_seti(t, c_class, sl->cls);
		gen_set(t, c_name, name ? name : "");
		gen_setdt(t, c_date, day, secs);
		gen_seti(t, c_emp, gen_emp_pick(g, &r, office, 0));
		gen_seti(t, c_ref, change_of(g, &r, sl->cls, notes, sizeof notes));
		gen_set(t, c_notes, notes);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	free(slots);
	return rc;
}
