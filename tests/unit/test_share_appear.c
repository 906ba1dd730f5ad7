/* test_share_appear.c: every name of the office share appears with the share's mode and group, never first with the umask's (calls that make names wrapped by the linker to look). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "fetch/budget.h"
#include "fetch/share.h"

/*
 * Linked with -Wl,--wrap=mkdirat,--wrap=openat,--wrap=renameat,
 * --wrap=renameat2,--wrap=linkat: after every call of the share's code
 * that may make a name, the whole share is looked at as a second
 * dispatcher's console starting at that very moment would find it.  A
 * name made under its final name with the umask's mode and the maker's
 * primary group (then chmod-ed and chown-ed) was, for that instant,
 * "made by another user" or not writable to the others, and a console
 * starting then ran unshared all day (two `routedesk api` of two users
 * started together on a fresh share: 9 runs in 200 saw it).  Names being
 * made, NAME.<16 hex digits> beside the final one, are
 * nobody's yet and not looked at.
 */
int __real_mkdirat(int dirfd, const char *path, mode_t mode);
int __wrap_mkdirat(int dirfd, const char *path, mode_t mode);
int __real_openat(int dirfd, const char *path, int flags, ...);
int __wrap_openat(int dirfd, const char *path, int flags, ...);
int __real_renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);
int __wrap_renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);
int __real_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
                     unsigned int flags);
int __wrap_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
                     unsigned int flags);
int __real_linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags);
int __wrap_linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags);

static char dir[64];
static int watching, looks;
static gid_t share_gid;
static char bad[512];

/* 1 when name ends in ".<16 hex digits>": a name being made. */
static int being_made(const char *name)
{
	size_t n = strlen(name);

	if (n < 17 || name[n - 17] != '.')
		return 0;
	for (size_t i = n - 16; i < n; i++)
		if (!strchr("0123456789abcdef", name[i]))
			return 0;
	return 1;
}

static int look_one(const char *path, const struct stat *st, int type, struct FTW *f)
{
	mode_t want = S_ISDIR(st->st_mode) ? 02770 : 0660;

	(void)type;
	if (f->level == 0 || being_made(path + f->base) || bad[0])
		return 0;
	if ((st->st_mode & 07777) != want || st->st_gid != share_gid)
		snprintf(bad, sizeof(bad), "%s appeared %04o in group %d (the share's: %04o, group %d)",
		         path, (unsigned)(st->st_mode & 07777), (int)st->st_gid, (unsigned)want,
		         (int)share_gid);
	return 0;
}

/* What a console starting now would find: the first wrong name in bad. */
static void look(void)
{
	if (!watching)
		return;
	looks++;
	(void)nftw(dir, look_one, 16, FTW_PHYS);
}

int __wrap_mkdirat(int dirfd, const char *path, mode_t mode)
{
	int rc = __real_mkdirat(dirfd, path, mode), saved = errno;

	look();
	errno = saved;
	return rc;
}

int __wrap_openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	int rc, saved;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;

		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	rc = __real_openat(dirfd, path, flags, mode);
	saved = errno;
	look();
	errno = saved;
	return rc;
}

int __wrap_renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath)
{
	int rc = __real_renameat(olddirfd, oldpath, newdirfd, newpath), saved = errno;

	look();
	errno = saved;
	return rc;
}

int __wrap_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
                     unsigned int flags)
{
	int rc = __real_renameat2(olddirfd, oldpath, newdirfd, newpath, flags), saved = errno;

	look();
	errno = saved;
	return rc;
}

int __wrap_linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags)
{
	int rc = __real_linkat(olddirfd, oldpath, newdirfd, newpath, flags), saved = errno;

	look();
	errno = saved;
	return rc;
}

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_share_appear.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A dispatcher with umask 077 opens a fresh share (DIR in another group
 * than theirs, without its setgid bit), counts a read, notes the day's
 * limit, touches the office's files and takes the ticker's lock: no name
 * is ever seen that another member could not use. */
static void test_names_appear_as_the_share_s(void **state)
{
	const char *url = "http://127.0.0.1:9/api";
	struct strbuf err = STRBUF_INIT;
	struct fetch_share *sh;
	struct fetch_budget *fb;
	struct api_budget bud;
	gid_t groups[64];
	int ng = getgroups(64, groups);
	char why[256];
	mode_t old;

	(void)state;
	/* Another group of this user when it has one (root has them all). */
	share_gid = getgid();
	for (int i = 0; i < ng; i++)
		if (groups[i] != getgid())
			share_gid = groups[i];
	if (geteuid() == 0 && share_gid == getgid())
		share_gid = getgid() + 1;
	assert_int_equal(chown(dir, (uid_t)-1, share_gid), 0);
	assert_int_equal(chmod(dir, 0770), 0);
	old = umask(077);
	watching = 1;
	sh = fetch_share_open(dir, url, "demo-key", &err);
	assert_non_null(sh);
	fb = fetch_budget_open_account(sh, NULL, NULL, NULL, 50);
	assert_non_null(fb);
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	bud.limits.read_day = 3000;
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	fetch_share_touch(sh, time(NULL));
	(void)fetch_share_ticker(sh);
	watching = 0;
	umask(old);
	fetch_budget_close(fb);
	fetch_share_close(sh);
	strbuf_free(&err);
	assert_true(looks > 0);
	if (bad[0])
		print_error("%s\n", bad);
	assert_string_equal(bad, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_names_appear_as_the_share_s, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
