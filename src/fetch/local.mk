## src/fetch/local.mk: the background fetch thread.
noinst_LIBRARIES += src/fetch/libfetch.a
src_fetch_libfetch_a_CFLAGS = $(AM_CFLAGS) $(CURL_CFLAGS)
src_fetch_libfetch_a_SOURCES = \
	src/fetch/fetch.h \
	src/fetch/fetch.c \
	src/fetch/job.c \
	src/fetch/share.c src/fetch/share.h src/fetch/share_fs.c src/fetch/share_fs.h \
	src/fetch/budget.c src/fetch/budget.h \
	src/fetch/flight.c src/fetch/flight.h src/fetch/recent.c src/fetch/recent.h \
	src/fetch/jobs.c src/fetch/jobs.h src/fetch/runner.h \
	src/fetch/review.c \
	src/fetch/rows.c src/fetch/write.c \
	src/fetch/lookup.c src/fetch/lookup.h src/fetch/lookups.c
FETCH_LIBS = src/fetch/libfetch.a $(MODEL_LIBS)
