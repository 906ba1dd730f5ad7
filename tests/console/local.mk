## tests/console/local.mk: the console, scripted and in tmux.

## notify: libnotify through a private session bus to a mock daemon, the
## terminal fallback, no bus at all, and notify_command (notify.sh runs
## notify_send, a one-shot client of src/notify).
check_PROGRAMS += tests/console/notify_send
tests_console_notify_send_SOURCES = tests/console/notify_send.c
tests_console_notify_send_LDADD = $(NOTIFY_LIBS)
TESTS += tests/console/notify.sh
EXTRA_DIST += tests/console/notify.sh

## Scripted console runs (ROUTEDESK_SCRIPT and :save-display) against a
## generated sandbox, and tmux runs in a real terminal; tests/lib/console.sh
## is their harness.  Golden screens: tests/console/golden/ (regenerate
## with CONSOLE_GOLDEN_UPDATE=1, see tests/lib/console.sh).
CONSOLE_TESTS = tests/console/network.sh tests/console/routes.sh tests/console/panes.sh \
	tests/console/drill.sh tests/console/filter.sh tests/console/paste.sh tests/console/longtext.sh tests/console/sort.sh \
	tests/console/dates.sh tests/console/state.sh tests/console/refresh.sh \
	tests/console/readonly.sh tests/console/resize.sh tests/console/themes.sh \
	tests/console/ascii.sh tests/console/escape.sh tests/console/tmux_review.sh tests/console/tmux_pace.sh tests/console/tmux_midnight.sh \
	tests/console/tmux_escape.sh tests/console/tmux_quit.sh tests/console/warm.sh \
	tests/console/share.sh tests/console/timeline.sh tests/console/tmux_timeline.sh \
	tests/console/tmux_mouse.sh tests/console/views.sh tests/console/tmux_share.sh \
	tests/console/stream.sh tests/console/tmux_preview.sh tests/console/reference.sh \
	tests/console/tmux_suspend.sh tests/console/demo.sh tests/console/tmux_themes.sh \
	tests/console/layout.sh tests/console/route_gone.sh tests/console/sort_whole.sh tests/console/reload_fail.sh \
	tests/console/recent.sh tests/console/probe.sh tests/console/day_failed.sh \
	tests/console/day_passed.sh tests/console/wait_header.sh tests/console/index_seed.sh \
	tests/console/share_dispatch.sh tests/console/share_note.sh \
	tests/console/share_lead.sh tests/console/share_addon.sh
TESTS += $(CONSOLE_TESTS)
EXTRA_DIST += $(CONSOLE_TESTS) tests/lib/console.sh \
	tests/console/golden/routes.txt tests/console/golden/customers.txt \
	tests/console/golden/stops.txt tests/console/golden/routes-80x24.txt \
	tests/console/golden/timeline-80x24.txt tests/console/golden/timeline-200x50.txt \
	tests/console/golden/detail-80x24.txt tests/console/golden/detail-200x50.txt

## forms: a note, add-ons and lead stages sent once and read back through
## the API, the validation messages, a refusal keeping the text, dropped
## answers giving no duplicate, a draft across a restart, read-only.
TESTS += tests/console/forms.sh
EXTRA_DIST += tests/console/forms.sh

## forms_resend: a lost send sent again and refused is still the one the
## check looks for: found applied, never written twice.
TESTS += tests/console/forms_resend.sh
EXTRA_DIST += tests/console/forms_resend.sh

## forms_lists: the lists the forms keep (lead stages, note types) offered
## every time a form opens and read once; A on an empty Notes list.
TESTS += tests/console/forms_lists.sh
EXTRA_DIST += tests/console/forms_lists.sh

## dispatch: M, X and D on a stop (move, cancel, done or no-show): the
## exact pairs, the record and its changelog read back, refusals (a locked
## route, apiCanSchedule 0) in the service's words, a dropped answer never
## completing a stop twice, read-only and help.
TESTS += tests/console/dispatch.sh
TESTS += tests/console/stale.sh
EXTRA_DIST += tests/console/dispatch.sh
EXTRA_DIST += tests/console/stale.sh

## alerts: the console's notifications end to end: [notify] command= gets
## the technician event with the route's name, a failed write, the link
## lost and back (a switch off), OSC 9 bytes in tmux (pipe-pane), libnotify
## with no bus falling back, and :info naming the transport.
TESTS += tests/console/alerts.sh
EXTRA_DIST += tests/console/alerts.sh

## tmux_forms: in a real terminal, text typed in the same burst as A, + or
## L (before the form's reads are answered) lands in the form's fields.
TESTS += tests/console/tmux_forms.sh
EXTRA_DIST += tests/console/tmux_forms.sh

## tmux_keyseq: with TERM=xterm-256color in tmux, Home and End (ESC [ 1 ~,
## ESC [ 4 ~, unknown to that terminfo) still move, an unknown escape
## sequence is said and dropped instead of run as Esc, "[", digits and "~",
## and Esc alone or with a key after it still acts.
TESTS += tests/console/tmux_keyseq.sh
EXTRA_DIST += tests/console/tmux_keyseq.sh

## tmux_terms: the thin clients' terminals and locales at 80x24: in LANG=C
## a UTF-8 terminal's letters typed in a form are kept whole.
TESTS += tests/console/tmux_terms.sh
EXTRA_DIST += tests/console/tmux_terms.sh

## tmux_paste: the console asks for bracketed paste: lines pasted at : stay
## one line of text, a paste on a list runs no key and is said; TERM=dumb
## is refused with the reason rather than drawn blank.
TESTS += tests/console/tmux_paste.sh
EXTRA_DIST += tests/console/tmux_paste.sh

## stress: seeded random key sequences (day steps, pane switches, searches,
## filters, sorts, refreshes, resizes, forms opened and cancelled, pauses)
## race the fetch thread against sandboxes with latency and faults; after
## each: no job lost, no pane loading, Q (sent as reads go out) waits on
## no read, by the trace's order.  stress.sh runs
## 180 in script mode, tmux_stress.sh a few in a real terminal;
## tests/lib/stress.sh holds the generator and checks bench/stress shares.
TESTS += tests/console/stress.sh tests/console/tmux_stress.sh
EXTRA_DIST += tests/console/stress.sh tests/console/tmux_stress.sh tests/lib/stress.sh

## i18n_es: the console in Spanish at 80x24 (a private locale, po/es.gmo).
TESTS += tests/console/i18n_es.sh
EXTRA_DIST += tests/console/i18n_es.sh
