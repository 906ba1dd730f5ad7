## tests/api/local.mk: the client and routedesk api against a running sandbox.
if HAVE_CMOCKA
APITEST_SOURCES = tests/api/apitest.c tests/api/apitest.h tests/lib/down_url.h $(SBTEST_SOURCES)
APITEST_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS) -I$(top_srcdir)/tests/lib
APITEST_LDADD = $(API_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/api/test_client_ops
TESTS += tests/api/test_client_ops
tests_api_test_client_ops_SOURCES = tests/api/test_client_ops.c $(APITEST_SOURCES)
tests_api_test_client_ops_CFLAGS = $(APITEST_CFLAGS)
tests_api_test_client_ops_LDADD = $(APITEST_LDADD)

check_PROGRAMS += tests/api/test_client_all
TESTS += tests/api/test_client_all
tests_api_test_client_all_SOURCES = tests/api/test_client_all.c $(APITEST_SOURCES)
tests_api_test_client_all_CFLAGS = $(APITEST_CFLAGS)
tests_api_test_client_all_LDADD = $(APITEST_LDADD)

check_PROGRAMS += tests/api/test_client_faults
TESTS += tests/api/test_client_faults
tests_api_test_client_faults_SOURCES = tests/api/test_client_faults.c $(APITEST_SOURCES)
tests_api_test_client_faults_CFLAGS = $(APITEST_CFLAGS)
tests_api_test_client_faults_LDADD = $(APITEST_LDADD)

check_PROGRAMS += tests/api/test_cli
TESTS += tests/api/test_cli
tests_api_test_cli_SOURCES = tests/api/test_cli.c $(APITEST_SOURCES)
tests_api_test_cli_CFLAGS = $(APITEST_CFLAGS)
tests_api_test_cli_LDADD = $(APITEST_LDADD)

## --all from the pages' text against the tree, and bad pages from a scripted server.
check_PROGRAMS += tests/api/test_cli_stream
TESTS += tests/api/test_cli_stream
tests_api_test_cli_stream_SOURCES = tests/api/test_cli_stream.c $(APITEST_SOURCES)
tests_api_test_cli_stream_CFLAGS = $(APITEST_CFLAGS) $(ZLIB_CFLAGS)
tests_api_test_cli_stream_LDADD = $(APITEST_LDADD) $(ZLIB_LIBS)

## the transport's flight hooks, scripted, on a sandbox.
check_PROGRAMS += tests/api/test_client_flight
TESTS += tests/api/test_client_flight
tests_api_test_client_flight_SOURCES = tests/api/test_client_flight.c $(APITEST_SOURCES)
tests_api_test_client_flight_CFLAGS = $(APITEST_CFLAGS)
tests_api_test_client_flight_LDADD = $(APITEST_LDADD)

## routedesk api on a share: reads in flight made once, writes never, read_share across processes.
check_PROGRAMS += tests/api/test_cli_share
TESTS += tests/api/test_cli_share
tests_api_test_cli_share_SOURCES = tests/api/test_cli_share.c $(APITEST_SOURCES)
tests_api_test_cli_share_CFLAGS = $(APITEST_CFLAGS)
tests_api_test_cli_share_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)

## --list-operations and --list-parameters: no sandbox, no account, no request.
check_PROGRAMS += tests/api/test_cli_lists
TESTS += tests/api/test_cli_lists
tests_api_test_cli_lists_SOURCES = tests/api/test_cli_lists.c $(APITEST_SOURCES)
tests_api_test_cli_lists_CFLAGS = $(APITEST_CFLAGS)
tests_api_test_cli_lists_LDADD = $(APITEST_LDADD)
endif

## fetch: the console's fetch thread against sandboxes (review, refresh, supersede, stop).
if HAVE_CMOCKA
check_PROGRAMS += tests/api/test_fetch_index
TESTS += tests/api/test_fetch_index
tests_api_test_fetch_index_SOURCES = tests/api/test_fetch_index.c $(SBTEST_SOURCES)
tests_api_test_fetch_index_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS) -I$(top_srcdir)/tests/lib
tests_api_test_fetch_index_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)
check_PROGRAMS += tests/api/test_fetch
TESTS += tests/api/test_fetch
tests_api_test_fetch_SOURCES = tests/api/test_fetch.c $(SBTEST_SOURCES)
tests_api_test_fetch_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS) -I$(top_srcdir)/tests/lib
tests_api_test_fetch_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)
endif
