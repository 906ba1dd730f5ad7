/* args.c: `routedesk api`'s NAME=VALUE, NAME:=JSON and NAME@FILE arguments as request pairs. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/cli.h"
#include "common/strbuf.h"

/* 2^53: past it a double no longer holds every integer. */
#define EXACT_LIMIT 9007199254740992.0

static const char *cli_json_problem(const cJSON *v);

static int is_container(const cJSON *v)
{
	return cJSON_IsArray(v) || cJSON_IsObject(v);
}

/* A query object's value: a scalar, or a list of scalars (IN, BETWEEN). */
static const char *query_value_problem(const cJSON *v)
{
	const cJSON *e;

	if (!is_container(v))
		return cli_json_problem(v);
	cJSON_ArrayForEach(e, v)
		if (is_container(e))
			return _("a query object's value is one value or a list of values, "
			         "not a list of lists");
	return cli_json_problem(v);
}

/*
 * The service reads the form encoding api_form_add_json writes, and some of
 * it would not come back as the JSON the user typed:
 * - an empty list is dropped (as a filter it would match everything), and
 *   null goes as an empty value (the same);
 * - a number out of double range parses as infinity and would go as null,
 *   and an integer past 2^53 would arrive rounded;
 * - a list inside a list would travel as name[0][]=..., which no parameter
 *   of the API takes, and a query object's value holds only scalars.
 * An object that is not a query object (addons[0][amount]) keeps its
 * structure, and is checked member by member.
 */
static const char *cli_json_problem(const cJSON *v)
{
	const cJSON *e;

	if (cJSON_IsNumber(v)) {
		double d = v->valuedouble;

		if (!(d == d) || d > 1.7976931348623157e308 || d < -1.7976931348623157e308)
			return _("the number is out of range");
		if (d >= EXACT_LIMIT || d <= -EXACT_LIMIT)
			return _("the number is too large to be sent exactly");
		return NULL;
	}
	if (cJSON_IsArray(v) && !v->child)
		return _("an empty list is ignored by the service, so as a filter it would match "
		         "everything; leave the parameter out or give at least one value");
	if (cJSON_IsNull(v))
		return _("a form has no null: it would go as an empty value, which as a filter "
		         "matches everything; leave the parameter out, or send NAME= for an "
		         "empty value");
	if (cJSON_IsObject(v) && cJSON_GetObjectItemCaseSensitive(v, "operator")) {
		const cJSON *val = cJSON_GetObjectItemCaseSensitive(v, "value");

		return val ? query_value_problem(val) : NULL;
	}
	if (cJSON_IsArray(v)) {
		cJSON_ArrayForEach(e, v)
			if (cJSON_IsArray(e))
				return _("a list inside a list cannot be sent; give one flat list");
	}
	if (is_container(v)) {
		cJSON_ArrayForEach(e, v) {
			const char *why = cli_json_problem(e);

			if (why)
				return why;
		}
	}
	return NULL;
}

int cli_args_add(struct api_form *f, const char *item, struct strbuf *msg)
{
	size_t i;
	char *name;
	int rc = 0;

	for (i = 0; item[i]; i++)
		if (item[i] == '=' || item[i] == '@' || (item[i] == ':' && item[i + 1] == '='))
			break;
	if (!item[i] || i == 0) {
		strbuf_addf(msg, _("%s: expected NAME=VALUE, NAME:=JSON or NAME@FILE"), item);
		return -1;
	}
	name = xstrndup(item, i);
	if (item[i] == '=') {
		api_form_add(f, name, item + i + 1);
	} else if (item[i] == '@') {
		struct stat st;

		if (access(item + i + 1, R_OK) != 0) {
			strbuf_addf(msg, _("%s: cannot read the file"), item);
			rc = -1;
		} else if (stat(item + i + 1, &st) == 0 && S_ISDIR(st.st_mode)) {
			/* access() passes a directory, and libcurl then sends
			 * it as an empty file: a write with nothing in it. */
			strbuf_addf(msg, _("%s: is a directory, not a file"), item);
			rc = -1;
		} else {
			api_form_add_file(f, name, item + i + 1);
		}
	} else {
		const char *end = NULL;
		cJSON *v = cJSON_ParseWithOpts(item + i + 2, &end, 1);
		const char *why = v ? cli_json_problem(v) : NULL;

		if (!v) {
			strbuf_addf(msg, _("%s: the value after := is not JSON"), item);
			rc = -1;
		} else if (why) {
			strbuf_addf(msg, "%s: %s", item, why);
			rc = -1;
		} else {
			api_form_add_json(f, name, v);
		}
		cJSON_Delete(v);
	}
	free(name);
	return rc;
}
