#!/bin/sh
# layout.sh: the list panes' columns at 80x24 and 200x50: whole names at 80 (Stops gives up Call, In-Out and City), < and > skip dropped columns, names bounded at 200.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
# Route 01 of Anthony O'Brien (the second row, golden/stops.txt): stop 3
# is O'Brien, Siobhán, stop 5 Müller, Zoë (a call-ahead stop).
s=$(cs_script layout <<'EOF'
:resize 80x24
j
Enter
:save-display s80.txt
j
j
j
j
:save-display s80-call.txt
>
:save-display o1.txt
>
:save-display o2.txt
>
:save-display o3.txt
>
:save-display o4.txt
>
:save-display o5.txt
>
:save-display o6.txt
>
:save-display o7.txt
<
:save-display o8.txt
<
3
:save-display c80.txt
:resize 200x50
:save-display c200.txt
4
:save-display sub200.txt
5
:save-display t200.txt
1
-
:save-display r200.txt
Enter
:save-display s200.txt
>
>
>
>
>
>
>
:save-display call200.txt
:resize 80x24
:save-display call80.txt
>
:save-display owed80.txt
EOF
)
ok "the console runs the layout script and exits 0" cs_run "$s" --readonly

# The column titles' line of a dump, and the sort the status line names.
titles() { sed -n 3p "$1"; }
sort_of() { grep -Eo 'sort [^ ]+▲' "$1" | head -n 1; }
# col FILE A B: columns from title A's start to title B's start, less the
# separator (A's width when B follows it left-aligned).
col() {
	titles "$1" | awk -v a="$2" -v b="$3" '{ print index($0, b) - index($0, a) - 1 }'
}

# ---- 80x24: the name before Call, In-Out and City -----------------------
ok "80x24: the Stops titles are #, Window, Customer, Service, Status, Owed" \
	has "$D/s80.txt" '^ +# Window +Customer +Service +Status +Owed$'
ok "80x24: no Call, In-Out or City column" sh -c \
	'! sed -n 3p "$1" | grep -Eq "Call|In-Out|City"' - "$D/s80.txt"
ok "80x24: a stop's customer shows whole (O'Brien, Siobhán)" \
	has "$D/s80.txt" "^ +3 08:47-09:18 AM O'Brien, Siobhán +Custom"
ok "80x24: ... and Van der Berg, Inés" has "$D/s80.txt" '^ +9 12:30-12:57 PM Van der Berg, Inés '
ok "80x24: the status stays whole" has "$D/s80.txt" '✓ completed +[0-9]+\.[0-9]{2}$'
ok "80x24: the preview says the call-ahead the Call column said" \
	has "$D/s80-call.txt" ' {2,}Call ahead: yes$'

# ---- < and > over the columns shown -------------------------------------
i=1
for want in '#' Window Customer Service Status Owed; do
	ok "80x24: > number $i sorts by $want" eq "$(sort_of "$D/o$i.txt")" "sort $want▲"
	i=$((i + 1))
done
ok "80x24: the seventh > is unsorted (Call, In-Out, City are no stops)" \
	eq "$(sort_of "$D/o7.txt")" ""
ok "80x24: < from unsorted goes back to Owed" eq "$(sort_of "$D/o8.txt")" "sort Owed▲"
ok "80x24: no dropped column was ever the sort" sh -c \
	'! grep -Eh "sort (City|Call|In-Out)" "$@"' - "$D"/o[1-8].txt

# ---- 200x50: every column back, a sort on Call kept through a resize ----
ok "200x50: the Stops titles have Call and In-Out again" \
	has "$D/s200.txt" '^ +# Window +Customer +City +Service +Status +Call +In-Out +Owed *│'
ok "200x50: seven > sort the stops by Call" eq "$(sort_of "$D/call200.txt")" "sort Call▲"
ok "80x24 after the resize: Call is not drawn ..." sh -c \
	'! sed -n 3p "$1" | grep -q "Cal"' - "$D/call80.txt"
ok "... and the sort stays on it, named on the status line" eq "$(sort_of "$D/call80.txt")" "sort Call▲"
ok "the next > leaves it for the next column shown (Owed)" eq "$(sort_of "$D/owed80.txt")" "sort Owed▲"

# ---- other panes --------------------------------------------------------
ok "80x24: Customers gives up Status for the name" has "$D/c80.txt" \
	'^ +ID Name +Company +City +Phone +Balance$'
ok "80x24: ... McAllister, Łukasz shows whole" has "$D/c80.txt" '^ +10006 McAllister, Łukasz '
w=$(col "$D/r200.txt" Route Technician)
ok "200x50: the Route column is bounded (32 columns, not 115: $w)" test "$w" -eq 32
ok "200x50: a route's figures stand beside it, the line's end blank" \
	has "$D/r200.txt" "^.Route 01 {25}Anthony O'Brien +[0-9/]+ +10 +07:31-13:37 +[0-9.]+ *$"
w=$(col "$D/c200.txt" Name Company)
ok "200x50: the Customers name column is bounded ($w)" test "$w" -eq 44
w=$(col "$D/sub200.txt" Customer Service)
ok "200x50: the Subscriptions customer column is bounded ($w)" test "$w" -eq 40
w=$(col "$D/t200.txt" Customer Total)
# Total is right-aligned in 10 columns after the 40 of the name.
ok "200x50: the Tickets customer column is bounded ($w)" test "$w" -le 50

tap_done
