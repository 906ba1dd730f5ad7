/* cmd_api.c: `routedesk api PATH [NAME=VALUE | NAME:=JSON | NAME@FILE ...]`. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/account.h"
#include "api/encode.h"
#include "api/ops.h"
#include "api/resolve.h"
#include "api/transport.h"
#include "api/values.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "cli/redact.h"
#include "cli/share.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "common/utf8.h"
#include "ui/app.h"

struct args {
	const char *path;
	const char *account;
	const char *list_params; /* --list-parameters PATH, or NULL */
	int all, trace, insecure, help, version, list_ops;
	long rate;       /* -1: not given */
	long retries;    /* -1: not given */
	long search_cap; /* 0: not given */
	char **items;
	int n_items;
};

static void usage(FILE *f)
{
	fputs(_("usage: routedesk api [OPTIONS] PATH [NAME=VALUE | NAME:=JSON | NAME@FILE ...]\n"
	        "\n"
	        "Makes one API call (PATH such as customer/search, note/create, or\n"
	        "ENTITY/ID for one record: customer/10000) and prints the JSON answer,\n"
	        "credentials redacted.\n"
	        "  NAME=VALUE    sends a string\n"
	        "  NAME:=JSON    sends a JSON value: a number, an array (as name[]=...),\n"
	        "                a query object such as '{\"operator\":\">\",\"value\":5}'\n"
	        "  NAME@FILE     sends FILE as a multipart file part (document/create)\n"
	        "\n"
	        "Options:\n"
	        "  --all             for ENTITY/search: print one JSON array of every\n"
	        "                    matching record (search pages, gets of 1000, paging)\n"
	        "  --trace           print each HTTP request made, and the quota left,\n"
	        "                    to stderr\n"
	        "  --account NAME    use [account NAME] of the config file\n"
	        "  --rate N          at most N reads (and N writes) a minute, 0 to 100000;\n"
	        "                    0: no pacing\n"
	        "  --search-cap N    ids a search answers at most (default 50000)\n"
	        "  --retries N       retries of a failed read (default 7); writes are\n"
	        "                    never resent once sent\n"
	        "  --insecure        do not verify the server's TLS certificate, and allow\n"
	        "                    plain http:// to another host\n"
	        "  --list-operations print every PATH the resource table allows, one a\n"
	        "                    line, sorted; a by-id PATH is ENTITY/ID, such as\n"
	        "                    customer/10000, and is not listed\n"
	        "  --list-parameters PATH\n"
	        "                    print the parameter names PATH takes, one a line: a\n"
	        "                    search's filters, includeData and paging id; a get's\n"
	        "                    ids and flags; an ENTITY/ID's flags; a create's or\n"
	        "                    update's fields (update: its key first); a special\n"
	        "                    operation's, its record's key first, where the\n"
	        "                    resource table lists them\n"
	        "  --version         print the version and exit\n"
	        "  -h, --help        this text\n"
	        "\n"
	        "Exit status:\n"
	        "  0  success:true\n"
	        "  1  success:false (errorMessage on stderr; a key or token refused with\n"
	        "     HTTP 401 too), or a quota refusal in the answer\n"
	        "  2  usage, config, or credentials missing or unreadable\n"
	        "  3  network or HTTP failure (or a write with an unknown outcome), an HTTP\n"
	        "     429 that outlived the retries, or an unreadable answer\n"
	        "  4  --all: the search cap cut the result; the records printed are only a\n"
	        "     part\n"
	        "  5  a read was not sent: routedesk's share of the day's reads\n"
	        "     ([ui] read_share) is spent (the message on stderr says how much of it)\n"
	        "Neither list option needs credentials or makes a request.\n"
	        "Credentials: ROUTEDESK_URL, ROUTEDESK_KEY, ROUTEDESK_TOKEN, or\n"
	        "$XDG_CONFIG_HOME/routedesk/config ([account NAME]: url, key, token or\n"
	        "token_command; share = DIR, or ROUTEDESK_SHARE: identical reads of the\n"
	        "office's consoles and scripts in flight are made once, and the reads are\n"
	        "counted with theirs).  ROUTEDESK_TRACE=FILE logs one line per request.\n"), f);
}

/* Standard error gets text from the service, the config file and the
 * command line: every control character is escaped on the way, so none
 * of it can drive the user's terminal. */
static void print_err(const char *prefix, const char *text)
{
	struct strbuf esc = STRBUF_INIT;

	utf8_escape_controls(&esc, text ? text : "", text ? strlen(text) : 0);
	fprintf(stderr, "%s%s\n", prefix, strbuf_str(&esc));
	strbuf_free(&esc);
}

static int bad_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int bad_usage(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	print_err("routedesk api: ", strbuf_str(&sb));
	strbuf_free(&sb);
	fputs(_("Try 'routedesk api --help'.\n"), stderr);
	return CLI_USAGE;
}

/* The most reads a minute --rate, ROUTEDESK_RATE and the config's rate
 * take: the pacer keeps one slot per request of the minute. */
#define RATE_MAX 100000

static int number_arg(const char *opt, const char *v, long min, long max, long *out)
{
	long long n;

	if (!v || api_parse_ll(v, &n) < 0 || n < min || n > max) {
		/* TRANSLATORS: %s is an option or variable name, then its bounds. */
		bad_usage(_("%s needs a whole number from %ld to %ld"), opt, min, max);
		return -1;
	}
	*out = (long)n;
	return 0;
}

/* Options may come anywhere before "--"; the first other word is PATH. */
static int parse_args(int argc, char **argv, struct args *a)
{
	int opts_done = 0;

	memset(a, 0, sizeof(*a));
	a->rate = -1;
	a->retries = -1;
	a->items = xcalloc((size_t)argc, sizeof(*a->items));
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i], *v = NULL;
		size_t n;

		if (opts_done || s[0] != '-' || !s[1]) {
			if (!a->path)
				a->path = s;
			else
				a->items[a->n_items++] = argv[i];
			continue;
		}
		if (strcmp(s, "--") == 0) {
			opts_done = 1;
			continue;
		}
		n = strcspn(s, "=");
		if (s[n] == '=')
			v = s + n + 1;
#define IS(name) (strlen(name) == n && strncmp(s, name, n) == 0)
		if (IS("--all") && !v) {
			a->all = 1;
		} else if (IS("--trace") && !v) {
			a->trace = 1;
		} else if (IS("--insecure") && !v) {
			a->insecure = 1;
		} else if ((IS("--help") || IS("-h")) && !v) {
			a->help = 1;
		} else if (IS("--version") && !v) {
			a->version = 1;
		} else if (IS("--list-operations") && !v) {
			a->list_ops = 1;
		} else if (IS("--account") || IS("--rate") || IS("--search-cap") || IS("--retries") ||
		           IS("--list-parameters")) {
			if (!v && i + 1 < argc)
				v = argv[++i];
			if (!v || !*v)
				return bad_usage(_("%s needs a value"), s);
			if (IS("--account"))
				a->account = v;
			else if (IS("--list-parameters"))
				a->list_params = v;
			else if (IS("--rate") ? number_arg("--rate", v, 0, RATE_MAX, &a->rate) < 0
			         : IS("--retries") ? number_arg("--retries", v, 0, 1000, &a->retries) < 0
			         : number_arg("--search-cap", v, 1, 100000000, &a->search_cap) < 0)
				return CLI_USAGE;
		} else {
			return bad_usage(_("unknown option '%s'"), s);
		}
#undef IS
	}
	return 0;
}

/* A path as the service routes it: entity/action or entity/id. */
static int check_path(const char *p)
{
	if (!*p || strstr(p, "..") || strstr(p, "//"))
		return -1;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '/' || *p == '_' || *p == '-' || *p == '.'))
			return -1;
	return 0;
}

/* NAME=VALUE, NAME:=JSON or NAME@FILE (args.c), refused as a usage error. */
static int add_item(struct api_form *f, const char *item)
{
	struct strbuf msg = STRBUF_INIT;
	int rc = 0;

	if (cli_args_add(f, item, &msg) < 0)
		rc = bad_usage("%s", strbuf_str(&msg));
	strbuf_free(&msg);
	return rc;
}

/* ------------------------------------------- operations and parameter names */

/* What --list-operations and --list-parameters print comes from the resource
 * table alone: no config, no credentials, no request.  They are the shell
 * completion's source (contrib/completion/), so a resource, filter or
 * special added to the table completes without touching the scripts. */

/* The action in the path of each standard operation but by-id, whose path
 * ends with the record's id. */
static const struct {
	unsigned op;
	const char *action;
} std_ops[] = {
	{ OP_SEARCH, "search" },
	{ OP_GET, "get" },
	{ OP_CREATE, "create" },
	{ OP_UPDATE, "update" },
};

/* A list of distinct names in the order first added; the names are not
 * owned (the table's, or owned by the caller). */
struct names {
	const char **v;
	size_t n, cap;
};

static void names_add(struct names *ns, const char *name)
{
	if (!name || !*name)
		return;
	for (size_t i = 0; i < ns->n; i++)
		if (strcmp(ns->v[i], name) == 0)
			return;
	if (ns->n == ns->cap) {
		ns->cap = ns->cap ? 2 * ns->cap : 32;
		ns->v = xrealloc(ns->v, ns->cap * sizeof(*ns->v));
	}
	ns->v[ns->n++] = name;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* CLI_OK, or CLI_FAILED when what went to stdout did not all get there
 * (said, unless the reader went away). */
static int check_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno != EPIPE) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "%s%s", _("cannot write the output: "), strerror(errno));
			print_err("routedesk api: ", strbuf_str(&sb));
			strbuf_free(&sb);
		}
		return CLI_FAILED;
	}
	return CLI_OK;
}

/* One line per name on stdout; as check_stdout. */
static int print_names(const struct names *ns)
{
	for (size_t i = 0; i < ns->n; i++)
		printf("%s\n", ns->v[i]);
	return check_stdout();
}

/* --list-operations: every ENTITY/ACTION the table allows, in strcmp order. */
static int list_operations(void)
{
	struct names ns = { NULL, 0, 0 };
	char **paths = NULL;
	size_t n = 0, cap = 0;
	int rc;

	for (size_t i = 0; i < res_count; i++) {
		const struct resource *r = &res_table[i];
		size_t n_std = sizeof(std_ops) / sizeof(std_ops[0]);

		for (size_t k = 0; k < n_std + r->n_specials; k++) {
			struct strbuf sb = STRBUF_INIT;

			if (k < n_std && !(r->ops & std_ops[k].op))
				continue;
			strbuf_addf(&sb, "%s/%s", r->name,
			            k < n_std ? std_ops[k].action : r->specials[k - n_std].action);
			if (n == cap) {
				cap = cap ? 2 * cap : 128;
				paths = xrealloc(paths, cap * sizeof(*paths));
			}
			paths[n++] = strbuf_detach(&sb, NULL);
		}
	}
	if (n)
		qsort(paths, n, sizeof(*paths), by_name);
	for (size_t i = 0; i < n; i++)
		names_add(&ns, paths[i]);
	rc = print_names(&ns);
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	free(ns.v);
	return rc;
}

/* --list-parameters PATH: the names PATH's operation takes, as the table
 * has them (see usage); exit status 2 for a PATH the table does not allow. */
static int list_parameters(const char *path)
{
	struct names ns = { NULL, 0, 0 };
	const struct resource *r = NULL;
	const struct res_special *sp = NULL;
	const char *slash, *action = "";
	unsigned op = 0;
	int rc;

	while (*path == '/')
		path++;
	if ((slash = strchr(path, '/')) != NULL) {
		char *entity = xstrndup(path, (size_t)(slash - path));

		r = res_find(entity);
		free(entity);
		action = slash + 1;
	}
	if (r) {
		for (size_t k = 0; k < sizeof(std_ops) / sizeof(std_ops[0]); k++)
			if (strcmp(action, std_ops[k].action) == 0)
				op = std_ops[k].op;
		if (!op && *action && strspn(action, "0123456789") == strlen(action))
			op = OP_BYID;
		if (!op)
			sp = res_special_find(r, action);
	}
	if (!(r && (r->ops & op)) && !sp)
		return bad_usage(_("%s is not an operation of the resource table "
		                   "(routedesk api --list-operations lists them)"), path);
	if (op == OP_SEARCH) {
		for (size_t i = 0; i < r->n_filters; i++)
			names_add(&ns, r->filters[i].name);
		names_add(&ns, "includeData");
		/* Paging repeats the search with ">" on the id list. */
		names_add(&ns, r->id_name);
	} else if (op == OP_GET || op == OP_BYID) {
		if (op == OP_GET) {
			names_add(&ns, r->get_param);
			for (const char *const *al = r->get_alias; al && *al; al++)
				names_add(&ns, *al);
		}
		for (const char *const *g = r->get_flags; g && *g; g++)
			names_add(&ns, *g);
	} else if (op == OP_CREATE || op == OP_UPDATE) {
		if (op == OP_UPDATE)
			names_add(&ns, r->update_key);
		for (size_t i = 0; i < r->n_params; i++)
			if (r->params[i].flags & (op == OP_CREATE ? RP_CREATE : RP_UPDATE))
				names_add(&ns, r->params[i].name);
	} else if (sp->n_params) {
		/* The record it works on first (customer/updatePaymentProfile
		 * takes customerID), by the name writes give it (a note is
		 * contactID), then its own parameters. */
		names_add(&ns, r->update_key ? r->update_key : r->pk);
		for (size_t i = 0; i < sp->n_params; i++)
			names_add(&ns, sp->params[i].name);
	}
	rc = print_names(&ns);
	free(ns.v);
	return rc;
}

struct out {
	const char *key, *token;
	int trace;
	long records;
	int write_errno; /* stdout failed (a closed pipe, a full disk) */
	size_t cut;      /* --all: the search cap that cut the result, or 0 */
	int bad_text;    /* --all: a page's records text could not be printed */
	struct strbuf text; /* a batch's text, kept to spare regrowing it */
};

static void on_attempt(void *ctx, const struct api_trace *t)
{
	const struct out *o = ctx;

	struct strbuf sb = STRBUF_INIT;

	if (!o->trace)
		return;
	strbuf_addf(&sb, "%ld request %s %ld %zu %ld%s%s", trace_ms(), t->path, t->status,
	            t->bytes, t->ms, t->error ? " " : "", t->error ? t->error : "");
	print_err("", strbuf_str(&sb));
	strbuf_free(&sb);
}

static void print_json(cJSON *v, const struct out *o)
{
	struct strbuf sb = STRBUF_INIT;

	redact_print(&sb, v, 0, o->key, o->token);
	if (sb.len)
		fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_free(&sb);
}

static void say(const char *what, const char *msg, const struct out *o)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, what);
	api_redact_text(&sb, msg ? msg : "", o->key, o->token);
	print_err("routedesk api: ", strbuf_str(&sb));
	strbuf_free(&sb);
}

static int exit_for(const struct api_error *e)
{
	switch (e->kind) {
	case API_OK:
		return CLI_OK;
	case API_ERR_USAGE:
		return CLI_USAGE;
	case API_ERR_API:
		return CLI_REFUSED;
	case API_ERR_QUOTA:
		/* An HTTP 429 that outlived the retries is an HTTP failure; a
		 * refusal in the envelope (or a spent budget) a success:false. */
		return e->http_status == 429 ? CLI_FAILED : CLI_REFUSED;
	default:
		return CLI_FAILED;
	}
}

static int print_batch(void *ctx, const cJSON *records)
{
	struct out *o = ctx;
	const cJSON *r;
	struct strbuf *sb = &o->text;

	/* One write per batch: a record set of 100,000 is ~100 MB of text. */
	strbuf_reset(sb);
	cJSON_ArrayForEach(r, records) {
		strbuf_adds(sb, o->records++ ? ",\n\t" : "[\n\t");
		redact_print(sb, r, 1, o->key, o->token);
	}
	if (sb->len)
		fwrite(sb->buf, 1, sb->len, stdout);
	if (ferror(stdout) || fflush(stdout) != 0) {
		o->write_errno = errno ? errno : EIO;
		return -1;
	}
	return 0;
}

/* The same from the text of the page (api_sink's each_raw): no tree. */
static int print_text(void *ctx, const char *json, size_t len, size_t n)
{
	struct out *o = ctx;
	long before = o->records;

	(void)n;
	strbuf_reset(&o->text);
	if (redact_print_records(&o->text, json, len, &o->records, o->key, o->token) < 0) {
		/* Checked before it came here, so never seen; if it were, the
		 * batch is dropped whole rather than printed in part. */
		o->records = before;
		o->bad_text = 1;
		return -1;
	}
	if (o->text.len)
		fwrite(o->text.buf, 1, o->text.len, stdout);
	if (ferror(stdout) || fflush(stdout) != 0) {
		o->write_errno = errno ? errno : EIO;
		return -1;
	}
	return 0;
}

static void print_ignored(void *ctx, const cJSON *names)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *n;

	cJSON_ArrayForEach(n, names)
		if (cJSON_IsString(n))
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", n->valuestring);
	say(_("the service ignored: "), sb.buf, ctx);
	strbuf_free(&sb);
}

static void note_cut(void *ctx, size_t cap)
{
	struct out *o = ctx;

	o->cut = cap;
}

static int run_all(struct api_session *s, const char *path, const struct api_form *form,
                   struct out *o)
{
	struct api_sink sink = { print_batch, o, print_ignored, note_cut, print_text };
	struct api_error err = API_ERROR_INIT;
	struct api_resolve_stats st;
	const struct resource *r = NULL;
	const char *slash = strchr(path, '/');
	char *entity;
	int rc;

	if (slash && strcmp(slash, "/search") == 0) {
		entity = xstrndup(path, (size_t)(slash - path));
		r = res_find(entity);
		free(entity);
	}
	if (!r || !(r->ops & OP_SEARCH) || !(r->ops & OP_GET))
		return bad_usage(_("--all needs ENTITY/search of an entity with search and get, "
		                   "not %s"), path);
	/* Records are printed from the text of each page as it comes; the
	 * tree of each page, as before issue 12, only when asked (the tests
	 * compare the two outputs byte for byte). */
	if (getenv("ROUTEDESK_ALL_TREE") && strcmp(getenv("ROUTEDESK_ALL_TREE"), "1") == 0)
		sink.each_raw = NULL;
	rc = api_search_all(s, r, form, &sink, &st, &err);
	if (rc == 0) {
		/* On failure the array stays unterminated on purpose: a
		 * consumer must not mistake part of the records for all. */
		fputs(o->records ? "\n]\n" : "[]\n", stdout);
	} else if (o->bad_text) {
		say("", _("a page's records could not be read as JSON; the output stops before "
		          "them"), o);
	} else if (o->write_errno) {
		/* A reader that went away (| head) needs no message. */
		if (o->write_errno != EPIPE)
			say(_("cannot write the output: "), strerror(o->write_errno), o);
	} else {
		say("", api_error_text(&err), o);
	}
	/* --trace's lines are for scripts to read, as ROUTEDESK_TRACE's:
	 * the same words in every language. */
	if (o->trace)
		fprintf(stderr, "%ld all %ld pages, %ld gets, %ld ids, %ld records\n", trace_ms(),
		        st.pages, st.gets, st.ids, st.records);
	rc = exit_for(&err);
	if (rc == CLI_OK && o->cut) {
		/* The array is complete JSON, but not every match: say so, and
		 * exit with a status of its own so that scripts can tell. */
		struct strbuf msg = STRBUF_INIT;

		strbuf_addf(&msg, _("the search cap of %zu ids cut the result: the search "
		                    "already filters on %s, so it cannot page on; the %ld "
		                    "records printed are only a part; narrow the search"),
		            o->cut, r->id_name, o->records);
		say("", strbuf_str(&msg), o);
		strbuf_free(&msg);
		rc = CLI_CUT;
	}
	api_error_clear(&err);
	return rc;
}

static int run_one(struct api_session *s, const char *path, const struct api_form *form,
                   struct out *o)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error err = API_ERROR_INIT;
	int rc;

	api_request(s, path, form, &a, &err);
	if (a.root) {
		print_json(a.root, o);
		putchar('\n');
		if (cJSON_GetArraySize(a.ignored) > 0)
			print_ignored(o, a.ignored);
	}
	if (err.kind == API_ERR_API || (err.kind == API_ERR_QUOTA && a.root))
		say("", err.server_message ? err.server_message : api_error_text(&err), o);
	else if (err.kind != API_OK)
		say("", api_error_text(&err), o);
	rc = exit_for(&err);
	api_answer_free(&a);
	api_error_clear(&err);
	return rc;
}

/* What the key may still spend, as the last answer's tokenUsage says. */
static void print_budget(const struct api_session *s)
{
	struct api_budget b;

	api_session_budget(s, &b);
	if (!b.known)
		return;
	fprintf(stderr, "%ld budget reads %ld/min %ld/day left, writes %ld/min %ld/day left\n",
	        trace_ms(), b.reads_left_minute, b.reads_left_today, b.writes_left_minute,
	        b.writes_left_today);
}

/* Flag, then environment, then config, then the library's default. */
/* The flag, else the environment's env, else the config's, else dflt;
 * -1 (said) when env is set to anything but a number from min to max. */
static long pick(long flag, const char *env, long min, long max, long config, long dflt)
{
	const char *v = getenv(env);
	long n;

	if (flag >= 0)
		return flag;
	if (v && *v)
		return number_arg(env, v, min, max, &n) < 0 ? -1 : n;
	return config >= 0 ? config : dflt;
}

int cli_api(int argc, char **argv)
{
	struct api_form form = API_FORM_INIT;
	struct api_account acct;
	struct api_options opt;
	struct api_error err = API_ERROR_INIT;
	struct api_session *s = NULL;
	struct out o = { NULL, NULL, 0, 0, 0, 0, 0, STRBUF_INIT };
	struct args a;
	struct cli_share share;
	long rate, cap;
	int rc;

	rc = parse_args(argc, argv, &a);
	if (!rc && a.version && !a.help) {
		/* As the console's: an installer asks either. */
		app_print_version();
		free(a.items);
		return check_stdout();
	}
	if (!rc && !a.help && (a.list_ops || a.list_params)) {
		/* A PATH or NAME=VALUE beside them would be silently ignored. */
		if (a.path || (a.list_ops && a.list_params))
			rc = bad_usage(_("--list-operations and --list-parameters PATH go alone, "
			                 "without another PATH or NAME=VALUE"));
		else
			rc = a.list_ops ? list_operations() : list_parameters(a.list_params);
		free(a.items);
		return rc;
	}
	if (rc || a.help || !a.path) {
		if (!rc)
			usage(a.help ? stdout : stderr);
		free(a.items);
		return rc ? rc : a.help ? check_stdout() : CLI_USAGE;
	}
	while (*a.path == '/')
		a.path++;
	if (check_path(a.path) < 0) {
		free(a.items);
		return bad_usage(_("%s is not an API path such as customer/search"), a.path);
	}
	for (int i = 0; i < a.n_items; i++) {
		if ((rc = add_item(&form, a.items[i])) != 0) {
			api_form_free(&form);
			free(a.items);
			return rc;
		}
	}
	if (api_config_load(a.account, &acct, &err) < 0) {
		print_err("routedesk api: ", api_error_text(&err));
		api_error_clear(&err);
		api_form_free(&form);
		free(a.items);
		return CLI_USAGE;
	}
	/* A misspelt setting (tokne = ...) is said, as the console says it. */
	for (char *l = acct.warnings, *nl; l && *l; l = nl + 1) {
		nl = strchr(l, '\n');
		if (!nl)
			nl = l + strlen(l) - 1;
		else
			*nl = '\0';
		print_err("routedesk api: ", l);
	}
	api_options_default(&opt);
	opt.url = acct.url;
	opt.key = acct.key;
	opt.token = acct.token;
	opt.insecure = a.insecure;
	rate = pick(a.rate, "ROUTEDESK_RATE", 0, RATE_MAX, acct.rate, opt.reads_per_minute);
	cap = pick(a.search_cap > 0 ? a.search_cap : -1, "ROUTEDESK_SEARCH_CAP", 1, 100000000,
	           acct.search_cap > 0 ? acct.search_cap : -1, opt.search_cap);
	if (rate < 0 || cap < 0) {
		api_account_free(&acct);
		api_form_free(&form);
		free(a.items);
		return CLI_USAGE;
	}
	opt.reads_per_minute = opt.writes_per_minute = (int)rate;
	opt.search_cap = cap < 1 ? 50000 : cap;
	if (acct.stall > 0)
		opt.stall_seconds = acct.stall;
	if (a.retries >= 0)
		opt.max_attempts = (int)a.retries + 1;
	opt.on_attempt = on_attempt;
	opt.attempt_ctx = &o;
	o.trace = a.trace;
	cli_share_open(&share, &acct, &opt);
	if (api_global_init() < 0) {
		fputs(_("routedesk api: cannot initialise libcurl\n"), stderr);
		rc = CLI_FAILED;
		goto out;
	}
	s = api_session_new(&opt, &err);
	if (!s) {
		print_err("routedesk api: ", api_error_text(&err));
		rc = CLI_USAGE;
		goto out;
	}
	/* The session holds trimmed copies; redact with the same text it sends. */
	o.key = acct.key;
	o.token = acct.token;
	rc = a.all ? run_all(s, a.path, &form, &o) : run_one(s, a.path, &form, &o);
	/* Not the service's success:false: nothing was sent (exit 5). */
	if (rc != CLI_OK && share.refused)
		rc = CLI_SPENT;
	if (a.trace)
		print_budget(s);
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == CLI_OK) {
		if (errno != EPIPE)
			say(_("cannot write the output: "), strerror(errno), &o);
		rc = CLI_FAILED;
	}
out:
	api_session_free(s);
	cli_share_close(&share);
	api_global_cleanup();
	api_error_clear(&err);
	api_account_free(&acct);
	api_form_free(&form);
	strbuf_free(&o.text);
	free(a.items);
	return rc;
}
