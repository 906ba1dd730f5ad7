/* faults.c: parses --faults and draws a reproducible fault for each request. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "sandbox/http/faults.h"

/*
 * Design: the spec is a list of "kind:probability[:ms]" entries; a draw takes
 * one uniform number in [0,1) and walks the entries' cumulative
 * probabilities.  The number comes from the request itself: a hash of its
 * path and body, and how many times that same request came before, mixed
 * with --seed.  So the n-th arrival of a request meets the same fault in
 * every run, whatever other requests arrived in between: a client that
 * reads with several connections at once is tested against one schedule,
 * not against the order the scheduler happened to deliver its requests in
 * (drawing in arrival order made a client test fail about one run in 60).
 * Without a key the draw falls back to one sequence in arrival order.
 */

#define SLOW_MAX_MS 600000 /* ten minutes: longer is surely a typo */

struct fault_entry {
	enum fault_kind kind;
	double p;
	int slow_ms;
};

struct faults {
	pthread_mutex_t lock;
	uint64_t state;
	uint64_t seed;
	struct fault_entry entries[FAULT_REFUSE + 1];
	size_t n;
	/* How many times each request (by its hash) came: open addressing,
	 * a zero hash stands for an empty slot. */
	uint64_t *seen_hash;
	uint32_t *seen_count;
	size_t seen_cap, seen_n;
};

static const struct {
	const char *name;
	enum fault_kind kind;
} kinds[] = {
	{ "500", FAULT_500 },
	{ "429", FAULT_429 },
	{ "drop", FAULT_DROP },
	{ "garbage", FAULT_GARBAGE },
	{ "slow", FAULT_SLOW },
	{ "refuse", FAULT_REFUSE },
};

static uint64_t
splitmix64(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* A malloc'd message naming the offending entry. */
static char *
fail(const char *part, size_t part_len, const char *why)
{
	struct strbuf sb = STRBUF_INIT;

	if (part_len > 60)
		part_len = 60;
	strbuf_addf(&sb, "--faults: '%.*s': %s", (int)part_len, part, why);
	return strbuf_detach(&sb, NULL);
}

/* Parses one "kind:p[:ms]" entry of len bytes at s into e.  NULL, or a
 * malloc'd message naming the entry. */
static char *
parse_entry(const char *s, size_t len, struct fault_entry *e)
{
	char buf[128], *fields[4], *tok, *end;
	size_t n = 0, i;

	/* "500:0.1, drop:0.05" is a natural way to type it. */
	while (len > 0 && isspace((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	if (len == 0)
		return xstrdup("--faults: empty entry (two commas, or a comma at an end)");
	if (len >= sizeof(buf))
		return fail(s, len, "entry too long");
	memcpy(buf, s, len);
	buf[len] = '\0';
	/* Split by hand: strtok_r would merge empty fields ("slow::10"). */
	tok = buf;
	for (;;) {
		if (n == 4)
			return fail(s, len, "too many ':' parts");
		fields[n++] = tok;
		end = strchr(tok, ':');
		if (!end)
			break;
		*end = '\0';
		tok = end + 1;
	}
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(fields[0], kinds[i].name) == 0)
			break;
	if (i == sizeof(kinds) / sizeof(kinds[0]))
		return fail(s, len, "unknown kind (expected 500, 429, drop, garbage, slow or refuse)");
	e->kind = kinds[i].kind;
	if (n < 2 || fields[1][0] == '\0')
		return fail(s, len, "no probability (kind:P, P from 0 to 1)");
	errno = 0;
	e->p = strtod(fields[1], &end);
	if (errno || *end || isspace((unsigned char)fields[1][0]) || !isfinite(e->p) ||
	    e->p < 0.0 || e->p > 1.0)
		return fail(s, len, "bad probability (a number from 0 to 1)");
	e->slow_ms = 0;
	if (e->kind == FAULT_SLOW) {
		long ms;

		if (n != 3 || fields[2][0] == '\0')
			return fail(s, len, "no delay (slow:P:MS)");
		errno = 0;
		ms = strtol(fields[2], &end, 10);
		if (errno || *end || !isdigit((unsigned char)fields[2][0]) || ms <= 0 || ms > SLOW_MAX_MS)
			return fail(s, len, "bad delay (milliseconds, 1 to 600000)");
		e->slow_ms = (int)ms;
	} else if (n != 2) {
		return fail(s, len, "too many ':' parts (kind:P; only slow takes a delay)");
	}
	return NULL;
}

struct faults *
faults_parse(const char *spec, unsigned long seed, char **err)
{
	struct faults *f;
	const char *p, *comma;
	double sum = 0.0;
	size_t i;

	if (err)
		*err = NULL;
	if (!spec || !*spec) {
		if (err)
			*err = xstrdup("--faults: empty spec (for example 500:0.1,drop:0.05,slow:0.1:2000)");
		return NULL;
	}
	f = xcalloc(1, sizeof(*f));
	for (p = spec;; p = comma + 1) {
		struct fault_entry e;
		char *msg;
		size_t len;

		comma = strchr(p, ',');
		len = comma ? (size_t)(comma - p) : strlen(p);
		msg = parse_entry(p, len, &e);
		if (!msg) {
			for (i = 0; i < f->n; i++)
				if (f->entries[i].kind == e.kind)
					msg = fail(p, len, "kind given twice");
		}
		if (msg) {
			if (err)
				*err = msg;
			else
				free(msg);
			free(f);
			return NULL;
		}
		f->entries[f->n++] = e;
		sum += e.p;
		if (!comma)
			break;
	}
	if (sum > 1.0 + 1e-9) {
		if (err) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "--faults: probabilities add up to %g, more than 1", sum);
			*err = strbuf_detach(&sb, NULL);
		}
		free(f);
		return NULL;
	}
	pthread_mutex_init(&f->lock, NULL);
	f->seed = (uint64_t)seed ^ UINT64_C(0x6661756C74730000); /* "faults" */
	f->state = f->seed;
	return f;
}

void
faults_free(struct faults *f)
{
	if (!f)
		return;
	pthread_mutex_destroy(&f->lock);
	free(f->seen_hash);
	free(f->seen_count);
	free(f);
}

/* FNV-1a over the request's bytes; never 0 (0 marks an empty slot). */
static uint64_t
key_hash(const void *key, size_t len)
{
	const unsigned char *p = key;
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= UINT64_C(0x100000001b3);
	}
	return h ? h : 1;
}

static size_t
seen_slot(const uint64_t *hashes, size_t cap, uint64_t h)
{
	size_t i = (size_t)(h & (cap - 1));

	while (hashes[i] && hashes[i] != h)
		i = (i + 1) & (cap - 1);
	return i;
}

/* How many times h came before this one (and counts this one); under the
 * lock. */
static uint32_t
seen_before(struct faults *f, uint64_t h)
{
	size_t i;

	if (f->seen_n * 2 >= f->seen_cap) {
		size_t cap = f->seen_cap ? f->seen_cap * 2 : 1024;
		uint64_t *hashes = xcalloc(cap, sizeof(*hashes));
		uint32_t *counts = xcalloc(cap, sizeof(*counts));

		for (size_t k = 0; k < f->seen_cap; k++) {
			if (!f->seen_hash[k])
				continue;
			i = seen_slot(hashes, cap, f->seen_hash[k]);
			hashes[i] = f->seen_hash[k];
			counts[i] = f->seen_count[k];
		}
		free(f->seen_hash);
		free(f->seen_count);
		f->seen_hash = hashes;
		f->seen_count = counts;
		f->seen_cap = cap;
	}
	i = seen_slot(f->seen_hash, f->seen_cap, h);
	if (!f->seen_hash[i]) {
		f->seen_hash[i] = h;
		f->seen_n++;
	}
	return f->seen_count[i]++;
}

int
faults_slowest_ms(const struct faults *f)
{
	int ms = 0;

	for (size_t i = 0; f && i < f->n; i++)
		if (f->entries[i].kind == FAULT_SLOW && f->entries[i].slow_ms > ms)
			ms = f->entries[i].slow_ms;
	return ms;
}

enum fault_kind
faults_draw(struct faults *f, const void *key, size_t len, int *slow_ms)
{
	double x, acc = 0.0;
	uint64_t r;
	size_t i;

	if (slow_ms)
		*slow_ms = 0;
	if (!f)
		return FAULT_NONE;
	pthread_mutex_lock(&f->lock);
	if (key) {
		uint64_t h = key_hash(key, len);
		uint64_t s = f->seed ^ h ^ ((uint64_t)seen_before(f, h) * UINT64_C(0x9e3779b97f4a7c15));

		r = splitmix64(&s);
	} else {
		r = splitmix64(&f->state);
	}
	pthread_mutex_unlock(&f->lock);
	x = (double)(r >> 11) * (1.0 / 9007199254740992.0); /* 53 bits: [0,1) */
	for (i = 0; i < f->n; i++) {
		acc += f->entries[i].p;
		if (x < acc) {
			if (slow_ms)
				*slow_ms = f->entries[i].slow_ms;
			return f->entries[i].kind;
		}
	}
	return FAULT_NONE;
}
