## src/sandbox/local.mk: routedesk-sandbox, the API on SQLite.
noinst_LIBRARIES += src/sandbox/libsandbox.a
src_sandbox_libsandbox_a_CFLAGS = $(AM_CFLAGS) $(MHD_CFLAGS) $(SQLITE_CFLAGS) $(ZLIB_CFLAGS)
src_sandbox_libsandbox_a_SOURCES = \
	src/sandbox/sandbox.h \
	src/sandbox/http/http.c src/sandbox/http/http.h \
	src/sandbox/http/body.c src/sandbox/http/body.h \
	src/sandbox/http/gzip.c src/sandbox/http/gzip.h \
	src/sandbox/ops/request.c src/sandbox/ops/request.h \
	src/sandbox/ops/router.c \
	src/sandbox/ops/envelope.c src/sandbox/ops/envelope.h \
	src/sandbox/store/query.c src/sandbox/store/query.h \
	src/sandbox/ops/handlers.h \
	src/sandbox/ops/handle_read.c src/sandbox/ops/read_flags.c \
	src/sandbox/ops/handle_write.c \
	src/sandbox/ops/handle_special.c \
	src/sandbox/ops/handle_addons.c src/sandbox/ops/handle_hooks.c src/sandbox/ops/handle_leads.c src/sandbox/ops/handle_docs.c src/sandbox/ops/handle_record.c src/sandbox/ops/handle_schedule.c src/sandbox/ops/handle_spots.c src/sandbox/ops/handle_delete.c src/sandbox/ops/handle_write.h \
	src/sandbox/ops/quota.c src/sandbox/ops/quota.h \
	src/sandbox/http/faults.c src/sandbox/http/faults.h \
	src/sandbox/generate/live.c src/sandbox/generate/live.h \
	src/sandbox/store/store.c src/sandbox/store/store.h \
	src/sandbox/store/store_files.c \
	src/sandbox/store/store_read.c \
	src/sandbox/store/store_text.c \
	src/sandbox/store/store_write.c \
	src/sandbox/store/store_internal.h \
	src/sandbox/generate/generate.c src/sandbox/generate/generate.h \
	src/sandbox/generate/generate_data.c src/sandbox/generate/generate_data.h \
	src/sandbox/generate/generate_people.c src/sandbox/generate/generate_schedule.c src/sandbox/generate/generate_records.c

SANDBOX_LIBS = src/sandbox/libsandbox.a src/common/libcommon.a \
	$(MHD_LIBS) $(SQLITE_LIBS) $(ZLIB_LIBS) $(CJSON_LIBS) -lm

bin_PROGRAMS += routedesk-sandbox
routedesk_sandbox_SOURCES = src/sandbox/main.c
routedesk_sandbox_CFLAGS = $(AM_CFLAGS) $(MHD_CFLAGS) $(SQLITE_CFLAGS)
routedesk_sandbox_LDADD = $(SANDBOX_LIBS)
