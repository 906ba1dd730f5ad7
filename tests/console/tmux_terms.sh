#!/bin/sh
# tmux_terms.sh: thin clients' terminals and locales at 80x24 in tmux: what is typed in LANG=C is kept whole.
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
tmux_start 80 24 --view customers
ok "LANG=C, TERM=linux: the Customers pane is listed" tmux_wait "$D/c-customers.txt" ' 1/300$' 60
tmux_keys A
ok "LANG=C: A opens the note form" tmux_wait "$D/c-note.txt" '^> Text \*'
# N u ñ e z, space, é, then x: in one burst, as a fast typist sends them.
tmux_keys -H 4e 75 c3 b1 65 7a 20 c3 a9 78
ok "LANG=C: the text typed shows whole, the letters in ASCII (Nunez ex)" \
	tmux_wait "$D/c-typed.txt" '^> Text \* +Nunez ex$'
tmux_keys Escape
ok "LANG=C: Esc closes the form" tmux_wait "$D/c-closed.txt" ' 1/300$'
ok "LANG=C: the draft keeps what was typed, accents and all" \
	has "$(ls "$DRAFTS"/note-customer-* 2>/dev/null | head -n 1)" '^notes=Nuñez éx$'
rm -f "$DRAFTS"/*
tmux_quit
LANG=C.UTF-8
unset CS_TMUX_TERM

tap_done
