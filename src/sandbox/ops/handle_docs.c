/* handle_docs.c: documents: uploads, Base64, safe names, and the signed links that serve stored files. */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"
#include "sandbox/store/store.h"

/* A document or form link stays valid this long (the specification's 15 days). */
#define LINK_LIFETIME (15L * 86400L)

/* ---- SipHash-2-4 (Aumasson and Bernstein), the links' MAC ---- */

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND                                                                    \
	do {                                                                        \
		v0 += v1, v1 = ROTL(v1, 13), v1 ^= v0, v0 = ROTL(v0, 32);           \
		v2 += v3, v3 = ROTL(v3, 16), v3 ^= v2;                              \
		v0 += v3, v3 = ROTL(v3, 21), v3 ^= v0;                              \
		v2 += v1, v1 = ROTL(v1, 17), v1 ^= v2, v2 = ROTL(v2, 32);           \
	} while (0)

static uint64_t le64(const unsigned char *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

unsigned long long write_siphash24(const unsigned char key[16], const void *data, size_t len)
{
	const unsigned char *in = data;
	uint64_t k0 = le64(key), k1 = le64(key + 8), m, b = (uint64_t)len << 56;
	uint64_t v0 = 0x736f6d6570736575ULL ^ k0, v1 = 0x646f72616e646f6dULL ^ k1;
	uint64_t v2 = 0x6c7967656e657261ULL ^ k0, v3 = 0x7465646279746573ULL ^ k1;
	size_t i, left = len & 7;

	for (i = 0; i + 8 <= len; i += 8) {
		m = le64(in + i);
		v3 ^= m;
		SIPROUND;
		SIPROUND;
		v0 ^= m;
	}
	for (size_t j = 0; j < left; j++)
		b |= (uint64_t)in[i + j] << (8 * j);
	v3 ^= b;
	SIPROUND;
	SIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	return v0 ^ v1 ^ v2 ^ v3;
}

/* ---- Base64 and filenames ---- */

static int b64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

int write_base64_decode(const char *in, size_t n, unsigned char **out, size_t *out_len)
{
	unsigned char *o;
	size_t k = 0;

	*out = NULL, *out_len = 0;
	if (n % 4)
		return -1;
	o = xmalloc(n / 4 * 3 + 1);
	for (size_t i = 0; i < n; i += 4) {
		int v[4], pad = 0;
		for (int j = 0; j < 4; j++) {
			unsigned char c = (unsigned char)in[i + j];
			/* '=' only as the last one or two characters. */
			if (c == '=' && i + 4 == n && j >= 2 && (j == 3 || in[i + 3] == '=')) {
				v[j] = 0, pad++;
				continue;
			}
			if ((v[j] = b64_value(c)) < 0 || pad)
				goto bad;
		}
		/* Strict: the bits a padded group drops must be zero. */
		if ((pad == 1 && (v[2] & 3)) || (pad == 2 && (v[1] & 15)))
			goto bad;
		o[k++] = (unsigned char)(v[0] << 2 | v[1] >> 4);
		if (pad < 2)
			o[k++] = (unsigned char)((v[1] & 15) << 4 | v[2] >> 2);
		if (pad < 1)
			o[k++] = (unsigned char)((v[2] & 3) << 6 | v[3]);
	}
	*out = o, *out_len = k;
	return 0;
bad:
	free(o);
	return -1;
}

char *write_safe_filename(const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	const char *base = name ? name : "";
	char *s;

	/* Both separators: a Windows client sends C:\dir\file.pdf. */
	for (const char *p = base; *p; p++)
		if (*p == '/' || *p == '\\')
			base = p + 1;
	for (const unsigned char *p = (const unsigned char *)base; *p && sb.len < 200;) {
		size_t n = 1;
		if (*p >= 0x80) {
			n = (*p >= 0xF0) ? 4 : (*p >= 0xE0) ? 3 : 2;
			if (strnlen((const char *)p, n) < n || !utf8_valid((const char *)p, n) ||
			    sb.len + n > 200) {
				strbuf_addc(&sb, '_');
				p++;
				continue;
			}
			strbuf_add(&sb, p, n);
		} else if (*p < 0x20 || *p == 0x7f || *p == '"') {
			strbuf_addc(&sb, '_');
		} else if (*p == '.' && p[1] == '.') {
			/* No ".." anywhere, so no name reads as a parent directory. */
			strbuf_addc(&sb, '_');
		} else {
			strbuf_addc(&sb, (char)*p);
		}
		p += n;
	}
	s = strbuf_detach(&sb, NULL);
	if (!*s || !strcmp(s, ".")) {
		free(s);
		s = xstrdup("upload");
	}
	return s;
}

/* ---- signed links ---- */

/* 32 bytes: two SipHash keys for a 128-bit tag.  Per process: a link dies
 * with the sandbox, which is also when its database usually goes. */
static unsigned char link_secret[32];
static pthread_once_t link_once = PTHREAD_ONCE_INIT;

void write_secret_fill(unsigned char *key, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = getrandom(key + got, n - got, 0);

		if (r <= 0)
			abort(); /* no kernel entropy: refuse to sign with a known key */
		got += (size_t)r;
	}
}

static void link_init(void)
{
	write_secret_fill(link_secret, sizeof link_secret);
}

static void link_sig(const char *kind, long long id, long long expires, char out[33])
{
	char msg[128];
	int n;

	pthread_once(&link_once, link_init);
	n = snprintf(msg, sizeof msg, "%s/%lld/%lld", kind, id, expires);
	snprintf(out, 33, "%016llx%016llx", write_siphash24(link_secret, msg, (size_t)n),
	         write_siphash24(link_secret + 16, msg, (size_t)n));
}

char *doc_link(const struct sb_req *req, const char *kind, long long id, char expires[20])
{
	long long t = (long long)time(NULL) + LINK_LIFETIME;
	struct strbuf sb = STRBUF_INIT;
	char sig[33];

	link_sig(kind, id, t, sig);
	strbuf_addf(&sb, "%s/files/%s/%lld?expires=%lld&sig=%s",
	            req->in && req->in->base_url ? req->in->base_url : "", kind, id, t, sig);
	if (expires) {
		/* Shown on the sandbox's own calendar (--today), 15 days on;
		 * validity is checked against the real clock in the URL. */
		struct rd_date d;
		char now[20];
		sb_timestamp(req->ctx, now);
		if (strlen(now) == 19 && datetime_parse(now, &d, NULL) == 0) {
			date_from_days(date_to_days(&d) + 15, &d);
			date_format(&d, expires);
			memcpy(expires + 10, now + 10, 10); /* " HH:MM:SS" and the NUL */
		} else {
			snprintf(expires, 20, "0000-00-00 00:00:00");
		}
	}
	return strbuf_detach(&sb, NULL);
}

static int same_sig(const char *a, const char *b)
{
	unsigned char d = 0;
	if (strlen(a) != 32 || strlen(b) != 32)
		return 0;
	for (int i = 0; i < 32; i++)
		d |= (unsigned char)(a[i] ^ b[i]);
	return d == 0;
}

/* Text inside a PDF literal string: parentheses and backslashes escaped,
 * anything outside printable ASCII dropped (the page is a placeholder). */
static void pdf_string(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '(' || *s == ')' || *s == '\\')
			strbuf_addc(out, '\\');
		if (*s >= 0x20 && *s < 0x7f)
			strbuf_addc(out, *s);
	}
}

/*
 * Forms have no stored file in the sandbox: their link serves a one-page
 * PDF generated from the form record, so a client can follow and save it.
 */
static void form_pdf(const cJSON *form, long long id, struct sb_answer *ans)
{
	struct strbuf pdf = STRBUF_INIT, text = STRBUF_INIT;
	size_t off[6];

	strbuf_addf(&text, "BT /F1 14 Tf 72 720 Td (Form %lld) Tj 0 -24 Td (Customer ", id);
	pdf_string(&text, write_get(form, "customerID"));
	strbuf_adds(&text, ") Tj 0 -24 Td (Signed ");
	pdf_string(&text, write_get(form, "dateSigned"));
	strbuf_adds(&text, ") Tj ET");
	strbuf_adds(&pdf, "%PDF-1.4\n");
	off[1] = pdf.len;
	strbuf_adds(&pdf, "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n");
	off[2] = pdf.len;
	strbuf_adds(&pdf, "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n");
	off[3] = pdf.len;
	strbuf_adds(&pdf, "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
	                  "/Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n");
	off[4] = pdf.len;
	strbuf_addf(&pdf, "4 0 obj << /Length %zu >> stream\n%s\nendstream endobj\n", text.len,
	            strbuf_str(&text));
	off[5] = pdf.len;
	strbuf_adds(&pdf, "5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\n");
	off[0] = pdf.len;
	strbuf_adds(&pdf, "xref\n0 6\n0000000000 65535 f \n");
	for (int i = 1; i < 6; i++)
		strbuf_addf(&pdf, "%010zu 00000 n \n", off[i]);
	strbuf_addf(&pdf, "trailer << /Size 6 /Root 1 0 R >>\nstartxref\n%zu\n%%%%EOF\n", off[0]);
	strbuf_free(&text);
	ans->raw = strbuf_detach(&pdf, &ans->raw_len);
	ans->raw_filename = xmalloc(40);
	snprintf(ans->raw_filename, 40, "form-%lld.pdf", id);
}

void handle_file(struct sb_req *req, struct sb_answer *ans)
{
	const char *path = req->in ? req->in->path : NULL, *p, *exp, *sig;
	char kind[16], want[33], *end, *fname = NULL, *err = NULL;
	long long id, t;
	void *data = NULL;
	size_t len = 0, k;
	int rc;

	if (!path || !(p = strstr(path, "/files/"))) {
		ans_error(ans, 404, "No such file");
		return;
	}
	p += 7;
	k = strcspn(p, "/");
	if (k == 0 || k >= sizeof kind || p[k] != '/') {
		ans_error(ans, 404, "No such file");
		return;
	}
	memcpy(kind, p, k);
	kind[k] = '\0';
	id = strtoll(p + k + 1, &end, 10);
	if (end == p + k + 1 || *end || id <= 0 || (strcmp(kind, "document") && strcmp(kind, "form"))) {
		ans_error(ans, 404, "No such file");
		return;
	}
	exp = req_string(req, "expires");
	sig = req_string(req, "sig");
	t = exp ? strtoll(exp, &end, 10) : 0;
	if (!exp || !*exp || *end || !sig) {
		ans_error(ans, 403, "Invalid link: expires and sig are required");
		return;
	}
	link_sig(kind, id, t, want);
	if (!same_sig(want, sig)) {
		ans_error(ans, 403, "Invalid link signature");
		return;
	}
	if (t < (long long)time(NULL)) {
		ans_error(ans, 403, "This link has expired");
		return;
	}
	if (!strcmp(kind, "form")) {
		const struct resource *fr = res_find("form");
		cJSON *form = NULL;
		if (!fr || (rc = write_load(req, fr, id, &form, ans)) == 1) {
			ans_error(ans, 404, "No such file");
			return;
		}
		if (rc == 0)
			form_pdf(form, id, ans);
		cJSON_Delete(form);
		return;
	}
	rc = store_file_get(req->ctx->store, id, &fname, &data, &len, &err);
	if (rc < 0) {
		write_store_error(ans, err);
		return;
	}
	if (rc == 1) {
		ans_error(ans, 404, "No such file");
		return;
	}
	ans->raw = data;
	ans->raw_len = len;
	ans->raw_filename = fname;
}

/* ---- document create and createEncoded ---- */

/* The document's description is its file's name unless one was given. */
static int doc_common(struct write_op *op)
{
	write_default(op->r, op->obj, "description", op->name);
	write_default(op->r, op->obj, "addedBy", "0");
	return 0;
}

static int upload_before(struct write_op *op)
{
	const struct sb_upload *up = op->req->in ? &op->req->in->upload : NULL;

	if (!op->is_create)
		return 0;
	if (!up || !up->present) {
		ans_error(op->ans, 200, "Missing required parameter: uploadFile");
		return -1;
	}
	if (!up->len) {
		ans_error(op->ans, 200, "Invalid value for uploadFile: the file is empty");
		return -1;
	}
	op->name = write_safe_filename(up->filename);
	op->data_len = up->len;
	return doc_common(op);
}

static int encoded_before(struct write_op *op)
{
	const char *enc = req_string(op->req, "encodedFile");
	const char *name = req_string(op->req, "filename");
	unsigned char *bytes;

	if (!enc || !*enc) {
		ans_error(op->ans, 200, "Missing required parameter: encodedFile");
		return -1;
	}
	if (!name || !*name) {
		ans_error(op->ans, 200, "Missing required parameter: filename");
		return -1;
	}
	if (write_base64_decode(enc, strlen(enc), &bytes, &op->data_len) < 0) {
		ans_error(op->ans, 200, "Invalid value for encodedFile: not valid Base64");
		return -1;
	}
	op->data = bytes;
	op->name = write_safe_filename(name);
	return doc_common(op);
}

static int doc_after(struct write_op *op)
{
	const void *data = op->data;
	char buf[24], *err = NULL;

	if (!op->is_create)
		return 0;
	if (!data)
		data = op->req->in->upload.data;
	if (store_file_put(op->req->ctx->store, op->id, op->name, data, op->data_len, &err) < 0)
		return write_store_error(op->ans, err);
	cJSON_AddStringToObject(op->notes, "filename", op->name);
	snprintf(buf, sizeof buf, "%zu", op->data_len);
	cJSON_AddStringToObject(op->notes, "size", buf);
	return 0;
}

const struct write_hooks docs_upload_hooks = { upload_before, doc_after, NULL };
const struct write_hooks docs_encoded_hooks = { encoded_before, doc_after, NULL };

