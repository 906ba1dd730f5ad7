/* ops.c: search pages, gets, by-id, create, update and the special operations. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/ops.h"
#include "common/i18n.h"
#include "common/strbuf.h"

/* Runs c, hands its answer to *out (moved, so the caller frees it) and its
 * error to *err.  Frees c. */
static int run(struct api_session *s, struct api_call *c, struct api_answer *out,
               struct api_error *err)
{
	int rc = api_perform(s, c);

	api_answer_free(out);
	*out = c->answer;
	memset(&c->answer, 0, sizeof(c->answer));
	if (rc < 0)
		api_error_move(err, &c->err);
	api_call_free(c);
	return rc;
}

static int no_op(const struct resource *r, const char *op, struct api_answer *out,
                 struct api_error *err)
{
	api_answer_free(out);
	/* TRANSLATORS: a resource, then an operation as the API spells it (create...). */
	api_error_set(err, API_ERR_USAGE, 0, NULL, _("%s has no %s operation"), r->name, op);
	return -1;
}

int api_request(struct api_session *s, const char *path, const struct api_form *form,
                struct api_answer *out, struct api_error *err)
{
	return run(s, api_call_new(path, form, api_path_is_write(path)), out, err);
}

struct api_call *api_search_call(const struct resource *r, const struct api_form *filters,
                                 int include_data)
{
	struct strbuf path = STRBUF_INIT;
	struct api_call *c;

	strbuf_addf(&path, "%s/search", r->name);
	c = api_call_new(path.buf, filters, 0);
	strbuf_free(&path);
	api_form_remove(&c->form, "includeData");
	if (include_data)
		api_form_add(&c->form, "includeData", "1");
	return c;
}

struct api_call *api_get_call(const struct resource *r, const long long *ids, size_t n,
                              const struct api_form *extra)
{
	struct strbuf path = STRBUF_INIT;
	struct api_call *c;

	strbuf_addf(&path, "%s/get", r->name);
	c = api_call_new(path.buf, NULL, 0);
	strbuf_free(&path);
	/* ids are primary keys: a get whose own parameter names another
	 * field (customerFlag's customerIDs) takes them under its alias. */
	api_form_add_ids(&c->form, r->get_by && r->get_alias ? r->get_alias[0] : r->get_param,
	                 ids, n);
	if (extra)
		api_form_copy(&c->form, extra);
	return c;
}

int api_search_cannot_page(const struct resource *r, const struct api_form *filters, size_t n,
                           long cap, struct api_error *err)
{
	if (cap <= 0 || n < (size_t)cap || !api_form_has(filters, r->id_name))
		return 0;
	api_error_set(err, API_ERR_USAGE, 0, NULL,
	              _("%s search matched more than the cap of %ld ids and already filters on "
	                "%s, so it cannot page; narrow the search"),
	              r->name, cap, r->id_name);
	return 1;
}

int api_search_page(struct api_session *s, const struct resource *r,
                    const struct api_form *filters, int include_data,
                    struct api_answer *out, struct api_error *err)
{
	if (!(r->ops & OP_SEARCH))
		return no_op(r, "search", out, err);
	if (run(s, api_search_call(r, filters, include_data), out, err) < 0)
		return -1;
	return api_answer_search(out, include_data, err);
}

int api_get(struct api_session *s, const struct resource *r, const long long *ids, size_t n,
            const struct api_form *extra, struct api_answer *out, struct api_error *err)
{
	if (!(r->ops & OP_GET))
		return no_op(r, "get", out, err);
	if (n == 0 || n > 1000) {
		api_answer_free(out);
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("a get takes 1 to 1000 ids, not %zu"), n);
		return -1;
	}
	if (run(s, api_get_call(r, ids, n, extra), out, err) < 0)
		return -1;
	return api_answer_get(out, err);
}

int api_byid(struct api_session *s, const struct resource *r, long long id,
             const struct api_form *extra, struct api_answer *out, struct api_error *err)
{
	struct strbuf path = STRBUF_INIT;
	struct api_call *c;

	if (!(r->ops & OP_BYID))
		return no_op(r, "by-id", out, err);
	strbuf_addf(&path, "%s/%lld", r->name, id);
	c = api_call_new(path.buf, extra, 0);
	strbuf_free(&path);
	if (run(s, c, out, err) < 0)
		return -1;
	return api_answer_byid(out, err);
}

static int write_call(struct api_session *s, const struct resource *r, struct api_call *c,
                      long long *new_id, struct api_answer *out, struct api_error *err)
{
	long long id = 0;

	if (run(s, c, out, err) < 0)
		return -1;
	api_answer_write(out, r->write_member);
	api_answer_write_id(out, &id);
	if (new_id)
		*new_id = id;
	return 0;
}

int api_create(struct api_session *s, const struct resource *r, const struct api_form *fields,
               long long *new_id, struct api_answer *out, struct api_error *err)
{
	struct strbuf path = STRBUF_INIT;
	struct api_call *c;

	if (new_id)
		*new_id = 0;
	if (!(r->ops & OP_CREATE))
		return no_op(r, "create", out, err);
	strbuf_addf(&path, "%s/create", r->name);
	c = api_call_new(path.buf, fields, 1);
	strbuf_free(&path);
	return write_call(s, r, c, new_id, out, err);
}

int api_update(struct api_session *s, const struct resource *r, long long id,
               const struct api_form *fields, struct api_answer *out, struct api_error *err)
{
	struct strbuf path = STRBUF_INIT;
	struct api_call *c;

	if (!(r->ops & OP_UPDATE))
		return no_op(r, "update", out, err);
	strbuf_addf(&path, "%s/update", r->name);
	c = api_call_new(path.buf, NULL, 1);
	strbuf_free(&path);
	/* The record's key goes first and any copy in fields is dropped, so
	 * the update cannot land on another record than the one named. */
	api_form_add_int(&c->form, r->update_key, id);
	if (fields) {
		api_form_copy(&c->form, fields);
		for (size_t i = 1; i < c->form.n; i++) {
			if (strcmp(c->form.pairs[i].name, r->update_key) == 0) {
				free(c->form.pairs[i].name);
				free(c->form.pairs[i].value);
				memmove(&c->form.pairs[i], &c->form.pairs[i + 1],
				        (c->form.n - i - 1) * sizeof(c->form.pairs[0]));
				c->form.n--;
				i--;
			}
		}
	}
	return write_call(s, r, c, NULL, out, err);
}

int api_special(struct api_session *s, const struct resource *r, const char *action,
                const struct api_form *form, struct api_answer *out, struct api_error *err)
{
	const struct res_special *sp = res_special_find(r, action);
	struct strbuf path = STRBUF_INIT;
	struct api_call *c;

	if (!sp)
		return no_op(r, action, out, err);
	strbuf_addf(&path, "%s/%s", r->name, action);
	c = api_call_new(path.buf, form, sp->is_write);
	strbuf_free(&path);
	if (sp->is_write ? write_call(s, r, c, NULL, out, err) : run(s, c, out, err))
		return -1;
	/* Specials that list items (getAddOns, which the quota counts as a
	 * write) name them with propertyName; others (review/summary) carry
	 * their own members. */
	if (out->property && cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(out->root, out->property)))
		return api_answer_get(out, err);
	return 0;
}
