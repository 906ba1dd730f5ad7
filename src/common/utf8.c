/* utf8.c: UTF-8 validation, terminal width, and making control characters visible. */
#include "config.h"

#include <errno.h>
#include <iconv.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "common/strbuf.h"
#include "common/utf8.h"

/*
 * Decodes one well-formed sequence at s (len > 0 bytes available) into *cp
 * and returns its length, or 0 when s[0] does not start one.  The second
 * byte ranges follow RFC 3629's table, which is what rules out overlongs
 * (C0, C1, E0 80..9F, F0 80..8F), surrogates (ED A0..BF) and code points past
 * U+10FFFF (F4 90.., F5..FF) without a separate check.
 */
static size_t decode(const unsigned char *s, size_t len, uint32_t *cp)
{
	unsigned char b0 = s[0], lo = 0x80, hi = 0xBF;
	size_t n, i;
	uint32_t c;

	if (b0 < 0x80) {
		*cp = b0;
		return 1;
	}
	if (b0 >= 0xC2 && b0 <= 0xDF) {
		n = 2;
		c = b0 & 0x1F;
	} else if (b0 >= 0xE0 && b0 <= 0xEF) {
		n = 3;
		c = b0 & 0x0F;
		if (b0 == 0xE0)
			lo = 0xA0;
		else if (b0 == 0xED)
			hi = 0x9F;
	} else if (b0 >= 0xF0 && b0 <= 0xF4) {
		n = 4;
		c = b0 & 0x07;
		if (b0 == 0xF0)
			lo = 0x90;
		else if (b0 == 0xF4)
			hi = 0x8F;
	} else {
		return 0;
	}
	if (len < n)
		return 0;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3F);
	}
	*cp = c;
	return n;
}

int utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;
	uint32_t cp;

	while (i < len) {
		n = decode(p + i, len - i, &cp);
		if (n == 0)
			return 0;
		i += n;
	}
	return 1;
}

int utf8_bidi_control(uint32_t cp)
{
	return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

int utf8_glyph_joiner(uint32_t cp)
{
	return cp == 0x200D || cp == 0xFE0E || cp == 0xFE0F || (cp >= 0x1F3FB && cp <= 0x1F3FF);
}

static void add_hex(struct strbuf *out, unsigned v)
{
	static const char hex[] = "0123456789abcdef";
	char b[4] = { '\\', 'x', hex[(v >> 4) & 0xF], hex[v & 0xF] };

	strbuf_add(out, b, sizeof(b));
}

void utf8_escape_controls(struct strbuf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;
	uint32_t cp;

	while (i < len) {
		n = decode(p + i, len - i, &cp);
		if (n == 0) {
			/* One byte at a time, so the next valid character
			 * after garbage still shows as itself. */
			add_hex(out, p[i]);
			i++;
			continue;
		}
		if (cp == 0x1B) {
			strbuf_add(out, "^[", 2);
		} else if (cp < 0x20) {
			strbuf_addc(out, '^');
			strbuf_addc(out, (char)(cp + 0x40));
		} else if (cp == 0x7F) {
			strbuf_add(out, "^?", 2);
		} else if (cp >= 0x80 && cp <= 0x9F) {
			/* C1 controls (CSI 0x9B among them) act on terminals
			 * that read 8-bit controls. */
			add_hex(out, cp);
		} else if (utf8_bidi_control(cp)) {
			/* Not controls to the terminal, but they reorder what
			 * follows on the line (a right-to-left override makes
			 * "5551234" read "4321555"): shown, never applied. */
			strbuf_addf(out, "<U+%04X>", (unsigned)cp);
		} else if (utf8_glyph_joiner(cp)) {
			/* Left out: each emoji of a joined family is drawn on
			 * its own, in the cells curses counted for it. */
		} else {
			strbuf_add(out, p + i, n);
		}
		i += n;
	}
}

struct range {
	uint32_t lo, hi;
};

/* Zero-width: combining marks, Hangul medial/final jamo, joiners, bidi
 * controls, variation selectors, tags.  Close to what glibc's wcwidth says,
 * which is what the terminal's ncurses will use. */
static const struct range zero_width[] = {
	{ 0x0300, 0x036F }, { 0x0483, 0x0489 }, { 0x0591, 0x05BD },
	{ 0x05BF, 0x05BF }, { 0x05C1, 0x05C2 }, { 0x05C4, 0x05C5 },
	{ 0x05C7, 0x05C7 }, { 0x0610, 0x061A }, { 0x064B, 0x065F },
	{ 0x0670, 0x0670 }, { 0x06D6, 0x06DC }, { 0x06DF, 0x06E4 },
	{ 0x06E7, 0x06E8 }, { 0x06EA, 0x06ED }, { 0x0711, 0x0711 },
	{ 0x0730, 0x074A }, { 0x07A6, 0x07B0 }, { 0x07EB, 0x07F3 },
	{ 0x0816, 0x082D }, { 0x0859, 0x085B }, { 0x08D3, 0x08E1 },
	{ 0x08E3, 0x0902 }, { 0x093A, 0x093A }, { 0x093C, 0x093C },
	{ 0x0941, 0x0948 }, { 0x094D, 0x094D }, { 0x0951, 0x0957 },
	{ 0x0962, 0x0963 }, { 0x0981, 0x0981 }, { 0x09BC, 0x09BC },
	{ 0x09C1, 0x09C4 }, { 0x09CD, 0x09CD }, { 0x09E2, 0x09E3 },
	{ 0x0A01, 0x0A02 }, { 0x0A3C, 0x0A3C }, { 0x0A41, 0x0A51 },
	{ 0x0A70, 0x0A71 }, { 0x0A75, 0x0A75 }, { 0x0A81, 0x0A82 },
	{ 0x0ABC, 0x0ABC }, { 0x0AC1, 0x0AC8 }, { 0x0ACD, 0x0ACD },
	{ 0x0AE2, 0x0AE3 }, { 0x0B01, 0x0B01 }, { 0x0B3C, 0x0B3C },
	{ 0x0B3F, 0x0B3F }, { 0x0B41, 0x0B44 }, { 0x0B4D, 0x0B4D },
	{ 0x0B56, 0x0B56 }, { 0x0B82, 0x0B82 }, { 0x0BC0, 0x0BC0 },
	{ 0x0BCD, 0x0BCD }, { 0x0C3E, 0x0C40 }, { 0x0C46, 0x0C56 },
	{ 0x0CBC, 0x0CBC }, { 0x0CCC, 0x0CCD }, { 0x0D41, 0x0D44 },
	{ 0x0D4D, 0x0D4D }, { 0x0DCA, 0x0DCA }, { 0x0DD2, 0x0DD6 },
	{ 0x0E31, 0x0E31 }, { 0x0E34, 0x0E3A }, { 0x0E47, 0x0E4E },
	{ 0x0EB1, 0x0EB1 }, { 0x0EB4, 0x0EBC }, { 0x0EC8, 0x0ECD },
	{ 0x0F18, 0x0F19 }, { 0x0F35, 0x0F35 }, { 0x0F37, 0x0F37 },
	{ 0x0F39, 0x0F39 }, { 0x0F71, 0x0F7E }, { 0x0F80, 0x0F84 },
	{ 0x0F86, 0x0F87 }, { 0x0F8D, 0x0FBC }, { 0x0FC6, 0x0FC6 },
	{ 0x102D, 0x1030 }, { 0x1032, 0x1037 }, { 0x1039, 0x103A },
	{ 0x1058, 0x1059 }, { 0x1160, 0x11FF }, { 0x135D, 0x135F },
	{ 0x1712, 0x1714 }, { 0x1732, 0x1734 }, { 0x1752, 0x1753 },
	{ 0x1772, 0x1773 }, { 0x17B4, 0x17B5 }, { 0x17B7, 0x17BD },
	{ 0x17C6, 0x17C6 }, { 0x17C9, 0x17D3 }, { 0x17DD, 0x17DD },
	{ 0x180B, 0x180F }, { 0x18A9, 0x18A9 }, { 0x1920, 0x1922 },
	{ 0x1927, 0x1928 }, { 0x1932, 0x1932 }, { 0x1939, 0x193B },
	{ 0x1A17, 0x1A18 }, { 0x1AB0, 0x1AFF }, { 0x1B00, 0x1B03 },
	{ 0x1B34, 0x1B34 }, { 0x1B36, 0x1B3A }, { 0x1B3C, 0x1B3C },
	{ 0x1B42, 0x1B42 }, { 0x1B6B, 0x1B73 }, { 0x1DC0, 0x1DFF },
	{ 0x200B, 0x200F }, { 0x202A, 0x202E }, { 0x2060, 0x2064 },
	{ 0x2066, 0x206F },
	{ 0x20D0, 0x20F0 }, { 0x2CEF, 0x2CF1 }, { 0x2DE0, 0x2DFF },
	{ 0x302A, 0x302D }, { 0x3099, 0x309A }, { 0xA66F, 0xA672 },
	{ 0xA674, 0xA67D }, { 0xA69E, 0xA69F }, { 0xA6F0, 0xA6F1 },
	{ 0xA802, 0xA802 }, { 0xA806, 0xA806 }, { 0xA80B, 0xA80B },
	{ 0xA825, 0xA826 }, { 0xFB1E, 0xFB1E }, { 0xFE00, 0xFE0F },
	{ 0xFE20, 0xFE2F }, { 0xFEFF, 0xFEFF }, { 0x101FD, 0x101FD },
	{ 0x1D167, 0x1D169 }, { 0x1D173, 0x1D182 }, { 0x1D185, 0x1D18B },
	{ 0x1D1AA, 0x1D1AD }, { 0xE0001, 0xE007F }, { 0xE0100, 0xE01EF },
};

/* East Asian Wide and Fullwidth, and emoji shown in emoji presentation. */
static const struct range wide[] = {
	{ 0x1100, 0x115F }, { 0x231A, 0x231B }, { 0x2329, 0x232A },
	{ 0x23E9, 0x23EC }, { 0x23F0, 0x23F0 }, { 0x23F3, 0x23F3 },
	{ 0x25FD, 0x25FE }, { 0x2614, 0x2615 }, { 0x2648, 0x2653 },
	{ 0x267F, 0x267F }, { 0x2693, 0x2693 }, { 0x26A1, 0x26A1 },
	{ 0x26AA, 0x26AB }, { 0x26BD, 0x26BE }, { 0x26C4, 0x26C5 },
	{ 0x26CE, 0x26CE }, { 0x26D4, 0x26D4 }, { 0x26EA, 0x26EA },
	{ 0x26F2, 0x26F3 }, { 0x26F5, 0x26F5 }, { 0x26FA, 0x26FA },
	{ 0x26FD, 0x26FD }, { 0x2705, 0x2705 }, { 0x270A, 0x270B },
	{ 0x2728, 0x2728 }, { 0x274C, 0x274C }, { 0x274E, 0x274E },
	{ 0x2753, 0x2755 }, { 0x2757, 0x2757 }, { 0x2795, 0x2797 },
	{ 0x27B0, 0x27B0 }, { 0x27BF, 0x27BF }, { 0x2B1B, 0x2B1C },
	{ 0x2B50, 0x2B50 }, { 0x2B55, 0x2B55 }, { 0x2E80, 0x303E },
	{ 0x3041, 0x3096 }, { 0x3099, 0x33FF }, { 0x3400, 0x4DBF },
	{ 0x4E00, 0x9FFF }, { 0xA000, 0xA4CF }, { 0xA960, 0xA97F },
	{ 0xAC00, 0xD7A3 }, { 0xF900, 0xFAFF }, { 0xFE10, 0xFE19 },
	{ 0xFE30, 0xFE6F }, { 0xFF00, 0xFF60 }, { 0xFFE0, 0xFFE6 },
	{ 0x16FE0, 0x16FE4 }, { 0x17000, 0x18CFF }, { 0x1B000, 0x1B2FF },
	{ 0x1F004, 0x1F004 }, { 0x1F0CF, 0x1F0CF }, { 0x1F18E, 0x1F18E },
	{ 0x1F191, 0x1F19A }, { 0x1F200, 0x1F251 }, { 0x1F300, 0x1F320 },
	{ 0x1F32D, 0x1F335 }, { 0x1F337, 0x1F37C }, { 0x1F37E, 0x1F393 },
	{ 0x1F3A0, 0x1F3CA }, { 0x1F3CF, 0x1F3D3 }, { 0x1F3E0, 0x1F3F0 },
	{ 0x1F3F4, 0x1F3F4 }, { 0x1F3F8, 0x1F43E }, { 0x1F440, 0x1F440 },
	{ 0x1F442, 0x1F4FC }, { 0x1F4FF, 0x1F53D }, { 0x1F54B, 0x1F54E },
	{ 0x1F550, 0x1F567 }, { 0x1F57A, 0x1F57A }, { 0x1F595, 0x1F596 },
	{ 0x1F5A4, 0x1F5A4 }, { 0x1F5FB, 0x1F64F }, { 0x1F680, 0x1F6C5 },
	{ 0x1F6CC, 0x1F6CC }, { 0x1F6D0, 0x1F6D2 }, { 0x1F6D5, 0x1F6D7 },
	{ 0x1F6EB, 0x1F6EC }, { 0x1F6F4, 0x1F6FC }, { 0x1F7E0, 0x1F7EB },
	{ 0x1F90C, 0x1F93A }, { 0x1F93C, 0x1F945 }, { 0x1F947, 0x1F9FF },
	{ 0x1FA70, 0x1FAFF }, { 0x20000, 0x2FFFD }, { 0x30000, 0x3FFFD },
};

static int in_table(uint32_t cp, const struct range *t, size_t n)
{
	size_t lo = 0, hi = n;

	if (cp < t[0].lo || cp > t[n - 1].hi)
		return 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp < t[mid].lo)
			hi = mid;
		else if (cp > t[mid].hi)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

static size_t cp_width(uint32_t cp)
{
	if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || utf8_glyph_joiner(cp))
		return 0;
	if (in_table(cp, zero_width, sizeof(zero_width) / sizeof(zero_width[0])))
		return 0;
	if (in_table(cp, wide, sizeof(wide) / sizeof(wide[0])))
		return 2;
	return 1;
}

size_t utf8_width(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n, w = 0;
	uint32_t cp;

	while (i < len) {
		n = decode(p + i, len - i, &cp);
		if (n == 0) {
			/* An invalid byte is drawn as one replacement cell. */
			w++;
			i++;
			continue;
		}
		w += cp_width(cp);
		i += n;
	}
	return w;
}

/* U+00C0..U+017F (Latin-1 Supplement's letters, Latin Extended-A) as
 * ASCII: what a terminal that cannot show them reads best ("Nunez" for
 * "Núñez", "Dvorak" for "Dvořák"), rather than '?'. */
static const char fold_latin[192][3] = {
	"A", "A", "A", "A", "A", "A", "AE", "C", "E", "E", "E", "E",
	"I", "I", "I", "I", "D", "N", "O", "O", "O", "O", "O", "x",
	"O", "U", "U", "U", "U", "Y", "Th", "ss", "a", "a", "a", "a",
	"a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	"d", "n", "o", "o", "o", "o", "o", "/", "o", "u", "u", "u",
	"u", "y", "th", "y", "A", "a", "A", "a", "A", "a", "C", "c",
	"C", "c", "C", "c", "C", "c", "D", "d", "D", "d", "E", "e",
	"E", "e", "E", "e", "E", "e", "E", "e", "G", "g", "G", "g",
	"G", "g", "G", "g", "H", "h", "H", "h", "I", "i", "I", "i",
	"I", "i", "I", "i", "I", "i", "IJ", "ij", "J", "j", "K", "k",
	"k", "L", "l", "L", "l", "L", "l", "L", "l", "L", "l", "N",
	"n", "N", "n", "N", "n", "n", "N", "n", "O", "o", "O", "o",
	"O", "o", "OE", "oe", "R", "r", "R", "r", "R", "r", "S", "s",
	"S", "s", "S", "s", "S", "s", "T", "t", "T", "t", "T", "t",
	"U", "u", "U", "u", "U", "u", "U", "u", "U", "u", "U", "u",
	"W", "w", "Y", "y", "Y", "Z", "z", "Z", "z", "Z", "z", "s",
};

size_t utf8_encode(uint32_t cp, char buf[4])
{
	if (cp < 0x80) {
		buf[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		buf[0] = (char)(0xc0 | (cp >> 6));
		buf[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		if (cp >= 0xd800 && cp <= 0xdfff)
			return 0;
		buf[0] = (char)(0xe0 | (cp >> 12));
		buf[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		buf[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	if (cp > 0x10ffff)
		return 0;
	buf[0] = (char)(0xf0 | (cp >> 18));
	buf[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	buf[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	buf[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* U+1E00..U+1EFF (Latin Extended Additional: Vietnamese, Welsh, the dotted
 * letters) as their base letter, "" where there is none (U+1E9E is "SS"): "Tran" for
 * "Trần", "Nguyen" for "Nguyễn", names a Texas office's customers bear. */
static const char fold_latin_add[256][2] = {
	"A", "a", "B", "b", "B", "b", "B", "b", "C", "c", "D", "d", "D", "d", "D", "d",
	"D", "d", "D", "d", "E", "e", "E", "e", "E", "e", "E", "e", "E", "e", "F", "f",
	"G", "g", "H", "h", "H", "h", "H", "h", "H", "h", "H", "h", "I", "i", "I", "i",
	"K", "k", "K", "k", "K", "k", "L", "l", "L", "l", "L", "l", "L", "l", "M", "m",
	"M", "m", "M", "m", "N", "n", "N", "n", "N", "n", "N", "n", "O", "o", "O", "o",
	"O", "o", "O", "o", "P", "p", "P", "p", "R", "r", "R", "r", "R", "r", "R", "r",
	"S", "s", "S", "s", "S", "s", "S", "s", "S", "s", "T", "t", "T", "t", "T", "t",
	"T", "t", "U", "u", "U", "u", "U", "u", "U", "u", "U", "u", "V", "v", "V", "v",
	"W", "w", "W", "w", "W", "w", "W", "w", "W", "w", "X", "x", "X", "x", "Y", "y",
	"Z", "z", "Z", "z", "Z", "z", "h", "t", "w", "y", "a", "s", "s", "s", "", "",
	"A", "a", "A", "a", "A", "a", "A", "a", "A", "a", "A", "a", "A", "a", "A", "a",
	"A", "a", "A", "a", "A", "a", "A", "a", "E", "e", "E", "e", "E", "e", "E", "e",
	"E", "e", "E", "e", "E", "e", "E", "e", "I", "i", "I", "i", "O", "o", "O", "o",
	"O", "o", "O", "o", "O", "o", "O", "o", "O", "o", "O", "o", "O", "o", "O", "o",
	"O", "o", "O", "o", "U", "u", "U", "u", "U", "u", "U", "u", "U", "u", "U", "u",
	"U", "u", "Y", "y", "Y", "y", "Y", "y", "Y", "y", "", "", "", "", "", "",
};

/* The rest a name or a note holds that reads as ASCII: a no-break space,
 * the dashes, quotes and ellipsis of text typed in a word processor
 * ("Past due — collect" read "Past due ? collect"). */
static const char *fold_other(unsigned cp)
{
	if (cp == 0xa0)
		return " ";
	if (cp >= 0x2010 && cp <= 0x2015)
		return "-";
	if (cp >= 0x2018 && cp <= 0x201b)
		return "'";
	if (cp >= 0x201c && cp <= 0x201f)
		return "\"";
	if (cp == 0x2026)
		return "...";
	return NULL;
}

const char *utf8_ascii_fold(const char *s, size_t len, size_t *used)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	size_t n;

	*used = 1;
	n = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3 : 0;
	if (!n || len < n || (p[1] & 0xc0) != 0x80 || (n == 3 && (p[2] & 0xc0) != 0x80))
		return NULL;
	cp = n == 2 ? ((unsigned)(p[0] & 0x1f) << 6) | (p[1] & 0x3f)
	            : ((unsigned)(p[0] & 0x0f) << 12) | ((unsigned)(p[1] & 0x3f) << 6) | (p[2] & 0x3f);
	if (cp >= 0xc0 && cp <= 0x17f) {
		*used = 2;
		return fold_latin[cp - 0xc0];
	}
	/* A combining accent (a name written decomposed, "Jose" and U+0301)
	 * takes no column: the letter before it is what is read. */
	if (cp >= 0x300 && cp <= 0x36f) {
		*used = 2;
		return "";
	}
	if (cp == 0x1e9e) {
		*used = 3;
		return "SS";
	}
	if (cp >= 0x1e00 && cp <= 0x1eff && fold_latin_add[cp - 0x1e00][0]) {
		*used = 3;
		return fold_latin_add[cp - 0x1e00];
	}
	if (fold_other(cp)) {
		*used = n;
		return fold_other(cp);
	}
	return NULL;
}

/* The German ASCII of ä, ö, ü and their capitals (composed), else NULL. */
static const char *umlaut_german(const unsigned char *p, size_t len)
{
	if (len < 2 || p[0] != 0xc3)
		return NULL;
	switch (p[1]) {
	case 0xa4: case 0x84: return "ae";
	case 0xb6: case 0x96: return "oe";
	case 0xbc: case 0x9c: return "ue";
	default: return NULL;
	}
}

void utf8_search_fold(struct strbuf *out, const char *s, size_t len, int german)
{
	size_t i = 0;

	strbuf_adds(out, "");
	while (i < len) {
		const unsigned char *p = (const unsigned char *)s + i;
		const char *f = NULL;
		size_t used = 1;

		if (p[0] < 0x80) {
			strbuf_addc(out, (char)(p[0] >= 'A' && p[0] <= 'Z' ? p[0] + ('a' - 'A') : p[0]));
			i++;
			continue;
		}
		/* U+0308, the diaeresis of a name written decomposed ("u" and
		 * U+0308 for "ü"): an "e" after a, o or u in German. */
		if (german && len - i >= 2 && p[0] == 0xcc && p[1] == 0x88) {
			char last = out->len ? out->buf[out->len - 1] : 0;

			if (last == 'a' || last == 'o' || last == 'u')
				strbuf_addc(out, 'e');
			i += 2;
			continue;
		}
		if (german && (f = umlaut_german(p, len - i)) != NULL)
			used = 2;
		else
			f = utf8_ascii_fold(s + i, len - i, &used);
		if (f) {
			for (; *f; f++)
				strbuf_addc(out, (char)(*f >= 'A' && *f <= 'Z' ? *f + ('a' - 'A') : *f));
		} else {
			strbuf_add(out, s + i, used);
		}
		i += used;
	}
}

void utf8_from_charset(struct strbuf *out, const char *s, size_t len, const char *charset)
{
	iconv_t cd;
	char buf[256];

	if (!len)
		return;
	if (!charset || !*charset || strcasecmp(charset, "UTF-8") == 0 ||
	    strcasecmp(charset, "UTF8") == 0 || (cd = iconv_open("UTF-8", charset)) == (iconv_t)-1) {
		strbuf_add(out, s, len);
		return;
	}
	while (len) {
		char *in = (char *)s, *o = buf;
		size_t in_left = len, o_left = sizeof(buf);
		size_t rc = iconv(cd, &in, &in_left, &o, &o_left);

		strbuf_add(out, buf, sizeof(buf) - o_left);
		len -= (size_t)(in - s);
		s = in;
		if (rc == (size_t)-1 && errno != E2BIG && len) {
			/* A byte the charset has no character for: itself. */
			strbuf_add(out, s, 1);
			s++;
			len--;
			iconv(cd, NULL, NULL, NULL, NULL);
		}
	}
	iconv_close(cd);
}
