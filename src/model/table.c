/* table.c: rows by id in an open-addressing hash (linear probing, backward-shift removal). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "model/model.h"

/*
 * Design: a review holds a few thousand rows and a customer list up to a
 * hundred thousand, looked up by id on every redraw of a stop's preview and
 * on every refresh.  One flat array of (id, row) slots keeps a lookup to a
 * hash and a short scan of adjacent memory.  The id is copied into the
 * slot so probing never touches the rows themselves.
 *
 * Removal shifts the following entries of the cluster back instead of
 * leaving tombstones, so a table that lives through a day of refreshes
 * (put, remove, put again) never degrades and never needs a rebuild.
 *
 * Ids are service-chosen and often consecutive or strided (10000, 10001 ...
 * or multiples of a route block), so they are mixed (splitmix64's
 * finaliser) before masking: the low bits of a raw id would pile strided
 * ids into a few slots.
 */

struct slot {
	long long id;
	void *row; /* NULL: empty slot */
};

struct m_table {
	struct slot *slots;
	size_t mask;  /* capacity - 1; capacity is a power of two */
	size_t count;
	void (*free_row)(void *row);
};

#define MIN_CAPACITY 16

static size_t slot_of(const struct m_table *t, long long id)
{
	uint64_t x = (uint64_t)id;

	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return (size_t)x & t->mask;
}

long long m_row_id(const void *row)
{
	long long id;

	/* Every m_* row begins with its id (model.h); memcpy, not a cast, so
	 * no aliasing rule is bent. */
	memcpy(&id, row, sizeof(id));
	return id;
}

struct m_table *m_table_new(void (*free_row)(void *row))
{
	struct m_table *t = xcalloc(1, sizeof(*t));

	t->slots = xcalloc(MIN_CAPACITY, sizeof(*t->slots));
	t->mask = MIN_CAPACITY - 1;
	t->free_row = free_row;
	return t;
}

void m_table_free(struct m_table *t)
{
	if (!t)
		return;
	if (t->free_row)
		for (size_t i = 0; i <= t->mask; i++)
			if (t->slots[i].row)
				t->free_row(t->slots[i].row);
	free(t->slots);
	free(t);
}

/* Index of id's slot, or of the empty slot where it would go. */
static size_t find(const struct m_table *t, long long id)
{
	size_t i = slot_of(t, id);

	while (t->slots[i].row && t->slots[i].id != id)
		i = (i + 1) & t->mask;
	return i;
}

static void grow(struct m_table *t)
{
	struct slot *old = t->slots;
	size_t old_cap = t->mask + 1;

	t->slots = xcalloc(old_cap * 2, sizeof(*t->slots));
	t->mask = old_cap * 2 - 1;
	for (size_t i = 0; i < old_cap; i++)
		if (old[i].row)
			t->slots[find(t, old[i].id)] = old[i];
	free(old);
}

void m_table_put(struct m_table *t, void *row)
{
	long long id;
	size_t i;

	if (!t || !row)
		return;
	id = m_row_id(row);
	/* At most 70% full: linear probing's clusters stay short. */
	if ((t->count + 1) * 10 > (t->mask + 1) * 7)
		grow(t);
	i = find(t, id);
	if (t->slots[i].row) {
		/* Putting the same row again must not free what is being kept. */
		if (t->slots[i].row != row && t->free_row)
			t->free_row(t->slots[i].row);
		t->slots[i].row = row;
		return;
	}
	t->slots[i].id = id;
	t->slots[i].row = row;
	t->count++;
}

void *m_table_get(const struct m_table *t, long long id)
{
	if (!t)
		return NULL;
	return t->slots[find(t, id)].row;
}

int m_table_remove(struct m_table *t, long long id)
{
	size_t hole, k;

	if (!t)
		return 0;
	hole = find(t, id);
	if (!t->slots[hole].row)
		return 0;
	if (t->free_row)
		t->free_row(t->slots[hole].row);
	t->slots[hole].row = NULL;
	t->count--;
	/* Pull back each later member of the cluster whose home slot is not
	 * between the hole and itself, so every entry stays reachable from
	 * its home without tombstones. */
	for (k = (hole + 1) & t->mask; t->slots[k].row; k = (k + 1) & t->mask) {
		size_t home = slot_of(t, t->slots[k].id);

		if (((k - home) & t->mask) >= ((k - hole) & t->mask)) {
			t->slots[hole] = t->slots[k];
			t->slots[k].row = NULL;
			hole = k;
		}
	}
	return 1;
}

size_t m_table_count(const struct m_table *t)
{
	return t ? t->count : 0;
}

void m_table_each(const struct m_table *t, void (*fn)(void *row, void *ctx), void *ctx)
{
	if (!t || !fn)
		return;
	for (size_t i = 0; i <= t->mask; i++)
		if (t->slots[i].row)
			fn(t->slots[i].row, ctx);
}
