/* account.c: reading account sections, the permission check, token_command, env. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "api/account.h"
#include "api/values.h"
#include "common/i18n.h"
#include "common/ini.h"
#include "common/strbuf.h"

#define MAX_CONFIG_BYTES (1 << 20)

void api_account_init(struct api_account *a)
{
	memset(a, 0, sizeof(*a));
	a->rate = -1;
}

void api_wipe_free(char *s)
{
	if (s) {
		volatile char *p = s;

		while (*p)
			*p++ = '\0';
	}
	free(s);
}

void api_wipe_free_len(char *s, size_t len)
{
	if (s)
		explicit_bzero(s, len);
	free(s);
}

void api_account_free(struct api_account *a)
{
	free(a->name);
	free(a->path);
	free(a->url);
	api_wipe_free(a->key);
	api_wipe_free(a->token);
	free(a->token_command);
	free(a->share);
	free(a->warnings);
	api_account_init(a);
}

char *api_config_path(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	struct strbuf sb = STRBUF_INIT;

	/* The XDG spec says a relative XDG_CONFIG_HOME is to be ignored. */
	if (xdg && xdg[0] == '/')
		strbuf_addf(&sb, "%s/routedesk/config", xdg);
	else if (home && *home)
		strbuf_addf(&sb, "%s/.config/routedesk/config", home);
	else
		return NULL;
	return strbuf_detach(&sb, NULL);
}

/* "account NAME" -> NAME, or NULL for another kind of section. */
static char *account_name(char *section)
{
	if (strncmp(section, "account", 7) != 0 || !isspace((unsigned char)section[7]))
		return NULL;
	section = ini_trim(section + 7);
	return *section ? section : NULL;
}

struct parse {
	const char *path;
	const char *want;     /* the account asked for, or NULL */
	struct strbuf names;  /* every account, ", "-separated, for messages */
	int n_accounts;
	struct seen {         /* ... and where each one's section began */
		char *name;
		int line;
	} *seen;
	int in_account;       /* the section being read is an [account NAME] */
	int chosen;           /* the section being read is the one to use */
	int found;
	struct api_account first, *out;
	struct api_error *err;
	struct strbuf warnings; /* unknown settings of [account ...] sections */
	const char *section;    /* the [account ...] being read */
};

int api_account_setting(const char *name)
{
	static const char *const keys[] = { "url", "key", "token", "token_command", "rate",
		                             "search_cap", "share", "stall" };

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strcmp(name, keys[i]) == 0)
			return 1;
	return 0;
}

static int set_key(struct parse *p, int line, const char *k, const char *v, struct api_error *err)
{
	struct api_account *a = p->out;
	long long n;

	if (strcmp(k, "url") == 0) {
		free(a->url);
		a->url = xstrdup(v);
		a->url_line = line;
	} else if (strcmp(k, "key") == 0) {
		api_wipe_free(a->key);
		a->key = xstrdup(v);
	} else if (strcmp(k, "token") == 0) {
		api_wipe_free(a->token);
		a->token = xstrdup(v);
	} else if (strcmp(k, "token_command") == 0) {
		free(a->token_command);
		a->token_command = xstrdup(v);
	} else if (strcmp(k, "rate") == 0) {
		if (api_parse_ll(v, &n) < 0 || n < 0 || n > 100000) {
			api_error_set(err, API_ERR_USAGE, 0, NULL,
			              _("%s:%d: rate must be a number of requests a minute "
			                "(0 for no pacing)"),
			              p->path, line);
			return -1;
		}
		a->rate = (int)n;
	} else if (strcmp(k, "share") == 0) {
		free(a->share);
		a->share = xstrdup(v);
	} else if (strcmp(k, "search_cap") == 0) {
		if (api_parse_ll(v, &n) < 0 || n < 1) {
			api_error_set(err, API_ERR_USAGE, 0, NULL,
			              _("%s:%d: search_cap must be a positive number"), p->path, line);
			return -1;
		}
		a->search_cap = (long)n;
	} else if (strcmp(k, "stall") == 0) {
		if (api_parse_ll(v, &n) < 0 || n < 1 || n > 600) {
			api_error_set(err, API_ERR_USAGE, 0, NULL,
			              _("%s:%d: stall must be a number of seconds from 1 to 600"),
			              p->path, line);
			return -1;
		}
		a->stall = (long)n;
	}
	/* Other keys are left to the modules that own them. */
	return 0;
}

/* ini_parse's callback: 0 to go on, -1 with p->err set. */
static int parse_line(const struct ini_line *l, void *ctx)
{
	struct parse *p = ctx;
	struct api_account *keep = p->out;
	char *name;
	int rc;

	if (l->kind == INI_NO_CLOSE || (l->kind == INI_SECTION && l->rest[0])) {
		api_error_set(p->err, API_ERR_USAGE, 0, NULL, _("%s:%d: a section header is [NAME]"),
		              p->path, l->lineno);
		return -1;
	}
	if (l->kind == INI_NO_EQUALS) {
		api_error_set(p->err, API_ERR_USAGE, 0, NULL, _("%s:%d: expected NAME = VALUE"),
		              p->path, l->lineno);
		return -1;
	}
	if (l->kind == INI_PAIR) {
		if (p->in_account && !api_account_setting(l->name)) {
			strbuf_addf(&p->warnings, _("%s:%d: unknown setting '%s' in [%s] (ignored)"),
			            p->path, l->lineno, l->name, p->section);
			strbuf_addc(&p->warnings, '\n');
		}
		if (!p->in_account || !p->chosen)
			return 0;
		if (p->chosen == 2)
			p->out = &p->first;
		rc = set_key(p, l->lineno, l->name, l->value, p->err);
		p->out = keep;
		return rc;
	}
	name = account_name(l->name);
	p->in_account = name != NULL;
	p->section = l->name;
	p->chosen = 0;
	if (!name)
		return 0;
	/* Two sections of one name: which one's url, key or token would be
	 * used is anybody's guess (the second replaced the first's). */
	for (int i = 0; i < p->n_accounts; i++)
		if (strcmp(p->seen[i].name, name) == 0) {
			api_error_set(p->err, API_ERR_USAGE, 0, NULL,
			              _("%s:%d: [account %s] again (the first is at line %d): "
			                "keep one section per account"),
			              p->path, l->lineno, name, p->seen[i].line);
			return -1;
		}
	p->seen = xrealloc(p->seen, (size_t)(p->n_accounts + 1) * sizeof(*p->seen));
	p->seen[p->n_accounts].name = xstrdup(name);
	p->seen[p->n_accounts].line = l->lineno;
	strbuf_addf(&p->names, "%s%s", p->n_accounts ? ", " : "", name);
	p->n_accounts++;
	/* Without a choice, the first account is kept aside in case it is
	 * the only one; "default" wins. */
	if (p->want ? strcmp(name, p->want) == 0 : strcmp(name, "default") == 0) {
		api_account_free(p->out);
		p->out->name = xstrdup(name);
		p->chosen = p->found = 1;
	} else if (!p->want && p->n_accounts == 1) {
		p->first.name = xstrdup(name);
		p->chosen = 2;
	}
	return 0;
}

int api_config_parse(const char *text, const char *path, const char *account,
                     struct api_account *out, struct api_error *err)
{
	struct parse p;
	char *copy = xstrdup(text);
	size_t len = strlen(text);
	int rc = -1;

	memset(&p, 0, sizeof(p));
	p.path = path ? path : "config";
	p.want = account;
	p.out = out;
	p.err = err;
	api_account_init(&p.first);
	if (ini_parse(copy, parse_line, &p) < 0)
		goto out;
	if (!p.found && account) {
		if (p.n_accounts)
			api_error_set(err, API_ERR_USAGE, 0, NULL,
			              /* TRANSLATORS: the last %s lists the file's accounts. */
			              _("no [account %s] in %s (it has: %s)"), account, p.path,
			              p.names.buf);
		else
			api_error_set(err, API_ERR_USAGE, 0, NULL, _("no [account %s] in %s"), account,
			              p.path);
		goto out;
	}
	if (!p.found && p.n_accounts > 1) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("%s has several accounts (%s) and none is [account default]: "
		                "choose one with --account NAME"), p.path, p.names.buf);
		goto out;
	}
	if (!p.found && p.n_accounts == 1) {
		api_account_free(out);
		*out = p.first;
		api_account_init(&p.first);
	}
	if (out->token && out->token_command) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("%s: [account %s] has both token and token_command; keep one"),
		              p.path, out->name ? out->name : "?");
		goto out;
	}
	rc = 0;
	free(out->warnings);
	out->warnings = p.warnings.len ? strbuf_detach(&p.warnings, NULL) : NULL;
out:
	api_account_free(&p.first);
	strbuf_free(&p.names);
	strbuf_free(&p.warnings);
	for (int i = 0; i < p.n_accounts; i++)
		free(p.seen[i].name);
	free(p.seen);
	/* ini_parse wrote a NUL at each line's end: the whole copy. */
	api_wipe_free_len(copy, len);
	return rc;
}

int api_config_check_mode(const char *path, unsigned mode, struct api_error *err)
{
	if (!(mode & (S_IRGRP | S_IROTH)))
		return 0;
	api_error_set(err, API_ERR_USAGE, 0, NULL,
	              _("%s holds an API token and other users can read it (mode %03o); "
	                "refusing to use it. Fix it with: chmod 600 %s"),
	              path, mode & 0777u, path);
	return -1;
}

int api_config_check_file(const char *path, unsigned mode, unsigned uid, unsigned my_uid,
                          struct api_error *err)
{
	if (uid != my_uid) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("%s belongs to another user (uid %u), and it chooses where the API key "
		                "is sent and which commands run as you; refusing to use it. Copy it to "
		                "a file of your own and chmod 600 it"),
		              path, uid);
		return -1;
	}
	if (mode & (S_IWGRP | S_IWOTH)) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("%s: other users can change it (mode %03o), and it chooses where the API "
		                "key is sent and which commands run as you; refusing to use it. Fix it "
		                "with: chmod 600 %s"),
		              path, mode & 0777u, path);
		return -1;
	}
	return 0;
}

/* Runs cmd with /bin/sh -c and takes the first line of its output, trimmed.
 * 0 with *token malloc'd, or -1 with a usage error (failure, no output). */
static int api_token_command(const char *cmd, char **token, struct api_error *err)
{
	struct strbuf out = STRBUF_INIT;
	char buf[4096], *line;
	size_t n;
	int status;
	FILE *f;

	*token = NULL;
	fflush(NULL);
	f = popen(cmd, "re"); /* popen runs /bin/sh -c cmd */
	if (!f) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("cannot run token_command: %s"),
		              strerror(errno));
		return -1;
	}
	/* A command that takes a while (a passphrase asked for, a hung
	 * agent) is said, once, instead of a silent hang before anything
	 * starts; the terminal is still the shell's, so Ctrl-C ends both. */
	{
		struct pollfd p = { fileno(f), POLLIN, 0 };

		if (poll(&p, 1, 1000) == 0)
			fprintf(stderr, "%s", _("routedesk: waiting for token_command (Ctrl-C gives up)...\n"));
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		if (out.len < 65536)
			strbuf_add(&out, buf, n);
	status = pclose(f);
	if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		if (status != -1 && WIFEXITED(status))
			api_error_set(err, API_ERR_USAGE, 0, NULL,
			              _("token_command failed (exit status %d)"), WEXITSTATUS(status));
		else
			api_error_set(err, API_ERR_USAGE, 0, NULL,
			              _("token_command failed (status %d)"), status);
		api_wipe_free(strbuf_detach(&out, NULL));
		return -1;
	}
	line = strbuf_detach(&out, NULL);
	line[strcspn(line, "\n")] = '\0';
	if (!*ini_trim(line)) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("token_command printed no token"));
		api_wipe_free(line);
		return -1;
	}
	*token = xstrdup(ini_trim(line));
	api_wipe_free(line);
	return 0;
}

struct holds {
	const char *name;
	int found;
};

static int holds_line(const struct ini_line *l, void *ctx)
{
	struct holds *h = ctx;

	if (l->kind == INI_PAIR && strcmp(l->name, h->name) == 0)
		h->found = 1;
	return h->found;
}

/* 1 when some line of text sets name (name = ...), in any section: read
 * by the parser that reads the account, so no line it takes for a token
 * (white space of any kind around the name) escapes the check. */
static int holds_key(const char *text, const char *name)
{
	char *copy = xstrdup(text);
	size_t len = strlen(text);
	struct holds h = { name, 0 };

	(void)ini_parse(copy, holds_line, &h);
	api_wipe_free_len(copy, len);
	return h.found;
}

int api_config_read(const char *path, char **text, struct api_error *err)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char buf[4096];
	ssize_t n;
	/* O_NONBLOCK: a FIFO put there must not hang the start. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	*text = NULL;
	if (fd < 0 && errno == ENOENT)
		return 1;
	if (fd < 0 || fstat(fd, &st) < 0) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("cannot read %s: %s"), path,
		              strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		/* A directory read as an empty config said "no API URL". */
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("cannot read %s: %s"), path,
		              S_ISDIR(st.st_mode) ? strerror(EISDIR) : _("not a regular file"));
		close(fd);
		return -1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0 && sb.len < MAX_CONFIG_BYTES)
		strbuf_add(&sb, buf, (size_t)n);
	if (n < 0) {
		int e = errno;

		close(fd);
		api_wipe_free(strbuf_detach(&sb, NULL));
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("cannot read %s: %s"), path,
		              strerror(e));
		return -1;
	}
	close(fd);
	if (memchr(sb.buf ? sb.buf : "", '\0', sb.len)) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("%s is not a text file"), path);
		api_wipe_free(strbuf_detach(&sb, NULL));
		return -1;
	}
	*text = strbuf_detach(&sb, NULL);
	/* Checked on the descriptor that was read, not on the path again. */
	/* Every config must stay the user's: whoever can change one chooses
	 * the URL the key and token are sent to (from the environment too)
	 * and the commands run as the user (token_command, [notify]
	 * command).  A token must also stay private. */
	if (api_config_check_file(path, st.st_mode, st.st_uid, geteuid(), err) < 0 ||
	    (holds_key(*text, "token") && api_config_check_mode(path, st.st_mode, err) < 0)) {
		api_wipe_free(*text);
		*text = NULL;
		return -1;
	}
	return 0;
}

/* Replaces *slot with the trimmed value of the environment variable name,
 * when it is set and not blank: 1 then, else 0. */
static int from_env(char **slot, const char *name, int secret)
{
	const char *v = getenv(name);
	char *copy;
	int set;

	if (!v)
		return 0;
	copy = xstrdup(v);
	set = *ini_trim(copy) != '\0';
	if (set) {
		if (secret)
			api_wipe_free(*slot);
		else
			free(*slot);
		*slot = xstrdup(ini_trim(copy));
	}
	api_wipe_free_len(copy, strlen(v));
	return set;
}

/* 0 when the account's url (if any) is one the client can use, else -1
 * with a usage error naming where it was set: the client's own "API URL
 * must start with https://" named neither the file nor the line nor the
 * variable, and came only after token_command had run.  The value is not
 * repeated: a token pasted on the wrong line would be printed. */
static int check_url(const struct api_account *a, struct api_error *err)
{
	if (!a->url || !*a->url || strncmp(a->url, "https://", 8) == 0 ||
	    strncmp(a->url, "http://", 7) == 0)
		return 0;
	if (a->url_line > 0)
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("%s:%d: url must start with https:// (or http:// for a local "
		                "sandbox)"),
		              a->path ? a->path : "", a->url_line);
	else
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("ROUTEDESK_URL must start with https:// (or http:// for a local "
		                "sandbox)"));
	return -1;
}

static void trim_in_place(char **slot)
{
	char *t;

	if (!*slot)
		return;
	t = xstrdup(ini_trim(*slot));
	api_wipe_free(*slot);
	*slot = t;
}

int api_config_load(const char *account, struct api_account *out, struct api_error *err)
{
	char *path = api_config_path(), *text = NULL;
	int rc;

	api_account_init(out);
	rc = path ? api_config_read(path, &text, err) : 1;
	if (rc < 0)
		goto fail;
	if (rc == 0) {
		if (api_config_parse(text, path, account, out, err) < 0)
			goto fail;
		out->path = path;
		path = NULL;
	} else if (account) {
		if (path)
			api_error_set(err, API_ERR_USAGE, 0, NULL, _("--account %s: no config file %s"),
			              account, path);
		else
			api_error_set(err, API_ERR_USAGE, 0, NULL,
			              _("--account %s: no config file (neither XDG_CONFIG_HOME nor "
			                "HOME is set)"), account);
		goto fail;
	}
	if (from_env(&out->url, "ROUTEDESK_URL", 0))
		out->url_line = 0;
	from_env(&out->key, "ROUTEDESK_KEY", 1);
	from_env(&out->token, "ROUTEDESK_TOKEN", 1);
	from_env(&out->share, "ROUTEDESK_SHARE", 0);
	trim_in_place(&out->url);
	trim_in_place(&out->key);
	trim_in_place(&out->token);
	if (check_url(out, err) < 0)
		goto fail;
	if (!out->token && out->token_command &&
	    api_token_command(out->token_command, &out->token, err) < 0)
		goto fail;
	api_wipe_free(text);
	free(path);
	return 0;
fail:
	api_wipe_free(text);
	free(path);
	api_account_free(out);
	return -1;
}
