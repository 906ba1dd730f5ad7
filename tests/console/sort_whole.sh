#!/bin/sh
# sort_whole.sh: a sort or :ticket open over more tickets than one chunk reads every row once, says what it costs, counts and orders them all.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script sort_whole <<'EOF'
5
:save-display t0.txt
>
>
:save-display t1.txt
I
g
:save-display t-date.txt
:ticket open
g
:save-display open-top.txt
PgDn
:save-display open-pgdn.txt
G
:save-display open-end.txt
EOF
)
# The trace counts the reads (cs_api's own calls are not traced).
export ROUTEDESK_TRACE="$D/trace"
ok "the console runs the script and exits 0" cs_run "$s"

# Every ticket of the account, as the service has them: id, date and balance.
cs_api --all /ticket/search includeData=1 | awk -F'"' '
	/"ticketID":/ { id = $4 + 0; if (!lo || id < lo) lo = id; if (id > hi) hi = id }
	/"invoiceDate":/ { d = $4 }
	/"balance":/ { n++; if (d > all) all = d; if ($4 + 0 > 0) { open++; if (d > od) od = d } }
	END { print n, open, all, od, lo, hi }' >"$D/truth"
read -r ntick nopen newest newest_open lowest highest <"$D/truth"
note "$ntick tickets, $nopen open, newest $newest, newest open $newest_open, ids $lowest-$highest"
gets=$(( (ntick - 1000 + 999) / 1000 ))

ok "the account has more tickets than one chunk (the case the audit met)" test "$ntick" -gt 1000
ok "the unsorted pane counts every ticket" has "$D/t0.txt" " 1/$ntick\$"
ok "a sort says on the message line what reading every row costs ($gets reads)" \
	has "$D/t1.txt" "^Every row is needed for this order or filter: $gets more reads"
n_get=$(grep -c ' request /ticket/get ' "$D/trace")
ok "the whole load is the $gets gets it said, each ticket read once" eq "$n_get" "$gets"
ok "Invoice date▼ puts the account's newest ticket ($newest) first" sh -c \
	'sed -n 4p "$1" | grep -Eq "^.? +[0-9]+ $2 "' - "$D/t-date.txt" "$newest"
ok ":ticket open puts the newest open ticket ($newest_open) first" sh -c \
	'sed -n 4p "$1" | grep -Eq "^.? +[0-9]+ $2 .* open$"' - "$D/open-top.txt" "$newest_open"
for f in open-top open-pgdn open-end; do
	ok ":ticket open counts the $nopen tickets with a balance ($f)" \
		has "$D/$f.txt" "/$nopen\$"
done
ok ":ticket open shows no paid ticket" hasnt "$D/open-top.txt" ' paid$'

# :ticket open with no sort before it: nothing loaded but the first chunk,
# which the audit saw counted as 1/11147, then 96/10224, then 1/9423.
s2=$(cs_script open_first <<'EOF'
5
:ticket open
:save-display o1.txt
PgDn
:save-display o2.txt
G
:save-display o3.txt
EOF
)
: >"$D/trace"
ok "the console runs :ticket open first and exits 0" cs_run "$s2"
for f in o1 o2 o3; do
	ok ":ticket open first counts the $nopen tickets with a balance ($f)" has "$D/$f.txt" "/$nopen\$"
done
ok "G lands on the last of the $nopen" has "$D/o3.txt" " $nopen/$nopen\$"
ok "it said what reading every ticket costs" has "$D/o1.txt" "^Every row is needed for this order or filter: $gets more reads"
ok "each ticket read once: $gets gets" eq "$(grep -c ' request /ticket/get ' "$D/trace")" "$gets"
ok "G lands on the last of the $nopen" has "$D/open-end.txt" " $nopen/$nopen\$"

# A sort by ID needs no row: the search gave every id.  The audit's
# console read all $gets chunks for it.
s3=$(cs_script sort_id <<'EOF'
5
>
g
:save-display id-asc.txt
I
g
:save-display id-desc.txt
G
:save-display id-end.txt
EOF
)
: >"$D/trace"
ok "the console runs a sort by ID and exits 0" cs_run "$s3"
ok "ID▲ puts the lowest ticket id ($lowest) first" sh -c \
	'sed -n 4p "$1" | grep -Eq "^.? +$2 "' - "$D/id-asc.txt" "$lowest"
ok "ID▼ puts the highest ticket id ($highest) first, though not loaded before" sh -c \
	'sed -n 4p "$1" | grep -Eq "^.? +$2 "' - "$D/id-desc.txt" "$highest"
ok "G on ID▼ lands on the lowest id, the last of the $ntick" has "$D/id-end.txt" " $ntick/$ntick\$"
ok "a sort by ID says nothing of reading every row" hasnt "$D/id-desc.txt" "Every row is needed"
n_id=$(grep -c ' request /ticket/get ' "$D/trace")
note "$n_id ticket gets for the sort by ID, against $gets for a whole load"
ok "a sort by ID reads only the chunk it shows (1 get, not $gets)" eq "$n_id" 1

tap_done
