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

tap_done
