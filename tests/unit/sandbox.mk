## tests/unit/sandbox.mk: cmocka unit tests of src/sandbox.

check_PROGRAMS += tests/unit/test_quota
TESTS += tests/unit/test_quota
tests_unit_test_quota_SOURCES = tests/unit/test_quota.c
tests_unit_test_quota_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_quota_LDADD = $(SANDBOX_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_faults
TESTS += tests/unit/test_faults
tests_unit_test_faults_SOURCES = tests/unit/test_faults.c
tests_unit_test_faults_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_faults_LDADD = $(SANDBOX_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_request
TESTS += tests/unit/test_request
tests_unit_test_request_SOURCES = tests/unit/test_request.c
tests_unit_test_request_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_request_LDADD = $(SANDBOX_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_query
TESTS += tests/unit/test_query
tests_unit_test_query_SOURCES = tests/unit/test_query.c
tests_unit_test_query_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_query_LDADD = $(SANDBOX_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_envelope
TESTS += tests/unit/test_envelope
tests_unit_test_envelope_SOURCES = tests/unit/test_envelope.c
tests_unit_test_envelope_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_envelope_LDADD = $(SANDBOX_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_write
TESTS += tests/unit/test_write
tests_unit_test_write_SOURCES = tests/unit/test_write.c
tests_unit_test_write_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_write_LDADD = $(SANDBOX_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_store
TESTS += tests/unit/test_store
tests_unit_test_store_SOURCES = tests/unit/test_store.c
tests_unit_test_store_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(SQLITE_CFLAGS)
tests_unit_test_store_LDADD = $(SANDBOX_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_generate
TESTS += tests/unit/test_generate
tests_unit_test_generate_SOURCES = tests/unit/test_generate.c
tests_unit_test_generate_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_generate_LDADD = $(SANDBOX_LIBS) $(CMOCKA_LIBS)
