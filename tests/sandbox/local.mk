## tests/sandbox/local.mk: routedesk-sandbox as a real HTTP server (cmocka over libcurl).
if HAVE_CMOCKA
SBTEST_SOURCES = tests/lib/sbtest.c tests/lib/sbtest_check.c tests/lib/sbtest.h
# sbt_call(path, "") and sbt_search(e, &ids, "") are normal calls.
SBTEST_CFLAGS = $(CMOCKA_CFLAGS) $(CURL_CFLAGS) -Wno-format-zero-length
SBTEST_LDADD = src/common/libcommon.a $(CURL_LIBS) $(CJSON_LIBS) $(CMOCKA_LIBS) -lm

check_PROGRAMS += tests/sandbox/test_wire
TESTS += tests/sandbox/test_wire
tests_sandbox_test_wire_SOURCES = tests/sandbox/test_wire.c $(SBTEST_SOURCES)
tests_sandbox_test_wire_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_wire_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_search
TESTS += tests/sandbox/test_search
tests_sandbox_test_search_SOURCES = tests/sandbox/test_search.c $(SBTEST_SOURCES)
tests_sandbox_test_search_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_search_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_get
TESTS += tests/sandbox/test_get
tests_sandbox_test_get_SOURCES = tests/sandbox/test_get.c $(SBTEST_SOURCES)
tests_sandbox_test_get_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_get_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_schedule
TESTS += tests/sandbox/test_schedule
tests_sandbox_test_schedule_SOURCES = tests/sandbox/test_schedule.c $(SBTEST_SOURCES)
tests_sandbox_test_schedule_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_schedule_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_delete
TESTS += tests/sandbox/test_delete
tests_sandbox_test_delete_SOURCES = tests/sandbox/test_delete.c $(SBTEST_SOURCES)
tests_sandbox_test_delete_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_delete_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_fields
TESTS += tests/sandbox/test_fields
tests_sandbox_test_fields_SOURCES = tests/sandbox/test_fields.c $(SBTEST_SOURCES)
tests_sandbox_test_fields_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS) \
	-DAPI_FIXTURES='"$(abs_top_srcdir)/tests/fixtures/api"'
tests_sandbox_test_fields_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_writes
TESTS += tests/sandbox/test_writes
tests_sandbox_test_writes_SOURCES = tests/sandbox/test_writes.c $(SBTEST_SOURCES)
tests_sandbox_test_writes_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_writes_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_special
TESTS += tests/sandbox/test_special
tests_sandbox_test_special_SOURCES = tests/sandbox/test_special.c $(SBTEST_SOURCES)
tests_sandbox_test_special_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_special_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_documents
TESTS += tests/sandbox/test_documents
tests_sandbox_test_documents_SOURCES = tests/sandbox/test_documents.c $(SBTEST_SOURCES)
tests_sandbox_test_documents_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_documents_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_badinput
TESTS += tests/sandbox/test_badinput
tests_sandbox_test_badinput_SOURCES = tests/sandbox/test_badinput.c $(SBTEST_SOURCES)
tests_sandbox_test_badinput_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_badinput_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_persist
TESTS += tests/sandbox/test_persist
tests_sandbox_test_persist_SOURCES = tests/sandbox/test_persist.c $(SBTEST_SOURCES)
tests_sandbox_test_persist_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_persist_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_quota
TESTS += tests/sandbox/test_quota
tests_sandbox_test_quota_SOURCES = tests/sandbox/test_quota.c $(SBTEST_SOURCES)
tests_sandbox_test_quota_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_quota_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_faults
TESTS += tests/sandbox/test_faults
tests_sandbox_test_faults_SOURCES = tests/sandbox/test_faults.c $(SBTEST_SOURCES)
tests_sandbox_test_faults_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_faults_LDADD = $(SBTEST_LDADD)

check_PROGRAMS += tests/sandbox/test_live
TESTS += tests/sandbox/test_live
tests_sandbox_test_live_SOURCES = tests/sandbox/test_live.c $(SBTEST_SOURCES)
tests_sandbox_test_live_CFLAGS = $(AM_CFLAGS) $(SBTEST_CFLAGS)
tests_sandbox_test_live_LDADD = $(SBTEST_LDADD)

TESTS += tests/sandbox/options.sh
EXTRA_DIST += tests/sandbox/options.sh
endif
