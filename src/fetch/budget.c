/* budget.c: routedesk's share of the day's reads, counted across consoles in a locked file. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
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
	char pruned[32]; /* the counter's name of the day last pruned on */
	/* While the day's counter cannot be opened for writing (made
	 * read-only or swapped for a symlink by another hand), this program's
	 * reads are counted here (own) on top of the count the file gave last
	 * (last_file), both of day; the session's thread counts, the screen's
	 * reads (fetch_budget_used), hence the lock.  Once the file opens
	 * again own is added to it. */
	pthread_mutex_t mu;
	long own, last_file;
	int have_file; /* last_file is a count this program read or wrote today */
	/* A read went while today's count was unknown (the counter and its
	 * record both unreadable): the account's count of today's reads, from
	 * the next answer, stands for routedesk's (fetch_budget_note). */
	int repair;
	char day[32];
	/* Why, written once before troubled is set, never again. */
	char trouble[320];
	atomic_int troubled;
};

/* Starts the day's own count and last count again when name is another
 * day's counter.  With fb->mu held. */
static void day_roll(struct fetch_budget *fb, const char *name)
{
	if (strcmp(fb->day, name) != 0) {
		fb->own = fb->last_file = 0;
		fb->have_file = fb->repair = 0;
		snprintf(fb->day, sizeof(fb->day), "%s", name);
	}
}

/* A budget counting into fd (taken), the directory dir already checked. */
/* 1 when name is a day's counter, "reads-YYYY-MM-DD", exactly. */
static int counter_name(const char *name)
{
	static const char form[] = "reads-0000-00-00";

	if (strlen(name) != sizeof(form) - 1)
		return 0;
	for (size_t i = 0; form[i]; i++)
		if (form[i] == '0' ? !isdigit((unsigned char)name[i]) : name[i] != form[i])
			return 0;
	return 1;
}

/* Removes the counters of days before the last BUDGET_KEEP_DAYS: only
 * today's is ever read, and a file a day for every account stayed in the
 * state directory (or the office's share) for good.  A week is kept to
 * look back on. */
#define BUDGET_KEEP_DAYS 7

static void prune_counters(int dirfd_in, time_t now)
{
	char oldest[32];
	time_t then = now - (time_t)BUDGET_KEEP_DAYS * 86400;
	struct tm tm;
	struct dirent *e;
	int fd = fcntl(dirfd_in, F_DUPFD_CLOEXEC, 0);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	rewinddir(d);
	if (localtime_r(&then, &tm) && strftime(oldest, sizeof(oldest), "reads-%Y-%m-%d", &tm))
		while ((e = readdir(d)))
			if (counter_name(e->d_name) && strcmp(e->d_name, oldest) < 0)
				(void)unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
}

static int today_name(char name[32]);

static struct fetch_budget *budget_new(int fd, const char *dir, int percent, gid_t gid)
{
	struct fetch_budget *fb = xcalloc(1, sizeof(*fb));

	fb->fd = fd;
	pthread_mutex_init(&fb->mu, NULL);
	fb->dir = xstrdup(dir);
	fb->percent = percent;
	fb->gid = gid;
	prune_counters(fd, time(NULL));
	if (today_name(fb->pruned) != 0)
		fb->pruned[0] = '\0';
	return fb;
}

struct fetch_budget *fetch_budget_open(const char *dir, int percent, gid_t gid)
{
	struct strbuf err = STRBUF_INIT;
	int fd;

	if (!dir || percent < 1 || percent > 100)
		return NULL;
	/* The directory checked is the one counted into (share_fs.h). */
	fd = share_fs_dir(AT_FDCWD, dir, gid, &err);
	strbuf_free(&err);
	return fd < 0 ? NULL : budget_new(fd, dir, percent, gid);
}

struct fetch_budget *fetch_budget_open_account(const struct fetch_share *sh, const char *state,
                                               const char *url, const char *key, int percent)
{
	struct strbuf dir = STRBUF_INIT;
	struct fetch_budget *fb;

	if (sh) {
		/* The share's own directory, as the share checked and holds
		 * it: never its path again. */
		int fd = percent >= 1 && percent <= 100
		                 ? fcntl(fetch_share_fd(sh), F_DUPFD_CLOEXEC, 0)
		                 : -1;

		return fd < 0 ? NULL
		              : budget_new(fd, fetch_share_path(sh), percent, fetch_share_gid(sh));
	}
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
	pthread_mutex_destroy(&fb->mu);
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

/* The day's read limit of b kept in DIR/read-limit when it changed. */
static void note_limit(struct fetch_budget *fb, const struct api_budget *b)
{
	struct strbuf err = STRBUF_INIT;
	char buf[32];
	int len;

	if (!fb || !b || !b->known || b->limits.read_day <= 0 || b->limits.read_day == fb->noted)
		return;
	fb->noted = b->limits.read_day;
	len = snprintf(buf, sizeof(buf), "%ld\n", b->limits.read_day);
	/* A new file renamed over the old: a reader (unlocked) sees the old
	 * line or the new, never an empty file, which would read as no limit
	 * known and let its read go. */
	(void)share_fs_write(fb->fd, LIMIT_NAME, fb->gid, buf, (size_t)len, &err);
	strbuf_free(&err);
}

static void repair_count(struct fetch_budget *fb, const struct api_budget *b);

void fetch_budget_note(void *ctx, const struct api_budget *b)
{
	note_limit(ctx, b);
	repair_count(ctx, b);
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

	/* Divided first: the service's limit can be any long ("unlimited"
	 * as LONG_MAX), and day * percent would overflow. */
	return day > 0 ? day / 100 * fb->percent + day % 100 * fb->percent / 100 : -1;
}

/* A count no day reaches: any member of the group can write the file, so
 * what it holds is bounded before any arithmetic (LONG_MAX + 1 was
 * undefined, and in a release build reset the office's count to 0). */
#define BUDGET_COUNT_MAX 1000000000L

/* The count on the file's first line: -1 for none (an empty file, or one
 * that does not start with a digit); at most BUDGET_COUNT_MAX. */
static long count_or_none(int fd)
{
	char buf[32];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	long v = 0;

	if (n <= 0 || buf[0] < '0' || buf[0] > '9')
		return -1;
	buf[n] = '\0';
	for (const char *p = buf; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (*p - '0');
		if (v >= BUDGET_COUNT_MAX)
			return BUDGET_COUNT_MAX;
	}
	return v;
}

/* flock(op) on fd, waiting at most ms: the counter is in a directory every
 * member of the group can reach, and a lock held by a stuck process (or a
 * file server that stopped answering) must not stop this one for good.
 * 0, or -1 (EWOULDBLOCK when the time ran out). */
static int lock_within(int fd, int op, int ms)
{
	const struct timespec step = { 0, 5 * 1000 * 1000 };

	for (int waited = 0;; waited += 5) {
		if (flock(fd, op | LOCK_NB) == 0)
			return 0;
		if (errno == EINTR)
			continue;
		if (errno != EWOULDBLOCK || waited >= ms)
			return -1;
		nanosleep(&step, NULL);
	}
}

static long count_apart(struct fetch_budget *fb, const char *name);

/* The counter's second record, DIR/reads-last: "reads-YYYY-MM-DD N", the
 * last count written to that day's counter by any process, written
 * after it under its lock and replaced by rename (never seen empty or
 * half-written).  A counter emptied or garbled by hand (an editor's
 * blank save, a `> reads-...`) read as 0 by a process with no count of
 * its own today (every `routedesk api`), which then had the whole day's
 * share again; the record stands for it instead. */
#define LAST_NAME "reads-last"

/* The record's count for the counter name (today's): -1 when there is
 * none, or it is another day's, or not a count. */
static long last_record(const struct fetch_budget *fb, const char *name)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	size_t len = strlen(name);
	long v = -1;

	if (share_fs_read(fb->fd, LAST_NAME, fb->gid, 64, &text, &err) == 0 && text.len > len + 1 &&
	    strncmp(text.buf, name, len) == 0 && text.buf[len] == ' ' &&
	    text.buf[len + 1] >= '0' && text.buf[len + 1] <= '9') {
		v = 0;
		for (const char *p = text.buf + len + 1; *p >= '0' && *p <= '9'; p++)
			if ((v = v * 10 + (*p - '0')) >= BUDGET_COUNT_MAX) {
				v = BUDGET_COUNT_MAX;
				break;
			}
	}
	strbuf_free(&text);
	strbuf_free(&err);
	return v;
}

/* What today's counter (name) stands for when it holds no count: its
 * record, else the count this program last read or wrote there today;
 * -1 when neither is known. */
static long count_standing(struct fetch_budget *fb, const char *name)
{
	long n = last_record(fb, name);

	if (n < 0) {
		pthread_mutex_lock(&fb->mu);
		day_roll(fb, name);
		if (fb->have_file)
			n = fb->last_file;
		pthread_mutex_unlock(&fb->mu);
	}
	return n;
}

long fetch_budget_used(struct fetch_budget *fb)
{
	char name[32];
	long n = 0;
	int fd;

	if (!fb || today_name(name) != 0)
		return 0;
	if (atomic_load(&fb->troubled))
		return count_apart(fb, name);
	if ((fd = share_fs_open(fb->fd, name, O_RDONLY, fb->gid)) >= 0) {
		/* Asked on the screen's thread: never a wait there. */
		int locked = lock_within(fd, LOCK_SH, 0) == 0;

		n = locked ? count_or_none(fd) : -1;
		close(fd);
		/* No count there: the one it stands for, as a read takes it
		 * (count_kept); 0 while that is unknown too. */
		if (locked && n < 0 && (n = count_standing(fb, name)) < 0)
			n = 0;
	} else if (errno == ENOENT && (n = last_record(fb, name)) < 0) {
		n = 0;
	}
	return n;
}

/* Today's counter (its name into name), open and locked (the lock goes
 * with close), or -1 with errno: EWOULDBLOCK when another held it for a
 * second (that read goes uncounted: a stuck process stops nobody's work),
 * else why the counter cannot be opened.  A missing counter is made
 * holding its count (0 on a new day; its record's when it was removed by
 * hand), never empty: so an empty one is a hand's, not a new day's. */
static int open_locked(const struct fetch_budget *fb, char name[32])
{
	int fd = today_name(name) == 0 ? share_fs_open(fb->fd, name, O_RDWR, fb->gid) : -1;

	if (fd < 0 && errno == ENOENT) {
		char buf[32];
		long n = last_record(fb, name);
		int len = snprintf(buf, sizeof(buf), "%ld\n", n < 0 ? 0 : n);

		if (share_fs_create(fb->fd, name, fb->gid, buf, (size_t)len) == 0)
			fd = share_fs_open(fb->fd, name, O_RDWR, fb->gid);
	}
	if (fd < 0)
		return -1;
	if (lock_within(fd, LOCK_EX, 1000) < 0) {
		close(fd);
		errno = EWOULDBLOCK;
		return -1;
	}
	return fd;
}

/* n into today's counter fd (name, locked), then into its record. */
static void write_count(const struct fetch_budget *fb, int fd, const char *name, long n)
{
	struct strbuf rec = STRBUF_INIT, err = STRBUF_INIT;
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%ld\n", n < 0 ? 0 : n);

	/* The new line first, then the file cut to it: a crash between the
	 * two leaves the count with a stray line after it, never 0. */
	if (pwrite(fd, buf, (size_t)len, 0) == len)
		(void)!ftruncate(fd, len);
	/* Under the counter's lock, so records follow the counts' order. */
	strbuf_addf(&rec, "%s %s", name, buf);
	(void)share_fs_write(fb->fd, LAST_NAME, fb->gid, rec.buf, rec.len, &err);
	strbuf_free(&rec);
	strbuf_free(&err);
}

/* Today's count while the file cannot be written: what it says now, read
 * without a lock or a wait, or the count it gave last when that is more
 * (it cannot be read either: a symlink in its place), plus this program's
 * own reads since.  Reading only the file again started the share over
 * from 0 for every console of the office. */
static long count_apart(struct fetch_budget *fb, const char *name)
{
	int fd = share_fs_open(fb->fd, name, O_RDONLY, fb->gid);
	long n = fd >= 0 ? count_or_none(fd) : -1;

	if (fd >= 0)
		close(fd);
	if (n < 0 && (n = last_record(fb, name)) < 0)
		n = 0;
	pthread_mutex_lock(&fb->mu);
	day_roll(fb, name);
	if (fb->last_file > n)
		n = fb->last_file;
	n += fb->own;
	pthread_mutex_unlock(&fb->mu);
	return n;
}

/* The counter could not be opened (err): said once. */
static void count_trouble(struct fetch_budget *fb, const char *name, int err)
{
	if (!atomic_load(&fb->troubled)) {
		snprintf(fb->trouble, sizeof(fb->trouble),
		         _("cannot count reads in %s/%s (%s): [ui] read_share now holds with this "
		           "program's own reads and the count it last read there"),
		         fb->dir, name, strerror(err));
		atomic_store(&fb->troubled, 1);
	}
}

/* The count of the open file fd (today's, name), with this program's
 * own reads of a time it could not be written added to it (and written):
 * they were dropped once it could be again.  -1 when it holds no count
 * and what it stands for is unknown too. */
static long count_kept(struct fetch_budget *fb, int fd, const char *name)
{
	long n = count_or_none(fd), own;

	/* A counter emptied or overwritten with words (a member's editor, a
	 * `> reads-...`, a copy cut short) read as 0: every console of the
	 * office started the day's share over, and every `routedesk api`
	 * (no count of its own) had the whole day's share again.  Its
	 * record, else the count this program last read or wrote there
	 * today, stands instead; a lower count is taken as it is (another
	 * process's read unsent). */
	if (n < 0)
		n = count_standing(fb, name);
	pthread_mutex_lock(&fb->mu);
	day_roll(fb, name);
	own = n >= 0 ? fb->own : 0;
	if (n >= 0)
		fb->own = 0;
	pthread_mutex_unlock(&fb->mu);
	if (own > 0) {
		n = n + own < BUDGET_COUNT_MAX ? n + own : BUDGET_COUNT_MAX;
		write_count(fb, fd, name, n);
	}
	return n;
}

/* What the open file holds now, as the count it gave last. */
static void note_file(struct fetch_budget *fb, long n)
{
	pthread_mutex_lock(&fb->mu);
	fb->last_file = n;
	fb->have_file = 1;
	pthread_mutex_unlock(&fb->mu);
}

/* The account's count of today's reads from an answer (b), as routedesk's
 * when a read went while routedesk's was unknown: the service counts every
 * integration's reads of the key, routedesk's among them, so it is never
 * less; a count the counter holds by then that is more stands. */
static void repair_count(struct fetch_budget *fb, const struct api_budget *b)
{
	char name[32];
	long n;
	int fd, pending;

	if (!fb || !b || !b->known)
		return;
	pthread_mutex_lock(&fb->mu);
	pending = fb->repair;
	pthread_mutex_unlock(&fb->mu);
	if (!pending || (fd = open_locked(fb, name)) < 0)
		return;
	n = count_or_none(fd);
	if (n < b->usage.read_today) {
		n = b->usage.read_today < BUDGET_COUNT_MAX ? b->usage.read_today : BUDGET_COUNT_MAX;
		write_count(fb, fd, name, n);
	}
	note_file(fb, n);
	pthread_mutex_lock(&fb->mu);
	fb->repair = 0;
	pthread_mutex_unlock(&fb->mu);
	close(fd);
}

int fetch_budget_trouble(const struct fetch_budget *fb, char *buf, size_t size)
{
	if (!fb || !atomic_load(&fb->troubled))
		return 0;
	snprintf(buf, size, "%s", fb->trouble);
	return 1;
}


void fetch_budget_unsent(void *ctx)
{
	struct fetch_budget *fb = ctx;
	char name[32];
	int fd = fb ? open_locked(fb, name) : -1;

	if (fd >= 0) {
		long n = count_or_none(fd);
		int pending;

		pthread_mutex_lock(&fb->mu);
		pending = fb->repair;
		pthread_mutex_unlock(&fb->mu);
		if (n < 0)
			n = count_standing(fb, name);
		/* Unknown, or the read was one sent uncounted: nothing to
		 * take off (0 written here started the day's share over). */
		if (n >= 0 && !pending) {
			n = n > 0 ? n - 1 : 0;
			write_count(fb, fd, name, n);
			note_file(fb, n);
		}
		close(fd);
	} else if (fb && errno != EWOULDBLOCK) {
		pthread_mutex_lock(&fb->mu);
		if (fb->own > 0)
			fb->own--;
		pthread_mutex_unlock(&fb->mu);
	}
}

/* The first read of a new day prunes again: a console left open for
 * weeks (pruned only when it opened) kept a counter a day until it was
 * restarted.  On the session's thread, as every read's count. */
static void prune_new_day(struct fetch_budget *fb)
{
	char name[32];

	if (today_name(name) != 0 || strcmp(name, fb->pruned) == 0)
		return;
	prune_counters(fb->fd, time(NULL));
	share_fs_sweep(fb->fd, NULL, time(NULL)); /* a killed process's temporaries */
	memcpy(fb->pruned, name, sizeof(fb->pruned));
}

int fetch_budget_may_read(void *ctx, const struct api_budget *b, char *why, size_t why_size)
{
	struct fetch_budget *fb = ctx;
	long limit, n;
	int fd, rc = 0;

	char name[32];

	note_limit(fb, b);
	limit = fetch_budget_limit(fb, b);
	prune_new_day(fb);
	if ((fd = open_locked(fb, name)) < 0) {
		int e = errno; /* today_name's localtime_r may set it */

		if (e == EWOULDBLOCK || today_name(name) != 0)
			return 0;
		/* Silently letting every read go left the office's share
		 * unenforced for good after one chmod of the file. */
		count_trouble(fb, name, e);
		n = count_apart(fb, name);
	} else if ((n = count_kept(fb, fd, name)) < 0) {
		/* Neither the counter nor its record holds a count, and this
		 * program has none of today: the read goes, uncounted (a
		 * count written now would be a guess, and a low one), and the
		 * count of its answer stands for routedesk's (repair_count). */
		pthread_mutex_lock(&fb->mu);
		fb->repair = 1;
		pthread_mutex_unlock(&fb->mu);
		close(fd);
		return 0;
	}
	if (limit >= 0 && fb->percent < 100 && n >= limit) {
		snprintf(why, why_size,
		         _("routedesk's share of today's reads is spent (%ld of %ld, %d%% of the "
		           "account's %ld; [ui] read_share)"),
		         n, limit, fb->percent, day_limit(fb, b));
		rc = -1;
	} else if (fd >= 0) {
		n = n < BUDGET_COUNT_MAX ? n + 1 : n;
		write_count(fb, fd, name, n);
	} else {
		pthread_mutex_lock(&fb->mu);
		fb->own++;
		pthread_mutex_unlock(&fb->mu);
	}
	if (fd >= 0) {
		note_file(fb, n);
		close(fd); /* the lock goes with it */
	}
	return rc;
}
