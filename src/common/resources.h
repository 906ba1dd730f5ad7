/* resources.h: the one table describing every resource of the specification. */
#ifndef ROUTEDESK_RESOURCES_H
#define ROUTEDESK_RESOURCES_H

#include <stddef.h>

/*
 * Design: the specification describes ~23 resources that all follow the same
 * pattern (search, get, by-id, create, update) with a few special operations.
 * Instead of one hand-written function per resource and operation, both the
 * sandbox (schema, validation, answers) and the client (decoding, form field
 * lists) are driven by the rows of res_table.  Adding a field is one line.
 *
 * Names: a *field* is a member of a record as get/by-id return it (and a column
 * of the sandbox's store); a *param* is a request parameter of a write, which
 * may be spelt differently from the field it sets (note create's contactType
 * sets the field typeID); a *filter* is a search parameter.
 */

enum res_type {
	RT_INT,      /* integer (id, flag, count): a decimal string on the wire */
	RT_NUM,      /* decimal amount, "249.00" on the wire */
	RT_TEXT,     /* free text */
	RT_DATE,     /* "YYYY-MM-DD", unset "0000-00-00" */
	RT_DATETIME, /* "YYYY-MM-DD HH:MM:SS", unset "0000-00-00 00:00:00" */
	RT_TIME,     /* "HH:MM:SS" */
	RT_IDLIST,   /* ids: comma string "1,2", null, or a JSON array */
	RT_JSON,     /* a JSON array or object stored as JSON text */
	RT_BOOL,     /* 0 or 1 (write params) */
};

/* Flags of a record field. */
enum {
	RF_HIDDEN = 1u << 0,  /* stored but never returned (password) */
	RF_DERIVED = 1u << 1, /* computed from other records, not stored */
	RF_BYID = 1u << 2,    /* returned by by-id only, not by get/search */
	/* No value reads JSON null, as live: the sandbox
	 * stores "", "0000-00-00[ 00:00:00]" and "[]" as null. */
	RF_NULL = 1u << 3,
	RF_ZERO = 1u << 4,    /* no value reads "0" (a flag live always sends) */
};

struct res_field {
	const char *name;
	enum res_type type;
	unsigned flags;
};

/* Flags of a write parameter. */
enum {
	RP_CREATE = 1u << 0,   /* accepted by create */
	RP_UPDATE = 1u << 1,   /* accepted by update */
	RP_REQUIRED = 1u << 2, /* required on create */
	RP_BOTH = RP_CREATE | RP_UPDATE,
};

struct res_param {
	const char *name;  /* as sent: "contactType" */
	const char *field; /* field it sets: "typeID"; NULL when it sets nothing stored */
	enum res_type type;
	unsigned flags;
};

/* Flags of a search filter. */
enum {
	RQ_START = 1u << 0,    /* dateStart: field >= value */
	RQ_END = 1u << 1,      /* dateEnd: field <= value (whole day) */
	RQ_CONTAINS = 1u << 2, /* simple value means CONTAINS (content) */
	/* A phone number: = (or IN) of exactly 10 digits; any other operator
	 * or value matches nothing, and is no error (live customer/search). */
	RQ_PHONE = 1u << 3,
	/* A boolean of the specification on a 0/1 integer field: true and
	 * false stand for 1 and 0, any other value is refused. */
	RQ_BOOL = 1u << 4,
	/* Integer codes of the specification for the text the records store
	 * (customer aPay: 0 "No", 1 "CC", 2 "ACH"; the sandbox maps them): a
	 * comma list means IN, as on an integer filter. */
	RQ_CODED = 1u << 5,
};

struct res_filter {
	const char *name;  /* parameter: "customerIDs" */
	const char *field; /* field compared: "customerID" */
	enum res_type type;
	unsigned flags;
	/* NULL, or the fields compared instead of field alone, "|"-separated,
	 * any of them matching ("phone1|phone2": a customer's phones). */
	const char *any;
};

/* A filter applied when the search does not name its parameter. */
struct res_default {
	const char *param; /* "status": absent from the request means ... */
	const char *field; /* "status" */
	const char *in;    /* ... field IN these values: "0,1" */
};

enum res_op {
	OP_SEARCH = 1u << 0,
	OP_GET = 1u << 1,
	OP_BYID = 1u << 2,
	OP_CREATE = 1u << 3,
	OP_UPDATE = 1u << 4,
};

/* A special operation (/ticket/setAddOns) and whether it reads or writes. */
struct res_special {
	const char *action;
	int is_write; /* counts against the write quota */
	/* The parameters it takes besides the record's key, where the
	 * specification lists them (NULL, 0 elsewhere): the sandbox validates
	 * with them and the client offers them. */
	const struct res_param *params;
	size_t n_params;
};

struct resource {
	const char *name;     /* path segment: "customer", "serviceType" */
	const char *plural;   /* get/includeData member: "customers" */
	const char *singular; /* by-id member: "customer" */
	const char *pk;       /* primary key field: "customerID" */
	const char *id_name;  /* search idName: "customerIDs" */
	const char *property; /* search propertyName: usually id_name */
	const char *get_param;       /* get id parameter: "customerIDs" */
	const char *const *get_alias; /* NULL-terminated other spellings, or NULL */
	const char *update_key; /* names the record on update: "customerID", "contactID" */
	const char *write_member; /* id member of write answers ("subscriptionID"), or NULL */
	const char *owner;    /* parent required on create ("customerID" on note), or NULL */
	/* NULL, or the field get_param's ids name instead of the primary key:
	 * customerFlag/get takes customerIDs and answers their flags.  Its
	 * get_alias[0] then takes primary keys (what the client sends). */
	const char *get_by;
	int class_id;         /* changelog classID of the specification, 0 if none */
	unsigned ops;         /* enum res_op bits */
	unsigned in_spec : 1; /* 1 for resources of the specification; 0 for appointment
	                       * and the sandbox's internal tables */
	const struct res_field *fields;   /* read fields, in wire order */
	size_t n_fields;
	const struct res_param *params;   /* write parameters */
	size_t n_params;
	const struct res_filter *filters; /* search parameters (includeData is implicit) */
	size_t n_filters;
	const struct res_default *defaults; /* default filters */
	size_t n_defaults;
	const char *const *get_flags;     /* NULL-terminated get/by-id flags ("includeSubscriptions") */
	const struct res_special *specials;
	size_t n_specials;
};

/* Every resource: the specification's, appointment, those the live
 * service adds (spot, task, the lookups, customerFlag, office), then
 * internal tables (ticketItem, initialAddOn, leadStage, routeGroup,
 * noteType) with ops 0. */
extern const struct resource res_table[];
extern const size_t res_count;

/* Lookups return NULL when absent.  Names compare exactly (the wire is
 * case-sensitive). */
const struct resource *res_find(const char *name);
const struct res_field *res_field_find(const struct resource *r, const char *name);
const struct res_param *res_param_find(const struct resource *r, const char *name);
const struct res_filter *res_filter_find(const struct resource *r, const char *name);
const struct res_special *res_special_find(const struct resource *r, const char *action);
/* 1 when name is r's get parameter or one of its aliases. */
int res_is_get_param(const struct resource *r, const char *name);
/* Field index in r->fields, or -1. */
int res_field_index(const struct resource *r, const char *name);
/* "customer" -> 8, the changelog class name for a classID ("Customer"), NULL if none. */
const char *res_class_name(int class_id);

#endif
