#!/bin/sh
# index_seed.sh: the Customers pane's search of everyone, whole on its first page, is the customer index: Subscriptions and Tickets then name their customers with no read; R still reads anew.
#
# The Subscriptions and Tickets panes name each row's customer by a get of
# those customers: after Customers had just read every customer (300, one
# page), each pane paid a get of them again (436 KB and 340 KB here, a read
# each), and the first look-up read the same search once more to build the
# index.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start
export LINES=24 COLUMNS=80

D=$CS_DIR
panes() {
	cs_script "$1" <<EOF2
3
:save-display $1-cust.txt
4
:save-display $1-subs.txt
5
:save-display $1-tickets.txt
3
R
:save-display $1-again.txt
EOF2
}
# The same panes asking the service for every get ([ui] customer_index = 0).
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[ui]\ncustomer_index = 0\n' >"$XDG_CONFIG_HOME/routedesk/config"
export ROUTEDESK_TRACE="$D/trace.off"
ok "the console runs the panes without the index and exits 0" cs_run "$(panes off)"
rm -f "$XDG_CONFIG_HOME/routedesk/config"
export ROUTEDESK_TRACE="$D/trace.on"
ok "the console runs the panes with it and exits 0" cs_run "$(panes on)"

# between TRACE FROM TO WHAT: trace lines of WHAT between two keys.
between() {
	awk -v from="key $2" -v to="key $3" '
		!on && index($0, from) { on = 1; next }
		on && index($0, to) { exit }
		on' "$1" | grep -c " $4 "
}
ok "without the index, Subscriptions reads its customers (premise)" \
	eq "$(between "$D/trace.off" 4 ':save-display off-subs.txt' 'request /customer/get')" 1
ok "Customers reads every customer once" \
	eq "$(between "$D/trace.on" 3 ':save-display on-cust.txt' 'request /customer/search')" 1
ok "... and its answer is the index" \
	eq "$(between "$D/trace.on" 3 ':save-display on-cust.txt' 'lookup /customer index')" 1
ok "Subscriptions names its customers with no read" \
	eq "$(between "$D/trace.on" 4 ':save-display on-subs.txt' 'request /customer/get')" 0
ok "... answered by the index" \
	eq "$(between "$D/trace.on" 4 ':save-display on-subs.txt' 'lookup /customer/get')" 1
ok "Tickets names its customers with no read" \
	eq "$(between "$D/trace.on" 5 ':save-display on-tickets.txt' 'request /customer/get')" 0
ok "R on Customers still reads the search anew" \
	eq "$(between "$D/trace.on" R ':save-display on-again.txt' 'request /customer/search')" 1
for f in cust subs tickets again; do
	ok "$f: the same screen as without the index" \
		eq "$(sed 1d "$D/on-$f.txt")" "$(sed 1d "$D/off-$f.txt")"
done
ok "Subscriptions shows its customers' names" has "$D/on-subs.txt" '^▸ +1 Ångström, José'
tap_done
