/* test_persist.c: data survive SIGTERM and a restart; --generate is deterministic for a seed and day. */
#include "config.h"

#include <arpa/inet.h>
#include <signal.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../lib/sbtest.h"
#include "common/strbuf.h"

static const char *const gen_args[] = { SBT_DEFAULT_ARGS, NULL };

static int teardown_all(void **state)
{
	(void)state;
	return sbt_test_teardown(NULL);
}

static void test_writes_survive_restart(void **state)
{
	(void)state;
	struct sbt_server *s = sbt_start(gen_args);
	long long *ids, *notes;
	size_t nc = sbt_search("customer", &ids, "");
	assert_int_equal(nc, 300);
	size_t nn = sbt_search("note", &notes, "");
	assert_true(nn > 0);
	long long type = sbt_i(cJSON_GetArrayItem(sbt_get("note", "noteIDs", notes, 1), 0), "typeID");
	long long cust = ids[100];
	const char *text = "Persist me: back gate, call ahead";
	long long note = sbt_result(sbt_call("/note/create",
	                                     "customerID=%lld&contactType=%lld&notes=%s&showOnInvoice=0",
	                                     cust, type, sbt_enc(text)));
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&lname=Durable", cust));
	/* The last write immediately before the signal. */
	long long ticket = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=42",
	                                       cust, SBT_TODAY));
	sbt_stop(s);

	/* Same database, same arguments: --generate does not add to data that
	 * are already there. */
	sbt_restart(s);
	cJSON *n = cJSON_GetArrayItem(sbt_get("note", "noteIDs", &note, 1), 0);
	assert_non_null(n);
	assert_string_equal(sbt_s(n, "notes"), text);
	assert_int_equal(sbt_i(n, "customerID"), cust);
	cJSON *c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", &cust, 1), 0);
	assert_string_equal(sbt_s(c, "lname"), "Durable");
	assert_non_null(cJSON_GetArrayItem(sbt_get("ticket", "ticketIDs", &ticket, 1), 0));
	assert_int_equal(sbt_search("customer", &ids, ""), 300);
	assert_int_equal(sbt_search("note", &notes, ""), nn + 1);
	/* And it keeps taking writes with fresh ids. */
	long long note2 = sbt_result(sbt_call("/note/create",
	                                      "customerID=%lld&contactType=%lld&notes=again&showOnInvoice=0",
	                                      cust, type));
	assert_true(note2 > note);
	sbt_free(s);
}

/* A connected socket to the running sandbox's port. */
static int connect_sandbox(void)
{
	struct sockaddr_in sa;
	int port = 0, fd = socket(AF_INET, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	assert_int_equal(sscanf(sbt_base(), "http://127.0.0.1:%d/", &port), 1);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

static void send_all(int fd, const char *text)
{
	size_t len = strlen(text), off = 0;

	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);

		assert_true(n > 0);
		off += (size_t)n;
	}
}

/* Reads until the peer closes, or until the text holds stop (NULL: close). */
static char *read_until(int fd, const char *stop)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	ssize_t n;

	while ((!stop || !strstr(strbuf_str(&sb), stop)) && (n = read(fd, buf, sizeof buf)) > 0)
		strbuf_add(&sb, buf, (size_t)n);
	return sbt_keep(strbuf_detach(&sb, NULL));
}

/* SIGTERM while a write is in flight: the write's answer still goes out
 * (it was dropped with the connection, though committed: a client that
 * sent it again wrote it twice), and a request begun after the signal is
 * answered 503, never run.  The order is certain, not slept for: the
 * write announces Expect: 100-continue, and its body goes only after the
 * sandbox has begun it (the 100) and the signal was sent. */
static void test_stop_answers_the_write_in_flight(void **state)
{
	static const char *const args[] = { SBT_DEFAULT_ARGS, "--latency", "300", NULL };
	struct sbt_server *s;
	long long *ids, *notes, cust, type, note;
	const char *body, *text = "Written while the sandbox stopped";
	char *got, *json;
	int fd, refused = 0;
	double deadline;
	cJSON *answer;

	(void)state;
	s = sbt_start(args);
	assert_true(sbt_search("customer", &ids, "") > 0);
	assert_true(sbt_search("note", &notes, "") > 0);
	cust = ids[7];
	type = sbt_i(cJSON_GetArrayItem(sbt_get("note", "noteIDs", notes, 1), 0), "typeID");
	body = sbt_fmt("customerID=%lld&contactType=%lld&notes=%s&showOnInvoice=0&%s", cust, type,
	               sbt_enc(text), sbt_auth());
	fd = connect_sandbox();
	send_all(fd, sbt_fmt("POST /api/note/create HTTP/1.1\r\nHost: 127.0.0.1\r\n"
	                     "Content-Type: application/x-www-form-urlencoded\r\n"
	                     "Content-Length: %zu\r\nExpect: 100-continue\r\n\r\n", strlen(body)));
	got = read_until(fd, "\r\n\r\n");
	if (strncmp(got, "HTTP/1.1 100", 12) != 0)
		fail_msg("no 100 Continue before the body: %s", got);
	sbt_signal(s, SIGTERM);
	/* Until the signal lands, a new request runs as usual; after it, 503. */
	deadline = sbt_now() + 10.0;
	while (!refused && sbt_now() < deadline) {
		struct sbt_resp *r = sbt_call("/customer/search", "customerIDs=%lld", cust);

		refused = r->status == 503;
		if (refused)
			assert_non_null(strstr(sbt_s(r->json, "errorMessage"), "stopping"));
	}
	assert_true(refused);
	send_all(fd, body);
	got = read_until(fd, NULL);
	close(fd);
	if (strncmp(got, "HTTP/1.1 200", 12) != 0 || !(json = strstr(got, "\r\n\r\n")))
		fail_msg("the write in flight got no answer: %s", got);
	answer = sbt_keep_json(cJSON_Parse(json + 4));
	assert_non_null(answer);
	assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(answer, "success")));
	note = strtoll(sbt_s(answer, "result"), NULL, 10);
	assert_true(note > 0);
	sbt_stop(s);
	sbt_restart(s);
	{
		size_t n = sbt_search("note", &notes, "customerIDs=%lld", cust), same = 0;

		for (cJSON *r = sbt_get("note", "noteIDs", notes, n)->child; r; r = r->next)
			same += strcmp(sbt_s(r, "notes"), text) == 0;
		assert_int_equal(same, 1);
	}
	assert_string_equal(sbt_s(cJSON_GetArrayItem(sbt_get("note", "noteIDs", &note, 1), 0), "notes"),
	                    text);
	sbt_free(s);
}

/* Stopped while a client still holds a keep-alive connection, the sandbox
 * closes it first, which leaves that connection half closed on the port; a
 * restart on the same port (as the console tests do, to change a running
 * server's behaviour under a console) must still listen: the listening
 * socket has SO_REUSEADDR (libmicrohttpd's default), and this keeps it so. */
static void test_restart_same_port_after_clients(void **state)
{
	(void)state;
	struct sbt_server *s = sbt_start(gen_args);
	int port = 0, fd;
	char listen_at[64], req[512], buf[4096];
	struct sockaddr_in sa = { 0 };
	long long *ids;
	ssize_t got;

	assert_int_equal(sscanf(sbt_base(), "http://127.0.0.1:%d/api", &port), 1);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(fd >= 0);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	snprintf(req, sizeof(req),
	         "POST /api/employee/search HTTP/1.1\r\nHost: 127.0.0.1\r\n"
	         "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %zu\r\n\r\n%s",
	         strlen("authenticationKey=demo-key&authenticationToken=demo-token"),
	         "authenticationKey=demo-key&authenticationToken=demo-token");
	assert_int_equal(write(fd, req, strlen(req)), (ssize_t)strlen(req));
	got = read(fd, buf, sizeof(buf) - 1);
	assert_true(got > 12);
	buf[got] = '\0';
	assert_non_null(strstr(buf, "HTTP/1.1 200"));
	/* The connection stays open across the stop and the restart. */
	sbt_stop(s);
	snprintf(listen_at, sizeof(listen_at), "127.0.0.1:%d", port);
	{
		const char *const again[] = { "--listen", listen_at, "--today", SBT_TODAY,
		                              "--no-limits", NULL };

		sbt_restart_with(s, again);
	}
	assert_true(sbt_running(s));
	assert_int_equal(sbt_search("customer", &ids, ""), 300);
	close(fd);
	sbt_free(s);
}

/* A second restart without --generate serves the same data. */
static void test_restart_without_generate(void **state)
{
	(void)state;
	static const char *const none[] = { "--today", SBT_TODAY, "--no-limits", NULL };
	struct sbt_server *s = sbt_start(gen_args);
	long long *before, *after;
	size_t n = sbt_search("customer", &before, "");
	char *text = cJSON_PrintUnformatted(sbt_get("customer", "customerIDs", before, n));
	sbt_keep(text);
	sbt_stop(s);
	sbt_restart_with(s, none);
	assert_int_equal(sbt_search("customer", &after, ""), n);
	char *again = cJSON_PrintUnformatted(sbt_get("customer", "customerIDs", after, n));
	sbt_keep(again);
	assert_string_equal(again, text);
	sbt_free(s);
}

/* Records of entity for every id its search answers (at most 3000), as
 * JSON text. */
static const char *dump(const char *entity, const char *param, const char *filter)
{
	long long *ids;
	size_t n = sbt_search(entity, &ids, "%s", filter);
	if (n > 3000)
		n = 3000;
	char *text = cJSON_PrintUnformatted(sbt_get(entity, param, ids, n));
	return sbt_keep(text);
}

static const struct {
	const char *entity, *param, *filter;
} compared[] = {
	{ "customer", "customerIDs", "" },
	{ "subscription", "subscriptionIDs", "active=-3" },
	{ "subscription", "subscriptionIDs", "" },
	{ "route", "routeIDs", "" },
	{ "appointment", "appointmentIDs", "date=" SBT_TODAY },
	{ "employee", "employeeIDs", "" },
	{ "serviceType", "typeIDs", "" },
	{ "ticket", "ticketIDs", "" },
	{ "note", "noteIDs", "" },
	{ "review", "feedbackIDs", "" },
	{ "changelog", "changeIDs", "" },
};
#define N_COMPARED (sizeof compared / sizeof compared[0])

static void test_generate_deterministic(void **state)
{
	(void)state;
	static const char *const other_seed[] = { "--generate", "300", "--seed", "8", "--today",
		SBT_TODAY, "--no-limits", NULL };
	const char *a[N_COMPARED], *b[N_COMPARED];

	struct sbt_server *s1 = sbt_start(gen_args);
	for (size_t i = 0; i < N_COMPARED; i++)
		a[i] = dump(compared[i].entity, compared[i].param, compared[i].filter);
	struct sbt_server *s2 = sbt_start(gen_args);
	for (size_t i = 0; i < N_COMPARED; i++) {
		b[i] = dump(compared[i].entity, compared[i].param, compared[i].filter);
		if (strcmp(a[i], b[i]) != 0) {
			size_t k = 0;
			while (a[i][k] && a[i][k] == b[i][k])
				k++;
			sbt_note("%s %s differs at byte %zu:", compared[i].entity, compared[i].filter, k);
			sbt_note("first:  ...%.160s", a[i] + (k > 80 ? k - 80 : 0));
			sbt_note("second: ...%.160s", b[i] + (k > 80 ? k - 80 : 0));
			fail();
		}
	}
	/* The seed matters. */
	struct sbt_server *s3 = sbt_start(other_seed);
	const char *c = dump("customer", "customerIDs", "");
	assert_string_not_equal(a[0], c);
	sbt_free(s3);
	sbt_free(s2);
	sbt_free(s1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_writes_survive_restart, teardown_all),
		cmocka_unit_test_teardown(test_stop_answers_the_write_in_flight, teardown_all),
		cmocka_unit_test_teardown(test_restart_without_generate, teardown_all),
		cmocka_unit_test_teardown(test_restart_same_port_after_clients, teardown_all),
		cmocka_unit_test_teardown(test_generate_deterministic, teardown_all),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
