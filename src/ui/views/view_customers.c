/* view_customers.c: the Customers pane: the account's customers, resolved as they scroll into view. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "fetch/lookup.h"
#include "ui/views/view_pane.h"
#include "ui/views/views.h"

/*
 * A `:cust` query goes to the server as search filters, so it narrows the
 * id list itself (`/` narrows only what is loaded).  It reads the query the
 * way a dispatcher types a caller's details:
 *   (nothing)           every customer
 *   12345               customerIDs (an id of fewer than 10 digits)
 *   (555) 123-4567      phone: 10 digits with any punctuation (a leading 1
 *                       dropped); the service matches phone1, phone2 and
 *                       contacts exactly
 *   12 Main St          address CONTAINS (a number, then words)
 *   ann@example.com     email CONTAINS (anything with an @)
 *   *mith               lname CONTAINS mith
 *   smith               lname STARTSWITH, fname STARTSWITH and companyName
 *                       CONTAINS: three searches in one job, joined
 *   jane doe            lname STARTSWITH "jane doe", fname STARTSWITH jane
 *                       with lname STARTSWITH doe, companyName CONTAINS
 *   smith, jane         lname STARTSWITH smith with fname STARTSWITH jane,
 *                       then companyName CONTAINS (the lists' own form)
 *   simek, mueller      second, with the customer index only: lname
 *                       STARTSWITH with accents folded (Šimek, Müller)
 *   obrien, o brien     when no other search found anyone: lname LIKE
 *                       "o_brien%" (O'Brien, a mark after the first letter)
 * The preview says which search found a customer ("Found by: company").
 * The fetch thread answers these from its customer index when it has one
 * (fetch/lookup.h); otherwise a name costs one read per search it runs
 * (the service has no OR), everything else one.
 */

enum { COL_ID, COL_NAME, COL_COMPANY, COL_CITY, COL_PHONE, COL_BALANCE, COL_STATUS };

/* A look-up is read by the name: at 80 columns the Status word (the
 * preview's first line after the balance says it too) goes before the name
 * is cut (VC_DROP), and on a wide terminal the name stops at twice its
 * width (VC_CAP), beside its company and city rather than far from them. */
static const struct view_column columns[] = {
	[COL_ID] = { N_("ID"), 8, 6, VC_RIGHT | VC_ID },
	[COL_NAME] = { N_("Name"), 22, 10, VC_FLEX | VC_CAP },
	[COL_COMPANY] = { N_("Company"), 18, 8, VC_GROW },
	[COL_CITY] = { N_("City"), 14, 6, VC_GROW },
	[COL_PHONE] = { N_("Phone"), 12, 10, 0 },
	[COL_BALANCE] = { N_("Balance"), 10, 8, VC_RIGHT },
	[COL_STATUS] = { N_("Status"), 8, 8, VC_DROP(1) },
};

static const char *const commands[] = { "cust", "customer", "customers", NULL };

/* The digits of a phone number written with ( ) - . + and spaces, when
 * there are exactly 10 of them (a leading country code 1 dropped). */
static int phone_digits(const char *q, char out[11])
{
	size_t n = 0;

	for (; *q; q++) {
		if (*q >= '0' && *q <= '9') {
			if (n == 11)
				return 0;
			out[n++] = *q;
		} else if (!strchr("()-. +", *q)) {
			return 0;
		}
	}
	if (n == 11 && out[0] == '1') {
		memmove(out, out + 1, 10);
		n = 10;
	}
	out[n] = '\0';
	return n == 10;
}

/* A house number followed by words: "12 Main St", "1600 Penn Ave". */
static int looks_like_address(const char *q)
{
	const char *p = q;

	while (*p >= '0' && *p <= '9')
		p++;
	if (p == q || *p != ' ')
		return 0;
	while (*p == ' ')
		p++;
	return (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (unsigned char)*p >= 0x80;
}

static int ascii_letter(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* "obrien" or "o brien" for O'Brien, "dangelo" for D'Angelo: a caller's
 * surname typed without its apostrophe found nobody (the service matches
 * text as typed, and a dispatcher does not guess the mark).  Last of the
 * searches, so it costs a read only when nothing else matched (none with
 * the customer index): lname LIKE "o_brien%", one character of any kind
 * after the first letter.  Only for a word of letters (and a first
 * letter, a space, then letters). */
static int marked_surname(struct vc_query *qs, const char *q)
{
	struct strbuf pat = STRBUF_INIT;
	size_t n = strlen(q);
	int rc;

	if (n < 4 || !ascii_letter(q[0]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!ascii_letter(q[i]) && !(i == 1 && q[i] == ' '))
			return 0;
	strbuf_addc(&pat, q[0]);
	strbuf_addc(&pat, '_');
	strbuf_adds(&pat, q + (q[1] == ' ' ? 2 : 1));
	strbuf_addc(&pat, '%');
	rc = api_form_add_cmp_str(vc_query_add(qs, N_("surname without its mark")),
	                          "lname", API_Q_LIKE, pat.buf);
	strbuf_free(&pat);
	return rc;
}

/* "nunez" for Núñez, "alvarez" for Álvarez, "dvorak" for Dvořák: a
 * surname typed without its accents found nobody (the service compares
 * letters as typed, and a dispatcher on the phone hears no accent).  Last
 * of the searches, after the apostrophe's, so a read only when nothing
 * else matched (none with the index): lname LIKE the word with the letters
 * that often carry a mark in surnames as _, one character of any kind.
 * One read buys one pattern, so the widest that still keeps enough
 * letters as typed to be a name and not a page of every P:
 *   1. each vowel (and y after the first letter, Yáñez's first stays), and
 *      after the first letter each c, n, r, s and z (ç č ñ ň ř š ž),
 *      when three letters stay: "dv___k%" for Dvořák;
 *   2. each vowel, and after the first letter each n and c, when two
 *      stay: "n___z%" for Núñez, "y___z%" for Yáñez;
 *   3. after the first letter each c, n, r, s and z alone, when two stay:
 *      "pe_a%" for Peña;
 * and nothing is asked when the word has none of them.  A word typed
 * with its marks found nobody when a mark's case differed ("PEÑA",
 * "ñúñez", "ångström": the service's compare folds ASCII letters only, as
 * the sandbox's): each character that is not ASCII is _ and the letters
 * stay as typed ("PE_A%"), while two letters stay.  The pattern's near
 * misses (Miller beside Müller for "muller", when no Muller exists) are
 * said by the preview's "Found by". */
enum { UNMARK_VOWELS = 1, UNMARK_NC = 2, UNMARK_RSZ = 4 };

static size_t unmarked_pattern(struct strbuf *pat, const char *q, unsigned what)
{
	size_t kept = 0;

	strbuf_reset(pat);
	for (size_t i = 0; q[i]; i++) {
		int c = q[i] | 0x20;
		int mark = ((what & UNMARK_VOWELS) && (strchr("aeiou", c) || (i > 0 && c == 'y'))) ||
		           (i > 0 && (what & UNMARK_NC) && (c == 'n' || c == 'c')) ||
		           (i > 0 && (what & UNMARK_RSZ) && (c == 'r' || c == 's' || c == 'z'));

		if (mark) {
			strbuf_addc(pat, '_');
		} else {
			strbuf_addc(pat, q[i]);
			kept++;
		}
	}
	return kept;
}

static int unmarked_surname(struct vc_query *qs, const char *q)
{
	static const struct { unsigned what; size_t least; } tiers[] = {
		{ UNMARK_VOWELS | UNMARK_NC | UNMARK_RSZ, 3 },
		{ UNMARK_VOWELS | UNMARK_NC, 2 },
		{ UNMARK_NC | UNMARK_RSZ, 2 },
	};
	struct strbuf pat = STRBUF_INIT;
	size_t n = strlen(q), kept = 0;
	int rc = 0, marks = 0, ask = 0;

	if (n < 4)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (q[i] & 0x80)
			marks = 1;
		else if (!ascii_letter(q[i]))
			return 0;
	}
	if (marks) {
		for (size_t i = 0; i < n; i += list_char_len(q + i)) {
			strbuf_addc(&pat, ascii_letter(q[i]) ? q[i] : '_');
			kept += ascii_letter(q[i]) != 0;
		}
		ask = kept >= 2;
	}
	for (size_t t = 0; !marks && !ask && t < sizeof(tiers) / sizeof(tiers[0]); t++) {
		kept = unmarked_pattern(&pat, q, tiers[t].what);
		ask = kept >= tiers[t].least && kept < n;
	}
	if (ask) {
		strbuf_addc(&pat, '%');
		rc = api_form_add_cmp_str(vc_query_add(qs, N_("surname, any accents")), "lname",
		                          API_Q_LIKE, pat.buf);
	}
	strbuf_free(&pat);
	return rc;
}

/* A name: as a surname, as a company, as a first name (or "first last").
 * In that order, each only when the one before found nobody: most
 * look-ups are a surname, and then cost one read of the account's quota
 * where asking all three would cost three.  "+name" asks all three and
 * joins what they find. */
static int name_searches(struct vc_query *qs, const char *q, int all)
{
	const char *space = strchr(q, ' '), *comma = strchr(q, ',');
	struct api_form *f;
	int rc = 0;

	qs->first_found = !all;
	if (comma) {
		/* "Smith, Hernán", as the list shows a name: surname and
		 * first name together (an audit's look-up of what it read off
		 * the screen found nobody), else a company with the comma. */
		char *head = xstrndup(q, (size_t)(comma - q));
		char *last = vc_trimmed(head), *first = vc_trimmed(comma + 1);

		f = vc_query_add(qs, N_("surname and first name"));
		rc = api_form_add_cmp_str(f, "lname", API_Q_STARTSWITH, last);
		if (rc == 0 && first && *first)
			rc = api_form_add_cmp_str(f, "fname", API_Q_STARTSWITH, first);
		free(head);
		free(last);
		free(first);
		f = vc_query_add(qs, N_("company"));
		return rc == 0 ? api_form_add_cmp_str(f, "companyName", API_Q_CONTAINS, q) : rc;
	}
	f = vc_query_add(qs, N_("surname"));
	rc = api_form_add_cmp_str(f, "lname", API_Q_STARTSWITH, q);
	/* Typed without its accents ("simek" for Šimek, "mueller" for
	 * Müller): the customer index folds them, which the service cannot;
	 * without an index this search finds nobody and reads nothing.  Not
	 * with "+": it finds what the surname's misses, never beside it. */
	if (rc == 0 && !all)
		lookup_form_add_folded(vc_query_add(qs, N_("surname, accents folded")), "lname", q);
	if (space) {
		char *first = xstrndup(q, (size_t)(space - q));

		while (*space == ' ')
			space++;
		f = vc_query_add(qs, N_("first and last name"));
		if (rc == 0)
			rc = api_form_add_cmp_str(f, "fname", API_Q_STARTSWITH, first);
		if (rc == 0)
			rc = api_form_add_cmp_str(f, "lname", API_Q_STARTSWITH, space);
		free(first);
	}
	f = vc_query_add(qs, N_("company"));
	if (rc == 0)
		rc = api_form_add_cmp_str(f, "companyName", API_Q_CONTAINS, q);
	if (!space) {
		f = vc_query_add(qs, N_("first name"));
		if (rc == 0)
			rc = api_form_add_cmp_str(f, "fname", API_Q_STARTSWITH, q);
	}
	/* Not with "+": they find what the others miss, never beside them. */
	if (rc == 0 && !all)
		rc = marked_surname(qs, q);
	if (rc == 0 && !all)
		rc = unmarked_surname(qs, q);
	return rc;
}

/* The pane's query_form: 0, or -1 when the query cannot be sent. */
static int query_form(struct vc_pane *p, struct ui *ui, const char *query, struct vc_query *qs)
{
	const char *why = N_("nothing to search for");
	char digits[12];
	char *q = vc_trimmed(query);
	int rc = 0;

	(void)p;
	if (!q || !*q)
		;
	else if (vc_all_digits(q) && strlen(q) < 10)
		api_form_add_int(vc_query_add(qs, NULL), "customerIDs", strtoll(q, NULL, 10));
	else if (phone_digits(q, digits))
		api_form_add(vc_query_add(qs, NULL), "phone", digits);
	else if (strchr(q, '@'))
		rc = api_form_add_cmp_str(vc_query_add(qs, NULL), "email", API_Q_CONTAINS, q);
	else if (looks_like_address(q))
		rc = api_form_add_cmp_str(vc_query_add(qs, NULL), "address", API_Q_CONTAINS, q);
	else if (q[0] == '*' && q[1])
		rc = api_form_add_cmp_str(vc_query_add(qs, NULL), "lname", API_Q_CONTAINS, q + 1);
	else if (q[0] == '+' && q[strspn(q, "+ ")])
		rc = name_searches(qs, q + strspn(q, "+ "), 1);
	else if (q[0] != '*' && q[0] != '+')
		rc = name_searches(qs, q, 0);
	else
		rc = -1;
	free(q);
	if (rc < 0) {
		ui_error(ui, "%s: %s", _("Customer search"), _(why));
		return -1;
	}
	return 0;
}

static void name_text(const struct vc_pane *p, const void *row, struct strbuf *out,
                      enum view_style *style)
{
	const struct m_customer *c = row;

	(void)p;
	(void)style;
	if (*c->lname && *c->fname)
		strbuf_addf(out, "%s, %s", c->lname, c->fname);
	else
		strbuf_adds(out, *c->lname ? c->lname : c->fname);
}

/* Both names folded before bytes break a tie: "Smith, Al" before
 * "smith, Bo", whatever the case of the last names. */
static int name_cmp(const void *a, const void *b)
{
	const struct m_customer *x = a, *y = b;
	int c = vc_cmp_text_folded(x->lname, y->lname);

	if (!c)
		c = vc_cmp_text_folded(x->fname, y->fname);
	if (!c)
		c = vc_cmp_text(x->lname, y->lname);
	if (!c)
		c = vc_cmp_text(x->fname, y->fname);
	return c;
}

static void status_text(const struct vc_pane *p, const void *row, struct strbuf *out,
                        enum view_style *style)
{
	const struct m_customer *c = row;

	(void)p;
	strbuf_adds(out, vc_customer_status(c->status));
	if (style && c->status != 1)
		*style = VS_DIM;
}

static int status_cmp(const void *a, const void *b)
{
	return vc_cmp_ll(((const struct m_customer *)a)->status,
	                 ((const struct m_customer *)b)->status);
}

#define AT(m) offsetof(struct m_customer, m)
static const struct vc_field fields[] = {
	[COL_ID] = { VK_ID, AT(id), NULL, NULL },
	[COL_NAME] = { VK_CUSTOM, 0, name_text, name_cmp },
	[COL_COMPANY] = { VK_TEXT, AT(company), NULL, NULL },
	[COL_CITY] = { VK_TEXT, AT(city), NULL, NULL },
	[COL_PHONE] = { VK_TEXT, AT(phone), NULL, NULL },
	[COL_BALANCE] = { VK_MONEY_DUE, AT(balance), NULL, NULL },
	[COL_STATUS] = { VK_CUSTOM, 0, status_text, status_cmp },
};

VC_PANE_CHECK(columns, fields);

/* The `/` filter also finds what no column shows. */
static const size_t extra[] = { AT(address), AT(email), AT(zip) };
#undef AT

/* What every customer has first, each on its line (a Phone line without a
 * phone), then in a second column (list.h's LIST_PREVIEW_BREAK) what only
 * some have, the pane's "Found by" after it: a row down rewrites the text
 * that differs, not lines pushed down by the last customer's contact. */
static int widest(const char *a, const char *b)
{
	int wa = (int)utf8_width(a, strlen(a)), wb = (int)utf8_width(b, strlen(b));

	return wa > wb ? wa : wb;
}

static void customers_preview(const struct vc_pane *p, const void *row, struct strbuf *out)
{
	const struct m_customer *c = row;
	size_t from;

	(void)p;
	vc_customer_lines(out, c);
	/* Each word padded to the wider of its two, so "since" and the date
	 * keep their column from an active customer to an inactive one. */
	from = out->len;
	strbuf_adds(out, vc_customer_status(c->status));
	vc_pad(out, from, widest(vc_customer_status(1), vc_customer_status(0)));
	strbuf_addf(out, " %s ", vc_dot());
	from = out->len;
	strbuf_adds(out, c->commercial ? _("commercial") : _("residential"));
	if (c->added[0]) {
		vc_pad(out, from, widest(_("commercial"), _("residential")));
		strbuf_addf(out, " %s %s %s", vc_dot(), _("since"), c->added);
	}
	strbuf_addc(out, '\n');
	strbuf_addc(out, LIST_PREVIEW_BREAK);
	if (*c->company && (*c->fname || *c->lname))
		strbuf_addf(out, "%s: %s %s\n", _("Contact"), c->fname, c->lname);
	if (c->red_notes)
		strbuf_addf(out, "%s: %s\n", _("Customer notes"), c->red_notes);
}

static const struct vc_pane_def customers_def = {
	.resource = "customer",
	.columns = columns,
	.fields = fields,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.id_column = COL_ID,
	.id_prefix = "",
	.extra = extra,
	.n_extra = sizeof(extra) / sizeof(extra[0]),
	.commands = commands,
	.query_form = query_form,
	.preview = customers_preview,
};

static const struct view_ops customers_ops = VC_PANE_OPS("customers", N_("Customers"), columns);

struct view *view_customers_new(const char *query)
{
	return ui_view_new(&customers_ops, vc_pane_new(&customers_def, 0, query));
}
