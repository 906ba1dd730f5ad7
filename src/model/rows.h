/* rows.h: how a model row is laid out: which members of a resource it keeps, and where. */
#ifndef ROUTEDESK_MODEL_ROWS_H
#define ROUTEDESK_MODEL_ROWS_H

#include <stddef.h>

/*
 * The wire's side of every field (its name, its type, which resource has
 * it) is the resource table's (common/resources_table.c); these rows add
 * only what the console keeps of it and in which member of which struct.
 * decode.c walks them, so a field the console shows is one line here (and
 * one member of the struct in model.h).  test_model checks every line
 * against the resource table: the member must be a field of the resource
 * and the storage must suit its wire type.
 */

/* How a member is stored, and what "unknown" is for it. */
enum m_store {
	MS_LL,       /* long long, 0 unknown */
	MS_INT,      /* int, 0 unknown */
	MS_STATUS,   /* int, M_STATUS_UNKNOWN unknown (0 would read "pending") */
	MS_TEXT,     /* char *, "" when absent (never NULL) */
	MS_TEXT_OPT, /* char *, NULL when absent or empty */
	MS_DATE,     /* char[11] "YYYY-MM-DD", "" unset */
	MS_STAMP,    /* char[20] "YYYY-MM-DD HH:MM:SS", "" unset */
	MS_DAY_OF,   /* char[11]: the day of a datetime */
	MS_HHMM,     /* char[6] "HH:MM" of a time or of a datetime */
	MS_CENTS,    /* long long cents of a decimal amount */
	MS_FREQ,     /* int days, with an int flag at aux for "CUSTOM" */
	MS_ROWS,     /* an owned array of sub rows, its size_t count at aux */
};

#include <cjson/cJSON.h>

struct m_row_kind;

struct m_member {
	const char *name;    /* the record's member, as on the wire */
	enum m_store store;
	size_t off;          /* offsetof the member in the row */
	size_t aux;          /* MS_FREQ: the custom flag; MS_ROWS: the count */
	const struct m_row_kind *sub; /* MS_ROWS: the kind of each element */
};

struct m_row_kind {
	const char *resource; /* res_table name; members[0] is its pk, the row's id */
	size_t size;          /* sizeof the row struct */
	const struct m_member *members;
	size_t n_members;
};

/* Every kind of row the model decodes (rows.c), and one by resource name. */
extern const struct m_row_kind *const m_row_kinds[];
extern const size_t m_row_kinds_count;
const struct m_row_kind *m_row_kind_find(const char *resource);


#endif
