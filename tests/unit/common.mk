## tests/unit/common.mk: cmocka unit tests of src/common.

check_PROGRAMS += tests/unit/test_common
TESTS += tests/unit/test_common
tests_unit_test_common_SOURCES = tests/unit/test_common.c
tests_unit_test_common_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_common_LDADD = src/common/libcommon.a $(CJSON_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_resources
TESTS += tests/unit/test_resources
tests_unit_test_resources_SOURCES = tests/unit/test_resources.c
tests_unit_test_resources_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_resources_LDADD = src/common/libcommon.a $(CJSON_LIBS) $(CMOCKA_LIBS)
# The specification's headings and tables, which the table is checked against.
EXTRA_DIST += tests/fixtures/spec/api-spec-tables.md
