/* error.h: failures of the client library as values (kind, status, messages). */
#ifndef ROUTEDESK_API_ERROR_H
#define ROUTEDESK_API_ERROR_H

/*
 * Every api_* function that can fail fills a struct api_error instead of
 * printing or exiting: the console shows the message in its status line,
 * `routedesk api` maps the kind to an exit code.  The kind says what a
 * caller may do next: a network or HTTP failure of a read was already
 * retried; an unknown outcome is a write that may have been applied and
 * must not be sent again blindly.
 */
enum api_err_kind {
	API_OK = 0,
	API_ERR_NETWORK,         /* no answer: connect, TLS, timeout, reset */
	API_ERR_HTTP,            /* an HTTP status with no usable envelope */
	API_ERR_API,             /* success:false (errorMessage in server_message) */
	API_ERR_DECODE,          /* an answer that is not the expected envelope */
	API_ERR_QUOTA,           /* over the read or write quota (server or budget) */
	API_ERR_USAGE,           /* the caller asked for something impossible */
	API_ERR_UNKNOWN_OUTCOME, /* a write failed after it may have reached the server */
	API_ERR_CANCELLED,       /* the caller's cancel flag stopped a read */
};

struct api_error {
	enum api_err_kind kind;
	long http_status;     /* 0 when no HTTP answer arrived */
	char *server_message; /* the server's errorMessage, malloc'd, or NULL */
	char *message;        /* one line for a dispatcher, malloc'd, or NULL */
	/* API_ERR_NETWORK only: 1 when a server took the connection and then
	 * sent nothing before the stall limit (up but silent, or slow), 0 when
	 * none could be reached at all.  Set by the caller after
	 * api_error_set, which clears it. */
	int reached;
	/* API_ERR_QUOTA refused by the session itself, unsent, for a day's
	 * budget spent as last reported: the instant (seconds since 1970)
	 * from which it sends a call again to ask the service; else 0.  Set
	 * after api_error_set, which clears it. */
	long long not_before;
};

#define API_ERROR_INIT { API_OK, 0, NULL, NULL, 0, 0 }

/* Replaces e's content.  server_message may be NULL; it is copied.  The
 * message is formatted from fmt; it must never contain a credential. */
void api_error_set(struct api_error *e, enum api_err_kind kind, long http_status,
                   const char *server_message, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Frees the strings and resets e to API_OK.  e may be NULL. */
void api_error_clear(struct api_error *e);
/* Moves src into dst (dst cleared first); src is left API_OK. */
void api_error_move(struct api_error *dst, struct api_error *src);
/* "network", "HTTP", "API", "decode", "quota", "usage", "unknown outcome",
 * "cancelled"
 * ("ok" for API_OK).  Static string. */
const char *api_error_kind_name(enum api_err_kind kind);
/* Never NULL: e->message, else the server message, else the kind's name. */
const char *api_error_text(const struct api_error *e);

/* The text that replaces a credential. */
#define API_REDACTED "REDACTED"
/* Credentials shorter than this are not searched for inside other text:
 * a one-letter test token would turn every message into noise, and real
 * keys are long. */
#define API_MIN_SECRET 4
struct strbuf;
/* Appends s to out with every occurrence of key and token (each when at
 * least 4 bytes long) replaced by API_REDACTED. */
void api_redact_text(struct strbuf *out, const char *s, const char *key, const char *token);
/* The same in e's messages: the service's errorMessage may quote what it
 * was sent, and the console shows it, notifies it and logs it; there a
 * head of either that "..." follows (a quote cut inside it) goes too.  The
 * transport calls it on every error it ends a call with. */
void api_error_redact(struct api_error *e, const char *key, const char *token);

#endif
