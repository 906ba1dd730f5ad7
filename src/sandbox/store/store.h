/* store.h: the sandbox's SQLite storage, the only place in the tree with SQL. */
#ifndef ROUTEDESK_STORE_H
#define ROUTEDESK_STORE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "common/resources.h"

/*
 * Design: one table per resource of res_table, one column per stored field
 * (RF_DERIVED fields are computed at read time), the primary key as
 * INTEGER PRIMARY KEY.  RT_INT fields are INTEGER columns; every other type
 * is TEXT holding exactly the string the wire carries ("249.00"), so a record
 * reads back byte for byte; numeric filters on RT_NUM cast.
 *
 * Threads: a process-wide struct store; each thread gets its own connection
 * on first use (pthread key, closed by its destructor).  WAL,
 * synchronous=NORMAL, busy_timeout, and one writer mutex held by
 * store_begin..store_commit/rollback so writers never see SQLITE_BUSY.
 * Reads need no transaction.
 *
 * Errors: functions returning int answer 0 on success and -1 on failure with
 * *err set to a malloc'd message (caller frees) when err is non-NULL.
 */

struct store;
struct strbuf;

/* Opens (creating if needed) the database at path (":memory:" is allowed for
 * tests, shared across threads through a shared-cache URI), creates every
 * table and index from res_table.  NULL on failure with *err. */
struct store *store_open(const char *path, char **err);
void store_close(struct store *s);

/* Search operators, the specification's twelve. */
enum store_op {
	SO_EQ, SO_NE, SO_LT, SO_LE, SO_GT, SO_GE, SO_IN, SO_BETWEEN,
	SO_LIKE, SO_STARTS, SO_ENDS, SO_CONTAINS,
	SO_NONE, /* matches no record (takes no values): a phone given CONTAINS */
};

/* One condition: field OP values.  IN takes n_values >= 1, BETWEEN exactly 2,
 * every other operator 1.  LIKE uses the value as an SQL LIKE pattern; the
 * other text operators match literally (wildcards escaped).  type decides the
 * comparison: RT_INT and RT_NUM numerically, dates and text as strings; for
 * RT_DATE/RT_DATETIME comparisons against a bare date, an upper bound
 * (<=, BETWEEN's second value) covers the whole day. */
struct store_cond {
	const char *field; /* or "a|b": any of those fields matching */
	enum store_op op;
	enum res_type type;
	const char *const *values;
	size_t n_values;
};

/* Ids of r matching every condition, ascending, at most cap (0: no cap).
 * *ids is malloc'd (caller frees; may be NULL when *n is 0). */
int store_search(struct store *s, const struct resource *r,
                 const struct store_cond *conds, size_t n_conds, size_t cap,
                 long long **ids, size_t *n, char **err);

/* Appends to out (a cJSON array) one object per existing id, ascending by id,
 * members in r->fields order, every value a JSON string or null (RT_JSON
 * fields as their JSON value), RF_HIDDEN fields left out and RF_BYID fields
 * only when byid is 1.  Unknown ids are skipped. */
int store_get(struct store *s, const struct resource *r, const long long *ids,
              size_t n, int byid, cJSON *out, char **err);

/* The same records as JSON text, appended to out: exactly the bytes
 * cJSON_PrintUnformatted writes for each object store_get would append,
 * separated by commas, without brackets ("{...},{...}"); *found gets the
 * number of records.  For answers that print the records unchanged: it
 * builds no cJSON tree per record, which made big gets slow.  On error out
 * is left as it was. */
int store_get_text(struct store *s, const struct resource *r, const long long *ids,
                   size_t n, int byid, struct strbuf *out, size_t *found, char **err);

/* Writes.  Call between store_begin and store_commit/store_rollback (one
 * writer at a time, process-wide). */
int store_begin(struct store *s, char **err);
int store_commit(struct store *s, char **err);
void store_rollback(struct store *s);

/* Inserts a row; values is indexed like r->fields (NULL for SQL NULL;
 * RF_DERIVED slots ignored).  A NULL pk value picks the next id (ids of a
 * resource start at its first generated id, or 1).  *id gets the new id. */
int store_insert_row(struct store *s, const struct resource *r,
                     const char *const *values, long long *id, char **err);
/* Same from an object of field -> string/number/null/JSON; missing fields get
 * the column default (NULL, or "0"/"0000-00-00" as the table says). */
int store_insert(struct store *s, const struct resource *r, const cJSON *obj,
                 long long *id, char **err);
/* Sets the fields present in obj on record id.  Returns 0, or 1 when there is
 * no such record, or -1 on error. */
int store_update(struct store *s, const struct resource *r, long long id,
                 const cJSON *obj, char **err);
/* Deletes every row of r whose field equals value; *n_deleted when non-NULL. */
int store_delete_where(struct store *s, const struct resource *r,
                       const char *field, long long value, size_t *n_deleted,
                       char **err);
/* Appends a changelog record (classID, its class name, now, employee,
 * notes as JSON text, referenceID).  Part of the caller's transaction. */
int store_changelog(struct store *s, int class_id, long long reference_id,
                    long long employee_id, const cJSON *notes, char **err);

/* The sandbox's today ("YYYY-MM-DD"), so changelog dateChanged agrees with
 * the dateUpdated the handlers stamp (store_clock).  Without it the
 * wall-clock date is used.  Call before serving, after generating: it
 * also reads the latest time of day today's changes and stops hold. */
void store_set_today(struct store *s, const char *today);
/* Now on the sandbox's clock, "YYYY-MM-DD HH:MM:SS": today (store_set_today)
 * at the wall-clock time of day, but never behind the latest stamp today's
 * records held at store_set_today plus the time since.  A day generated as
 * at 12:51 then goes on from 12:51 when the sandbox starts at 07:50, and
 * changes never come out older than the state they change. */
void store_clock(struct store *s, char out[20]);
/* The same time of day, in seconds since midnight (at most 86399). */
long store_clock_secs(struct store *s);

/* Bulk loading for the generator: drops secondary indexes and relaxes
 * durability until store_bulk_end, which rebuilds them.  Pair with
 * store_begin/commit as usual. */
int store_bulk_begin(struct store *s, char **err);
int store_bulk_end(struct store *s, char **err);

/* Number of rows of r. */
long long store_count(struct store *s, const struct resource *r);

/* Key/value settings kept with the data (seed, today, generated). Returns a
 * malloc'd string or NULL. */
char *store_meta_get(struct store *s, const char *key);
int store_meta_set(struct store *s, const char *key, const char *value, char **err);

/* Uploaded files, kept as BLOBs in the database (never written to disk by
 * name, so an upload's filename cannot escape the store). */
int store_file_put(struct store *s, long long upload_id, const char *filename,
                   const void *data, size_t len, char **err);
/* *data malloc'd; returns 1 when there is no such file. */
int store_file_get(struct store *s, long long upload_id, char **filename,
                   void **data, size_t *len, char **err);

#endif
