#!/bin/sh
# tmux_suspend.sh: Ctrl-Z hands the terminal to the shell and fg brings the console back whole; a signal cuts a script short with status 1.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux

D=$CS_DIR
cs_sandbox_start

# ---- a script cut short by SIGTERM did not pass --------------------------
# The script waits 30 s, then would save a screen: SIGTERM during the wait
# ends the console at once, with status 1 and the line it stopped at.
script=$(cs_script cut <<'SCRIPT'
:script-wait 30000
:save-display never.txt
SCRIPT
)
(cd "$D" && ROUTEDESK_TRACE="$D/trace.cut" ROUTEDESK_SCRIPT="$script" exec "$CS_BIN" --fresh \
	--date "$CS_TODAY" >"$D/cut.out" 2>"$D/cut.err" </dev/null) &
pid=$!
ok "script: the console reached the wait" cs_wait_for "$D/trace.cut" ' key :script-wait' 30
kill -TERM "$pid"
wait "$pid"
status=$?
ok "script: SIGTERM mid-script ends it with status 1 ($status)" test "$status" = 1
ok "script: it says where the script stopped" \
	has "$D/cut.err" 'cut.script:1: stopped by a signal before the script.s end'
ok "script: the steps after it never ran" test ! -e "$D/never.txt"
ok "script: the trace ends with the exit" grep -q ' exit 1$' "$D/trace.cut"

# ---- Ctrl-Z and fg in an interactive shell ------------------------------
# tmux_start runs the console as the pane's program; job control needs a
# shell between them, so this pane runs bash and the console is typed in.
CS_TMUX=rdtest$$-suspend
tmux -L "$CS_TMUX" -f /dev/null new-session -d -s app -x 100 -y 30 \
	"cd '$D' && exec env PS1='shell\$ ' TERM=tmux-256color bash --norc --noprofile -i" \; \
	set-option -g remain-on-exit on \; set-option -s escape-time 0 \; \
	set-option -g status off >"$D/tmux-start.err" 2>&1 ||
	{ echo "Bail out! tmux did not start: $(head -c 200 "$D/tmux-start.err")"; exit 99; }
ok "the shell is up" tmux_wait "$D/shell.txt" '^shell\$'
# The command alone: bash goes on to the rest of a list when its job
# stops, so the status is asked for after the console has ended.
tmux_keys "ROUTEDESK_TRACE='$D/trace.tstp' '$CS_BIN' --fresh --date $CS_TODAY 2>'$D/tstp.err'" Enter
ok "the console shows the review" tmux_wait "$D/review.txt" ' 1/8$'
tmux_keys 3
ok "3 opens Customers" tmux_wait "$D/cust.txt" '\[3 Customers\]'
tmux_keys C-z
ok "Ctrl-Z gives the terminal back to the shell" tmux_wait "$D/stopped.txt" 'Stopped'
ok "the shell's prompt is there" tmux_wait "$D/stopped2.txt" '^shell\$$'
ok "the terminal left the console's screen" test "$(tmux_format '#{alternate_on}')" = 0
tmux_keys 'fg' Enter
ok "fg brings the console back on the pane it was on" tmux_wait "$D/back.txt" '\[3 Customers\]'
ok "the screen is the console's whole frame, the shell's lines gone" \
	hasnt "$D/back.txt" 'Stopped|^shell\$'
ok "the terminal is on the console's screen again" test "$(tmux_format '#{alternate_on}')" = 1
tmux_keys 1
ok "keys work after fg (1 opens Routes)" tmux_wait "$D/routes.txt" '\[1 Routes\]'
# Twice more: the handler is put back each time.
for i in 2 3; do
	tmux_keys C-z
	ok "Ctrl-Z again ($i)" tmux_wait "$D/stopped$i.txt" '^shell\$$'
	tmux_keys 'fg' Enter
	ok "fg again ($i)" tmux_wait "$D/back$i.txt" '\[1 Routes\]'
done
tmux_keys Q
ok "Q then ends it" cs_wait_for "$D/trace.tstp" ' exit 0$' 30
tmux_keys 'echo "console-ended:$?"' Enter
ok "with status 0" tmux_wait "$D/ended.txt" '^console-ended:0$'
ok "nothing went to stderr" sh -c '! test -s "$1"' - "$D/tstp.err"
tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1

tap_done
