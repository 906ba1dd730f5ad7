/* gunzip.h: a gzip answer decoded whole with libdeflate (why not libcurl's decoding: gunzip.c). */
#ifndef ROUTEDESK_API_GUNZIP_H
#define ROUTEDESK_API_GUNZIP_H

#include <stddef.h>

#include "common/strbuf.h"

/* Decodes the n bytes of gzip at in (one member or several, as RFC 1952
 * allows) into out, replacing what it held.  0, or -1 with *why set to a
 * translated sentence (a damaged or truncated stream, or more than limit
 * bytes once decoded); out is then left empty. */
int api_gunzip(const void *in, size_t n, struct strbuf *out, size_t limit, const char **why);

/* The Content-Encoding of an answer, as far as the client cares. */
enum api_encoding { API_ENC_IDENTITY, API_ENC_GZIP, API_ENC_OTHER };

/* What a Content-Encoding header's value (the n bytes at v, as libcurl
 * hands the header over, line end included) names; blanks around it and
 * case do not matter. */
enum api_encoding api_encoding_of(const char *v, size_t n);

#endif
