/* transport_int.h: what the session's files share: transport.c (the session and its loop), transport_attempt.c (one attempt) and transport_flight.c (a read another process sends). */
#ifndef ROUTEDESK_API_TRANSPORT_INT_H
#define ROUTEDESK_API_TRANSPORT_INT_H

#include <curl/curl.h>

#include "api/transport.h"

/* The states of the diagram in transport.h, by their short names here. */
enum {
	CS_NEW = API_CALL_NEW,
	CS_QUEUED = API_CALL_QUEUED,
	CS_RUNNING = API_CALL_RUNNING,
	CS_DONE = API_CALL_DONE,
};

struct api_session {
	struct api_options o;
	char *url, *key, *token;
	CURLM *multi;
	struct api_call *queued;  /* waiting to start (FIFO) */
	struct api_call *running; /* in the multi handle */
	int n_running;
	struct api_call *done;    /* finished, not yet returned (FIFO) */
	size_t outstanding;
	unsigned long finished;    /* calls moved to done so far (see drive) */
	int probed;                /* an attempt has ended: the budget may be known */
	int n_probes;              /* running attempts started while !probed */
	struct api_pacer pacer[2]; /* [0] reads, [1] writes */
	struct api_budget budget;
	long budget_day;           /* local day of the usage report */
	long budget_at;            /* transport_now of the usage report */
	long requests;
	unsigned long rng;
	struct api_wait wait;      /* what the last turn found nothing moving for */
};

/* transport.c: the session's clock, random source and lists. */
long transport_now(const struct api_session *s);
unsigned long transport_random(struct api_session *s);
void transport_release(struct api_call *c);
void transport_append(struct api_call **list, struct api_call *c);
void transport_finish(struct api_session *s, struct api_call *c);
int transport_cancelled(const struct api_session *s, const struct api_call *c);
long transport_local_day(void);
void transport_unlink(struct api_call **list, struct api_call *c);
/* Takes the running call c off the running list and its counts. */
void transport_unrun(struct api_session *s, struct api_call *c);
/* Lowers *w to the earliest wait seen (until), noting its kind. */
void transport_note_wait(struct api_wait *w, enum api_wait_kind kind, long until, int is_write);

/* transport_attempt.c: one attempt, from its start to what its end means. */
int transport_start(struct api_session *s, struct api_call *c, long now);
void transport_report(struct api_session *s, struct api_call *c, long status, long ms,
                      const char *error);
void transport_cut_off(struct api_call *c, int sent, struct api_error *err);
void transport_end_attempt(struct api_session *s, struct api_call *c, CURLcode rc);
/* The service's usage counters of an answer: the budget, the pacers. */
void transport_learn_usage(struct api_session *s, const struct api_answer *a, long now);

/* transport_flight.c: reads another process of the share sends already. */
/* 1 when the queued read c is taken care of (waiting for another
 * process's answer, or finished with it), 0 when it is to be sent. */
int transport_flight(struct api_session *s, struct api_call *c, long now, long *wake,
                     struct api_wait *w);
/* Ends c's flight handle, sharing its answer when it ended well. */
void transport_flight_end(struct api_session *s, struct api_call *c);

#endif
