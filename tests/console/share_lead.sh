#!/bin/sh
# share_lead.sh: the lead stage form's stale guard: a second dispatcher's form on the same subscription learns the first's lead stage at its next refresh (the share's written/, no read), and y does not write over it; alone, a change on the server while the preview is up stops y.
#
# TAP.  Console A ticks first (the office's ticker), then sets a lead's
# stage; console B, not the ticker, has the lead stage form open on the
# same subscription and refreshes before A ticks again: A's write reaches
# B through the share's written/ (the subscription A read back).  Then one
# console with no share: the stage changes on the server (the office's web
# page) while its preview is up; its refresh's changelog names the
# subscription, one fresh read says how, and y sends nothing.
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start
D=$CS_DIR
SHARE=$D/office
mkdir -p "$SHARE"
mkfifo "$D/syncA1" "$D/syncA2" "$D/syncB1" "$D/syncC1" || exit 99

# console NAME SCRIPT [ARGS...]: a console on the share (none when NAME
# starts with C), its trace in trace.NAME, its drafts and state its own.
console() {
	cn=$1
	cs=$2
	shift 2
	case $cn in
	C*) cs_console "" "$cn" "$cs" --view subscriptions "$@" ;;
	*) cs_console "$SHARE" "$cn" "$cs" --view subscriptions "$@" ;;
	esac
}
span() {
	cs_span "$D/trace.$1" "$2" "$3"
}
# The subscription a lead stage form is on, and the stage it shows.
form_sub() {
	sed -n 's/^  Subscription \*  *\([0-9][0-9]*\).*$/\1/p' "$1" | head -n 1
}
form_stage() {
	sed -n 's/^[> ] Lead stage  *\([0-9][0-9]*\) .*$/\1/p' "$1" | head -n 1
}
# The subscription's lead stage id on the server.
stage_of() {
	cs_api "/subscription/$1" | sed -n 's/^[[:space:]]*"leadStageID":[[:space:]]*"\(.*\)",\{0,1\}$/\1/p' | head -n 1
}

a=$(cs_script a <<'EOF2'
:refresh
:save-display syncA1
:sub leads
L
:save-display a-open.txt
C-u
"5"
Tab
Tab
Enter
:save-display a-preview.txt
y
:save-display a-sent.txt
:save-display syncA2
EOF2
)
b=$(cs_script b <<'EOF2'
:sub leads
L
:save-display b-open.txt
:save-display syncB1
:refresh
:save-display b-edit.txt
C-u
"4"
Tab
Tab
Enter
:save-display b-preview.txt
y
:save-display b-y.txt
n
Esc
EOF2
)
console A "$a" &
pa=$!
cs_wait_for "$D/trace.A" 'key :save-display syncA1' 120
console B "$b" &
pb=$!
cs_wait_for "$D/trace.B" 'key :save-display syncB1' 120
cat "$D/syncA1" >/dev/null # A sets the stage, and waits
cs_wait_for "$D/trace.A" 'key :save-display syncA2' 120
cat "$D/syncB1" >/dev/null # B refreshes: A has not ticked since
wait $pb
ok "console B exits 0" test $? -eq 0
cat "$D/syncA2" >/dev/null
wait $pa
ok "console A exits 0" test $? -eq 0

sub=$(form_sub "$D/a-open.txt")
was=$(form_stage "$D/a-open.txt")
set=$(sed -n 's/^ *stageID=\([0-9]*\)$/\1/p' "$D/a-preview.txt" | head -n 1)
ok "both forms are on the same subscription ($sub)" eq "$(form_sub "$D/b-open.txt")" "$sub"
ok "A sent another stage ($was -> $set)" sh -c '[ "$1" = 5 ] && [ "$2" != 5 ] && [ "$2" != 4 ]' - "$set" "$was"
ok "A's write was saved" has "$D/out.A" 'subscription/updateLeadStage subscription [0-9]+: ok'
ok "B's refresh cost no read" eq "$(span B :refresh ':save-display b-edit.txt' | grep -c ' request ')" 0
ok "B's form says the subscription changed, and how" \
	has "$D/b-edit.txt" "^! Subscription $sub changed since this form took its values: lead at stage .* lead at stage"
ok "B's preview names it: only Y sends" has "$D/b-preview.txt" 'Y \(capital\) sends it'
ok "B's y wrote nothing over A's stage" eq "$(stage_of "$sub")" "$set"
ok "B sent no write" eq "$(grep -c 'request /subscription/updateLeadStage ' "$D/trace.B")" 0

# ---- one console: the server's change while the preview is up ----------

c=$(cs_script c <<'EOF2'
:sub leads
L
:save-display c-open.txt
Right
Tab
Tab
Enter
:save-display c-preview0.txt
:save-display syncC1
:refresh
:save-display c-preview.txt
y
:save-display c-y.txt
n
:save-display c-back.txt
Esc
EOF2
)
console C "$c" &
pc=$!
cs_wait_for "$D/trace.C" 'key :save-display syncC1' 120
sub=$(form_sub "$D/c-open.txt")
mine=$(sed -n 's/^ *stageID=\([0-9]*\)$/\1/p' "$D/c-preview0.txt" | head -n 1)
now=$(stage_of "$sub")
# Another stage than the form's and the record's: the office's web page.
other=$(for s in 1 2 3 4 5 6; do
	[ "$s" != "$mine" ] && [ "$s" != "$now" ] && echo "$s" && break; done)
cs_api /subscription/updateLeadStage "subscriptionID=$sub" "stageID=$other" status=0 >"$D/upd.json"
cat "$D/syncC1" >/dev/null
wait $pc
ok "alone: console C exits 0" test $? -eq 0
ok "alone: the office set stage $other on the server" has "$D/upd.json" '"success":[[:space:]]*true'
ok "alone: the preview was a plain y's before" hasnt "$D/c-preview0.txt" 'Y \(capital\) sends it'
ok "alone: the preview names the change" \
	has "$D/c-preview.txt" "Subscription $sub changed since this form took its values: lead at stage "
ok "alone: the refresh read the subscription once" \
	eq "$(span C :refresh ':save-display c-preview.txt' | grep -c " request /subscription/$sub")" 1
ok "alone: y sent nothing" eq "$(grep -c 'request /subscription/updateLeadStage ' "$D/trace.C")" 0
ok "alone: the server keeps the other stage" eq "$(stage_of "$sub")" "$other"
ok "alone: n goes back to a form that names it" \
	has "$D/c-back.txt" "^! Subscription $sub changed since this form took its values"

tap_done
