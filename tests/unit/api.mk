## tests/unit/api.mk: cmocka unit tests of src/api (and the CLI's redaction).
# The fixtures, file by file (a directory here would ship stray files too).
EXTRA_DIST += \
	tests/fixtures/api/byid.json \
	tests/fixtures/api/byid_array.json \
	tests/fixtures/api/customer_live.json \
	tests/fixtures/api/empty.json \
	tests/fixtures/api/error.json \
	tests/fixtures/api/error_no_message.json \
	tests/fixtures/api/error_quota.json \
	tests/fixtures/api/garbage.txt \
	tests/fixtures/api/get.json \
	tests/fixtures/api/get_empty.json \
	tests/fixtures/api/get_not_array.json \
	tests/fixtures/api/no_success.json \
	tests/fixtures/api/not_object.json \
	tests/fixtures/api/property_not_string.json \
	tests/fixtures/api/record_odd.json \
	tests/fixtures/api/search.json \
	tests/fixtures/api/search_ids_comma.json \
	tests/fixtures/api/search_ids_fraction.json \
	tests/fixtures/api/search_ids_garbage.json \
	tests/fixtures/api/search_ids_strings.json \
	tests/fixtures/api/search_include.json \
	tests/fixtures/api/search_include_bad_data_name.json \
	tests/fixtures/api/search_include_no_nodata.json \
	tests/fixtures/api/search_no_property.json \
	tests/fixtures/api/search_typeids.json \
	tests/fixtures/api/success_number.json \
	tests/fixtures/api/success_string.json \
	tests/fixtures/api/truncated.json \
	tests/fixtures/api/usage_bad.json \
	tests/fixtures/api/usage_strings.json \
	tests/fixtures/api/write_ack.json \
	tests/fixtures/api/write_both.json \
	tests/fixtures/api/write_member.json \
	tests/fixtures/api/write_result.json
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

check_PROGRAMS += tests/unit/test_api_gunzip
TESTS += tests/unit/test_api_gunzip
tests_unit_test_api_gunzip_SOURCES = tests/unit/test_api_gunzip.c
tests_unit_test_api_gunzip_CFLAGS = $(API_TEST_CFLAGS) $(ZLIB_CFLAGS)
tests_unit_test_api_gunzip_LDADD = $(API_TEST_LDADD) $(ZLIB_LIBS)

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
tests_unit_test_api_transport_SOURCES = tests/unit/test_api_transport.c tests/lib/down_url.h
tests_unit_test_api_transport_CFLAGS = $(API_TEST_CFLAGS) $(ZLIB_CFLAGS)
tests_unit_test_api_transport_LDADD = $(API_TEST_LDADD) $(ZLIB_LIBS)

check_PROGRAMS += tests/unit/test_api_redact
TESTS += tests/unit/test_api_redact
tests_unit_test_api_redact_SOURCES = tests/unit/test_api_redact.c src/cli/redact.c src/cli/redact.h
tests_unit_test_api_redact_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_redact_LDADD = $(API_TEST_LDADD)

check_PROGRAMS += tests/unit/test_api_stream
TESTS += tests/unit/test_api_stream
tests_unit_test_api_stream_SOURCES = tests/unit/test_api_stream.c src/cli/redact.c src/cli/redact.h
tests_unit_test_api_stream_CFLAGS = $(API_TEST_CFLAGS)
tests_unit_test_api_stream_LDADD = $(API_TEST_LDADD)
endif
