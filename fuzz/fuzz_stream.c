/* fuzz_stream.c: --all's streaming path (api_gunzip, src/api/jscan.c, api_envelope_parse_raw, redact_print_records) against cJSON's tree over any answer bytes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/envelope.h"
#include "api/gunzip.h"
#include "api/jscan.h"
#include "cli/redact.h"
#include "common/strbuf.h"
#include "fuzz/fuzz.h"

/*
 * The input is a get or search answer as the transport hands it over.  The
 * records are read twice, as `routedesk api --all` did (the whole answer a
 * cJSON tree, printed by redact_print) and as it does (the records left as
 * text, printed by redact_print_records): the two must agree on whether
 * the page is read at all, and print the same bytes when it is.  The
 * credentials are short and common letters, so that inputs hit them.
 * An input that starts as gzip does (1f 8b) goes through the transport's
 * decoding first (api_gunzip), whose output, when it has one, is compared
 * the same way: a damaged stream must be refused, never read past.
 */

#define KEY "abcd"
#define TOKEN "wxyz"

/* The records as --all prints them, or NULL when the page is refused. */
static char *print_page(const uint8_t *data, size_t size, enum api_raw which, int search)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct strbuf sb = STRBUF_INIT;
	char *out = NULL;
	long n = 0;
	int rc;

	rc = which == API_RAW_NONE
		? api_envelope_parse((const char *)data, size, 200, &a, &e)
		: api_envelope_parse_raw((const char *)data, size, 200, which, &a, &e);
	if (rc == 0)
		rc = search ? api_answer_search(&a, 1, &e) : api_answer_get(&a, &e);
	if (rc == 0) {
		const cJSON *r;

		cJSON_ArrayForEach(r, a.records) {
			strbuf_adds(&sb, n++ ? ",\n\t" : "[\n\t");
			redact_print(&sb, r, 1, KEY, TOKEN);
		}
		if (a.raw_records) {
			FUZZ_ASSERT(n == 0);
			/* Checked text must print. */
			FUZZ_ASSERT(redact_print_records(&sb, a.raw_records, a.raw_len, &n, KEY,
			                                 TOKEN) == 0);
			FUZZ_ASSERT((size_t)n == a.raw_n);
		}
		/* A search's ids, read from the text or the tree alike. */
		for (size_t i = 0; search && i < a.n_ids; i++)
			strbuf_addf(&sb, " %lld", a.ids[i]);
		strbuf_adds(&sb, search ? " |" : "");
		for (size_t i = 0; search && i < a.n_no_data; i++)
			strbuf_addf(&sb, " %lld", a.no_data[i]);
		/* And what the envelope tells beside them, which the
		 * skeleton must read as the whole answer does. */
		strbuf_addf(&sb, " | %d %ld %ld %d", cJSON_GetArraySize(a.ignored),
		            a.have_usage ? a.usage.read_today : -1L,
		            a.have_limits ? a.limits.read_day : -1L, a.success);
		out = strbuf_detach(&sb, NULL);
	}
	strbuf_free(&sb);
	api_answer_free(&a);
	api_error_clear(&e);
	return out;
}

static void compare(const uint8_t *data, size_t size, int search)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	char *tree = NULL, *text;
	int rc;

	/* The tree path as --all ran it. */
	rc = api_envelope_parse((const char *)data, size, 200, &a, &e);
	if (rc == 0)
		rc = search ? api_answer_search(&a, 1, &e) : api_answer_get(&a, &e);
	api_answer_free(&a);
	api_error_clear(&e);
	if (rc == 0)
		tree = print_page(data, size, API_RAW_NONE, search);
	text = print_page(data, size, search ? API_RAW_DATA : API_RAW_PROPERTY, search);
	FUZZ_ASSERT((rc == 0) == (text != NULL));
	FUZZ_ASSERT(!tree || strcmp(tree, text) == 0);
	free(tree);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0;
	const char *end;

	if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
		const char *why = NULL;

		if (api_gunzip(data, size, &sb, 1 << 24, &why) == 0) {
			FUZZ_ASSERT(sb.len <= (1 << 24));
			compare((const uint8_t *)sb.buf, sb.len, 0);
			compare((const uint8_t *)sb.buf, sb.len, 1);
		} else {
			FUZZ_ASSERT(why && sb.len == 0);
		}
		strbuf_reset(&sb);
	}
	compare(data, size, 0);
	compare(data, size, 1);
	/* The scanner alone, from the start, with and without a count. */
	end = api_json_skip((const char *)data, (const char *)data + size, 0, &n);
	FUZZ_ASSERT(!end || (end > (const char *)data && end <= (const char *)data + size));
	if (size && data[0] == '"')
		api_json_string((const char *)data, (const char *)data + size, &sb);
	strbuf_free(&sb);
	return 0;
}
