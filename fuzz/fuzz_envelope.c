/* fuzz_envelope.c: the answer envelope (src/api/envelope.c), record values (values.c) and model rows over any answer bytes. */
#include "config.h"

#include <stdlib.h>

#include "api/envelope.h"
#include "api/values.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "fuzz/fuzz.h"
#include "model/model.h"

/*
 * The input is an answer body as the transport hands it over (any bytes,
 * any length, not NUL-terminated).  Each shape reader runs on its own
 * parse, as the operations do; every record found is decoded through every
 * resource of the table, into every model row (money into cents, dates)
 * and as text, which is what the console does to whatever the service
 * sends.  A money string that decodes must print back to the same cents.
 */

/* Records past this many add time, not paths. */
#define MAX_RECORDS 16

static void decode_record(const cJSON *rec)
{
	struct strbuf text = STRBUF_INIT;
	const cJSON *m;
	size_t n = 0;

	for (size_t i = 0; i < res_count; i++) {
		struct api_record r;

		void *row;

		api_record_decode(&res_table[i], rec, &r);
		api_record_free(&r);
		if ((row = m_row_decode(res_table[i].name, rec)) != NULL)
			m_row_free(res_table[i].name, row);
	}
	api_value_text(rec, &text);
	strbuf_free(&text);
	/* Every member as every type: values arrive in all shapes. */
	cJSON_ArrayForEach(m, rec) {
		if (n++ == MAX_RECORDS)
			break;
		for (int t = RT_INT; t <= RT_BOOL; t++) {
			struct api_value v;

			api_value_decode(m, (enum res_type)t, &v);
			api_vstate_name(v.state);
			api_value_free(&v);
		}
		if (m->string) {
			long long ll;
			long long *ids = NULL;
			size_t n_ids = 0;
			double d;
			const char *s;
			struct rd_date date;
			int secs;

			api_field_int(rec, m->string, &ll);
			api_field_num(rec, m->string, &d);
			api_field_text(rec, m->string, &s);
			api_field_date(rec, m->string, &date);
			api_field_datetime(rec, m->string, &date, &secs);
			if (api_field_ids(rec, m->string, &ids, &n_ids) == API_V_OK)
				free(ids);
			if (cJSON_IsString(m)) {
				char money[24];
				long long back;

				api_parse_ll(m->valuestring, &ll);
				if (m_parse_cents(m->valuestring, &ll) == 0) {
					m_format_cents(ll, money);
					FUZZ_ASSERT(m_parse_cents(money, &back) == 0 && back == ll);
				}
			}
		}
	}
}

static void decode_records(const cJSON *arr)
{
	const cJSON *rec;
	size_t n = 0;

	cJSON_ArrayForEach(rec, arr) {
		if (n++ == MAX_RECORDS)
			break;
		decode_record(rec);
	}
}

/* One parse, then shape reader `which` (0..2) and what it found. */
static void read_shape(const uint8_t *data, size_t size, int which)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error err = API_ERROR_INIT, chk = API_ERROR_INIT;
	long long id;

	if (api_envelope_parse((const char *)data, size, 200, &a, &err) < 0) {
		FUZZ_ASSERT(err.kind != API_OK);
		api_answer_free(&a);
		api_error_clear(&err);
		return;
	}
	FUZZ_ASSERT(a.root);
	api_answer_check(&a, &chk);
	if (a.error_message)
		api_is_quota_message(a.error_message);
	switch (which) {
	case 0:
		if (api_answer_search(&a, 0, &err) == 0)
			FUZZ_ASSERT(a.n_ids == 0 || a.ids);
		break;
	case 1:
		if (api_answer_search(&a, 1, &err) == 0) {
			FUZZ_ASSERT(a.n_no_data == 0 || a.no_data);
			decode_records(a.records);
		}
		break;
	default:
		if (api_answer_get(&a, &err) == 0)
			decode_records(a.records);
		if (api_answer_byid(&a, &err) == 0)
			decode_record(a.record);
		api_answer_write(&a, "subscriptionID");
		api_answer_write_id(&a, &id);
		break;
	}
	api_answer_free(&a);
	api_error_clear(&err);
	api_error_clear(&chk);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (int which = 0; which < 3; which++)
		read_shape(data, size, which);
	return 0;
}
