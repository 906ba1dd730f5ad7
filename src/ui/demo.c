/* demo.c: starting, watching and stopping the private sandbox of --demo. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "ui/demo.h"

#define SANDBOX "routedesk-sandbox"

struct demo {
	pid_t pid;
	char *dir;
	char *url;
};

/* The sandbox next to our own binary, or NULL to search PATH. */
static char *sibling_sandbox(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	struct strbuf sb = STRBUF_INIT;
	char *slash;

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	strbuf_addf(&sb, "%s/%s", exe, SANDBOX);
	if (access(sb.buf, X_OK) == 0)
		return strbuf_detach(&sb, NULL);
	strbuf_free(&sb);
	return NULL;
}

static void remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (d) {
		while ((e = readdir(d))) {
			struct strbuf p = STRBUF_INIT;

			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			strbuf_addf(&p, "%s/%s", dir, e->d_name);
			unlink(p.buf);
			strbuf_free(&p);
		}
		closedir(d);
	}
	rmdir(dir);
}

/* What the child needs, made before fork(): the console's threads (the
 * notifier's, libnotify's) may hold a stdio or malloc lock at that
 * moment, so the child makes no call that could take one. */
struct child_args {
	char db[PATH_MAX], log[PATH_MAX], gen[32];
	char failed[PATH_MAX + 32]; /* "cannot run PROG (errno ", for the log */
	pid_t parent;
};

static void child(const char *prog, const struct child_args *a, int out_fd)
{
	int fd;

	/* Die with the console even if it is killed without a chance to
	 * stop us; if it died before this, go at once. */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != a->parent)
		_exit(1);
	dup2(out_fd, STDOUT_FILENO);
	fd = open(a->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd >= 0)
		dup2(fd, STDERR_FILENO);
	fd = open("/dev/null", O_RDONLY);
	if (fd >= 0)
		dup2(fd, STDIN_FILENO);
	execlp(prog, prog, "--listen", "127.0.0.1:0", "--db", a->db, "--generate", a->gen, "--live",
	       "30", (char *)NULL);
	{
		char num[16], *q = num + sizeof(num);
		int e = errno;

		/* errno in decimal by hand: strerror may translate, which locks. */
		*--q = '\n';
		*--q = ')';
		do
			*--q = (char)('0' + e % 10);
		while ((e /= 10) > 0 && q > num + 1);
		(void)!write(STDERR_FILENO, a->failed, strlen(a->failed));
		(void)!write(STDERR_FILENO, q, (size_t)(num + sizeof(num) - q));
	}
	_exit(127);
}

/* Reads the first line of fd within timeout_s; NULL on EOF or timeout. */
static char *first_line(int fd, int timeout_s)
{
	struct strbuf sb = STRBUF_INIT;
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		long left;
		char c;
		ssize_t n;

		clock_gettime(CLOCK_MONOTONIC, &now);
		left = (long)timeout_s * 1000 - ((now.tv_sec - start.tv_sec) * 1000 +
		                                 (now.tv_nsec - start.tv_nsec) / 1000000);
		if (left <= 0 || poll(&p, 1, (int)left) <= 0)
			break;
		n = read(fd, &c, 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (c == '\n')
			return strbuf_detach(&sb, NULL);
		if (sb.len < 4096)
			strbuf_addc(&sb, c);
	}
	strbuf_free(&sb);
	return NULL;
}

/* The last lines of the sandbox's log, for a failure message. */
static void add_log_tail(const char *dir, struct strbuf *err)
{
	char path[PATH_MAX], buf[1024];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/sandbox.log", dir);
	f = fopen(path, "r");
	if (!f)
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n && buf[n - 1] == '\n')
		buf[--n] = '\0';
	if (n)
		strbuf_addf(err, ": %s", buf);
}

struct demo *demo_start(long n_customers, int timeout_s, struct strbuf *err)
{
	struct demo *d = xcalloc(1, sizeof(*d));
	const char *tmp = getenv("TMPDIR");
	struct strbuf dir = STRBUF_INIT;
	char *prog = sibling_sandbox(), *line;
	struct child_args args;
	int p[2];

	strbuf_addf(&dir, "%s/routedesk-demo.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir.buf)) {
		strbuf_addf(err, _("--demo: cannot make a temporary directory: %s"), strerror(errno));
		goto fail;
	}
	d->dir = strbuf_detach(&dir, NULL);
	if (pipe2(p, O_CLOEXEC) < 0) {
		strbuf_addf(err, _("--demo: cannot make a pipe to the sandbox: %s"), strerror(errno));
		goto fail;
	}
	snprintf(args.db, sizeof(args.db), "%s/demo.db", d->dir);
	snprintf(args.log, sizeof(args.log), "%s/sandbox.log", d->dir);
	snprintf(args.gen, sizeof(args.gen), "%ld", n_customers);
	snprintf(args.failed, sizeof(args.failed), _("cannot run %s (errno "), prog ? prog : SANDBOX);
	args.parent = getpid();
	d->pid = fork();
	if (d->pid < 0) {
		strbuf_addf(err, _("--demo: cannot start the sandbox: %s"), strerror(errno));
		close(p[0]);
		close(p[1]);
		goto fail;
	}
	if (d->pid == 0)
		child(prog ? prog : SANDBOX, &args, p[1]);
	close(p[1]);
	line = first_line(p[0], timeout_s);
	close(p[0]);
	if (!line || strncmp(line, "listening on ", 13) != 0) {
		strbuf_addf(err, _("--demo: %s did not start"), prog ? prog : SANDBOX);
		add_log_tail(d->dir, err);
		free(line);
		goto fail;
	}
	d->url = xstrdup(line + 13);
	free(line);
	free(prog);
	return d;
fail:
	free(prog);
	strbuf_free(&dir);
	demo_stop(d);
	return NULL;
}

const char *demo_url(const struct demo *d)
{
	return d->url;
}

void demo_stop(struct demo *d)
{
	if (!d)
		return;
	if (d->pid > 0) {
		int status;

		kill(d->pid, SIGTERM);
		/* It saves and exits on SIGTERM; give it 5 s before insisting. */
		for (int i = 0; i < 100; i++) {
			if (waitpid(d->pid, &status, WNOHANG) != 0)
				goto reaped;
			usleep(50000);
		}
		kill(d->pid, SIGKILL);
		waitpid(d->pid, &status, 0);
	}
reaped:
	if (d->dir)
		remove_dir(d->dir);
	free(d->dir);
	free(d->url);
	free(d);
}
