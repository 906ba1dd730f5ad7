/* notify_fixtures.c: rows of a day's review, built by hand for the notification tests. */
#include "config.h"

#include <stdio.h>

#include "common/strbuf.h"
#include "notify_fixtures.h"

void put_route(struct m_review *rv, long long id, const char *title, long long tech)
{
	struct m_route *r = xcalloc(1, sizeof(*r));

	r->id = id;
	r->title = xstrdup(title);
	r->group_title = xstrdup("");
	r->tech_id = tech;
	snprintf(r->date, sizeof(r->date), "%s", rv->date);
	m_table_put(rv->routes, r);
}

void put_stop(struct m_review *rv, long long id, long long route, long long customer,
                     int status, int sequence, const char *date, const char *start)
{
	struct m_appt *a = xcalloc(1, sizeof(*a));

	a->id = id;
	a->route_id = route;
	a->customer_id = customer;
	a->status = status;
	a->sequence = sequence;
	snprintf(a->date, sizeof(a->date), "%s", date ? date : rv->date);
	snprintf(a->start, sizeof(a->start), "%s", start);
	m_table_put(rv->appts, a);
}

void put_customer(struct m_review *rv, long long id, const char *fname,
                         const char *lname, const char *company, int commercial)
{
	struct m_customer *c = xcalloc(1, sizeof(*c));

	c->id = id;
	c->fname = xstrdup(fname);
	c->lname = xstrdup(lname);
	c->company = xstrdup(company);
	c->commercial = commercial;
	m_table_put(rv->customers, c);
}

void put_employee(struct m_table *t, long long id, const char *fname, const char *lname)
{
	struct m_employee *e = xcalloc(1, sizeof(*e));

	e->id = id;
	e->fname = xstrdup(fname);
	e->lname = xstrdup(lname);
	e->initials = xstrdup("");
	e->type = 1;
	m_table_put(t, e);
}
