/* activity.h: the session's writes: the :log view and the summary printed on exit. */
#ifndef ROUTEDESK_UI_ACTIVITY_H
#define ROUTEDESK_UI_ACTIVITY_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

struct strbuf;
struct view;

/*
 * Every write a form sends is one entry, added when `y` hands it to the
 * fetch thread and updated when its answer (or a check of an unknown
 * outcome) arrives.  The dispatcher reads it in `:log`; at exit one line
 * per write goes to stdout, so what was written (and what may not have
 * been) is on record after the screen is gone.
 */
enum activity_state {
	AL_SENDING,      /* handed to the fetch thread, no answer yet */
	AL_OK,           /* applied; id is the record written */
	AL_REFUSED,      /* not applied: message is the server's (or why) */
	AL_NOT_SENT,     /* never left the machine (no connection made) */
	AL_UNSURE,       /* an HTTP error without the service's envelope: not
	                  * sent, or refused before it was applied */
	AL_UNKNOWN,      /* the answer was lost: may or may not be applied */
	AL_CHECKING,     /* reading the record back */
	AL_APPLIED,      /* a check found it applied */
	AL_NOT_APPLIED,  /* a check found it not applied */
};

struct activity_entry {
	time_t when;
	char *op;          /* "note/create" */
	char *record;      /* what it is about: "customer 10012" (translated) */
	enum activity_state state;
	long long id;      /* the id written (note, item, subscription), 0 if none */
	char *message;     /* the error or remark, or NULL */
	char *about_resource; /* the record Enter opens in :log ("customer"), or NULL */
	long long about_id;
};

struct activity {
	struct activity_entry *v;
	size_t n;
};

#define ACTIVITY_INIT { NULL, 0 }

void activity_free(struct activity *a);
/* Appends an entry in AL_SENDING; returns its index. op and record copied. */
size_t activity_add(struct activity *a, time_t when, const char *op, const char *record);
/* The record entry i is about, which Enter on it in :log opens (a note's
 * customer, a stop, a ticket); ignored when out of range or id <= 0. */
void activity_set_about(struct activity *a, size_t i, const char *resource, long long id);
/* Updates entry i (ignored when out of range); message copied (NULL clears). */
void activity_update(struct activity *a, size_t i, enum activity_state state, long long id,
                     const char *message);
/* The outcome in words: "ok, id 50231", "refused: ...", "UNKNOWN: ..." */
void activity_outcome(const struct activity_entry *e, struct strbuf *out);
/* One line: "HH:MM:SS note/create customer 10012: ok, id 50231" (local time). */
void activity_line(const struct activity_entry *e, struct strbuf *out);
/* One line per write onto out; nothing when there were none.  Returns how
 * many entries are not known to be settled (sending, unknown, checking). */
size_t activity_summary(const struct activity *a, FILE *out);

/* The :log view over a (borrowed: a must outlive the view). */
struct view *activity_view_new(struct activity *a);

#endif
