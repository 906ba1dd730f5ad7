#!/bin/sh
# route_gone.sh: a route created behind the console's back shows at the next tick, and one deleted behind its back leaves the Routes pane then.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
mkfifo "$D/sync1" "$D/sync2" || exit 99
s=$(cs_script route_gone <<'EOF2'
:save-display before.txt
:save-display sync1
:refresh
:save-display created.txt
:save-display sync2
:refresh
:save-display deleted.txt
EOF2
)
cs_run_bg "$D/trace" "$s"

# First pause: a new, empty route for the console's day.
if cs_paused sync1; then
	cs_api /route/create date="$CS_TODAY" >"$D/create.json"
	cs_resume sync1
fi
new=$(sed -n 's/^[[:space:]]*"result":[[:space:]]*"\([0-9]*\)".*/\1/p' "$D/create.json")
# Second pause: the same route deleted (it holds no visit: the service
# allows it).
if cs_paused sync2; then
	cs_api /route/delete "routeID=$new" >"$D/delete.json"
	cs_resume sync2
fi
wait $CS_CONSOLE
ok "the console runs the script and exits 0" test $? -eq 0
ok "the route was created (#$new)" test -n "$new"
ok "the service deleted it" grep -q '"success":[[:space:]]*true' "$D/delete.json"

total() { grep -Eo ' [0-9]+/[0-9]+$' "$1" | tail -n 1 | cut -d/ -f2; }
n0=$(total "$D/before.txt")
n1=$(total "$D/created.txt")
n2=$(total "$D/deleted.txt")
ok "the tick after the create lists one route more ($n0 -> $n1)" test "$n1" -eq $((n0 + 1))
ok "the tick after the delete lists it no more ($n1 -> $n2)" test "$n2" -eq "$n0"
ok "the new route's empty row was on the screen, marked changed" has "$D/created.txt" "UNASSIGNED +0/0/0/0 +0 .*\\*$"
ok "and is gone after the delete" hasnt "$D/deleted.txt" "UNASSIGNED +0/0/0/0 +0 "
ok "the message line says the route went" has "$D/deleted.txt" "Route: removed from the service"

tap_done
