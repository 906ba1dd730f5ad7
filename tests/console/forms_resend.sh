#!/bin/sh
# forms_resend.sh: a lost send sent again and refused, or lost again: the check still looks for the lost send, and finds it.
#
# TAP.  A note's answer was lost and the note applied.  The dispatcher opens
# its draft, sends it again (y, then Y to "Send it again anyway?") and the
# service refuses that second send.  The check that follows (c on the
# preview) looked for the refused send's pairs among the notes that
# existed before the refused send: the lost note was one of them, so it
# said "NOT applied", and the next y wrote the note a second time.
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start
D=$CS_DIR
port=$(echo "$CS_URL" | sed 's|^http://127\.0\.0\.1:\([0-9]*\)/api$|\1|')
DRAFTS=$XDG_STATE_HOME/routedesk/drafts

# The number of notes of customer $1 whose text contains $2.
notes_with() {
	cs_api /note/search "customerIDs=$1" "content=$2" |
		sed -n 's/^[[:space:]]*"count":[[:space:]]*\([0-9]*\).*/\1/p' | head -n 1
}

# The ids of customer $1's notes, space-separated (a draft's lost-known).
note_ids() {
	cs_api /note/search "customerIDs=$1" | tr -d ' \t\n' |
		sed -n 's/.*"noteIDs":\[\([^]]*\)\].*/\1/p' | tr -d '"' | tr ',' ' '
}

# CASE TEXT-SENT TEXT-NOW: a draft of customer 10000's note whose send of
# TEXT-SENT was lost (and applied: the note is written here), its text
# TEXT-NOW; the console opens it, sends it again into a sandbox that
# refuses everything (FAULT: another fault), then checks it on a sandbox
# that does not.
resend_case() {
	rm -f "$DRAFTS"/note-*
	known=$(note_ids 10000)
	cs_lost_draft note-customer-10000 note/create \
		"$(printf 'customerID=10000\nnotes=%s\ncontactType=3\nshowOnInvoice=0' "$2")" \
		"lost-known=$known" "notes=$3"
	cs_api /note/create customerID=10000 "notes=$2" contactType=3 showOnInvoice=0 >/dev/null
	rm -f "$D/$1-pause1" "$D/$1-pause2"
	mkfifo "$D/$1-pause1" "$D/$1-pause2" || exit 99
	s=$(cs_script "$1" <<EOF
A
:save-display $1-open.txt
S-Tab
S-Tab
Enter
:save-display $1-pause1
y
Y
:save-display $1-refused.txt
:save-display $1-pause2
Enter
c
:save-display $1-checked.txt
Enter
y
EOF
)
	cs_run_bg "$D/$1-trace" "$s" --view customers
	if cs_paused "$1-pause1"; then
		cs_sandbox_stop
		cs_sandbox_restart "$port" --faults "${FAULT:-refuse:1}"
		cs_resume "$1-pause1"
	fi
	if cs_paused "$1-pause2"; then
		cs_sandbox_stop
		cs_sandbox_restart "$port"
		cs_resume "$1-pause2"
	fi
	wait "$CS_CONSOLE"
}

# ---- the same text sent again -------------------------------------------

resend_case same 'forms-resend alpha' 'forms-resend alpha'
ok "same: the console runs the script" eq "$?" 0
ok "same: the draft came back with its lost send" has "$D/same-open.txt" 'answer was lost'
ok "same: the second send was refused" has "$D/same-refused.txt" 'Refused by the service'
ok "same: the check finds the lost send applied" has "$D/same-checked.txt" 'Checked: it was applied'
ok "same: one note on the server, not two" eq "$(notes_with 10000 'forms-resend alpha')" 1

# ---- a typo fixed before the second send ----------------------------------

resend_case edited 'forms-resend bravo recieved' 'forms-resend bravo received'
ok "edited: the console runs the script" eq "$?" 0
ok "edited: the second send was refused" has "$D/edited-refused.txt" 'Refused by the service'
ok "edited: the check finds what went out first, applied; the edit kept" \
	has "$D/edited-checked.txt" 'Checked: it was applied as first sent, nothing was resent; your'
ok "edited: one note on the server, not two" eq "$(notes_with 10000 'forms-resend bravo')" 1

# ---- the second send's answer lost too, the text edited -------------------
# An HTTP 500 to the second send (not applied; its outcome unknown): the
# check looked only for the second send's text, did not find it, said
# "NOT applied", and the next y wrote the note a second time.

FAULT=500:1 resend_case lost2 'forms-resend charlie recieved' 'forms-resend charlie received'
ok "lost2: the console runs the script" eq "$?" 0
ok "lost2: the second send's outcome is unknown" has "$D/lost2-refused.txt" 'may or may not have been applied'
ok "lost2: the check finds what went out first, applied; the edit kept" \
	has "$D/lost2-checked.txt" 'Checked: it was applied as first sent, nothing was resent; your'
ok "lost2: one note on the server, not two" eq "$(notes_with 10000 'forms-resend charlie')" 1

# ---- the console ends while the second send is on its way ----------------
# The draft saved as the second send went out kept only that send's pairs:
# the next run's check looked for the edited text alone, said "NOT
# applied" of the first send on the server, and y wrote the note twice.
# The sandbox is stopped (SIGSTOP) so the second send never gets an
# answer, nor is it applied: the console quits (Q) with it in flight.

rm -f "$DRAFTS"/note-*
known=$(note_ids 10000)
cs_lost_draft note-customer-10000 note/create \
	"$(printf 'customerID=10000\nnotes=%s\ncontactType=3\nshowOnInvoice=0' 'forms-resend delta recieved')" \
	"lost-known=$known" "notes=forms-resend delta received"
cs_api /note/create customerID=10000 "notes=forms-resend delta recieved" contactType=3 showOnInvoice=0 >/dev/null
rm -f "$D/quit-pause"
mkfifo "$D/quit-pause" || exit 99
s=$(cs_script quit1 <<EOF
A
S-Tab
S-Tab
Enter
:save-display quit-pause
y
:script-race on
Y
Q
EOF
)
cs_run_bg "$D/quit1-trace" "$s" --view customers
if cs_paused quit-pause; then
	kill -STOP "$CS_SBPID"
	cs_resume quit-pause
fi
wait "$CS_CONSOLE"
ok "quit: the console ends with the second send unanswered" eq "$?" 0
ok "quit: its draft kept the second send's text" \
	grep -q '^lost-pair=notes=forms-resend delta received$' "$DRAFTS/note-customer-10000"
cs_sandbox_stop KILL
cs_sandbox_restart "$port"
s=$(cs_script quit2 <<EOF
A
:save-display quit-open.txt
S-Tab
S-Tab
Enter
:save-display quit-preview.txt
y
Y
:save-display quit-y.txt
c
:save-display quit-checked.txt
EOF
)
ok "quit: the next run's console runs" cs_run "$s" --view customers
ok "quit: the draft came back with its lost send" has "$D/quit-open.txt" 'answer was lost'
ok "quit: the preview says the two sends are checked first" \
	has "$D/quit-preview.txt" 'Sent twice with no answer: c checks the record before anything'
ok "quit: y and Y send nothing before the check, and say so" \
	has "$D/quit-y.txt" 'Two sends of this may already be saved: c checks the record first; nothing was sent'
ok "quit: the check finds the first send, applied; the edit kept" \
	has "$D/quit-checked.txt" 'Checked: it was applied as first sent, nothing was resent; your'
ok "quit: one note on the server, not two" eq "$(notes_with 10000 'forms-resend delta')" 1

tap_done
