/* replay.c: runs a fuzz target over corpus files (make check's test), for builds without libFuzzer. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/strbuf.h"
#include "fuzz/fuzz.h"

/*
 * `fuzz/fuzz_NAME [FILE|DIR ...]` gives every file (every regular file of
 * a DIR, in name order) to LLVMFuzzerTestOneInput once and prints TAP, one
 * line per input.  With no argument it replays $top_srcdir/fuzz/corpus/NAME,
 * NAME taken from the program's own name, which is how `make check` runs
 * it: the committed corpus (and every crash once fixed) is replayed by
 * every build, gcc and the sanitizers included.  A target without a corpus
 * fails: a silent empty run would test nothing.
 */

static int n_run;

/* NAME/FILE for a corpus file: the build directory's path says nothing. */
static const char *short_name(const char *path)
{
	const char *c = strstr(path, "fuzz/corpus/");

	return c ? c + strlen("fuzz/corpus/") : path;
}

static int read_file(const char *path, uint8_t **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	size_t got;

	if (!f)
		return -1;
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, got);
	if (ferror(f)) {
		fclose(f);
		strbuf_free(&sb);
		return -1;
	}
	fclose(f);
	*data = (uint8_t *)strbuf_detach(&sb, len);
	return 0;
}

static int run_file(const char *path)
{
	uint8_t *data = NULL;
	size_t len = 0;

	if (read_file(path, &data, &len) < 0) {
		printf("not ok %d - %s: %s\n", ++n_run, path, strerror(errno));
		return -1;
	}
	/* A copy of exactly len bytes: ASan then sees a read past the input. */
	{
		uint8_t *exact = xmalloc(len ? len : 1);

		if (len)
			memcpy(exact, data, len);
		free(data);
		LLVMFuzzerTestOneInput(exact, len);
		free(exact);
	}
	printf("ok %d - %s (%zu bytes)\n", ++n_run, short_name(path), len);
	fflush(stdout);
	return 0;
}

static int skip_name(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static int run_path(const char *path)
{
	struct stat st;
	struct dirent **names;
	int n, rc = 0;

	if (stat(path, &st) < 0) {
		printf("not ok %d - %s: %s\n", ++n_run, path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	n = scandir(path, &names, skip_name, alphasort);
	if (n < 0) {
		printf("not ok %d - %s: %s\n", ++n_run, path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		struct strbuf p = STRBUF_INIT;

		strbuf_addf(&p, "%s/%s", path, names[i]->d_name);
		if (stat(strbuf_str(&p), &st) == 0 && S_ISREG(st.st_mode) && run_file(strbuf_str(&p)) < 0)
			rc = -1;
		strbuf_free(&p);
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			if (run_path(argv[i]) < 0)
				rc = 1;
	} else {
		const char *top = getenv("top_srcdir");
		const char *base = strrchr(argv[0], '/');
		struct strbuf dir = STRBUF_INIT;

		base = base ? base + 1 : argv[0];
		if (strncmp(base, "fuzz_", 5) == 0)
			base += 5;
		strbuf_addf(&dir, "%s/fuzz/corpus/%s", top && *top ? top : ".", base);
		if (run_path(strbuf_str(&dir)) < 0)
			rc = 1;
		strbuf_free(&dir);
	}
	if (n_run == 0) {
		printf("not ok 1 - no corpus input found\n");
		n_run = 1;
		rc = 1;
	}
	printf("1..%d\n", n_run);
	return rc;
}
