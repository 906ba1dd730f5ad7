#!/bin/sh
# recent.sh: an identical read seconds after the first takes its answer (:sub lead then L, Customers then the index's first look-up), counted from the answer on a slow link; the index kept for the next run.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
export ROUTEDESK_TRACE="$D/trace"
s=$(cs_script recent <<'EOF'
4
:sub lead
:save-display lead.txt
L
:save-display form.txt
Esc
3
:save-display cust.txt
R
:save-display again.txt
:cust smith
:save-display smith.txt
EOF
)
ok "the console runs the script and exits 0" cs_run "$s"

# reqs FROM TO WHAT: trace lines of WHAT between two keys.
reqs() {
	awk -v from="key $1" -v to="key $2" '
		!on && index($0, from) { on = 1; next }
		on && index($0, to) { exit }
		on' "$D/trace" | grep -c " $3 "
}
ok "the lead-stage form's search of leads is :sub lead's answer, not read again" \
	eq "$(reqs 'L' ':save-display form.txt' 'request /subscription/search')" 0
ok "... taken as a shared answer" \
	eq "$(reqs 'L' ':save-display form.txt' 'shared /subscription/search')" 1
ok "the form still lists the lead stages" has "$D/form.txt" '[Ss]tage'
ok "the customer index's build takes the Customers pane's search of everyone" \
	eq "$(reqs ':cust smith' ':save-display smith.txt' 'request /customer/search')" 0
ok ":cust smith lists the smiths" has "$D/smith.txt" 'Smith'
ok "R reads the search anew, not the answer of a moment ago" \
	eq "$(reqs 'R' ':save-display again.txt' 'request /customer/search')" 1

# A customer opened again (Stops, Enter, back, Enter) takes the record and
# its tickets read a moment ago: it read both (2 reads) at every open.
s=$(cs_script reopen <<'EOF'
j
Enter
Enter
:save-display open1.txt
Esc
Enter
:save-display open2.txt
EOF
)
ok "reopen: the console runs the script and exits 0" cs_run "$s"
ok "reopen: the first open reads the customer" \
	test "$(reqs 'Enter' ':save-display open1.txt' 'request /customer/[0-9]*')" -ge 1
ok "reopen: the second open reads no customer and no tickets" \
	eq "$(($(awk '/key :save-display open1.txt/ { on = 1; next } on && /key :save-display open2.txt/ { exit } on' "$D/trace" |
		grep -c -E ' request /(customer/[0-9]|ticket/get|ticket/search)')))" 0
ok "reopen: ... but takes the answers kept" \
	test "$(awk '/key :save-display open1.txt/ { on = 1; next } on && /key :save-display open2.txt/ { exit } on' "$D/trace" |
		grep -c -E ' shared /customer/[0-9]')" -ge 1
ok "reopen: it shows the same customer" \
	eq "$(sed -n 3,6p "$D/open2.txt")" "$(sed -n 3,6p "$D/open1.txt")"

# The index outlives the run, in the user's own file: the next console's
# first look-up reads no customer (it built it again at each start).
kept=$(ls "$XDG_STATE_HOME"/routedesk/lookup/*-customer.json 2>/dev/null)
ok "the customer index is kept in the state directory" test -f "$kept"
ok "... readable by the user alone" eq "$(stat -c %a "$kept" 2>/dev/null)" 600
s=$(cs_script next <<'EOF'
:cust jones
:save-display jones.txt
EOF
)
ok "the next console runs its script and exits 0" cs_run "$s"
ok "its first look-up read no customer (neither search nor get)" \
	eq "$(($(reqs ':cust jones' ':save-display jones.txt' 'request /customer/search') +
		$(reqs ':cust jones' ':save-display jones.txt' 'request /customer/get')))" 0
ok "... but answered from the index" \
	eq "$(reqs ':cust jones' ':save-display jones.txt' 'lookup /customer/search')" 1
ok ":cust jones lists the joneses" has "$D/jones.txt" 'Jones'

# On a slow link the answer is kept for RECENT_KEEP_MS after it came, not
# after it was asked: with 4 s a read, the lead-stage form's reads before
# its search of leads took the search past 10 s after :sub lead asked it
# (8 s after its answer), and it was read again.
cs_sandbox_stop
cs_sandbox_start --latency 4000
export ROUTEDESK_TRACE="$D/trace"
rm -f "$D/trace"
s=$(cs_script slow <<'EOF'
4
:sub lead
:save-display slow-lead.txt
L
:save-display slow-form.txt
Esc
EOF
)
ROUTEDESK_SCRIPT_TIMEOUT=120
export ROUTEDESK_SCRIPT_TIMEOUT
ok "slow: the console runs the script and exits 0" cs_run "$s"
ok "slow: the form's search of leads is :sub lead's answer, not read again" \
	eq "$(reqs 'L' ':save-display slow-form.txt' 'request /subscription/search')" 0
ok "slow: the form still lists the lead stages" has "$D/slow-form.txt" '[Ss]tage'

tap_done
