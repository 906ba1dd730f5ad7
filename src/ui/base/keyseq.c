/* keyseq.c: escape sequences the terminal description does not know, read whole: mapped to their key or named and dropped. */
#include "config.h"

#include <string.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/base/action.h"
#include "ui/base/keyseq.h"

/*
 * The keys a wrong TERM most often hides, in the forms terminals send
 * them: tmux, screen and the Linux console (ESC [ 1 ~ Home, ESC [ 4 ~ End),
 * rxvt (ESC [ 7 ~, ESC [ 8 ~), vt220 (the rest of the editing keypad,
 * F1-F12 as ESC [ 11 ~ ...), xterm in either cursor mode (ESC [ H, ESC O H,
 * the arrows, F1-F4 as ESC O P ...) and the Linux console's F1-F5 (ESC [ [ A).
 * They are mapped rather than only dropped: each is a key the action table
 * and [keys] name (Home and End are first and last, F1 is help, Del and Ins
 * edit), and no other terminal means anything else by them, so a dispatcher
 * whose Home key did nothing would only learn to avoid it.  A key with a
 * modifier (ESC [ 1 ; 5 H, Ctrl-Home) is not mapped: the key map cannot
 * name it, so it is said and dropped like any other unknown sequence.
 */
static const struct {
	const char *seq; /* after the ESC */
	int key;
} known[] = {
	{ "[1~", KEYF | KEY_HOME }, { "[7~", KEYF | KEY_HOME },
	{ "[H", KEYF | KEY_HOME }, { "OH", KEYF | KEY_HOME },
	{ "[4~", KEYF | KEY_END }, { "[8~", KEYF | KEY_END },
	{ "[F", KEYF | KEY_END }, { "OF", KEYF | KEY_END },
	{ "[5~", KEYF | KEY_PPAGE }, { "[6~", KEYF | KEY_NPAGE },
	{ "[3~", KEYF | KEY_DC }, { "[2~", KEYF | KEY_IC },
	{ "[A", KEYF | KEY_UP }, { "[B", KEYF | KEY_DOWN },
	{ "[C", KEYF | KEY_RIGHT }, { "[D", KEYF | KEY_LEFT },
	{ "OA", KEYF | KEY_UP }, { "OB", KEYF | KEY_DOWN },
	{ "OC", KEYF | KEY_RIGHT }, { "OD", KEYF | KEY_LEFT },
	{ "[Z", KEYF | KEY_BTAB },
	{ "OP", KEYF | KEY_F(1) }, { "OQ", KEYF | KEY_F(2) },
	{ "OR", KEYF | KEY_F(3) }, { "OS", KEYF | KEY_F(4) },
	{ "[[A", KEYF | KEY_F(1) }, { "[[B", KEYF | KEY_F(2) }, { "[[C", KEYF | KEY_F(3) },
	{ "[[D", KEYF | KEY_F(4) }, { "[[E", KEYF | KEY_F(5) },
	{ "[11~", KEYF | KEY_F(1) }, { "[12~", KEYF | KEY_F(2) }, { "[13~", KEYF | KEY_F(3) },
	{ "[14~", KEYF | KEY_F(4) }, { "[15~", KEYF | KEY_F(5) }, { "[17~", KEYF | KEY_F(6) },
	{ "[18~", KEYF | KEY_F(7) }, { "[19~", KEYF | KEY_F(8) }, { "[20~", KEYF | KEY_F(9) },
	{ "[21~", KEYF | KEY_F(10) }, { "[23~", KEYF | KEY_F(11) }, { "[24~", KEYF | KEY_F(12) },
	/* Not keys: the brackets of a paste (term.c asks for them). */
	{ "[200~", KEY_PASTE_BEGIN }, { "[201~", KEY_PASTE_END },
};

void keyseq_start(struct keyseq *s)
{
	memset(s, 0, sizeof(*s));
	s->c[0] = 27;
	s->n = 1;
}

static enum keyseq_step take(struct keyseq *s, int key, int final)
{
	s->c[s->n++] = key;
	if (final) {
		s->done = 1;
		return KEYSEQ_DONE;
	}
	/* Cut short, and dropped: what follows acts as keys again. */
	return s->n == KEYSEQ_MAX ? KEYSEQ_DONE : KEYSEQ_MORE;
}

enum keyseq_step keyseq_feed(struct keyseq *s, int key)
{
	/* A sequence is printable ASCII after its ESC: a control character
	 * (another Esc, Enter), a function key or a letter beyond ASCII is a
	 * key of its own, and what came before it ends there. */
	if (key < 0x20 || key > 0x7e)
		return KEYSEQ_NOT;
	if (s->n == 1)
		return key == '[' || key == 'O' ? take(s, key, 0) : KEYSEQ_NOT;
	/* The Linux console's F1-F5, ESC [ [ A to E: "[" would be CSI's final
	 * byte, and the letter after it would act (A opens a note). */
	if (s->c[1] == '[' && s->n == 2 && key == '[')
		return take(s, key, 0);
	if (s->c[1] == '[' && s->n == 3 && s->c[2] == '[')
		return key >= 0x40 ? take(s, key, 1) : KEYSEQ_NOT;
	/* CSI and SS3 alike: parameter (0x30-0x3F) and intermediate
	 * (0x20-0x2F) bytes, then one final byte (0x40-0x7E).  SS3 takes no
	 * parameters in ECMA-48, but old xterms sent ESC O 5 A for C-Up: read
	 * whole, it is dropped rather than leave "A" to act. */
	return take(s, key, key >= 0x40);
}

int keyseq_lone_esc(const struct keyseq *s)
{
	return s->n == 1;
}

int keyseq_key(const struct keyseq *s)
{
	char text[KEYSEQ_MAX];

	if (!s->done)
		return -1;
	for (size_t i = 1; i < s->n; i++)
		text[i - 1] = (char)s->c[i];
	text[s->n - 1] = '\0';
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(known[i].seq, text) == 0)
			return known[i].key;
	return -1;
}

void keyseq_name(const struct keyseq *s, struct strbuf *out)
{
	char text[KEYSEQ_MAX];

	/* Every byte is ESC or printable ASCII (keyseq_feed takes no other). */
	for (size_t i = 0; i < s->n; i++)
		text[i] = (char)s->c[i];
	utf8_escape_controls(out, text, s->n);
}
