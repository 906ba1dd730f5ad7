#!/bin/sh
# tmux_mouse.sh: in a real terminal, clicks select, a double click opens, the wheel scrolls, and the cursor sits on the selection in every pane.
#
# tmux send-keys cannot click, so the test writes what a terminal sends
# for one: ncurses asks tmux-256color for X10 reports (kmous=\E[M), a
# button press and its release as ESC [ M with the button, the column and
# the line, each plus 32 (plus 33 for the 0-based coordinates).
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
export ROUTEDESK_TRACE="$D/trace"

# x10 BUTTON X Y: the report of BUTTON (0 left, 3 release, 64 wheel up,
# 65 wheel down) at 0-based column X and line Y.
x10() {
	printf '\033[M%b%b%b' "$(printf '\\%03o' $((32 + $1)))" "$(printf '\\%03o' $((33 + $2)))" \
		"$(printf '\\%03o' $((33 + $3)))"
}
click() { tmux_keys -l "$(x10 0 "$1" "$2")$(x10 3 "$1" "$2")"; }

# on_marker FILE: the cursor's line (0-based) is the line of the selection
# marker ▸ (grep -n counts from 1) and its column the marker's.
on_marker() {
	cs_m=$(grep -n '^▸' "$1" | head -n 1 | cut -d: -f1)
	test -n "$cs_m" && test "$(tmux_format '#{cursor_y} #{cursor_x}')" = "$((cs_m - 1)) 0"
}

tmux_start 100 30
ok "the Routes pane appears" tmux_wait "$D/routes.txt" ' 1/8$'
ok "Routes: the cursor is on the selected row" on_marker "$D/routes.txt"

# Line 6 (0-based) is the fourth route: titles on line 2, rows from 3.
click 10 6
ok "a click selects the row under it (4/8)" tmux_wait "$D/click.txt" ' 4/8$'
ok "the marker is on the clicked row" has "$D/click.txt" '^▸Route 02 +Guadalupe'
ok "the cursor follows the click" on_marker "$D/click.txt"
click 10 2
sleep 0.3
tmux_keys C-l
ok "a click on the column titles selects nothing (still 4/8)" tmux_wait "$D/titles.txt" ' 4/8$'
tmux_keys -l "$(x10 65 10 6)"
ok "the wheel down scrolls the selection three rows (7/8)" tmux_wait "$D/wheel.txt" ' 7/8$'
tmux_keys -l "$(x10 64 10 6)"
ok "the wheel up scrolls it back (4/8)" tmux_wait "$D/wheel-up.txt" ' 4/8$'
# A double click: two clicks within the mouse interval.
tmux_keys -l "$(x10 0 10 4)$(x10 3 10 4)$(x10 0 10 4)$(x10 3 10 4)"
ok "a double click opens the row (Routes › Stops)" tmux_wait "$D/dbl.txt" 'Routes › Stops$'
ok "the double-clicked route's stops (2/8, Anthony's Route 01: 10 stops)" \
	has "$D/dbl.txt" ' 1/10$'
ok "Stops: the cursor is on the selected stop" on_marker "$D/dbl.txt"
ok "the trace has the mouse events" grep -q ' mouse ' "$D/trace"

for p in 3:Customers:' 1/300$' 4:Subscriptions:' 1/[0-9]+$' 5:Tickets:' 1/[0-9]+$' 6:Timeline:' 1/[0-9]+$'; do
	k=${p%%:*}
	rest=${p#*:}
	name=${rest%%:*}
	pat=${rest#*:}
	tmux_keys "$k"
	ok "$name: the pane is listed" tmux_wait "$D/pane-$k.txt" "\\[$k $name\\].*" 
	tmux_wait "$D/pane-$k.txt" "$pat" >/dev/null
	if [ "$k" = 6 ]; then
		# The Timeline parks it on the selected block of the lane
		# (tmux_timeline.sh checks the block): under the axis.
		ok "$name: the cursor is on a lane's line" \
			test "$(tmux_format '#{cursor_y}')" -ge 3
	else
		ok "$name: the cursor is on the selected row" on_marker "$D/pane-$k.txt"
	fi
done

tmux_keys 3
tmux_wait "$D/cust.txt" ' 1/300$' >/dev/null
tmux_keys Enter
ok "the customer's detail opens" tmux_wait "$D/detail.txt" 'Customers › Detail$'
tmux_wait "$D/detail.txt" ' 1/[0-9]+$' >/dev/null
ok "Detail: the cursor is on the selected row" on_marker "$D/detail.txt"
tmux_keys j j
tmux_wait "$D/detail-jj.txt" ' 3/[0-9]+$' >/dev/null
ok "Detail: the cursor follows j (third row)" on_marker "$D/detail-jj.txt"

tmux_keys Escape 3 A
ok "the note form opens" tmux_wait "$D/form.txt" '\[ Cancel \]'
y=$(grep -n '^> ' "$D/form.txt" | head -n 1 | cut -d: -f1)
ok "Form: the cursor is on the focused field's line ($y)" \
	test "$(tmux_format '#{cursor_y}')" = "$((y - 1))"
tmux_keys Escape

tmux_keys '?'
ok "help opens" tmux_wait "$D/help.txt" '› Help $|Help$'
ok "Help: the cursor is on the selected row" on_marker "$D/help.txt"

tmux_keys Escape ':' c u s
ok "the : prompt opens" tmux_wait "$D/prompt.txt" '^:cus'
ok "Prompt: the cursor is after the typed text on the last line" \
	test "$(tmux_format '#{cursor_y} #{cursor_x}')" = "29 4"
tmux_keys Escape

tmux_keys Q
ok "Q exits 0" test "$(tmux_wait_exit)" = 0
tmux -L "$CS_TMUX" kill-server 2>/dev/null
tap_done
