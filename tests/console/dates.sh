#!/bin/sh
# dates.sh: [ and ] step the review day, t returns to today, :date; the header and routes follow.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script dates <<'EOF'
:save-display d20.txt
]
:save-display d21.txt
[
[
:save-display d19.txt
t
:save-display today.txt
:date 2026-11-18
:save-display d18.txt
:date +3
:save-display d21b.txt
:date -1
:save-display d20b.txt
:date bogus
:save-display bad.txt
Enter
]
:save-display stops-next.txt
:date 9999-12-31
]
:save-display end.txt
EOF
)
before=$(date -u +%F)
ok "the console runs the dates script and exits 0" cs_run "$s"
after=$(date -u +%F)

# n_routes DATE: the service's route count for DATE.
n_routes() {
	cs_count route "date=$1"
}
# shows_day FILE DATE: header date, routes title and the count of routes.
shows_day() {
	cs_n_r=$(n_routes "$2")
	[ "$(header_date "$1")" = "$2" ] || { note "header date $(header_date "$1"), wanted $2"; return 1; }
	has "$1" "Routes: $2" || return 1
	if [ "$cs_n_r" -eq 0 ]; then
		has "$1" 'nothing to show|no routes'
	else
		has "$1" " 1/$cs_n_r\$"
	fi
}

ok "--date 2026-11-20: the header and the routes of that day" shows_day "$D/d20.txt" 2026-11-20
ok "] steps to 2026-11-21 and its routes" shows_day "$D/d21.txt" 2026-11-21
ok "the days differ in their routes (8 against 4)" \
	test "$(n_routes 2026-11-20)" -ne "$(n_routes 2026-11-21)"
ok "[ [ steps back to 2026-11-19 and its routes" shows_day "$D/d19.txt" 2026-11-19
today=$(header_date "$D/today.txt")
ok "t returns to today ($today, the local date)" \
	sh -c 'test "$1" = "$2" || test "$1" = "$3"' - "$today" "$before" "$after"
ok "today's routes are the service's" shows_day "$D/today.txt" "$today"
ok ":date 2026-11-18 reviews that day" shows_day "$D/d18.txt" 2026-11-18
ok ":date +3 steps three days on (2026-11-21)" shows_day "$D/d21b.txt" 2026-11-21
ok ":date -1 steps one day back (2026-11-20)" shows_day "$D/d20b.txt" 2026-11-20
ok ":date bogus is refused on the message line" has "$D/bad.txt" "^! ':date bogus': expected YYYY-MM-DD"
ok ":date bogus leaves the day alone" test "$(header_date "$D/bad.txt")" = 2026-11-20
ok "] in the Stops pane steps the day too" test "$(header_date "$D/stops-next.txt")" = 2026-11-21
# 9999-12-31 has no next day: ] said so, and it wrapped to 9999-01-01.
ok "] past 9999-12-31 stays there" test "$(header_date "$D/end.txt")" = 9999-12-31
ok "... and says why" has "$D/end.txt" "No day to review beyond 0001-01-01 and 9999-12-31"

# ---- a day seen lately costs no reads, and the tick keeps it fresh ------

# A pending stop of 2026-11-19 to complete while the console shows the 20th.
cs_pending_stop 2026-11-19
stop=$CS_STOP route=$CS_STOP_ROUTE title=$CS_STOP_TITLE
ok "a pending stop of 2026-11-19 to complete (#$stop on route $route, $title)" \
	sh -c '[ -n "$1" ] && [ -n "$2" ] && [ -n "$3" ]' - "$stop" "$route" "$title"
mkfifo "$D/sync1" || exit 99
s=$(cs_script days <<'EOF'
:date 2026-11-19
:save-display k19.txt
]
:save-display k20.txt
[
:save-display k19b.txt
]
:save-display k20b.txt
:save-display sync1
:refresh
:save-display k20c.txt
[
:save-display k19c.txt
EOF
)
CS_NODATE=1 cs_run_bg "$D/trace" "$s" --date 2026-11-18
if cs_paused sync1; then
	cs_api /appointment/complete "appointmentID=$stop" status=1 bypassLockedRoute=1 >"$D/done.json"
	cs_resume sync1
fi
wait $CS_CONSOLE
ok "the console runs the days script and exits 0" test $? -eq 0
# span FROM TO: the trace from the first key line FROM to the next TO.
span() {
	awk -v from="key $1" -v to="key $2" '
		!on && index($0, from) { on = 1; next }
		on && index($0, to) { exit }
		on' "$D/trace"
}
reads() { span "$1" "$2" | grep -c ' request '; }
ok "the first look at the 20th fetches its review ($(reads ']' ':save-display k20.txt') requests)" \
	test "$(reads ']' ':save-display k20.txt')" -ge 1
ok "[ back to the 19th, seen a moment ago, costs no request" \
	test "$(reads '[' ':save-display k19b.txt')" -eq 0
ok "] on to the 20th again costs none either" \
	test "$(span ':save-display k19b.txt' ':save-display k20b.txt' | grep -c ' request ')" -eq 0
ok "the 19th kept is the 19th: same routes, same counts" \
	sh -c 'sed 1d "$1" >"$1.body"; sed 1d "$2" >"$2.body"; cmp -s "$1.body" "$2.body"' - \
	"$D/k19.txt" "$D/k19b.txt"
ok "the service completed the stop while the 20th was shown" \
	grep -q '"success":[[:space:]]*true' "$D/done.json"
ok "back on the 19th after the tick: still no request" \
	test "$(span ':save-display k20c.txt' ':save-display k19c.txt' | grep -c ' request ')" -eq 0
dpnc() { cs_dpnc "$1" "$title"; }
before=$(dpnc "$D/k19b.txt")
after=$(dpnc "$D/k19c.txt")
ok "the tick moved the completed stop into the kept 19th ($title: $before, then $after)" sh -c '
	d0=${1%%/*}; d1=${2%%/*}; r0=${1#*/}; r1=${2#*/}; p0=${r0%%/*}; p1=${r1%%/*}
	[ "$d1" -eq $((d0 + 1)) ] && [ "$p1" -eq $((p0 - 1)) ]' - "$before" "$after"

tap_done
