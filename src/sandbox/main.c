/* main.c: routedesk-sandbox: options, set-up, serving until SIGTERM, clean shutdown. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/generate/generate.h"
#include "sandbox/generate/live.h"
#include "sandbox/http/faults.h"
#include "sandbox/http/http.h"
#include "sandbox/ops/quota.h"
#include "sandbox/sandbox.h"
#include "sandbox/store/store.h"

#define PROG "routedesk-sandbox"
#define EXIT_USAGE 2

#define MAX_GENERATE 10000000L
#define MAX_SEARCH_CAP 100000000L
#define MAX_LATENCY_MS 600000L
#define MAX_LIVE_S 86400L

enum {
	OPT_LISTEN = 256, OPT_DB, OPT_GENERATE, OPT_SEED, OPT_TODAY, OPT_KEY,
	OPT_TOKEN, OPT_NO_LIMITS, OPT_SEARCH_CAP, OPT_LATENCY, OPT_FAULTS,
	OPT_LIVE, OPT_VERSION,
};

static const struct option long_options[] = {
	{ "listen", required_argument, NULL, OPT_LISTEN },
	{ "db", required_argument, NULL, OPT_DB },
	{ "generate", required_argument, NULL, OPT_GENERATE },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "today", required_argument, NULL, OPT_TODAY },
	{ "key", required_argument, NULL, OPT_KEY },
	{ "token", required_argument, NULL, OPT_TOKEN },
	{ "no-limits", no_argument, NULL, OPT_NO_LIMITS },
	{ "search-cap", required_argument, NULL, OPT_SEARCH_CAP },
	{ "latency", required_argument, NULL, OPT_LATENCY },
	{ "faults", required_argument, NULL, OPT_FAULTS },
	{ "live", required_argument, NULL, OPT_LIVE },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void
usage(FILE *out)
{
	fputs("Usage: " PROG " [OPTION]...\n"
	      "Serve the field-service API on a local SQLite database, for routedesk's\n"
	      "demo mode and tests.\n"
	      "\n"
	      "  --listen HOST:PORT  address to listen on (default 127.0.0.1:0; port 0\n"
	      "                      picks a free port; IPv6 as [::1]:PORT)\n"
	      "  --db FILE           database file (default: a private temporary one,\n"
	      "                      removed at exit)\n"
	      "  --generate N        fill an empty database with N customers and\n"
	      "                      everything around them\n"
	      "  --seed S            seed of the generator, faults and --live (default 1)\n"
	      "  --today YYYY-MM-DD  the sandbox's today (default: the database's, or the\n"
	      "                      local date)\n"
	      "  --key K             accepted authenticationKey (default demo-key)\n"
	      "  --token T           accepted authenticationToken (default demo-token)\n"
	      "  --no-limits         do not enforce the request quotas (still counted)\n"
	      "  --search-cap N      most ids one search answers (default 50000)\n"
	      "  --latency MS        wait MS milliseconds before each answer\n"
	      "  --faults SPEC       inject failures, e.g.\n"
	      "                      500:0.1,drop:0.05,garbage:0.05,slow:0.1:2000,429:0.05\n"
	      "                      (refuse:P answers success:false, as a refusal)\n"
	      "  --live SECONDS      every SECONDS, move some of today's stops on\n"
	      "  -h, --help          show this help and exit\n"
	      "      --version       show the version and exit\n"
	      "\n"
	      "The first line on standard output, once connections are accepted, is\n"
	      "'listening on http://HOST:PORT/api'.  SIGTERM, SIGINT or SIGHUP stop the\n"
	      "server.\n",
	      out);
}

static void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void
usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry '" PROG " --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

/* After --help or --version: 0, or 1 said when stdout could not take it
 * (a full disk read as success with nothing written). */
static void exit_written(void) __attribute__((noreturn));

static void exit_written(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		exit(0);
	fprintf(stderr, PROG ": cannot write the output: %s\n", strerror(errno));
	exit(1);
}

/* A whole decimal number within [min, max], or a usage error naming opt. */
static long
parse_long(const char *opt, const char *arg, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < min || v > max)
		usage_error("%s: '%s' is not a whole number from %ld to %ld", opt, arg, min, max);
	return v;
}

/* HOST:PORT, [V6]:PORT; HOST alone keeps port 0. */
static void
parse_listen(const char *arg, struct sb_config *cfg)
{
	const char *colon;
	char *host;
	struct in6_addr addr; /* room for either family */

	if (arg[0] == '[') {
		const char *close = strchr(arg, ']');

		if (!close || close == arg + 1)
			usage_error("--listen: '%s': an IPv6 address goes in brackets, e.g. [::1]:8080", arg);
		host = xstrndup(arg + 1, (size_t)(close - arg - 1));
		colon = close[1] == ':' ? close + 1 : NULL;
		if (close[1] && !colon)
			usage_error("--listen: '%s': expected [ADDRESS]:PORT", arg);
	} else {
		colon = strrchr(arg, ':');
		if (colon && strchr(arg, ':') != colon)
			usage_error("--listen: '%s': write an IPv6 address in brackets, e.g. [::1]:8080", arg);
		host = colon ? xstrndup(arg, (size_t)(colon - arg)) : xstrdup(arg);
	}
	if (!*host)
		usage_error("--listen: '%s' has no host (for example 127.0.0.1:8080)", arg);
	if (strcmp(host, "localhost") != 0 && inet_pton(AF_INET, host, &addr) != 1 &&
	    inet_pton(AF_INET6, host, &addr) != 1)
		usage_error("--listen: '%s' is not a numeric IPv4 or IPv6 address (for example 127.0.0.1:8080)", host);
	/* The port first: a warning before a refusal of the whole option
	 * (an install audit's) says nothing worth reading. */
	cfg->listen_port = colon ? (int)parse_long("--listen port", colon + 1, 0, 65535) : 0;
	/* Allowed (a container may need it), but the demo credentials and the
	 * database then serve whoever can reach the address. */
	if (strcmp(host, "localhost") != 0 && strncmp(host, "127.", 4) != 0 && strcmp(host, "::1") != 0)
		fprintf(stderr, PROG ": warning: %s is not a loopback address; anyone who can reach it "
		        "can use this sandbox\n", host);
	free(cfg->listen_host);
	cfg->listen_host = host;
}

static void
parse_options(int argc, char **argv, struct sb_config *cfg)
{
	int c;

	/* getopt_long names the program by argv[0], the whole path it was
	 * run by; every other message says PROG. */
	argv[0] = (char *)PROG;
	while ((c = getopt_long(argc, argv, "h", long_options, NULL)) != -1) {
		switch (c) {
		case OPT_LISTEN:
			parse_listen(optarg, cfg);
			break;
		case OPT_DB:
			if (!*optarg)
				usage_error("--db: empty file name");
			free(cfg->db_path);
			cfg->db_path = xstrdup(optarg);
			break;
		case OPT_GENERATE:
			cfg->generate = parse_long("--generate", optarg, 0, MAX_GENERATE);
			break;
		case OPT_SEED: {
			char *end;

			errno = 0;
			cfg->seed = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || optarg[0] == '-' || optarg[0] == '+')
				usage_error("--seed: '%s' is not a whole number from 0 to %lu", optarg, ULONG_MAX);
			break;
		}
		case OPT_TODAY: {
			struct rd_date d;

			if (date_parse(optarg, &d) != 0)
				usage_error("--today: '%s' is not a date in the form YYYY-MM-DD", optarg);
			date_format(&d, cfg->today);
			break;
		}
		case OPT_KEY:
			if (!*optarg)
				usage_error("--key: the key cannot be empty");
			free(cfg->key);
			cfg->key = xstrdup(optarg);
			break;
		case OPT_TOKEN:
			if (!*optarg)
				usage_error("--token: the token cannot be empty");
			free(cfg->token);
			cfg->token = xstrdup(optarg);
			break;
		case OPT_NO_LIMITS:
			cfg->no_limits = 1;
			break;
		case OPT_SEARCH_CAP:
			cfg->search_cap = parse_long("--search-cap", optarg, 1, MAX_SEARCH_CAP);
			break;
		case OPT_LATENCY:
			cfg->latency_ms = (int)parse_long("--latency", optarg, 0, MAX_LATENCY_MS);
			break;
		case OPT_FAULTS:
			free(cfg->faults_spec);
			cfg->faults_spec = xstrdup(optarg);
			break;
		case OPT_LIVE:
			cfg->live_seconds = (int)parse_long("--live", optarg, 0, MAX_LIVE_S);
			break;
		case 'h':
			usage(stdout);
			exit_written();
		case OPT_VERSION:
			printf("%s %s\n", PROG, PACKAGE_VERSION);
			printf("Licence %s: the GNU General Public License, version 3 or later.\n"
			       "This is free software: you may change and share it.  There is NO\n"
			       "WARRANTY, to the extent permitted by law.\n", PACKAGE_LICENSE);
			exit_written();
		default:
			/* getopt_long has said what was wrong. */
			fputs("Try '" PROG " --help' for more information.\n", stderr);
			exit(EXIT_USAGE);
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
}

/* A private database file for a run without --db: mode 0600 from mkstemp,
 * removed (with SQLite's side files) by remove_temp_db. */
static char *
make_temp_db(void)
{
	const char *dir = getenv("TMPDIR");
	struct strbuf sb = STRBUF_INIT;
	char *path;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	strbuf_addf(&sb, "%s/routedesk-sandbox-XXXXXX", dir);
	path = strbuf_detach(&sb, NULL);
	fd = mkstemp(path);
	if (fd < 0) {
		fprintf(stderr, PROG ": cannot create a temporary database in %s: %s\n", dir, strerror(errno));
		free(path);
		return NULL;
	}
	close(fd);
	return path;
}

static void
remove_temp_db(const char *path)
{
	static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
	size_t i;

	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s%s", path, suffixes[i]);
		unlink(strbuf_str(&sb));
		strbuf_free(&sb);
	}
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Settles today and fills the database when asked.  0, or -1 after saying why. */
static int
prepare_data(struct store *st, struct sb_config *cfg, int today_given)
{
	const struct resource *customer = res_find("customer");
	long long n;
	char *err = NULL;

	if (!today_given) {
		/* A generated database's routes lie around the day it was made for. */
		char *stored = store_meta_get(st, "today");
		struct rd_date d;

		if (stored && date_parse(stored, &d) == 0)
			date_format(&d, cfg->today);
		free(stored);
	}
	if (cfg->generate <= 0)
		return 0;
	n = customer ? store_count(st, customer) : -1;
	if (n < 0) {
		fprintf(stderr, PROG ": cannot count the database's customers\n");
		return -1;
	}
	if (n > 0) {
		fprintf(stderr, PROG ": the database already has %lld customers; --generate ignored\n", n);
		return 0;
	}
	{
		struct timespec t0;
		char seed[32];

		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (generate_company(st, cfg->generate, cfg->seed, cfg->today, &err) != 0) {
			fprintf(stderr, PROG ": generating data failed: %s\n", err ? err : "unknown error");
			free(err);
			return -1;
		}
		snprintf(seed, sizeof(seed), "%lu", cfg->seed);
		if (store_meta_set(st, "seed", seed, &err) != 0 ||
		    store_meta_set(st, "today", cfg->today, &err) != 0) {
			fprintf(stderr, PROG ": recording the generator's settings failed: %s\n",
			        err ? err : "unknown error");
			free(err);
			return -1;
		}
		fprintf(stderr, PROG ": generated %ld customers for %s (seed %lu) in %.2f s\n",
		        cfg->generate, cfg->today, cfg->seed, seconds_since(&t0));
	}
	return 0;
}

static void
config_free(struct sb_config *cfg)
{
	free(cfg->listen_host);
	free(cfg->db_path);
	free(cfg->key);
	free(cfg->token);
	free(cfg->faults_spec);
}

int
main(int argc, char **argv)
{
	struct sb_config cfg;
	struct sb_ctx ctx;
	struct faults *faults = NULL;
	struct live *live = NULL;
	struct http_server *http = NULL;
	char *temp_db = NULL, *err = NULL;
	int sig = 0, status = 1, today_given;
	sigset_t stop_signals;

	memset(&cfg, 0, sizeof(cfg));
	memset(&ctx, 0, sizeof(ctx));
	cfg.listen_host = xstrdup("127.0.0.1");
	cfg.seed = 1;
	cfg.key = xstrdup("demo-key");
	cfg.token = xstrdup("demo-token");
	cfg.search_cap = 50000;
	parse_options(argc, argv, &cfg);
	ctx.cfg = &cfg;

	if (cfg.faults_spec) {
		faults = faults_parse(cfg.faults_spec, cfg.seed, &err);
		if (!faults) {
			fprintf(stderr, PROG ": %s\nTry '" PROG " --help' for more information.\n", err);
			free(err);
			config_free(&cfg);
			return EXIT_USAGE;
		}
	}

	/* Every thread started from here on inherits the mask, so the stop
	 * signals reach only the sigwait below. */
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGTERM);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
	signal(SIGPIPE, SIG_IGN);

	if (!cfg.db_path) {
		temp_db = make_temp_db();
		if (!temp_db)
			goto out;
	}
	ctx.store = store_open(cfg.db_path ? cfg.db_path : temp_db, &err);
	if (!ctx.store) {
		fprintf(stderr, PROG ": cannot open the database %s: %s\n",
		        cfg.db_path ? cfg.db_path : temp_db, err ? err : "unknown error");
		free(err);
		goto out;
	}
	today_given = cfg.today[0] != '\0';
	if (!today_given) {
		struct rd_date d;

		date_today(&d);
		date_format(&d, cfg.today);
	}
	if (prepare_data(ctx.store, &cfg, today_given) != 0)
		goto out;
	store_set_today(ctx.store, cfg.today);

	ctx.quota = quota_new(!cfg.no_limits);
	http = http_start(&ctx, faults, &err);
	if (!http) {
		fprintf(stderr, PROG ": %s\n", err ? err : "cannot start the HTTP server");
		free(err);
		goto out;
	}
	if (cfg.live_seconds > 0) {
		live = live_start(ctx.store, cfg.live_seconds, cfg.seed, cfg.today);
		if (!live) {
			fprintf(stderr, PROG ": cannot start --live\n");
			goto out;
		}
	}

	printf("listening on %s\n", http_base_url(http));
	fflush(stdout);

	while (sigwait(&stop_signals, &sig) != 0)
		;
	status = 0;

out:
	/* Requests first (they may be writing), then the live thread; every
	 * committed write is already durable in the WAL. */
	http_stop(http);
	live_stop(live);
	if (ctx.store)
		store_close(ctx.store);
	quota_free(ctx.quota);
	if (temp_db) {
		remove_temp_db(temp_db);
		free(temp_db);
	}
	faults_free(faults);
	config_free(&cfg);
	return status;
}
