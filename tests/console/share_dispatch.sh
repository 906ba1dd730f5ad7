#!/bin/sh
# share_dispatch.sh: two dispatchers of one office on one share move the same stop: the second's open form learns the first's move at its next refresh, with no read, and y does not write over it; a lost move or note found applied by c reaches it too.
#
# TAP.  Console A ticks first (the office's ticker), then moves a stop;
# console B, not the ticker, has the move form open on the same stop and
# refreshes before A ticks again: A's write reaches B through the share's
# written/ (the record A read back), not through a tick of the changelog.
# A move whose answer was lost, found applied by c, reaches the other
# console the same way: its check read the stop back; and so does a lost
# note, which no changelog or tick would ever name.
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start
D=$CS_DIR
SHARE=$D/office
mkdir -p "$SHARE"
mkfifo "$D/syncA1" "$D/syncA2" "$D/syncB1" "$D/syncA3" "$D/syncA4" "$D/syncA5" "$D/syncB2" \
	"$D/syncA6" "$D/syncA7" "$D/syncA8" "$D/syncB3" || exit 99

# console NAME SCRIPT [ARGS...]: a console on the share, its trace in
# trace.NAME, its drafts and state its own (two dispatchers, two users).
console() {
	cs_console "$SHARE" "$@"
}
# span NAME FROM TO: the trace of console NAME from key line FROM to TO.
span() {
	cs_span "$D/trace.$1" "$2" "$3"
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

# ---- a lost move, checked applied, reaches the other console ------------

port=$(echo "$CS_URL" | sed 's|.*:\([0-9]*\)/.*|\1|')
a=$(cs_script a2 <<'EOF2'
:refresh
Enter
G
k
M
:save-display a2-open.txt
Tab
C-u
"09:10"
Tab
C-u
"09:40"
Tab
Tab
Enter
:save-display syncA3
y
:save-display a2-lost.txt
:save-display syncA4
c
:save-display a2-checked.txt
:save-display syncA5
EOF2
)
b=$(cs_script b2 <<'EOF2'
Enter
G
k
M
:save-display b2-open.txt
:save-display syncB2
:refresh
:save-display b2-edit.txt
Esc
EOF2
)
console A2 "$a" &
pa=$!
cs_wait_for "$D/trace.A2" 'key :save-display syncA3' 120
console B2 "$b" &
pb=$!
cs_wait_for "$D/trace.B2" 'key :save-display syncB2' 120
# The write goes through and its answer is lost; then the link is whole.
cs_sandbox_stop
cs_sandbox_restart "$port" --faults drop:1 || echo "Bail out! the sandbox did not start again"
cat "$D/syncA3" >/dev/null
cs_wait_for "$D/trace.A2" 'key :save-display syncA4' 120
cs_sandbox_stop
cs_sandbox_restart "$port" || echo "Bail out! the sandbox did not start again"
cat "$D/syncA4" >/dev/null
cs_wait_for "$D/trace.A2" 'key :save-display syncA5' 120
cat "$D/syncB2" >/dev/null # B refreshes: A has not ticked since
wait $pb
ok "lost: console B exits 0" test $? -eq 0
cat "$D/syncA5" >/dev/null
wait $pa
ok "lost: console A exits 0" test $? -eq 0

stop=$(form_stop "$D/a2-open.txt")
ok "lost: both forms are on the same stop ($stop)" eq "$(form_stop "$D/b2-open.txt")" "$stop"
ok "lost: A's answer was lost" has "$D/a2-lost.txt" 'nswer was lost'
ok "lost: A's check found the move applied" has "$D/a2-checked.txt" 'Checked: it was applied'
ok "lost: the stop moved" eq "$(field "$stop" start)" "09:10:00"
ok "lost: B's refresh cost no read" eq "$(span B2 :refresh ':save-display b2-edit.txt' | grep -c ' request ')" 0
ok "lost: B's form says the stop changed, and how" \
	has "$D/b2-edit.txt" "^! Stop $stop changed since this form took its values: time [0-9:]*-[0-9:]* .* 09:10-09:40"

# ---- a lost note, checked applied, reaches the other console's Notes -----

a=$(cs_script a3 <<'EOF2'
:refresh
A
"lost gate code 4711"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
:save-display a3-preview.txt
:save-display syncA6
y
:save-display a3-lost.txt
:save-display syncA7
c
:save-display a3-checked.txt
:save-display syncA8
EOF2
)
b=$(cs_script b3 <<'EOF2'
Enter
G
Enter
:save-display b3-notes0.txt
:save-display syncB3
:refresh
:save-display b3-notes1.txt
EOF2
)
console A3 "$a" --view customers &
pa=$!
cs_wait_for "$D/trace.A3" 'key :save-display syncA6' 120
console B3 "$b" --view customers &
pb=$!
cs_wait_for "$D/trace.B3" 'key :save-display syncB3' 120
cs_sandbox_stop
cs_sandbox_restart "$port" --faults drop:1 || echo "Bail out! the sandbox did not start again"
cat "$D/syncA6" >/dev/null
cs_wait_for "$D/trace.A3" 'key :save-display syncA7' 120
cs_sandbox_stop
cs_sandbox_restart "$port" || echo "Bail out! the sandbox did not start again"
cat "$D/syncA7" >/dev/null
cs_wait_for "$D/trace.A3" 'key :save-display syncA8' 120
cat "$D/syncB3" >/dev/null
wait $pb
ok "note: console B exits 0" test $? -eq 0
cat "$D/syncA8" >/dev/null
wait $pa
ok "note: console A exits 0" test $? -eq 0
ok "note: A's preview is the note's" has "$D/a3-preview.txt" 'lost gate code 4711'
ok "note: A's answer was lost" has "$D/a3-lost.txt" 'nswer was lost'
ok "note: A's check found it applied" has "$D/a3-checked.txt" 'Checked: it was applied'
ok "note: B's Notes did not show it before" hasnt "$D/b3-notes0.txt" 'lost gate code 4711'
ok "note: B's refresh cost no read" eq "$(span B3 :refresh ':save-display b3-notes1.txt' | grep -c ' request ')" 0
ok "note: B's Notes show it after the refresh" has "$D/b3-notes1.txt" 'lost gate code 4711'

tap_done
