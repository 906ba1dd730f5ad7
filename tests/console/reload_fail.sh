#!/bin/sh
# reload_fail.sh: an R whose search fails keeps the rows on screen, says why, and the connection coming back searches again (no pane left "loading" with nothing on its way).
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
port=$(echo "$CS_URL" | sed 's|^http://127\.0\.0\.1:\([0-9]*\)/api$|\1|')
mkfifo "$D/sync1" "$D/sync2" || exit 99
# The console waits on each FIFO (:save-display opens it and blocks)
# until the test has done its part.
s=$(cs_script reload_fail <<'EOF2'
4
:save-display subs.txt
:save-display sync1
R
:save-display failed.txt
:save-display sync2
:refresh
:save-display back.txt
EOF2
)
export ROUTEDESK_TRACE="$D/trace"
cs_run "$s" &
console=$!

stopped=no restarted=no
cs_at_pause "$D/trace" sync1 120 cs_sandbox_stop && stopped=yes
cs_at_pause "$D/trace" sync2 180 cs_sandbox_restart "$port" && restarted=yes
wait $console
rc=$?

ok "the sandbox stopped mid-session" test "$stopped" = yes
ok "the console exited 0 at the end of its script ($rc)" test "$rc" -eq 0
first=$(rows "$D/subs.txt" | sed -n 1p | sed 's/^.//' | awk '{ print $1, $2 }')
ok "the Subscriptions pane was loaded ($first)" matches "$first" '^[0-9]+ [^ ]'
ok "R failed, and the message line says why" has "$D/failed.txt" '^! Network: Subscriptions failed'
ok "the rows stay on screen after a failed R (the first is still $first)" \
	has "$D/failed.txt" "^. +$first"
ok "no row says loading with nothing on its way" hasnt "$D/failed.txt" ' loading$'
ok "the R search was tried (several attempts)" \
	test "$(sed -n '/key R$/,/key :save-display failed.txt/p' "$D/trace" | grep -c ' request /subscription/search 0 ')" -ge 2
if [ "$restarted" = yes ]; then
	n=$(sed -n '/key :save-display sync2/,$p' "$D/trace" | grep -c ' request /subscription/search 200 ')
	ok "the connection back, the pane searched again by itself ($n search)" test "$n" -ge 1
	ok "and shows its rows, none loading" hasnt "$D/back.txt" ' loading$|not loaded'
	ok "... the first row again" has "$D/back.txt" "^. +$first"
else
	ok "the sandbox came back on port $port" false
fi

tap_done
