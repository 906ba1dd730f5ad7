/* share_fs.h: files and directories of the office share: never through a symlink, the share's group kept, others' checked. */
#ifndef ROUTEDESK_FETCH_SHARE_FS_H
#define ROUTEDESK_FETCH_SHARE_FS_H

#include <dirent.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "common/strbuf.h"

/*
 * The share is written by every dispatcher of the group, so a name in it
 * may be anything a fellow member put there: a symlink to a file in the
 * opener's home, a directory swapped for a symlink, a FIFO, a directory
 * made with other permissions.  So every name is taken relative to a
 * directory already open (base, the account's directory held open by the
 * share) and each of its components is opened with O_NOFOLLOW: a symlink
 * anywhere in rel is refused, never followed.  Only a regular file is
 * opened; a file this user owns gets the share's mode and group back, one
 * of another user's is written only when it is the share's group's and
 * closed to others.  A directory is made 02770 in the share's group
 * (whether DIR has its setgid bit or not, so that the next dispatcher can
 * write in it), or, made by another user, used only when it is in the
 * group and closed to others.  A missing file or directory is made whole
 * under a random name and put in place only then (never replacing one
 * another console made meanwhile): no member ever sees it with the
 * umask's mode or in the maker's own group.
 *
 * base AT_FDCWD takes rel as a path whose directories are followed as
 * usual (the user's own, or the office's DIR as configured); only its
 * last component is not.
 *
 * gid is the share's group (DIR's), or SHARE_FS_PRIVATE for a user's own
 * directory (0700 and 0600, this user's files only).
 */
#define SHARE_FS_PRIVATE ((gid_t)-1)

/* Makes the directory rel (mode as above) or checks the one there: a
 * descriptor on the very directory checked (O_NOFOLLOW), to be its base,
 * or -1 with the reason in err.  Never open rel again by its name to use
 * it: in a directory the group can write, a fellow member may have
 * renamed the checked one away and put one open to everybody there. */
int share_fs_dir(int base, const char *rel, gid_t gid, struct strbuf *err);

/* open(2) of rel with flags (O_RDONLY, O_WRONLY or O_RDWR, maybe
 * O_CREAT): a descriptor, or -1 with errno (ELOOP a symlink, EINVAL not
 * a regular file, EPERM another user's file open to others or of another
 * group, EMLINK a file with other links). */
int share_fs_open(int base, const char *rel, int flags, gid_t gid);

/* The whole file rel (at most max bytes) into out: 0, or -1 with the
 * reason in err. */
int share_fs_read(int base, const char *rel, gid_t gid, size_t max, struct strbuf *out,
                  struct strbuf *err);

/* Replaces rel with text at once (a new file of a random name made beside
 * it, then renamed over it, so a reader sees the old file or the new): 0,
 * or -1 with the reason in err. */
int share_fs_write(int base, const char *rel, gid_t gid, const char *text, size_t len,
                   struct strbuf *err);

/* Makes rel holding text unless it is there (another process made it
 * first: theirs stands), whole before it appears (made under a random
 * name, then put in place): never seen empty or half-written.  0 when rel
 * is there now, or -1 with errno. */
int share_fs_create(int base, const char *rel, gid_t gid, const char *text, size_t len);

/* Removes from the directory dir the temporaries a process left when it
 * died making a name: NAME.<16 hex digits> exactly (lowercase, as
 * made here; only of NAME name when it is not NULL), a regular
 * file or an empty directory, not modified for SHARE_FS_TEMP_AGE seconds.
 * A live maker holds its temporary only from its O_EXCL create to its
 * rename, a few calls apart with no wait between (the text it writes is
 * in memory), so its time is seconds old; one stopped longer than that
 * finds its rename failing, which every caller takes as a name not
 * written, never as one written wrong. */
#define SHARE_FS_TEMP_AGE 3600
void share_fs_sweep(int dir, const char *name, time_t now);

/* opendir(3) of the directory rel: NULL when it cannot be read.  Its
 * names are then handled relative to dirfd(): fstatat with
 * AT_SYMLINK_NOFOLLOW, unlinkat, share_fs_open. */
DIR *share_fs_opendir(int base, const char *rel);

#endif
