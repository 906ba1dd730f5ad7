/* lookup.h: records kept as the service sent them and kept current by the changelog: the customer index, and the stops and routes a tick rebuilds. */
#ifndef ROUTEDESK_FETCH_LOOKUP_H
#define ROUTEDESK_FETCH_LOOKUP_H

#include <stddef.h>
#include <time.h>

#include "api/encode.h"
#include "common/strbuf.h"

/*
 * Design (issue 11: an office's look-ups spent a read each, a quarter of
 * its day).  The index holds every record of a resource (the customers) as
 * the service sent it, sorted by id, with the text fields its search
 * filters compare.  A search whose filters it understands (lookup_answer)
 * is answered from it the way the service answers: STARTSWITH, ENDSWITH
 * and CONTAINS compare ASCII letters without case and other bytes exactly
 * (the sandbox's LIKE; a live collation that also folds accents would find
 * a few more, the one known difference), LIKE the same with % any run
 * and _ one character (no ESCAPE), a phone is an exact
 * 10-digit match over the phone fields, an id is an id.  Anything else is
 * refused (-1) and goes to the service as before.
 *
 * The same structure keeps the stops and routes the fetch thread read
 * (fetch_rows.keep), so that a tick rebuilds a changed one from its
 * change's notes instead of a get (lookups.c, jobs_kept_changes).
 *
 * It is current up to a changelog id (upto).  A change of the resource's
 * class after that is applied from the change's own notes when they say,
 * for fields the record has, the new values with the record's own JSON
 * types ({"balance":{"old":"1.00","new":"2.00"}}), dateUpdated among
 * them when the record has one; any other change (an
 * unknown shape, a new id, a field the record lacks) marks the record
 * stale, and the caller gets the stale records again before it answers
 * from the index.  No change is ever guessed.
 */
struct lookup;

/* An empty index of resource (its table entry), or NULL when the resource
 * has no such name or no search. */
struct lookup *lookup_new(const char *resource);
void lookup_free(struct lookup *lk);
const char *lookup_resource(const struct lookup *lk);

/* Takes the records of the JSON array text (as a search or a get answers
 * them): each replaces the one of its id, and is no longer stale.  0, or
 * -1 when the text is not an array of records with ids (nothing taken). */
int lookup_take_text(struct lookup *lk, const char *json, size_t len);
/* Drops the record id (a get that no longer returns it). */
void lookup_drop(struct lookup *lk, long long id);
size_t lookup_count(const struct lookup *lk);

/* The changelog id the index is current to (all changes up to it applied
 * or marked stale), and its setter. */
long long lookup_upto(const struct lookup *lk);
void lookup_set_upto(struct lookup *lk, long long upto);
/* When the index was built (wall clock; saved with it), and its setter. */
time_t lookup_built(const struct lookup *lk);
void lookup_set_built(struct lookup *lk, time_t when);
/* 1 when it was built over LOOKUP_MAX_AGE before now (or in the future):
 * then it is built again, so that a change the service did not log (if
 * any: the sandbox logs every one) lives at most that long. */
#define LOOKUP_MAX_AGE (12 * 3600)
int lookup_is_old(const struct lookup *lk, time_t now);
/* A change of record id with its changelog notes (JSON text, or NULL):
 * applied, or the record marked stale (see the design above).  1 when
 * applied, 0 when marked stale. */
int lookup_apply(struct lookup *lk, long long id, const char *notes);
/* A change of class_id whose notes (JSON text, or NULL) name the note's
 * primary key (noteID): a note created (its members, plain) or deleted
 * (each going to null), which the service logs against the note's
 * customer (class Customer: notes have no class of their own).  The
 * note's id, or 0.  A customer record has no noteID, so such notes never
 * say a change of the customer's own; a note's update (only the members
 * it changed, "notes" among them) cannot be told from a change of the
 * customer's red notes and gives 0. */
long long lookup_note_change(int class_id, const char *notes);
/* The stale ids, ascending (borrowed; valid until the next call). */
const long long *lookup_stale(const struct lookup *lk, size_t *n);
/* Forgets the stale marks of ids[0..n) (after they were asked for: the
 * ones the service answered were taken, the others dropped). */
void lookup_clear_stale(struct lookup *lk, const long long *ids, size_t n);

/* The ids a search with form's filters finds, ascending, into *ids (malloc'd,
 * NULL when none) and *n: 0, or -1 when a filter or its operator is not one
 * the index answers (nothing allocated). */
int lookup_answer(const struct lookup *lk, const struct api_form *form, long long **ids,
                  size_t *n);
/*
 * A search only the index answers: field STARTSWITH text with accents
 * folded on both sides ("simek" finds Šimek, "muller" Müller) and the
 * German umlaut also as its two letters ("mueller" finds Müller)
 * (utf8_search_fold).  The service cannot fold, so such a search is never
 * sent: with no index at hand it finds nobody, at no read.  Added to f as
 * a pair whose operator only lookup_answer reads.
 */
void lookup_form_add_folded(struct api_form *f, const char *field, const char *text);
/* 1 when f holds a pair of lookup_form_add_folded: only the index may
 * answer f, never the service. */
int lookup_form_local(const struct api_form *f);

/* 1 when every id of ids[0..n) is held and none is stale. */
int lookup_has_all(const struct lookup *lk, const long long *ids, size_t n);
/* The records of the given ids (held ones, in that order) as one JSON
 * array's text appended to out; returns how many. */
size_t lookup_rows_text(const struct lookup *lk, const long long *ids, size_t n,
                        struct strbuf *out);

/* The whole index as JSON text ({"url":URL,"upto":N,"built":T,"records":[...]}) for
 * the office's share, and back.  lookup_load: 0, or -1 when text is not
 * such a file or names another url (lk unchanged). */
void lookup_save(const struct lookup *lk, const char *url, struct strbuf *out);
int lookup_load(struct lookup *lk, const char *url, const char *text, size_t len);

#endif
