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

struct fetch_budget {
	char *dir;
	int percent;
	int group;
	long noted; /* the day's read limit last written to DIR/read-limit */
};

struct fetch_budget *fetch_budget_open(const char *dir, int percent, int group)
{
	struct fetch_budget *fb;

	if (!dir || percent < 1 || percent > 100)
		return NULL;
	if (mkdir(dir, group ? 02770 : 0700) < 0 && errno != EEXIST)
		return NULL;
	fb = xcalloc(1, sizeof(*fb));
	fb->dir = xstrdup(dir);
	fb->percent = percent;
	fb->group = group;
	return fb;
}

struct fetch_budget *fetch_budget_open_account(const struct fetch_share *sh, const char *state,
                                               const char *url, const char *key, int percent)
{
	struct strbuf dir = STRBUF_INIT;
	struct fetch_budget *fb;

	if (sh)
		return fetch_budget_open(fetch_share_path(sh), percent, 1);
	if (!state)
		return NULL;
	strbuf_addf(&dir, "%s/reads", state);
	if (mkdir(dir.buf, 0700) < 0 && errno != EEXIST) {
		strbuf_free(&dir);
		return NULL;
	}
	strbuf_addf(&dir, "/%016llx", (unsigned long long)hash_account(url, key));
	fb = fetch_budget_open(dir.buf, percent, 0);
	strbuf_free(&dir);
	return fb;
}

void fetch_budget_close(struct fetch_budget *fb)
{
	if (!fb)
		return;
	free(fb->dir);
	free(fb);
}

char *fetch_budget_path(const struct fetch_budget *fb, const char *day)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/reads-%s", fb->dir, day);
	return strbuf_detach(&sb, NULL);
}

/* The service's day is the account's local day, as budget_day in the
 * transport: the counter starts again at midnight. */
static char *today_path(const struct fetch_budget *fb)
{
	char day[16];
	time_t t = time(NULL);
	struct tm tm;

	if (!localtime_r(&t, &tm) || !strftime(day, sizeof(day), "%Y-%m-%d", &tm))
		return NULL;
	return fetch_budget_path(fb, day);
}

static char *limit_path(const struct fetch_budget *fb)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/read-limit", fb->dir);
	return strbuf_detach(&sb, NULL);
}

/* The day's read limit the service announced last, to whichever process
 * of the directory: a `routedesk api` makes one read, before which its own
 * session knows no limit, and it must keep to the share all the same. */
static long saved_day_limit(const struct fetch_budget *fb)
{
	char *path = limit_path(fb), buf[32];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
	long v = 0;

	if (n > 0) {
		buf[n] = '\0';
		v = strtol(buf, NULL, 10);
	}
	if (fd >= 0)
		close(fd);
	free(path);
	return v > 0 ? v : -1;
}

void fetch_budget_note(void *ctx, const struct api_budget *b)
{
	struct fetch_budget *fb = ctx;
	char *path, buf[32];
	int fd, len;

	if (!fb || !b || !b->known || b->limits.read_day <= 0 || b->limits.read_day == fb->noted)
		return;
	fb->noted = b->limits.read_day;
	path = limit_path(fb);
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, fb->group ? 0660 : 0600);
	free(path);
	if (fd < 0)
		return;
	(void)fchmod(fd, fb->group ? 0660 : 0600);
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
	char *path = fb ? today_path(fb) : NULL;
	int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	long n = 0;

	if (fd >= 0) {
		if (flock(fd, LOCK_SH) == 0)
			n = count_at(fd);
		close(fd);
	}
	free(path);
	return n;
}

/* Today's counter, open and locked (the lock goes with close), or -1 when
 * it cannot be kept: a counter that cannot be kept stops nobody's work. */
static int open_locked(const struct fetch_budget *fb)
{
	char *path = today_path(fb);
	int fd = path ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, fb->group ? 0660 : 0600) : -1;

	free(path);
	if (fd < 0)
		return -1;
	(void)fchmod(fd, fb->group ? 0660 : 0600);
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
