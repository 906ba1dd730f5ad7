#!/bin/sh
# share_note.sh: a note written in one console of a share costs the others no read: not when its note comes from written/, nor when the tick names its customer; a change of the customer itself is still read.
#
# TAP.  Console A ticks first (the office's ticker) and writes a note on
# the first customer; console B shows that customer's detail with its Notes
# on top.  B takes the note from the share's written/ at its next refresh;
# then A ticks, and the changelog names the customer (a note has no class:
# the service logs its create against its customer).  That change is the
# note's, whose record B already holds: the customer's record, its row and
# its tickets are as they were, and B (and A, the writer) read nothing for
# it.  Before, every console showing the customer read its detail again:
# the record, the Customers row and the tickets, three reads.  A change of
# the customer's own (its red notes) is still read, and shown.
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start
D=$CS_DIR
SHARE=$D/office
mkdir -p "$SHARE"
mkfifo "$D/syncA1" "$D/syncA2" "$D/syncA3" "$D/syncA4" "$D/syncB1" "$D/syncB2" "$D/syncB3" ||
	exit 99

# console NAME SCRIPT [ARGS...]: a console on the share, its trace in
# trace.NAME, its drafts and state its own (two dispatchers, two users).
console() {
	cs_console "$SHARE" "$@"
}
# reads NAME FROM TO: the requests console NAME made from key line FROM to TO.
reads() {
	cs_span "$D/trace.$1" "$2" "$3" | grep -c ' request '
}
# at NAME SYNC: until console NAME has reached ":save-display SYNC".
at() {
	cs_wait_for "$D/trace.$1" "key :save-display $2" 120 ||
		echo "Bail out! console $1 did not reach $2"
}

a=$(cs_script a <<'EOF2'
:refresh
:save-display syncA1
A
"shared gate code 4711"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
y
:save-display a-saved.txt
:save-display syncA2
:refresh
:save-display a-tick1.txt
:save-display syncA3
:refresh
:save-display a-tick2.txt
:save-display syncA4
EOF2
)
b=$(cs_script b <<'EOF2'
Enter
G
:save-display b-detail0.txt
Enter
:save-display b-notes0.txt
:save-display syncB1
:refresh
:save-display b-notes1.txt
:save-display syncB2
:refresh
:save-display b-notes2.txt
Esc
:save-display b-detail2.txt
:save-display syncB3
:refresh
:save-display b-detail3.txt
EOF2
)
console A "$a" --view customers &
pa=$!
at A syncA1
console B "$b" --view customers &
pb=$!
at B syncB1
cat "$D/syncA1" >/dev/null # A writes the note
at A syncA2
cat "$D/syncB1" >/dev/null # B refreshes: A has not ticked since
at B syncB2
cat "$D/syncA2" >/dev/null # A ticks: the changelog names the customer
at A syncA3
cat "$D/syncB2" >/dev/null # B takes that tick
at B syncB3
cust=$(sed -n 's/.*Customer #\([0-9][0-9]*\).*/\1/p' "$D/b-detail0.txt" | head -n 1)
cs_api /customer/update "customerID=$cust" notes='gate moved to the back lane' >"$D/red.json"
cat "$D/syncA3" >/dev/null # A ticks: the customer's red notes changed
at A syncA4
cat "$D/syncB3" >/dev/null # B takes that tick
wait $pb
ok "console B exits 0" test $? -eq 0
cat "$D/syncA4" >/dev/null
wait $pa
ok "console A exits 0" test $? -eq 0

ok "A saved the note" has "$D/a-saved.txt" 'Note saved \(id [0-9]+\)'
ok "B shows customer #$cust" test -n "$cust"
ok "the note is on the server once" \
	eq "$(cs_count note "customerIDs=$cust" content='shared gate code 4711')" 1
ok "B's Notes did not show it before" hasnt "$D/b-notes0.txt" 'shared gate code 4711'
ok "B took the note from the share: no read" eq "$(reads B :refresh ':save-display b-notes1.txt')" 0
ok "B's Notes show it" has "$D/b-notes1.txt" 'shared gate code 4711'
ok "A's tick asked what changed, and read nothing more for its own note" \
	eq "$(reads A ':save-display syncA2' ':save-display a-tick1.txt')" 1
ok "the tick that names the note's customer costs B no read" \
	eq "$(reads B ':save-display syncB2' ':save-display b-notes2.txt')" 0
ok "B's Notes still show the note" has "$D/b-notes2.txt" 'shared gate code 4711'
ok "B's detail is the one it read first" \
	eq "$(sed 1d "$D/b-detail2.txt" | sed '$d')" "$(sed 1d "$D/b-detail0.txt" | sed '$d')"
ok "the service changed the customer's red notes" grep -q '"success":[[:space:]]*true' "$D/red.json"
ok "a change of the customer itself: B reads its record again" \
	eq "$(cs_span "$D/trace.B" ':save-display syncB3' ':save-display b-detail3.txt' |
		grep -c " request /customer/$cust ")" 1
ok "and shows it" has "$D/b-detail3.txt" 'gate moved to the back lane'

tap_done
