## src/sandbox/local.mk: routedesk-sandbox, the API on SQLite.
noinst_LIBRARIES += src/sandbox/libsandbox.a
src_sandbox_libsandbox_a_CFLAGS = $(AM_CFLAGS) $(MHD_CFLAGS) $(SQLITE_CFLAGS) $(ZLIB_CFLAGS)
src_sandbox_libsandbox_a_SOURCES = \
	src/sandbox/sandbox.h \
	src/sandbox/http.c src/sandbox/http.h \
	src/sandbox/request.c src/sandbox/request.h \
	src/sandbox/router.c \
	src/sandbox/envelope.c src/sandbox/envelope.h \
	src/sandbox/query.c src/sandbox/query.h \
	src/sandbox/handlers.h \
	src/sandbox/handle_read.c \
	src/sandbox/handle_write.c \
	src/sandbox/handle_special.c \
	src/sandbox/handle_addons.c src/sandbox/handle_hooks.c src/sandbox/handle_docs.c src/sandbox/handle_record.c src/sandbox/handle_write.h \
	src/sandbox/quota.c src/sandbox/quota.h \
	src/sandbox/faults.c src/sandbox/faults.h \
	src/sandbox/live.c src/sandbox/live.h \
	src/sandbox/store.c src/sandbox/store.h \
	src/sandbox/store_read.c \
	src/sandbox/store_text.c \
	src/sandbox/store_write.c \
	src/sandbox/store_internal.h \
	src/sandbox/generate.c src/sandbox/generate.h \
	src/sandbox/generate_data.c src/sandbox/generate_data.h \
	src/sandbox/generate_people.c src/sandbox/generate_schedule.c src/sandbox/generate_records.c

SANDBOX_LIBS = src/sandbox/libsandbox.a src/common/libcommon.a \
	$(MHD_LIBS) $(SQLITE_LIBS) $(ZLIB_LIBS) $(CJSON_LIBS) -lm

bin_PROGRAMS += routedesk-sandbox
routedesk_sandbox_SOURCES = src/sandbox/main.c
routedesk_sandbox_CFLAGS = $(AM_CFLAGS) $(MHD_CFLAGS) $(SQLITE_CFLAGS)
routedesk_sandbox_LDADD = $(SANDBOX_LIBS)
