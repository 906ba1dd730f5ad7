/* budget.c: routedesk's share of the day's reads, counted across consoles in a locked file. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/hash.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "fetch/budget.h"
#include "fetch/share.h"
#include "fetch/share_fs.h"

struct fetch_budget {
	char *dir;
	int percent;
	gid_t gid;         /* the share's group, or SHARE_FS_PRIVATE */
	int fd;            /* on dir: its files are opened from it (share_fs.h) */
	long noted; /* the day's read limit last written to DIR/read-limit */
};

struct fetch_budget *fetch_budget_open(const char *dir, int percent, gid_t gid)
{
	struct fetch_budget *fb;
	struct strbuf err = STRBUF_INIT;
	int rc;

	if (!dir || percent < 1 || percent > 100)
		return NULL;
	rc = share_fs_dir(AT_FDCWD, dir, gid, &err);
	strbuf_free(&err);
	if (rc < 0 || (rc = share_fs_base(AT_FDCWD, dir)) < 0)
		return NULL;
	fb = xcalloc(1, sizeof(*fb));
	fb->fd = rc;
	fb->dir = xstrdup(dir);
	fb->percent = percent;
	fb->gid = gid;
	return fb;
}

struct fetch_budget *fetch_budget_open_account(const struct fetch_share *sh, const char *state,
                                               const char *url, const char *key, int percent)
{
	struct strbuf dir = STRBUF_INIT;
	struct fetch_budget *fb;

	if (sh)
		return fetch_budget_open(fetch_share_path(sh), percent, fetch_share_gid(sh));
	if (!state)
		return NULL;
	strbuf_addf(&dir, "%s/reads", state);
	if (mkdir(dir.buf, 0700) < 0 && errno != EEXIST) {
		strbuf_free(&dir);
		return NULL;
	}
	strbuf_addf(&dir, "/%016llx", (unsigned long long)hash_account(url, key));
	fb = fetch_budget_open(dir.buf, percent, SHARE_FS_PRIVATE);
	strbuf_free(&dir);
	return fb;
}

void fetch_budget_close(struct fetch_budget *fb)
{
	if (!fb)
		return;
	close(fb->fd);
	free(fb->dir);
	free(fb);
}

char *fetch_budget_path(const struct fetch_budget *fb, const char *day)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/reads-%s", fb->dir, day);
	return strbuf_detach(&sb, NULL);
}

/* Today's counter's name in dir.  The service's day is the account's
 * local day, as budget_day in the transport: the counter starts again at
 * midnight. */
static int today_name(char name[32])
{
	char day[16];
	time_t t = time(NULL);
	struct tm tm;

	if (!localtime_r(&t, &tm) || !strftime(day, sizeof(day), "%Y-%m-%d", &tm))
		return -1;
	snprintf(name, 32, "reads-%s", day);
	return 0;
}

#define LIMIT_NAME "read-limit"

/* The day's read limit the service announced last, to whichever process
 * of the directory: a `routedesk api` makes one read, before which its own
 * session knows no limit, and it must keep to the share all the same. */
static long saved_day_limit(const struct fetch_budget *fb)
{
	char buf[32];
	int fd = share_fs_open(fb->fd, LIMIT_NAME, O_RDONLY, fb->gid);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
	long v = 0;

	if (n > 0) {
		buf[n] = '\0';
		v = strtol(buf, NULL, 10);
	}
	if (fd >= 0)
		close(fd);
	return v > 0 ? v : -1;
}

void fetch_budget_note(void *ctx, const struct api_budget *b)
{
	struct fetch_budget *fb = ctx;
	char buf[32];
	int fd, len;

	if (!fb || !b || !b->known || b->limits.read_day <= 0 || b->limits.read_day == fb->noted)
		return;
	fb->noted = b->limits.read_day;
	fd = share_fs_open(fb->fd, LIMIT_NAME, O_WRONLY | O_CREAT, fb->gid);
	if (fd < 0)
		return;
	len = snprintf(buf, sizeof(buf), "%ld\n", b->limits.read_day);
	/* Short and written at once: a reader sees the old or the new line. */
	if (ftruncate(fd, 0) == 0)
		(void)!pwrite(fd, buf, (size_t)len, 0);
	close(fd);
}

/* The day's read limit: the service's latest word, else the one saved. */
static long day_limit(const struct fetch_budget *fb, const struct api_budget *b)
{
	if (b && b->known && b->limits.read_day > 0)
		return b->limits.read_day;
	return saved_day_limit(fb);
}

long fetch_budget_limit(const struct fetch_budget *fb, const struct api_budget *b)
{
	long day = fb ? day_limit(fb, b) : -1;

	return day > 0 ? day * fb->percent / 100 : -1;
}

/* Reads the count at fd (locked); 0 for an empty or unreadable file. */
static long count_at(int fd)
{
	char buf[32];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strtol(buf, NULL, 10);
}

long fetch_budget_used(const struct fetch_budget *fb)
{
	char name[32];
	int fd = fb && today_name(name) == 0 ? share_fs_open(fb->fd, name, O_RDONLY, fb->gid) : -1;
	long n = 0;

	if (fd >= 0) {
		if (flock(fd, LOCK_SH) == 0)
			n = count_at(fd);
		close(fd);
	}
	return n;
}

/* Today's counter, open and locked (the lock goes with close), or -1 when
 * it cannot be kept: a counter that cannot be kept stops nobody's work. */
static int open_locked(const struct fetch_budget *fb)
{
	char name[32];
	int fd = today_name(name) == 0 ? share_fs_open(fb->fd, name, O_RDWR | O_CREAT, fb->gid) : -1;

	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static void write_count(int fd, long n)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%ld\n", n < 0 ? 0 : n);

	if (ftruncate(fd, 0) == 0)
		(void)!pwrite(fd, buf, (size_t)len, 0);
}

void fetch_budget_unsent(void *ctx)
{
	int fd = ctx ? open_locked(ctx) : -1;

	if (fd >= 0) {
		write_count(fd, count_at(fd) - 1);
		close(fd);
	}
}

int fetch_budget_may_read(void *ctx, const struct api_budget *b, char *why, size_t why_size)
{
	struct fetch_budget *fb = ctx;
	long limit, n;
	int fd, rc = 0;

	fetch_budget_note(fb, b);
	limit = fetch_budget_limit(fb, b);
	if ((fd = open_locked(fb)) < 0)
		return 0;
	n = count_at(fd);
	if (limit >= 0 && fb->percent < 100 && n >= limit) {
		snprintf(why, why_size,
		         _("routedesk's share of today's reads is spent (%ld of %ld, %d%% of the "
		           "account's %ld; [ui] read_share)"),
		         n, limit, fb->percent, day_limit(fb, b));
		rc = -1;
	} else {
		write_count(fd, n + 1);
	}
	close(fd); /* the lock goes with it */
	return rc;
}
