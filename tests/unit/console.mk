## tests/unit/console.mk: cmocka unit tests of src/model, src/fetch and the views.

## model: decoding (test_model), from a page's text (test_model_stream), money and the id table (test_model_table), the review (test_review).
EXTRA_DIST += tests/fixtures/model/records.json
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

check_PROGRAMS += tests/unit/test_model_stream
TESTS += tests/unit/test_model_stream
tests_unit_test_model_stream_SOURCES = tests/unit/test_model_stream.c tests/lib/rows_tree.c \
	tests/lib/rows_tree.h
tests_unit_test_model_stream_CFLAGS = $(MODEL_TEST_CFLAGS)
tests_unit_test_model_stream_LDADD = $(MODEL_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_model_table
TESTS += tests/unit/test_model_table
tests_unit_test_model_table_SOURCES = tests/unit/test_model_table.c
tests_unit_test_model_table_CFLAGS = $(MODEL_TEST_CFLAGS)
tests_unit_test_model_table_LDADD = $(MODEL_LIBS) $(CMOCKA_LIBS)
endif

## fetch: the thread's queues, supersede, cancel, stop and wake pipe with a fake runner.
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_fetch_queue
TESTS += tests/unit/test_fetch_queue
tests_unit_test_fetch_queue_SOURCES = tests/unit/test_fetch_queue.c
tests_unit_test_fetch_queue_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS)
tests_unit_test_fetch_queue_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)
endif

## fetch: which reference tables a review names an unknown id of (review.c), the id lists.
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_fetch_review
TESTS += tests/unit/test_fetch_review
tests_unit_test_fetch_review_SOURCES = tests/unit/test_fetch_review.c
tests_unit_test_fetch_review_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS)
tests_unit_test_fetch_review_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)
endif

## fetch: the office share's ticks and written records, files and accounts.
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_fetch_lookup
TESTS += tests/unit/test_fetch_lookup
tests_unit_test_fetch_lookup_SOURCES = tests/unit/test_fetch_lookup.c
tests_unit_test_fetch_lookup_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS)
tests_unit_test_fetch_lookup_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)
check_PROGRAMS += tests/unit/test_fetch_share
TESTS += tests/unit/test_fetch_share
tests_unit_test_fetch_share_SOURCES = tests/unit/test_fetch_share.c
tests_unit_test_fetch_share_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS)
tests_unit_test_fetch_share_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)

## The share's names under linker-wrapped calls that make names: each
## looked at the moment it appears.
check_PROGRAMS += tests/unit/test_share_appear
TESTS += tests/unit/test_share_appear
tests_unit_test_share_appear_SOURCES = tests/unit/test_share_appear.c
tests_unit_test_share_appear_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS)
tests_unit_test_share_appear_LDFLAGS = \
	-Wl,--wrap=mkdirat,--wrap=openat,--wrap=renameat,--wrap=renameat2,--wrap=linkat
tests_unit_test_share_appear_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)
endif

## fetch: the single flight's read key, its stripping of credentials, its lock and answers.
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_fetch_flight
TESTS += tests/unit/test_fetch_flight
tests_unit_test_fetch_flight_SOURCES = tests/unit/test_fetch_flight.c
tests_unit_test_fetch_flight_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS)
tests_unit_test_fetch_flight_LDADD = $(FETCH_LIBS) $(CMOCKA_LIBS)
endif

## views: every pane over hand-made rows and fake results.  The views are
## compiled into the tests (not libui, whose app.o would pull curses and the
## fetch thread in); view_doubles.c supplies ui.h's services and the fetch
## job constructors as doubles that record what a view asked for.
if HAVE_CMOCKA
VIEW_TEST_SOURCES = \
	tests/unit/view_doubles.c tests/unit/view_doubles.h \
	src/ui/views/view_common.c src/ui/views/view_common.h \
	src/ui/views/view_pane.c src/ui/views/view_pane.h \
	src/ui/views/view_list.c src/ui/views/view_list.h src/ui/views/view_list_names.c \
	src/ui/views/view_routes.c src/ui/views/view_stops.c src/ui/views/view_customers.c \
	src/ui/views/view_subscriptions.c src/ui/views/view_tickets.c src/ui/views/view_notes.c \
	src/ui/views/view_detail.c src/ui/views/view_text.c src/ui/views/detail_summary.c src/ui/views/detail_summary.h \
	src/ui/views/views.c src/ui/views/views.h \
	src/ui/views/view_timeline.c src/ui/views/timeline_layout.c src/ui/views/timeline_layout.h \
	src/ui/base/list_layout.c \
	src/fetch/lookup.c src/fetch/lookup.h
VIEW_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS)
VIEW_TEST_LDADD = $(MODEL_LIBS) $(CMOCKA_LIBS) $(LIBINTL)

check_PROGRAMS += tests/unit/test_views
TESTS += tests/unit/test_views
tests_unit_test_views_SOURCES = tests/unit/test_views.c $(VIEW_TEST_SOURCES)
tests_unit_test_views_CFLAGS = $(VIEW_TEST_CFLAGS)
tests_unit_test_views_LDADD = $(VIEW_TEST_LDADD)

check_PROGRAMS += tests/unit/test_timeline
TESTS += tests/unit/test_timeline
tests_unit_test_timeline_SOURCES = tests/unit/test_timeline.c $(VIEW_TEST_SOURCES)
tests_unit_test_timeline_CFLAGS = $(VIEW_TEST_CFLAGS)
tests_unit_test_timeline_LDADD = $(VIEW_TEST_LDADD)

check_PROGRAMS += tests/unit/test_detail_summary
TESTS += tests/unit/test_detail_summary
tests_unit_test_detail_summary_SOURCES = tests/unit/test_detail_summary.c $(VIEW_TEST_SOURCES)
tests_unit_test_detail_summary_CFLAGS = $(VIEW_TEST_CFLAGS)
tests_unit_test_detail_summary_LDADD = $(VIEW_TEST_LDADD)

check_PROGRAMS += tests/unit/test_view_lists
TESTS += tests/unit/test_view_lists
tests_unit_test_view_lists_SOURCES = tests/unit/test_view_lists.c $(VIEW_TEST_SOURCES)
tests_unit_test_view_lists_CFLAGS = $(VIEW_TEST_CFLAGS)
tests_unit_test_view_lists_LDADD = $(VIEW_TEST_LDADD)
endif

## ui core: themes, keys and the prompt, settings and state, the terminal's signals, the list widget.
## The pure parts are compiled in (not libui, whose app.o pulls the views,
## the fetch thread and the terminal in).
if HAVE_CMOCKA
UI_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(NCURSES_CFLAGS) \
	-DTHEME_SRCDIR='"$(abs_top_srcdir)/themes"'
UI_TEST_LDADD = $(API_LIBS) $(NCURSES_LIBS) $(CMOCKA_LIBS) $(LIBINTL)

check_PROGRAMS += tests/unit/test_ui_theme
TESTS += tests/unit/test_ui_theme
tests_unit_test_ui_theme_SOURCES = tests/unit/test_ui_theme.c src/ui/theme/theme.c src/ui/base/state.c
nodist_tests_unit_test_ui_theme_SOURCES = $(THEMES_SHIPPED)
tests_unit_test_ui_theme_CFLAGS = $(UI_TEST_CFLAGS)
tests_unit_test_ui_theme_LDADD = $(UI_TEST_LDADD)

check_PROGRAMS += tests/unit/test_ui_keys
TESTS += tests/unit/test_ui_keys
tests_unit_test_ui_keys_SOURCES = tests/unit/test_ui_keys.c src/ui/base/action.c src/ui/base/cmdline.c \
	src/ui/base/keyseq.c
tests_unit_test_ui_keys_CFLAGS = $(UI_TEST_CFLAGS)
tests_unit_test_ui_keys_LDADD = $(UI_TEST_LDADD)

check_PROGRAMS += tests/unit/test_ui_term
TESTS += tests/unit/test_ui_term
tests_unit_test_ui_term_SOURCES = tests/unit/test_ui_term.c src/ui/term.c src/ui/theme/theme.c \
	src/ui/base/state.c src/ui/base/action.c src/ui/base/cmdline.c src/ui/base/keyseq.c
nodist_tests_unit_test_ui_term_SOURCES = $(THEMES_SHIPPED)
tests_unit_test_ui_term_CFLAGS = $(UI_TEST_CFLAGS)
tests_unit_test_ui_term_LDADD = $(UI_TEST_LDADD)

check_PROGRAMS += tests/unit/test_ui_loop
TESTS += tests/unit/test_ui_loop
tests_unit_test_ui_loop_SOURCES = tests/unit/test_ui_loop.c src/ui/loop.c
tests_unit_test_ui_loop_CFLAGS = $(UI_TEST_CFLAGS)
tests_unit_test_ui_loop_LDADD = $(UI_TEST_LDADD)

## The config's two parsers (the account's and the console's) under a
## linker-wrapped free that looks for the token in every freed block.
check_PROGRAMS += tests/unit/test_config_wipe
TESTS += tests/unit/test_config_wipe
tests_unit_test_config_wipe_SOURCES = tests/unit/test_config_wipe.c src/ui/base/state.c \
	src/ui/base/action.c
tests_unit_test_config_wipe_CFLAGS = $(UI_TEST_CFLAGS)
tests_unit_test_config_wipe_LDFLAGS = -Wl,--wrap=free,--wrap=malloc,--wrap=realloc
tests_unit_test_config_wipe_LDADD = $(UI_TEST_LDADD)

check_PROGRAMS += tests/unit/test_ui_state
TESTS += tests/unit/test_ui_state
tests_unit_test_ui_state_SOURCES = tests/unit/test_ui_state.c src/ui/base/state.c src/ui/base/action.c \
	src/ui/script.c
tests_unit_test_ui_state_CFLAGS = $(UI_TEST_CFLAGS)
tests_unit_test_ui_state_LDADD = $(UI_TEST_LDADD)

## The kept days' reference tables (warm.c over a private state directory).
check_PROGRAMS += tests/unit/test_ui_warm
TESTS += tests/unit/test_ui_warm
tests_unit_test_ui_warm_SOURCES = tests/unit/test_ui_warm.c src/ui/base/warm.c src/ui/base/state.c
tests_unit_test_ui_warm_CFLAGS = $(UI_TEST_CFLAGS) $(CURL_CFLAGS)
tests_unit_test_ui_warm_LDADD = $(FETCH_LIBS) $(UI_TEST_LDADD)

check_PROGRAMS += tests/unit/test_ui_list
TESTS += tests/unit/test_ui_list
tests_unit_test_ui_list_SOURCES = tests/unit/test_ui_list.c src/ui/base/list.c src/ui/base/list_draw.c src/ui/base/list_layout.c src/ui/base/list_preview.c src/ui/base/list_sort.c \
	src/ui/theme/theme.c src/ui/base/state.c
nodist_tests_unit_test_ui_list_SOURCES = $(THEMES_SHIPPED)
tests_unit_test_ui_list_CFLAGS = $(UI_TEST_CFLAGS)
tests_unit_test_ui_list_LDADD = $(UI_TEST_LDADD)

## app_each_frame over stacks deeper than any fixed array (services.c and the list widget it makes).
check_PROGRAMS += tests/unit/test_ui_frames
TESTS += tests/unit/test_ui_frames
tests_unit_test_ui_frames_SOURCES = tests/unit/test_ui_frames.c src/ui/base/services.c src/ui/base/list.c \
	src/ui/base/list_draw.c src/ui/base/list_layout.c src/ui/base/list_preview.c src/ui/base/list_sort.c \
	src/ui/theme/theme.c src/ui/base/state.c
nodist_tests_unit_test_ui_frames_SOURCES = $(THEMES_SHIPPED)
tests_unit_test_ui_frames_CFLAGS = $(UI_TEST_CFLAGS)
tests_unit_test_ui_frames_LDADD = $(FETCH_LIBS) $(NCURSES_LIBS) $(CMOCKA_LIBS) $(LIBINTL)
endif

## notify: transport choice, OSC bytes, the command and the queue (test_notify);
## event words, switches and batching, the model diff (test_notify_events).
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_notify
TESTS += tests/unit/test_notify
tests_unit_test_notify_SOURCES = tests/unit/test_notify.c
tests_unit_test_notify_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_notify_LDADD = $(NOTIFY_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test_notify_events
TESTS += tests/unit/test_notify_events
tests_unit_test_notify_events_SOURCES = tests/unit/test_notify_events.c \
	tests/unit/notify_fixtures.c tests/unit/notify_fixtures.h
tests_unit_test_notify_events_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_notify_events_LDADD = $(NOTIFY_LIBS) $(CMOCKA_LIBS)
endif

## forms: fields from the table, validation, the preview's pairs, the submit
## states, keys, drafts (0600) and the activity log.  The pure parts are
## compiled in; the test supplies the two ui.h services the log view uses.
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_form
TESTS += tests/unit/test_form
tests_unit_test_form_SOURCES = tests/unit/test_form.c src/ui/forms/form.c src/ui/forms/form_time.c src/ui/forms/form_values.c \
	src/ui/forms/form_draw.c src/ui/forms/form_keys.c \
	src/ui/forms/draft.c src/ui/views/activity.c src/ui/base/state.c src/ui/base/list.c src/ui/base/list_draw.c src/ui/base/list_layout.c src/ui/base/list_preview.c src/ui/base/list_sort.c \
	src/ui/theme/theme.c
nodist_tests_unit_test_form_SOURCES = $(THEMES_SHIPPED)
tests_unit_test_form_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(NCURSES_CFLAGS)
tests_unit_test_form_LDADD = $(MODEL_LIBS) $(NCURSES_LIBS) $(CMOCKA_LIBS) $(LIBINTL)
endif

## form_base: a lead stage form's base, the record as now known, what changed (forms_stale.c's pure part).
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_form_base
TESTS += tests/unit/test_form_base
tests_unit_test_form_base_SOURCES = tests/unit/test_form_base.c src/ui/forms/form_base.c
tests_unit_test_form_base_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_form_base_LDADD = $(MODEL_LIBS) $(CMOCKA_LIBS) $(LIBINTL)
endif

## alerts: the console's notification glue (config lines, connection flaps,
## budget once a day, refresh diffs, the command settling), without curses.
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_alerts
TESTS += tests/unit/test_alerts
tests_unit_test_alerts_SOURCES = tests/unit/test_alerts.c src/ui/alerts.c src/ui/alerts.h \
	src/ui/base/state.c tests/unit/notify_fixtures.c tests/unit/notify_fixtures.h
tests_unit_test_alerts_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(CURL_CFLAGS)
tests_unit_test_alerts_LDADD = $(NOTIFY_LIBS) $(CMOCKA_LIBS)
endif
