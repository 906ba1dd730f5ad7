/* test_ui_keys.c: the action table, key names, rebinding (never C-s, C-q or C-c), hints, escape sequences read whole, the prompt editor, completion. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/strbuf.h"
#include "ui/base/action.h"
#include "ui/base/cmdline.h"
#include "ui/base/keyseq.h"

static void test_key_names_round_trip(void **state)
{
	static const char *const names[] = {
		"j", "G", "?", ":", "/", "[", "]", "<", ">", "+", "-", "é", "東",
		"Enter", "Tab", "S-Tab", "Esc", "Space", "Backspace", "Del", "Ins", "Up", "Down",
		"Left", "Right", "PgUp", "PgDn", "Home", "End", "F1", "F5", "F12", "C-a", "C-l", "C-z",
	};
	char buf[32];

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int k = action_key_parse(names[i]);

		if (k < 0)
			fail_msg("'%s' does not parse", names[i]);
		assert_string_equal(action_key_name(k, buf, sizeof(buf)), names[i]);
	}
	assert_int_equal(action_key_parse("enter"), '\n');
	assert_int_equal(action_key_parse("c-X"), 24);
	assert_int_equal(action_key_parse("F1"), KEYF | KEY_F(1));
	assert_int_equal(action_key_parse("Down"), KEYF | KEY_DOWN);
	/* A function key never equals a character of the same number. */
	assert_int_not_equal(action_key_parse("Down"), KEY_DOWN);
	assert_int_equal(action_key_parse(""), -1);
	assert_int_equal(action_key_parse("jk"), -1);
	assert_int_equal(action_key_parse("C-1"), -1);
	assert_int_equal(action_key_parse("F13"), -1);
	assert_int_equal(action_key_parse("F0"), -1);
	assert_int_equal(action_key_parse("Nope"), -1);
	assert_int_equal(action_key_parse("\x1b"), -1);
}

static void test_normalize(void **state)
{
	(void)state;
	assert_int_equal(action_key_normalize('\r'), '\n');
	assert_int_equal(action_key_normalize(KEYF | KEY_ENTER), '\n');
	assert_int_equal(action_key_normalize(127), KEYF | KEY_BACKSPACE);
	assert_int_equal(action_key_normalize(8), KEYF | KEY_BACKSPACE);
	assert_int_equal(action_key_normalize(KEYF | KEY_FIND), KEYF | KEY_HOME);
	assert_int_equal(action_key_normalize(KEYF | KEY_SELECT), KEYF | KEY_END);
	assert_int_equal(action_key_normalize('j'), 'j');
}

static void test_defaults(void **state)
{
	struct keymap *km = keymap_new();
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_int_equal(keymap_action(km, 'j'), ACT_DOWN);
	assert_int_equal(keymap_action(km, KEYF | KEY_DOWN), ACT_DOWN);
	assert_int_equal(keymap_action(km, 'q'), ACT_BACK);
	assert_int_equal(keymap_action(km, 'Q'), ACT_QUIT);
	assert_int_equal(keymap_action(km, 27), ACT_POP);
	assert_int_equal(keymap_action(km, '-'), ACT_POP);
	assert_int_equal(keymap_action(km, KEYF | KEY_F(1)), ACT_HELP);
	assert_int_equal(keymap_action(km, '['), ACT_PREV_DAY);
	assert_int_equal(keymap_action(km, 'y'), ACT_COPY);
	assert_int_equal(keymap_action(km, '\t'), ACT_NEXT_PANE);
	assert_int_equal(keymap_action(km, KEYF | KEY_BTAB), ACT_PREV_PANE);
	assert_int_equal(keymap_action(km, '3'), ACT_PANE_3);
	/* C-s and C-q stay unbound. */
	assert_int_equal(keymap_action(km, 19), ACT_NONE);
	assert_int_equal(keymap_action(km, 17), ACT_NONE);
	/* Every action has a table entry, a name and help, and a key; no key
	 * is bound twice. */
	for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
		const struct action_def *d = action_def((enum action)a);
		int key;

		assert_non_null(d);
		assert_int_equal(action_lookup(d->name), a);
		assert_true(strlen(d->help) > 3);
		key = keymap_first_key(km, (enum action)a);
		assert_true(key >= 0);
		strbuf_reset(&sb);
		assert_true(keymap_keys_text(km, (enum action)a, " ", &sb) >= 1);
		for (char *w = strtok(sb.buf, " "); w; w = strtok(NULL, " "))
			assert_int_equal(keymap_action(km, action_key_parse(w)), a);
	}
	assert_null(action_def(ACT_NONE));
	assert_int_equal(action_lookup("nope"), ACT_NONE);
	strbuf_free(&sb);
	keymap_free(km);
}

/* The mouse: a click selects, a double (or triple) click opens, the wheel
 * (buttons 4 and 5) scrolls; a release alone or another button nothing;
 * the mask asks for exactly what is read. */
static void test_mouse(void **state)
{
	unsigned long m = action_mouse_mask();

	(void)state;
	assert_int_equal(action_mouse_do(BUTTON1_CLICKED), MOUSE_SELECT);
	assert_int_equal(action_mouse_do(BUTTON1_PRESSED), MOUSE_SELECT);
	assert_int_equal(action_mouse_do(BUTTON1_DOUBLE_CLICKED), MOUSE_OPEN);
	assert_int_equal(action_mouse_do(BUTTON1_TRIPLE_CLICKED), MOUSE_OPEN);
	assert_int_equal(action_mouse_do(BUTTON4_PRESSED), MOUSE_UP);
	assert_int_equal(action_mouse_do(BUTTON5_PRESSED), MOUSE_DOWN);
	assert_int_equal(action_mouse_do(BUTTON1_RELEASED), MOUSE_NONE);
	assert_int_equal(action_mouse_do(BUTTON3_CLICKED), MOUSE_NONE);
	assert_int_equal(action_mouse_do(0), MOUSE_NONE);
	assert_true(m & BUTTON1_CLICKED);
	assert_true(m & BUTTON1_DOUBLE_CLICKED);
	assert_true(m & BUTTON4_PRESSED);
	assert_true(m & BUTTON5_PRESSED);
	assert_false(m & BUTTON3_CLICKED);
}

static void test_rebind(void **state)
{
	struct keymap *km = keymap_new();
	struct strbuf err = STRBUF_INIT, sb = STRBUF_INIT;

	(void)state;
	/* n moves down now: it leaves next_match, and j and Down are free. */
	assert_int_equal(keymap_bind(km, "down", "n C-n", &err), 0);
	assert_int_equal(keymap_action(km, 'n'), ACT_DOWN);
	assert_int_equal(keymap_action(km, 14), ACT_DOWN);
	assert_int_equal(keymap_action(km, 'j'), ACT_NONE);
	assert_int_equal(keymap_action(km, KEYF | KEY_DOWN), ACT_NONE);
	assert_int_equal(keymap_first_key(km, ACT_NEXT_MATCH), -1);
	keymap_keys_text(km, ACT_DOWN, " ", &sb);
	assert_string_equal(sb.buf, "n C-n");
	/* Errors leave the map as it was. */
	assert_int_equal(keymap_bind(km, "dwon", "x", &err), -1);
	assert_non_null(strstr(err.buf, "unknown action 'dwon'"));
	strbuf_reset(&err);
	assert_int_equal(keymap_bind(km, "up", "k Upp", &err), -1);
	assert_non_null(strstr(err.buf, "unknown key name 'Upp'"));
	assert_int_equal(keymap_action(km, 'k'), ACT_UP);
	/* none unbinds. */
	assert_int_equal(keymap_bind(km, "copy", "none", &err), 0);
	assert_int_equal(keymap_action(km, 'y'), ACT_NONE);
	assert_int_equal(keymap_first_key(km, ACT_COPY), -1);
	strbuf_free(&err);
	strbuf_free(&sb);
	keymap_free(km);
}

/* Feeds bytes (an ESC first) to keyseq as the loop does, until the
 * sequence ends or the bytes run out (nothing more queued); returns how
 * many bytes it took, the ESC included, with the last step in *step. */
static size_t feed(struct keyseq *s, const char *bytes, enum keyseq_step *step)
{
	size_t i = 1;

	assert_int_equal(bytes[0], 27);
	keyseq_start(s);
	*step = KEYSEQ_MORE;
	while (bytes[i] && (*step = keyseq_feed(s, (unsigned char)bytes[i])) != KEYSEQ_NOT) {
		i++;
		if (*step == KEYSEQ_DONE)
			break;
	}
	return i;
}

static void assert_seq(const char *bytes, size_t used, int key, const char *name)
{
	struct keyseq s;
	struct strbuf sb = STRBUF_INIT;
	enum keyseq_step step;

	assert_int_equal(feed(&s, bytes, &step), used);
	assert_int_equal(keyseq_key(&s), key);
	keyseq_name(&s, &sb);
	assert_string_equal(sb.buf, name);
	strbuf_free(&sb);
}

/* tmux's Home and End with TERM=xterm-256color, and the other common
 * forms ncurses misses when TERM is wrong: read whole, and mapped. */
static void test_keyseq_mapped(void **state)
{
	(void)state;
	assert_seq("\x1b[1~", 4, KEYF | KEY_HOME, "^[[1~");
	assert_seq("\x1b[4~", 4, KEYF | KEY_END, "^[[4~");
	assert_seq("\x1b[7~", 4, KEYF | KEY_HOME, "^[[7~");
	assert_seq("\x1b[8~", 4, KEYF | KEY_END, "^[[8~");
	assert_seq("\x1bOH", 3, KEYF | KEY_HOME, "^[OH");
	assert_seq("\x1bOF", 3, KEYF | KEY_END, "^[OF");
	assert_seq("\x1b[H", 3, KEYF | KEY_HOME, "^[[H");
	assert_seq("\x1b[F", 3, KEYF | KEY_END, "^[[F");
	assert_seq("\x1b[5~", 4, KEYF | KEY_PPAGE, "^[[5~");
	assert_seq("\x1b[6~", 4, KEYF | KEY_NPAGE, "^[[6~");
	assert_seq("\x1b[3~", 4, KEYF | KEY_DC, "^[[3~");
	assert_seq("\x1b[2~", 4, KEYF | KEY_IC, "^[[2~");
	assert_seq("\x1bOA", 3, KEYF | KEY_UP, "^[OA");
	assert_seq("\x1b[D", 3, KEYF | KEY_LEFT, "^[[D");
	assert_seq("\x1b[Z", 3, KEYF | KEY_BTAB, "^[[Z");
	assert_seq("\x1bOP", 3, KEYF | KEY_F(1), "^[OP");
	assert_seq("\x1b[11~", 5, KEYF | KEY_F(1), "^[[11~");
	assert_seq("\x1b[24~", 5, KEYF | KEY_F(12), "^[[24~");
	/* The Linux console's F1: "[" is not the final byte there, and the
	 * A after it is not a key (it would open a note). */
	assert_seq("\x1b[[A", 4, KEYF | KEY_F(1), "^[[[A");
	assert_seq("\x1b[[E", 4, KEYF | KEY_F(5), "^[[[E");
	/* What follows a sequence is left to act: the sequence took its own
	 * bytes only. */
	assert_seq("\x1b[4~j", 4, KEYF | KEY_END, "^[[4~");
	assert_seq("\x1b[1~\x1b[4~", 4, KEYF | KEY_HOME, "^[[1~");
	assert_seq("\x1bOHOF", 3, KEYF | KEY_HOME, "^[OH");
	/* The brackets of a paste, with the pasted text after them. */
	assert_seq("\x1b[200~Q", 6, KEY_PASTE_BEGIN, "^[[200~");
	assert_seq("\x1b[201~j", 6, KEY_PASTE_END, "^[[201~");
}

/* Keys between a paste's brackets: text for what takes text, never keys. */
static void test_paste(void **state)
{
	static const char text[] = "a\tb\rc\r\nd\ne\x1b\x7fQ";
	/* What each target makes of text, -1 dropped as '#'. */
	static const struct {
		enum paste_into into;
		const char *out;
		unsigned long taken, lost;
	} cases[] = {
		{ PASTE_LINES, "a b\nc\n#d\ne##Q", 10, 0 },
		{ PASTE_LINE, "a b c #d e##Q", 10, 0 },
		{ PASTE_NOWHERE, "#############", 0, 10 },
	};
	char name[32];

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct paste p;
		char got[sizeof(text)];
		size_t n = 0;

		action_paste_begin(&p, 10.0);
		assert_true(p.on);
		for (const char *t = text; *t; t++) {
			int k = action_paste_key(&p, (unsigned char)*t, cases[c].into);

			got[n++] = k < 0 ? '#' : (char)k;
		}
		got[n] = '\0';
		assert_string_equal(got, cases[c].out);
		assert_int_equal(p.taken, cases[c].taken);
		assert_int_equal(p.lost, cases[c].lost);
	}
	/* Beyond ASCII: letters kept, C1 controls and function keys dropped. */
	{
		struct paste p;

		action_paste_begin(&p, 10.0);
		assert_int_equal(action_paste_key(&p, 0xe9, PASTE_LINE), 0xe9);
		assert_int_equal(action_paste_key(&p, 0x9b, PASTE_LINE), -1);
		assert_int_equal(action_paste_key(&p, 0x5c71, PASTE_LINES), 0x5c71);
		assert_int_equal(action_paste_key(&p, KEYF | KEY_DOWN, PASTE_LINES), -1);
	}
	/* An ESC in the text is dropped like any control: the paste goes on
	 * (an ESC that ended it ran the rest of the text as keys).  The
	 * paste ends when its keys stop coming, PASTE_IDLE_S after the last. */
	{
		struct paste p;

		action_paste_begin(&p, 10.0);
		assert_int_equal(action_paste_key(&p, 27, PASTE_NOWHERE), -1);
		assert_true(p.on);
		assert_false(action_paste_idle(&p, 10.0));
		assert_false(action_paste_idle(&p, 10.0 + PASTE_IDLE_S - 0.01));
		assert_true(action_paste_idle(&p, 10.0 + PASTE_IDLE_S));
		p.on = 0;
		assert_false(action_paste_idle(&p, 100.0));
	}
	/* Scripts name the brackets. */
	assert_int_equal(action_key_parse("PasteBegin"), KEY_PASTE_BEGIN);
	assert_int_equal(action_key_parse("PasteEnd"), KEY_PASTE_END);
	assert_string_equal(action_key_name(KEY_PASTE_BEGIN, name, sizeof(name)), "PasteBegin");
}

/* Whole sequences with no key of the table: taken whole (their bytes do
 * not act) and named, every control character escaped. */
static void test_keyseq_unknown(void **state)
{
	(void)state;
	assert_seq("\x1b[99~", 5, -1, "^[[99~");
	assert_seq("\x1b[99~[", 5, -1, "^[[99~");
	/* Ctrl-Home: a modifier the key map cannot name. */
	assert_seq("\x1b[1;5H", 6, -1, "^[[1;5H");
	/* Intermediate bytes, an SGR mouse report, SS3 with a parameter. */
	assert_seq("\x1b[ q", 4, -1, "^[[ q");
	assert_seq("\x1b[<0;10;5M", 10, -1, "^[[<0;10;5M");
	assert_seq("\x1bO5A", 4, -1, "^[O5A");
	assert_seq("\x1bOx", 3, -1, "^[Ox");
}

/* Esc alone, Esc and a key, and sequences cut short. */
static void test_keyseq_ends(void **state)
{
	struct keyseq s;
	struct strbuf sb = STRBUF_INIT;
	enum keyseq_step step;
	char lng[64];

	(void)state;
	/* Nothing queued after Esc: Esc. */
	assert_int_equal(feed(&s, "\x1b", &step), 1);
	assert_true(keyseq_lone_esc(&s));
	/* Esc and a key that starts no sequence: Esc, then the key. */
	assert_int_equal(feed(&s, "\x1bj", &step), 1);
	assert_int_equal(step, KEYSEQ_NOT);
	assert_true(keyseq_lone_esc(&s));
	assert_int_equal(feed(&s, "\x1b\x1b[4~", &step), 1);
	assert_true(keyseq_lone_esc(&s));
	assert_int_equal(feed(&s, "\x1b\n", &step), 1);
	assert_true(keyseq_lone_esc(&s));
	/* A function key or a character beyond ASCII after Esc. */
	keyseq_start(&s);
	assert_int_equal(keyseq_feed(&s, KEYF | KEY_DOWN), KEYSEQ_NOT);
	assert_int_equal(keyseq_feed(&s, 0xe9), KEYSEQ_NOT);
	assert_true(keyseq_lone_esc(&s));
	/* Cut short by the end of the burst: no key, named as far as read. */
	assert_seq("\x1b[", 2, -1, "^[[");
	assert_seq("\x1b[4", 3, -1, "^[[4");
	assert_seq("\x1bO", 2, -1, "^[O");
	/* Cut short by a key that cannot be part of it: that key is not
	 * taken (it acts), the sequence ends before it. */
	assert_int_equal(feed(&s, "\x1b[4\n", &step), 3);
	assert_int_equal(step, KEYSEQ_NOT);
	assert_int_equal(keyseq_key(&s), -1);
	assert_int_equal(feed(&s, "\x1b[4\x1b[4~", &step), 3);
	assert_int_equal(step, KEYSEQ_NOT);
	keyseq_start(&s);
	assert_int_equal(keyseq_feed(&s, '['), KEYSEQ_MORE);
	assert_int_equal(keyseq_feed(&s, KEYF | KEY_HOME), KEYSEQ_NOT);
	assert_int_equal(keyseq_feed(&s, 0x4e2d), KEYSEQ_NOT);
	assert_int_equal(feed(&s, "\x1b[[1", &step), 3);
	assert_int_equal(step, KEYSEQ_NOT);
	/* Longer than any key's: dropped at KEYSEQ_MAX, the rest acts. */
	lng[0] = 27;
	lng[1] = '[';
	memset(lng + 2, '1', sizeof(lng) - 3);
	lng[sizeof(lng) - 1] = '\0';
	assert_int_equal(feed(&s, lng, &step), KEYSEQ_MAX);
	assert_int_equal(step, KEYSEQ_DONE);
	assert_int_equal(keyseq_key(&s), -1);
	keyseq_name(&s, &sb);
	assert_int_equal(strlen(sb.buf), KEYSEQ_MAX + 1);
	assert_memory_equal(sb.buf, "^[[111", 6);
	strbuf_free(&sb);
}

/* C-s and C-q are flow control (XOFF, XON) on serial lines and some SSH
 * clients: a binding in [keys] is refused, and the action keeps its keys. */
static void test_rebind_flow_control(void **state)
{
	struct keymap *km = keymap_new();
	struct strbuf err = STRBUF_INIT, sb = STRBUF_INIT;

	(void)state;
	assert_int_equal(keymap_bind(km, "down", "j C-s", &err), -1);
	assert_non_null(strstr(err.buf, "C-s cannot be bound"));
	assert_int_equal(keymap_action(km, 19), ACT_NONE);
	keymap_keys_text(km, ACT_DOWN, " ", &sb);
	assert_string_equal(sb.buf, "j Down");
	strbuf_reset(&err);
	assert_int_equal(keymap_bind(km, "redraw", "C-Q", &err), -1);
	assert_non_null(strstr(err.buf, "C-q cannot be bound"));
	assert_int_equal(keymap_action(km, 17), ACT_NONE);
	assert_int_equal(keymap_action(km, 12), ACT_REDRAW);
	/* Their neighbours are keys like any other. */
	assert_int_equal(keymap_bind(km, "redraw", "C-r", &err), 0);
	assert_int_equal(keymap_action(km, 18), ACT_REDRAW);
	strbuf_free(&err);
	strbuf_free(&sb);
	keymap_free(km);
}

/* C-c quits (and cancels a prompt) before any binding is looked at
 * (dispatch.c): a [keys] line binding it is refused, not taken and shown
 * in the help as a key that then ends the console. */
static void test_rebind_ctrl_c(void **state)
{
	struct keymap *km = keymap_new();
	struct strbuf err = STRBUF_INIT, sb = STRBUF_INIT;

	(void)state;
	assert_int_equal(keymap_bind(km, "down", "j C-c", &err), -1);
	assert_non_null(strstr(err.buf, "C-c cannot be bound"));
	assert_int_equal(keymap_action(km, 3), ACT_NONE);
	keymap_keys_text(km, ACT_DOWN, " ", &sb);
	assert_string_equal(sb.buf, "j Down");
	strbuf_free(&err);
	strbuf_free(&sb);
	keymap_free(km);
}

static void test_hints(void **state)
{
	struct keymap *km = keymap_new();
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;

	(void)state;
	keymap_hints(km, 0, &sb);
	assert_non_null(strstr(sb.buf, "? help"));
	assert_non_null(strstr(sb.buf, "Enter open"));
	assert_true(sb.buf[0] != ' ');
	/* Hints follow the live keys. */
	assert_int_equal(keymap_bind(km, "help", "F1", &err), 0);
	strbuf_reset(&sb);
	keymap_hints(km, 0, &sb);
	assert_non_null(strstr(sb.buf, "F1 help"));
	assert_null(strstr(sb.buf, "? help"));
	strbuf_free(&sb);
	strbuf_free(&err);
	keymap_free(km);
}

static void type(struct cmdline *c, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int cp = *p++;

		if (cp >= 0xc0) { /* two- and three-byte characters of the tests */
			int extra = cp >= 0xe0 ? 2 : 1;

			cp &= extra == 2 ? 0x0f : 0x1f;
			while (extra--)
				cp = (cp << 6) | (*p++ & 0x3f);
		}
		assert_int_equal(cmdline_key(c, cp), CMDLINE_EDIT);
	}
}

/* A line is at most CMDLINE_MAX bytes: a character past it is refused
 * (CMDLINE_FULL), whole, and editing goes on. */
static void test_editor_full(void **state)
{
	struct cmdline c;

	(void)state;
	cmdline_init(&c, 3);
	cmdline_start(&c, '/', NULL);
	for (int i = 0; i < CMDLINE_MAX - 1; i++)
		assert_int_equal(cmdline_key(&c, 'a'), CMDLINE_EDIT);
	/* Two bytes do not fit in one: refused whole, never half a character. */
	assert_int_equal(cmdline_key(&c, 0xf1), CMDLINE_FULL);
	assert_int_equal(strlen(cmdline_text(&c)), CMDLINE_MAX - 1);
	assert_int_equal(cmdline_key(&c, 'b'), CMDLINE_EDIT);
	assert_int_equal(cmdline_key(&c, 'c'), CMDLINE_FULL);
	assert_int_equal(strlen(cmdline_text(&c)), CMDLINE_MAX);
	assert_int_equal(cmdline_key(&c, KEYF | KEY_BACKSPACE), CMDLINE_EDIT);
	assert_int_equal(cmdline_key(&c, 'd'), CMDLINE_EDIT);
	assert_int_equal(cmdline_text(&c)[CMDLINE_MAX - 1], 'd');
	assert_int_equal(cmdline_key(&c, '\n'), CMDLINE_DONE);
	cmdline_free(&c);
}

static void test_editor(void **state)
{
	struct cmdline c;

	(void)state;
	cmdline_init(&c, 3);
	cmdline_start(&c, ':', NULL);
	type(&c, "cust Núñez");
	assert_string_equal(cmdline_text(&c), "cust Núñez");
	/* Backspace removes a whole character, not a byte. */
	cmdline_key(&c, KEYF | KEY_BACKSPACE);
	cmdline_key(&c, KEYF | KEY_BACKSPACE);
	assert_string_equal(cmdline_text(&c), "cust Núñ");
	cmdline_key(&c, KEYF | KEY_LEFT);
	type(&c, "x");
	assert_string_equal(cmdline_text(&c), "cust Núxñ");
	cmdline_key(&c, 23); /* C-w */
	assert_string_equal(cmdline_text(&c), "cust ñ");
	cmdline_key(&c, 1); /* C-a */
	cmdline_key(&c, KEYF | KEY_DC);
	assert_string_equal(cmdline_text(&c), "ust ñ");
	cmdline_key(&c, 5); /* C-e */
	cmdline_key(&c, 21); /* C-u */
	assert_string_equal(cmdline_text(&c), "");
	/* Control and C1 characters are not inserted. */
	cmdline_key(&c, 0x9b);
	cmdline_key(&c, 0x01);
	assert_string_equal(cmdline_text(&c), "");
	assert_int_equal(cmdline_key(&c, KEYF | KEY_BACKSPACE), CMDLINE_CANCEL);
	assert_int_equal(cmdline_key(&c, '\r'), CMDLINE_DONE);
	assert_int_equal(cmdline_key(&c, 27), CMDLINE_CANCEL);
	assert_int_equal(cmdline_key(&c, '\t'), CMDLINE_COMPLETE);
	cmdline_free(&c);
}

static void test_history(void **state)
{
	struct cmdline c;

	(void)state;
	cmdline_init(&c, 3);
	cmdline_history_add(&c, "one");
	cmdline_history_add(&c, "two");
	cmdline_history_add(&c, "two");   /* repeat skipped */
	cmdline_history_add(&c, "   ");   /* blank skipped */
	cmdline_history_add(&c, "three");
	cmdline_history_add(&c, "four");  /* "one" falls off */
	assert_int_equal(c.n_hist, 3);
	cmdline_start(&c, ':', NULL);
	type(&c, "draft");
	cmdline_key(&c, KEYF | KEY_UP);
	assert_string_equal(cmdline_text(&c), "four");
	cmdline_key(&c, KEYF | KEY_UP);
	cmdline_key(&c, KEYF | KEY_UP);
	cmdline_key(&c, KEYF | KEY_UP);  /* stays at the oldest */
	assert_string_equal(cmdline_text(&c), "two");
	cmdline_key(&c, KEYF | KEY_DOWN);
	cmdline_key(&c, KEYF | KEY_DOWN);
	cmdline_key(&c, KEYF | KEY_DOWN);
	/* Back past the newest: the line being typed returns. */
	assert_string_equal(cmdline_text(&c), "draft");
	cmdline_free(&c);
}

static void complete(const char *line, const char *want, size_t n, const char *alts)
{
	static char *themes[] = { "colorblind", "default", "light", "mono" };
	struct strbuf out = STRBUF_INIT, al = STRBUF_INIT;

	assert_int_equal(cmdline_complete(line, themes, 4, &out, &al), n);
	assert_string_equal(out.buf ? out.buf : "", want);
	assert_string_equal(al.buf ? al.buf : "", alts);
	strbuf_free(&out);
	strbuf_free(&al);
}

static void test_completion(void **state)
{
	(void)state;
	complete("vi", "view ", 1, "");
	complete("inf", "info", 1, "");
	complete("s", "s", 2, "save-display sub");
	complete("view cu", "view customers", 1, "");
	complete("view s", "view s", 2, "stops subscriptions");
	/* Two panes start with t since the Timeline came. */
	complete("view   t", "view   ti", 2, "tickets timeline");
	complete("view   tic", "view   tickets", 1, "");
	complete("view tim", "view timeline", 1, "");
	complete("theme ", "theme ", 4, "colorblind default light mono");
	complete("theme l", "theme light", 1, "");
	complete("zz", "zz", 0, "");
	complete("cust smi", "cust smi", 0, "");
	assert_non_null(cmdline_command("q"));
	assert_string_equal(cmdline_command("q")->name, "q");
	assert_string_equal(cmdline_command("inf")->name, "info");
	assert_null(cmdline_command("s"));    /* ambiguous */
	assert_null(cmdline_command(""));
}

/* The error for a name cmdline_command refuses says why: an ambiguous
 * prefix lists what it could mean, which the man page's "any prefix that
 * names only one command" implies. */
static void candidates(const char *name, size_t count, const char *text)
{
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(cmdline_candidates(name, &sb), count);
	assert_string_equal(strbuf_str(&sb), text);
	strbuf_free(&sb);
}

static void test_candidates(void **state)
{
	(void)state;
	candidates("s", 2, ":save-display, :sub");
	candidates("t", 3, ":theme, :ticket, :timeline");
	candidates("r", 2, ":refresh, :resize");
	candidates("inf", 1, ":info");
	candidates("q", 1, ":q");
	candidates("nonsense", 0, "");
	candidates("", 0, "");
}

static void test_split(void **state)
{
	const char *args;
	char *name;

	(void)state;
	assert_int_equal(cmdline_split("  cust   smith jones ", &name, &args), 0);
	assert_string_equal(name, "cust");
	assert_string_equal(args, "smith jones ");
	free(name);
	assert_int_equal(cmdline_split("log", &name, &args), 0);
	assert_string_equal(args, "");
	free(name);
	assert_int_equal(cmdline_split("   ", &name, &args), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_names_round_trip),
		cmocka_unit_test(test_normalize),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_mouse),
		cmocka_unit_test(test_rebind),
		cmocka_unit_test(test_rebind_flow_control),
		cmocka_unit_test(test_rebind_ctrl_c),
		cmocka_unit_test(test_hints),
		cmocka_unit_test(test_keyseq_mapped),
		cmocka_unit_test(test_keyseq_unknown),
		cmocka_unit_test(test_keyseq_ends),
		cmocka_unit_test(test_paste),
		cmocka_unit_test(test_editor),
		cmocka_unit_test(test_editor_full),
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_completion),
		cmocka_unit_test(test_candidates),
		cmocka_unit_test(test_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
