/* test_cli_stream.c: --all from the pages' text prints what the tree printed; bad pages end it cleanly, never as complete. */
#include "config.h"

#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>
#include <cmocka.h>

#include "apitest.h"
#include "common/strbuf.h"
#include "sbtest.h"

#define KEY "k3yq8w7e6r5t4y3u2i1o0plkjhgf"
#define TOKEN "t0kzmxncbv1029384756qpwoeiru"

static char url[200], cfg[] = "/tmp/test_cli_stream.XXXXXX", xdg[200];
static const char *const creds[] = { url, "ROUTEDESK_KEY=" KEY, "ROUTEDESK_TOKEN=" TOKEN, xdg,
	                             NULL };
static const char *const creds_tree[] = { url, "ROUTEDESK_KEY=" KEY, "ROUTEDESK_TOKEN=" TOKEN,
	                                  xdg, "ROUTEDESK_ALL_TREE=1", NULL };

static void expect_status(const struct cli_out *o, int status)
{
	if (o->status != status)
		fail_msg("exit %d, not %d; stderr: %s", o->status, status, o->err);
}

/* The records printed, when out is the array's text with its end cut. */
static int whole_records(const char *out)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *a;
	int n;

	strbuf_adds(&sb, out);
	strbuf_adds(&sb, "\n]\n");
	a = cJSON_Parse(sb.buf);
	n = cJSON_IsArray(a) ? cJSON_GetArraySize(a) : -1;
	cJSON_Delete(a);
	strbuf_free(&sb);
	return n;
}

/* ------------------------------------------- against the sandbox */

static struct sbt_server *srv;

static int sandbox_setup(void **state)
{
	static const char *const args[] = { "--generate", "2500", "--seed", SBT_SEED, "--today",
		                            SBT_TODAY, "--no-limits", "--search-cap", "2000",
		                            "--key", KEY, "--token", TOKEN, NULL };

	(void)state;
	srv = sbt_start(args);
	assert_non_null(mkdtemp(cfg));
	snprintf(url, sizeof(url), "ROUTEDESK_URL=%s", sbt_base());
	snprintf(xdg, sizeof(xdg), "XDG_CONFIG_HOME=%s", cfg);
	return 0;
}

static int sandbox_teardown(void **state)
{
	(void)state;
	rmdir(cfg);
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

/* Every searchable resource the data fills, several pages and gets each,
 * with hostile text and a credential in records: the bytes of both paths. */
static void test_same_bytes_as_tree(void **state)
{
	static const char *const paths[] = { "customer/search", "ticket/search",
		                             "subscription/search", "note/search",
		                             "appointment/search", NULL };
	struct cli_out o;

	(void)state;
	clirun(&o, (const char *[]){ "api", "customer/create",
	                             "fname=q\"b\\s/\x01\x1b\x7f \xc3\xa9 \xf0\x9f\x98\x80 " KEY,
	                             "lname=" TOKEN "\t\n", "companyName=\u2028 \\u0041 </script>",
	                             NULL }, creds, 0);
	expect_status(&o, 0);
	clirun_free(&o);
	for (const char *const *p = paths; *p; p++) {
		struct cli_out text, tree;

		clirun(&text, (const char *[]){ "api", "--all", "--search-cap", "2000", *p, NULL }, creds, 1);
		clirun(&tree, (const char *[]){ "api", "--all", "--search-cap", "2000", *p, NULL }, creds_tree,
		       1);
		expect_status(&text, 0);
		expect_status(&tree, 0);
		if (text.out_len != tree.out_len || memcmp(text.out, tree.out, text.out_len) != 0)
			fail_msg("%s: %zu bytes from the text, %zu from the tree", *p, text.out_len,
			         tree.out_len);
		assert_null(strstr(text.out, KEY));
		assert_null(strstr(text.out, TOKEN));
		/* The same requests: the text path costs nothing on the wire. */
		assert_int_equal(clirun_requests(&text), clirun_requests(&tree));
		/* Two pages of the cap and a get each (2,501 customers). */
		assert_true(clirun_requests(&text) >= 3);
		clirun_free(&text);
		clirun_free(&tree);
	}
	/* Hostile text went through (escaped), not only plain records. */
	clirun(&o, (const char *[]){ "api", "--all", "--search-cap", "2000", "customer/search", NULL },
	       creds, 0);
	if (!strstr(o.out, "\"fname\":\t\"q\\\"b"))
		fail_msg("no hostile record in %zu bytes: ...%s", o.out_len,
		         o.out_len > 3000 ? o.out + o.out_len - 3000 : o.out);
	assert_non_null(strstr(o.out, "\"fname\":\t\"q\\\"b\\\\s/\\u0001\\u001b"));
	assert_non_null(strstr(o.out, "\xc3\xa9 \xf0\x9f\x98\x80 REDACTED\""));
	clirun_free(&o);
}

/* ------------------------------------------- against a scripted server */

/* A server answering each connection's one request with the next answer
 * of a script, then closing.  An answer is the whole HTTP response. */
static pid_t server;
static int port;

static void serve(int lfd, char **answers, const size_t *lens, int n)
{
	for (int i = 0;; i++) {
		int fd = accept(lfd, NULL, NULL);
		struct strbuf in = STRBUF_INIT;
		char buf[65536];
		ssize_t r;

		if (fd < 0)
			continue;
		/* The request: headers, then Content-Length bytes. */
		for (;;) {
			char *end, *cl;

			r = read(fd, buf, sizeof(buf));
			if (r <= 0)
				break;
			strbuf_add(&in, buf, (size_t)r);
			end = strstr(in.buf, "\r\n\r\n");
			cl = strcasestr(in.buf, "\r\nContent-Length:");
			if (end && (!cl || in.len >= (size_t)(end - in.buf) + 4 + strtoul(cl + 17, NULL, 10)))
				break;
		}
		if (i < n && write(fd, answers[i], lens[i]) < 0)
			_exit(3);
		strbuf_free(&in);
		close(fd);
	}
}

static void start(char **answers, const size_t *lens, int n)
{
	struct sockaddr_in a;
	socklen_t al = sizeof(a);
	int lfd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	assert_true(lfd >= 0);
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(lfd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(lfd, 16), 0);
	assert_int_equal(getsockname(lfd, (struct sockaddr *)&a, &al), 0);
	port = ntohs(a.sin_port);
	fflush(NULL);
	server = fork();
	assert_true(server >= 0);
	if (server == 0) {
		serve(lfd, answers, lens, n);
		_exit(0);
	}
	close(lfd);
	snprintf(url, sizeof(url), "ROUTEDESK_URL=http://127.0.0.1:%d/api", port);
}

static void stop(void)
{
	kill(server, SIGKILL);
	waitpid(server, NULL, 0);
}

/* The first page: ids 1 to 3, records 1 and 2, id 3 left for a get. */
static const char page[] =
	"{\"params\":{\"authenticationKey\":\"" KEY "\"},\"success\":true,\"idName\":\"customerID\","
	"\"count\":3,\"customerIDs\":[1,2,3],\"customerIDsNoDataExported\":[3],"
	"\"customers\":[{\"customerID\":\"1\",\"fname\":\"A\\u00e9\"},{\"customerID\":\"2\","
	"\"fname\":\"B\",\"n\":[1.5,-0]}],\"propertyName\":\"customerIDs\","
	"\"propertyNameData\":\"customers\"}";

static void http(struct strbuf *sb, const char *extra, const void *body, size_t len)
{
	strbuf_addf(sb, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n%s"
	            "Content-Length: %zu\r\nConnection: close\r\n\r\n", extra, len);
	strbuf_add(sb, body, len);
}

static void gzip(const char *s, struct strbuf *out)
{
	z_stream z;
	unsigned char buf[4096];

	memset(&z, 0, sizeof(z));
	assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (unsigned char *)(uintptr_t)s;
	z.avail_in = (unsigned)strlen(s);
	do {
		z.next_out = buf;
		z.avail_out = sizeof(buf);
		deflate(&z, Z_FINISH);
		strbuf_add(out, buf, sizeof(buf) - z.avail_out);
	} while (z.avail_out == 0);
	deflateEnd(&z);
}

/* Runs --all over the page, then get (an HTTP response) n_get times. */
static void run_bad(struct cli_out *o, const char *get, size_t get_len, int tree)
{
	struct strbuf a0 = STRBUF_INIT;
	char *answers[2];
	size_t lens[2];

	http(&a0, "", page, strlen(page));
	answers[0] = a0.buf;
	lens[0] = a0.len;
	answers[1] = (char *)(uintptr_t)get;
	lens[1] = get_len;
	start(answers, lens, 2);
	clirun(o, (const char *[]){ "api", "--all", "--retries", "0", "customer/search", NULL },
	       tree ? creds_tree : creds, 0);
	stop();
	strbuf_free(&a0);
}

/* A get that fails: exit 3, the request named, the first page's records
 * printed whole and the array left open (nothing says it is complete). */
static void expect_cut_off(const char *get, size_t get_len, const char *needle)
{
	for (int tree = 0; tree < 2; tree++) {
		struct cli_out o;

		run_bad(&o, get, get_len, tree);
		expect_status(&o, 3);
		if (!strstr(o.err, "/customer/get") || !strstr(o.err, needle))
			fail_msg("stderr lacks /customer/get or \"%s\": %s", needle, o.err);
		assert_true(strncmp(o.out, "[\n\t{", 4) == 0);
		assert_int_equal(o.out_len, strlen(o.out));
		assert_true(o.out_len < 3 || strcmp(o.out + o.out_len - 2, "]\n") != 0);
		assert_null(strstr(o.out, "\n]"));
		assert_int_equal(whole_records(o.out), 2);
		clirun_free(&o);
	}
}

static void test_bad_get_answers(void **state)
{
	static const char good[] =
		"{\"success\":true,\"count\":1,\"customers\":[{\"customerID\":\"3\",\"fname\":\"C\"}],"
		"\"propertyName\":\"customers\"}";
	struct strbuf sb = STRBUF_INIT, z = STRBUF_INIT;
	const char *bodies[][2] = {
		/* Malformed: cut inside a record. */
		{ "{\"success\":true,\"customers\":[{\"customerID\":\"3\",\"fname\":", "not a JSON object" },
		/* Value types that differ from live's. */
		{ "{\"success\":true,\"customers\":{\"3\":{}},\"propertyName\":\"customers\"}",
		  "not an array of records" },
		{ "{\"success\":true,\"customers\":[],\"propertyName\":3}", "propertyName" },
		{ "{\"success\":\"true\",\"customers\":[],\"propertyName\":\"customers\"}", "\"success\"" },
		{ "{\"success\":true,\"customers\":[{\"a\":\"\\ud800\"}],\"propertyName\":\"customers\"}",
		  "not a JSON object" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++) {
		strbuf_reset(&sb);
		http(&sb, "", bodies[i][0], strlen(bodies[i][0]));
		expect_cut_off(sb.buf, sb.len, bodies[i][1]);
	}
	/* A gzip stream cut in half (its length says that is all). */
	gzip(good, &z);
	strbuf_reset(&sb);
	http(&sb, "Content-Encoding: gzip\r\n", z.buf, z.len / 2);
	expect_cut_off(sb.buf, sb.len, "gzip stream is damaged");
	strbuf_free(&sb);
	strbuf_free(&z);
}

/* Members in another order than live's (payload first, success last), and
 * gzip whole: read, and printed as the tree path prints it. */
static void test_other_member_order(void **state)
{
	static const char get[] =
		"{\"propertyName\":\"customers\",\"customers\":[ {\"fname\":\"C\",\"customerID\":\"3\"} ],"
		"\"count\":1,\"success\":true}";
	struct strbuf sb = STRBUF_INIT, z = STRBUF_INIT;
	struct cli_out text, tree;

	(void)state;
	gzip(get, &z);
	http(&sb, "Content-Encoding: gzip\r\n", z.buf, z.len);
	run_bad(&text, sb.buf, sb.len, 0);
	run_bad(&tree, sb.buf, sb.len, 1);
	expect_status(&text, 0);
	expect_status(&tree, 0);
	assert_string_equal(text.out, tree.out);
	assert_non_null(strstr(text.out, "\"fname\":\t\"C\",\n\t\t\"customerID\":\t\"3\"\n\t}\n]\n"));
	clirun_free(&text);
	clirun_free(&tree);
	strbuf_free(&sb);
	strbuf_free(&z);
}

int main(void)
{
	/* The sandbox's test first: the scripted ones point url elsewhere. */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_bytes_as_tree),
		cmocka_unit_test(test_bad_get_answers),
		cmocka_unit_test(test_other_member_order),
	};

	return cmocka_run_group_tests(tests, sandbox_setup, sandbox_teardown);
}
