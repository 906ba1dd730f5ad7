/* detail_summary.h: a customer as a dispatcher reads it, from its by-id record and its tickets; no curses. */
#ifndef ROUTEDESK_DETAIL_SUMMARY_H
#define ROUTEDESK_DETAIL_SUMMARY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "ui/base/view.h"

/*
 * The customer detail opens on these lines, not on the record's hundred
 * members: who (name, company), where (address), how to reach them
 * (phones, email), what they owe and for how long, the red notes, the
 * open tickets, the subscriptions and the next service.  The raw record
 * is one key away (view_detail.c).  Everything comes from one by-id read
 * with includeSubscriptions and one get of the customer's tickets; the
 * lines are built by this pure function so the unit tests read them.
 */

/* Where Enter on a line goes. */
enum ds_link { DS_NONE, DS_SUBSCRIPTIONS, DS_TICKETS, DS_NOTES };

struct ds_line {
	const char *label;      /* N_(), translated when drawn */
	char *value;            /* owned, already translated */
	enum view_style style;  /* VS_ALERT for red notes and money owed ... */
	enum ds_link link;
};

/* A ticket as the summary needs it (from the get of the ticketIDs). */
struct ds_ticket {
	long long id;
	long long balance;      /* cents */
	char date[11];          /* invoice date, "" unknown */
};

/* The lines of customer rec (NULL: none).  tickets[0..n_tickets) are its
 * tickets when tickets_known is 1; 0: the line says they are loading, -1:
 * that their read failed (never a guess at what is open).  The
 * array (malloc'd) goes to *out; returns its length.  Free with
 * detail_summary_free. */
size_t detail_summary(const cJSON *rec, const struct ds_ticket *tickets, size_t n_tickets,
                      int tickets_known, struct ds_line **out);
void detail_summary_free(struct ds_line *lines, size_t n);

#endif
