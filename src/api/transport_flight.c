/* transport_flight.c: a read another process of the share is sending already: wait for its answer. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/transport.h"
#include "api/transport_int.h"
#include "common/trace.h"

/* How often a waiting read asks again whether the answer came: the owner
 * releases its lock the moment it has written the answer. */
#define FLIGHT_POLL_MS 50

/* The call's handle back to its owner: with the answer to share when the
 * call ended well, else nothing (waiters then send it themselves). */
void transport_flight_end(struct api_session *s, struct api_call *c)
{
	void *fl = c->flight;

	if (!fl)
		return;
	c->flight = NULL;
	if (c->state == CS_DONE && c->err.kind == API_OK && c->body.len)
		s->o.flight_end(s->o.flight_ctx, fl, c->body.buf, c->body.len);
	else
		s->o.flight_end(s->o.flight_ctx, fl, NULL, 0);
}

/* The answer another process received, as if this call had: parsed the
 * same way, its usage learnt, a "shared" trace line instead of a request. */
static int take_answer(struct api_session *s, struct api_call *c, long now)
{
	struct api_error err = API_ERROR_INIT;

	api_answer_free(&c->answer);
	if (api_envelope_parse_raw(c->body.buf, c->body.len, 200, c->raw, &c->answer, &err) < 0) {
		/* Not what the owner meant to share: ask the service. */
		api_answer_free(&c->answer);
		api_error_clear(&err);
		strbuf_reset(&c->body);
		return -1;
	}
	c->status = 200;
	/* An answer waited for is as new as one received; one the hook had
	 * kept (fetch/recent.c, asked without a wait) is seconds old, and its
	 * usage would set the budget and the pacer back. */
	if (c->flight_since)
		transport_learn_usage(s, &c->answer, now);
	(void)api_answer_check(&c->answer, &err);
	api_error_redact(&err, s->key, s->token);
	api_error_move(&c->err, &err);
	trace_event("shared", "/%s %zu %ld", c->path, c->body.len,
	            c->flight_since ? now - c->flight_since : 0);
	return 0;
}

int transport_flight(struct api_session *s, struct api_call *c, long now, long *wake,
                     struct api_wait *w)
{
	int r;

	if (c->is_write || !s->o.flight_ask || c->flight_off)
		return 0;
	/* The one in flight keeps its lock through its retries. */
	if (c->flight && !c->flight_since)
		return 0;
	if (c->flight_since && now < c->flight_next) {
		if (c->flight_next < *wake)
			*wake = c->flight_next;
		transport_note_wait(w, API_WAIT_FLIGHT, c->flight_since + s->o.flight_wait_ms, 0);
		return 1;
	}
	strbuf_reset(&c->body);
	r = s->o.flight_ask(s->o.flight_ctx, c->path, &c->form, &c->flight, &c->body);
	if (r == API_FLIGHT_ANSWER) {
		transport_flight_end(s, c); /* a handle left by a careless hook */
		if (take_answer(s, c, now) == 0) {
			transport_unlink(&s->queued, c);
			transport_finish(s, c);
			return 1;
		}
		c->flight_off = 1;
		return 0;
	}
	if (r == API_FLIGHT_WAIT && c->flight) {
		if (!c->flight_since) {
			c->flight_since = now;
			trace_event("flight", "/%s wait", c->path);
		}
		/* Bounded: an owner that hangs (a stalled transfer, a stopped
		 * process) costs this read its sharing, not its answer. */
		if (now - c->flight_since < s->o.flight_wait_ms) {
			c->flight_next = now + FLIGHT_POLL_MS;
			if (c->flight_next < *wake)
				*wake = c->flight_next;
			transport_note_wait(w, API_WAIT_FLIGHT, c->flight_since + s->o.flight_wait_ms, 0);
			return 1;
		}
		trace_event("flight", "/%s gave up after %ld ms", c->path, now - c->flight_since);
		transport_flight_end(s, c);
		c->flight_off = 1;
		return 0;
	}
	/* API_FLIGHT_SEND: this call is the one in flight (c->flight), or
	 * the read is not shared (NULL). */
	c->flight_since = 0;
	if (!c->flight)
		c->flight_off = 1;
	return 0;
}
