#!/bin/sh
# filter.sh: / narrows the rows and counts them, n and N step through matches, Esc takes it off; q and Esc never lose a session.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script filter <<'EOF'
n
:save-display routes-n0.txt
/
"Route 0"
Enter
:save-display routes-f.txt
/
C-u
"Route 01"
Enter
:save-display routes-f2.txt
n
:save-display routes-n.txt
n
:save-display routes-n2.txt
N
:save-display routes-N.txt
Esc
:save-display routes-esc.txt
/
C-u
"no such route"
Enter
:save-display routes-none.txt
Esc
3
/
"Scottsdale"
Enter
:save-display cust-f.txt
n
:save-display cust-n.txt
G
:save-display cust-G.txt
N
:save-display cust-N.txt
/
"zz"
Esc
:save-display cust-cancel.txt
Esc
:save-display cust-esc.txt
EOF
)
ok "the console runs the filter script and exits 0" cs_run "$s"

nroutes=$(cs_count route date=$CS_TODAY)
# Routes: "Route 0" leaves out the Commercial route.
ok "the filter is shown with its count (7 of $nroutes)" has "$D/routes-f.txt" "/Route 0 7/$nroutes "
ok "the filter narrows the rows to 7" test "$(rows "$D/routes-f.txt" | grep -c '^Route 0')" -eq 7
ok "the route that does not match is hidden" hasnt "$D/routes-f.txt" '^.Commercial'
ok "the status line counts the rows shown (1/7)" has "$D/routes-f.txt" ' 1/7$'
ok "/ opens on the current filter and C-u clears it: a second filter (Route 01: 2 of $nroutes)" \
	has "$D/routes-f2.txt" "/Route 01 2/$nroutes "
ok "n goes to the next matching row" has "$D/routes-n.txt" ' 2/2$'
ok "n at the last match wraps to the first" has "$D/routes-n2.txt" ' 1/2$'
ok "N at the first match wraps to the last" has "$D/routes-N.txt" ' 2/2$'
ok "Esc at the pane's root takes the filter off" has "$D/routes-esc.txt" " [0-9]+/$nroutes\$"
ok "the selection stays on its route when the filter goes" has "$D/routes-esc.txt" "^▸Route 01 +Michael Brooks"
ok "Esc shows every route again" has "$D/routes-esc.txt" '^.Commercial'
ok "a filter matching nothing says so" has "$D/routes-none.txt" 'no loaded row matches the filter'
ok "a filter matching nothing counts 0" has "$D/routes-none.txt" "/no such route 0/$nroutes"

# Customers: the filter narrows what is loaded; compare with the service.
ncust=$(cs_count customer)
nscott=$(cs_api /customer/search includeData:=1 | grep -Ec '^[[:space:]]*"city":[[:space:]]*"Scottsdale"')
ok "Customers: Scottsdale narrows to the service's $nscott customers of Scottsdale" \
	has "$D/cust-f.txt" "/Scottsdale $nscott/$ncust "
bad=$(rows "$D/cust-f.txt" | grep -E '^ *[0-9]+ ' | grep -v ' Scottsdale ')
ok "no row of another city is shown" test -z "$bad"
ok "n moves to the second match" has "$D/cust-n.txt" " 2/$nscott\$"
ok "G goes to the last match" has "$D/cust-G.txt" " $nscott/$nscott\$"
ok "N from the last goes to the one before" has "$D/cust-N.txt" " $((nscott - 1))/$nscott\$"
ok "Esc in the prompt puts the previous filter back" has "$D/cust-cancel.txt" "/Scottsdale $nscott/$ncust "
ok "Esc at the root takes the filter off: all $ncust customers" has "$D/cust-esc.txt" "/$ncust\$"
ok "no filter is shown after Esc" hasnt "$D/cust-esc.txt" '/Scottsdale'

# A drilled-down view with a filter: Esc takes the filter off first and
# only then closes the view; q on another pane's root goes to Routes,
# and only q on Routes quits (a k9s or tig habit must not end a session).
s=$(cs_script esc-q <<'EOF'
Enter
:save-display stops.txt
/
"zzz-nothing"
Enter
Esc
:save-display stops-esc.txt
Esc
:save-display stops-esc2.txt
3
q
:save-display cust-q.txt
:save-display still-here.txt
EOF
)
ok "the Esc and q script exits 0" cs_run "$s"
ok "Enter opened the stops of the first route" has "$D/stops.txt" 'Routes › Stops$'
ok "Esc on a filtered drill-down takes the filter off, the view stays" \
	has_all "$D/stops-esc.txt" 'Routes › Stops$'
ok "no filter is left after that Esc" hasnt "$D/stops-esc.txt" 'zzz-nothing'
ok "a second Esc goes back to Routes" hasnt "$D/stops-esc2.txt" 'Routes › Stops$'
ok "q on the Customers pane goes to Routes rather than quitting" has "$D/cust-q.txt" '^\[1 Routes\]'
ok "the console still runs after q on Customers" test -s "$D/still-here.txt"

s=$(cs_script q-routes <<'EOF'
q
:save-display after-q.txt
EOF
)
ok "q on Routes quits (the script's next step never runs)" cs_run "$s"
ok "nothing was saved after q on Routes" test ! -e "$D/after-q.txt"

ok "n before any filter says how to set one, not that nothing matches" \
	has_all "$D/routes-n0.txt" '^Nothing to look for: / sets a filter, n and N then go through its matches'
tap_done
