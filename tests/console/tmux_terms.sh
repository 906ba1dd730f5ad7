#!/bin/sh
# tmux_terms.sh: thin clients' terminals and locales at 80x24 in tmux: what is typed in LANG=C is kept whole; vt220's Home and End move.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
DRAFTS=$XDG_STATE_HOME/routedesk/drafts

# ---- LANG=C, a UTF-8 terminal (a dispatcher's SSH without a locale) -------
# wget_wch in the C locale took the bytes of "ñ" as invalid and lost the
# keys queued behind them: "Nuñez" typed in a note became "Nu".
CS_TMUX_TERM=linux
LANG=C
export LANG
# On TERM=linux ncurses' mousemask loads libgpm, which keeps 10 bytes for
# good and is unloaded again: under ASan its frames are past naming unless
# the stack is unwound fully, which tests/lsan.supp's mousemask_sp needs.
lsan_was=${LSAN_OPTIONS-}
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}fast_unwind_on_malloc=0"
export LSAN_OPTIONS
tmux_start 80 24 --view customers
ok "LANG=C, TERM=linux: the Customers pane is listed" tmux_wait "$D/c-customers.txt" ' 1/300$' 60
tmux_keys A
ok "LANG=C: A opens the note form" tmux_wait "$D/c-note.txt" '^> Text \*'
# N u ñ e z, space, é, then x: in one burst, as a fast typist sends them.
tmux_keys -H 4e 75 c3 b1 65 7a 20 c3 a9 78
ok "LANG=C: the text typed shows whole, the letters in ASCII (Nunez ex)" \
	tmux_wait "$D/c-typed.txt" '^> Text \* +Nunez ex$'
# The preview shows "Nunez ex" and the server gets "Nuñez éx": it said
# "Exactly these values go to the server".  It says that they go as typed
# and how many characters it shows without their accents.
tmux_keys Tab 3 Tab Tab Tab Tab Tab Tab Enter
ok "LANG=C: Preview shows what will be sent" tmux_wait "$D/c-preview.txt" '^ +notes=Nunez ex$'
ok "LANG=C: the preview does not promise exactly these values, shown folded" \
	hasnt "$D/c-preview.txt" 'Exactly these values'
ok "LANG=C: it says they go as typed, and how many characters are shown without accents" \
	has_all "$D/c-preview.txt" '^Send this\? It goes to the server as typed, but 2 characters' \
	'without their accents:$'
tmux_keys n
ok "LANG=C: n goes back to the form" tmux_wait "$D/c-back.txt" '\[ Preview \]'
tmux_keys Escape
ok "LANG=C: Esc closes the form" tmux_wait "$D/c-closed.txt" ' 1/300$'
ok "LANG=C: the draft keeps what was typed, accents and all" \
	has "$(ls "$DRAFTS"/note-customer-* 2>/dev/null | head -n 1)" '^notes=Nuñez éx$'
rm -f "$DRAFTS"/*
tmux_quit
LANG=C.UTF-8
LSAN_OPTIONS=$lsan_was
unset CS_TMUX_TERM

# ---- TERM=vt220: Home and End (PuTTY, the Linux console, tmux) --------------
# vt220's terminfo names ESC [ 1 ~ and ESC [ 4 ~ Find and Select: ncurses
# gave KEY_FIND and KEY_SELECT, and Home and End did nothing.
CS_TMUX_TERM=vt220
tmux_start 80 24 --view customers
ok "TERM=vt220: the Customers pane is listed" tmux_wait "$D/vt-customers.txt" ' 1/300$' 60
tmux_keys j j j
ok "TERM=vt220: j moves down" tmux_wait "$D/vt-j.txt" ' 4/300$'
tmux_keys -H 1b 5b 34 7e
ok "TERM=vt220: End (ESC [ 4 ~) goes to the last row" tmux_wait "$D/vt-end.txt" ' 300/300$'
tmux_keys -H 1b 5b 31 7e
ok "TERM=vt220: Home (ESC [ 1 ~) goes to the first row" tmux_wait "$D/vt-home.txt" ' 1/300$'
tmux_keys :
tmux_keys 'abc'
ok "TERM=vt220: the prompt takes text" tmux_wait "$D/vt-prompt.txt" '^:abc'
tmux_keys -H 1b 5b 31 7e
tmux_keys X
ok "TERM=vt220: Home moves the prompt's cursor to its start" tmux_wait "$D/vt-prompt-home.txt" '^:Xabc'
tmux_keys -H 1b 5b 34 7e
tmux_keys Y
ok "TERM=vt220: End moves it to its end" tmux_wait "$D/vt-prompt-end.txt" '^:XabcY'
tmux_keys C-c
ok "TERM=vt220: C-c cancels the prompt" tmux_wait "$D/vt-back.txt" ' 1/300$'
tmux_quit
unset CS_TMUX_TERM

tap_done
