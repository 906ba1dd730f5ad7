#!/bin/sh
# share_dispatch.sh: two dispatchers of one office on one share move the same stop: the second's open form learns the first's move at its next refresh, with no read, and y does not write over it.
#
# TAP.  Console A ticks first (the office's ticker), then moves a stop;
# console B, not the ticker, has the move form open on the same stop and
# refreshes before A ticks again: A's write reaches B through the share's
# written/ (the record A read back), not through a tick of the changelog.
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start
D=$CS_DIR
SHARE=$D/office
mkdir -p "$SHARE"
mkfifo "$D/syncA1" "$D/syncA2" "$D/syncB1" || exit 99

# console NAME SCRIPT: a console on the share, its trace in trace.NAME.
console() {
	(cd "$D" && ROUTEDESK_SHARE="$SHARE" ROUTEDESK_TRACE="$D/trace.$1" ROUTEDESK_SCRIPT="$2" \
		${CS_TIMEOUT_CMD:-timeout} 120 "$CS_BIN" --fresh --date "$CS_TODAY" \
		>"$D/out.$1" 2>"$D/err.$1" </dev/null)
}
# span NAME FROM TO: the trace of console NAME from key line FROM to TO.
span() {
	awk -v from="key $2" -v to="key $3" '
		!on && index($0, from) { on = 1; next }
		on && index($0, to) { exit }
		on' "$D/trace.$1"
}
field() {
	cs_api "/appointment/$1" | sed -n "s/^[[:space:]]*\"$2\":[[:space:]]*\"\\(.*\\)\",\\{0,1\\}\$/\\1/p" | head -n 1
}
form_stop() {
	sed -n 's/^  Stop \*  *\([0-9][0-9]*\).*$/\1/p' "$1" | head -n 1
}

a=$(cs_script a <<'EOF2'
:refresh
:save-display syncA1
Enter
G
M
:save-display a-open.txt
Tab
C-u
"08:10"
Tab
C-u
"08:40"
Tab
Tab
Enter
y
:save-display a-sent.txt
:save-display syncA2
EOF2
)
b=$(cs_script b <<'EOF2'
Enter
G
M
:save-display b-open.txt
:save-display syncB1
:refresh
:save-display b-edit.txt
Tab
C-u
"16:00"
Tab
C-u
"16:30"
Tab
Tab
Enter
:save-display b-preview.txt
y
:save-display b-y.txt
Esc
:save-display b-stops.txt
EOF2
)
console A "$a" &
pa=$!
cs_wait_for "$D/trace.A" 'key :save-display syncA1' 120
console B "$b" &
pb=$!
cs_wait_for "$D/trace.B" 'key :save-display syncB1' 120
cat "$D/syncA1" >/dev/null # A moves the stop, and waits
cs_wait_for "$D/trace.A" 'key :save-display syncA2' 120
cat "$D/syncB1" >/dev/null # B refreshes: A has not ticked since
wait $pb
ok "console B exits 0" test $? -eq 0
cat "$D/syncA2" >/dev/null
wait $pa
ok "console A exits 0" test $? -eq 0

stop=$(form_stop "$D/a-open.txt")
ok "both forms are on the same stop ($stop)" eq "$(form_stop "$D/b-open.txt")" "$stop"
ok "A moved it" has "$D/a-sent.txt" "Stop $stop moved"
ok "B's refresh cost no read" eq "$(span B :refresh ':save-display b-edit.txt' | grep -c ' request ')" 0
ok "B's form says the stop changed, and how" \
	has "$D/b-edit.txt" "^! Stop $stop changed since this form took its values: time [0-9:]*-[0-9:]* .* 08:10-08:40"
ok "B's preview names it: only Y sends" has "$D/b-preview.txt" 'Y \(capital\) sends it'
ok "B's y wrote nothing over A's move" eq "$(field "$stop" start)" "08:10:00"
ok "B sent no write" eq "$(grep -c 'request /appointment/update ' "$D/trace.B")" 0
ok "B's Stops pane shows the stop at A's time" has "$D/b-stops.txt" ' 08:10-08:40 '

tap_done
