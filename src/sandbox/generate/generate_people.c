/* generate_people.c: the generator's customers, subscriptions and what hangs off them. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "sandbox/generate/generate_data.h"
#include "sandbox/store/store.h"

/* ---------------------------------------------------------------- plan */

/* Customers 1..5 are the deliberately awkward ones the console must
 * escape and fit; they live in office 1 and sit on today's first route. */
#define N_SPECIAL 6

static int pick_city(struct gen_rng *r, int office)
{
	int list[32], n = 0;
	for (size_t i = 0; i < gd_n_cities; i++)
		if (gd_cities[i].office == office)
			list[n++] = (int)i;
	return list[gen_next(r) % (uint64_t)n];
}

/* Index into gd_services of a plausible subscription for this office. */
static int pick_service(struct gen_rng *r, int office, int commercial, int second)
{
	static const long first[] = { 1, 1, 1, 2, 2, 3, 3, 6, 7, 5, 8, 12, 15, 16 };
	static const long extra[] = { 5, 4, 6, 6, 7, 8, 12, 15, 14, 9 };
	long id;
	for (;;) {
		if (commercial && !second)
			id = 13;
		else if (second)
			id = extra[gen_next(r) % (sizeof extra / sizeof extra[0])];
		else
			id = first[gen_next(r) % (sizeof first / sizeof first[0])];
		if (gd_services[id - 1].office < 0 || gd_services[id - 1].office == office)
			return (int)(id - 1);
	}
}

static void plan_sub(struct gen *g, struct gen_rng *r, long c, int second, int lead)
{
	struct gen_cust *cu = &g->cust[c];
	struct gen_sub *s = &g->sub[g->n_sub++];
	const struct gd_service *sv;

	memset(s, 0, sizeof *s);
	s->cust = c;
	s->service = lead ? (int)gen_range(r, 3, 6) : pick_service(r, cu->office, 0, second);
	sv = &gd_services[s->service];
	s->custom = sv->frequency == -3 || gen_chance(r, 20);
	s->charge = sv->charge ? sv->charge + gen_range(r, -2, 4) * 500 : 0;
	s->added_day = second ? (int)gen_range(r, cu->added_day, g->today - 1) : cu->added_day;
	s->lead_stage = -1;
	if (lead) {
		s->active = -3;
		s->lead_stage = (int)gen_range(r, 0, (long)gd_n_lead_stages - 1);
		s->added_day = (int)(g->today - gen_range(r, 1, 90));
	} else if (!cu->active) {
		s->active = 0;
		s->cancel_day = cu->cancel_day;
	} else {
		s->active = (c < N_SPECIAL && !second) || !gen_chance(r, 80) ? 1 : 0;
	}
}

/* Orders a shuffled rotation city by city (stable), so that a route's stops
 * are neighbours rather than strangers across the metro area. */
static void group_by_city(const struct gen *g, long *pool, long n)
{
	long count[64] = { 0 }, at[64];
	long *tmp = xmalloc(((size_t)n + 1) * sizeof *tmp);

	for (long i = 0; i < n; i++)
		count[g->cust[pool[i]].city]++;
	at[0] = 0;
	for (size_t c = 1; c < gd_n_cities; c++)
		at[c] = at[c - 1] + count[c - 1];
	for (long i = 0; i < n; i++)
		tmp[at[g->cust[pool[i]].city]++] = pool[i];
	memcpy(pool, tmp, (size_t)n * sizeof *pool);
	free(tmp);
}

int gen_plan_people(struct gen *g)
{
	long cap = g->n * 4 + 8;

	g->cust_base = 10000;
	g->sub_base = 1;
	g->profile_base = 1;
	g->cust = xcalloc((size_t)g->n, sizeof *g->cust);
	g->sub = xcalloc((size_t)cap, sizeof *g->sub);
	for (long i = 0; i < g->n; i++) {
		struct gen_cust *c = &g->cust[i];
		struct gen_rng r;
		const struct gd_city *city;
		int prospect, n_subs;
		long p;

		gen_rng_init(&r, g->seed, GK_CUSTOMER, (uint64_t)i);
		c->office = i < N_SPECIAL || gen_chance(&r, 600) ? 1 : 2;
		c->city = pick_city(&r, c->office);
		city = &gd_cities[c->city];
		c->lat = (float)(city->lat + (double)gen_range(&r, -900, 900) / 10000.0);
		c->lng = (float)(city->lng + (double)gen_range(&r, -900, 900) / 10000.0);
		/* most customers are recent: the uniform draw is squeezed towards today */
		c->added_day = (int)(g->today - 1 - gen_range(&r, 0, 3650) * gen_range(&r, 150, 1000) / 1000);
		prospect = i >= N_SPECIAL && gen_chance(&r, 40);
		c->active = i < N_SPECIAL || prospect || !gen_chance(&r, 70);
		if (!c->active)
			c->cancel_day = (int)gen_range(&r, c->added_day, g->today - 1);
		c->sub0 = g->n_sub;
		if (prospect) {
			plan_sub(g, &r, i, 0, 1);
		} else {
			p = gen_range(&r, 0, 999);
			n_subs = p < 800 ? 1 : p < 970 ? 2 : 3;
			for (int k = 0; k < n_subs; k++)
				plan_sub(g, &r, i, k > 0, 0);
			if (c->active && gen_chance(&r, 30))
				plan_sub(g, &r, i, 1, 1);
		}
		c->n_subs = (int)(g->n_sub - c->sub0);
		if (c->active && !prospect && gen_chance(&r, 330)) {
			c->profile_id = g->profile_base + g->n_profile++;
			c->aPay = gen_chance(&r, 750) ? (gen_chance(&r, 800) ? 1 : 2) : 0;
			c->last_four = (int)gen_range(&r, 0, 9999);
			c->exp_month = (int)gen_range(&r, 1, 12);
			c->exp_year = (int)gen_range(&r, 2024, 2031);
		}
	}

	/* each office's rotation: active customers with an active subscription */
	for (int o = 1; o <= 2; o++) {
		struct gen_rng r;
		g->pool[o] = xmalloc(((size_t)g->n + 1) * sizeof *g->pool[o]);
		for (long i = 0; i < g->n; i++) {
			const struct gen_cust *c = &g->cust[i];
			if (c->office != o || !c->active)
				continue;
			for (long s = c->sub0; s < c->sub0 + c->n_subs; s++)
				if (g->sub[s].active == 1) {
					g->pool[o][g->n_pool[o]++] = i;
					break;
				}
		}
		gen_rng_init(&r, g->seed, GK_POOL, (uint64_t)o);
		for (long i = g->n_pool[o] - 1; i > 0; i--) {
			long j = gen_range(&r, 0, i), tmp = g->pool[o][i];
			g->pool[o][i] = g->pool[o][j];
			g->pool[o][j] = tmp;
		}
		group_by_city(g, g->pool[o], g->n_pool[o]);
	}
	if (g->n_pool[1] + g->n_pool[2] == 0)
		return gen_fail(g, "generate: no active customer to schedule");
	return 0;
}

/* ---------------------------------------------------------------- identity */

static const char long_lname[] =
	"Wolfeschlegelsteinhausenbergerdorff-Ångström de la Peña y Nuñez-Gonçalves";
static const char long_company[] =
	"The Extraordinarily Long-Named Family Trust of Wolfeschlegelsteinhausenbergerdorff "
	"& Associates, Limited Liability Partnership (Residential Properties Division)";

void gen_person(const struct gen *g, long i, struct gen_person *p)
{
	struct gen_rng r;
	const struct gd_city *city = &gd_cities[g->cust[i].city];
	char fa[64], la[64];
	long pattern;

	gen_rng_init(&r, g->seed, GK_PERSON, (uint64_t)i);
	memset(p, 0, sizeof *p);
	p->fname = gen_pick(&r, &gd_first_names);
	p->lname = gen_pick(&r, &gd_last_names);
	p->spouse = gen_chance(&r, 200) ? gen_pick(&r, &gd_first_names) : NULL;
	p->commercial = gen_chance(&r, 80);
	if (p->commercial)
		snprintf(p->company, sizeof p->company, "%s %s", gen_pick(&r, &gd_company_words),
		         gen_pick(&r, &gd_company_kinds));
	switch (i) {
	case 0: p->fname = "José"; p->lname = "Ångström"; break;
	case 1:
		p->fname = "Rubén";
		p->lname = "Redd";
		p->commercial = 1;
		snprintf(p->company, sizeof p->company, "\x1b[31mRED\x1b[0m Rock Cantina");
		break;
	case 2: p->fname = "Siobhán"; p->lname = "O'Brien"; break;
	case 3:
		p->fname = "Maximiliano Alejandro";
		p->lname = long_lname;
		p->commercial = 1;
		snprintf(p->company, sizeof p->company, "%s", long_company);
		break;
	case 4: p->fname = "Zoë"; p->lname = "Müller"; p->spouse = "François"; break;
	case 5: p->fname = "François"; p->lname = "Nuñez"; break;
	/* Live names carry stray whitespace. */
	case 40: p->fname = "Pedro "; break;
	case 41: p->lname = "\tAlvarez"; break;
	default: break;
	}
	gd_ascii_lower(fa, sizeof fa, p->fname);
	gd_ascii_lower(la, sizeof la, p->lname);
	if (la[0] == '\0')
		snprintf(la, sizeof la, "c%ld", i);
	pattern = gen_range(&r, 0, 9);
	if (pattern == 0)
		p->email[0] = '\0';
	else if (pattern < 5)
		snprintf(p->email, sizeof p->email, "%.40s.%.40s%ld@example.com", fa, la, i % 97);
	else if (pattern < 8)
		snprintf(p->email, sizeof p->email, "%.1s%.40s%ld@example.net", fa, la, gen_range(&r, 1, 99));
	else
		snprintf(p->email, sizeof p->email, "%.40s%.40s@example.org", fa, la);
	snprintf(p->phone, sizeof p->phone, "%d%03ld%04ld", city->area_code, gen_range(&r, 201, 989),
	         gen_range(&r, 0, 9999));
	if (gen_chance(&r, 250))
		snprintf(p->phone2, sizeof p->phone2, "%d%03ld%04ld", city->area_code,
		         gen_range(&r, 201, 989), gen_range(&r, 0, 9999));
	snprintf(p->address, sizeof p->address, "%ld %s %s%s", gen_range(&r, 100, 19999),
	         gen_pick(&r, &gd_streets), gen_pick(&r, &gd_street_kinds),
	         gen_chance(&r, 50) ? " Apt 4B" : "");
	snprintf(p->zip, sizeof p->zip, "%d", city->zip + (int)gen_range(&r, 0, 30));
	if (i == 42) { /* an address pasted with a leading tab */
		char was[sizeof p->address];
		snprintf(was, sizeof was, "%s", p->address);
		snprintf(p->address, sizeof p->address, "\t%.*s", (int)sizeof was - 2, was);
	}
}

/* ---------------------------------------------------------------- customers */

#define CUST_COLS(X) X(id, "customerID") X(bill, "billToAccountID") X(office, "officeID") \
	X(fname, "fname") X(lname, "lname") X(company, "companyName") X(spouse, "spouse") \
	X(commercial, "commercialAccount") X(status, "status") X(status_text, "statusText") \
	X(email, "email") X(phone1, "phone1") X(phone2, "phone2") X(address, "address") \
	X(city, "city") X(state, "state") X(zip, "zip") X(b_company, "billingCompanyName") \
	X(b_fname, "billingFName") X(b_lname, "billingLName") X(b_country, "billingCountryID") \
	X(b_address, "billingAddress") X(b_city, "billingCity") X(b_state, "billingState") \
	X(b_zip, "billingZip") X(b_phone, "billingPhone") X(b_email, "billingEmail") \
	X(lat, "lat") X(lng, "lng") X(sqft, "squareFeet") X(lot, "lotSize") \
	X(added_by, "addedByID") X(added, "dateAdded") X(cancelled, "dateCancelled") \
	X(updated, "dateUpdated") X(source_id, "sourceID") X(source, "source") X(apay, "aPay") \
	X(pref_tech, "preferredTechID") X(notes, "notes") X(balance, "balance") \
	X(balance_age, "balanceAge") X(r_balance, "responsibleBalance") \
	X(r_balance_age, "responsibleBalanceAge") X(number, "customerNumber") \
	X(billing_date, "preferredBillingDate") X(last_four, "mostRecentCreditCardLastFour") \
	X(card_exp, "mostRecentCreditCardExpirationDate") X(region, "regionID") \
	X(tax, "taxRate") X(state_tax, "stateTax") X(city_tax, "cityTax") \
	X(county_tax, "countyTax") X(district_tax, "districtTax") X(d1, "districtTax1") \
	X(d2, "districtTax2") X(d3, "districtTax3") X(d4, "districtTax4") X(d5, "districtTax5") \
	X(custom_tax, "customTax") X(sms, "smsReminders") X(phone_rem, "phoneReminders") \
	X(email_rem, "emailReminders") X(c_source, "customerSource") \
	X(c_source_id, "customerSourceID") X(county, "county") \
	X(autopay_id, "autoPayPaymentProfileID") X(aging, "agingDate") \
	X(r_aging, "responsibleAgingDate") X(termite, "termiteMonitoring") \
	X(pending_cancel, "pendingCancel") X(payments, "paymentIDs") X(units, "unitIDs")
struct cust_cols { CUST_COLS(GEN_COL_DECL) };

static const char *const apay_text[] = { "No", "CC", "ACH" };

static void set_micros(struct gen_tab *t, int col, long micros)
{
	gen_setf(t, col, "%ld.%06ld", micros / 1000000, micros % 1000000);
}

static int write_customers(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct cust_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "customer"))
		return -1;
	CUST_COLS(GEN_COL_FIND)
	for (long i = 0; i < g->n && rc == 0; i++) {
		const struct gen_cust *cu = &g->cust[i];
		const struct gd_city *city = &gd_cities[cu->city];
		int tx = strcmp(city->state, "TX") == 0, termite = 0;
		struct gen_person p;
		struct gen_rng r;
		long src, upd, added_secs;

		gen_person(g, i, &p);
		gen_rng_init(&r, g->seed, GK_CUSTOMER, (uint64_t)i + 0x10000000ULL);
		for (long s = cu->sub0; s < cu->sub0 + cu->n_subs; s++)
			termite |= g->sub[s].active == 1 && gd_services[g->sub[s].service].id == 5;
		src = gen_range(&r, 0, (long)gd_sources.n - 1);
		upd = g->today - gen_range(&r, 0, 400);
		if (upd < cu->added_day)
			upd = cu->added_day;
		if (cu->cancel_day > upd)
			upd = cu->cancel_day;

		gen_row(t);
		gen_seti(t, c->id, g->cust_base + i);
		gen_seti(t, c->bill, g->cust_base + i);
		gen_seti(t, c->office, cu->office);
		gen_set(t, c->fname, p.fname);
		gen_set(t, c->lname, p.lname);
		gen_setf(t, c->company, "%s", p.company);
		gen_set(t, c->spouse, p.spouse);
		gen_seti(t, c->commercial, p.commercial);
		gen_seti(t, c->status, cu->active);
		gen_set(t, c->status_text, cu->active ? "Active" : "Inactive");
		gen_setf(t, c->email, "%s", p.email);
		gen_setf(t, c->phone1, "%s", p.phone);
		gen_setf(t, c->phone2, "%s", p.phone2);
		gen_setf(t, c->address, "%s", p.address);
		gen_set(t, c->city, city->name);
		gen_set(t, c->state, city->state);
		gen_setf(t, c->zip, "%s", p.zip);
		gen_setf(t, c->b_company, "%s", p.company);
		gen_set(t, c->b_fname, p.fname);
		gen_set(t, c->b_lname, p.lname);
		gen_set(t, c->b_country, "US");
		gen_setf(t, c->b_address, "%s", p.address);
		gen_set(t, c->b_city, city->name);
		gen_set(t, c->b_state, city->state);
		gen_setf(t, c->b_zip, "%s", p.zip);
		gen_setf(t, c->b_phone, "%s", p.phone);
		gen_setf(t, c->b_email, "%s", p.email);
		gen_setf(t, c->lat, "%.6f", (double)cu->lat);
		gen_setf(t, c->lng, "%.6f", (double)cu->lng);
		gen_seti(t, c->sqft, p.commercial ? gen_range(&r, 20, 300) * 100 : gen_range(&r, 11, 48) * 100);
		gen_setf(t, c->lot, "0.%02ld", gen_range(&r, 8, 60));
		gen_seti(t, c->added_by, gen_emp_pick(g, &r, cu->office, gen_chance(&r, 300) ? 2 : 0));
		added_secs = gen_range(&r, 8 * 3600, 18 * 3600);
		gen_setdt(t, c->added, cu->added_day, added_secs);
		if (cu->cancel_day)
			gen_setdt(t, c->cancelled, cu->cancel_day, gen_range(&r, 8 * 3600, 18 * 3600));
		gen_setdt_after(t, c->updated, upd, gen_range(&r, 8 * 3600, 18 * 3600), cu->added_day,
		                added_secs);
		gen_seti(t, c->source_id, src + 1);
		gen_set(t, c->source, gd_sources.w[src]);
		gen_set(t, c->apay, apay_text[cu->aPay]);
		gen_seti(t, c->pref_tech, gen_chance(&r, 100) ? gen_emp_pick(g, &r, cu->office, 1) : 0);
		if (i < N_SPECIAL ? i % 2 == 0 : gen_chance(&r, 60))
			gen_set(t, c->notes, gen_pick(&r, &gd_red_notes));
		gen_setm(t, c->balance, cu->balance);
		gen_setm(t, c->r_balance, cu->balance);
		if (cu->oldest_owed_day) {
			gen_seti(t, c->balance_age, g->today - cu->oldest_owed_day);
			gen_seti(t, c->r_balance_age, g->today - cu->oldest_owed_day);
			gen_setd(t, c->aging, cu->oldest_owed_day);
			gen_setd(t, c->r_aging, cu->oldest_owed_day);
		}
		gen_setf(t, c->number, "%lld", g->cust_base + i);
		gen_seti(t, c->billing_date, cu->aPay ? gen_range(&r, 1, 28) : -1);
		if (cu->profile_id && cu->aPay != 2) {
			gen_setf(t, c->last_four, "%04d", cu->last_four);
			gen_setf(t, c->card_exp, "%02d/%02d", cu->exp_month, cu->exp_year % 100);
		}
		gen_seti(t, c->region, city->region);
		set_micros(t, c->tax, gd_tax_micros(city));
		set_micros(t, c->state_tax, tx ? 62500 : 56000);
		set_micros(t, c->city_tax, tx ? 10000 : 23000);
		set_micros(t, c->county_tax, tx ? 0 : 7000);
		set_micros(t, c->district_tax, tx ? 10000 : 0);
		set_micros(t, c->d1, 0);
		set_micros(t, c->d2, 0);
		set_micros(t, c->d3, 0);
		set_micros(t, c->d4, 0);
		set_micros(t, c->d5, 0);
		set_micros(t, c->custom_tax, 0);
		gen_seti(t, c->sms, p.phone[0] && !gen_chance(&r, 200));
		gen_seti(t, c->phone_rem, gen_chance(&r, 100));
		gen_seti(t, c->email_rem, p.email[0] != '\0');
		gen_set(t, c->c_source, gd_sources.w[src]);
		gen_seti(t, c->c_source_id, src + 1);
		gen_set(t, c->county, city->county);
		gen_seti(t, c->autopay_id, cu->aPay ? cu->profile_id : 0);
		gen_seti(t, c->termite, termite);
		gen_seti(t, c->pending_cancel, cu->active && gen_chance(&r, 10));
		gen_null(t, c->payments);
		gen_set(t, c->units, "[]");
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

/* ---------------------------------------------------------------- subscriptions */

#define SUB_COLS(X) X(id, "subscriptionID") X(cust, "customerID") X(bill, "billToAccountID") \
	X(office, "officeID") X(added, "dateAdded") X(contract, "contractAdded") \
	X(active, "active") X(active_text, "activeText") X(quote, "initialQuote") \
	X(discount, "initialDiscount") X(initial_total, "initialServiceTotal") \
	X(yif, "yifDiscount") X(charge, "recurringCharge") X(value, "contractValue") \
	X(billing_freq, "billingFrequency") X(freq, "frequency") X(followup, "followupService") \
	X(length, "agreementLength") X(next, "nextService") X(last, "lastCompleted") \
	X(service, "serviceID") X(service_type, "serviceType") X(sold, "soldBy") \
	X(sold2, "soldBy2") X(sold3, "soldBy3") X(pref_tech, "preferredTech") \
	X(initial_appt, "initialAppointmentID") X(initial_status, "initialStatus") \
	X(initial_text, "initialStatusText") X(cancelled, "dateCancelled") \
	X(updated, "dateUpdated") X(cxl, "cxlNotes") X(link, "subscriptionLink") \
	X(lead_id, "leadID") X(lead_added, "leadDateAdded") X(lead_updated, "leadUpdated") \
	X(lead_by, "leadAddedBy") X(lead_src_id, "leadSourceID") X(lead_src, "leadSource") \
	X(lead_status, "leadStatus") X(stage_id, "leadStageID") X(stage, "leadStage") \
	X(lead_to, "leadAssignedTo") X(lead_assigned, "leadDateAssigned") \
	X(lead_value, "leadValue") X(lead_closed, "leadDateClosed") \
	X(lead_lost, "leadLostReason") X(source_id, "sourceID") X(source, "source") \
	X(annual, "annualRecurringServices") X(units, "unitIDs") X(region, "regionID") \
	X(initial_invoice, "initialInvoice") X(initial_billing, "initialBillingDate") \
	X(renew_freq, "renewalFrequency") X(renew_date, "renewalDate") \
	X(custom_date, "customDate") X(vendor, "vendorConnected") X(site, "vendorSiteID") \
	X(season_start, "seasonalStart") X(season_end, "seasonalEnd") \
	X(next_billing, "nextBillingDate") X(max_monthly, "maxMonthlyCharge") \
	X(expires, "expirationDate") X(last_appt, "lastAppointment") X(duration, "duration") \
	X(pref_days, "preferredDays") X(pref_start, "preferredStart") \
	X(pref_end, "preferredEnd") X(recurring_ticket, "recurringTicket") X(hold, "onHold")
struct sub_cols { SUB_COLS(GEN_COL_DECL) };

/* The lead columns: null on a subscription that never was a lead. */
static void null_lead(struct gen_tab *t, const struct sub_cols *c)
{
	gen_null(t, c->lead_id);
	gen_null(t, c->lead_added);
	gen_null(t, c->lead_updated);
	gen_null(t, c->lead_by);
	gen_null(t, c->lead_src_id);
	gen_null(t, c->lead_src);
	gen_null(t, c->lead_status);
	gen_null(t, c->stage_id);
	gen_null(t, c->stage);
	gen_null(t, c->lead_to);
	gen_null(t, c->lead_assigned);
	gen_null(t, c->lead_value);
	gen_null(t, c->lead_closed);
	gen_null(t, c->lead_lost);
}

static int write_subscriptions(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct sub_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "subscription"))
		return -1;
	SUB_COLS(GEN_COL_FIND)
	for (long i = 0; i < g->n_sub && rc == 0; i++) {
		const struct gen_sub *s = &g->sub[i];
		const struct gen_cust *cu = &g->cust[s->cust];
		const struct gd_service *sv = &gd_services[s->service];
		int freq = sv->frequency, months;
		long per_year = freq > 0 ? 365 / freq : 1, last = s->last_done, next = s->next_day;
		long upd, src, quote, disc, added_secs;
		long long sold;
		struct gen_rng r;

		gen_rng_init(&r, g->seed, GK_SUB, (uint64_t)i);
		months = gen_chance(&r, 300) ? 24 : 12;
		sold = gen_emp_pick(g, &r, cu->office, 2);
		src = gen_range(&r, 0, (long)gd_sources.n - 1);
		quote = sv->charge ? sv->charge + 5000 : 0;
		disc = gen_chance(&r, 300) ? 5000 : 0;
		/* history before the generated window */
		if (!last && s->active >= 0 && freq > 0 && s->added_day < g->today - 61 - freq / 2) {
			last = g->today - 61 - gen_range(&r, 0, freq);
			if (s->cancel_day && last > s->cancel_day)
				last = s->cancel_day - 1;
			if (last < s->added_day)
				last = s->added_day;
		}
		if (s->active == 1 && !next && freq > 0)
			next = last ? last + freq : g->today + gen_range(&r, 1, 30);
		if (s->active == 1 && next && next <= g->today + 30 && !s->next_day)
			next = g->today + 31 + gen_range(&r, 0, 20);
		upd = last > s->added_day ? last : s->added_day;
		if (s->cancel_day > upd)
			upd = s->cancel_day;
		if (upd > g->today)
			upd = g->today;

		gen_row(t);
		gen_seti(t, c->id, g->sub_base + i);
		gen_seti(t, c->cust, g->cust_base + s->cust);
		gen_seti(t, c->bill, g->cust_base + s->cust);
		gen_seti(t, c->office, cu->office);
		added_secs = 10 * 3600 + gen_range(&r, 0, 7 * 3600);
		gen_setdt(t, c->added, s->added_day, added_secs);
		if (s->active != -3)
			gen_setdt(t, c->contract, s->added_day, 10 * 3600);
		gen_seti(t, c->active, s->active);
		gen_set(t, c->active_text, s->active == 1 ? "Active" : s->active == 0 ? "Frozen" : "Lead");
		gen_setm(t, c->quote, quote);
		gen_setm(t, c->discount, disc);
		gen_setm(t, c->initial_total, quote - disc > 0 ? quote - disc : 0);
		gen_setm(t, c->charge, s->charge);
		gen_setm(t, c->value, s->charge * per_year * months / 12);
		gen_seti(t, c->billing_freq, -1);
		if (s->custom)
			gen_set(t, c->freq, "CUSTOM");
		else
			gen_seti(t, c->freq, freq);
		gen_seti(t, c->followup, freq > 0 && gen_chance(&r, 300) ? 30 : -1);
		gen_seti(t, c->length, months);
		if (s->active == 1 && next)
			gen_setd(t, c->next, next);
		if (last)
			gen_setd(t, c->last, last);
		gen_seti(t, c->service, sv->id);
		gen_set(t, c->service_type, sv->description);
		gen_seti(t, c->sold, sold);
		gen_seti(t, c->pref_tech, gen_chance(&r, 120) ? gen_emp_pick(g, &r, cu->office, 1) : 0);
		gen_seti(t, c->initial_appt, s->initial_appt);
		gen_seti(t, c->initial_status, s->active == -3 ? 0 : 1);
		gen_set(t, c->initial_text, s->active == -3 ? "Pending" : "Completed");
		if (s->cancel_day) {
			gen_setdt(t, c->cancelled, s->cancel_day, 14 * 3600);
			gen_set(t, c->cxl, gen_pick(&r, &gd_cancel_reasons));
		}
		gen_setdt_after(t, c->updated, upd, gen_range(&r, 8 * 3600, 18 * 3600), s->added_day,
		                added_secs);
		if (s->active == -3) {
			const struct gd_named *st = &gd_lead_stages[s->lead_stage];
			gen_seti(t, c->lead_id, 70000 + i);
			gen_setdt(t, c->lead_added, s->added_day, 11 * 3600);
			gen_setdt(t, c->lead_updated, g->today - gen_range(&r, 0, g->today - s->added_day), 15 * 3600);
			gen_seti(t, c->lead_by, sold);
			gen_seti(t, c->lead_src_id, src + 1);
			gen_set(t, c->lead_src, gd_sources.w[src]);
			gen_seti(t, c->lead_status, 1);
			gen_seti(t, c->stage_id, st->id);
			gen_set(t, c->stage, st->name);
			gen_seti(t, c->lead_to, sold);
			gen_setdt(t, c->lead_assigned, s->added_day, 12 * 3600);
			gen_setm(t, c->lead_value, s->charge * per_year);
			gen_seti(t, c->lead_lost, 0);
		} else {
			null_lead(t, c);
		}
		gen_seti(t, c->source_id, src + 1);
		gen_set(t, c->source, gd_sources.w[src]);
		gen_seti(t, c->annual, freq > 0 ? per_year : 0);
		gen_set(t, c->units, "[]");
		gen_seti(t, c->region, gd_cities[cu->city].region);
		gen_set(t, c->initial_invoice, s->active == -3 ? "" : "FIRST_SERVICE");
		gen_setd(t, c->initial_billing, s->added_day);
		gen_seti(t, c->renew_freq, months);
		if (s->active == 1) {
			long renew = s->added_day;
			while (renew <= g->today)
				renew += months * 365 / 12;
			gen_setd(t, c->renew_date, renew);
			gen_setd(t, c->next_billing, next ? next : g->today + 30);
		}
		gen_seti(t, c->vendor, sv->id == 5);
		if (sv->id == 5)
			gen_setf(t, c->site, "S-%ld", 400000 + i);
		if (sv->id == 6) {
			gen_set(t, c->season_start, "03-01");
			gen_set(t, c->season_end, "10-31");
		}
		gen_setm(t, c->max_monthly, 0);
		if (s->cancel_day)
			gen_setd(t, c->expires, s->cancel_day);
		gen_seti(t, c->last_appt, s->last_appt);
		gen_seti(t, c->duration, sv->length);
		if (gen_chance(&r, 100)) {
			gen_set(t, c->pref_days, gen_chance(&r, 500) ? "Monday,Wednesday" : "Friday");
			gen_set(t, c->pref_start, "08:00:00");
			gen_set(t, c->pref_end, "12:00:00");
		}
		gen_null(t, c->recurring_ticket);
		gen_seti(t, c->hold, s->active == 0 && !s->cancel_day);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

/* ---------------------------------------------------------------- add-ons */

#define ADDON_COLS(X) X(id, "addOnID") X(sub, "subscriptionID") X(product, "productID") \
	X(service, "serviceID") X(amount, "amount") X(desc, "description") \
	X(qty, "quantity") X(taxable, "taxable") X(credit, "creditTo")
struct addon_cols { ADDON_COLS(GEN_COL_DECL) };

/* Products sold with the first service on about one subscription in seven. */
static int write_initial_addons(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct addon_cols cc, *c = &cc;
	long long id = 1;
	int rc = 0;

	if (gen_tab_open(g, t, "initialAddOn"))
		return -1;
	ADDON_COLS(GEN_COL_FIND)
	for (long i = 0; i < g->n_sub && rc == 0; i++) {
		struct gen_rng r;
		int n;

		gen_rng_init(&r, g->seed, GK_SUB, (uint64_t)i + 0x10000000ULL);
		if (g->sub[i].active == -3 || !gen_chance(&r, 150))
			continue;
		n = (int)gen_range(&r, 1, 2);
		for (int k = 0; k < n && rc == 0; k++) {
			const struct gd_product *p = &gd_products[gen_range(&r, 0, (long)gd_n_products - 1)];
			gen_row(t);
			gen_seti(t, c->id, id++);
			gen_seti(t, c->sub, g->sub_base + i);
			gen_seti(t, c->product, p->id);
			gen_seti(t, c->service, 0);
			gen_setm(t, c->amount, p->amount);
			gen_set(t, c->desc, p->description);
			gen_seti(t, c->qty, strcmp(p->category, "Materials") == 0 ? gen_range(&r, 1, 4) : 1);
			gen_seti(t, c->taxable, p->taxable && p->amount > 0);
			gen_seti(t, c->credit, gen_emp_pick(g, &r, g->cust[g->sub[i].cust].office, 2));
			rc = gen_insert(t);
		}
	}
	gen_tab_close(t);
	return rc;
}

int gen_people(struct gen *g)
{
	if (write_customers(g) || write_subscriptions(g) || write_initial_addons(g))
		return -1;
	return 0;
}
