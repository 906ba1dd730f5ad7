## fuzz/local.mk: one libFuzzer target per parser of outside input; without --enable-fuzzing, replayed over the corpus by make check.
# With --enable-fuzzing (CC=clang) each is a libFuzzer binary: run it as
# `fuzz/fuzz_NAME CORPUS_COPY -max_total_time=60` (tools/check --fuzz,
# bench/fuzz).  Otherwise fuzz/replay.c supplies main() and each target is a
# TAP test that feeds its committed corpus, fuzz/corpus/NAME, through the
# same entry point, under whatever sanitizers the build has.
FUZZ_TARGETS = \
	fuzz/fuzz_envelope \
	fuzz/fuzz_request \
	fuzz/fuzz_query \
	fuzz/fuzz_config \
	fuzz/fuzz_form \
	fuzz/fuzz_args \
	fuzz/fuzz_utf8 \
	fuzz/fuzz_stream \
	fuzz/fuzz_rows \
	fuzz/fuzz_keyseq

if ENABLE_FUZZING
noinst_PROGRAMS += $(FUZZ_TARGETS)
FUZZ_DRIVER =
else
check_PROGRAMS += $(FUZZ_TARGETS)
TESTS += $(FUZZ_TARGETS)
FUZZ_DRIVER = fuzz/replay.c
endif

# `make fuzz-targets` builds the targets and nothing else (tools/check --fuzz).
fuzz-targets: $(FUZZ_TARGETS)
.PHONY: fuzz-targets

FUZZ_COMMON = fuzz/fuzz.h $(FUZZ_DRIVER)
FUZZ_LD = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)

fuzz_fuzz_envelope_SOURCES = fuzz/fuzz_envelope.c $(FUZZ_COMMON)
fuzz_fuzz_envelope_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_envelope_LDADD = $(MODEL_LIBS)

fuzz_fuzz_request_SOURCES = fuzz/fuzz_request.c $(FUZZ_COMMON)
fuzz_fuzz_request_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_request_LDADD = $(SANDBOX_LIBS)

fuzz_fuzz_query_SOURCES = fuzz/fuzz_query.c $(FUZZ_COMMON)
fuzz_fuzz_query_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_query_LDADD = $(SANDBOX_LIBS)

fuzz_fuzz_config_SOURCES = fuzz/fuzz_config.c $(FUZZ_COMMON)
fuzz_fuzz_config_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_config_LDADD = $(API_LIBS)

# form.c and form_values.c are pure data (no curses): compiled in alone, as
# test_form does.
fuzz_fuzz_form_SOURCES = fuzz/fuzz_form.c src/ui/forms/form.c src/ui/forms/form_values.c $(FUZZ_COMMON)
fuzz_fuzz_form_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_form_LDADD = $(MODEL_LIBS) $(LIBINTL)

fuzz_fuzz_args_SOURCES = fuzz/fuzz_args.c src/cli/args.c src/cli/args.h $(FUZZ_COMMON)
fuzz_fuzz_args_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_args_LDADD = $(API_LIBS) $(LIBINTL)

fuzz_fuzz_utf8_SOURCES = fuzz/fuzz_utf8.c $(FUZZ_COMMON)
fuzz_fuzz_utf8_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_utf8_LDADD = src/common/libcommon.a

fuzz_fuzz_stream_SOURCES = fuzz/fuzz_stream.c src/cli/redact.c src/cli/redact.h $(FUZZ_COMMON)
fuzz_fuzz_stream_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_stream_LDADD = $(API_LIBS)

fuzz_fuzz_rows_SOURCES = fuzz/fuzz_rows.c tests/lib/rows_tree.c tests/lib/rows_tree.h $(FUZZ_COMMON)
fuzz_fuzz_rows_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_rows_LDADD = $(MODEL_LIBS)

# keyseq.c is pure (curses' key codes only): compiled in alone.
fuzz_fuzz_keyseq_SOURCES = fuzz/fuzz_keyseq.c src/ui/base/keyseq.c src/ui/base/keyseq.h \
	$(FUZZ_COMMON)
fuzz_fuzz_keyseq_CFLAGS = $(AM_CFLAGS) $(NCURSES_CFLAGS)
fuzz_fuzz_keyseq_LDFLAGS = $(FUZZ_LD)
fuzz_fuzz_keyseq_LDADD = src/common/libcommon.a

EXTRA_DIST += fuzz/replay.c

# The corpus, file by file (a directory here would ship stray files too).
# Regenerate after adding inputs: (cd fuzz/corpus && ls */*) | sed 's|^|\tfuzz/corpus/|'
EXTRA_DIST += \
	fuzz/corpus/args/addons.txt \
	fuzz/corpus/args/nested.txt \
	fuzz/corpus/args/refused.txt \
	fuzz/corpus/args/search.txt \
	fuzz/corpus/config/crlf_sections.ini \
	fuzz/corpus/config/default.ini \
	fuzz/corpus/config/errors.ini \
	fuzz/corpus/config/readme.ini \
	fuzz/corpus/config/solo.ini \
	fuzz/corpus/config/two_accounts.ini \
	fuzz/corpus/envelope/byid.json \
	fuzz/corpus/envelope/byid_array.json \
	fuzz/corpus/envelope/empty.json \
	fuzz/corpus/envelope/error.json \
	fuzz/corpus/envelope/error_no_message.json \
	fuzz/corpus/envelope/error_quota.json \
	fuzz/corpus/envelope/garbage.txt \
	fuzz/corpus/envelope/get.json \
	fuzz/corpus/envelope/get_empty.json \
	fuzz/corpus/envelope/get_not_array.json \
	fuzz/corpus/envelope/model_records.json \
	fuzz/corpus/envelope/no_success.json \
	fuzz/corpus/envelope/not_object.json \
	fuzz/corpus/envelope/property_not_string.json \
	fuzz/corpus/envelope/record_odd.json \
	fuzz/corpus/envelope/search.json \
	fuzz/corpus/envelope/search_ids_comma.json \
	fuzz/corpus/envelope/search_ids_fraction.json \
	fuzz/corpus/envelope/search_ids_garbage.json \
	fuzz/corpus/envelope/search_ids_strings.json \
	fuzz/corpus/envelope/search_include.json \
	fuzz/corpus/envelope/search_include_bad_data_name.json \
	fuzz/corpus/envelope/search_include_no_nodata.json \
	fuzz/corpus/envelope/search_no_property.json \
	fuzz/corpus/envelope/search_typeids.json \
	fuzz/corpus/envelope/success_number.json \
	fuzz/corpus/envelope/success_string.json \
	fuzz/corpus/envelope/truncated.json \
	fuzz/corpus/envelope/usage_bad.json \
	fuzz/corpus/envelope/usage_strings.json \
	fuzz/corpus/envelope/write_ack.json \
	fuzz/corpus/envelope/write_both.json \
	fuzz/corpus/envelope/write_member.json \
	fuzz/corpus/envelope/write_result.json \
	fuzz/corpus/form/errors.txt \
	fuzz/corpus/form/negative_taxable.txt \
	fuzz/corpus/form/utf8_editing.txt \
	fuzz/corpus/form/valid.txt \
	fuzz/corpus/keyseq/alt_j.txt \
	fuzz/corpus/keyseq/ctrl_home.txt \
	fuzz/corpus/keyseq/end.txt \
	fuzz/corpus/keyseq/esc_inside.txt \
	fuzz/corpus/keyseq/linux_f1.txt \
	fuzz/corpus/keyseq/long.txt \
	fuzz/corpus/keyseq/ss3_home.txt \
	fuzz/corpus/keyseq/ss3_param.txt \
	fuzz/corpus/query/bad_json.txt \
	fuzz/corpus/query/bad_op.txt \
	fuzz/corpus/query/bare_date.txt \
	fuzz/corpus/query/between.txt \
	fuzz/corpus/query/bool.txt \
	fuzz/corpus/query/comma_list.txt \
	fuzz/corpus/query/contains.txt \
	fuzz/corpus/query/ge.txt \
	fuzz/corpus/query/in_array.txt \
	fuzz/corpus/query/in_string.txt \
	fuzz/corpus/query/phone-contains-none.txt \
	fuzz/corpus/query/text.txt \
	fuzz/corpus/query/time.txt \
	fuzz/corpus/request/appointment_mixed.txt \
	fuzz/corpus/request/bad_utf8.txt \
	fuzz/corpus/request/byid.txt \
	fuzz/corpus/request/create_json.txt \
	fuzz/corpus/request/get_ids.txt \
	fuzz/corpus/request/odd_names.txt \
	fuzz/corpus/request/search_brackets.txt \
	fuzz/corpus/request/search_include.txt \
	fuzz/corpus/request/search_query_object.txt \
	fuzz/corpus/request/setaddons_brackets.txt \
	fuzz/corpus/rows/appointments.json \
	fuzz/corpus/rows/customer.json \
	fuzz/corpus/rows/employee.json \
	fuzz/corpus/rows/empty.json \
	fuzz/corpus/rows/long_number.bin \
	fuzz/corpus/rows/note.json \
	fuzz/corpus/rows/product.json \
	fuzz/corpus/rows/route.json \
	fuzz/corpus/rows/service_type.json \
	fuzz/corpus/rows/subscription_custom.json \
	fuzz/corpus/rows/subscriptions.json \
	fuzz/corpus/rows/ticket.json \
	fuzz/corpus/rows/truncated.json \
	fuzz/corpus/stream/bom_spaces.json \
	fuzz/corpus/stream/empty_name_crash.json \
	fuzz/corpus/stream/escapes.json \
	fuzz/corpus/stream/get.json \
	fuzz/corpus/stream/get.json.gz \
	fuzz/corpus/stream/gzip_raw.bin \
	fuzz/corpus/stream/lone_surrogate.json \
	fuzz/corpus/stream/long_id_overflow.json \
	fuzz/corpus/stream/long_number.json \
	fuzz/corpus/stream/records_are_ids.json \
	fuzz/corpus/stream/records_are_ignored.json \
	fuzz/corpus/stream/records_object.json \
	fuzz/corpus/stream/search_include.json \
	fuzz/corpus/stream/success_string.json \
	fuzz/corpus/stream/truncated.json \
	fuzz/corpus/utf8/ascii.txt \
	fuzz/corpus/utf8/bidi.txt \
	fuzz/corpus/utf8/combining.txt \
	fuzz/corpus/utf8/controls.txt \
	fuzz/corpus/utf8/invalid.txt \
	fuzz/corpus/utf8/joiner.txt \
	fuzz/corpus/utf8/wide.txt
