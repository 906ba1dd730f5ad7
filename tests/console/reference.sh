#!/bin/sh
# reference.sh: a cold start on a day not kept takes technicians and service types from a recent kept day: 4 requests, the same screens, a new hire still named.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
D1=2026-11-20 D2=2026-11-21 D3=2026-11-23 D4=2026-11-24
s=$(cs_script reference <<'EOF2'
:save-display routes.txt
Enter
:save-display stops.txt
EOF2
)
# paths TRACE: the paths of its requests, in order.
paths() { awk '$2 == "request" { print $3 }' "$1"; }
requests() { paths "$1" | wc -l | tr -d ' '; }
# same A B: two screens equal once the header (the data's age, the reads
# left) is set aside.
same() {
	sed 1d "$1" >"$1.body"
	sed 1d "$2" >"$2.body"
	diff -u "$1.body" "$2.body" >"$D/same.diff" && return 0
	note "the screens differ:"
	show "$D/same.diff"
	return 1
}
# start DATE N: the console kept-state on (no --fresh) on DATE, traced to
# trace.N, its screens kept as routes.N and stops.N.
start() {
	export ROUTEDESK_TRACE="$D/trace.$2"
	CS_NOFRESH=1 cs_run "$s" --date "$1"
	unset ROUTEDESK_TRACE
	cp "$D/routes.txt" "$D/routes.$2"
	cp "$D/stops.txt" "$D/stops.$2"
}

# 1. The first start ever: nothing kept, the whole review.
start $D1 1
ok "a first start on $D1 exits 0" test "$CS_RC" = 0
ok "it makes the whole cold review: 6 requests ($(paths "$D/trace.1" | tr '\n' ' '))" \
	test "$(requests "$D/trace.1")" = 6
ok "searching employees and service types" sh -c \
	'grep -q " request /employee/search " "$1" && grep -q " request /serviceType/search " "$1"' \
	- "$D/trace.1"
ok "and at exit keeps the day with the time its tables were read" sh -c \
	'grep -q "\"referenceSaved\":\"[0-9]*\"" "$1"/.state/routedesk/days/*-2026-11-20.json' - "$HOME"

# 2. A later start on another day: no day kept for it, but the tables of
# the one kept serve its first review.
start $D2 2
ok "a start on $D2 exits 0" test "$CS_RC" = 0
ok "it is not a warm start (no day $D2 was kept)" sh -c '! grep -q " warm " "$1"' - "$D/trace.2"
ok "it takes the kept day's technicians and service types (the trace says so)" \
	grep -q ' reference [0-9]* employees, [0-9]* service types, [0-9]* s old' "$D/trace.2"
ok "4 requests: routes, the changelog baseline, stops, customers ($(paths "$D/trace.2" | tr '\n' ' '))" \
	test "$(requests "$D/trace.2")" = 4
ok "neither employees nor service types searched" sh -c \
	'! grep -Eq " request /(employee|serviceType)/search " "$1"' - "$D/trace.2"

# The same day reviewed the long way, for the screens to compare.
export ROUTEDESK_TRACE="$D/trace.2f"
cs_run "$s" --date $D2
unset ROUTEDESK_TRACE
cp "$D/routes.txt" "$D/routes.2f"
ok "--fresh on $D2 takes nothing kept: 6 requests" test "$(requests "$D/trace.2f")" = 6
ok "the Routes screen of the 4-request review is the 6-request one's" same "$D/routes.2" "$D/routes.txt"
ok "and so is the first route's Stops screen" same "$D/stops.2" "$D/stops.txt"
ok "technicians are shown by name, not by number" hasnt "$D/routes.2" '#[0-9]{4,}'

# 3. A technician hired after the tables were kept, put on a route of
# another day: the kept tables lack them; the review fetches them again.
new=$(cs_api /employee/create fname=Nova lname=Hire type=1 |
	sed -n 's/^[[:space:]]*"result":[[:space:]]*"\([0-9]*\)".*/\1/p')
ok "the service hired technician #$new" test -n "$new"
route=$(cs_api /route/search date=$D3 | tr -d ' \t\n' | sed -n 's/.*"routeIDs":\["\{0,1\}\([0-9]*\).*/\1/p')
title=$(cs_api /route/get "routeIDs=$route" | tr -d '\t\n' |
	sed -n 's/.*"title":[[:space:]]*"\([^"]*\)".*/\1/p')
cs_api /route/update "routeID=$route" "assignedTech=$new" >"$D/assign.json"
ok "and put them on route #$route ($title) of $D3" \
	grep -q '"success":[[:space:]]*true' "$D/assign.json"
start $D3 3
ok "a start on $D3 exits 0" test "$CS_RC" = 0
ok "it takes the kept tables" grep -q ' reference ' "$D/trace.3"
ok "5 requests: the employees searched again for the one they lack ($(paths "$D/trace.3" | tr '\n' ' '))" \
	test "$(requests "$D/trace.3")" = 5
ok "after the stops, before the customers" sh -c \
	'paths() { awk "\$2 == \"request\" { print \$3 }" "$1"; }
	 test "$(paths "$1" | sed -n 3,5p | tr "\n" " ")" = \
		"/appointment/search /employee/search /customer/get "' - "$D/trace.3"
ok "the service types are not searched again" sh -c \
	'! grep -q " request /serviceType/search " "$1"' - "$D/trace.3"
ok "the new technician is named on $title" has "$D/routes.3" "^.?$title +Nova Hire "
ok "no technician shown by number" hasnt "$D/routes.3" '#[0-9]{4,}'

# A warm start hands its day's tables on too: the first day stepped to is
# the 3 requests of any later review, not 5.
step=$(cs_script step <<'EOF2'
]
:save-display step.txt
EOF2
)
export ROUTEDESK_TRACE="$D/trace.w"
CS_NOFRESH=1 cs_run "$step" --date $D1
unset ROUTEDESK_TRACE
ok "a start on $D1 again is warm" grep -q " warm $D1, " "$D/trace.w"
awk '$2 == "key" && $3 == "]" { on = 1; next } $2 == "key" { on = 0 } on && $2 == "request" { print $3 }' \
	"$D/trace.w" >"$D/step.paths"
ok "] to $D2 then costs 3 requests ($(tr '\n' ' ' <"$D/step.paths"))" test "$(wc -l <"$D/step.paths")" -eq 3
ok "none of them employees or service types" sh -c '! grep -Eq "^/(employee|serviceType)/" "$1"' - "$D/step.paths"
ok "and the day shows its technicians by name" sh -c \
	'grep -q "2026-11-21" "$1" && ! grep -Eq "#[0-9]{4,}" "$1"' - "$D/step.txt"

# 4. Tables read over 24 hours ago are not taken, however new the file.
for f in "$HOME"/.state/routedesk/days/*.json; do
	sed 's/"referenceSaved":"[0-9]*"/"referenceSaved":"'$(( $(date +%s) - 90000 ))'"/' "$f" >"$f.new"
	cat "$f.new" >"$f"
	rm -f "$f.new"
done
start $D4 4
ok "with the kept tables 25 hours old, a start on $D4 takes none" sh -c \
	'! grep -q " reference " "$1"' - "$D/trace.4"
ok "and makes the whole cold review: 6 requests" test "$(requests "$D/trace.4")" = 6

# 5. On an office share the kept days are the share's, and so are the
# tables taken: the user's own kept days are not read.
rm -rf "$HOME/.state/routedesk/days"
export ROUTEDESK_SHARE="$D/share"
mkdir -p "$D/share"
start $D1 5
ok "on a share, a first start (nothing in its days/) makes 6 requests" \
	test "$(requests "$D/trace.5")" = 6
ok "and keeps the day in the share" sh -c 'ls "$1"/*/days/2026-11-20.json >/dev/null' - "$D/share"
start $D2 6
ok "a start on $D2 takes the share's kept tables: 4 requests" \
	test "$(requests "$D/trace.6")" = 4
ok "the same Routes screen" same "$D/routes.6" "$D/routes.2f"
unset ROUTEDESK_SHARE

tap_done
