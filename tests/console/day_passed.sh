#!/bin/sh
# day_passed.sh: a review still on its way for a day stepped past, onto a day the console holds, is withdrawn: its reads left are not spent; so is the get of a tick's new stops' customers when the day is left, read when the kept day is shown again.
#
# [ then ] (or ] ] onto a day seen lately) showed the held day at once and
# dropped the other day's review when it landed, but let it run: the
# route search, the stops and the customers of a day nobody looks at,
# three reads of the account's sixty a minute.
#
# A tick that brings a stop whose customer the day does not hold reads
# that customer (UI_SLOT_REVIEW_CUSTOMERS).  [ or ] while that get was on
# its way dropped its answer but let it run: a read for a day nobody looks
# at, and the day, kept, showed the stop with no customer when stepped
# back to.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
mkfifo "$D/hold" "$D/cont" || exit 99
# The sandbox is stopped while [ and ] run, so the 18th's review is
# surely on its way when ] lands on the 19th (held since the first [).
s=$(cs_script day_passed <<'EOF2'
[
:save-display d19.txt
:save-display hold
:script-race on
[
]
:save-display cont
:script-race off
:save-display back.txt
EOF2
)
cs_run_held "$D/trace" "$s"
ok "the console runs the script and exits 0" test $? -eq 0
ok "the 19th is on screen" test "$(header_date "$D/d19.txt")" = 2026-11-19
ok "] came back to the 19th" test "$(header_date "$D/back.txt")" = 2026-11-19
ok "its routes are shown" has "$D/back.txt" ' 1/[0-9]+$'
# The review submitted after the hold: the 18th's.
sed -n '/key :save-display hold$/,$p' "$D/trace" | grep -v ' frame ' >"$D/after"
show "$D/after"
gen=$(awk '$2 == "job" && $4 == "review" && $5 == "submit" { print $3; exit }' "$D/after")
ok "the 18th's review was asked for (job ${gen:-none})" test -n "$gen"
ok "it was withdrawn when ] landed on the 19th" grep -q " job $gen review superseded\$" "$D/after"
ok "it did not run on" hasnt "$D/after" " job $gen review (done|failed)\$"
ok "no read of the 18th's stops or customers was sent" \
	hasnt "$D/after" ' request /(appointment/search|customer/get) '

# ---- the customers of a tick's new stops, for a day left ----------------

mkfifo "$D/p1" "$D/p2" "$D/p3" "$D/p4" || exit 99
# result CALL...: the id a create answers.
result() {
	cs_api "$@" | sed -n 's/^[[:space:]]*"result":[[:space:]]*"\([0-9]*\)".*/\1/p'
}
# A customer with no stop on the day: the review does not hold it.
cust=10000
while [ "$cust" -lt 10300 ] && [ "$(cs_count appointment "date=$CS_TODAY" "customerIDs=$cust")" != 0 ]; do
	cust=$((cust + 1))
done
lname=$(cs_api "/customer/$cust" | sed -n 's/^[[:space:]]*"lname":[[:space:]]*"\(.*\)",\{0,1\}$/\1/p' | head -n 1)
# The sandbox is stopped from before the tick to its end, then again
# before the customers' get can be answered; the console is held on a
# FIFO meanwhile, so [ lands while that get is surely on its way (sent to
# the stopped sandbox: withdrawn, it ends with no answer, status 0).
s=$(cs_script day_customers <<'EOF2'
:save-display p1
:script-race on
:refresh
:save-display p2
:save-display p3
[
:save-display p4
:script-race off
:save-display c19.txt
]
:save-display c20.txt
/
"06:00-06:15"
Enter
Enter
:save-display c20-stops.txt
EOF2
)
rm -f "$D/trace2"
cs_run_bg "$D/trace2" "$s"
if cs_paused p1; then
	route=$(result /route/create "date=$CS_TODAY")
	stop=$(result /appointment/create "customerID=$cust" type=1 "routeID=$route" \
		start=06:00:00 duration=15)
	kill -STOP "$CS_SBPID"
	cs_resume p1
fi
if cs_paused p2; then
	kill -CONT "$CS_SBPID"
	tick=$(sed -n '/key :save-display p1$/,$p' "$D/trace2" |
		awk '$2 == "job" && $4 == "refresh" && $5 == "submit" { print $3; exit }')
	cs_wait_for "$D/trace2" " job $tick refresh done\$" 60
	kill -STOP "$CS_SBPID"
	cs_resume p2
fi
if cs_paused p3; then
	cs_wait_for "$D/trace2" ' job [0-9]+ rows submit slot 4 background$' 60
	cs_resume p3
fi
if cs_paused p4; then
	kill -CONT "$CS_SBPID"
	cs_resume p4
fi
wait $CS_CONSOLE
ok "customers: the console runs the script and exits 0" test $? -eq 0
ok "a stop (#$stop) of customer #$cust ($lname) was added on a new route" \
	test -n "$stop" -a -n "$route" -a -n "$lname" -a "$cust" -lt 10300
sed -n '/key :save-display p1$/,$p' "$D/trace2" | grep -v ' frame ' >"$D/after2"
show "$D/after2"
get=$(awk '$2 == "job" && $4 == "rows" && $5 == "submit" && $7 == 4 { print $3; exit }' "$D/after2")
ok "the tick asked for the new stop's customer (job ${get:-none})" test -n "$get"
ok "it was asked for before [" sh -c 'sed -n "/ job $1 rows submit /,\$p" "$2" | grep -q "key \\[\$"' - \
	"$get" "$D/after2"
ok "it was withdrawn when [ left the day" grep -q " job $get rows superseded\$" "$D/after2"
ok "it did not run on" hasnt "$D/after2" " job $get rows (done|failed)\$"
ok "the 19th is on screen" test "$(header_date "$D/c19.txt")" = 2026-11-19
ok "one customer get answered until then: the 19th's review's" \
	eq "$(cs_span "$D/trace2" ':save-display p1' ':save-display c19.txt' |
		grep -c ' request /customer/get 200 ')" 1
ok "] came back to the 20th" test "$(header_date "$D/c20.txt")" = 2026-11-20
ok "the kept day: no review, one read, the customer it lacked" \
	eq "$(cs_span "$D/trace2" ':save-display c19.txt' ':save-display c20.txt' |
		grep ' request ' | sed 's/^[0-9]* request \([^ ]*\) .*/\1/')" /customer/get
ok "the new stop names its customer" has "$D/c20-stops.txt" "06:00-06:15 AM $lname, "
tap_done
