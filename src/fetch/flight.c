/* flight.c: identical reads in flight made once across the processes of a share. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "api/transport.h"
#include "common/hash.h"
#include "common/ini.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "fetch/flight.h"
#include "fetch/share_fs.h"

#define FLIGHT_MAGIC "routedesk-flight 1\n"
#define FLIGHT_MAX_BYTES ((size_t)512 << 20)
/* A lock file nobody took for this long is removed (under its lock). */
#define LOCK_KEEP_SECONDS 3600

struct fetch_flight {
	const struct fetch_share *sh;
	char *url;
	char *key, *token;
};

/* One read's handle, from its first ask to its end. */
struct flight_call {
	char name[17];        /* the key in hex */
	char *lock, *answer;  /* paths */
	struct strbuf canon;
	int fd;               /* on the lock file, -1 when not open */
	int owner;            /* holds the lock, sending */
	int waited;           /* found the lock taken at least once */
	/* The answer file as it was when this call began waiting: only a
	 * file written since (a rename makes a new one) answers it. */
	int had;
	struct stat before;
};

struct fetch_flight *fetch_flight_open(const struct fetch_share *sh, const char *url,
                                       const char *key, const char *token, struct strbuf *err)
{
	struct fetch_flight *ff;
	int fd;

	if (!sh) {
		strbuf_adds(err, _("no office share is set up"));
		return NULL;
	}
	/* 02770 in the share's group, as every directory of the share. */
	if ((fd = share_fs_dir(fetch_share_fd(sh), "flight", fetch_share_gid(sh), err)) < 0)
		return NULL;
	close(fd);
	ff = xcalloc(1, sizeof(*ff));
	ff->sh = sh;
	ff->url = xstrdup(url ? url : "");
	/* The credentials as the session sends them (and the service echoes
	 * them): trimmed as api_session_new trims them. */
	ff->key = ini_trimmed_dup(key);
	ff->token = ini_trimmed_dup(token);
	return ff;
}

static void wipe(char *s)
{
	if (s) {
		explicit_bzero(s, strlen(s));
		free(s);
	}
}

void fetch_flight_close(struct fetch_flight *ff)
{
	if (!ff)
		return;
	wipe(ff->key);
	wipe(ff->token);
	free(ff->url);
	free(ff);
}

static int is_credential(const char *name)
{
	return strcmp(name, "authenticationKey") == 0 || strcmp(name, "authenticationToken") == 0;
}

int fetch_flight_key(const char *path, const struct api_form *form, struct strbuf *canon,
                     uint64_t *hash)
{
	if (form && api_form_has_file(form))
		return -1;
	strbuf_addf(canon, "%s\n", path);
	for (size_t i = 0; form && i < form->n; i++) {
		const struct api_pair *p = &form->pairs[i];

		if (is_credential(p->name))
			continue;
		api_url_encode(canon, p->name, strlen(p->name), 1);
		strbuf_addc(canon, '=');
		api_url_encode(canon, p->value, p->len, 0);
		strbuf_addc(canon, '&');
	}
	*hash = hash_fnv(HASH_FNV_BASIS, canon->buf, canon->len);
	return 0;
}

/* 1 when every byte of s stands for itself in JSON text, whatever
 * escaping the service chooses: letters, digits and "-._~" only.  PHP
 * writes "/" as "\/", and with JSON_HEX_TAG, _AMP, _APOS or _QUOT "<",
 * "&", "'" as "\u003C"...: a key holding one would be written escaped,
 * unmatched, to a file the group reads (a review found it so). */
static int literal(const char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		      strchr("-._~", *s)))
			return 0;
	return 1;
}

static int mem_has(const char *text, size_t len, const char *needle)
{
	size_t n = strlen(needle);

	for (size_t i = 0; n && i + n <= len; i++)
		if (memcmp(text + i, needle, n) == 0)
			return 1;
	return 0;
}

int fetch_flight_strip(const char *text, size_t len, const char *key, const char *token,
                       struct strbuf *out)
{
	const char *cred[2] = { key && *key ? key : NULL, token && *token ? token : NULL };
	size_t start = out->len;

	/* The longer tried first: with the key a prefix of the token, the
	 * key's match would leave the token's tail in the text. */
	if (cred[0] && cred[1] && strlen(cred[1]) > strlen(cred[0])) {
		cred[0] = token;
		cred[1] = key;
	}

	for (int k = 0; k < 2; k++)
		if (cred[k] && (!literal(cred[k]) || (strlen(cred[k]) < 4 && mem_has(text, len, cred[k]))))
			return -1;
	for (size_t i = 0; i < len;) {
		size_t n = 0;

		for (int k = 0; k < 2 && !n; k++)
			if (cred[k] && strlen(cred[k]) <= len - i &&
			    memcmp(text + i, cred[k], strlen(cred[k])) == 0)
				n = strlen(cred[k]);
		if (n) {
			strbuf_adds(out, "REDACTED");
			i += n;
		} else {
			strbuf_addc(out, text[i++]);
		}
	}
	/* Nothing escapes the loop above, but an answer that held a key is
	 * the one thing never written: checked, not assumed. */
	for (int k = 0; k < 2; k++)
		if (cred[k] && mem_has(out->buf + start, out->len - start, cred[k])) {
			strbuf_setlen(out, start);
			return -1;
		}
	return 0;
}

static void call_free(struct flight_call *fc)
{
	if (!fc)
		return;
	if (fc->fd >= 0)
		close(fc->fd); /* the lock goes with it */
	free(fc->lock);
	free(fc->answer);
	strbuf_free(&fc->canon);
	free(fc);
}

/* flock(LOCK_NB) on the lock file: 0 held, 1 taken by another, -1 error.
 * A lock file pruned between open and flock guards nothing: opened again. */
static int try_lock(const struct fetch_flight *ff, struct flight_call *fc)
{
	for (int tries = 0; tries < 3; tries++) {
		struct stat a, b;

		if (fc->fd < 0) {
			fc->fd = share_fs_open(fetch_share_fd(ff->sh), fc->lock, O_RDWR | O_CREAT,
			                       fetch_share_gid(ff->sh));
			if (fc->fd < 0)
				return -1;
		}
		if (flock(fc->fd, LOCK_EX | LOCK_NB) < 0)
			return errno == EWOULDBLOCK || errno == EINTR ? 1 : -1;
		if (fstat(fc->fd, &a) == 0 &&
		    fstatat(fetch_share_fd(ff->sh), fc->lock, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
		    a.st_ino == b.st_ino && a.st_dev == b.st_dev) {
			(void)futimens(fc->fd, NULL); /* in use: not pruned */
			return 0;
		}
		close(fc->fd);
		fc->fd = -1;
	}
	return -1;
}

/* 1 when st is not the file seen before: written since. */
static int written_since(const struct flight_call *fc, const struct stat *st)
{
	return !fc->had || st->st_ino != fc->before.st_ino || st->st_dev != fc->before.st_dev ||
	       st->st_size != fc->before.st_size ||
	       st->st_mtim.tv_sec != fc->before.st_mtim.tv_sec ||
	       st->st_mtim.tv_nsec != fc->before.st_mtim.tv_nsec;
}

/* The answer written for this very read after this process began
 * waiting (lock held): 0 with it in body, else -1. */
static int read_answer(const struct fetch_flight *ff, struct flight_call *fc, struct strbuf *body)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT, head = STRBUF_INIT;
	struct stat st;
	int rc = -1;

	/* No clock is compared: the share may be on another host's disk. */
	if (fstatat(fetch_share_fd(ff->sh), fc->answer, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !written_since(fc, &st) ||
	    share_fs_read(fetch_share_fd(ff->sh), fc->answer, fetch_share_gid(ff->sh),
	                  FLIGHT_MAX_BYTES, &text, &err) < 0)
		goto out;
	strbuf_addf(&head, FLIGHT_MAGIC "%s\n%zu\n", ff->url, fc->canon.len);
	strbuf_add(&head, fc->canon.buf, fc->canon.len);
	strbuf_addc(&head, '\n');
	if (text.len < head.len || memcmp(text.buf, head.buf, head.len) != 0)
		goto out;
	strbuf_add(body, text.buf + head.len, text.len - head.len);
	rc = 0;
out:
	strbuf_free(&text);
	strbuf_free(&err);
	strbuf_free(&head);
	return rc;
}

int fetch_flight_ask(void *ctx, const char *path, const struct api_form *form, void **fl,
                     struct strbuf *body)
{
	struct fetch_flight *ff = ctx;
	struct flight_call *fc = *fl;
	struct stat st;
	uint64_t h;
	int r, had;

	if (!fc) {
		fc = xcalloc(1, sizeof(*fc));
		fc->fd = -1;
		if (fetch_flight_key(path, form, &fc->canon, &h) < 0) {
			call_free(fc);
			return API_FLIGHT_SEND;
		}
		snprintf(fc->name, sizeof(fc->name), "%016llx", (unsigned long long)h);
		{
			struct strbuf p = STRBUF_INIT;

			/* Relative to the share's directory (share_fs.h). */
			strbuf_addf(&p, "flight/%s.lock", fc->name);
			fc->lock = strbuf_detach(&p, NULL);
			strbuf_addf(&p, "flight/%s.json", fc->name);
			fc->answer = strbuf_detach(&p, NULL);
		}
		*fl = fc;
	}
	/* Looked at before the lock: an answer written between the two is
	 * taken for an old one, and the read sent again (never the wrong
	 * way round). */
	memset(&st, 0, sizeof(st));
	had = !fc->waited &&
	      fstatat(fetch_share_fd(ff->sh), fc->answer, &st, AT_SYMLINK_NOFOLLOW) == 0;
	r = try_lock(ff, fc);
	if (r == 1) {
		if (!fc->waited) {
			fc->had = had;
			fc->before = st;
		}
		fc->waited = 1;
		return API_FLIGHT_WAIT;
	}
	if (r < 0) {
		/* A share that cannot be locked shares nothing: sent as alone. */
		call_free(fc);
		*fl = NULL;
		return API_FLIGHT_SEND;
	}
	if (fc->waited && read_answer(ff, fc, body) == 0) {
		call_free(fc);
		*fl = NULL;
		return API_FLIGHT_ANSWER;
	}
	fc->owner = 1;
	return API_FLIGHT_SEND;
}

/* Answers past FLIGHT_KEEP_SECONDS, and lock files nobody took for an
 * hour (removed under their lock: try_lock sees the difference). */
static void prune(const struct fetch_flight *ff, const char *mine)
{
	DIR *d = share_fs_opendir(fetch_share_fd(ff->sh), "flight");
	struct dirent *e;
	time_t now = time(NULL);

	/* Names relative to the directory opened: a flight/ swapped for a
	 * symlink prunes nothing elsewhere. */
	while (d && (e = readdir(d))) {
		const char *dot = strrchr(e->d_name, '.');
		struct stat st;

		if (e->d_name[0] == '.' || !dot || strncmp(e->d_name, mine, 16) == 0)
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
			if (strcmp(dot, ".lock") != 0) {
				/* answers, and the temporary files of a process
				 * that died writing one */
				if (now - st.st_mtime > FLIGHT_KEEP_SECONDS)
					unlinkat(dirfd(d), e->d_name, 0);
			} else if (now - st.st_mtime > LOCK_KEEP_SECONDS) {
				int fd = share_fs_open(dirfd(d), e->d_name, O_RDONLY,
				                       fetch_share_gid(ff->sh));

				if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
					unlinkat(dirfd(d), e->d_name, 0);
				if (fd >= 0)
					close(fd);
			}
		}
	}
	if (d)
		closedir(d);
}

void fetch_flight_end(void *ctx, void *fl, const char *answer, size_t len)
{
	struct fetch_flight *ff = ctx;
	struct flight_call *fc = fl;

	if (!fc)
		return;
	if (fc->owner) {
		struct strbuf text = STRBUF_INIT, err = STRBUF_INIT, rel = STRBUF_INIT;

		strbuf_addf(&text, FLIGHT_MAGIC "%s\n%zu\n", ff->url, fc->canon.len);
		strbuf_add(&text, fc->canon.buf, fc->canon.len);
		strbuf_addc(&text, '\n');
		strbuf_addf(&rel, "flight/%s.json", fc->name);
		/* Written before the lock goes, so a waiter that gets the lock
		 * finds it; a failure leaves none, and the waiter sends. */
		if (!answer || fetch_flight_strip(answer, len, ff->key, ff->token, &text) < 0 ||
		    fetch_share_write(ff->sh, rel.buf, text.buf, text.len, &err) < 0)
			unlinkat(fetch_share_fd(ff->sh), fc->answer, 0);
		strbuf_free(&text);
		strbuf_free(&err);
		strbuf_free(&rel);
		prune(ff, fc->name);
	}
	call_free(fc);
}
