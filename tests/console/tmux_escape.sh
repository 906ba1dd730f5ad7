#!/bin/sh
# tmux_escape.sh: in a real terminal, hostile text from the API stays visible text; NO_COLOR has no colour.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
# Customer 10001's company carries "\033[31mRED\033[0m" (the generator);
# give customer 10002 an OSC title and BELs too.  Both are stops of
# today's Route 01 (Anthony O'Brien, the second route).
evil=$(printf 'Evil\007\033]2;pwned\007\033[2J')
cs_api /customer/update customerID=10002 "lname=$evil" >"$D/upd.json"
ok "the service took the hostile last name" grep -q '"success":[[:space:]]*true' "$D/upd.json"
# Customer 10179 (stop 1, Aaron Nelson) gets a family of emoji joined by zero-width
# joiners: tmux draws it in 2 columns where curses counts 6, and the row
# shifted, leaving characters of the pane before.
family=$(printf 'Zo\303\253\360\237\221\250\342\200\215\360\237\221\251\342\200\215\360\237\221\247')
cs_api /customer/update customerID=10179 "fname=$family" >"$D/upd2.json"
ok "the service took the joined emoji" grep -q '"success":[[:space:]]*true' "$D/upd2.json"

tmux_start 100 30
title0=$(tmux_format '#{pane_title}')
ok "the Routes pane appears" tmux_wait "$D/routes.txt" ' 1/8$'
tmux_keys j Enter
ok "the stops of Route 01 appear" tmux_wait "$D/stops.txt" 'Routes › Stops$'
ok "the escape sequence shows as text in the terminal (^[[31mRED)" \
	tmux_wait "$D/stops.txt" '\^\[\[31mRED'
ok "the hostile name shows as text (Evil^G^[]2;…)" has "$D/stops.txt" 'Evil\^G\^\[\]2;'
zwj=$(printf '\342\200\215')
ok "no zero-width joiner reaches the terminal" sh -c '! grep -qF "$1" "$2"' - "$zwj" "$D/stops.txt"
ok "the joined emoji are shown one by one" has "$D/stops.txt" "$(printf 'Nelson, Zo\303\253\360\237\221\250\360\237\221\251')"
widths=$(grep -E '^.[ 0-9]{3} [0-9]{2}:[0-9]{2}-' "$D/stops.txt" | while IFS= read -r l; do printf '%s\n' "$l" | wc -L; done | sort -u | tr '\n' ' ')
ok "every stop row is as wide as the others ($widths)" test "$(echo $widths | wc -w)" = 1
tmux_keys j
ok "stop 2's preview shows the company as text" tmux_wait "$D/stop2.txt" '^ \^\[\[31mRED\^\[\[0m Rock Cantina #10001( |$)'
tmux_keys j
ok "stop 3's preview shows the hostile name as text" tmux_wait "$D/stop3.txt" '^ Evil\^G\^\[\]2;pwned\^G'
tmux_capture "$D/attrs.txt" -e
ok "the terminal never got the data's SGR (no ESC[31mRED in the cells)" \
	sh -c '! LC_ALL=C grep -qF "$(printf "\033[31mRED")" "$1"' - "$D/attrs.txt"
ok "the screen was not cleared by the data's ESC[2J (the tabs are still there)" \
	has "$D/stop3.txt" '^\[1 Routes\] 2 Stops'
title=$(tmux_format '#{pane_title}')
ok "the data's OSC did not set the terminal title ($title)" sh -c \
	'case "$1" in *pwned*) exit 1;; esac; test "$1" = "$2"' - "$title" "$title0"
ok "the data's BEL did not ring the terminal" test "$(tmux_format '#{window_bell_flag}')" = 0
tmux_keys Q
ok "Q exits with status 0" test "$(tmux_wait_exit 30)" = 0
tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1

# NO_COLOR in a real terminal: attributes only, the selection in reverse.
# colours FILE: the colour parameters of the SGR sequences in FILE (none
# but the defaults 39 and 49 are allowed).
colours() {
	LC_ALL=C grep -oE "$(printf '\033')\\[[0-9;]*m" "$1" | tr -d '\033[m' | tr ';' '\n' |
		grep -Ex '3[0-8]|4[0-8]|9[0-7]|10[0-7]' | sort -u | tr '\n' ' '
}
NO_COLOR=1
export NO_COLOR
tmux_start 100 30
ok "NO_COLOR: the Routes pane appears" tmux_wait "$D/nc.txt" ' 1/8$'
tmux_keys Enter
ok "NO_COLOR: the stops appear" tmux_wait "$D/nc-stops.txt" ' 1/17$'
tmux_capture "$D/nc-attrs.txt" -e
ok "NO_COLOR: no colour is sent ($(colours "$D/nc-attrs.txt"))" test -z "$(colours "$D/nc-attrs.txt")"
ok "NO_COLOR: the selected row is shown in reverse" sh -c \
	'LC_ALL=C grep "$(printf "\342\226\270")" "$1" | LC_ALL=C grep -qE "$(printf "\033")\[([0-9]*;)*7(;[0-9]*)*m"' \
	- "$D/nc-attrs.txt"
tmux_keys Q
ok "NO_COLOR: Q exits with status 0" test "$(tmux_wait_exit 30)" = 0
tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1
unset NO_COLOR
# The control: with colour on, colours are sent (so the check above can fail).
tmux_start 100 30
ok "colour on: the Routes pane appears" tmux_wait "$D/c.txt" ' 1/8$'
tmux_capture "$D/c-attrs.txt" -e
ok "colour on: colours are sent ($(colours "$D/c-attrs.txt"))" test -n "$(colours "$D/c-attrs.txt")"
tmux_keys Q
ok "colour on: Q exits with status 0" test "$(tmux_wait_exit 30)" = 0

tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1 || true
tap_done
