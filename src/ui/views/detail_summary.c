/* detail_summary.c: a customer as a dispatcher reads it, from its by-id record and its tickets; no curses. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/strbuf.h"
#include "ui/views/detail_summary.h"
#include "ui/views/view_common.h"

struct lines {
	struct ds_line *v;
	size_t n;
};

static void add(struct lines *l, const char *label, struct strbuf *value, enum view_style style,
                enum ds_link link)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n].label = label;
	l->v[l->n].value = xstrdup(strbuf_str(value));
	l->v[l->n].style = style;
	l->v[l->n].link = link;
	l->n++;
	strbuf_reset(value);
}

/* A text member when present, not empty and not a zero date, else NULL. */
static const char *text_of(const cJSON *rec, const char *name)
{
	const char *t = NULL;

	if (!rec || api_field_text(rec, name, &t) != API_V_OK || !t || !*t ||
	    strncmp(t, "0000-00-00", 10) == 0)
		return NULL;
	return t;
}

/* Appends s after sep when out already holds something. */
static void join(struct strbuf *out, const char *sep, const char *s)
{
	if (!s)
		return;
	if (out->len)
		strbuf_adds(out, sep);
	strbuf_adds(out, s);
}

/* A money text ("899.78") as cents; 0 when it is not one. */
static long long cents_of(const char *t)
{
	double d;
	char *end;

	if (!t)
		return 0;
	d = strtod(t, &end);
	if (end == t)
		return 0;
	return (long long)(d * 100 + (d < 0 ? -0.5 : 0.5));
}

static void who(struct lines *l, const cJSON *rec, struct strbuf *sb)
{
	const char *fname = text_of(rec, "fname"), *lname = text_of(rec, "lname");
	const char *company = text_of(rec, "companyName"), *status = text_of(rec, "statusText");
	long long pending = 0, code = 0;

	join(sb, "", lname);
	join(sb, ", ", fname);
	if (sb->len)
		add(l, N_("Name"), sb, VS_NORMAL, DS_NONE);
	if (company) {
		strbuf_adds(sb, company);
		add(l, N_("Company"), sb, VS_NORMAL, DS_NONE);
	}
	/* The list's word for the status code, in the console's language:
	 * statusText is the service's English ("Active"), which sat beside
	 * "activo" on the list.  Only without a code does it show (the raw
	 * record, v, shows both). */
	if (api_field_int(rec, "status", &code) == API_V_OK)
		join(sb, "", vc_customer_status(code));
	else
		join(sb, "", status);
	if (api_field_int(rec, "pendingCancel", &pending) == API_V_OK && pending > 0)
		join(sb, ", ", _("cancellation pending"));
	if (sb->len)
		add(l, N_("Status"), sb, pending > 0 ? VS_ALERT : VS_NORMAL, DS_NONE);
}

static void where(struct lines *l, const cJSON *rec, struct strbuf *sb)
{
	struct strbuf town = STRBUF_INIT;
	const char *ext;

	join(&town, "", text_of(rec, "city"));
	join(&town, " ", text_of(rec, "state"));
	join(&town, " ", text_of(rec, "zip"));
	join(sb, "", text_of(rec, "address"));
	join(sb, ", ", town.len ? strbuf_str(&town) : NULL);
	strbuf_free(&town);
	if (sb->len)
		add(l, N_("Address"), sb, VS_NORMAL, DS_NONE);
	if (text_of(rec, "phone1")) {
		strbuf_adds(sb, text_of(rec, "phone1"));
		if ((ext = text_of(rec, "ext1")) != NULL)
			strbuf_addf(sb, " %s %s", _("ext."), ext);
		add(l, N_("Phone"), sb, VS_NORMAL, DS_NONE);
	}
	if (text_of(rec, "phone2")) {
		strbuf_adds(sb, text_of(rec, "phone2"));
		if ((ext = text_of(rec, "ext2")) != NULL)
			strbuf_addf(sb, " %s %s", _("ext."), ext);
		add(l, N_("Phone 2"), sb, VS_NORMAL, DS_NONE);
	}
	if (text_of(rec, "email")) {
		strbuf_adds(sb, text_of(rec, "email"));
		add(l, N_("Email"), sb, VS_NORMAL, DS_NONE);
	}
}

static void owes(struct lines *l, const cJSON *rec, const struct ds_ticket *t, size_t n,
                 int known, struct strbuf *sb)
{
	long long balance = cents_of(text_of(rec, "balance")), age = 0, open = 0, owed = 0;
	long long *ids = NULL;
	size_t n_ids = 0, shown = 0;
	enum view_style style = VS_NORMAL;

	vc_money_due(sb, balance, &style);
	if (balance > 0 && api_field_int(rec, "balanceAge", &age) == API_V_OK && age > 0) {
		strbuf_adds(sb, " (");
		strbuf_addf(sb, ngettext("%d day", "%d days", (unsigned long)age), (int)age);
		strbuf_addc(sb, ')');
	}
	add(l, N_("Balance"), sb, style, DS_NONE);
	if (text_of(rec, "notes")) {
		strbuf_adds(sb, text_of(rec, "notes"));
		add(l, N_("Red notes"), sb, VS_ALERT, DS_NONE);
	}
	api_field_ids(rec, "ticketIDs", &ids, &n_ids);
	free(ids);
	style = VS_NORMAL;
	if (n_ids == 0) {
		strbuf_adds(sb, _("none"));
	} else if (known < 0) {
		strbuf_addf(sb, ngettext("%zu ticket, not read (r tries again)",
		                         "%zu tickets, not read (r tries again)", n_ids), n_ids);
		style = VS_ALERT;
	} else if (!known) {
		strbuf_addf(sb, ngettext("%zu ticket, loading", "%zu tickets, loading", n_ids), n_ids);
		style = VS_LOADING;
	} else {
		for (size_t i = 0; i < n; i++)
			if (t[i].balance > 0) {
				open++;
				owed += t[i].balance;
			}
		if (open == 0) {
			strbuf_addf(sb, _("none open of %zu"), n_ids);
		} else {
			/* A count: "1 abierta", never "1 abiertas". */
			strbuf_addf(sb, ngettext("%lld open, ", "%lld open, ", (unsigned long)open),
			            open);
			vc_money_due(sb, owed, &style);
			/* The oldest first: the one a caller asks about. */
			for (size_t i = 0; i < n && shown < 3; i++) {
				if (t[i].balance <= 0)
					continue;
				strbuf_addf(sb, "%s #%lld", shown ? "," : ":", t[i].id);
				if (t[i].date[0])
					strbuf_addf(sb, " %s", t[i].date);
				shown++;
			}
			if ((long long)shown < open)
				strbuf_adds(sb, view_ascii ? ", ..." : ", \xe2\x80\xa6");
		}
	}
	add(l, N_("Open tickets"), sb, style, DS_TICKETS);
}

/* The subscriptions' line, and the next service of the active ones. */
static void service(struct lines *l, const cJSON *rec, struct strbuf *sb)
{
	const cJSON *subs = cJSON_GetObjectItemCaseSensitive(rec, "subscriptions"), *s;
	const char *next = NULL, *next_type = NULL;
	long long *ids = NULL, active, inactive = 0;
	size_t n_ids = 0;

	api_field_ids(rec, "subscriptionIDs", &ids, &n_ids);
	free(ids);
	if (!cJSON_IsArray(subs)) {
		if (n_ids)
			strbuf_addf(sb, "%zu", n_ids);
		else
			strbuf_adds(sb, _("none"));
		add(l, N_("Subscriptions"), sb, VS_NORMAL, DS_SUBSCRIPTIONS);
		return;
	}
	cJSON_ArrayForEach(s, subs) {
		const char *type = text_of(s, "serviceType"), *when = text_of(s, "nextService");

		if (api_field_int(s, "active", &active) != API_V_OK || active != 1) {
			inactive++;
			continue;
		}
		join(sb, ", ", type ? type : "?");
		if (when && (!next || strcmp(when, next) < 0)) {
			next = when;
			next_type = type;
		}
	}
	if (!sb->len)
		strbuf_adds(sb, _("none active"));
	if (inactive)
		strbuf_addf(sb, ngettext(" (+%lld inactive)", " (+%lld inactive)",
		                         (unsigned long)inactive), inactive);
	add(l, N_("Subscriptions"), sb, VS_NORMAL, DS_SUBSCRIPTIONS);
	if (next) {
		vc_date(sb, next);
		if (next_type)
			strbuf_addf(sb, " %s %s", vc_dot(), next_type);
	} else {
		strbuf_adds(sb, _("none scheduled"));
	}
	add(l, N_("Next service"), sb, VS_NORMAL, DS_NONE);
}

size_t detail_summary(const cJSON *rec, const struct ds_ticket *tickets, size_t n_tickets,
                      int tickets_known, struct ds_line **out)
{
	struct lines l = { NULL, 0 };
	struct strbuf sb = STRBUF_INIT;

	*out = NULL;
	if (!cJSON_IsObject(rec))
		return 0;
	who(&l, rec, &sb);
	where(&l, rec, &sb);
	owes(&l, rec, tickets, n_tickets, tickets_known, &sb);
	service(&l, rec, &sb);
	strbuf_adds(&sb, _("Enter lists them"));
	add(&l, N_("Notes"), &sb, VS_NORMAL, DS_NOTES);
	strbuf_free(&sb);
	*out = l.v;
	return l.n;
}

void detail_summary_free(struct ds_line *lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i].value);
	free(lines);
}
