#!/bin/sh
# refresh.sh: r, R and the refresh tick keep the selection on the same record, even when rows move; the Stops pane marks what a tick changed.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
mkfifo "$D/sync1" "$D/sync2" || exit 99
s=$(cs_script refresh <<'EOF'
j
j
j
j
:save-display r5.txt
r
:save-display r5-r.txt
R
:save-display r5-R.txt
3
>
>
g
j
j
j
j
:save-display c5.txt
:save-display sync1
r
:save-display c5-r.txt
:save-display sync2
:refresh
:save-display c5-tick.txt
/
"Zzyz"
Enter
:save-display renamed.txt
Esc
4
5
2
:refresh
:save-display quiet-tick.txt
EOF
)
cs_run_bg "$D/trace" "$s"

# id_at FILE N: the customer id of row N of the list.
id_at() {
	sed -n "$(($2 + 3))p" "$1" | sed 's/^.//' | awk '{ print $1 }'
}

# First pause: the console has selected row 5 of Customers sorted by name.
# Rename the customer of row 1 so that it sorts after the selection.
if cs_paused sync1; then
	first=$(id_at "$D/c5.txt" 1)
	cs_api /customer/update "customerID=$first" lname=Zzyzx >"$D/upd1.json"
	cs_resume sync1
fi
# Second pause: rename the customer of row 2 the same way; the refresh
# tick (what changed since the last sync) must bring it.
if cs_paused sync2; then
	second=$(id_at "$D/c5-r.txt" 1)
	cs_api /customer/update "customerID=$second" lname=Zzyzy >"$D/upd2.json"
	cs_resume sync2
fi
wait $CS_CONSOLE
ok "the console runs the refresh script and exits 0" test $? -eq 0

# Routes: row 5 stays selected through r and R.
sel=$(selected "$D/r5.txt" | cut -c1-60)
ok "row 5 of Routes is selected ($sel)" has "$D/r5.txt" ' 5/[0-9]+$'
ok "r keeps the selection on the same route" test "$(selected "$D/r5-r.txt" | cut -c1-60)" = "$sel"
ok "R (reload) keeps the selection on the same route" test "$(selected "$D/r5-R.txt" | cut -c1-60)" = "$sel"

# Customers: the selected record is kept by id while rows move.
selid=$(selected "$D/c5.txt" | sed 's/^.//' | awk '{ print $1 }')
ok "row 5 of Customers by name is selected (#$selid)" has "$D/c5.txt" ' 5/[0-9]+$'
ok "the service took the first rename (#$first)" grep -q '"success":[[:space:]]*true' "$D/upd1.json"
ok "after r the renamed customer left row 1" test "$(id_at "$D/c5-r.txt" 1)" != "$first"
ok "after r the marker is on the same record (#$selid)" \
	matches "$(selected "$D/c5-r.txt")" "^▸ +$selid "
ok "after r that record moved up one row (4/..)" has "$D/c5-r.txt" ' 4/[0-9]+$'
ok "the service took the second rename (#$second)" grep -q '"success":[[:space:]]*true' "$D/upd2.json"
ok "after the tick the second renamed customer left row 1" \
	test "$(id_at "$D/c5-tick.txt" 1)" != "$second"
ok "the first rename is shown under its new name" has "$D/renamed.txt" "^.? +$first Zzyzx, "
ok "the second rename (brought by the tick) is shown under its new name" \
	has "$D/renamed.txt" "^.? +$second Zzyzy, "
ok "after the tick the marker is still on #$selid" \
	matches "$(selected "$D/c5-tick.txt")" "^▸ +$selid "
ok "after the tick that record moved up again (3/..)" has "$D/c5-tick.txt" ' 3/[0-9]+$'
# The tick asks what changed: the changelog, then only the changed record.
# span FROM TO: the trace from the first key line FROM to the next TO.
span() {
	awk -v from="key $1" -v to="key $2" '
		!on && index($0, from) { on = 1; next }
		on && index($0, to) { exit }
		on' "$D/trace"
}
tick=$(span :refresh ':save-display c5-tick.txt' | grep -c ' request ')
ok "the tick spent at most 2 reads ($tick)" test "$tick" -ge 1 -a "$tick" -le 2
span :refresh ':save-display c5-tick.txt' | grep ' request ' | sed 's/^/# /'
# With every pane open and nothing changed, a tick is one read.
quiet=$(span ':save-display renamed.txt' ':save-display quiet-tick.txt' |
	awk 'index($0, "key :refresh") { on = 1 } on' | grep -c ' request ')
ok "with every pane open and nothing changed, a tick is 1 read ($quiet)" test "$quiet" -eq 1

# ---- the Stops pane marks what a tick changed --------------------------------
# Route 01 of Anthony O'Brien (row 2): its stop 7, Cruz, Ingrid, is pending.
# Behind the console's back the service completes it; the tick brings it
# marked (*, as Routes marks its route), and a quiet tick keeps the mark.
mkfifo "$D/sync3" || exit 99
s=$(cs_script stops-mark <<'EOF2'
j
Enter
j
j
j
j
j
j
:save-display st-before.txt
:save-display sync3
:refresh
:save-display st-after.txt
:refresh
:save-display st-quiet.txt
EOF2
)
cs_run_bg "$D/trace3" "$s"
if cs_paused sync3; then
	cid=$(sed -n 's/^ Cruz, Ingrid #\([0-9]*\).*/\1/p' "$D/st-before.txt" | head -n 1)
	stop=$(cs_api /appointment/search date="$CS_TODAY" "customerIDs=$cid" status=0 | tr -d ' \t\n' |
		sed -n 's/.*"appointmentIDs":\["\{0,1\}\([0-9]*\).*/\1/p')
	cs_api /appointment/complete "appointmentID=$stop" status=1 >"$D/complete.json"
	cs_resume sync3
fi
wait $CS_CONSOLE
ok "the Stops mark script exits 0" test $? -eq 0
ok "before: stop 7 (Cruz, Ingrid, #$cid) is pending, and no stop is marked" sh -c \
	'grep -Eq "^▸  7 .*Cruz, Ingrid .*· pending" "$1" && ! grep -Eq "^.[ *]*\*[0-9]+ " "$1"' - "$D/st-before.txt"
ok "the service completed it (#$stop)" grep -q '"success":[[:space:]]*true' "$D/complete.json"
ok "after the tick: stop 7 is completed and marked *" has "$D/st-after.txt" '^▸ \*7 .*Cruz, Ingrid .*✓ completed'
ok "after the tick: it is the only stop marked" test "$(grep -Ec '^. *\*[0-9]+ ' "$D/st-after.txt")" -eq 1
ok "a tick that changes nothing keeps the mark" has "$D/st-quiet.txt" '^▸ \*7 .*Cruz, Ingrid'

tap_done
