/* utf8.h: UTF-8 validation, display width and control-character escaping. */
#ifndef ROUTEDESK_UTF8_H
#define ROUTEDESK_UTF8_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/* 1 when s[0..len) is well-formed UTF-8 (no overlongs, no surrogates, no
 * code points past U+10FFFF); 0 otherwise. */
int utf8_valid(const char *s, size_t len);

/* 1 for the bidirectional embeddings, overrides and isolates (U+202A to
 * U+202E, U+2066 to U+2069): text after one is shown reordered. */
int utf8_bidi_control(uint32_t cp);

/*
 * 1 for what joins emoji into one glyph: the zero-width joiner, the
 * variation selectors 15 and 16, the skin-tone modifiers.  Terminals
 * disagree with curses (and glibc's wcwidth) about the width of the
 * result: tmux drew "👨‍👩‍👧" in 2 columns where curses counted 6, and the row
 * behind it shifted and kept stale characters of the pane before.
 */
int utf8_glyph_joiner(uint32_t cp);

/* Appends s to out with every C0/C1 control character, DEL and invalid byte
 * made visible: ESC as "^[", other C0 as "^X", DEL as "^?", C1 and invalid
 * bytes as "\xNN", a bidi override or isolate as "<U+202E>"; the glyph
 * joiners are left out (each emoji then stands alone, as wide as curses
 * counts it).  Text from the API goes through this before any terminal. */
void utf8_escape_controls(struct strbuf *out, const char *s, size_t len);

/* Writes the UTF-8 bytes of code point cp into buf (no NUL) and returns
 * how many, 1 to 4; 0 for a surrogate or past U+10FFFF, which have none.
 * Keys come from curses as code points; the text they are typed into is
 * UTF-8. */
size_t utf8_encode(uint32_t cp, char buf[4]);

/* Terminal columns of the UTF-8 string s (wide CJK counts 2, combining
 * marks and glyph joiners 0). */
size_t utf8_width(const char *s, size_t len);

/* The ASCII for the character at s (len bytes left) when it has one: a
 * Latin letter U+00C0..U+017F ("n" for ñ, "ss" for ß, "OE" for Œ) or
 * U+1E00..U+1EFF ("a" for ầ), a no-break space, a dash ("-"), a curly
 * quote, the ellipsis ("..."), or "" for a combining accent U+0300..U+036F;
 * with *used its length.  NULL (and *used 1) for anything else.  For
 * terminals whose locale cannot show it. */
const char *utf8_ascii_fold(const char *s, size_t len, size_t *used);

/* Appends s[0..len) to out as a look-up compares it: ASCII letters in
 * lower case, every letter utf8_ascii_fold knows as its ASCII in lower
 * case ("simek" for "Šimek", "muller" for "Müller"), a combining accent
 * as nothing, anything else as it is.  With german, ä, ö and ü (composed,
 * or a, o, u and U+0308) are "ae", "oe" and "ue" instead, as a German
 * name is written without its umlaut ("mueller"). */
void utf8_search_fold(struct strbuf *out, const char *s, size_t len, int german);

/* Appends s[0..len), text in charset (nl_langinfo(CODESET)'s name), to out
 * as UTF-8; as it is when charset is UTF-8 or unknown to iconv, a byte
 * the charset does not have as itself (escaped where it is shown).  Text
 * made before the screen, in the locale's charset, for the screen, whose
 * text is UTF-8 ("secci\xf3n" under es_ES.ISO-8859-1). */
void utf8_from_charset(struct strbuf *out, const char *s, size_t len, const char *charset);

#endif
