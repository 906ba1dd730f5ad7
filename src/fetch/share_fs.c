/* share_fs.c: files and directories of the office share: never through a symlink, the share's group kept, others' checked. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/i18n.h"
#include "fetch/share_fs.h"

static mode_t file_mode(gid_t gid)
{
	return gid == SHARE_FS_PRIVATE ? 0600 : 0660;
}

static mode_t dir_mode(gid_t gid)
{
	return gid == SHARE_FS_PRIVATE ? 0700 : 02770;
}

static void close_keep_errno(int fd)
{
	int saved = errno;

	close(fd);
	errno = saved;
}

/*
 * The directory that holds rel's last component, opened (the caller
 * closes it), and that component in *last (a pointer into rel).  From a real base every component is
 * opened O_NOFOLLOW; from AT_FDCWD the directories are followed.  -1 with
 * errno when a directory is missing or a symlink.
 */
static int parent_of(int base, const char *rel, const char **last)
{
	const char *slash = strrchr(rel, '/');
	char *copy, *comp, *save = NULL;
	int fd, next;

	if (!slash) {
		*last = rel;
		return base == AT_FDCWD ? open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
		                        : fcntl(base, F_DUPFD_CLOEXEC, 0);
	}
	*last = slash + 1;
	copy = xstrdup(rel);
	copy[slash - rel] = '\0';
	if (base == AT_FDCWD) {
		fd = open(copy[0] ? copy : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		free(copy);
		return fd;
	}
	fd = fcntl(base, F_DUPFD_CLOEXEC, 0);
	for (comp = strtok_r(copy, "/", &save); comp && fd >= 0; comp = strtok_r(NULL, "/", &save)) {
		next = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close_keep_errno(fd);
		fd = next;
	}
	free(copy);
	return fd;
}

/* The checks on an open descriptor (see share_fs.h): 0, or -1 with errno. */
static int check_file(int fd, int flags, gid_t gid)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		return -1;
	}
	/* A hard link to a file elsewhere (the kernel's protected_hardlinks
	 * stops most of them; this stops the rest). */
	if (st.st_nlink > 1) {
		errno = EMLINK;
		return -1;
	}
	if (st.st_uid == geteuid()) {
		/* Ours: the share's mode and group whatever the umask, and
		 * whatever DIR's setgid bit. */
		if (gid != SHARE_FS_PRIVATE && st.st_gid != gid && fchown(fd, (uid_t)-1, gid) < 0)
			return -1;
		if ((st.st_mode & 07777) != file_mode(gid) && fchmod(fd, file_mode(gid)) < 0)
			return -1;
		return 0;
	}
	/* Another user's: read it (the group shares its data), write it only
	 * when it is the group's and no one else's. */
	if ((flags & O_ACCMODE) != O_RDONLY &&
	    (gid == SHARE_FS_PRIVATE || st.st_gid != gid || (st.st_mode & S_IRWXO))) {
		errno = EPERM;
		return -1;
	}
	return 0;
}

/* A name beside last that nobody can guess or have put there first:
 * "LAST.<16 hex digits>" into tmp. */
static void temp_name(struct strbuf *tmp, const char *last)
{
	unsigned long long r = 0;

	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r))
		r ^= (unsigned long long)getpid() << 20 ^ (unsigned long long)(size_t)tmp;
	strbuf_addf(tmp, "%s.%016llx", last, r);
}

/*
 * Puts the entry made as tmp (its mode and group already the share's) in
 * dir as last, unless last exists: 0 when it is there now, 1 when another
 * process made last first (tmp is left to the caller), -1 with errno.
 * A name must appear with the share's mode and group or not at all: made
 * under it, it stood 0700 or 0600 (the umask) in the maker's primary group
 * until the chmod that followed, and a second dispatcher's console
 * starting at that moment found it "made by another user" or could not
 * write in it, and ran unshared all day.
 */
static int publish(int dir, const char *tmp, const char *last)
{
	if (renameat2(dir, tmp, dir, last, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno == EEXIST)
		return 1;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	/* A file system without RENAME_NOREPLACE (NFS): a file can be
	 * linked, which never replaces; a directory is left to the caller. */
	if (linkat(dir, tmp, dir, last, 0) == 0) {
		(void)unlinkat(dir, tmp, 0);
		return 0;
	}
	return errno == EEXIST ? 1 : -1;
}

/* The last component opened in its directory, checked. */
static int open_in(int dir, const char *name, int flags, gid_t gid)
{
	/* O_NONBLOCK: a FIFO put in the share must not hang the open (it is
	 * then refused as no regular file); taken off again after. */
	int oflags = O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, fd;

	fd = openat(dir, name, (flags & ~O_CREAT) | oflags);
	/* Missing and to be made: made whole under a temporary name, then
	 * put in place (publish). */
	while (fd < 0 && errno == ENOENT && (flags & O_CREAT)) {
		struct strbuf tmp = STRBUF_INIT;
		int rc = -1;

		temp_name(&tmp, name);
		fd = openat(dir, tmp.buf, (flags & ~O_APPEND) | O_EXCL | oflags, file_mode(gid));
		if (fd >= 0 && (check_file(fd, flags, gid) < 0 || (rc = publish(dir, tmp.buf, name)) != 0)) {
			close_keep_errno(fd);
			fd = -1;
		}
		if (rc != 0) {
			int saved = errno;

			(void)unlinkat(dir, tmp.buf, 0);
			errno = saved;
		}
		strbuf_free(&tmp);
		if (rc == 1) /* made by another first: that one is opened */
			fd = openat(dir, name, (flags & ~O_CREAT) | oflags);
		else if (rc < 0)
			return -1;
	}
	if (fd < 0)
		return -1;
	if (check_file(fd, flags, gid) < 0 || fcntl(fd, F_SETFL, flags & O_APPEND) < 0) {
		close_keep_errno(fd);
		return -1;
	}
	return fd;
}

int share_fs_open(int base, const char *rel, int flags, gid_t gid)
{
	const char *last;
	int dir = parent_of(base, rel, &last), fd;

	if (dir < 0)
		return -1;
	fd = open_in(dir, last, flags, gid);
	close_keep_errno(dir);
	return fd;
}

/* The directory rel opened to be a base (O_NOFOLLOW), unchecked: a
 * descriptor or -1. */
static int share_fs_base(int base, const char *rel)
{
	const char *last;
	int dir = parent_of(base, rel, &last), fd;

	if (dir < 0)
		return -1;
	fd = openat(dir, last, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	close_keep_errno(dir);
	return fd;
}

/* Makes the directory last in dir unless it is there, whole before it
 * appears (publish): 0 (it is there now, ours or another's), or -1 with
 * errno. */
static int make_dir(int dir, const char *last, gid_t gid)
{
	struct strbuf tmp = STRBUF_INIT;
	struct stat st;
	int fd, rc = -1, saved;

	if (fstatat(dir, last, &st, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT)
		return 0; /* there (checked by the caller's open), or said by it */
	temp_name(&tmp, last);
	if (mkdirat(dir, tmp.buf, dir_mode(gid)) < 0) {
		strbuf_free(&tmp);
		return -1;
	}
	fd = openat(dir, tmp.buf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && (gid == SHARE_FS_PRIVATE || fchown(fd, (uid_t)-1, gid) == 0) &&
	    fchmod(fd, dir_mode(gid)) == 0)
		rc = publish(dir, tmp.buf, last);
	saved = errno;
	if (fd >= 0)
		close(fd);
	if (rc != 0)
		(void)unlinkat(dir, tmp.buf, AT_REMOVEDIR);
	strbuf_free(&tmp);
	if (rc < 0 && saved == EPERM && fd >= 0) {
		/* No RENAME_NOREPLACE on this file system, and a directory
		 * cannot be linked: made under its name as before, its mode
		 * and group set by the caller. */
		return mkdirat(dir, last, dir_mode(gid)) < 0 && errno != EEXIST ? -1 : 0;
	}
	errno = saved;
	return rc < 0 ? -1 : 0; /* 1: another made it first, and it is there */
}

int share_fs_dir(int base, const char *rel, gid_t gid, struct strbuf *err)
{
	const char *last;
	struct stat st;
	int dir = parent_of(base, rel, &last), fd = -1;

	if (dir < 0 || make_dir(dir, last, gid) < 0) {
		strbuf_addf(err, "%s: %s", rel, strerror(errno));
		goto fail;
	}
	fd = openat(dir, last, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		strbuf_addf(err, "%s: %s", rel,
		            errno == ELOOP || errno == ENOTDIR ? _("not a directory (a symbolic link?)")
		                                                : strerror(errno));
		goto fail;
	}
	if (st.st_uid == geteuid()) {
		if (gid != SHARE_FS_PRIVATE && st.st_gid != gid && fchown(fd, (uid_t)-1, gid) < 0) {
			strbuf_addf(err, _("%s: cannot give it the share's group (are you in it?): %s"),
			            rel, strerror(errno));
			goto fail;
		}
		if ((st.st_mode & 07777) != dir_mode(gid) && fchmod(fd, dir_mode(gid)) < 0) {
			strbuf_addf(err, "%s: %s", rel, strerror(errno));
			goto fail;
		}
	} else if (gid == SHARE_FS_PRIVATE || st.st_gid != gid || (st.st_mode & S_IRWXO)) {
		strbuf_addf(err, _("%s: made by another user, and not closed to the share's group "
		                   "(group and others' permissions); not used"),
		            rel);
		goto fail;
	}
	if (faccessat(dir, last, W_OK | X_OK, 0) < 0) {
		strbuf_addf(err, "%s: %s", rel, strerror(errno));
		goto fail;
	}
	/* Checked at every start of a process: what one killed while making
	 * a name left in it, or beside it making it, goes (nothing else
	 * ever removed them). */
	share_fs_sweep(fd, NULL, time(NULL));
	share_fs_sweep(dir, last, time(NULL));
	close(dir);
	return fd;
fail:
	if (fd >= 0)
		close(fd);
	if (dir >= 0)
		close(dir);
	return -1;
}

int share_fs_read(int base, const char *rel, gid_t gid, size_t max, struct strbuf *out,
                  struct strbuf *err)
{
	int fd = share_fs_open(base, rel, O_RDONLY, gid), rc;

	if (fd < 0) {
		strbuf_addf(err, "%s: %s", rel, strerror(errno));
		return -1;
	}
	rc = strbuf_read_fd(fd, rel, max, out, err);
	close(fd);
	return rc;
}

/* Writes text to a new temporary for last in dir (its name in tmp), with
 * the share's mode and group: 0, or -1 with errno, tmp then naming what
 * the caller removes (emptied when nothing was made: an O_EXCL refusal
 * names another's file). */
static int write_temp(int dir, const char *last, gid_t gid, const char *text, size_t len,
                      struct strbuf *tmp)
{
	size_t off = 0;
	int fd, saved;

	/* A name nobody can guess or have put there first (O_EXCL). */
	temp_name(tmp, last);
	fd = openat(dir, tmp->buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	            file_mode(gid));
	if (fd < 0) {
		strbuf_reset(tmp);
		return -1;
	}
	if (check_file(fd, O_WRONLY, gid) < 0)
		goto fail;
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto fail;
		off += (size_t)n;
	}
	return close(fd);
fail:
	saved = errno;
	close(fd);
	errno = saved;
	return -1;
}

int share_fs_write(int base, const char *rel, gid_t gid, const char *text, size_t len,
                   struct strbuf *err)
{
	struct strbuf tmp = STRBUF_INIT;
	const char *last;
	int dir = parent_of(base, rel, &last), rc = 0;

	if (dir < 0) {
		strbuf_addf(err, "%s: %s", rel, strerror(errno));
		return -1;
	}
	/* rename replaces a symlink at rel itself, never its target. */
	if (write_temp(dir, last, gid, text, len, &tmp) < 0 ||
	    renameat(dir, tmp.buf, dir, last) < 0) {
		strbuf_addf(err, "%s: %s", rel, strerror(errno));
		if (tmp.len)
			(void)unlinkat(dir, tmp.buf, 0);
		rc = -1;
	}
	close(dir);
	strbuf_free(&tmp);
	return rc;
}

int share_fs_create(int base, const char *rel, gid_t gid, const char *text, size_t len)
{
	struct strbuf tmp = STRBUF_INIT;
	const char *last;
	int dir = parent_of(base, rel, &last), rc, saved;

	if (dir < 0)
		return -1;
	rc = write_temp(dir, last, gid, text, len, &tmp) < 0 ? -1 : publish(dir, tmp.buf, last);
	if (rc == 1)
		rc = 0; /* made by another first: theirs stands */
	saved = errno;
	/* Published by rename, the name is gone; by link, or not at all,
	 * the temporary is left to remove. */
	if (tmp.len)
		(void)unlinkat(dir, tmp.buf, 0);
	close(dir);
	strbuf_free(&tmp);
	errno = saved;
	return rc;
}

/* 1 when name is a temporary's, of name only when it is not NULL. */
static int temp_of(const char *e, const char *name)
{
	size_t n = strlen(e);

	if (n < 18 || e[n - 17] != '.' || strspn(e + n - 16, "0123456789abcdef") != 16)
		return 0;
	return !name || (strlen(name) == n - 17 && strncmp(e, name, n - 17) == 0);
}

void share_fs_sweep(int dir, const char *name, time_t now)
{
	int fd = fcntl(dir, F_DUPFD_CLOEXEC, 0);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	rewinddir(d); /* the dup shares its offset */
	while ((e = readdir(d))) {
		struct stat st;

		if (!temp_of(e->d_name, name) ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    now - st.st_mtime <= SHARE_FS_TEMP_AGE)
			continue;
		/* A directory only when empty: one made here is published
		 * before anything goes in it. */
		if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
			(void)unlinkat(dirfd(d), e->d_name, S_ISDIR(st.st_mode) ? AT_REMOVEDIR : 0);
	}
	closedir(d);
}

DIR *share_fs_opendir(int base, const char *rel)
{
	int fd = share_fs_base(base, rel);
	DIR *d;

	if (fd < 0)
		return NULL;
	d = fdopendir(fd);
	if (!d)
		close(fd);
	return d;
}
