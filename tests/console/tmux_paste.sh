#!/bin/sh
# tmux_paste.sh: in a real terminal the console asks for bracketed paste: a pasted address at : stays text, a paste on a list runs no key, an ESC in it included; bytes that are no UTF-8 lose no character; TERM=dumb is refused with a reason.
#
# tmux brackets a paste (paste-buffer -p) only for a program that asked
# for it, and turns each newline into a carriage return as a terminal
# does: before the console asked, the pasted lines ran as keys.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
paste() {
	printf '%s' "$1" >"$D/paste.buf"
	tmux -L "$CS_TMUX" load-buffer -b p "$D/paste.buf"
	tmux -L "$CS_TMUX" paste-buffer -p -b p -t app
}

tmux_start 100 30
ok "the Routes pane appears" tmux_wait "$D/routes.txt" ' 1/8$'
tmux_keys Enter
ok "Enter opens the first route's stops" tmux_wait "$D/stops.txt" 'Stops: Commercial 05'

tmux_keys :
paste 'date today
Move this stop to Route 02 please'
ok ": the pasted lines are one line of the prompt" \
	tmux_wait "$D/cmd.txt" '^:date today Move this stop to Route 02 please' 10
ok ": no Move form opened from the pasted M" hasnt "$D/cmd.txt" 'Move a stop'
tmux_keys Escape
ok ": Esc closes the prompt; still on the route's stops" \
	tmux_wait "$D/cmd-esc.txt" '^ \? help ' 10
ok ": nothing ran" has "$D/cmd-esc.txt" 'Stops: Commercial 05'

paste 'Q2
j'
ok "a paste on the list is dropped and said" \
	tmux_wait "$D/list.txt" 'Pasted text ignored \(4 characters\)' 10
ok "its Q did not quit, its 2 did not switch pane" has "$D/list.txt" 'Stops: Commercial 05'
ok "its j did not move the selection" has "$D/list.txt" ' 1/17$'
tmux_keys j
ok "a j typed after it moves" tmux_wait "$D/list-j.txt" ' 2/17$' 10

# An ESC in the pasted text (tmux passes it on) ended the paste, and the
# rest ran as keys: the selection moved three rows.
paste "$(printf 'abc\033jjj')"
ok "a paste holding an ESC is dropped whole and said" \
	tmux_wait "$D/list-esc.txt" 'Pasted text ignored \(6 characters\)' 10
ok "its j after the ESC did not move the selection" has "$D/list-esc.txt" ' 2/17$'

# Bytes that are no UTF-8 (Latin-1 text pasted, a stray byte) in a form's
# text: the bad byte goes, the character after it stays.  ncurses dropped
# that character with it: "A\xc3(B" became "AB".
tmux_keys A
ok "A opens the note form" tmux_wait "$D/bytes-form.txt" '^> Text \*' 10
tmux_keys -l 'a'
tmux_keys -H c3 28
tmux_keys -l 'b'
tmux_keys -H e2 82 41
tmux_keys -l 'c'
tmux_keys -H 80 44 ff 45
tmux_keys -l 'é漢z'
ok "invalid bytes: every character typed after one is kept" \
	tmux_wait "$D/bytes.txt" '^> Text \* +a\(bAcDEé漢z$' 10
tmux_keys Escape
ok "the form closes" tmux_wait "$D/bytes-closed.txt" '^ \? help ' 10
tmux_quit

# ---- a terminal that cannot place the cursor -----------------------------
CS_TMUX_TERM=dumb
tmux_start 100 30
status=$(tmux_wait_exit 15)
ok "TERM=dumb: the console exits 1 rather than draw a blank screen ($status)" test "$status" = 1
ok "TERM=dumb: it says why and what to set" \
	grep -q 'the terminal TERM=dumb cannot place the cursor.*set TERM' "$D/tmux.err"
tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1
tap_done
