#!/bin/sh
# tmux_review.sh: the console in a real terminal (tmux): Routes, a drill-down, resizes, a phone look-up, help, :save-display typed by hand, Q exits 0.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
export ROUTEDESK_TRACE="$D/trace"
tmux_start 100 30

ok "the Routes pane appears in the terminal" tmux_wait "$D/routes.txt" ' 1/8$'
ok "the header shows the review date" has "$D/routes.txt" '^ 2026-11-20 Fri │ '
ok "the header says when the next refresh is due" has "$D/routes.txt" ', next [0-2][0-9]:[0-5][0-9] │ reads left'
ok "the Routes columns are drawn" has "$D/routes.txt" '^ Route +Technician +D/P/N/C +Stops +Window +Due +Flags$'
ok "the first route is selected" has "$D/routes.txt" '^▸Commercial 05 +UNASSIGNED '
ok "under the header, the terminal screen is the scripted screen (golden/routes.txt)" \
	golden_body routes "$D/routes.txt"

tmux_keys j
ok "j moves to route 2" tmux_wait "$D/j.txt" ' 2/8$'
ok "the marker moved with it" has "$D/j.txt" "^▸Route 01 +Anthony O'Brien"
# cursor_y counts from 0; grep -n from 1.
marker=$(grep -n '^▸' "$D/j.txt" | cut -d: -f1)
ok "the cursor is parked on the selected row (line $marker)" \
	test "$(tmux_format '#{cursor_y}')" = "$((marker - 1))"
tmux_keys Enter
ok "Enter opens the stops of the route" tmux_wait "$D/stops.txt" 'Routes › Stops$'
ok "the stops are listed (1/10)" tmux_wait "$D/stops.txt" ' 1/10$'
ok "the stop preview shows the first customer" has "$D/stops.txt" '^ Nelson, Aaron #10179( |$)'

tmux -L "$CS_TMUX" resize-window -t app -x 80 -y 24
ok "after resize-window 80x24 the pane is 80x24" test "$(tmux_format '#{pane_width}x#{pane_height}')" = 80x24
ok "the screen is redrawn at 80 columns (a full rule of 80)" tmux_wait "$D/s80.txt" '^─{80}$'
ok "the stops are still shown after the resize" has_all "$D/s80.txt" 'Routes › Stops$' ' 1/10$'
ok "nothing is drawn past column 80" test "$(wc -L <"$D/s80.txt")" -le 80

tmux -L "$CS_TMUX" resize-window -t app -x 60 -y 20
ok "at 60x20 the terminal says it is too small" tmux_wait "$D/s60.txt" 'too small: 60x20'
tmux -L "$CS_TMUX" resize-window -t app -x 100 -y 30
ok "back at 100x30 the stops come back" tmux_wait "$D/s100.txt" '^─{100}$'
ok "back at 100x30 the stops are whole" has_all "$D/s100.txt" 'Routes › Stops$' ' 1/10$' '^ Nelson, Aaron #10179( |$)'

tmux_keys Escape
ok "Esc goes back to Routes, on route 2" tmux_wait "$D/back.txt" ' 2/8$'
ok "the Routes pane is drawn again" has "$D/back.txt" '^ Route +Technician '

# A caller's phone number, typed as it is read out: the customer it
# belongs to, found by the service (phone1 of customer 10042).
phone=$(cs_api /customer/get customerIDs=10042 | tr -d ' \t\n' |
	sed -n 's/.*"phone1":"\([0-9]\{3\}\)\([0-9]\{3\}\)\([0-9]\{4\}\)".*/(\1) \2-\3/p')
ok "customer 10042 has a 10-digit phone to look up ($phone)" test -n "$phone"
tmux_keys :
tmux -L "$CS_TMUX" send-keys -t app -l "cust $phone"
tmux_keys Enter
ok ":cust $phone finds one customer in the terminal" tmux_wait "$D/phone.txt" ' 1/1$'
ok "the customer found is 10042, selected" has "$D/phone.txt" '^▸ +10042 '
ok "its preview names it" has "$D/phone.txt" '#10042( |$)'
tmux_keys 1

tmux_keys '?'
ok "? shows the help in the terminal" tmux_wait "$D/help.txt" 'Routes › Help$'
tmux_keys q
ok "q closes the help" tmux_wait "$D/nohelp.txt" '^ Route +Technician '

# Typed by hand, :save-display says where the screen went (it said
# nothing, and the dispatcher could not tell it had worked).
tmux_keys :
tmux -L "$CS_TMUX" send-keys -t app -l "save-display $D/saved.txt"
tmux_keys Enter
ok ":save-display typed says where the screen went" tmux_wait "$D/saved-msg.txt" "Screen saved to $D/saved.txt"
ok "... and the file holds the screen" has "$D/saved.txt" '^ Route +Technician '

tmux_keys Q
status=$(tmux_wait_exit 30)
ok "Q ends the console with exit status 0 ($status)" test "$status" = 0
ok "nothing went to stderr" sh -c '! test -s "$1"' - "$D/tmux.err"
ok "the terminal got frames (the trace has frame lines)" grep -q ' frame [0-9]' "$D/trace"

tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1

# A hang-up (the SSH link drops): a clean exit that saves the state.
unset ROUTEDESK_TRACE
tmux_start 100 30
ok "a second console starts" tmux_wait "$D/hup.txt" ' 1/8$'
tmux_keys 3
ok "3 opens Customers" tmux_wait "$D/hup3.txt" '\[3 Customers\]'
kill -HUP "$(tmux_format '#{pane_pid}')"
status=$(tmux_wait_exit 30)
ok "SIGHUP ends the console with status 0 ($status)" test "$status" = 0
ok "SIGHUP did not kill it by the signal" test -z "$(tmux_format '#{pane_dead_signal}')"
ok "the state was saved on the way out (pane=customers)" \
	grep -qx 'pane=customers' "$XDG_STATE_HOME/routedesk/state"

tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1 || true
tap_done
