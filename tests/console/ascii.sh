#!/bin/sh
# ascii.sh: --ascii and a non-UTF-8 locale draw with ASCII only; NO_COLOR turns colour off.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script ascii <<'EOF'
:save-display routes.txt
j
Enter
:save-display stops.txt
Enter
:save-display detail.txt
3
:save-display cust.txt
?
:save-display help.txt
q
:info
:save-display info.txt
EOF
)
dumps="routes stops detail cust help info"

# glyphs FILE: the drawing glyphs of a UTF-8 screen (box drawing, marker,
# sort arrows, status glyphs, ellipsis, breadcrumb) that FILE holds.
glyphs() {
	grep -oE '[│─▸▲▼✓⊘…›·┌┐└┘├┤]' "$1" | sort -u | tr -d '\n'
}

# UTF-8 locale, default: the glyphs are there (the control case).
ok "UTF-8: the console runs and exits 0" cs_run "$s"
ok "UTF-8: the screens use box drawing and glyphs ($(glyphs "$D/stops.txt"))" \
	test -n "$(glyphs "$D/stops.txt")"
ok "UTF-8: :info says UTF-8" has "$D/info.txt" '^ Screen +100x30, UTF-8$'

# --ascii in a UTF-8 locale: no drawing glyph at all; names keep their accents.
ok "--ascii: the console runs and exits 0" cs_run "$s" --ascii
for f in $dumps; do
	ok "--ascii: $f.txt has no UTF-8 drawing glyph" test -z "$(glyphs "$D/$f.txt")"
done
ok "--ascii: rules are drawn with ASCII" has "$D/stops.txt" '^-{100}$'
ok "--ascii: the selection marker is ASCII (>)" has "$D/stops.txt" '^>'
ok "--ascii: statuses keep a glyph, in ASCII" has "$D/stops.txt" ' [^ ] completed '
ok "--ascii: names keep their accents (a UTF-8 locale)" has "$D/cust.txt" 'Ångström'
ok "--ascii: :info says ASCII" has "$D/info.txt" '^ Screen +100x30, ASCII$'

# LANG=C (and no --ascii): every byte of every screen is printable ASCII.
LANG=C
export LANG
ok "LANG=C: the console runs and exits 0" cs_run "$s"
for f in $dumps; do
	ok "LANG=C: $f.txt is pure printable ASCII" no_utf8 "$D/$f.txt"
done
ok "LANG=C: the routes are still listed" has "$D/routes.txt" '^>Commercial 05 '
ok "LANG=C: a name with accents is shown in plain letters (Angstrom, Jose)" \
	has "$D/cust.txt" 'Angstrom, Jose'
ok "LANG=C: no letter is a '?' (Müller, Zoë as Muller, Zoe)" has "$D/cust.txt" 'Muller, Zoe'
ok "LANG=C: a Vietnamese name is read too (Nguyễn as Nguyen, not Nguy?n)" has "$D/cust.txt" 'Nelson, Nguyen '
ok "LANG=C: a note's dash is a dash (Past due - collect, not ?)" has "$D/cust.txt" 'Customer notes: Past due - collect'
ok "LANG=C: :info says ASCII" has "$D/info.txt" ', ASCII$'
ok "LANG=C: asked for, so nothing is said of a missing locale" hasnt "$D/routes.txt" 'is not installed'
# A locale this host does not have: setlocale falls back to C, and the
# console said nothing of why it came up in English and ASCII.
LANG=zz_ZZ.UTF-8
ok "LANG=zz_ZZ.UTF-8 (not installed): the console runs and exits 0" cs_run "$s"
ok "LANG=zz_ZZ.UTF-8: the console says the locale is not installed, and where to look" \
	has "$D/routes.txt" '^! The locale zz_ZZ.UTF-8 is not installed on this host: English and ASCII until it is \(locale -a'
ok "LANG=zz_ZZ.UTF-8: drawn in ASCII" no_utf8 "$D/routes.txt"
LANG=C.UTF-8

# NO_COLOR: the theme's colours are off (attributes only).
NO_COLOR=1
export NO_COLOR
ok "NO_COLOR: the console runs and exits 0" cs_run "$s"
ok "LANG=C.UTF-8 (installed): nothing is said of the locale" hasnt "$D/routes.txt" 'is not installed'
ok "NO_COLOR: :info says no colour" has "$D/info.txt" '^ Theme +default \(no colour\)$'
ok "NO_COLOR: the screens are the same text" has "$D/stops.txt" '^ +# +Window +Customer'
unset NO_COLOR
NO_COLOR=
export NO_COLOR
ok "NO_COLOR empty: colour stays on (the variable counts only when not empty)" cs_run "$s"
ok "NO_COLOR empty: :info shows the theme with colour" has "$D/info.txt" '^ Theme +default$'
unset NO_COLOR

# A mono terminal (no colours in terminfo): no colour either.
TERM=vt100
ok "TERM=vt100: the console runs and exits 0" cs_run "$s"
ok "TERM=vt100: :info says no colour" has "$D/info.txt" '\(no colour\)$'
TERM=xterm-256color

tap_done
