## tests/unit/api.mk: cmocka unit tests of src/api (and the CLI's redaction).
EXTRA_DIST += tests/fixtures/api
if HAVE_CMOCKA
API_TEST_LDADD = $(API_LIBS) $(CMOCKA_LIBS)
API_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS) \
	-DAPI_FIXTURES='"$(abs_top_srcdir)/tests/fixtures/api"'

check_PROGRAMS += tests/unit/test_api_encode
TESTS += tests/unit/test_api_encode
tests_unit_test_api_encode_SOURCES = tests/unit/test_api_encode.c
tests_unit_test_api_encode_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_encode_LDADD = $(API_TEST_LDADD)

check_PROGRAMS += tests/unit/test_api_envelope
TESTS += tests/unit/test_api_envelope
tests_unit_test_api_envelope_SOURCES = tests/unit/test_api_envelope.c
tests_unit_test_api_envelope_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_envelope_LDADD = $(API_TEST_LDADD)

check_PROGRAMS += tests/unit/test_api_values
TESTS += tests/unit/test_api_values
tests_unit_test_api_values_SOURCES = tests/unit/test_api_values.c
tests_unit_test_api_values_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_values_LDADD = $(API_TEST_LDADD)

check_PROGRAMS += tests/unit/test_api_account
TESTS += tests/unit/test_api_account
tests_unit_test_api_account_SOURCES = tests/unit/test_api_account.c
tests_unit_test_api_account_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_account_LDADD = $(API_TEST_LDADD)

check_PROGRAMS += tests/unit/test_api_pace
TESTS += tests/unit/test_api_pace
tests_unit_test_api_pace_SOURCES = tests/unit/test_api_pace.c
tests_unit_test_api_pace_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_pace_LDADD = $(API_TEST_LDADD)

check_PROGRAMS += tests/unit/test_api_transport
TESTS += tests/unit/test_api_transport
tests_unit_test_api_transport_SOURCES = tests/unit/test_api_transport.c
tests_unit_test_api_transport_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_transport_LDADD = $(API_TEST_LDADD)

check_PROGRAMS += tests/unit/test_api_redact
TESTS += tests/unit/test_api_redact
tests_unit_test_api_redact_SOURCES = tests/unit/test_api_redact.c src/cli/redact.c src/cli/redact.h
tests_unit_test_api_redact_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_redact_LDADD = $(API_TEST_LDADD)
endif
