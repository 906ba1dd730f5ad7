## tests/console/local.mk: the console, scripted and in tmux.

## notify: libnotify through a private session bus to a mock daemon, the
## terminal fallback, no bus at all, and notify_command (notify.sh runs
## notify_send, a one-shot client of src/notify).
check_PROGRAMS += tests/console/notify_send
tests_console_notify_send_SOURCES = tests/console/notify_send.c
tests_console_notify_send_LDADD = $(NOTIFY_LIBS)
TESTS += tests/console/notify.sh
EXTRA_DIST += tests/console/notify.sh
