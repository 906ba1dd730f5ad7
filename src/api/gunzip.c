/* gunzip.c: a gzip answer decoded whole with libdeflate. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <libdeflate.h>

#include "api/gunzip.h"
#include "common/i18n.h"

/* Why not libcurl's own decoding (CURLOPT_ACCEPT_ENCODING): it inflates
 * with zlib in pieces as the bytes come, a copy and a write callback per
 * piece.  routedesk keeps every answer whole in memory anyway, so the
 * compressed answer is decoded once at its end, and libdeflate (a Debian
 * library made for whole buffers) does that in less than half of zlib's
 * time: 2.2 ms against 5.8 ms for a page of 1000 customers here, which is
 * a tenth of what routedesk api --all spends on the CPU (issue 12). */

/* The size the last member says it decodes to (ISIZE: the size modulo
 * 2^32, so a hint, never trusted). */
static size_t trailer_size(const unsigned char *in, size_t n)
{
	if (n < 18)
		return 0;
	return (size_t)in[n - 4] | (size_t)in[n - 3] << 8 | (size_t)in[n - 2] << 16 |
	       (size_t)in[n - 1] << 24;
}

/* The room to decode into first: what the trailer says, but never more
 * than GUESS_RATIO times the compressed bytes nor the limit, so that a
 * trailer lying high (4 GB on a few bytes) does not allocate the whole
 * limit at once; a real answer that inflates more grows by doubling. */
#define GUESS_RATIO 16
static size_t first_room(size_t said, size_t n, size_t limit)
{
	size_t cap = n > ((size_t)-1 - 4096) / GUESS_RATIO ? limit : n * GUESS_RATIO + 4096;

	if (said > cap)
		said = cap;
	if (said > limit)
		said = limit;
	return said < 4096 ? 4096 : said;
}

int api_gunzip(const void *in, size_t n, struct strbuf *out, size_t limit, const char **why)
{
	const unsigned char *p = in;
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	size_t room = trailer_size(p, n), used = 0, done = 0;
	int rc = -1;

	strbuf_reset(out);
	if (!d)
		abort();
	if (n == 0) {
		*why = _("the answer says it is gzip but is empty");
		goto out;
	}
	room = first_room(room, n, limit);
	while (done < n) {
		size_t in_used = 0, got = 0;
		enum libdeflate_result r;

		strbuf_reserve(out, room);
		r = libdeflate_gzip_decompress_ex(d, p + done, n - done, out->buf + used,
		                                  out->cap - 1 - used, &in_used, &got);
		if (r == LIBDEFLATE_INSUFFICIENT_SPACE) {
			/* The trailer lied (several members, or 4 GB and more):
			 * twice the room, up to the limit. */
			size_t avail = out->cap - 1 - used;

			if (avail >= limit - used) {
				*why = _("the answer is larger than this client accepts once decoded");
				goto out;
			}
			room = avail * 2 < limit - used ? avail * 2 : limit - used;
			continue;
		}
		if (r != LIBDEFLATE_SUCCESS) {
			*why = r == LIBDEFLATE_SHORT_OUTPUT || r == LIBDEFLATE_BAD_DATA
			               ? _("the answer's gzip stream is damaged or cut short")
			               : _("the answer's gzip stream cannot be decoded");
			goto out;
		}
		used += got;
		done += in_used;
		if (used > limit) {
			*why = _("the answer is larger than this client accepts once decoded");
			goto out;
		}
		out->len = used;
		/* Another member follows: room for one more of the same size. */
		room = first_room(trailer_size(p + done, n - done), n - done, limit);
	}
	strbuf_setlen(out, used);
	rc = 0;
out:
	if (rc < 0)
		strbuf_reset(out);
	libdeflate_free_decompressor(d);
	return rc;
}

enum api_encoding api_encoding_of(const char *v, size_t n)
{
	while (n && (*v == ' ' || *v == '\t')) {
		v++;
		n--;
	}
	while (n && (v[n - 1] == ' ' || v[n - 1] == '\t' || v[n - 1] == '\r' || v[n - 1] == '\n'))
		n--;
	if ((n == 4 && strncasecmp(v, "gzip", 4) == 0) || (n == 6 && strncasecmp(v, "x-gzip", 6) == 0))
		return API_ENC_GZIP;
	if (n == 0 || (n == 8 && strncasecmp(v, "identity", 8) == 0))
		return API_ENC_IDENTITY;
	return API_ENC_OTHER;
}
