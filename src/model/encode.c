/* encode.c: model rows back into API records, by the same member table the decoder walks. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "common/strbuf.h"
#include "model/model.h"
#include "model/rows.h"

/*
 * What the console keeps of a record, written as the service would send
 * it (every value a string), so that m_row_decode reads it back to the
 * same row: the console's saved day (ui/base/warm.c) is these records.
 * Unknown values are left out, as the decoder leaves them unknown.
 */

static const void *at(const void *row, size_t off)
{
	return (const char *)row + off;
}

static void add_str(cJSON *o, const char *name, const char *v)
{
	cJSON_AddItemToObject(o, name, cJSON_CreateString(v));
}

static void add_ll(cJSON *o, const char *name, long long v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%lld", v);
	add_str(o, name, buf);
}

/* The row as a record the decoder reads back to the same row (encode.c);
 * the caller deletes it. */
static cJSON *m_kind_encode(const struct m_row_kind *k, const void *row)
{
	cJSON *o = cJSON_CreateObject();

	for (size_t i = 0; i < k->n_members; i++) {
		const struct m_member *m = &k->members[i];
		const void *p = at(row, m->off);
		char buf[32];

		switch (m->store) {
		case MS_LL:
		case MS_CENTS:
			if (m->store == MS_CENTS) {
				m_format_cents(*(const long long *)p, buf);
				add_str(o, m->name, buf);
			} else {
				add_ll(o, m->name, *(const long long *)p);
			}
			break;
		case MS_INT:
			add_ll(o, m->name, *(const int *)p);
			break;
		case MS_STATUS:
			if (*(const int *)p != M_STATUS_UNKNOWN)
				add_ll(o, m->name, *(const int *)p);
			break;
		case MS_TEXT:
		case MS_TEXT_OPT:
			if (*(char *const *)p)
				add_str(o, m->name, *(char *const *)p);
			break;
		case MS_DATE:
		case MS_STAMP:
			if (*(const char *)p)
				add_str(o, m->name, p);
			break;
		case MS_DAY_OF:
			if (*(const char *)p) {
				snprintf(buf, sizeof(buf), "%.10s 00:00:00", (const char *)p);
				add_str(o, m->name, buf);
			}
			break;
		case MS_HHMM:
			if (*(const char *)p) {
				snprintf(buf, sizeof(buf), "%.5s:00", (const char *)p);
				add_str(o, m->name, buf);
			}
			break;
		case MS_FREQ:
			if (*(const int *)at(row, m->aux))
				add_str(o, m->name, "CUSTOM");
			else
				add_ll(o, m->name, *(const int *)p);
			break;
		case MS_ROWS: {
			const char *elems = *(char *const *)p;
			size_t n = *(const size_t *)at(row, m->aux);
			cJSON *arr = cJSON_AddArrayToObject(o, m->name);

			for (size_t j = 0; j < n; j++)
				cJSON_AddItemToArray(arr, m_kind_encode(m->sub, elems + j * m->sub->size));
			break;
		}
		}
	}
	return o;
}

cJSON *m_row_encode(const char *resource, const void *row)
{
	const struct m_row_kind *k = m_row_kind_find(resource);

	return k && row ? m_kind_encode(k, row) : NULL;
}

void *m_row_copy(const char *resource, const void *row)
{
	cJSON *rec = m_row_encode(resource, row);
	void *copy = rec ? m_row_decode(resource, rec) : NULL;

	/* Through the record: the one walker that owns what a row owns. */
	cJSON_Delete(rec);
	return copy;
}

int m_row_ll(const char *resource, const void *row, const char *member, long long *out)
{
	const struct m_row_kind *k = m_row_kind_find(resource);

	for (size_t i = 0; k && row && i < k->n_members; i++)
		if (k->members[i].store == MS_LL && strcmp(k->members[i].name, member) == 0) {
			memcpy(out, (const char *)row + k->members[i].off, sizeof(*out));
			return 0;
		}
	return -1;
}
