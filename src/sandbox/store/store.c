/* store.c: opening the SQLite store, per-thread connections, schema, transactions, meta and files. */
#include "config.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/store/store.h"
#include "sandbox/store/store_internal.h"

/* How long a connection waits for another one's lock, as busy_timeout. */
#define STORE_WAIT_MS 5000

/* Foreign keys the derived fields look records up by: indexed too. */
static const char *const store_fk_index[] = {
	"customerID", "subscriptionID", "ticketID", "routeID", "date", NULL,
};

static atomic_uint store_mem_seq;

int store_errf(char **err, const char *fmt, ...)
{
	if (err) {
		struct strbuf sb = STRBUF_INIT;
		va_list ap;

		va_start(ap, fmt);
		strbuf_vaddf(&sb, fmt, ap);
		va_end(ap);
		*err = strbuf_detach(&sb, NULL);
	}
	return -1;
}

int store_fail(char **err, sqlite3 *db, const char *what)
{
	return store_errf(err, "%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

void store_quote(struct strbuf *sb, const char *ident)
{
	strbuf_addc(sb, '"');
	for (const char *p = ident; *p; p++) {
		if (*p == '"')
			strbuf_addc(sb, '"');
		strbuf_addc(sb, *p);
	}
	strbuf_addc(sb, '"');
}

int store_field_index(const struct resource *r, const char *name)
{
	for (size_t i = 0; i < r->n_fields; i++)
		if (strcmp(r->fields[i].name, name) == 0)
			return (int)i;
	return -1;
}

int store_column(const struct store_table *t, const char *name)
{
	if (strcmp(name, t->r->pk) == 0)
		return 0;
	int f = store_field_index(t->r, name);
	return f < 0 ? -1 : t->col[f];
}

const struct store_table *store_table_of(const struct store *s, const struct resource *r)
{
	for (size_t i = 0; i < s->n_tables; i++)
		if (s->tables[i].r == r)
			return &s->tables[i];
	return r ? store_table_named(s, r->name) : NULL;
}

const struct store_table *store_table_named(const struct store *s, const char *name)
{
	for (size_t i = 0; i < s->n_tables; i++)
		if (strcmp(s->tables[i].r->name, name) == 0)
			return &s->tables[i];
	return NULL;
}

/* Sleeps a millisecond; returns 0 once STORE_WAIT_MS have been spent. */
static int store_wait(int *waited)
{
	struct timespec ts = { 0, 1000000 };

	if (++*waited > STORE_WAIT_MS)
		return 0;
	nanosleep(&ts, NULL);
	return 1;
}

static int store_prepare(struct store_conn *c, const char *sql, unsigned flags,
                         sqlite3_stmt **st)
{
	int rc, waited = 0;

	while ((rc = sqlite3_prepare_v3(c->db, sql, -1, flags, st, NULL)) == SQLITE_LOCKED
	       && c->s->memory && store_wait(&waited))
		;
	return rc;
}

int store_step(struct store_conn *c, sqlite3_stmt *st)
{
	int rc, waited = 0;

	while ((rc = sqlite3_step(st)) == SQLITE_LOCKED && c->s->memory && store_wait(&waited))
		sqlite3_reset(st);
	return rc;
}

static unsigned store_hash(const char *sql)
{
	unsigned h = 2166136261u;

	for (const unsigned char *p = (const unsigned char *)sql; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

/* Slot of sql in c's cache: where it is, or the empty slot it would take. */
static size_t store_slot(const struct store_conn *c, const char *sql)
{
	size_t i = store_hash(sql) & (STORE_CACHE_SLOTS - 1);

	while (c->cache[i] && strcmp(sqlite3_sql(c->cache[i]), sql) != 0)
		i = (i + 1) & (STORE_CACHE_SLOTS - 1);
	return i;
}

sqlite3_stmt *store_stmt(struct store_conn *c, const char *sql, char **err)
{
	size_t i = store_slot(c, sql);
	sqlite3_stmt *st;

	if (c->cache[i])
		return c->cache[i];
	if (c->n_cached < STORE_CACHE_SLOTS / 2) {
		if (store_prepare(c, sql, SQLITE_PREPARE_PERSISTENT, &st) != SQLITE_OK) {
			store_fail(err, c->db, "prepare");
			return NULL;
		}
		c->cache[i] = st;
		c->n_cached++;
		return st;
	}
	if (store_prepare(c, sql, 0, &st) != SQLITE_OK) {
		store_fail(err, c->db, "prepare");
		sqlite3_finalize(st);
		return NULL;
	}
	return st;
}

void store_stmt_done(struct store_conn *c, sqlite3_stmt *st)
{
	if (!st)
		return;
	if (c->cache[store_slot(c, sqlite3_sql(st))] == st) {
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
	} else {
		sqlite3_finalize(st);
	}
}

int store_exec(struct store_conn *c, const char *sql, char **err)
{
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(c, sql, 0, &st) != SQLITE_OK) {
		sqlite3_finalize(st);
		return store_fail(err, c->db, sql);
	}
	while ((rc = store_step(c, st)) == SQLITE_ROW)
		;
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : store_fail(err, c->db, sql);
}

int store_run(struct store_conn *c, const char *sql, char **err)
{
	sqlite3_stmt *st = store_stmt(c, sql, err);
	int rc;

	if (!st)
		return -1;
	while ((rc = store_step(c, st)) == SQLITE_ROW)
		;
	if (rc != SQLITE_DONE)
		store_fail(err, c->db, sql);
	store_stmt_done(c, st);
	return rc == SQLITE_DONE ? 0 : -1;
}

sqlite3_stmt *store_table_stmt(struct store_conn *c, const struct store_table *t,
                               int get, char **err)
{
	size_t i = (size_t)(t - c->s->tables);
	sqlite3_stmt **slot = get ? &c->get[i] : &c->ins[i];

	if (!*slot && store_prepare(c, get ? t->get_sql : t->insert_sql,
	                            SQLITE_PREPARE_PERSISTENT, slot) != SQLITE_OK) {
		store_fail(err, c->db, get ? "prepare get" : "prepare insert");
		sqlite3_finalize(*slot);
		*slot = NULL;
	}
	return *slot;
}

static sqlite3 *store_connect(struct store *s, char **err)
{
	sqlite3 *db = NULL;

	if (sqlite3_open_v2(s->uri, &db, s->open_flags, NULL) != SQLITE_OK) {
		store_fail(err, db, "open database");
		sqlite3_close(db);
		return NULL;
	}
	sqlite3_busy_timeout(db, STORE_WAIT_MS);
	sqlite3_extended_result_codes(db, 0);
	if (sqlite3_exec(db, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF;"
	                 "PRAGMA cache_size=-32768; PRAGMA temp_store=MEMORY; PRAGMA mmap_size=1073741824",
	                 NULL, NULL, NULL) != SQLITE_OK) {
		store_fail(err, db, "configure connection");
		sqlite3_close(db);
		return NULL;
	}
	return db;
}

static void store_conn_close(struct store_conn *c)
{
	for (size_t i = 0; i < c->s->n_tables; i++) {
		sqlite3_finalize(c->ins[i]);
		sqlite3_finalize(c->get[i]);
	}
	for (size_t i = 0; i < STORE_CACHE_SLOTS; i++)
		sqlite3_finalize(c->cache[i]);
	sqlite3_close(c->db);
	free(c->ins);
	free(c->get);
	free(c);
}

/* Thread-exit destructor: the connection leaves the store's list first. */
static void store_conn_destroy(void *p)
{
	struct store_conn *c = p;
	struct store *s = c->s;

	pthread_mutex_lock(&s->conns_mu);
	if (c->prev)
		c->prev->next = c->next;
	else
		s->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	pthread_mutex_unlock(&s->conns_mu);
	store_conn_close(c);
}

struct store_conn *store_conn_get(struct store *s, char **err)
{
	struct store_conn *c = pthread_getspecific(s->key);

	if (c)
		return c;
	sqlite3 *db = store_connect(s, err);
	if (!db)
		return NULL;
	c = xcalloc(1, sizeof(*c));
	c->s = s;
	c->db = db;
	c->ins = xcalloc(s->n_tables + 1, sizeof(*c->ins));
	c->get = xcalloc(s->n_tables + 1, sizeof(*c->get));
	if (pthread_setspecific(s->key, c) != 0) {
		store_conn_close(c);
		store_errf(err, "cannot attach a connection to this thread");
		return NULL;
	}
	pthread_mutex_lock(&s->conns_mu);
	c->next = s->conns;
	if (s->conns)
		s->conns->prev = c;
	s->conns = c;
	pthread_mutex_unlock(&s->conns_mu);
	return c;
}

int store_write_enter(struct store_conn *c, int *took, char **err)
{
	*took = 0;
	if (c->in_txn)
		return 0;
	pthread_mutex_lock(&c->s->writer);
	if (store_run(c, "BEGIN IMMEDIATE", err) < 0) {
		pthread_mutex_unlock(&c->s->writer);
		return -1;
	}
	*took = 1;
	return 0;
}

int store_write_leave(struct store_conn *c, int took, int ok, char **err)
{
	int rc = 0;

	if (!took)
		return 0;
	if (ok && store_run(c, "COMMIT", err) < 0)
		ok = 0, rc = -1;
	if (!ok && !sqlite3_get_autocommit(c->db))
		sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
	pthread_mutex_unlock(&c->s->writer);
	return rc;
}

static void store_table_free(struct store_table *t)
{
	free(t->col);
	free(t->insert_sql);
	free(t->get_sql);
	for (size_t i = 0; i < t->n_ix; i++) {
		free(t->ix_create[i]);
		free(t->ix_drop[i]);
	}
	free(t->ix_create);
	free(t->ix_drop);
}

static void store_add_index(struct store_table *t, const char *field)
{
	struct strbuf name = STRBUF_INIT, drop = STRBUF_INIT, sb = STRBUF_INIT;

	strbuf_addf(&name, "ix_%s_%s", t->r->name, field);
	strbuf_adds(&drop, "DROP INDEX IF EXISTS ");
	store_quote(&drop, strbuf_str(&name));
	for (size_t i = 0; i < t->n_ix; i++)
		if (strcmp(t->ix_drop[i], strbuf_str(&drop)) == 0)
			goto out;
	t->ix_create = xrealloc(t->ix_create, (t->n_ix + 1) * sizeof(char *));
	t->ix_drop = xrealloc(t->ix_drop, (t->n_ix + 1) * sizeof(char *));
	strbuf_adds(&sb, "CREATE INDEX IF NOT EXISTS ");
	store_quote(&sb, strbuf_str(&name));
	strbuf_adds(&sb, " ON ");
	store_quote(&sb, t->r->name);
	strbuf_adds(&sb, " (");
	store_quote(&sb, field);
	strbuf_addc(&sb, ')');
	t->ix_create[t->n_ix] = strbuf_detach(&sb, NULL);
	t->ix_drop[t->n_ix++] = strbuf_detach(&drop, NULL);
out:
	strbuf_free(&name);
	strbuf_free(&drop);
	strbuf_free(&sb);
}

/* Columns, statements and indexes of one resource. */
static void store_table_build(struct store_table *t, const struct resource *r)
{
	struct strbuf ins = STRBUF_INIT, vals = STRBUF_INIT, get = STRBUF_INIT;
	const struct res_field *f;

	memset(t, 0, sizeof(*t));
	t->r = r;
	t->col = xcalloc(r->n_fields + 1, sizeof(int));
	t->pk_field = store_field_index(r, r->pk);
	strbuf_adds(&ins, "INSERT INTO ");
	store_quote(&ins, r->name);
	strbuf_adds(&ins, " (");
	store_quote(&ins, r->pk);
	strbuf_adds(&vals, "?");
	strbuf_adds(&get, "SELECT ");
	store_quote(&get, r->pk);
	t->n_cols = 1;
	for (size_t i = 0; i < r->n_fields; i++) {
		f = &r->fields[i];
		if ((int)i == t->pk_field) {
			t->col[i] = 0;
			continue;
		}
		if ((f->flags & RF_DERIVED) || store_field_index(r, f->name) != (int)i) {
			t->col[i] = -1; /* computed, or a duplicate name */
			continue;
		}
		t->col[i] = (int)t->n_cols++;
		strbuf_adds(&ins, ", ");
		store_quote(&ins, f->name);
		strbuf_adds(&vals, ", ?");
		strbuf_adds(&get, ", ");
		store_quote(&get, f->name);
	}
	strbuf_addf(&ins, ") VALUES (%s)", strbuf_str(&vals));
	strbuf_adds(&get, " FROM ");
	store_quote(&get, r->name);
	strbuf_adds(&get, " WHERE ");
	store_quote(&get, r->pk);
	strbuf_adds(&get, " = ?");
	t->insert_sql = strbuf_detach(&ins, NULL);
	t->get_sql = strbuf_detach(&get, NULL);
	strbuf_free(&vals);

	for (size_t i = 0; i < r->n_filters; i++) {
		int c = store_column(t, r->filters[i].field);
		if (c > 0)
			store_add_index(t, r->filters[i].field);
	}
	for (size_t i = 0; store_fk_index[i]; i++)
		if (store_column(t, store_fk_index[i]) > 0)
			store_add_index(t, store_fk_index[i]);
}

/* Adds the columns an older database file lacks (a field added to the table). */
static int store_add_columns(struct store_conn *c, const struct store_table *t, char **err)
{
	struct strbuf sb = STRBUF_INIT;
	sqlite3_stmt *st;
	int rc = 0;
	char *have = xcalloc(t->r->n_fields + 1, 1);

	if (sqlite3_prepare_v2(c->db, "SELECT name FROM pragma_table_info(?)", -1, &st, NULL) != SQLITE_OK) {
		free(have);
		return store_fail(err, c->db, "table info");
	}
	sqlite3_bind_text(st, 1, t->r->name, -1, SQLITE_STATIC);
	while (store_step(c, st) == SQLITE_ROW) {
		int f = store_field_index(t->r, (const char *)sqlite3_column_text(st, 0));
		if (f >= 0)
			have[f] = 1;
	}
	sqlite3_finalize(st);
	for (size_t i = 0; i < t->r->n_fields && rc == 0; i++) {
		if (have[i] || t->col[i] <= 0)
			continue;
		strbuf_reset(&sb);
		strbuf_adds(&sb, "ALTER TABLE ");
		store_quote(&sb, t->r->name);
		strbuf_adds(&sb, " ADD COLUMN ");
		store_quote(&sb, t->r->fields[i].name);
		strbuf_adds(&sb, t->r->fields[i].type == RT_INT ? " INTEGER" : " TEXT");
		rc = store_exec(c, strbuf_str(&sb), err);
	}
	strbuf_free(&sb);
	free(have);
	return rc;
}

static int store_create_indexes(struct store_conn *c, char **err)
{
	for (size_t i = 0; i < c->s->n_tables; i++)
		for (size_t j = 0; j < c->s->tables[i].n_ix; j++)
			if (store_exec(c, c->s->tables[i].ix_create[j], err) < 0)
				return -1;
	return 0;
}

static int store_create_schema(struct store_conn *c, char **err)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	for (size_t i = 0; i < c->s->n_tables && rc == 0; i++) {
		const struct store_table *t = &c->s->tables[i];

		strbuf_reset(&sb);
		strbuf_adds(&sb, "CREATE TABLE IF NOT EXISTS ");
		store_quote(&sb, t->r->name);
		strbuf_adds(&sb, " (");
		store_quote(&sb, t->r->pk);
		/* AUTOINCREMENT: the next id follows the largest ever used, so
		 * a deleted record's id is never handed out again (as the
		 * service's); explicit ids (the generator's) advance it too. */
		strbuf_adds(&sb, " INTEGER PRIMARY KEY AUTOINCREMENT");
		for (size_t j = 0; j < t->r->n_fields; j++) {
			if (t->col[j] <= 0)
				continue;
			strbuf_adds(&sb, ", ");
			store_quote(&sb, t->r->fields[j].name);
			strbuf_adds(&sb, t->r->fields[j].type == RT_INT ? " INTEGER" : " TEXT");
		}
		strbuf_addc(&sb, ')');
		rc = store_exec(c, strbuf_str(&sb), err);
		if (rc == 0)
			rc = store_add_columns(c, t, err);
	}
	strbuf_free(&sb);
	if (rc == 0)
		rc = store_exec(c, "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)", err);
	if (rc == 0)
		rc = store_exec(c, "CREATE TABLE IF NOT EXISTS file (upload_id INTEGER PRIMARY KEY,"
		                " filename TEXT, data BLOB)", err);
	if (rc == 0)
		rc = store_create_indexes(c, err);
	return rc;
}

/* Memory statistics cost a global mutex around every SQLite allocation,
 * and rendering records allocates a lot; nothing here reads them.  Only
 * possible before SQLite initialises (otherwise a harmless SQLITE_MISUSE). */
static void store_once(void)
{
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

struct store *store_open_tables(const char *path, const struct resource *tables,
                                size_t n_tables, char **err)
{
	struct store *s;
	struct store_conn *c;

	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, store_once);
	if (!path || !*path) {
		store_errf(err, "no database path");
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	s->clock_floor = -1; /* the wall clock until store_set_today */
	s->open_flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
	if (strcmp(path, ":memory:") == 0) {
		struct strbuf sb = STRBUF_INIT;

		/* A private name per store, shared by all of its threads. */
		strbuf_addf(&sb, "file:rdmem%u?mode=memory&cache=shared",
		            atomic_fetch_add(&store_mem_seq, 1));
		s->uri = strbuf_detach(&sb, NULL);
		s->open_flags |= SQLITE_OPEN_URI | SQLITE_OPEN_SHAREDCACHE;
		s->memory = 1;
	} else {
		s->uri = xstrdup(path);
	}
	s->n_tables = n_tables;
	s->tables = xcalloc(n_tables + 1, sizeof(*s->tables));
	for (size_t i = 0; i < n_tables; i++)
		store_table_build(&s->tables[i], &tables[i]);
	pthread_mutex_init(&s->writer, NULL);
	pthread_mutex_init(&s->conns_mu, NULL);
	if (pthread_key_create(&s->key, store_conn_destroy) != 0) {
		store_errf(err, "pthread_key_create: %s", strerror(errno));
		s->key_failed = 1;
		store_close(s);
		return NULL;
	}
	s->keeper = store_connect(s, err);
	if (!s->keeper) {
		store_close(s);
		return NULL;
	}
	if (!s->memory && sqlite3_exec(s->keeper, "PRAGMA journal_mode=WAL", NULL, NULL, NULL) != SQLITE_OK) {
		store_fail(err, s->keeper, "journal_mode=WAL");
		store_close(s);
		return NULL;
	}
	c = store_conn_get(s, err);
	if (!c) {
		store_close(s);
		return NULL;
	}
	int took, rc = store_write_enter(c, &took, err);
	if (rc == 0)
		rc = store_write_leave(c, took, store_create_schema(c, err) == 0, err);
	if (rc < 0) {
		store_close(s);
		return NULL;
	}
	return s;
}

struct store *store_open(const char *path, char **err)
{
	return store_open_tables(path, res_table, res_count, err);
}

void store_close(struct store *s)
{
	if (!s)
		return;
	/* Every thread's connection, not only ours: threads still alive hold
	 * theirs in the key, whose destructor will no longer run. */
	if (!s->key_failed)
		pthread_key_delete(s->key);
	pthread_mutex_lock(&s->conns_mu);
	while (s->conns) {
		struct store_conn *c = s->conns;
		s->conns = c->next;
		store_conn_close(c);
	}
	pthread_mutex_unlock(&s->conns_mu);
	sqlite3_close(s->keeper);
	for (size_t i = 0; i < s->n_tables; i++)
		store_table_free(&s->tables[i]);
	free(s->tables);
	pthread_mutex_destroy(&s->writer);
	pthread_mutex_destroy(&s->conns_mu);
	free(s->uri);
	free(s);
}

int store_begin(struct store *s, char **err)
{
	struct store_conn *c = store_conn_get(s, err);
	int took;

	if (!c)
		return -1;
	if (c->in_txn)
		return store_errf(err, "a transaction is already open on this thread");
	if (store_write_enter(c, &took, err) < 0)
		return -1;
	c->in_txn = 1;
	return 0;
}

int store_commit(struct store *s, char **err)
{
	struct store_conn *c = store_conn_get(s, err);

	if (!c)
		return -1;
	if (!c->in_txn)
		return store_errf(err, "commit without a transaction");
	c->in_txn = 0;
	return store_write_leave(c, 1, 1, err);
}

void store_rollback(struct store *s)
{
	struct store_conn *c = store_conn_get(s, NULL);

	if (!c || !c->in_txn)
		return;
	c->in_txn = 0;
	store_write_leave(c, 1, 0, NULL);
}

/* Drops or creates every secondary index inside one write scope. */
static int store_indexes(struct store *s, int create, char **err)
{
	struct store_conn *c = store_conn_get(s, err);
	int took, ok = 1;

	if (!c || store_write_enter(c, &took, err) < 0)
		return -1;
	/* Index builds sort: let them use both cores and more memory. */
	if (create)
		sqlite3_exec(c->db, "PRAGMA threads=2; PRAGMA cache_size=-131072", NULL, NULL, NULL);
	for (size_t i = 0; i < s->n_tables && ok; i++)
		for (size_t j = 0; j < s->tables[i].n_ix && ok; j++)
			ok = store_exec(c, create ? s->tables[i].ix_create[j]
			                          : s->tables[i].ix_drop[j], err) == 0;
	if (store_write_leave(c, took, ok, ok ? err : NULL) < 0 || !ok)
		return -1;
	if (create)
		sqlite3_exec(c->db, "PRAGMA threads=0; PRAGMA cache_size=-32768", NULL, NULL, NULL);
	/* Durability is relaxed for the loading connection only: a crash
	 * during a generation leaves a database that is regenerated anyway.
	 * SQLite refuses the change inside a transaction: then it stays. */
	if (!sqlite3_get_autocommit(c->db))
		return 0;
	return store_exec(c, create ? "PRAGMA synchronous=NORMAL" : "PRAGMA synchronous=OFF", err);
}

int store_bulk_begin(struct store *s, char **err)
{
	if (store_indexes(s, 0, err) < 0)
		return -1;
	s->bulk = 1;
	return 0;
}

int store_bulk_end(struct store *s, char **err)
{
	if (store_indexes(s, 1, err) < 0)
		return -1;
	s->bulk = 0;
	return 0;
}
