## src/notify/local.mk: desktop and terminal notifications.
noinst_LIBRARIES += src/notify/librdnotify.a
src_notify_librdnotify_a_CFLAGS = $(AM_CFLAGS) $(LIBNOTIFY_CFLAGS)
src_notify_librdnotify_a_SOURCES = \
	src/notify/notify.h \
	src/notify/notify.c \
	src/notify/config.c \
	src/notify/output.c \
	src/notify/events.c
# What a program linking the notifier needs (events.c uses the model's tables).
NOTIFY_LIBS = src/notify/librdnotify.a $(MODEL_LIBS) $(LIBNOTIFY_LIBS) $(LIBINTL)
