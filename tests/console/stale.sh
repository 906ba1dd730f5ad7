#!/bin/sh
# stale.sh: a dispatch form whose stop another hand changed since it took its values says so, names the change in the preview, and sends over it only on Y; a lost move is checked against what was sent and what the stop was.
#
# TAP.  The console (ROUTEDESK_SCRIPT) opens M, X and D on stops of the
# generated day (seed 7); while it waits on a FIFO the test changes the
# stop through `routedesk api`, as a second dispatcher would, and the
# console's :refresh brings the change in (the changelog's tick).
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start
D=$CS_DIR

# ID FIELD: a member of the appointment as the server holds it.
field() {
	cs_api "/appointment/$1" | sed -n "s/^[[:space:]]*\"$2\":[[:space:]]*\"\\(.*\\)\",\\{0,1\\}\$/\\1/p" | head -n 1
}

# FILE: the stop the open form is on (its "Stop" field).
form_stop() {
	sed -n 's/^  Stop \*  *\([0-9][0-9]*\).*$/\1/p' "$1" | head -n 1
}

# ID TIME: moves the stop to TIME-end 30 minutes later, as another
# dispatcher's console would.
other_move() {
	cs_api /appointment/update "appointmentID=$1" "start=$2" "end=$3" >>"$D/other.json"
}

mkfifo "$D/pause1" "$D/pause2" "$D/pause3" || exit 99
s=$(cs_script stale <<'EOF'
Enter
G
M
:save-display open1.txt
:save-display pause1
:refresh
:save-display edit1.txt
Tab
C-u
"16:00"
Tab
C-u
"16:30"
Tab
Tab
Enter
:save-display preview1.txt
y
:save-display y1.txt
Y
:save-display sent1.txt
k
M
:save-display open2.txt
Tab
C-u
"15:00"
Tab
C-u
"15:30"
Tab
Tab
Enter
:save-display preview2.txt
:save-display pause2
:refresh
:save-display preview2-after.txt
y
:save-display y2.txt
n
:save-display back2.txt
Esc
k
X
:save-display open3.txt
:save-display pause3
:refresh
:save-display edit3.txt
Esc
EOF
)
cs_run_bg "$D/trace" "$s"
if cs_paused pause1; then
	stop1=$(form_stop "$D/open1.txt")
	other_move "$stop1" 08:10:00 08:40:00
	cs_resume pause1
fi
if cs_paused pause2; then
	stop2=$(form_stop "$D/open2.txt")
	other_move "$stop2" 09:10:00 09:40:00
	cs_resume pause2
fi
if cs_paused pause3; then
	stop3=$(form_stop "$D/open3.txt")
	cs_api /appointment/cancel "appointmentID=$stop3" "cancelReason=other dispatcher" >>"$D/other.json"
	cs_resume pause3
fi
wait "$CS_CONSOLE"
ok "the console runs the script" eq "$?" 0

# The first stop: moved by the other hand while its form was open.
ok "open: a form nobody changed under says nothing of it" \
	hasnt "$D/open1.txt" 'changed since this form'
ok "editing: the form says the stop changed, and how" \
	has "$D/edit1.txt" "^! Stop $stop1 changed since this form took its values: time [0-9:]*-[0-9:]* .* 08:10-08:40"
ok "preview: the warning names the change" \
	has "$D/preview1.txt" "^! Stop $stop1 changed since this form took its values: time"
ok "preview: only a capital Y sends over it" \
	has "$D/preview1.txt" 'Y \(capital\) sends it'
ok "y: nothing is sent, and the message says Y" \
	has_all "$D/y1.txt" 'Y \(capital\) sends it, n goes back' "^! Stop $stop1 changed since"
ok "Y: sent, the dispatcher's values over the other's" \
	eq "$(field "$stop1" start)" "16:00:00"
ok "Y: the screen says it moved" has "$D/sent1.txt" "Stop $stop1 moved"

# The second: changed while its preview was up.
ok "preview: a change not yet known is not warned of" \
	has "$D/preview2.txt" 'y sends it \(once\)'
ok "preview: the change that lands is named at once" \
	has_all "$D/preview2-after.txt" "^! Stop $stop2 changed since this form took its values" \
	'Y \(capital\) sends it' 'The record changed while the preview was up: nothing was sent'
ok "preview: the y typed on it sends nothing" \
	eq "$(field "$stop2" start)" "09:10:00"
ok "n: back in the form, it still names the change" \
	has "$D/back2.txt" "^! Stop $stop2 changed since this form took its values: time"
ok "one write in all: the confirmed one" \
	eq "$(grep -c 'request /appointment/update ' "$D/trace")" 1

# The third: cancelled by the other hand while its cancel form was open.
ok "cancel: the form says the stop was cancelled meanwhile" \
	has "$D/edit3.txt" "^! Stop $stop3 changed since this form took its values: pending .* cancelled"

# ---- a draft is typed against the stop as it was then ---------------------

s=$(cs_script draft1 <<'EOF'
Enter
G
k
k
k
M
:save-display draft-open.txt
Tab
C-u
"14:00"
Tab
C-u
"14:20"
Esc
EOF
)
ok "draft: the first run keeps a move's draft" cs_run "$s"
stop4=$(form_stop "$D/draft-open.txt")
other_move "$stop4" 07:00:00 07:20:00
s=$(cs_script draft2 <<'EOF'
Enter
G
k
k
k
M
:save-display draft-restored.txt
Esc
EOF
)
ok "draft: the next run opens it again" cs_run "$s"
ok "draft: it comes back as typed" \
	has_all "$D/draft-restored.txt" 'Draft of .* restored' '^  Start \* 14:00'
ok "draft: and says the stop changed since it was typed" \
	has "$D/draft-restored.txt" "^! Stop $stop4 changed since this form took its values: time .*07:00-07:20"

# ---- a lost move, checked -------------------------------------------------
# A move whose answer was lost comes back as a draft.  Two things went
# wrong with it: when its own write had landed, the stop read as the
# fields and Preview refused "Nothing would change", so c could never run;
# when another hand moved the stop after it, the check said "NOT applied"
# and invited a second send.  The first is now checked (applied); the
# second cannot be told, and says why.

# ID: the stop's form-base as the console writes it.
stop_base() {
	rec=$(cs_api "/appointment/$1")
	val() {
		printf '%s\n' "$rec" | sed -n "s/^[[:space:]]*\"$1\":[[:space:]]*\"\\(.*\\)\",\\{0,1\\}\$/\\1/p" | head -n 1
	}
	printf 'stop|%s|%s|%s|%s|%s' "$(val routeID)" "$(val date)" "$(val start | cut -c1-5)" \
		"$(val end | cut -c1-5)" "$(val status)"
}

# ID START END [nobase]: a draft of a move of ID to START-END whose answer
# was lost, typed against the stop as it is now (nobase: an older
# routedesk's, which kept no form-base).
lost_move_draft() {
	base=$(stop_base "$1")
	route=$(echo "$base" | cut -d'|' -f2)
	if [ "$4" = nobase ]; then
		set -- "$1" "$2" "$3" "routeID=$route"
	else
		set -- "$1" "$2" "$3" "form-base=$base"
	fi
	# The fields as typed ("13:00"), over the pairs as sent ("13:00:00").
	cs_lost_draft "move-appointment-$1" appointment/update "appointmentID=$1
routeID=$route
start=$2:00
end=$3:00" "$4" "start=$2" "end=$3"
}

s=$(cs_script lostmove-id <<'EOF'
Enter
G
k
k
k
k
k
M
:save-display lostmove-open.txt
Esc
k
M
:save-display lostmove-open2.txt
Esc
k
M
:save-display lostmove-open3.txt
Esc
k
M
:save-display lostmove-open4.txt
Esc
EOF
)
ok "lost move: the console names four stops" cs_run "$s"
stop5=$(form_stop "$D/lostmove-open.txt")
stop6=$(form_stop "$D/lostmove-open2.txt")
stop7=$(form_stop "$D/lostmove-open3.txt")
stop8=$(form_stop "$D/lostmove-open4.txt")

# The first: its own write landed (applied through the API, as the lost
# send would have been).
lost_move_draft "$stop5" 13:00 13:20
other_move "$stop5" 13:00:00 13:20:00
# The second: another hand moved it after the lost send.
lost_move_draft "$stop6" 12:00 12:20
other_move "$stop6" 06:00:00 06:20:00
# The third: the same, in an older routedesk's draft (no form-base): what
# the stop was before the send is not known, so neither is "not applied".
lost_move_draft "$stop7" 11:00 11:20 nobase
other_move "$stop7" 11:00:00 11:20:00
other_move "$stop7" 05:30:00 05:50:00
s=$(cs_script lostmove <<'EOF'
Enter
G
k
k
k
k
k
M
:save-display lostmove-restored.txt
S-Tab
S-Tab
Enter
:save-display lostmove-preview.txt
n
S-Tab
S-Tab
C-u
"13:25"
Tab
Tab
Enter
c
:save-display lostmove-checked.txt
M
:save-display lostmove-reopened.txt
Esc
k
M
S-Tab
S-Tab
Enter
c
:save-display lostmove2-checked.txt
Esc
k
M
S-Tab
S-Tab
Enter
c
:save-display lostmove3-checked.txt
Esc
EOF
)
ok "lost move: the console runs the checks" cs_run "$s"
ok "lost move: its draft came back with the lost send" \
	has "$D/lostmove-restored.txt" 'answer was lost'
ok "lost move: landed, it still reaches its preview" \
	has "$D/lostmove-preview.txt" 'c checks the record first'
ok "lost move: landed, the check finds it applied" \
	has "$D/out" "appointment/update stop $stop5: applied \\(checked\\)"
ok "lost move: moved since by another hand, the check cannot tell, and says why" \
	has "$D/lostmove2-checked.txt" 'Could not tell \(the stop reads neither as sent nor as it was'
ok "lost move: ... not 'NOT applied'" hasnt "$D/out" "stop $stop6: not applied"
ok "lost move: an older draft, landed and moved again: cannot tell, and says why" \
	has "$D/lostmove3-checked.txt" 'Could not tell \(the stop does not read as sent, and what it was before is not known'
ok "lost move: ... not 'NOT applied'" hasnt "$D/out" "stop $stop7: not applied"
ok "lost move: nothing was sent again" eq "$(grep -c 'appointment/update stop' "$D/out")" 3
# Applied with an edit made since: the edit is kept, typed against the
# stop as applied (the form blamed another dispatcher for its own write).
ok "lost move: applied, the edit since is kept" \
	has "$D/lostmove-checked.txt" 'your edits since are kept as a draft'
ok "lost move: reopened, the kept edit names no change by another hand" \
	has_all "$D/lostmove-reopened.txt" 'Draft of .* restored' '^  End \* +13:25'
ok "lost move: ... none" hasnt "$D/lostmove-reopened.txt" 'changed since this form'

# ---- sent with Y over a change: the change is what was confirmed ---------
# A draft typed against the stop as it was (its form-base); the preview
# names the change; Y sends over it and the service refuses (no such
# spot).  Back in the form the change is not named again, and the draft
# keeps the stop as it was sent over: a lost send's check compares with
# that, and called its own confirmed state "changed by another hand".
route8=$(stop_base "$stop8" | cut -d'|' -f2)
date8=$(stop_base "$stop8" | cut -d'|' -f3)
printf 'routedesk-draft 1\nsaved=%s\nform-base=stop|%s|%s|01:00|01:20|0\nspotID=999999\n' \
	"$(date +%s)" "$route8" "$date8" >"$XDG_STATE_HOME/routedesk/drafts/move-appointment-$stop8"
chmod 600 "$XDG_STATE_HOME/routedesk/drafts/move-appointment-$stop8"
s=$(cs_script overchange <<'EOF'
Enter
G
k
k
k
k
k
k
k
k
M
:save-display over-open.txt
S-Tab
S-Tab
Enter
:save-display over-preview.txt
Y
:save-display over-refused.txt
Esc
M
:save-display over-reopened.txt
Esc
EOF
)
ok "over a change: the console runs the script" cs_run "$s"
ok "over a change: the draft's form names the change" \
	has "$D/over-open.txt" "^! Stop $stop8 changed since this form took its values: time 01:00-01:20"
ok "over a change: Y sent it, refused by the service" \
	has "$D/over-refused.txt" '^! Refused by the service: '
ok "over a change: reopened, its draft names the change no more (it was confirmed)" \
	has "$D/over-reopened.txt" 'Draft of .* restored'
ok "over a change: ... none" hasnt "$D/over-reopened.txt" 'changed since this form'
ok "over a change: the draft keeps the stop as it was sent over" \
	grep -qF "form-base=$(stop_base "$stop8")" "$XDG_STATE_HOME/routedesk/drafts/move-appointment-$stop8"

tap_done
