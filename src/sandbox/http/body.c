/* body.c: a request's parameters as they arrive: the query string, urlencoded forms split as PHP does, multipart values and the upload. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <microhttpd.h>

#include "common/strbuf.h"
#include "sandbox/http/body.h"
#include "sandbox/http/http.h"

static void
add_pair(struct request *rq, const char *name, size_t name_len,
         const char *value, size_t value_len)
{
	struct sb_pair *p;

	if (rq->n_pairs == rq->cap_pairs) {
		rq->cap_pairs = rq->cap_pairs ? rq->cap_pairs * 2 : 16;
		rq->pairs = xrealloc(rq->pairs, rq->cap_pairs * sizeof(*rq->pairs));
	}
	p = &rq->pairs[rq->n_pairs++];
	p->name = xstrndup(name, name_len);
	p->name_nul = memchr(name, '\0', name_len) != NULL;
	p->value = xmalloc(value_len + 1);
	if (value_len)
		memcpy(p->value, value, value_len);
	p->value[value_len] = '\0';
	p->len = value_len;
}

static void
append_to_last_pair(struct request *rq, const char *data, size_t len)
{
	struct sb_pair *p = &rq->pairs[rq->n_pairs - 1];

	p->value = xrealloc(p->value, p->len + len + 1);
	memcpy(p->value + p->len, data, len);
	p->len += len;
	p->value[p->len] = '\0';
}

void
body_free(struct request *rq)
{
	size_t i;

	if (!rq)
		return;
	free(rq->path);
	if (rq->pp)
		MHD_destroy_post_processor(rq->pp);
	for (i = 0; i < rq->n_pairs; i++) {
		free(rq->pairs[i].name);
		free(rq->pairs[i].value);
	}
	free(rq->pairs);
	strbuf_free(&rq->raw);
	free(rq->upload.filename);
	strbuf_free(&rq->upload_data);
	free(rq);
}

enum MHD_Result
body_on_query_arg(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
             const char *value, size_t value_size)
{
	(void)kind;
	/* "?flag" without "=" has a NULL value: the service sees "". */
	add_pair(cls, key, key_size, value ? value : "", value ? value_size : 0);
	return MHD_YES;
}

enum MHD_Result
body_on_post_value(void *cls, enum MHD_ValueKind kind, const char *key,
              const char *filename, const char *content_type,
              const char *transfer_encoding, const char *data, uint64_t off,
              size_t size)
{
	struct request *rq = cls;

	(void)kind;
	(void)content_type;
	(void)transfer_encoding;
	if (off == 0) {
		/* A new value: whatever was arriving before is complete. */
		rq->pair_open = 0;
		rq->upload_open = 0;
	}
	if (filename) {
		/* Only the first file part named uploadFile is kept; other files
		 * are not parameters of any operation. */
		if (off == 0 && strcmp(key, "uploadFile") == 0 && !rq->upload.present) {
			rq->upload.present = 1;
			rq->upload.filename = xstrdup(filename);
			rq->upload_open = 1;
		}
		if (rq->upload_open && size)
			strbuf_add(&rq->upload_data, data, size);
		return MHD_YES;
	}
	if (off == 0 || !rq->pair_open) {
		add_pair(rq, key, strlen(key), data ? data : "", data ? size : 0);
		rq->pair_open = 1;
	} else if (size) {
		append_to_last_pair(rq, data, size);
	}
	return MHD_YES;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decodes "%XX" escapes in place (a malformed one stays as it is), "+" as
 * a space when plus is set; returns the new length. */
static size_t
unescape(char *s, size_t len, int plus)
{
	size_t i, o = 0;

	for (i = 0; i < len; i++) {
		if (plus && s[i] == '+') {
			s[o++] = ' ';
		} else if (s[i] == '%' && i + 2 < len && hexval((unsigned char)s[i + 1]) >= 0 &&
		           hexval((unsigned char)s[i + 2]) >= 0) {
			s[o++] = (char)(hexval((unsigned char)s[i + 1]) * 16 + hexval((unsigned char)s[i + 2]));
			i += 2;
		} else {
			s[o++] = s[i];
		}
	}
	return o;
}

size_t
body_form_unescape(char *s, size_t len)
{
	return unescape(s, len, 1);
}

size_t
body_path_unescape(char *s, size_t len)
{
	return unescape(s, len, 0);
}

/* Splits a urlencoded body as PHP does: pairs at "&", the name at the
 * first "=" (so a value may hold "=" and quotes unescaped, as hand-written
 * query objects do; MHD's post processor refuses those), "+" and "%XX"
 * decoded, a malformed escape kept as it is. */
void
body_parse_form(struct request *rq)
{
	char *s = rq->raw.buf, *end, *amp, *eq;
	size_t nlen, vlen;

	if (!s)
		return;
	end = s + rq->raw.len;
	while (s < end) {
		amp = memchr(s, '&', (size_t)(end - s));
		if (!amp)
			amp = end;
		if (amp > s) {
			eq = memchr(s, '=', (size_t)(amp - s));
			if (eq) {
				nlen = body_form_unescape(s, (size_t)(eq - s));
				vlen = body_form_unescape(eq + 1, (size_t)(amp - eq - 1));
				add_pair(rq, s, nlen, eq + 1, vlen);
			} else {
				nlen = body_form_unescape(s, (size_t)(amp - s));
				add_pair(rq, s, nlen, "", 0);
			}
		}
		s = amp + 1;
	}
}

/* A chunk of the body. */
void
body_take(struct request *rq, const char *data, size_t size)
{
	if (rq->too_big)
		return;
	rq->received += size;
	if (rq->received > HTTP_MAX_BODY) {
		/* A chunked body has no Content-Length to refuse early. */
		rq->too_big = 1;
		strbuf_free(&rq->raw);
		return;
	}
	switch (rq->kind) {
	case BODY_MULTIPART:
		if (!rq->malformed && MHD_post_process(rq->pp, data, size) != MHD_YES)
			rq->malformed = 1;
		break;
	case BODY_JSON:
	case BODY_FORM:
		strbuf_add(&rq->raw, data, size);
		break;
	case BODY_NONE:
		break;
	}
}
