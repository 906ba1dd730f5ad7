## src/api/local.mk: the client library (the only network code of the console).
noinst_LIBRARIES += src/api/libapi.a
src_api_libapi_a_CFLAGS = $(AM_CFLAGS) $(CURL_CFLAGS)
src_api_libapi_a_SOURCES = \
	src/api/encode.c src/api/encode.h

API_LIBS = src/api/libapi.a src/common/libcommon.a $(CURL_LIBS) $(CJSON_LIBS) -lm
