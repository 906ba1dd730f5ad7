/* notify_fixtures.h: rows of a day's review, built by hand for the notification tests. */
#ifndef ROUTEDESK_TEST_NOTIFY_FIXTURES_H
#define ROUTEDESK_TEST_NOTIFY_FIXTURES_H

#include "model/model.h"

/*
 * test_notify_events (the model diff) and test_alerts (the refresh diff)
 * both compare two looks at a day; these put the rows they are made of
 * into a review (or an employee table), allocated as the model frees them.
 * Strings are copied; unset fields are zero or "".
 */

/* A route of rv's date, tech 0 for nobody, in group "". */
void put_route(struct m_review *rv, long long id, const char *title, long long tech);
/* A stop of route (which may have no route row), on date (NULL: rv's
 * date), starting at start ("" for none). */
void put_stop(struct m_review *rv, long long id, long long route, long long customer,
              int status, int sequence, const char *date, const char *start);
void put_customer(struct m_review *rv, long long id, const char *fname, const char *lname,
                  const char *company, int commercial);
/* A technician (type 1) without initials. */
void put_employee(struct m_table *t, long long id, const char *fname, const char *lname);

#endif
