/* generate_schedule.c: routes, stops, invoices and what a stop leaves behind. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "common/dates.h"
#include "common/geo.h"
#include "common/resources.h"
#include "sandbox/generate/generate_data.h"

#define ROUTE_COLS(X) X(id, "routeID") X(title, "title") X(tmpl, "templateID") \
	X(added, "dateAdded") X(added_by, "addedBy") X(office, "officeID") \
	X(group_title, "groupTitle") X(date, "date") X(group, "groupID") \
	X(day_notes, "dayNotes") X(day_alert, "dayAlert") X(day_id, "dayID") \
	X(extra, "additionalTechs") X(tech, "assignedTech") X(api, "apiCanSchedule") \
	X(teams, "scheduleTeams") X(types, "scheduleTypes") X(lat, "averageLatitude") \
	X(lng, "averageLongitude") X(dist, "averageDistance") X(updated, "dateUpdated") \
	X(score, "distanceScore") X(locked, "lockedRoute")
#define APPT_COLS(X) X(id, "appointmentID") X(office, "officeID") X(cust, "customerID") \
	X(sub, "subscriptionID") X(route, "routeID") X(spot, "spotID") X(date, "date") \
	X(start, "start") X(end, "end") X(window, "timeWindow") X(duration, "duration") \
	X(type, "type") X(added, "dateAdded") X(emp, "employeeID") X(status, "status") \
	X(status_text, "statusText") X(call, "callAhead") X(initial, "isInitial") \
	X(by, "servicedBy") X(completed, "dateCompleted") X(notes, "notes") \
	X(office_notes, "officeNotes") X(tin, "timeIn") X(tout, "timeOut") \
	X(ticket, "ticketID") X(cancelled, "dateCancelled") X(tech, "assignedTech") \
	X(seq, "sequence") X(updated, "dateUpdated") X(appt_notes, "appointmentNotes") \
	X(cxl_by, "cancelledBy") X(cxl_reason, "cancelReason")
#define TICKET_COLS(X) X(id, "ticketID") X(cust, "customerID") X(bill, "billToAccountID") \
	X(office, "officeID") X(created, "dateCreated") X(invoice, "invoiceDate") \
	X(updated, "dateUpdated") X(active, "active") X(sub_total, "subTotal") \
	X(tax, "taxAmount") X(total, "total") X(charge, "serviceCharge") \
	X(taxable, "serviceTaxable") X(production, "productionValue") X(rate, "taxRate") \
	X(appt, "appointmentID") X(balance, "balance") X(sub, "subscriptionID") \
	X(service, "serviceID") X(number, "invoiceNumber") X(tmpl, "templateType") \
	X(notes, "additionalNotes")
#define ITEM_COLS(X) X(id, "itemID") X(ticket, "ticketID") X(desc, "description") \
	X(qty, "quantity") X(amount, "amount") X(product, "productID") \
	X(service, "serviceID") X(taxable, "taxable") X(credit, "creditTo") X(unit, "unitID")
#define REMIND_COLS(X) X(id, "reminderID") X(office, "officeID") X(appt, "appointmentID") \
	X(text, "text") X(sent, "dateSent") X(email_sent, "emailSent") \
	X(voice_sent, "voiceSent") X(status, "status") X(response, "response") \
	X(rtime, "responseTime") X(send_to, "sendTo") X(email, "emailAddress") \
	X(voice, "voiceNumber") X(updated, "dateUpdated")
#define CHEMUSE_COLS(X) X(id, "chemicalUseID") X(chem, "chemicalID") X(office, "officeID") \
	X(appt, "appointmentID") X(cust, "customerID") X(created, "dateCreated") \
	X(by, "createdBy") X(service, "serviceID")
#define REVIEW_COLS(X) X(id, "feedbackID") X(office, "officeID") X(cust, "customerID") \
	X(appt, "appointmentID") X(date, "date") X(stars, "starRating") \
	X(text, "feedback") X(favorable, "favorable") X(updated, "dateUpdated")
#define SPOT_COLS(X) X(id, "spotID") X(office, "officeID") X(route, "routeID") X(date, "date") \
	X(start, "start") X(end, "end") X(cap, "spotCapacity") X(desc, "description") \
	X(block, "blockReason") X(current, "currentAppointment") X(tech, "assignedTech") \
	X(api, "apiCanSchedule") X(open, "open") X(reserved, "reserved") \
	X(res_end, "reservationEnd") X(appts, "appointmentIDs") X(custs, "customerIDs") \
	X(updated, "dateUpdated")
#define CLOCK_COLS(X) X(id, "entryID") X(emp, "employeeID") X(office, "officeID") \
	X(tin, "timeIn") X(tout, "timeOut") X(cat, "clockCategoryID") X(paid, "paid")

struct route_cols { ROUTE_COLS(GEN_COL_DECL) };
struct appt_cols { APPT_COLS(GEN_COL_DECL) };
struct ticket_cols { TICKET_COLS(GEN_COL_DECL) };
struct item_cols { ITEM_COLS(GEN_COL_DECL) };
struct remind_cols { REMIND_COLS(GEN_COL_DECL) };
struct chemuse_cols { CHEMUSE_COLS(GEN_COL_DECL) };
struct review_cols { REVIEW_COLS(GEN_COL_DECL) };
struct clock_cols { CLOCK_COLS(GEN_COL_DECL) };
struct spot_cols { SPOT_COLS(GEN_COL_DECL) };

enum { T_ROUTE, T_APPT, T_TICKET, T_ITEM, T_REMIND, T_CHEMUSE, T_REVIEW, T_CLOCK, T_SPOT, T_N };
static const char *const sched_tables[T_N] = {
	"route", "appointment", "ticket", "ticketItem", "appointmentReminder",
	"chemicalUse", "review", "timeClock", "spot",
};

struct stop {
	long cust;
	long sub;         /* -1 stand-alone */
	int svc;          /* index into gd_services */
	long start, dur;  /* seconds */
	int status;
	long long tech;   /* technician who did or will do it */
};

struct sched {
	struct gen *g;
	struct gen_tab t[T_N];
	struct route_cols rt;
	struct appt_cols ap;
	struct ticket_cols tk;
	struct item_cols it;
	struct remind_cols rm;
	struct chemuse_cols cu;
	struct review_cols rv;
	struct clock_cols tc;
	struct spot_cols sp;
	long long item_id, reminder_id, chemuse_id, review_id, clock_id, spot_id;
	long long free_spot_id; /* spots no stop takes: lunch blocks, open slots */
	long n_routes;
};

static void sched_cols(struct sched *sc)
{
	struct gen_tab *t;
#define RESOLVE(tab, type, member, LIST) \
	do { type *c = &sc->member; t = &sc->t[tab]; LIST(GEN_COL_FIND) } while (0)
	RESOLVE(T_ROUTE, struct route_cols, rt, ROUTE_COLS);
	RESOLVE(T_APPT, struct appt_cols, ap, APPT_COLS);
	RESOLVE(T_TICKET, struct ticket_cols, tk, TICKET_COLS);
	RESOLVE(T_ITEM, struct item_cols, it, ITEM_COLS);
	RESOLVE(T_REMIND, struct remind_cols, rm, REMIND_COLS);
	RESOLVE(T_CHEMUSE, struct chemuse_cols, cu, CHEMUSE_COLS);
	RESOLVE(T_REVIEW, struct review_cols, rv, REVIEW_COLS);
	RESOLVE(T_CLOCK, struct clock_cols, tc, CLOCK_COLS);
	RESOLVE(T_SPOT, struct spot_cols, sp, SPOT_COLS);
#undef RESOLVE
}

static const char *const status_text[] = {
	"Rescheduled", "Cancelled", "Pending", "Completed", "No Show",
};

static long clamp_today(const struct gen *g, long day)
{
	return day > g->today ? g->today : day;
}

/* Writes one invoice (and its add-ons); books what is owed on the customer. */
static int write_ticket(struct sched *sc, struct gen_rng *r, long c, long sub, int svc,
                        long long appt, long day, long secs, long long tech, int active,
                        int owe_permille)
{
	struct gen *g = sc->g;
	struct gen_tab *t = &sc->t[T_TICKET], *ti = &sc->t[T_ITEM];
	const struct ticket_cols *k = &sc->tk;
	const struct gd_city *city = &gd_cities[g->cust[c].city];
	long long id = g->ticket_base + g->n_ticket;
	long charge = sub >= 0 ? g->sub[sub].charge : gd_services[svc].charge;
	long micros = gd_tax_micros(city);
	int svc_taxed = gd_service_taxed(city) && charge > 0;
	long taxable = svc_taxed ? charge : 0, sub_total = charge, tax, total, balance = 0;
	int n_items = 0;
	long pick = gen_range(r, 0, 999);

	n_items = pick < 600 ? 0 : pick < 850 ? 1 : pick < 950 ? 2 : 3;
	for (int i = 0; i < n_items; i++) {
		const struct gd_product *p = &gd_products[gen_range(r, 0, (long)gd_n_products - 1)];
		long qty = strcmp(p->category, "Materials") == 0 ? gen_range(r, 1, 6) : 1;
		int taxed = p->taxable && p->amount > 0;
		gen_row(ti);
		gen_seti(ti, sc->it.id, sc->item_id++);
		gen_seti(ti, sc->it.ticket, id);
		gen_set(ti, sc->it.desc, p->description);
		gen_seti(ti, sc->it.qty, qty);
		gen_setm(ti, sc->it.amount, p->amount);
		gen_seti(ti, sc->it.product, p->id);
		gen_seti(ti, sc->it.taxable, taxed);
		gen_seti(ti, sc->it.credit, gen_chance(r, 300) ? tech : 0);
		if (gen_insert(ti))
			return -1;
		sub_total += p->amount * qty;
		if (taxed)
			taxable += p->amount * qty;
	}
	tax = (taxable * micros + 500000) / 1000000;
	total = sub_total + tax;
	if (active == 1 && total > 0 && gen_chance(r, owe_permille)) {
		balance = gen_chance(r, 800) ? total : total / 2;
		g->cust[c].balance += balance;
		if (!g->cust[c].oldest_owed_day || day < g->cust[c].oldest_owed_day)
			g->cust[c].oldest_owed_day = (int)day;
	}

	gen_row(t);
	gen_seti(t, k->id, id);
	gen_seti(t, k->cust, g->cust_base + c);
	gen_seti(t, k->bill, g->cust_base + c);
	gen_seti(t, k->office, g->cust[c].office);
	gen_setdt(t, k->created, day, secs);
	gen_setd(t, k->invoice, day);
	if (balance == 0 && active == 1)
		gen_setdt_after(t, k->updated, clamp_today(g, day + gen_range(r, 0, 12)),
		                gen_range(r, 8 * 3600, 18 * 3600), day, secs);
	else
		gen_setdt(t, k->updated, day, secs);
	gen_seti(t, k->active, active);
	gen_setm(t, k->sub_total, sub_total);
	gen_setm(t, k->tax, tax);
	gen_setm(t, k->total, total);
	gen_setm(t, k->charge, charge);
	gen_seti(t, k->taxable, svc_taxed);
	gen_setm(t, k->production, sub_total);
	gen_setf(t, k->rate, "%ld.%06ld", micros / 1000000, micros % 1000000);
	gen_seti(t, k->appt, appt);
	gen_setm(t, k->balance, balance);
	gen_seti(t, k->sub, sub >= 0 ? g->sub_base + sub : 0);
	gen_seti(t, k->service, gd_services[svc].id);
	gen_setf(t, k->number, "%lld", id);
	gen_set(t, k->tmpl, active == -1 ? "R" : "NA");
	if (gen_chance(r, 40))
		gen_set(t, k->notes, "Thank you for your business!");
	if (gen_insert(t))
		return -1;
	g->n_ticket++;
	return 0;
}

/* Reminder sent the evening before (confirmed, ignored, or not yet sent). */
static int write_reminder(struct sched *sc, struct gen_rng *r, const struct stop *st,
                          long long appt, long day, int office)
{
	struct gen *g = sc->g;
	struct gen_tab *t = &sc->t[T_REMIND];
	const struct remind_cols *k = &sc->rm;
	struct gen_person p;
	long sent = day - 1;
	long secs = 17 * 3600 + gen_range(r, 0, 1800);
	int status;

	gen_person(g, st->cust, &p);
	if (sent > g->today)
		status = 0;
	else
		status = gen_chance(r, 80) ? -1 : gen_chance(r, 450) ? 9 : 1;
	gen_row(t);
	gen_seti(t, k->id, sc->reminder_id++);
	gen_seti(t, k->office, office);
	gen_seti(t, k->appt, appt);
	gen_setf(t, k->text, "Hi %s, this is a reminder of your %s appointment on %s "
	         "(%02ld:%02ld). Reply C to confirm.", p.fname, gd_services[st->svc].description,
	         gen_day(g, day), st->start / 3600, st->start / 60 % 60);
	gen_seti(t, k->status, status);
	gen_set(t, k->send_to, p.phone);
	gen_set(t, k->email, p.email);
	if (status == 1 || status == 9) {
		gen_setdt(t, k->sent, sent, secs);
		if (p.email[0])
			gen_setdt(t, k->email_sent, sent, secs + 2);
		if (gen_chance(r, 150)) {
			gen_setdt(t, k->voice_sent, sent, secs + 60);
			gen_set(t, k->voice, p.phone);
		}
	}
	if (status == 9) {
		long rsecs = secs + gen_range(r, 60, 3 * 3600);
		gen_set(t, k->response, "C");
		gen_setdt(t, k->rtime, sent, rsecs);
		gen_setdt(t, k->updated, sent, rsecs);
	} else if (status == 1) {
		gen_setdt(t, k->updated, sent, secs);
	} else {
		gen_setdt(t, k->updated, clamp_today(g, day - 3), 9 * 3600);
	}
	return gen_insert(t);
}

/* Everything a completed stop leaves behind: chemical use and a review. */
static int write_aftermath(struct sched *sc, struct gen_rng *r, const struct stop *st,
                           long long appt, long day, long out, int office)
{
	struct gen *g = sc->g;
	struct gen_tab *t;

	if (gen_chance(r, 500)) {
		int n = (int)gen_range(r, 1, 2);
		t = &sc->t[T_CHEMUSE];
		for (int i = 0; i < n; i++) {
			gen_row(t);
			gen_seti(t, sc->cu.id, sc->chemuse_id++);
			gen_seti(t, sc->cu.chem, gd_chemicals[gen_range(r, 0, (long)gd_n_chemicals - 1)].id);
			gen_seti(t, sc->cu.office, office);
			gen_seti(t, sc->cu.appt, appt);
			gen_seti(t, sc->cu.cust, g->cust_base + st->cust);
			gen_setdt(t, sc->cu.created, day, out);
			gen_setf(t, sc->cu.by, "%lld", st->tech);
			gen_seti(t, sc->cu.service, gd_services[st->svc].id);
			if (gen_insert(t))
				return -1;
		}
	}
	if (gen_chance(r, 70)) {
		long pick = gen_range(r, 0, 99);
		int stars = pick < 60 ? 5 : pick < 80 ? 4 : pick < 88 ? 3 : pick < 93 ? 2 : 1;
		long rday = clamp_today(g, day + gen_range(r, 0, 2));
		long rsecs = rday == day ? out + 3600 : gen_range(r, 7 * 3600, 22 * 3600);
		t = &sc->t[T_REVIEW];
		gen_row(t);
		gen_seti(t, sc->rv.id, sc->review_id++);
		gen_seti(t, sc->rv.office, office);
		gen_seti(t, sc->rv.cust, g->cust_base + st->cust);
		gen_seti(t, sc->rv.appt, appt);
		gen_setdt(t, sc->rv.date, rday, rsecs);
		gen_seti(t, sc->rv.stars, stars);
		if (stars <= 2 && gen_chance(r, 150))
			gen_set(t, sc->rv.text, "Call me at 512-555-0143 or mail me at angry.customer@example.com, the ants are back!");
		else if (gen_chance(r, 250))
			gen_set(t, sc->rv.text, "");
		else
			gen_set(t, sc->rv.text, gen_pick(r, stars >= 4 ? &gd_good_feedback : &gd_bad_feedback));
		gen_seti(t, sc->rv.favorable, stars >= 4);
		gen_setdt(t, sc->rv.updated, rday, rsecs);
		if (gen_insert(t))
			return -1;
	}
	return 0;
}

/* Sets column col to (day, secs) on the office's clock as the service's
 * own clock reads it: the specification gives timeIn and timeOut in
 * "server time, PST", where every other date is office-local, and the
 * sandbox's clock is the office's, the zone it runs in. */
static void clock_setdt(struct gen_tab *t, int col, long day, long secs)
{
	struct rd_date d;
	int s;

	date_from_days(day, &d);
	date_pacific_from_instant(date_local_instant(&d, (int)secs), &d, &s);
	gen_setdt(t, col, date_to_days(&d), s);
}

/* A technician's day on the clock: morning, unpaid lunch, afternoon; today
 * still clocked in. */
static int write_clock(struct sched *sc, struct gen_rng *r, long long tech, int office,
                       long day, long first, long last)
{
	struct gen_tab *t = &sc->t[T_CLOCK];
	long long regular = office == 1 ? 1 : 6, lunch = office == 1 ? 2 : 7;
	long in = first - gen_range(r, 10, 35) * 60, noon = 12 * 3600 + gen_range(r, -20, 30) * 60;
	long spans[3][2] = { { in, noon }, { noon, noon + 1800 }, { noon + 1800, last + gen_range(r, 10, 40) * 60 } };
	int n = day == sc->g->today ? 1 : 3;

	for (int i = 0; i < n; i++) {
		gen_row(t);
		gen_seti(t, sc->tc.id, sc->clock_id++);
		gen_seti(t, sc->tc.emp, tech);
		gen_seti(t, sc->tc.office, office);
		clock_setdt(t, sc->tc.tin, day, spans[i][0]);
		if (day != sc->g->today)
			clock_setdt(t, sc->tc.tout, day, spans[i][1]);
		gen_seti(t, sc->tc.cat, i == 1 ? lunch : regular);
		gen_seti(t, sc->tc.paid, i != 1);
		if (gen_insert(t))
			return -1;
	}
	return 0;
}

static int stop_status(struct gen_rng *r, long day, long today, int seq, int done)
{
	long p = gen_range(r, 0, 999);
	if (day < today)
		return p < 850 ? 1 : p < 900 ? 2 : p < 940 ? -1 : p < 980 ? -2 : 0;
	if (day == today) {
		if (seq <= done)
			return p < 900 ? 1 : p < 960 ? 2 : -1;
		return p < 25 ? -1 : 0;
	}
	return 0;
}

/* Next customer of the office's rotation; the other office's when empty. */
static long next_customer(struct gen *g, int office)
{
	if (g->n_pool[office] == 0)
		office = 3 - office;
	return g->pool[office][g->pool_next[office]++ % g->n_pool[office]];
}

static long first_active_sub(const struct gen *g, long c)
{
	for (long i = g->cust[c].sub0; i < g->cust[c].sub0 + g->cust[c].n_subs; i++)
		if (g->sub[i].active == 1)
			return i;
	return -1;
}

/* One spot of a route: a stop's (appt > 0), a block (block non-NULL) or an
 * open slot.  Draws nothing, so the stops' data stay as they were. */
static int write_spot(struct sched *sc, long long id, long long route_id, long day, int office,
                      long start, long dur, long long tech, int api, long long appt,
                      long long cust, const char *block, long updated_day, long updated_secs)
{
	struct gen_tab *t = &sc->t[T_SPOT];
	const struct spot_cols *s = &sc->sp;

	gen_row(t);
	gen_seti(t, s->id, id);
	gen_seti(t, s->office, office);
	gen_seti(t, s->route, route_id);
	gen_setd(t, s->date, day);
	gen_setf(t, s->start, "%02ld:%02ld:00", start / 3600, start / 60 % 60);
	gen_setf(t, s->end, "%02ld:%02ld:00", (start + dur) / 3600, (start + dur) / 60 % 60);
	gen_seti(t, s->cap, dur / 60);
	gen_set(t, s->desc, block ? block : "");
	gen_set(t, s->block, block ? block : "");
	if (appt > 0)
		gen_seti(t, s->current, appt);
	else
		gen_null(t, s->current);
	gen_seti(t, s->tech, tech);
	gen_seti(t, s->api, api);
	gen_seti(t, s->open, !block && appt <= 0);
	gen_seti(t, s->reserved, 0);
	gen_set(t, s->res_end, "0000-00-00 00:00:00");
	if (appt > 0) {
		gen_setf(t, s->appts, "[\"%lld\"]", appt);
		gen_setf(t, s->custs, "[\"%lld\"]", cust);
	} else {
		gen_set(t, s->appts, "[]");
		gen_set(t, s->custs, "[]");
	}
	gen_setdt(t, s->updated, updated_day, updated_secs);
	return gen_insert(t);
}

static int write_stops(struct sched *sc, struct gen_rng *rr, struct stop *st, int k,
                       long long route_id, long day, int office, long long route_tech, int api)
{
	struct gen *g = sc->g;
	struct gen_tab *t = &sc->t[T_APPT];
	const struct appt_cols *a = &sc->ap;

	for (int i = 0; i < k; i++) {
		struct gen_rng r;
		long long id = g->appt_base + g->n_appt;
		long added = day - gen_range(rr, 3, 45), tin = 0, tout = 0, upd_day, upd_secs, added_secs;
		int status = st[i].status;

		gen_rng_init(&r, g->seed, GK_STOP, (uint64_t)id);
		/* a subscription sold inside the window starts with this stop */
		if (st[i].sub >= 0 && !g->sub[st[i].sub].initial_appt && status >= 0 &&
		    g->sub[st[i].sub].added_day >= g->today - 60 && day >= g->sub[st[i].sub].added_day)
			g->sub[st[i].sub].initial_appt = id;
		if (added > g->today)
			added = g->today - gen_range(&r, 0, 10);
		gen_row(t);
		gen_seti(t, a->id, id);
		gen_seti(t, a->office, office);
		gen_seti(t, a->cust, g->cust_base + st[i].cust);
		gen_seti(t, a->sub, st[i].sub >= 0 ? g->sub_base + st[i].sub : -1);
		gen_seti(t, a->route, route_id);
		gen_seti(t, a->spot, sc->spot_id++);
		gen_setd(t, a->date, day);
		gen_setf(t, a->start, "%02ld:%02ld:00", st[i].start / 3600, st[i].start / 60 % 60);
		gen_setf(t, a->end, "%02ld:%02ld:00", (st[i].start + st[i].dur) / 3600,
		         (st[i].start + st[i].dur) / 60 % 60);
		gen_set(t, a->window, gen_chance(&r, 150) ? "AT" : st[i].start < 12 * 3600 ? "AM" : "PM");
		gen_seti(t, a->duration, st[i].dur / 60);
		gen_seti(t, a->type, gd_services[st[i].svc].id);
		added_secs = gen_range(&r, 8 * 3600, 17 * 3600);
		gen_setdt(t, a->added, added, added_secs);
		gen_seti(t, a->emp, gen_emp_pick(g, &r, office, 0));
		gen_seti(t, a->status, status);
		gen_set(t, a->status_text, status_text[status + 2]);
		gen_seti(t, a->call, gen_chance(&r, 80));
		gen_seti(t, a->initial, st[i].sub >= 0 && g->sub[st[i].sub].initial_appt == id);
		if (gen_chance(&r, 100))
			gen_set(t, a->office_notes, gen_pick(&r, &gd_office_notes));
		/* stops of an unassigned route name whoever worked them, if anyone */
		if (route_tech == 0)
			gen_seti(t, a->tech, status == 1 || status == 2 ? st[i].tech : 0);
		else
			gen_seti(t, a->tech, gen_chance(&r, 200) ? st[i].tech : 0);
		gen_seti(t, a->seq, i + 1);
		upd_day = added;
		upd_secs = 12 * 3600;
		if (status == 1) {
			tin = st[i].start + gen_range(&r, -15, 25) * 60;
			tout = tin + st[i].dur;
			gen_seti(t, a->by, st[i].tech);
			gen_setdt(t, a->completed, day, tout);
			gen_setdt(t, a->tin, day, tin);
			gen_setdt(t, a->tout, day, tout);
			gen_seti(t, a->ticket, g->ticket_base + g->n_ticket);
			if (gen_chance(&r, 400))
				gen_set(t, a->notes, gen_pick(&r, &gd_tech_notes));
			upd_day = day;
			upd_secs = tout;
		} else if (status == -1 || status == -2) {
			long cday = day - gen_range(&r, 0, 3);
			if (cday < added)
				cday = added;
			gen_setdt(t, a->cancelled, cday, 15 * 3600);
			upd_day = cday;
			upd_secs = 15 * 3600;
		} else if (status == 2) {
			gen_set(t, a->notes, "Customer not home, door hanger left.");
			upd_day = day;
			upd_secs = st[i].start + st[i].dur;
		}
		gen_setdt_after(t, a->updated, upd_day, upd_secs, added, added_secs);
		gen_set(t, a->appt_notes, "");
		gen_seti(t, a->cxl_by, 0);
		gen_set(t, a->cxl_reason, "");
		if (gen_insert(t))
			return -1;
		g->n_appt++;
		/* A cancelled or rescheduled stop left its spot open. */
		if (write_spot(sc, sc->spot_id - 1, route_id, day, office, st[i].start, st[i].dur,
		               route_tech, api, status >= 0 ? id : 0, g->cust_base + st[i].cust, NULL,
		               upd_day, upd_secs))
			return -1;

		if (st[i].sub >= 0) {
			struct gen_sub *s = &g->sub[st[i].sub];
			if (status == 1 && day >= s->last_done) {
				s->last_done = (int)day;
				s->last_appt = id;
			}
			if (status == 0 && day >= g->today && (!s->next_day || day < s->next_day))
				s->next_day = (int)day;
		}
		if (status == 1) {
			long owe = day >= g->today - 14 ? 350 : 80;
			if (write_ticket(sc, &r, st[i].cust, st[i].sub, st[i].svc, id, day, tout,
			                 st[i].tech, 1, (int)owe) ||
			    write_aftermath(sc, &r, &st[i], id, day, tout, office))
				return -1;
		}
		if (day >= g->today - 7 && day <= g->today + 2 && gen_chance(&r, 800) &&
		    write_reminder(sc, &r, &st[i], id, day, office))
			return -1;
	}
	return 0;
}

static const char *const group_types[] = {
	"[\"1\",\"2\",\"3\",\"6\",\"7\",\"8\",\"10\",\"11\",\"12\",\"15\",\"16\"]",
	"[\"13\",\"7\",\"11\"]",
	"[\"4\",\"5\",\"11\"]",
};

/* One route: its stops planned, then the route, then the stops written. */
static int write_route(struct sched *sc, long day, int office, int slot, int n_slots,
                       long long tech, long day_id)
{
	struct gen *g = sc->g;
	struct gen_tab *t = &sc->t[T_ROUTE];
	const struct route_cols *k = &sc->rt;
	struct gen_rng r;
	struct stop st[18];
	long long id = g->route_base + g->n_route;
	long clock, done, budget, drive, dur;
	double lat = 0, lng = 0, dist = 0;
	int kind = slot == n_slots - 1 && n_slots >= 4 ? 1 : slot == n_slots - 2 && n_slots >= 6 ? 2 : 0;
	int k_stops, group = office == 1 ? 1 + kind : 4 + (kind ? 1 : 0), api;
	long added;

	gen_rng_init(&r, g->seed, GK_ROUTE, (uint64_t)id);
	k_stops = (int)gen_range(&r, 10, 18);
	budget = 570 / k_stops;
	done = k_stops * gen_range(&r, 30, 70) / 100;
	clock = 7 * 3600 + 30 * 60 + gen_range(&r, 0, 30) * 60;
	for (int i = 0; i < k_stops; i++) {
		long c = next_customer(g, office);
		/* the deliberately awkward customers come first on today's first route */
		if (day == g->today && office == 1 && slot == 0 && i >= 1 && i <= 5 && i < g->n)
			c = i;
		st[i].cust = c;
		st[i].sub = gen_chance(&r, 40) ? -1 : first_active_sub(g, c);
		st[i].svc = st[i].sub >= 0 ? g->sub[st[i].sub].service : 10;
		/* the day must fit between 7:30 and about 17:30, drives included */
		drive = gen_range(&r, 4, 10);
		dur = gd_services[st[i].svc].length + gen_range(&r, -5, 10);
		if (dur > budget - drive)
			dur = budget - drive;
		if (dur < 10)
			dur = 10;
		st[i].start = clock;
		st[i].dur = dur * 60;
		clock += st[i].dur + drive * 60;
		st[i].status = stop_status(&r, day, g->today, i + 1, (int)done);
		st[i].tech = tech ? tech : gen_emp_pick(g, &r, office, 1);
		lat += g->cust[c].lat;
		lng += g->cust[c].lng;
		if (i > 0)
			dist += geo_miles(g->cust[st[i - 1].cust].lat, g->cust[st[i - 1].cust].lng,
			              g->cust[c].lat, g->cust[c].lng);
	}
	lat /= k_stops;
	lng /= k_stops;
	dist /= k_stops - 1;

	added = day - 21 > g->today ? g->today - gen_range(&r, 0, 5) : day - 21;
	gen_row(t);
	gen_seti(t, k->id, id);
	gen_setf(t, k->title, "%s %02d", kind == 1 ? "Commercial" : kind == 2 ? "Termite" : "Route",
	         slot + 1);
	gen_seti(t, k->tmpl, office * 100 + slot + 1);
	gen_setdt(t, k->added, added, 9 * 3600 + slot * 60);
	gen_seti(t, k->added_by, gen_emp_pick(g, &r, office, 0));
	gen_seti(t, k->office, office);
	gen_set(t, k->group_title, gd_route_groups[group - 1].name);
	gen_setd(t, k->date, day);
	gen_seti(t, k->group, group);
	if (gen_chance(&r, 150))
		gen_set(t, k->day_notes, gen_pick(&r, &gd_day_notes));
	if (gen_chance(&r, 80))
		gen_set(t, k->day_alert, gen_pick(&r, &gd_day_alerts));
	gen_seti(t, k->day_id, day_id);
	if (tech && gen_chance(&r, 50))
		gen_setf(t, k->extra, "%lld", gen_emp_pick(g, &r, office, 1));
	else
		gen_null(t, k->extra);
	gen_seti(t, k->tech, tech);
	api = kind == 0 || gen_chance(&r, 300);
	gen_seti(t, k->api, api);
	gen_set(t, k->teams, office == 1 ? (slot % 2 ? "[\"2\"]" : "[\"1\"]") : "[\"3\"]");
	gen_set(t, k->types, group_types[kind]);
	gen_setf(t, k->lat, "%.6f", lat);
	gen_setf(t, k->lng, "%.6f", lng);
	gen_setf(t, k->dist, "%.2f", dist);
	if (day < g->today)
		gen_setdt(t, k->updated, day, clock + gen_range(&r, 600, 3600));
	else
		gen_setdt(t, k->updated, clamp_today(g, day - gen_range(&r, 0, 3)), 8 * 3600);
	gen_setf(t, k->score, "%.2f", dist < 10 ? 100.0 - dist * 8 : 20.0);
	gen_seti(t, k->locked, gen_chance(&r, day < g->today ? 400 : day == g->today ? 300 : 50));
	if (gen_insert(t))
		return -1;
	g->n_route++;

	if (write_stops(sc, &r, st, k_stops, id, day, office, tech, api))
		return -1;
	/* Every route has a lunch block and two open 29-minute slots after its
	 * last stop (as live: spots on every route). */
	if (write_spot(sc, sc->free_spot_id++, id, day, office, 12 * 3600, 29 * 60, tech, api, 0, 0,
	               "Lunch", clamp_today(g, added), 9 * 3600))
		return -1;
	for (int i = 0; i < 2; i++) {
		long at = (clock / 1800 + 1 + i) * 1800;
		if (at + 29 * 60 < 24 * 3600 &&
		    write_spot(sc, sc->free_spot_id++, id, day, office, at, 29 * 60, tech, api, 0, 0,
		               NULL, clamp_today(g, added), 9 * 3600))
			return -1;
	}
	if (tech && day <= g->today)
		return write_clock(sc, &r, tech, office, day, st[0].start, clock);
	return 0;
}

/* Invoices from before the window: paid history, a few pending ones and
 * recurring templates. */
static int write_old_tickets(struct sched *sc)
{
	struct gen *g = sc->g;
	long n_old = g->n / 4 + 5;

	for (long i = 0; i < n_old; i++) {
		struct gen_rng r;
		long c, sub, day, p;
		int active;

		gen_rng_init(&r, g->seed, GK_TICKET, (uint64_t)i);
		c = gen_range(&r, 0, g->n - 1);
		if (g->cust[c].added_day > g->today - 62)
			continue;
		sub = first_active_sub(g, c);
		day = gen_range(&r, g->cust[c].added_day > g->today - 420 ? g->cust[c].added_day
		                : g->today - 420, g->today - 61);
		p = gen_range(&r, 0, 999);
		active = p < 930 ? 1 : p < 980 || sub < 0 ? 0 : -1;
		if (write_ticket(sc, &r, c, sub, sub >= 0 ? g->sub[sub].service : 10, 0, day,
		                 gen_range(&r, 9 * 3600, 17 * 3600), gen_emp_pick(g, &r, g->cust[c].office, 1),
		                 active, 30))
			return -1;
	}
	return 0;
}

int gen_schedule(struct gen *g)
{
	struct sched sc;
	int rc = -1;
	long day_id = 1000;

	memset(&sc, 0, sizeof sc);
	sc.g = g;
	for (int i = 0; i < T_N; i++)
		if (gen_tab_open(g, &sc.t[i], sched_tables[i]))
			goto out;
	sched_cols(&sc);
	g->route_base = 5000;
	g->appt_base = 10000;
	g->ticket_base = 20000;
	sc.item_id = 1;
	sc.reminder_id = 1;
	sc.chemuse_id = 1;
	sc.review_id = 1;
	sc.clock_id = 1;
	sc.spot_id = 100000;
	sc.free_spot_id = 900000;

	for (long day = g->today - 60; day <= g->today + 30; day++) {
		struct rd_date d;
		int wd;
		date_from_days(day, &d);
		wd = date_weekday(&d);
		for (int office = 1; office <= 2; office++) {
			size_t techs[32], n_techs;
			struct gen_rng r;
			int n_slots;
			if (wd == 0 || (wd == 6 && office == 2))
				continue;
			n_techs = gen_emps(g, office, 1, techs, 32);
			if (n_techs > 32)
				n_techs = 32;
			gen_rng_init(&r, g->seed, GK_DAY, (uint64_t)(day * 4 + office));
			/* now and then (and always today in office 1) an extra,
			 * unassigned route for the overflow */
			n_slots = (int)n_techs + ((day == g->today && office == 1) ||
			                          (day >= g->today && gen_chance(&r, 250)));
			for (int s = 0; s < n_slots; s++) {
				long long tech = (size_t)s < n_techs ? g->emp[techs[s]].id : 0;
				/* a technician off sick leaves his route unassigned */
				if (tech && day >= g->today - 3 && gen_chance(&r, 60))
					tech = 0;
				if (write_route(&sc, day, office, s, n_slots, tech, day_id))
					goto out;
			}
			day_id++;
		}
	}
	if (write_old_tickets(&sc))
		goto out;
	rc = 0;
out:
	for (int i = 0; i < T_N; i++)
		gen_tab_close(&sc.t[i]);
	return rc;
}

