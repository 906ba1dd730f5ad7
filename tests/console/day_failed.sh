#!/bin/sh
# day_failed.sh: a day stepped to whose review fails (the day's reads spent) says "not loaded" in the header, not the last day's age; at 80x24 the panes say the failure whole, and from when r tries again.
#
# [ drops the day on screen and asks for the new one; when that review
# failed, the header kept the age of the day before ("<1m ago") over an
# empty pane, as if the new day had just been read.  And the pane's note
# was one line, cut at 80 columns before it said when the service is asked
# again.  It said "(the service is asked again in 10 min) (r tries
# again)": r is refused, unsent, until then, and the minutes stayed on
# the pane as they passed; now it says the clock time, and r's.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start
export LINES=24 COLUMNS=80

D=$CS_DIR
mkfifo "$D/spend" || exit 99
s=$(cs_script day_failed <<'EOF2'
:save-display today.txt
:save-display spend
:refresh
[
:save-display back.txt
r
:save-display back-r.txt
3
:save-display customers.txt
EOF2
)
cs_run_bg "$D/trace" "$s"
# Other integrations spend the key's day (the sandbox counts, without
# quotas, and tells the console at its next answer): the tick learns it,
# and the review of the day before is not sent.
if cs_paused spend; then
	set --
	i=0
	while [ $i -lt 3000 ]; do
		[ $i -gt 0 ] && set -- "$@" --next
		set -- "$@" -s -o /dev/null -d authenticationKey=demo-key \
			-d authenticationToken=demo-token "$ROUTEDESK_URL/employee/search"
		i=$((i + 1))
	done
	curl -s --parallel --parallel-max 16 "$@" 2>/dev/null
	cs_resume spend
fi
wait $CS_CONSOLE
ok "the console runs the script and exits 0" test $? -eq 0
ok "today's review is on screen" has "$D/today.txt" ' 1/[0-9]+$'
ok "premise: the day's reads are spent" test "$(cs_usage requestsReadToday)" -ge 3000
ok "[ steps to the day before" test "$(header_date "$D/back.txt")" = 2026-11-19
ok "the Routes pane says its review failed for the day's budget" \
	has "$D/back.txt" 'the route review failed: the key.s daily read budget is spent'
ok "the header says the day is not loaded" has "$D/back.txt" '^ 2026-11-19 .*not loaded'
ok "the header gives it no age" hasnt "$D/back.txt" '^ 2026-11-19 .* ago '
# The notes wrapped over the empty rows, whole.
# note FILE: a pane's note, its wrapped lines joined.
note_of() {
	sed -n '4,20p' "$1" | sed 's/^ *//; s/ *$//' | tr '\n' ' '
}
clock='[0-2][0-9]:[0-5][0-9]'
ok "80x24: the Routes pane says when the service is asked again" \
	matches "$(note_of "$D/back.txt")" "asked again from $clock\\)"
ok "80x24: the Customers pane (a preview below it) says it too" \
	matches "$(note_of "$D/customers.txt")" "asked again from $clock\\)"
at=$(note_of "$D/back.txt" | sed -n "s/.*asked again from \($clock\)).*/\1/p")
ok "the Routes pane says r tries again from then ($at), not before" \
	matches "$(note_of "$D/back.txt")" "asked again from $at\\) \\(r tries again from $at\\)"
ok "nor does the Customers pane say r tries again now" \
	sh -c '! printf "%s\n" "$1" | grep -q "r tries again)"' - "$(note_of "$D/customers.txt")"
ok "r before then sends nothing" eq "$(cs_span "$D/trace" r ':save-display back-r.txt' | grep -c ' request ')" 0
ok "and the note says the same time" \
	matches "$(note_of "$D/back-r.txt")" "\\(r tries again from $at\\)"
sed -n '4,20p' "$D/back.txt" >"$D/back-notes.txt"
ok "80x24: no note line is cut" hasnt "$D/back-notes.txt" '…$'
ok "the status line does not say no rows for a day that could not be read" \
	hasnt "$D/back.txt" 'no rows *$'
tap_done
