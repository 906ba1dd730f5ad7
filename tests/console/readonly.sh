#!/bin/sh
# readonly.sh: --readonly refuses A, + and L, hides them from help, and sends no write at all.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
export ROUTEDESK_TRACE="$D/trace"

# writes TRACE: the request lines of TRACE that are not reads (a read is a
# search, a get, or a record by id).
writes() {
	grep ' request ' "$1" | awk '{ print $3 }' |
		grep -Ev '/(search|get|[0-9]+)$' || true
}

# Control: without --readonly, A and + open their forms (and Esc closes
# them unsent), so the refusal below is --readonly's doing.
s=$(cs_script control <<'EOF'
Enter
A
:save-display rw-note.txt
Esc
5
+
:save-display rw-addon.txt
Esc
?
/
"add_"
Enter
:save-display rw-help.txt
EOF
)
ok "without --readonly the console runs and exits 0" cs_run "$s"
ok "without --readonly, A opens the note form" has_all "$D/rw-note.txt" '^ Add a note · ' '\[ Cancel \]'
ok "without --readonly, + opens the add-on form" has_all "$D/rw-addon.txt" '^ Invoice add-on · ' '\[ Cancel \]'
ok "without --readonly, help lists the three writes" has "$D/rw-help.txt" '/add_ 2/'
ok "closing the forms sent nothing" test -z "$(writes "$D/trace")"

log0=$(cs_count changelog)
w0=$(cs_usage requestsWriteToday)
s=$(cs_script readonly <<'EOF'
:save-display ro-routes.txt
Enter
A
:save-display ro-stop-A.txt
+
:save-display ro-stop-plus.txt
L
:save-display ro-stop-L.txt
3
A
:save-display ro-cust-A.txt
L
:save-display ro-cust-L.txt
Enter
A
:save-display ro-detail-A.txt
4
:sub lead
L
:save-display ro-sub-L.txt
5
+
:save-display ro-ticket-plus.txt
A
:save-display ro-ticket-A.txt
:info
:save-display ro-info.txt
q
?
/
"add_"
Enter
:save-display ro-help.txt
q
:log
:save-display ro-log.txt
q
:resize 80x24
:save-display ro-80.txt
EOF
)
ok "--readonly runs the script and exits 0" cs_run "$s" --readonly
for f in stop-A stop-plus stop-L cust-A cust-L detail-A sub-L ticket-plus ticket-A; do
	ok "--readonly: $f says read-only and opens no form" sh -c \
		'grep -q "Read-only session" "$1" && ! grep -q "\[ Cancel \]" "$1"' - "$D/ro-$f.txt"
done
# The mark of the mode must survive narrow screens: the hints give way,
# not the mark (at 100 and at the minimum 80 columns).
ok "--readonly: the status line marks the session [read-only], whole" \
	has "$D/ro-routes.txt" ' \[read-only\] '
ok "--readonly: at 80x24 the status line still says [read-only]" \
	has "$D/ro-80.txt" ' \[read-only\] '

ok "--readonly: :info says read-only" has "$D/ro-info.txt" '^ Mode +read-only$'
ok "--readonly: help hides the writes (add_note, add_on, lead_stage)" \
	has "$D/ro-help.txt" '/add_ 0/'
w=$(writes "$D/trace")
ok "--readonly: no write request left the console" test -z "$w"
[ -n "$w" ] && note "writes: $w"
ok "--readonly: the console did read (the trace has requests)" grep -q ' request .*/search ' "$D/trace"
ok "--readonly: the service's changelog did not grow ($log0)" test "$(cs_count changelog)" = "$log0"
ok "--readonly: the service counted no write ($w0)" test "$(cs_usage requestsWriteToday)" = "$w0"

tap_done
