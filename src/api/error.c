/* error.c: building, moving and naming the client library's error values. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "api/error.h"
#include "common/i18n.h"
#include "common/strbuf.h"

void api_error_set(struct api_error *e, enum api_err_kind kind, long http_status,
                   const char *server_message, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (!e)
		return;
	api_error_clear(e);
	e->kind = kind;
	e->http_status = http_status;
	e->server_message = server_message ? xstrdup(server_message) : NULL;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	e->message = strbuf_detach(&sb, NULL);
}

void api_error_clear(struct api_error *e)
{
	if (!e)
		return;
	free(e->server_message);
	free(e->message);
	e->kind = API_OK;
	e->http_status = 0;
	e->server_message = NULL;
	e->message = NULL;
	e->reached = 0;
	e->not_before = 0;
}

void api_error_move(struct api_error *dst, struct api_error *src)
{
	api_error_clear(dst);
	*dst = *src;
	src->kind = API_OK;
	src->http_status = 0;
	src->server_message = NULL;
	src->message = NULL;
	src->reached = 0;
	src->not_before = 0;
}

const char *api_error_kind_name(enum api_err_kind kind)
{
	switch (kind) {
	case API_OK: return N_("ok");
	/* TRANSLATORS: a kind of error, shown alone when a failure has no message. */
	case API_ERR_NETWORK: return N_("network");
	case API_ERR_HTTP: return N_("HTTP");
	case API_ERR_API: return N_("API");
	case API_ERR_DECODE: return N_("decode");
	case API_ERR_QUOTA: return N_("quota");
	case API_ERR_USAGE: return N_("usage");
	case API_ERR_UNKNOWN_OUTCOME: return N_("unknown outcome");
	case API_ERR_CANCELLED: return N_("cancelled");
	}
	return N_("unknown");
}

const char *api_error_text(const struct api_error *e)
{
	if (e->message && *e->message)
		return e->message;
	if (e->server_message && *e->server_message)
		return e->server_message;
	return _(api_error_kind_name(e->kind));
}

/* As api_redact_text; with cut_heads, a credential's head that "..."
 * follows goes too (see redact_string). */
static void redact(struct strbuf *out, const char *s, const char *key, const char *token,
                   int cut_heads)
{
	const char *cred[2] = { key, token };
	size_t len[2];

	for (int k = 0; k < 2; k++) {
		len[k] = cred[k] ? strlen(cred[k]) : 0;
		if (len[k] < API_MIN_SECRET)
			len[k] = 0;
	}
	/* The longer tried first: with the key a prefix of the token, the
	 * key's match would leave the token's tail in the text. */
	if (len[1] > len[0]) {
		const char *c = cred[0];
		size_t n = len[0];

		cred[0] = cred[1];
		len[0] = len[1];
		cred[1] = c;
		len[1] = n;
	}
	for (const char *start = s; *s;) {
		int k = len[0] && strncmp(s, cred[0], len[0]) == 0   ? 0
		        : len[1] && strncmp(s, cred[1], len[1]) == 0 ? 1
		                                                     : -1;
		size_t skip = k < 0 ? 0 : len[k];

		/* A head only where a word starts: "Loading..." keeps its g
		 * whatever the token's first letter. */
		int word = s == start || !isalnum((unsigned char)s[-1]);

		for (int j = 0; cut_heads && word && k < 0 && j < 2; j++) {
			size_t m = 0;

			while (len[j] && m < len[j] && s[m] == cred[j][m])
				m++;
			if (m && m < len[j] && strncmp(s + m, "...", 3) == 0) {
				k = j;
				skip = m;
			}
		}
		if (k < 0) {
			strbuf_addc(out, *s++);
		} else {
			strbuf_adds(out, API_REDACTED);
			s += skip;
		}
	}
}

void api_redact_text(struct strbuf *out, const char *s, const char *key, const char *token)
{
	redact(out, s, key, token, 0);
}

/* s redacted in place (a malloc'd string or NULL).  A message may quote
 * an answer cut short ("token=0123456789..." of an unreadable answer,
 * envelope.c), the cut inside a credential: its head goes too, the
 * ellipsis stays.  Not in records' text, where "..." is only text. */
static void redact_string(char **s, const char *key, const char *token)
{
	struct strbuf sb = STRBUF_INIT;

	if (!*s)
		return;
	redact(&sb, *s, key, token, 1);
	if (strcmp(strbuf_str(&sb), *s) == 0) {
		strbuf_free(&sb);
		return;
	}
	free(*s);
	*s = strbuf_detach(&sb, NULL);
}

void api_error_redact(struct api_error *e, const char *key, const char *token)
{
	if (!e)
		return;
	redact_string(&e->server_message, key, token);
	redact_string(&e->message, key, token);
}
