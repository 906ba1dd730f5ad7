## src/api/local.mk: the client library (the only network code of the console).
noinst_LIBRARIES += src/api/libapi.a
src_api_libapi_a_CFLAGS = $(AM_CFLAGS) $(CURL_CFLAGS) $(DEFLATE_CFLAGS)
src_api_libapi_a_SOURCES = \
	src/api/error.c src/api/error.h \
	src/api/encode.c src/api/encode.h \
	src/api/values.c src/api/values.h \
	src/api/envelope.c src/api/envelope.h \
	src/api/pace.c src/api/pace.h \
	src/api/transport.c src/api/transport.h src/api/transport_int.h \
	src/api/transport_attempt.c src/api/transport_flight.c \
	src/api/ops.c src/api/ops.h \
	src/api/jscan.c src/api/jscan.h \
	src/api/gunzip.c src/api/gunzip.h \
	src/api/resolve.c src/api/resolve.h \
	src/api/account.c src/api/account.h

API_LIBS = src/api/libapi.a src/common/libcommon.a $(CURL_LIBS) $(DEFLATE_LIBS) $(CJSON_LIBS) -lm
