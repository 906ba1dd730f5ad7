#!/bin/sh
# tmux_keyseq.sh: with TERM=xterm-256color in tmux, Home and End still move, an unknown escape sequence is said and dropped, never run as keys; Esc still acts; C-c cancels a prompt.
#
# tmux sends Home and End as ESC [ 1 ~ and ESC [ 4 ~, which xterm-256color's
# terminfo names ESC O H and ESC O F: ncurses gave them back as Esc, "[",
# "1" or "4" and "~", and the console went back a day ("["), switched to
# pane 4 and closed the prompt (Esc).  A common TERM over SSH into tmux.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
CS_TMUX_TERM=xterm-256color
tmux_start 100 30

ok "the Routes pane appears with TERM=xterm-256color" tmux_wait "$D/routes.txt" ' 1/8$'
ok "the header shows the review date" has "$D/routes.txt" '^ 2026-11-20 Fri │ '
tmux_keys j j
ok "j j moves to route 3" tmux_wait "$D/j.txt" ' 3/8$'

# ---- End and Home on a list: last and first row, nothing else ------------
tmux_keys End
ok "End goes to the last route" tmux_wait "$D/end.txt" ' 8/8$' 10
ok "End: the day did not change" has "$D/end.txt" '^ 2026-11-20 Fri │ '
ok "End: the pane did not change" has "$D/end.txt" '^\[1 Routes\] '
ok "End: nothing was said about a key" hasnt "$D/end.txt" 'Unknown key'
tmux_keys Home
ok "Home goes to the first route" tmux_wait "$D/home.txt" ' 1/8$' 10
ok "Home: the day did not change" has "$D/home.txt" '^ 2026-11-20 Fri │ '
ok "Home: the pane did not change" has "$D/home.txt" '^\[1 Routes\] '
tmux_keys j
ok "a j after them still moves one row" tmux_wait "$D/home-j.txt" ' 2/8$' 10

# ---- an escape sequence nothing knows: said, dropped ---------------------
# ESC [ 9 9 ~ (no key sends it): one burst, as a terminal sends it.
tmux -L "$CS_TMUX" send-keys -t app -H 1b 5b 39 39 7e
ok "an unknown sequence is said, escaped, with TERM" \
	tmux_wait "$D/unknown.txt" 'Unknown key \^\[\[99~ ignored \(TERM=xterm-256color\)' 10
ok "unknown: the day did not change" has "$D/unknown.txt" '^ 2026-11-20 Fri │ '
ok "unknown: the pane did not change" has "$D/unknown.txt" '^\[1 Routes\] '
ok "unknown: the selection did not move" has "$D/unknown.txt" ' 2/8$'
ok "unknown: no raw ESC reached the screen" no_esc "$D/unknown.txt"
tmux_keys j
ok "a j after it still moves one row" tmux_wait "$D/unknown-j.txt" ' 3/8$' 10

# ---- Home and End in the / prompt: the cursor moves, the text is kept ---
tmux_keys / 'oute 01'
ok "the filter prompt holds what was typed" tmux_wait "$D/prompt.txt" '^/oute 01' 10
tmux_keys Home R End 'x' BSpace Enter
ok "Home and End moved the prompt's cursor: the filter is Route 01" \
	tmux_wait "$D/filter.txt" '/Route 01 [0-9]+/8 ' 10
ok "prompt: the day did not change" has "$D/filter.txt" '^ 2026-11-20 Fri │ '
ok "prompt: the pane did not change" has "$D/filter.txt" '^\[1 Routes\] '

# ---- Esc alone, Esc with a key in the same burst, Esc then a key later ---
tmux_keys Escape
ok "a lone Esc takes the filter off at once" tmux_wait "$D/esc.txt" ' [0-9]/8$' 10
ok "no filter is left" hasnt "$D/esc.txt" '/Route 01'
sel=$(sed -n 's/.* \([0-9]\)\/8$/\1/p' "$D/esc.txt" | tail -n 1)
tmux_keys Enter
ok "Enter opens the route's stops" tmux_wait "$D/stops.txt" 'Routes › Stops$' 30
tmux_keys Escape j
ok "Esc j in one burst: back to Routes, then one row down" \
	tmux_wait "$D/esc-j.txt" " $((sel + 1))/8\$" 10
ok "Esc j: the day did not change" has "$D/esc-j.txt" '^ 2026-11-20 Fri │ '
tmux_keys Enter
ok "Enter opens the next route's stops" tmux_wait "$D/stops2.txt" 'Routes › Stops$' 30
tmux_keys Escape
ok "Esc alone goes back to Routes" tmux_wait "$D/esc2.txt" " $((sel + 1))/8\$" 10
sleep 0.3
tmux_keys k
ok "k typed later moves up: Esc did not swallow it" tmux_wait "$D/esc-k.txt" " $sel/8\$" 10

# ---- C-c: cancels a prompt (as the manual says), quits elsewhere ---------
# The terminal made C-c a SIGINT, which ended the console from the : prompt
# it was documented to cancel: the prompt's C-c never came as a key.
tmux_keys : 'view rou'
ok "C-c: the command prompt holds what was typed" tmux_wait "$D/cc-prompt.txt" '^:view rou' 10
tmux_keys C-c
ok "C-c cancels the prompt" tmux_wait "$D/cc-cancel.txt" '^ \? help ' 10
ok "C-c: the console goes on" test "$(tmux_format '#{pane_dead}')" = 0
tmux_keys j
ok "C-c: a key after it acts" tmux_wait "$D/cc-j.txt" " $((sel + 1))/8\$" 10
tmux_keys C-c
status=$(tmux_wait_exit 30)
ok "C-c on a list quits, with exit status 0 ($status)" test "$status" = 0
ok "nothing went to stderr" sh -c '! test -s "$1"' - "$CS_DIR/tmux.err"
tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1
tap_done
