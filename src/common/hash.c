/* hash.c: FNV-1a, the name of an account's files (not a secret: what is inside is checked). */
#include "config.h"

#include <string.h>

#include "common/hash.h"

uint64_t hash_fnv(uint64_t h, const void *s, size_t n)
{
	const unsigned char *p = s;

	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static uint64_t text(uint64_t h, const char *s)
{
	return s ? hash_fnv(h, s, strlen(s)) : h;
}

uint64_t hash_account(const char *url, const char *key)
{
	return text(text(text(HASH_FNV_BASIS, url), "\n"), key);
}
