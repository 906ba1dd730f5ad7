/* request.c: turns an HTTP request into parameters the way the service (PHP) reads them. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "sandbox/ops/request.h"

/* PHP's max_input_nesting_level: deeper bracket names are dropped. */
#define REQ_MAX_DEPTH 64

static const char KEY_NAME[] = "authenticationKey";
static const char TOKEN_NAME[] = "authenticationToken";

/* A name safe to quote in an errorMessage: invalid bytes and controls made
 * visible, so the JSON answer itself stays valid UTF-8. */
static char *printable(const char *s, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	utf8_escape_controls(&sb, s, len);
	return strbuf_detach(&sb, NULL);
}

/* "PREFIX NAME", the name made printable. */
static char *fmt_err(const char *prefix, const char *name, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	char *p = printable(name, len);

	strbuf_addf(&sb, "%s %s", prefix, p);
	free(p);
	return strbuf_detach(&sb, NULL);
}

/* --- the path ---------------------------------------------------------- */

static int all_digits(const char *s, size_t len)
{
	if (len == 0 || len > 18)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* /api/{entity}/{action} or /api/{entity}/{id}, one trailing slash
 * tolerated; /api/files/REST keeps REST whole as the action.  Anything else
 * leaves entity NULL, which the router answers with 404. */
static void split_path(struct sb_req *req, const char *path, size_t path_len)
{
	const char *p, *slash;
	size_t elen, alen;

	if (!path || strncmp(path, "/api/", 5) != 0)
		return;
	/* A %00 is in no endpoint's name: cut there, "search%00x" would run
	 * the search. */
	if (path_len && memchr(path, '\0', path_len))
		return;
	p = path + 5;
	if (strncmp(p, "files/", 6) == 0) {
		req->entity = xstrdup("files");
		req->action = xstrdup(p + 6);
		return;
	}
	slash = strchr(p, '/');
	if (!slash || slash == p)
		return;
	elen = (size_t)(slash - p);
	alen = strlen(slash + 1);
	if (alen > 0 && slash[alen] == '/')
		alen--;
	if (alen == 0 || memchr(slash + 1, '/', alen))
		return;
	req->entity = xstrndup(p, elen);
	if (all_digits(slash + 1, alen)) {
		req->path_id = strtoll(slash + 1, NULL, 10);
		req->action = NULL;
	} else {
		req->action = xstrndup(slash + 1, alen);
	}
	req->res = res_find(req->entity);
}

/* --- PHP-style bracket names ------------------------------------------- */

/* PHP's integer-like array key: "0" or a non-zero digit then digits. */
static int int_key(const char *s, long long *out)
{
	char *end;
	long long v;

	if (!s || !isdigit((unsigned char)s[0]) || (s[0] == '0' && s[1]))
		return 0;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end || errno)
		return 0;
	*out = v;
	return 1;
}

/* The key "[]" appends under: one past the largest integer key, as PHP. */
static char *next_index(const cJSON *obj)
{
	long long max = -1, v;
	struct strbuf sb = STRBUF_INIT;

	for (const cJSON *c = obj->child; c; c = c->next)
		if (int_key(c->string, &v) && v > max)
			max = v;
	strbuf_addf(&sb, "%lld", max + 1);
	return strbuf_detach(&sb, NULL);
}

/* Sets obj[key] = item, replacing in place (PHP keeps a key's position when
 * a later variable overwrites it; plain repeats: the last wins). */
static void put(cJSON *obj, const char *key, cJSON *item)
{
	/* ReplaceItemInObject, not ...ViaPointer: only the former names the
	 * replacement, and an unnamed member stops cJSON's key lookups. */
	if (cJSON_GetObjectItemCaseSensitive(obj, key))
		cJSON_ReplaceItemInObjectCaseSensitive(obj, key, item);
	else
		cJSON_AddItemToObject(obj, key, item);
}

/* The segments of a bracket name: base then each [key].  Returns the count
 * (0 to drop the variable), keys malloc'd into segs. */
static size_t split_name(const char *name, char **segs, size_t max)
{
	const char *open = strchr(name, '['), *p, *close;
	size_t n = 0;

	if (!open || !strchr(open, ']')) {
		if (!*name)
			return 0;
		segs[n++] = xstrdup(name);
		return n;
	}
	if (open == name)
		return 0; /* PHP drops a variable with an empty base name */
	segs[n++] = xstrndup(name, (size_t)(open - name));
	for (p = open; *p == '['; p = close + 1) {
		close = strchr(p + 1, ']');
		if (!close)
			break; /* PHP ignores what follows the last closed bracket */
		if (n == max) {
			while (n)
				free(segs[--n]);
			return 0;
		}
		segs[n++] = xstrndup(p + 1, (size_t)(close - p - 1));
	}
	return n;
}

static void add_pair(cJSON *params, const char *name, const char *value)
{
	char *segs[REQ_MAX_DEPTH + 1];
	size_t n = split_name(name, segs, REQ_MAX_DEPTH + 1);
	cJSON *cur = params;

	if (n == 0)
		return;
	for (size_t i = 0; i + 1 < n; i++) {
		cJSON *child;
		if (!*segs[i]) {
			free(segs[i]);
			segs[i] = next_index(cur);
		}
		child = cJSON_GetObjectItemCaseSensitive(cur, segs[i]);
		if (!cJSON_IsObject(child)) {
			child = cJSON_CreateObject();
			put(cur, segs[i], child);
		}
		cur = child;
	}
	if (!*segs[n - 1]) {
		free(segs[n - 1]);
		segs[n - 1] = next_index(cur);
	}
	put(cur, segs[n - 1], cJSON_CreateString(value));
	for (size_t i = 0; i < n; i++)
		free(segs[i]);
}

/* Objects whose keys are exactly 0..n-1 in order become arrays, as PHP's
 * json_encode shows them ("a[]=1&a[]=2" -> ["1","2"]). */
static void normalise(cJSON *item)
{
	long long want = 0, v;
	int is_list = 1;

	if (!cJSON_IsObject(item))
		return;
	for (cJSON *c = item->child; c; c = c->next) {
		normalise(c);
		if (!int_key(c->string, &v) || v != want++)
			is_list = 0;
	}
	if (!is_list || !item->child)
		return;
	for (cJSON *c = item->child; c; c = c->next) {
		if (!(c->type & cJSON_StringIsConst))
			free(c->string);
		c->string = NULL;
		c->type &= ~cJSON_StringIsConst;
	}
	item->type = (item->type & ~0xFF) | cJSON_Array;
}

/* --- a JSON body --------------------------------------------------------- */

/* Converts a body value to the params form (strings, arrays and objects of
 * strings).  *bad is set when a string is not valid UTF-8.
 *
 * No element counts toward the 1000-variable cut: that is PHP's
 * max_input_vars, which applies to the variables PHP itself parses (the
 * query string and a form body), while the service decodes a JSON body with
 * json_decode, which has no such cut.  Counting each array element here
 * once made a JSON get of 1001 ids fail authentication (the credentials
 * cut) instead of answering "Too many ids". */
static cJSON *convert(const cJSON *v, int *bad)
{
	cJSON *out;

	if (cJSON_IsArray(v) || cJSON_IsObject(v)) {
		out = cJSON_IsArray(v) ? cJSON_CreateArray() : cJSON_CreateObject();
		for (const cJSON *c = v->child; c; c = c->next) {
			cJSON *cv = convert(c, bad);
			if (cJSON_IsObject(v)) {
				if (!utf8_valid(c->string, strlen(c->string)))
					*bad = 1;
				put(out, c->string, cv);
			} else {
				cJSON_AddItemToArray(out, cv);
			}
		}
		return out;
	}
	if (cJSON_IsString(v)) {
		if (!utf8_valid(v->valuestring, strlen(v->valuestring)))
			*bad = 1;
		return cJSON_CreateString(v->valuestring);
	}
	if (cJSON_IsTrue(v))
		return cJSON_CreateString("1");
	if (cJSON_IsFalse(v))
		return cJSON_CreateString("0");
	if (cJSON_IsNumber(v)) {
		char *s = cJSON_PrintUnformatted(v);
		out = cJSON_CreateString(s ? s : "0");
		free(s);
		return out;
	}
	return cJSON_CreateString(""); /* null: PHP's (string)null */
}

/* Whether the JSON string starting after its opening quote at s[*i] holds a
 * NUL, raw or as \u0000; *i is left on the closing quote. */
static int json_string_has_nul(const char *s, size_t len, size_t *i)
{
	int nul = 0;

	for (; *i < len && s[*i] != '"'; (*i)++) {
		if (s[*i] == '\0')
			nul = 1;
		else if (s[*i] == '\\' && *i + 1 < len) {
			(*i)++;
			if (s[*i] == 'u' && *i + 4 < len && memcmp(s + *i + 1, "0000", 4) == 0)
				nul = 1;
		}
	}
	return nul;
}

/* The index of the body's first top-level member whose name or value holds
 * a NUL, or -1.  cJSON decodes \u0000 into a NUL but keeps no length, so
 * "demo-token\u0000x" would read as "demo-token" and "lname\u0000x" as
 * lname: the text itself is looked at, as a form's values are by length.
 * Called only on text cJSON accepted as an object, whose members it keeps
 * in this order (duplicates included). */
static long json_nul_member(const char *s, size_t len)
{
	int depth = 0;
	long member = -1;

	for (size_t i = 0; i < len; i++) {
		switch (s[i]) {
		case '"':
			i++;
			if (json_string_has_nul(s, len, &i))
				return member;
			break;
		case '{':
		case '[':
			if (depth++ == 0)
				member = 0;
			break;
		case '}':
		case ']':
			if (--depth == 0)
				return -1; /* cJSON ignores what follows the object */
			break;
		case ',':
			if (depth == 1)
				member++;
			break;
		default:
			break;
		}
	}
	return -1;
}

static int parse_body(struct sb_req *req, const struct sb_http_in *in, char **err)
{
	cJSON *body = cJSON_ParseWithLength(in->json_body, in->json_len);
	long nul;

	if (!body) {
		*err = xstrdup("Malformed JSON body");
		return -1;
	}
	if (!cJSON_IsObject(body)) {
		cJSON_Delete(body);
		*err = xstrdup("The JSON body must be an object");
		return -1;
	}
	nul = json_nul_member(in->json_body, in->json_len);
	if (nul >= 0) {
		cJSON *m = body->child;

		while (m && nul--)
			m = m->next;
		/* The name as cJSON kept it (cut at its NUL), as a form's is. */
		*err = fmt_err("NUL byte in parameter", m ? m->string : "", m ? strlen(m->string) : 0);
		cJSON_Delete(body);
		return -1;
	}
	for (cJSON *m = body->child; m; m = m->next) {
		int bad = !utf8_valid(m->string, strlen(m->string));
		cJSON *v = convert(m, &bad);
		if (bad) {
			*err = fmt_err("Invalid UTF-8 in parameter", m->string, strlen(m->string));
			cJSON_Delete(v);
			cJSON_Delete(body);
			return -1;
		}
		put(req->params, m->string, v);
	}
	cJSON_Delete(body);
	return 0;
}

/* --- credentials --------------------------------------------------------- */

static char *trimmed(const char *s)
{
	const char *e;

	if (!s)
		return NULL;
	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	return e > s ? xstrndup(s, (size_t)(e - s)) : NULL;
}

/* A parameter wins over a header of the same name: it is what the service's
 * PHP code reads first. */
static char *credential(const cJSON *params, const char *name, const char *header)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(params, name);
	char *s = cJSON_IsString(v) ? trimmed(v->valuestring) : NULL;

	return s ? s : trimmed(header);
}

/* --- parse --------------------------------------------------------------- */

int req_parse(struct sb_req *req, struct sb_ctx *ctx, const struct sb_http_in *in, char **err)
{
	size_t budget = REQ_MAX_VARS;

	memset(req, 0, sizeof(*req));
	*err = NULL;
	req->ctx = ctx;
	req->in = in;
	req->params = cJSON_CreateObject();
	if (ctx && ctx->cfg)
		memcpy(req->today, ctx->cfg->today, sizeof(req->today));
	req->today[sizeof(req->today) - 1] = '\0';
	split_path(req, in->path, in->path_len);

	for (size_t i = 0; i < in->n_pairs && budget; i++, budget--) {
		const struct sb_pair *p = &in->pairs[i];
		const char *name = p->name ? p->name : "";
		const char *value = p->value ? p->value : "";
		size_t vlen = p->value ? p->len : 0;

		if (!utf8_valid(name, strlen(name)) || !utf8_valid(value, vlen)) {
			*err = fmt_err("Invalid UTF-8 in parameter", name, strlen(name));
			return -1;
		}
		if (p->name_nul || memchr(value, '\0', vlen)) {
			*err = fmt_err("NUL byte in parameter", name, strlen(name));
			return -1;
		}
		add_pair(req->params, name, value);
	}
	/* The top level stays an object even for "0=a&1=b". */
	for (cJSON *c = req->params->child; c; c = c->next)
		normalise(c);
	/* After the pairs, and whole: the cut is the pairs' alone (convert). */
	if (in->json_body && parse_body(req, in, err) != 0)
		return -1;

	req->key = credential(req->params, KEY_NAME, in->header_key);
	req->token = credential(req->params, TOKEN_NAME, in->header_token);
	return 0;
}

void req_free(struct sb_req *req)
{
	free(req->entity);
	free(req->action);
	cJSON_Delete(req->params);
	free(req->key);
	free(req->token);
	for (size_t i = 0; i < req->n_used; i++)
		free(req->used[i]);
	free(req->used);
	memset(req, 0, sizeof(*req));
}

/* --- access -------------------------------------------------------------- */

static int is_used(const struct sb_req *req, const char *name)
{
	for (size_t i = 0; i < req->n_used; i++)
		if (strcmp(req->used[i], name) == 0)
			return 1;
	return 0;
}

void req_use(struct sb_req *req, const char *name)
{
	if (!name || is_used(req, name))
		return;
	if (req->n_used == req->cap_used) {
		req->cap_used = req->cap_used ? req->cap_used * 2 : 16;
		req->used = xrealloc(req->used, req->cap_used * sizeof(*req->used));
	}
	req->used[req->n_used++] = xstrdup(name);
}

const cJSON *req_param(struct sb_req *req, const char *name)
{
	req_use(req, name);
	return req->params ? cJSON_GetObjectItemCaseSensitive(req->params, name) : NULL;
}

const char *req_string(struct sb_req *req, const char *name)
{
	const cJSON *v = req_param(req, name);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Strict decimal integer with optional sign and surrounding blanks. */
static int parse_ll(const char *s, size_t len, long long *out)
{
	char buf[32], *end;
	size_t i = 0, j = len;
	long long v;

	while (i < j && isspace((unsigned char)s[i]))
		i++;
	while (j > i && isspace((unsigned char)s[j - 1]))
		j--;
	if (j == i || j - i >= sizeof(buf))
		return -1;
	memcpy(buf, s + i, j - i);
	buf[j - i] = '\0';
	if (!isdigit((unsigned char)buf[buf[0] == '-' || buf[0] == '+']))
		return -1;
	errno = 0;
	v = strtoll(buf, &end, 10);
	if (*end || errno)
		return -1;
	*out = v;
	return 0;
}

int req_int(struct sb_req *req, const char *name, long long *out)
{
	const cJSON *v = req_param(req, name);
	const char *s;

	if (!v)
		return 1;
	if (!cJSON_IsString(v))
		return -1;
	s = v->valuestring;
	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return 1;
	return parse_ll(s, strlen(s), out) == 0 ? 0 : -1;
}

int req_flag(struct sb_req *req, const char *name)
{
	int on;

	/* One reading of a flag's text: "01" and " 1 " were on for the
	 * checks and off here. */
	return req_flag_checked(req, name, &on) == 0 && on;
}

int req_flag_checked(struct sb_req *req, const char *name, int *on)
{
	const cJSON *v = req_param(req, name);
	long long n = 0;
	char *s;
	int rc = 0;

	*on = 0;
	if (!v)
		return 0;
	if (!cJSON_IsString(v))
		return -1;
	if (!(s = trimmed(v->valuestring)))
		return 0; /* empty: as if not sent */
	if (strcasecmp(s, "true") == 0)
		*on = 1;
	else if (strcasecmp(s, "false") != 0 && parse_ll(s, strlen(s), &n) != 0)
		rc = -1;
	else if (n != 0 && n != 1)
		rc = -2; /* the specification's "0 or 1": 2 was read as off */
	else
		*on = n == 1;
	free(s);
	return rc;
}

/* One element of a JSON-text id list: an integral number or an integer string. */
static int json_id(const cJSON *e, long long *out)
{
	if (cJSON_IsString(e))
		return parse_ll(e->valuestring, strlen(e->valuestring), out);
	if (cJSON_IsNumber(e) && e->valuedouble >= -9007199254740992.0 &&
	    e->valuedouble <= 9007199254740992.0 &&
	    (double)(long long)e->valuedouble == e->valuedouble) {
		*out = (long long)e->valuedouble;
		return 0;
	}
	return -1;
}

int req_ids(struct sb_req *req, const char *name, long long **ids, size_t *n)
{
	const cJSON *v = req_param(req, name);
	const cJSON *arr = NULL;
	cJSON *parsed = NULL;
	long long *out;
	size_t cnt = 0;
	int rc = 0;

	*ids = NULL;
	*n = 0;
	if (!v)
		return 1;
	if (cJSON_IsString(v)) {
		const char *s = v->valuestring;
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '[') {
			parsed = cJSON_Parse(s);
			if (!cJSON_IsArray(parsed)) {
				cJSON_Delete(parsed);
				return -1;
			}
			arr = parsed;
		}
	} else if (cJSON_IsArray(v)) {
		arr = v;
	} else {
		return -1;
	}

	if (arr) {
		out = xmalloc(((size_t)cJSON_GetArraySize(arr) + 1) * sizeof(*out));
		for (const cJSON *e = arr->child; e; e = e->next, cnt++) {
			if (json_id(e, &out[cnt]) != 0) {
				rc = -1;
				break;
			}
		}
	} else {
		const char *s = v->valuestring, *p = s, *comma;
		size_t commas = 0;
		for (const char *q = s; *q; q++)
			commas += *q == ',';
		out = xmalloc((commas + 1) * sizeof(*out));
		while (isspace((unsigned char)*p))
			p++;
		if (*p) {
			for (p = s;; p = comma + 1, cnt++) {
				comma = strchr(p, ',');
				size_t len = comma ? (size_t)(comma - p) : strlen(p);
				if (parse_ll(p, len, &out[cnt]) != 0) {
					rc = -1;
					break;
				}
				if (!comma) {
					cnt++;
					break;
				}
			}
		}
	}
	cJSON_Delete(parsed);
	*n = cnt;
	if (rc != 0) {
		free(out);
		return -1;
	}
	*ids = out;
	return 0;
}

static int in_params(const struct res_param *p, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(p[i].name, name) == 0)
			return 1;
	return 0;
}

/* Whether any operation of r takes a parameter called name. */
static int res_takes(const struct resource *r, const char *name)
{
	static const char *const common[] = { "includeData", "officeIDs", "officeID", NULL };

	if (!r)
		return 0;
	for (size_t i = 0; common[i]; i++)
		if (strcmp(common[i], name) == 0)
			return 1;
	if (res_field_find(r, name) || res_filter_find(r, name) || res_is_get_param(r, name) ||
	    in_params(r->params, r->n_params, name) ||
	    (r->update_key && strcmp(r->update_key, name) == 0) ||
	    (r->owner && strcmp(r->owner, name) == 0))
		return 1;
	for (size_t i = 0; r->get_flags && r->get_flags[i]; i++)
		if (strcmp(r->get_flags[i], name) == 0)
			return 1;
	for (size_t i = 0; i < r->n_specials; i++)
		if (in_params(r->specials[i].params, r->specials[i].n_params, name))
			return 1;
	return 0;
}

static int is_get_flag(const struct resource *r, const char *name)
{
	for (size_t i = 0; r->get_flags && r->get_flags[i]; i++)
		if (strcmp(r->get_flags[i], name) == 0)
			return 1;
	return 0;
}

/* Whether the request's own operation takes a parameter called name.  A
 * read's parameters are known exactly (search: its filters; get: the id
 * parameter and the flags; by-id: the flags), so a failed read names a
 * parameter of another operation too: serviceType/get sent the search's
 * serviceTypeIDs is told that name was not recognised, the hint the caller
 * needs.  A write's hooks read more than the table lists, so a failed
 * write keeps to what no operation of the entity takes. */
static int op_takes(const struct sb_req *req, const char *name)
{
	static const char *const common[] = { "includeData", "officeIDs", "officeID", NULL };
	const struct resource *r = req->res;
	const char *a = req->action;

	if (!r)
		return 0;
	for (size_t i = 0; common[i]; i++)
		if (strcmp(common[i], name) == 0)
			return 1;
	if (!a)
		return is_get_flag(r, name);
	if (strcmp(a, "search") == 0 && (r->ops & OP_SEARCH))
		return res_filter_find(r, name) || strcmp(r->id_name, name) == 0;
	if (strcmp(a, "get") == 0 && (r->ops & OP_GET))
		return res_is_get_param(r, name) || is_get_flag(r, name);
	return res_takes(r, name);
}

cJSON *req_ignored(const struct sb_req *req, int failed)
{
	cJSON *arr = cJSON_CreateArray();

	if (!req->params)
		return arr;
	for (const cJSON *c = req->params->child; c; c = c->next) {
		if (!c->string || strcmp(c->string, KEY_NAME) == 0 ||
		    strcmp(c->string, TOKEN_NAME) == 0 || is_used(req, c->string))
			continue;
		/* A call that failed stopped before reading the rest: only
		 * what its operation does not take is known to be ignored. */
		if (failed && op_takes(req, c->string))
			continue;
		cJSON_AddItemToArray(arr, cJSON_CreateString(c->string));
	}
	return arr;
}
