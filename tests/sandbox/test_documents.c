/* test_documents.c: document uploads, signed links and unsafe file names, over HTTP. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../lib/sbtest.h"

static struct sbt_server *srv;
static long long cust;
static unsigned char blob[3000];

static int setup(void **state)
{
	static const char *const args[] = { "--generate", "200", "--seed", SBT_SEED, "--today",
		SBT_TODAY, "--no-limits", NULL };
	long long *ids;
	(void)state;
	srv = sbt_start(args);
	assert_true(sbt_search("customer", &ids, "") > 10);
	cust = ids[7];
	/* Binary content: every byte value, NULs included. */
	for (size_t i = 0; i < sizeof blob; i++)
		blob[i] = (unsigned char)((i * 7 + 3) % 256);
	sbt_test_teardown(NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

static char *base64(const unsigned char *p, size_t n)
{
	static const char tbl[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *out = sbt_keep(calloc(4 * ((n + 2) / 3) + 1, 1)), *o = out;
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
		             (i + 2 < n ? p[i + 2] : 0);
		*o++ = tbl[v >> 18 & 63];
		*o++ = tbl[v >> 12 & 63];
		*o++ = i + 1 < n ? tbl[v >> 6 & 63] : '=';
		*o++ = i + 2 < n ? tbl[v & 63] : '=';
	}
	return out;
}

/* Uploads data as multipart/form-data (credentials as the last parts). */
static struct sbt_resp *upload(const char *filename, const void *data, size_t len)
{
	struct sbt_part parts[] = {
		{ .name = "customerID", .value = sbt_fmt("%lld", cust) },
		{ .name = "showCustomer", .value = "1" },
		{ .name = "showTech", .value = "0" },
		{ .name = "uploadFile", .data = data, .len = len, .filename = filename },
		{ .name = "authenticationKey", .value = sbt_key() },
		{ .name = "authenticationToken", .value = sbt_token() },
	};
	struct sbt_request rq = { .path = "/document/create", .parts = parts,
		                      .n_parts = sizeof parts / sizeof parts[0] };
	return sbt_request(&rq);
}

/* A write's documentID, equal to its result. */
static long long document_id(struct sbt_resp *r)
{
	long long id = sbt_result(r);
	assert_int_equal(sbt_i(r->json, "documentID"), id);
	return id;
}

/* The documentLink of upload id (includeDocumentLink=1 on get). */
static const char *link_of(long long id)
{
	struct sbt_resp *r = sbt_call("/document/get", "uploadIDs=%lld&includeDocumentLink=1", id);
	cJSON *rec = cJSON_GetArrayItem(sbt_records(r), 0);
	assert_non_null(rec);
	assert_int_equal(sbt_i(rec, "uploadID"), id);
	const char *url = sbt_s(rec, "documentLink");
	/* Absolute, on this server. */
	const char *base = sbt_base();
	const char *slash = strchr(base + 7, '/');
	if (strncmp(url, base, (size_t)(slash - base)) != 0 || url[slash - base] != '/')
		fail_msg("documentLink \"%s\" is not an absolute URL on %s", url, base);
	return url;
}

static struct sbt_resp *fetch(const char *url)
{
	struct sbt_request rq = { .path = url };
	return sbt_request(&rq);
}

static void assert_serves(const char *url, const void *data, size_t len)
{
	struct sbt_resp *r = fetch(url);
	if (r->status != 200 || r->len != len || memcmp(r->body, data, len) != 0) {
		sbt_note("GET %s: expected %zu bytes of the upload", url, len);
		sbt_dump(r);
		fail();
	}
}

static void test_multipart_create(void **state)
{
	(void)state;
	long long id = document_id(upload("report.bin", blob, sizeof blob));
	cJSON *d = cJSON_GetArrayItem(sbt_get("document", "uploadIDs", &id, 1), 0);
	assert_non_null(d);
	assert_int_equal(sbt_i(d, "customerID"), cust);
	assert_string_equal(sbt_s(d, "showCustomer"), "1");
	assert_string_equal(sbt_s(d, "showTech"), "0");
	assert_serves(link_of(id), blob, sizeof blob);
	/* by-id takes the flag too. */
	struct sbt_resp *r = sbt_call(sbt_fmt("/document/%lld", id), "includeDocumentLink=1");
	sbt_ok(r);
	assert_serves(sbt_s(sbt_m(r->json, "document"), "documentLink"), blob, sizeof blob);
	/* Searchable by customer. */
	long long *ids;
	size_t n = sbt_search("document", &ids, "customerIDs=%lld", cust);
	assert_true(sbt_has(ids, n, id));
}

static void test_tampered_link_refused(void **state)
{
	(void)state;
	long long id = document_id(upload("secret.bin", blob, 100));
	const char *url = link_of(id);
	const char *sig = strstr(url, "sig=");
	assert_non_null(sig);
	/* One character of the signature changed. */
	char *bad = sbt_fmt("%s", url);
	char *c = bad + (sig - url) + 4;
	*c = *c == 'a' ? 'b' : 'a';
	struct sbt_resp *r = fetch(bad);
	assert_int_equal(r->status, 403);
	assert_false(r->len == 100 && !memcmp(r->body, blob, 100));
	/* No signature at all. */
	r = fetch(sbt_fmt("%.*s", (int)(strchr(url, '?') - url), url));
	assert_int_equal(r->status, 403);
	/* The signature of one file does not open another. */
	long long other = document_id(upload("other.bin", blob + 100, 100));
	const char *ourl = link_of(other);
	const char *q = strchr(url, '?');
	const char *path_other = sbt_fmt("%.*s", (int)(strchr(ourl, '?') - ourl), ourl);
	r = fetch(sbt_fmt("%s%s", path_other, q));
	assert_int_equal(r->status, 403);
	assert_serves(ourl, blob + 100, 100);
	sbt_alive();
}

static void test_create_encoded(void **state)
{
	(void)state;
	const char *text = "Treatment log\nzone 1: perimeter\n";
	/* POST. */
	struct sbt_resp *r = sbt_call("/document/createEncoded",
	                              "customerID=%lld&filename=log.txt&showTech=1&encodedFile=%s",
	                              cust, sbt_enc(base64((const unsigned char *)text, strlen(text))));
	long long id = document_id(r);
	assert_string_equal(sbt_s(cJSON_GetArrayItem(sbt_get("document", "uploadIDs", &id, 1), 0),
	                          "showTech"), "1");
	assert_serves(link_of(id), text, strlen(text));
	/* GET with everything in the query string. */
	r = sbt_getq("/document/createEncoded",
	             sbt_fmt("customerID=%lld&filename=blob.bin&encodedFile=%s&%s", cust,
	                     sbt_enc(base64(blob, 999)), sbt_auth()));
	long long id2 = document_id(r);
	assert_true(id2 != id);
	assert_serves(link_of(id2), blob, 999);
}

static void test_document_update(void **state)
{
	(void)state;
	long long id = document_id(upload("u.bin", blob, 10));
	struct sbt_resp *r = sbt_call("/document/update", "uploadID=%lld&showTech=1&showCustomer=0", id);
	assert_int_equal(document_id(r), id);
	cJSON *d = cJSON_GetArrayItem(sbt_get("document", "uploadIDs", &id, 1), 0);
	assert_string_equal(sbt_s(d, "showTech"), "1");
	assert_string_equal(sbt_s(d, "showCustomer"), "0");
	/* The file is unchanged. */
	assert_serves(link_of(id), blob, 10);
}

/* Nothing but the sandbox's own files in its directory tree. */
static void assert_nothing_escaped(void)
{
	const char *dir = sbt_dir(srv);
	struct stat st;
	assert_int_not_equal(stat(sbt_fmt("%s/etc/passwd", dir), &st), 0);
	assert_int_not_equal(stat(sbt_fmt("%s/etc", dir), &st), 0);
	assert_int_not_equal(stat(sbt_fmt("%s/escaped.txt", dir), &st), 0);
	DIR *d = opendir(sbt_fmt("%s/run/sub", dir));
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			fail_msg("the sandbox wrote %s/run/sub/%s", dir, e->d_name);
	closedir(d);
	d = opendir(sbt_fmt("%s/run", dir));
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, "sub"))
			fail_msg("the sandbox wrote %s/run/%s", dir, e->d_name);
	closedir(d);
}

static void assert_safe_name(const char *url)
{
	struct sbt_resp *r = fetch(url);
	assert_int_equal(r->status, 200);
	if (r->content_disposition) {
		const char *fn = strstr(r->content_disposition, "filename");
		if (fn && (strchr(fn, '/') || strchr(fn, '\\')))
			fail_msg("file served as \"%s\"", r->content_disposition);
	}
}

static void test_path_traversal_names(void **state)
{
	(void)state;
	const char *content = "not a password file";
	long long id = document_id(upload("../../etc/passwd", content, strlen(content)));
	const char *url = link_of(id);
	assert_serves(url, content, strlen(content));
	assert_safe_name(url);

	const char *abs = sbt_fmt("%s/escaped.txt", sbt_dir(srv));
	id = document_id(sbt_call("/document/createEncoded", "customerID=%lld&filename=%s&encodedFile=%s",
	                          cust, sbt_enc(abs),
	                          sbt_enc(base64((const unsigned char *)content, strlen(content)))));
	assert_safe_name(link_of(id));
	id = document_id(sbt_call("/document/createEncoded", "customerID=%lld&filename=%s&encodedFile=%s",
	                          cust, sbt_enc("..\\..\\etc\\passwd"),
	                          sbt_enc(base64((const unsigned char *)content, strlen(content)))));
	assert_safe_name(link_of(id));
	assert_nothing_escaped();
	sbt_alive();
}

static void test_bad_uploads(void **state)
{
	(void)state;
	/* Not Base64. */
	sbt_err(sbt_call("/document/createEncoded", "customerID=%lld&filename=x.txt&encodedFile=%s",
	                 cust, sbt_enc("***not base64***")), 0, "encodedFile");
	/* Required fields named. */
	sbt_err(sbt_call("/document/createEncoded", "customerID=%lld&filename=x.txt", cust), 0, "encodedFile");
	sbt_err(sbt_call("/document/createEncoded", "customerID=%lld&encodedFile=%s", cust,
	                 sbt_enc(base64(blob, 3))), 0, "filename");
	/* A call refused for another reason (no such customer) names only
	 * what it does not take as ignored: the file's two parameters are
	 * its own, and ignoredParams means "not recognised". */
	struct sbt_resp *nf = sbt_call("/document/createEncoded",
	                               "customerID=999999&filename=x.txt&encodedFile=%s&bogus=1",
	                               sbt_enc(base64(blob, 3)));
	sbt_err(nf, 0, "customer");
	cJSON *ign = sbt_m(nf->json, "ignoredParams");
	assert_int_equal(cJSON_GetArraySize(ign), 1);
	assert_string_equal(cJSON_GetArrayItem(ign, 0)->valuestring, "bogus");
	/* create without a file part. */
	struct sbt_part parts[] = {
		{ .name = "customerID", .value = sbt_fmt("%lld", cust) },
		{ .name = "authenticationKey", .value = sbt_key() },
		{ .name = "authenticationToken", .value = sbt_token() },
	};
	struct sbt_request rq = { .path = "/document/create", .parts = parts, .n_parts = 3 };
	sbt_err(sbt_request(&rq), 0, "uploadFile");
	sbt_alive();
}

/* Forms take includeDocumentLink on get (contractIDs) and by-id. */
static void test_form_link(void **state)
{
	(void)state;
	long long *ids;
	assert_true(sbt_search("form", &ids, "") > 0);
	struct sbt_resp *r = sbt_call("/form/get", "contractIDs=%lld&includeDocumentLink=1", ids[0]);
	cJSON *rec = cJSON_GetArrayItem(sbt_records(r), 0);
	assert_non_null(rec);
	const char *url = sbt_s(rec, "documentLink");
	assert_int_equal(strncmp(url, "http://127.0.0.1:", 17), 0);
	r = fetch(url);
	assert_int_equal(r->status, 200);
	assert_true(r->len > 0);
	r = sbt_call(sbt_fmt("/form/%lld", ids[0]), "includeDocumentLink=1");
	sbt_ok(r);
	(void)sbt_s(sbt_m(r->json, "form"), "documentLink");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_multipart_create),
		SBT_TEST(test_tampered_link_refused),
		SBT_TEST(test_create_encoded),
		SBT_TEST(test_document_update),
		SBT_TEST(test_path_traversal_names),
		SBT_TEST(test_bad_uploads),
		SBT_TEST(test_form_link),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
