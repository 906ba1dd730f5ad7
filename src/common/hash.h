/* hash.h: FNV-1a, the name of an account's files (not a secret: what is inside is checked). */
#ifndef ROUTEDESK_COMMON_HASH_H
#define ROUTEDESK_COMMON_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_FNV_BASIS 0xcbf29ce484222325ULL

/* h with n bytes of s folded in (FNV-1a, 64 bits). */
uint64_t hash_fnv(uint64_t h, const void *s, size_t n);
/* An account's name on disk: the API's URL and the key (neither written
 * anywhere by it).  The share's DIR/ACCOUNT, the kept days' and the read
 * counter's names; a change here orphans every office's files. */
uint64_t hash_account(const char *url, const char *key);

#endif
