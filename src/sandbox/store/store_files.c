/* store_files.c: the store's own tables: the metadata (seed, day, clock) and the uploaded files. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "sandbox/store/store.h"
#include "sandbox/store/store_internal.h"

char *store_meta_get(struct store *s, const char *key)
{
	struct store_conn *c = store_conn_get(s, NULL);
	sqlite3_stmt *st;
	char *value = NULL;

	if (!c || !key || !(st = store_stmt(c, "SELECT value FROM meta WHERE key = ?", NULL)))
		return NULL;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (store_step(c, st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		value = xstrdup((const char *)sqlite3_column_text(st, 0));
	store_stmt_done(c, st);
	return value;
}

int store_meta_set(struct store *s, const char *key, const char *value, char **err)
{
	struct store_conn *c = store_conn_get(s, err);
	sqlite3_stmt *st;
	int took, ok;

	if (!c)
		return -1;
	if (!key)
		return store_errf(err, "meta key missing");
	if (store_write_enter(c, &took, err) < 0)
		return -1;
	st = store_stmt(c, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", err);
	ok = st != NULL;
	if (ok) {
		sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
		ok = store_step(c, st) == SQLITE_DONE;
		if (!ok)
			store_fail(err, c->db, "meta");
		store_stmt_done(c, st);
	}
	if (store_write_leave(c, took, ok, ok ? err : NULL) < 0)
		return -1;
	return ok ? 0 : -1;
}

int store_file_put(struct store *s, long long upload_id, const char *filename,
                   const void *data, size_t len, char **err)
{
	struct store_conn *c = store_conn_get(s, err);
	sqlite3_stmt *st;
	int took, ok;

	if (!c)
		return -1;
	if (!data && len)
		return store_errf(err, "file data missing");
	if (len > (size_t)0x7fffffff)
		return store_errf(err, "file too large (%zu bytes)", len);
	if (store_write_enter(c, &took, err) < 0)
		return -1;
	st = store_stmt(c, "INSERT OR REPLACE INTO file (upload_id, filename, data) VALUES (?, ?, ?)", err);
	ok = st != NULL;
	if (ok) {
		sqlite3_bind_int64(st, 1, upload_id);
		sqlite3_bind_text(st, 2, filename, -1, SQLITE_STATIC);
		if (len)
			sqlite3_bind_blob(st, 3, data, (int)len, SQLITE_STATIC);
		else
			sqlite3_bind_zeroblob(st, 3, 0);
		ok = store_step(c, st) == SQLITE_DONE;
		if (!ok)
			store_fail(err, c->db, "store file");
		store_stmt_done(c, st);
	}
	if (store_write_leave(c, took, ok, ok ? err : NULL) < 0)
		return -1;
	return ok ? 0 : -1;
}

int store_file_get(struct store *s, long long upload_id, char **filename,
                   void **data, size_t *len, char **err)
{
	struct store_conn *c = store_conn_get(s, err);
	sqlite3_stmt *st;
	int rc;

	if (!c)
		return -1;
	st = store_stmt(c, "SELECT filename, data FROM file WHERE upload_id = ?", err);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, upload_id);
	rc = store_step(c, st);
	if (rc == SQLITE_ROW) {
		const void *blob = sqlite3_column_blob(st, 1);
		size_t n = (size_t)sqlite3_column_bytes(st, 1);
		const unsigned char *name = sqlite3_column_text(st, 0);

		if (filename)
			*filename = xstrdup(name ? (const char *)name : "");
		if (data) {
			*data = xmalloc(n + 1);
			if (n)
				memcpy(*data, blob, n);
			((char *)*data)[n] = '\0';
		}
		if (len)
			*len = n;
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = 1;
	} else {
		rc = store_fail(err, c->db, "read file");
	}
	store_stmt_done(c, st);
	return rc;
}
