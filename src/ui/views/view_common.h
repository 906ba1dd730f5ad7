/* view_common.h: what every view shares: cells (money, dates, status), names, order, lists. */
#ifndef ROUTEDESK_VIEW_COMMON_H
#define ROUTEDESK_VIEW_COMMON_H

#include <stddef.h>

#include "common/i18n.h"
#include "ui/base/list.h"
#include "ui/base/ui.h"
#include "ui/base/view.h"
#include "ui/views/view_list.h"

struct strbuf;

/* 1: status glyphs, arrows and separators in ASCII (set by the UI core from
 * --ascii, the config and the locale before any view draws). */
extern int view_ascii;
/* 0: no decorative glyphs ([ui] glyphs = no): the arrow before a
 * drill-down goes, the dot between parts is a dash.  The status glyphs
 * stay (they say the status in the mono theme); set with view_ascii. */
extern int view_glyphs;

/* ------------------------------------------------------------ cells */

/* cents as "12.50" ("-5.00" for a credit). */
void vc_money(struct strbuf *out, long long cents);
/* The same, with *style VS_MONEY_DUE when cents > 0 (style may be NULL). */
void vc_money_due(struct strbuf *out, long long cents, enum view_style *style);
/* A "YYYY-MM-DD" or "YYYY-MM-DD HH:MM:SS" as is, minus seconds; nothing for
 * "" or a zero date. */
void vc_date(struct strbuf *out, const char *date);
/* "08:00-09:30", or "08:00" / "" when either end is unset. */
void vc_span(struct strbuf *out, const char *start, const char *end);

/* A stop status (enum m_status): the glyph (UTF-8, or ASCII when
 * view_ascii), the translated word, the theme element.  Never NULL. */
const char *vc_status_glyph(int status);
const char *vc_status_text(int status);
enum view_style vc_status_style(int status);
/* "✓ completed" with *style set (may be NULL): status never by colour alone. */
void vc_status(struct strbuf *out, int status, enum view_style *style);
/* The widest translated status word (vc_status_text, and vc_stop_status's
 * "late"), in display columns. */
int vc_status_width(void);
/* The minute a stop's window ends: its end, else its start plus its
 * duration; -1 without a start (or without either of those).  The
 * Timeline's block ends there and lateness is measured from it. */
int vc_stop_end(const struct m_appt *a);
/* 1 when a stop is late at now (ui_minutes_now, -1 when the day is not
 * today): pending, and its window ended before now (timeline_late). */
int vc_stop_late(const struct m_appt *a, int now);
/* A stop's status as vc_status says it, or "! late" in VS_ALERT when it is
 * late at now: the glyph the Timeline gives it, and a word, since a status
 * is never told by colour alone.  style may be NULL. */
void vc_stop_status(struct strbuf *out, const struct m_appt *a, int now,
                    enum view_style *style);
/* "→" or "->"; "·" or "|". Static strings. */
const char *vc_arrow(void);
const char *vc_dot(void);

/* Preview lines that keep their place (LIST_PREVIEW_BREAK in list.h):
 * vc_line appends "LABEL: text\n", the label alone when text is NULL or
 * "", so a record without a phone still has its Phone line where the
 * next record's is; vc_pad appends blanks after what out got since
 * `from`, up to width display columns, so what follows a value of
 * varying width on the line stays in its column. */
void vc_line(struct strbuf *out, const char *label, const char *text);
void vc_pad(struct strbuf *out, size_t from, int width);

/* The day's review, or NULL while it is on its way: the core fetches it
 * (at start, on [ ] t and R, or from the kept days) and tells every view
 * when it lands, so the views never ask for one.  A review of another
 * day than the one under review is the old day's, not the view's rows. */
const struct m_review *vc_review(const struct ui *ui);
/* The customer of a stop of that review, or NULL (no review, no stop, or
 * a customer the review does not hold). */
const struct m_customer *vc_stop_customer(const struct ui *ui, const struct m_appt *a);

/* ------------------------------------------------------------ names */

/* "Acme Pest Co" when the customer has a company, else "Lname, Fname",
 * else "#ID". */
void vc_customer_name(struct strbuf *out, const struct m_customer *c);
/* A customer's status code (its "status" member) as the panes say it:
 * "active" for 1, else "inactive", translated; the word of the Customers
 * list and of a customer's detail, never the service's statusText.
 * Static or the catalogue's. */
const char *vc_customer_status(long long status);
/* The lines every customer's preview has, each at its place whatever the
 * customer lacks (name and id, street, city, Phone:, Email:, Balance:), so
 * a row down rewrites only the text that differs (Stops, Customers). */
void vc_customer_lines(struct strbuf *out, const struct m_customer *c);
/* The review's customer's name when the review has it, else "#ID"
 * (nothing for id 0).  Returns 1 when a name was found. */
int vc_customer_ref(struct strbuf *out, const struct ui *ui, long long id);
/* "Fname Lname" of a cached employee, "#ID" when not cached, nothing for
 * id 0 (callers say UNASSIGNED where that applies). */
void vc_employee_name(struct strbuf *out, const struct ui *ui, long long id);
/* The service type's description, else "#ID"; nothing for id 0. */
void vc_service_type(struct strbuf *out, const struct ui *ui, long long id);

/* ------------------------------------------------------------ order */

/* <0, 0, >0 like strcmp. */
int vc_cmp_ll(long long a, long long b);
/* 1 when text has several lines or is wider than width: worth reading
 * whole (UI_VIEW_TEXT) rather than in a preview or a cell. */
int vc_text_long(const char *text, int width);
/* qsort's comparator of long longs (ids), ascending. */
int vc_cmp_ids(const void *a, const void *b);
/* Text order for sorting, the same on every machine (no locale): case
 * and accents folded first (ASCII letters, and the letters of Latin-1
 * Supplement and Latin Extended-A to their base letters: "Ångström" sorts
 * as "angstrom", "Æ" as "ae", "ß" as "ss"), then ties by bytes, so
 * "Smith" < "smith" < "Smyth".  Other characters keep code point order.
 * NULL sorts as "". */
int vc_cmp_text(const char *a, const char *b);
/* The folded order alone: 0 for texts that differ only in case and
 * accents.  For sorts on several fields, which compare every field folded
 * before breaking a tie by bytes. */
int vc_cmp_text_folded(const char *a, const char *b);
/* 1 when needle occurs in hay with case and accents folded as vc_cmp_text
 * folds them ("pena" finds "Peña", "strasse" finds "Straße"); an empty
 * needle matches; NULL hay matches only an empty needle. */
int vc_contains(const char *hay, const char *needle);
/* The filter test of a view: filter found in the text of any of its cells
 * (case and accents folded).  A row that is not loaded matches only by its id. */
int vc_match_cells(const struct view *v, size_t row, const char *filter);
/* 1 when s is a non-empty run of decimal digits. */
int vc_all_digits(const char *s);
/* A copy of s without its leading and trailing spaces (NULL for NULL);
 * the caller frees it. */
char *vc_trimmed(const char *s);
/* Column col of rows a and b as text (v's cell op), in vc_cmp_text order. */
int vc_cmp_cells(const struct view *v, size_t a, size_t b, size_t col);

/* Formats v's header subtitle, cut to fit without splitting a UTF-8
 * character. */
void vc_subtitle(struct view *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ------------------------------------------------------------ errors */

/* 1 when r failed.  The view keeps the rows it shows; the UI core reports
 * the error on the message line before it hands r to the view, so views
 * do not repeat it (a cancelled read, superseded on purpose, is never
 * reported). */
int vc_result_failed(struct ui *ui, const struct fetch_result *r);

#endif
