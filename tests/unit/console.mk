## tests/unit/console.mk: cmocka unit tests of src/model, src/fetch and the views.

## model: decoding (test_model), money and the id table (test_model_table), the review (test_review).
if HAVE_CMOCKA
MODEL_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) \
	-DMODEL_FIXTURES='"$(abs_top_srcdir)/tests/fixtures/model"'

check_PROGRAMS += tests/unit/test_model
TESTS += tests/unit/test_model
tests_unit_test_model_SOURCES = tests/unit/test_model.c
tests_unit_test_model_CFLAGS = $(MODEL_TEST_CFLAGS)
tests_unit_test_model_LDADD = $(MODEL_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_review
TESTS += tests/unit/test_review
tests_unit_test_review_SOURCES = tests/unit/test_review.c
tests_unit_test_review_CFLAGS = $(MODEL_TEST_CFLAGS)
tests_unit_test_review_LDADD = $(MODEL_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_model_table
TESTS += tests/unit/test_model_table
tests_unit_test_model_table_SOURCES = tests/unit/test_model_table.c
tests_unit_test_model_table_CFLAGS = $(MODEL_TEST_CFLAGS)
tests_unit_test_model_table_LDADD = $(MODEL_LIBS) $(CMOCKA_LIBS)
endif
