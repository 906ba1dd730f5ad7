## src/notify/local.mk: desktop and terminal notifications.
noinst_LIBRARIES += src/notify/librdnotify.a
src_notify_librdnotify_a_CFLAGS = $(AM_CFLAGS) $(LIBNOTIFY_CFLAGS)
src_notify_librdnotify_a_SOURCES = \
	src/notify/notify.c src/notify/notify.h
