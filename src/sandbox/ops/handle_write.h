/* handle_write.h: the private interface between the write handlers (handle_write, _record, _addons, _hooks, _leads, _docs, _special, _schedule, _spots, _delete), whose record helpers read_flags.c uses too. */
#ifndef ROUTEDESK_HANDLE_WRITE_H
#define ROUTEDESK_HANDLE_WRITE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "common/resources.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"

struct strbuf;

/*
 * Design: every write runs as one write_op: parameters collected and
 * validated into `obj` (field -> string), a store transaction, optional
 * per-resource hooks before and after the insert/update, a changelog record
 * and the answer.  The hooks live next to the rest of their resource's code;
 * the table of which resource uses which hooks is in handle_write.c.
 */

/* One write in progress.  The helpers below fill ans on every failure. */
struct write_op {
	struct sb_req *req;
	struct sb_answer *ans;
	const struct resource *r;
	int is_create;
	long long id;     /* the record written (new id after the insert) */
	cJSON *old;       /* update: the stored record before the write; else NULL */
	cJSON *owner_rec; /* create with r->owner: the parent record (customer) */
	long long owner_id;
	cJSON *obj;       /* fields to write, owned */
	cJSON *notes;     /* changelog notes, owned; NULL until the write is logged */
	int class_id;     /* changelog class (0: no changelog) ... */
	long long ref_id; /* ... and the referenced record (0: op->id) */
	void *data;       /* hook scratch (a decoded upload), freed with free() */
	size_t data_len;
	char *name;       /* hook scratch (a sanitised filename), freed with free() */
};

/* Hooks of one resource's create/update; each returns 0, or -1 with
 * op->ans set.  before runs inside the transaction ahead of the store call
 * (update: op->old is loaded); after runs after it (op->id is set). */
struct write_hooks {
	int (*before)(struct write_op *op);
	int (*after)(struct write_op *op);
	/* Fills the answer; NULL means result plus r->write_member. */
	void (*answer)(struct write_op *op);
};

/* handle_write.c: runs a whole create (is_create 1) or update of r through
 * its hooks; ans is filled either way. */
void write_run(struct sb_req *req, struct sb_answer *ans, const struct resource *r,
               int is_create, const struct write_hooks *hooks);

/* Collects params accepted under `want` (RP_CREATE or RP_UPDATE) from src
 * (a request when src_obj is NULL, else the object src_obj: one add-on).
 * prefix names the object in messages ("addons[1]"), or NULL.  Missing
 * required params count only when want is RP_CREATE. 0, or -1 with ans. */
int write_collect_params(struct sb_req *req, const cJSON *src_obj, const char *prefix,
                         const char *res_name, const struct res_param *params, size_t n,
                         unsigned want, cJSON *obj, struct sb_answer *ans);

/* handle_record.c: record access shared by the write handlers. */
/* A storage failure: ans set to HTTP 500 with err (freed); returns -1. */
int write_store_error(struct sb_answer *ans, char *err);
/* An id parameter that must be present: 0 with *id, or -1 with ans set to
 * "Missing required parameter: NAME" or "Invalid value for NAME: ...". */
int write_key(struct sb_req *req, const char *name, long long *id, struct sb_answer *ans);
/* Loads record id of r (by-id fields included) into *rec (caller deletes).
 * 0 found, 1 missing (*rec NULL), -1 with ans set. */
int write_load(struct sb_req *req, const struct resource *r, long long id, cJSON **rec,
               struct sb_answer *ans);
/* Same, answering "No NAME found with id N" when missing: 0 or -1. */
int write_need(struct sb_req *req, const struct resource *r, long long id, cJSON **rec,
               struct sb_answer *ans);
/* An id param of a write to res_name (a resource's name) names a record that
 * does not exist: ans set to "No TARGET found with id N", or for a param
 * named for its role "Invalid value for PARAM: no TARGET N" (PREFIX[PARAM]
 * in an object of a list, as write_collect_params names it), and -1.  0
 * when it exists, is 0 or less, or param names no record the sandbox
 * checks (the table in handle_record.c says which do). */
int write_check_ref(struct sb_req *req, const char *res_name, const char *param, long long id,
                    const char *prefix, struct sb_answer *ans);
/* A write's flag that is no field (bypassLockedRoute, useBothKeys,
 * rejectOccupiedSpots): 0 with *on, or -1 with ans when its text is not
 * 0, 1, true or false, refused as a write's 0/1 fields are (it read "abc"
 * as 0). */
int write_flag(struct sb_req *req, const char *name, int *on, struct sb_answer *ans);

/* write_check_ref on each RT_INT param of params[0..n) set in obj (the
 * fields write_collect_params filled); on update (old, the stored record)
 * only on a value that differs from old's.  0, or -1 with ans. */
int write_check_refs(struct sb_req *req, const char *res_name, const struct res_param *params,
                     size_t n, const cJSON *obj, const cJSON *old, const char *prefix,
                     struct sb_answer *ans);
/* Ids of r whose field equals value, ascending (caller frees *ids). */
int write_find(struct sb_req *req, const struct resource *r, const char *field,
               enum res_type type, const char *value, long long **ids, size_t *n,
               struct sb_answer *ans);
/* The resource whose primary key is pk ("customerID" -> customer), or NULL. */
const struct resource *write_res_by_pk(const char *pk);

/* Field helpers.  write_get: a record's value as a string ("" for null or
 * absent).  write_set: sets field (replacing; NULL value sets null) only
 * when r stores it. */
const char *write_get(const cJSON *rec, const char *field);
void write_set(const struct resource *r, cJSON *obj, const char *field, const char *value);
/* Sets field only when r stores it and obj does not carry it yet. */
void write_default(const struct resource *r, cJSON *obj, const char *field, const char *value);
int write_has(const struct resource *r, const char *field);
/* 1 when r has field stored (not RF_DERIVED). */
int write_stored(const struct resource *r, const char *field);
/* dateUpdated on every write; dateAdded/dateCreated too on a create. */
void write_stamp(struct sb_req *req, const struct resource *r, cJSON *obj, int is_create);
/* {"field": ["old","new"]} for the fields of obj whose value differs in old;
 * hidden fields of r noted as "(changed)", never shown.  Always an object. */
cJSON *write_diff(const struct resource *r, const cJSON *old, const cJSON *obj);
/* Appends the changelog record (employee_id 0 when nobody is named). */
int write_log(struct sb_req *req, int class_id, long long ref_id, long long employee_id,
              const cJSON *notes, struct sb_answer *ans);
/* The answer of an ordinary write: "result" then, when member is set,
 * member (both the ids as strings). */
/* A special action's op on req's resource, its obj an empty object, and
 * what it leaves (obj, old, notes) freed after it ran. */
void write_op_init(struct write_op *op, struct sb_req *req, struct sb_answer *ans);
void write_op_done(struct write_op *op);
void write_answer_id(struct sb_answer *ans, long long id, const char *member, long long member_id);
/* store_begin for op: 0, or -1 with op->ans. */
int write_begin(struct write_op *op);
/* Logs op->notes (when class_id and notes are set) and commits; on failure
 * rolls back and sets op->ans: 0 or -1. */
int write_commit(struct write_op *op, int class_id, long long ref_id);
/* "fname lname" of a customer or employee record. */
void write_full_name(const cJSON *rec, struct strbuf *out);
/* The office of the API key, where a write or a summary that names none
 * goes: the sandbox's key belongs to its first office. */
void write_key_office(struct sb_req *req, char out[24]);
/* Money: parses "12.34" into cents, half away from zero on the third
 * decimal (0 on NULL); formats cents as "%.2f" would. */
long long write_cents(const char *s);
void write_money(long long cents, char out[32]);

/* handle_addons.c: ticket items and subscription initial add-ons.
 * Returns 1 when action is one of those (ans filled), else 0. */
int addons_special(struct sb_req *req, struct sb_answer *ans);
/* Ticket create/update hooks: add-ons sent with the create and the totals. */
extern const struct write_hooks addons_ticket_hooks;

/* handle_hooks.c: the rules of note, customer, paymentProfile,
 * appointmentReminder, employee, route and subscription writes. */
extern const struct write_hooks hooks_note;
extern const struct write_hooks hooks_customer;
extern const struct write_hooks hooks_profile;
extern const struct write_hooks hooks_reminder;
extern const struct write_hooks hooks_employee;
extern const struct write_hooks hooks_route;
extern const struct write_hooks hooks_subscription;

/* Makes profile_id the customer's active payment profile (noted in
 * op->notes); previous profiles stay valid.  0 or -1 with op->ans. */
int hooks_activate_profile(struct write_op *op, long long customer_id, long long profile_id);

/* handle_leads.c: subscription/updateLeadStage (1 when it handled the
 * action, ans filled, else 0). */
int leads_special(struct sb_req *req, struct sb_answer *ans);
/* Sets the subscription's lead members (leadID ... leadLostReason) in
 * op->obj: lead 0, all null, as on a subscription that never was a lead;
 * lead 1, each one neither in op->obj nor set in op->old to its unset value
 * ("0", "0.00", "" or the zero date), as on a lead. */
void leads_set_members(struct write_op *op, int lead);

/* handle_special.c: customer/createPaymentProfile's processor rules.  The
 * processor is the parameter gateway, A (the default), B or C;
 * CreditCardToken is required for A and C, CreditCardTokenID for A and B.
 * NULL when satisfied, with code set to the processor's upper-case letter,
 * else a static errorMessage. */
const char *special_processor_check(const char *gateway, const char *token,
                                    const char *token_id, char code[2]);

/* handle_schedule.c: appointment create/update rules (route locks,
 * apiCanSchedule, spots, times) and appointment/cancel and /complete
 * (schedule_special: 1 when it handled the action, else 0). */
extern const struct write_hooks hooks_appointment;
extern const struct write_hooks hooks_task;
int schedule_special(struct sb_req *req, struct sb_answer *ans);

/* handle_spots.c: spot/reserve, release, block, unblock (spots_special: 1
 * when it handled the action, else 0).  spots_link adds (add 1) or removes
 * an appointment and its customer on spot spot_id (no spot: nothing),
 * inside the caller's transaction, logging against the spot's route: 0 or
 * -1 with op->ans.  spots_reservation_live: 1 while spot's reservation
 * holds; spots_token_ok: 1 when token is that live reservation's. */
int spots_special(struct sb_req *req, struct sb_answer *ans);
int spots_link(struct write_op *op, long long spot_id, long long appt_id, long long cust_id,
               int add);
int spots_reservation_live(const struct sb_req *req, const cJSON *spot);
int spots_token_ok(const struct sb_req *req, const cJSON *spot, const char *token);

/* handle_delete.c: note/delete and route/delete (delete_special: 1 when
 * it handled the action, else 0). */
int delete_special(struct sb_req *req, struct sb_answer *ans);

/* handle_docs.c: document create from the uploadFile part, and
 * createEncoded from encodedFile/filename. */
extern const struct write_hooks docs_upload_hooks;
extern const struct write_hooks docs_encoded_hooks;
/* Strict RFC 4648 Base64 (padding required, no whitespace, zero pad bits).
 * 0 with *out malloc'd (caller frees) and *out_len, or -1. */
int write_base64_decode(const char *in, size_t in_len, unsigned char **out, size_t *out_len);
/* A stored filename from an untrusted one: basename only, no "..", no
 * control characters or quotes, valid UTF-8, at most 200 bytes, never
 * empty.  Returns malloc'd. */
char *write_safe_filename(const char *name);
/* SipHash-2-4 of data under a 16-byte key. */
unsigned long long write_siphash24(const unsigned char key[16], const void *data, size_t len);
/* Fills a secret key of n bytes from the kernel's entropy; aborts without
 * it rather than sign or issue anything with a guessable key. */
void write_secret_fill(unsigned char *key, size_t n);

#endif
