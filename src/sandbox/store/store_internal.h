/* store_internal.h: what store.c, store_files.c, store_read.c, store_text.c and store_write.c share (connections, schema, statement cache). */
#ifndef ROUTEDESK_STORE_INTERNAL_H
#define ROUTEDESK_STORE_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <sqlite3.h>

#include "common/strbuf.h"
#include "sandbox/store/store.h"

/*
 * Design: each resource gets a struct store_table computed once at open: the
 * column list (pk first, then every stored field in field order), the
 * INSERT and single-row SELECT text, and the secondary indexes.  Every
 * thread gets a struct store_conn with its own sqlite3 handle; the hot
 * statements (insert and get of each table) live in per-table slots so the
 * generator's million inserts never hash their SQL, and everything else
 * (searches, updates, derived lookups) in a small per-connection cache
 * keyed by the SQL text.  Statements are always reset after use so a
 * connection never holds a read snapshot (or, on the shared-cache memory
 * database, a table lock) between calls.
 */

struct store_table {
	const struct resource *r;
	int *col;         /* r->fields index -> column index, -1 when not stored */
	size_t n_cols;    /* stored columns, the pk (column 0) included */
	int pk_field;     /* index of the pk in r->fields, -1 if not listed */
	char *insert_sql; /* INSERT INTO "t" ("pk",...) VALUES (?,...) */
	char *get_sql;    /* SELECT "pk",... FROM "t" WHERE "pk"=? */
	char **ix_create; /* CREATE INDEX IF NOT EXISTS ... */
	char **ix_drop;   /* DROP INDEX IF EXISTS ... */
	size_t n_ix;
};

/* Statement cache slots per connection (power of two, kept half empty). */
#define STORE_CACHE_SLOTS 512

struct store_conn {
	struct store *s;
	sqlite3 *db;
	struct store_conn *prev, *next; /* s->conns, under s->conns_mu */
	sqlite3_stmt **ins;             /* per table, prepared on first use */
	sqlite3_stmt **get;
	sqlite3_stmt *cache[STORE_CACHE_SLOTS];
	size_t n_cached;
	int in_txn; /* this thread holds s->writer between begin and commit */
};

struct store {
	char *uri;       /* what sqlite3_open_v2 gets */
	int open_flags;
	int memory;      /* shared-cache memory database: retry SQLITE_LOCKED */
	sqlite3 *keeper; /* keeps a memory database alive; builds the schema */
	pthread_key_t key;
	pthread_mutex_t writer;
	pthread_mutex_t conns_mu;
	struct store_conn *conns;
	struct store_table *tables;
	size_t n_tables;
	int bulk;       /* between store_bulk_begin and store_bulk_end */
	int key_failed; /* pthread_key_create failed: no key to delete */
	char today[11]; /* store_set_today, "" for the wall-clock date */
	/* The clock (store_clock): the latest time of day today's records
	 * held at store_set_today (seconds; -1 for none), and when that was. */
	long clock_floor;
	struct timespec clock_start;
};

/* Opens a store over an arbitrary resource array (store_open passes
 * res_table); tests use it with their own resources.  tables must outlive
 * the store. */
struct store *store_open_tables(const char *path, const struct resource *tables,
                                size_t n_tables, char **err);

/* This thread's connection, opened on first use; NULL with *err. */
struct store_conn *store_conn_get(struct store *s, char **err);

/* The table of r (matched by address, then by name), or NULL. */
const struct store_table *store_table_of(const struct store *s, const struct resource *r);
const struct store_table *store_table_named(const struct store *s, const char *name);
/* Index of the field called name in r->fields, or -1 (no res_table needed). */
int store_field_index(const struct resource *r, const char *name);
/* Column of t holding field name, or -1 when there is none (unknown or derived). */
int store_column(const struct store_table *t, const char *name);

/* The insert (get 0) or single-row select (get 1) statement of t on c,
 * prepared once per connection; the caller resets it after use.  NULL with
 * *err. */
sqlite3_stmt *store_table_stmt(struct store_conn *c, const struct store_table *t,
                               int get, char **err);
/* A statement for sql on c, reset and unbound, from the cache or freshly
 * prepared; hand it back with store_stmt_done.  NULL with *err. */
sqlite3_stmt *store_stmt(struct store_conn *c, const char *sql, char **err);
/* Resets a cached statement, finalizes one the cache had no room for. */
void store_stmt_done(struct store_conn *c, sqlite3_stmt *st);
/* sqlite3_step, retrying while the shared-cache memory database reports a
 * table locked by another connection (the first step of a statement). */
int store_step(struct store_conn *c, sqlite3_stmt *st);
/* Runs SQL without results; -1 with *err. */
int store_exec(struct store_conn *c, const char *sql, char **err);

/* The same through the statement cache, for the statements run often. */
int store_run(struct store_conn *c, const char *sql, char **err);

/* Write scope for one operation: when the caller's thread is not inside
 * store_begin..commit, takes the writer mutex and opens a transaction
 * (*took = 1), which store_write_leave commits (ok) or rolls back. */
int store_write_enter(struct store_conn *c, int *took, char **err);
int store_write_leave(struct store_conn *c, int took, int ok, char **err);

/* Derived field fi of t (an RF_DERIVED field) for the records ids[0..n)
 * (ascending, distinct), at nesting depth (0 for the records asked for):
 * vals[k] gets record k's value as store_get renders it (caller deletes),
 * or stays NULL where the field reads null.  store_read.c's cJSON records
 * and store_text.c's text both take their derived values from here. */
int store_derived_values(struct store_conn *c, const struct store_table *t, size_t fi,
                         const long long *ids, size_t n, int byid, int depth,
                         cJSON **vals, char **err);

/* Appends ident as a double-quoted SQL identifier. */
void store_quote(struct strbuf *sb, const char *ident);
/* Sets *err (when non-NULL) to "what: sqlite's message" and returns -1. */
int store_fail(char **err, sqlite3 *db, const char *what);
/* Sets *err (when non-NULL) to a formatted message and returns -1. */
int store_errf(char **err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
