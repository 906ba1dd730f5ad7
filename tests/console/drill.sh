#!/bin/sh
# drill.sh: route -> stops -> customer -> subscriptions, tickets and notes, and back with - and Esc.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
# Route 01 of Anthony O'Brien: the second row of the day (see golden/routes.txt).
s=$(cs_script drill <<'EOF'
j
:save-display route.txt
Enter
:save-display stops.txt
j
:save-display stop2.txt
k
Enter
v
:save-display customer.txt
G
:save-display customer-end.txt
g
Enter
:save-display cust-subs.txt
Enter
:save-display sub-detail.txt
G
:save-display sub-end.txt
-
-
j
Enter
:save-display cust-tickets.txt
Esc
:save-display back-tickets.txt
j
Enter
:save-display cust-notes.txt
-
:save-display back-customer.txt
-
:save-display back-stops.txt
Esc
:save-display back-routes.txt
2
:save-display pane2.txt
1
Enter
j
j
j
:save-display drilled4.txt
2
:save-display pane2-4.txt
j
1
:save-display drilled5.txt
1
:save-display drilled-1.txt
EOF
)
ok "the console runs the drill-down script and exits 0" cs_run "$s"

route=$(selected "$D/route.txt")
nstops=$(echo "$route" | awk '{ for (i = 1; i < NF; i++) if ($i ~ /^[0-9]+\/[0-9]+\/[0-9]+\/[0-9]+$/) print $(i + 1) }')
ok "row 2 is Route 01 of Anthony O'Brien" matches "$route" "Route 01 .*Anthony O'Brien"

# Stops of the route.
ok "Enter on a route opens its stops (breadcrumb Routes › Stops)" has "$D/stops.txt" 'Routes › Stops$'
ok "the header names the route and the date" has "$D/stops.txt" '│ Stops: Route 01 · 2026-11'
# At 100 columns the name would be cut: Call and In-Out give way to it
# (their drop ranks in view_stops.c; layout.sh checks
# 80 and 200 columns).
ok "Stops columns at 100: #, Window, Customer, City, Service, Status, Owed" \
	has "$D/stops.txt" '^ +# +Window +Customer +City +Service +Status +Owed$'
ok "the stops pane lists the route's $nstops stops" has "$D/stops.txt" " 1/$nstops\$"
ok "stops are in order, numbered from 1" matches "$(rows "$D/stops.txt" | awk '{ printf "%s ", $1 }')" \
	"^1 2 3 4 5 6 7 8 9 10 \$"
ok "a stop's status is text and glyph (✓ completed)" has "$D/stops.txt" '✓ completed'
ok "a pending stop shows · pending" has "$D/stops.txt" '· pending'
ok "a cancelled stop shows ⊘ cancelled" has "$D/stops.txt" '⊘ cancelled'
ok "a completed stop's preview shows its check-in and check-out" has "$D/stops.txt" \
	' {2,}✓ completed +[0-2][0-9]:[0-5][0-9]-[0-2][0-9]:[0-5][0-9] [A-Z]+ · in/out [0-2][0-9]:[0-5][0-9]-[0-2][0-9]:[0-5][0-9]$'
ok "the preview shows the stop's customer with its id" has "$D/stops.txt" '^ Nelson, Aaron #10179( |$)'
ok "the preview shows balance and age" has "$D/stops.txt" '^ Balance: [0-9]+\.[0-9]{2} \([0-9]+ days\)$'
ok "the preview shows the subscription and the open ticket" has_all "$D/stops.txt" \
	'^ .* {2,}Subscription #[0-9]+ · ' '^ .* {2,}Open ticket #[0-9]+'
ok "moving to stop 2 selects it" has "$D/stop2.txt" ' 2/[0-9]+$'
ok "moving to stop 2 changes the preview" hasnt "$D/stop2.txt" '^ Nelson, Aaron #10179( |$)'
ok "the Stops pane matches its golden screen" golden stops "$D/stops.txt"

# The customer's detail opens on its summary (views.sh checks it); v shows
# the raw record, every field it carries, which the checks below read.
# The console reads it with includeSubscriptions (for the summary's next
# service), so the record it shows carries a subscriptions member too.
cs_api /customer/10179 includeSubscriptions=1 >"$D/c.json"
nfields=$(sed -n '/"customer":[[:space:]]*{/,/^	}/p' "$D/c.json" | grep -Ec '^		"[A-Za-z0-9]+":')
nlinks=$(rows "$D/customer.txt" | grep -c '^→ ')
ok "Enter on a stop opens its customer (Routes › Stops › Detail)" \
	has "$D/customer.txt" 'Routes › Stops › Detail$'
# At 100 columns every tab keeps its whole label beside that trail (in
# Spanish the labels shrink; i18n_es.sh checks it).
ok "at 100 columns the tabs keep their labels beside the trail" \
	has "$D/customer.txt" '^\[1 Routes\] 2 Stops  3 Customers  4 Subscriptions  5 Tickets  6 Timeline +Routes › Stops › Detail$'
ok "the detail names customer #10179" has "$D/customer.txt" 'Detail: Customer #10179'
ok "the detail links to subscriptions, tickets and notes" has_all "$D/customer.txt" \
	'→ Subscriptions' '→ Tickets' '→ Notes'
ok "the detail shows all $nfields fields of the record (plus $nlinks links)" \
	has "$D/customer.txt" " 1/$((nfields + nlinks))\$"
ok "the detail's first field is customerID 10179" has "$D/customer.txt" '^ customerID +10179$'
lastf=$(sed -n '/"customer":[[:space:]]*{/,/^	}/p' "$D/c.json" | grep -E '^		"[A-Za-z0-9]+":' |
	tail -n 1 | sed 's/^[[:space:]]*"\([A-Za-z0-9]*\)".*/\1/')
ok "G reaches the record's last field ($lastf)" has "$D/customer-end.txt" "^▸$lastf( |\$)"

# Its subscriptions, tickets and notes.
nsub=$(cs_count subscription 'customerIDs:=[10179]')
ntick=$(cs_count ticket 'customerIDs:=[10179]')
ok "the subscriptions link counts $nsub" has "$D/customer.txt" "→ Subscriptions \\($nsub\\)"
ok "the tickets link counts $ntick" has "$D/customer.txt" "→ Tickets \\($ntick\\)"
ok "→ Subscriptions lists the customer's subscriptions" has_all "$D/cust-subs.txt" \
	'Detail › Subscriptions$' " 1/$nsub\$"
ok "the subscription rows are the customer's" has "$D/cust-subs.txt" '^▸ *[0-9]+ Nelson, Aaron '
subid=$(selected "$D/cust-subs.txt" | awk '{ sub(/^▸/, ""); print $1 }')
cs_api "/subscription/$subid" >"$D/s.json"
nsf=$(sed -n '/"subscription":[[:space:]]*{/,/^	}/p' "$D/s.json" | grep -Ec '^		"[A-Za-z0-9]+":')
nsl=$(rows "$D/sub-detail.txt" | grep -c '^→ ')
ok "Enter on a subscription opens its detail with all $nsf fields" has_all "$D/sub-detail.txt" \
	"Detail: Subscription #$subid" " 1/$((nsf + nsl))\$"
ok "→ Tickets lists the customer's $ntick tickets" has_all "$D/cust-tickets.txt" \
	'Detail › Tickets$' " 1/$ntick\$"
nnotes=$(cs_count note 'customerIDs:=[10179]')
ok "Esc from the tickets goes back to the detail, on the tickets link" \
	has "$D/back-tickets.txt" '^▸→ Tickets'
ok "→ Notes lists the customer's $nnotes notes" has_all "$D/cust-notes.txt" \
	'Detail › Notes$' " 1/$nnotes\$"

# Back, one level at a time.
ok "- from Notes goes back to the customer's detail" has "$D/back-customer.txt" 'Detail: Customer #10179'
ok "- from the detail goes back to the stops" has "$D/back-stops.txt" 'Routes › Stops$'
ok "Esc from the stops goes back to Routes, on the same route" has_all "$D/back-routes.txt" \
	'^ Route +Technician' '^▸Route 01 .*Anthony'
ok "2 shows the Stops pane of the selected route" has_all "$D/pane2.txt" \
	'^ 1 Routes \[2 Stops\]' 'Stops: Route 01 · ' '^ Nelson, Aaron #10179( |$)'
# One route's stops in two panes (drilled into from Routes, and pane 2)
# keep one selection, keyed to the stop, whichever pane moved it.
ok "drilled into from Routes, stop 4 selected" has "$D/drilled4.txt" ' 4/[0-9]+$'
ok "2 shows the same stop selected, not its own (4)" has "$D/pane2-4.txt" ' 4/[0-9]+$'
ok "moved on pane 2, 1 shows that stop selected in the drill-down (5)" \
	has_all "$D/drilled5.txt" 'Routes › Stops$' ' 5/[0-9]+$'
ok "1 on the Routes pane's drilled stops goes back to the routes, on the same route" \
	has_all "$D/drilled-1.txt" '^ Route +Technician' '^▸Route 01 .*Anthony'
ok "... and shows no trail" hasnt "$D/drilled-1.txt" 'Routes › Stops$'

tap_done
