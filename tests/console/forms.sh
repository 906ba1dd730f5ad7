#!/bin/sh
# forms.sh: the write forms, scripted: sent once and read back, validation, refusals, lost answers, drafts, read-only.
#
# TAP.  Each case drives the console with ROUTEDESK_SCRIPT against a private
# sandbox (tests/lib/console.sh) and checks what the server holds through
# `routedesk api`, not only what the screen says.  Texts are unique per case
# so a search by content finds exactly the notes a case wrote.
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start

# The number of notes of customer $1 whose text contains $2.
notes_with() {
	cs_api /note/search "customerIDs=$1" "content=$2" |
		sed -n 's/^[[:space:]]*"count":[[:space:]]*\([0-9]*\).*/\1/p' | head -n 1
}

# The id written by the first summary line of $CS_DIR/out about $1.
summary_id() {
	sed -n "s|^routedesk: write .* $1 .*: ok, id \\([0-9][0-9]*\\)\$|\\1|p" "$CS_DIR/out" | head -n 1
}

# The record the first summary line about $1 names: "customer 10012" -> 10012.
summary_record() {
	sed -n "s|^routedesk: write [0-9:]* $1 $2 \\([0-9][0-9]*\\):.*|\\1|p" "$CS_DIR/out" | head -n 1
}

# COUNT WANT LINE: a note is on the server at most once, as its summary
# line says (an unknown outcome may be either).
as_summary() {
	[ "$1" -le 1 ] && [ "$1" = "$2" ] && return 0
	note "$3: $1 on the server"
	return 1
}

# ---- a note: preview, one y, read back ---------------------------------

s=$(cs_script note <<'EOF'
A
:save-display note-open.txt
"forms-test alpha line one"
Enter
"line two"
Tab
C-u
"3"
Tab
Space
S-Tab
S-Tab
S-Tab
S-Tab
Enter
:save-display note-preview.txt
y
:save-display note-after.txt
:log
:save-display note-log.txt
Enter
:save-display note-log-enter.txt
EOF
)
ok "note: the console runs the script" cs_run "$s" --view customers
ok "note: the form opens with the focus on its first field (Text)" has "$CS_DIR/note-open.txt" '^> Text \*'
ok "note: not on Cancel, where typed text was lost" hasnt "$CS_DIR/note-open.txt" '>\[ Cancel \]<'
ok "note: required fields are marked" has "$CS_DIR/note-open.txt" 'Note type \*'
# The first customer is on no route of the day (the review does not know
# it): the title names it from the Customers row all the same.
ok "note: the title names the customer, not only its number" \
	has "$CS_DIR/note-open.txt" '^ Add a note · customer 10000 · Ångström, José$'
ok "note: the preview shows the exact pairs" has "$CS_DIR/note-preview.txt" '^ +contactType=3$'
ok "note: the preview keeps both lines of the text" has "$CS_DIR/note-preview.txt" '^ +line two$'
ok "note: the preview shows the flag as sent" has "$CS_DIR/note-preview.txt" 'showOnInvoice=1'
ok "note: the preview carries no credential" hasnt "$CS_DIR/note-preview.txt" 'authentication'
ok "note: saved, said on the message line" has "$CS_DIR/note-after.txt" 'Note saved \(id [0-9]+\)'
ok "note: :log lists the write" has "$CS_DIR/note-log.txt" 'note/create +customer [0-9]+ +ok, id [0-9]+'
ok "note: the exit summary has one line for it" has "$CS_DIR/out" '^routedesk: write [0-9:]{8} note/create customer [0-9]+: ok, id [0-9]+$'
cust=$(summary_record note/create customer)
id=$(summary_id note/create)
ok "note: Enter on the :log line opens the customer it was written for" \
	has "$CS_DIR/note-log-enter.txt" "Detail: Customer #$cust( |\$)"
ok "note: exactly one such note on the server" eq "$(notes_with "$cust" 'forms-test alpha')" 1
rec=$(cs_api "/note/$id")
ok "note: read back with its type" eq "$(printf '%s\n' "$rec" | sed -n 's/^[[:space:]]*"typeID":[[:space:]]*"\([0-9]*\)".*/\1/p')" 3
ok "note: read back with both lines" holds "$rec" 'forms-test alpha line one\nline two'
ok "note: no draft is left after the send" eq "$(ls "$XDG_STATE_HOME/routedesk/drafts" 2>/dev/null | grep -c '^note-')" 0

# ---- an invoice add-on, an initial add-on, a lead stage: read back ------

# The value of NAME=... in a preview dump.
preview_value() {
	sed -n "s/^ *$2=\(.*\)\$/\1/p" "$1" | head -n 1
}

# How many times the fixed string occurs in an API answer.
occurrences() {
	printf '%s\n' "$1" | grep -cF -- "$2"
}

s=$(cs_script writes <<'EOF'
:view tickets
+
Tab
Right
Right
Tab
Tab
Tab
Tab
Tab
Tab
Tab
Enter
:save-display addon-preview.txt
y
:view subscriptions
+
Tab
Right
Right
Right
Tab
Tab
Tab
Tab
Tab
Tab
Enter
:save-display initial-preview.txt
y
:sub leads
L
Right
Tab
Tab
Enter
:save-display lead-preview.txt
y
:save-display lead-after.txt
EOF
)
ok "writes: the console runs the script" cs_run "$s" --view customers
ok "add-on: the product filled the amount" has "$CS_DIR/addon-preview.txt" '^ +amount=[0-9]+\.[0-9][0-9]$'
ok "add-on: saved" has "$CS_DIR/out" 'ticket/createAddOn ticket [0-9]+: ok, id [0-9]+$'
ticket=$(summary_record ticket/createAddOn ticket)
item=$(summary_id ticket/createAddOn)
desc=$(preview_value "$CS_DIR/addon-preview.txt" description)
rec=$(cs_api "/ticket/$ticket")
ok "add-on: the ticket carries the new item" holds "$rec" "\"itemID\":	\"$item\""
ok "add-on: with the product's description" holds "$rec" "\"description\":	\"$desc\""
ok "initial add-on: saved" has "$CS_DIR/out" 'subscription/createInitialAddOn subscription [0-9]+: ok'
sub=$(summary_record subscription/createInitialAddOn subscription)
desc=$(preview_value "$CS_DIR/initial-preview.txt" description)
amount=$(preview_value "$CS_DIR/initial-preview.txt" amount)
rec=$(cs_api "/subscription/$sub")
ok "initial add-on: the subscription carries it" holds "$rec" "\"description\":	\"$desc\""
ok "initial add-on: with its amount" holds "$rec" "\"amount\":	\"$amount\""
ok "lead stage: saved" has "$CS_DIR/out" 'subscription/updateLeadStage subscription [0-9]+: ok'
lead=$(summary_record subscription/updateLeadStage subscription)
stage=$(preview_value "$CS_DIR/lead-preview.txt" stageID)
rec=$(cs_api "/subscription/$lead")
ok "lead stage: read back at the stage sent" holds "$rec" "\"leadStageID\":	\"$stage\""
ok "lead stage: still a lead" holds "$rec" '"active":	"-3"'
ok "lead stage: the message names the stage" has "$CS_DIR/lead-after.txt" "Subscription $lead: a lead at stage "

# ---- a credit asks for an explicit Y, naming its effect ------------------

s=$(cs_script credit <<'EOF'
:view tickets
+
Tab
Right
Right
Tab
Tab
Tab
C-u
"-25.00"
Tab
"n"
Tab
Tab
Tab
Enter
:save-display credit-preview.txt
y
:save-display credit-y.txt
n
:save-display credit-back.txt
Enter
Y
:save-display credit-sent.txt
EOF
)

ok "credit: the console runs the script" cs_run "$s" --view customers
ok "credit: the preview names the effect" has "$CS_DIR/credit-preview.txt" '^! This add-on of -25\.00 credits the ticket: its balance becomes [0-9]+\.[0-9]{2}\.$'
ok "credit: the preview asks for a capital Y" has "$CS_DIR/credit-preview.txt" 'Y \(capital\) sends it'
ok "credit: a plain y sends nothing and says why" has "$CS_DIR/credit-y.txt" 'Y \(capital\) sends it, n goes back'
ok "credit: still the preview after y" has "$CS_DIR/credit-y.txt" '^ +amount=-25\.00$'
ok "credit: n goes back with the amount kept" has "$CS_DIR/credit-back.txt" 'Amount .*-25\.00'
ok "credit: Y sent it, once" eq "$(grep -c 'ticket/createAddOn ticket [0-9]*: ok' "$CS_DIR/out")" 1
ticket=$(summary_record ticket/createAddOn ticket)
rec=$(cs_api "/ticket/$ticket")
ok "credit: the ticket carries the -25.00 item" holds "$rec" '"amount":	"-25.00"'

# ---- a credit that turns a paid ticket's balance negative ---------------
# Ticket 20001 (second row) is paid: balance 0.00.  Declined first: nothing
# is sent and every character stays; then confirmed with Y: sent once.

s=$(cs_script paid1 <<'EOF'
:view tickets
j
+
Tab
Tab
"forms-test paid credit"
Tab
Tab
"-25"
Tab
Tab
Tab
Tab
Enter
:save-display paid-preview.txt
y
:save-display paid-y.txt
n
:save-display paid-back.txt
EOF
)
ok "paid: the console runs the declining script" cs_run "$s" --view customers
ok "paid: the form is on ticket 20001" has "$CS_DIR/paid-preview.txt" '^ Invoice add-on . ticket 20001 '
ok "paid: the preview names the negative balance" has "$CS_DIR/paid-preview.txt" \
	'^! This add-on of -25\.00 credits the ticket: its balance becomes -25\.00, money owed to the customer\.$'
ok "paid: a plain y sends nothing" has "$CS_DIR/paid-y.txt" 'Y \(capital\) sends it, n goes back'
ok "paid: n goes back to the form with the description kept" has "$CS_DIR/paid-back.txt" 'Description +forms-test paid credit'
ok "paid: and the amount kept" has "$CS_DIR/paid-back.txt" 'Amount \* +-25$'
ok "paid: declined, nothing was written" hasnt "$CS_DIR/out" '^routedesk: write'
ok "paid: the ticket has no such item" eq "$(occurrences "$(cs_api /ticket/20001)" 'forms-test paid credit')" 0
ok "paid: the text is kept as a draft" test -e "$XDG_STATE_HOME/routedesk/drafts/addon-ticket-20001"

s=$(cs_script paid2 <<'EOF'
:view tickets
j
+
:save-display paid-restored.txt
S-Tab
S-Tab
Enter
:save-display paid-preview2.txt
Y
:save-display paid-sent.txt
EOF
)
ok "paid: the console runs the confirming script" cs_run "$s" --view customers
ok "paid: the draft brings the text back" has "$CS_DIR/paid-restored.txt" 'Description +forms-test paid credit'
ok "paid: the preview names the effect again" has "$CS_DIR/paid-preview2.txt" 'its balance becomes -25\.00, money owed'
ok "paid: Y sent it, once" eq "$(grep -c 'ticket/createAddOn ticket 20001: ok' "$CS_DIR/out")" 1
rec=$(cs_api /ticket/20001)
ok "paid: the ticket carries the item once" eq "$(occurrences "$rec" 'forms-test paid credit')" 1
ok "paid: its balance is now -25.00" holds "$rec" '"balance":	"-25.00"'
ok "paid: the draft is removed" test ! -e "$XDG_STATE_HOME/routedesk/drafts/addon-ticket-20001"

# ---- a lost add-on's check in a later run knows the items before it ------
# An add-on whose answer was lost comes back as a draft in a later run;
# the ticket already had an item with the same values (the one above).
# The check took any matching item for the lost send's own (the ids read
# when the draft opened may include it) and said "applied" of a charge
# that was never made.  The draft keeps the ids known before the send.

pairs=$(sed -n 's/^   \([A-Za-z]*\)=\(.*\)$/\1=\2/p' "$CS_DIR/paid-preview2.txt")
items=$(cs_api /ticket/20001 | sed -n 's/^[[:space:]]*"itemID":[[:space:]]*"\([0-9]*\)".*/\1/p' | tr '\n' ' ')
ok "lost known: the ticket's items before the send ($items) and what went out" \
	sh -c '[ -n "$1" ] && [ -n "$2" ]' - "$items" "$pairs"
drafts=$XDG_STATE_HOME/routedesk/drafts
cs_lost_draft addon-ticket-20001 ticket/createAddOn "$pairs" "lost-known=${items% }"
s=$(cs_script lostknown <<'EOF'
:view tickets
j
+
:save-display lostknown-restored.txt
S-Tab
S-Tab
Enter
c
:save-display lostknown-checked.txt
Esc
EOF
)
ok "lost known: the console runs the script" cs_run "$s" --view customers
ok "lost known: the draft came back with its lost send" \
	has "$CS_DIR/lostknown-restored.txt" 'answer was lost'
ok "lost known: the older item is not taken for the send: not applied" \
	has "$CS_DIR/lostknown-checked.txt" 'Checked: it was NOT applied'
ok "lost known: the summary agrees" has "$CS_DIR/out" 'ticket/createAddOn ticket 20001: not applied \(checked\)'
ok "lost known: the ticket still carries the item once" \
	eq "$(occurrences "$(cs_api /ticket/20001)" 'forms-test paid credit')" 1
rm -f "$drafts/addon-ticket-20001"

# ---- keys typed at once after the key that opens a form -----------------
# "A3" is one step: both keys arrive before the form's first read is even
# answered (as typing fast in a terminal does).  :script-race on lets the
# next steps run while the reads are in flight.

rm -f "$XDG_STATE_HOME"/routedesk/drafts/*
s=$(cs_script fast <<'EOF'
"AGate code 1234"
:save-display fast-note.txt
Esc
:view tickets
:script-race on
+
"quick credit"
:script-race off
:save-display fast-addon-text.txt
Esc
:view tickets
:script-race on
+
Right
:script-race off
:save-display fast-addon.txt
Esc
:view subscriptions
:sub leads
"L7"
:save-display fast-lead.txt
Esc
EOF
)
ok "typed at once: the console runs the script" cs_run "$s" --view customers
ok "typed at once: A then text: all of it is in Text, which has the focus" \
	has "$CS_DIR/fast-note.txt" '^> Text \* +Gate code 1234$'
ok "typed at once: none of it went into the note type" hasnt "$CS_DIR/fast-note.txt" 'Note type \* +[0-9]*1234'
ok "typed at once: + then text: it is the description, the item still a new one" \
	has_all "$CS_DIR/fast-addon-text.txt" '^> Description +quick credit$' '^  Item +0 +\(a new one\)'
ok "typed at once: + then Right: the first item is chosen once its list arrived" \
	has "$CS_DIR/fast-addon.txt" '^> Item +[1-9][0-9]* +[^ ]'
ok "typed at once: the add-on form became an update of that item" hasnt "$CS_DIR/fast-addon.txt" '\(a new one\)'
ok "typed at once: L then 7: the stage is 7, not the one the read brought" has "$CS_DIR/fast-lead.txt" '^> Lead stage +7 '
ok "typed at once: nothing was written" hasnt "$CS_DIR/out" '^routedesk: write'
rm -f "$XDG_STATE_HOME"/routedesk/drafts/*

# ---- the preview shows a long note whole --------------------------------

s=$(cs_script long <<'EOF'
A
"forms-test long: the gate code is 4711, the dog is friendly but the side door sticks; ring twice, wait, then try the garage; the customer asked for the invoice by mail and for a call before the technician arrives LONGEND-42"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
:save-display long-preview.txt
Esc
Esc
EOF
)
ok "long: the console runs the script" cs_run "$s" --view customers
ok "long: the start of the note is in the preview" has "$CS_DIR/long-preview.txt" '^ +notes=forms-test long: the gate code is 4711'
ok "long: its end too, wrapped, not cut" has "$CS_DIR/long-preview.txt" 'LONGEND-42$'
ok "long: no ellipsis anywhere in the preview" hasnt "$CS_DIR/long-preview.txt" '…|\.\.\.'
ok "long: every word of it is there" sh -c 'tr -s " \n" "  " <"$1" | grep -qF "ring twice, wait, then try the garage; the customer asked for the invoice by mail"' - "$CS_DIR/long-preview.txt"
rm -f "$XDG_STATE_HOME"/routedesk/drafts/*

# ---- a form from a customer's detail (its summary, not the raw record) --
# The summary has no customerID row: A there said "Still loading this
# record" for good (an install audit); the view's own record is the target.

s=$(cs_script fromdetail <<'EOF'
Enter
:save-display detail-summary.txt
A
:save-display detail-form.txt
Esc
Esc
EOF
)
ok "detail: the console runs the script" cs_run "$s" --view customers
ok "detail: the customer's summary is shown" has "$CS_DIR/detail-summary.txt" '[Cc]ustomer #[0-9]+'
ok "detail: A opens the note form on it" has "$CS_DIR/detail-form.txt" '^> Text \*'
ok "detail: no 'still loading'" hasnt "$CS_DIR/detail-form.txt" 'Still loading'

# ---- the trace never records what is typed into a form ------------------

s=$(cs_script traced <<'EOF'
A
"zebra-zygote-7"
Tab
C-u
"3"
Esc
EOF
)
ROUTEDESK_TRACE="$CS_DIR/form.trace" cs_run "$s" --view customers
ok "trace: the keys typed into the form are counted, not recorded" \
	test "$(grep -c ' key (typed)$' "$CS_DIR/form.trace")" -ge 15
ok "trace: no typed character of the note is in it" hasnt "$CS_DIR/form.trace" ' key (z|e|b|r|a|y|g|o|t|7|-)$'
ok "trace: the keys that move are still named (Tab, Esc)" has_all "$CS_DIR/form.trace" ' key Tab$' ' key Esc$'
# Esc kept the text as a draft: the forms below start without it.
rm -f "$XDG_STATE_HOME"/routedesk/drafts/note-*

# ---- validation names the field ----------------------------------------

s=$(cs_script valid <<'EOF'
A
Tab
C-u
"--3"
Tab
:save-display valid-typing.txt
S-Tab
S-Tab
S-Tab
S-Tab
Enter
:save-display valid-text.txt
"some text"
Tab
S-Tab
S-Tab
S-Tab
Enter
:save-display valid-preview.txt
Esc
:view tickets
+
Tab
Tab
Tab
Tab
"12,50"
Tab
:save-display valid-addon1.txt
S-Tab
C-u
"-5"
Tab
Space
:save-display valid-addon2.txt
Space
S-Tab
S-Tab
C-u
"0"
Tab
:save-display valid-addon3.txt
S-Tab
C-u
"1"
Tab
C-u
Tab
Tab
Tab
Tab
Enter
:save-display valid-addon4.txt
Esc
EOF
)
ok "validation: the console runs the script" cs_run "$s" --view customers
ok "validation: a bad number, as typed, is marked at its field" has "$CS_DIR/valid-typing.txt" '^! Note type \* +--3( |$)'
ok "validation: Preview refuses and names the field" has "$CS_DIR/valid-preview.txt" "Note type: '--3' is not a whole number"
ok "validation: a missing required field is named" has "$CS_DIR/valid-text.txt" '! Text is required'
ok "validation: an amount's format" has "$CS_DIR/valid-addon1.txt" "! Amount: '12,50' is not an amount \\(like 12\\.50\\)"
ok "validation: a negative amount cannot be taxable" has "$CS_DIR/valid-addon2.txt" '! Taxable: a negative amount cannot be taxable'
ok "validation: a quantity below 1" has "$CS_DIR/valid-addon3.txt" '! Quantity must be at least 1'
ok "validation: an empty amount is required" has "$CS_DIR/valid-addon4.txt" 'Amount is required'
ok "validation: nothing was sent" hasnt "$CS_DIR/out" '^routedesk: write'
rm -f "$XDG_STATE_HOME"/routedesk/drafts/note-*

# ---- a refused write keeps the form and every character ----------------

s=$(cs_script refused <<'EOF'
A
"forms-test bravo: gate 4711"
Tab
C-u
"99999"
S-Tab
S-Tab
S-Tab
Enter
y
:save-display refused.txt
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
y
:save-display refused-after.txt
EOF
)
ok "refused: the console runs the script" cs_run "$s" --view customers
ok "refused: the server's message is shown" has "$CS_DIR/refused.txt" 'no note type 99999'
ok "refused: said to be the service's refusal, not 'not sent, or refused'" \
	has "$CS_DIR/refused.txt" '^! Refused by the service: .*no note type 99999.*; your text is kept'
ok "refused: the ambiguous wording is not used for it" hasnt "$CS_DIR/refused.txt" 'Not sent, or refused'
ok "refused: the text is kept" has "$CS_DIR/refused.txt" 'forms-test bravo: gate 4711'
ok "refused: the log says refused" has "$CS_DIR/out" 'note/create customer [0-9]+: refused: .*no note type 99999'
ok "refused: corrected and sent" has "$CS_DIR/out" 'note/create customer [0-9]+: ok, id [0-9]+'
cust=$(summary_record note/create customer)
ok "refused: one note on the server, not two" eq "$(notes_with "$cust" 'forms-test bravo')" 1

# ---- a dropped answer: reported unknown, never resent -------------------
# Half the requests are dropped after they are handled, so a write may be
# applied with its answer lost.  Four notes: whatever happened to each, the
# server holds at most one of it, and the summary agrees with the server.

cs_sandbox_stop
cs_sandbox_start --faults drop:0.5
s=$(cs_script drop <<'EOF'
A
"forms-test drop 1"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
y
y
c
:save-display drop1.txt
Esc
j
A
"forms-test drop 2"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
y
y
c
Esc
j
A
"forms-test drop 3"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
y
y
c
Esc
j
A
"forms-test drop 4"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
y
y
c
Esc
EOF
)
ok "drop: the console runs the script" cs_run "$s" --view customers
ok "drop: four writes in the summary" eq "$(grep -c '^routedesk: write .*note/create' "$CS_DIR/out")" 4
lost=0
for i in 1 2 3 4; do
	line=$(sed -n "${i}p" "$CS_DIR/out")
	c=$(echo "$line" | sed -n 's/.*customer \([0-9]*\):.*/\1/p')
	n=$(notes_with "$c" "forms-test drop $i")
	case $line in
	*"not applied (checked)"*) want=0 lost=1 ;;
	*"applied (checked)"*) want=1 lost=1 ;;
	*"ok, id"*) want=1 ;;
	*UNKNOWN*) want=$n lost=1 ;;
	*) want=x ;;
	esac
	ok "drop: note $i is on the server at most once, as the summary says" as_summary "$n" "$want" "$line"
done
[ "$lost" = 1 ] || note "no answer was lost this run (the unknown path was not exercised)"
cs_sandbox_stop
cs_sandbox_start

# ---- a draft survives quitting ------------------------------------------

rm -f "$XDG_STATE_HOME"/routedesk/drafts/note-*
s=$(cs_script draft1 <<'EOF'
A
"forms-test charlie draft"
Enter
"kept across a restart"
Tab
C-u
"3"
Esc
EOF
)
ok "draft: the first run quits with the form's text typed" cs_run "$s" --view customers
draft=$(ls "$XDG_STATE_HOME/routedesk/drafts/"note-customer-* 2>/dev/null | head -n 1)
ok "draft: saved on disk" test -n "$draft"
ok "draft: readable by its owner only" eq "$(stat -c %a "$draft" 2>/dev/null)" 600
s=$(cs_script draft2 <<'EOF'
:save-display draft-start.txt
A
:save-display draft-restored.txt
S-Tab
S-Tab
Enter
y
EOF
)
ok "draft: the second run sends it" cs_run "$s" --view customers
ok "draft: the start says a draft is kept, and where it comes back" \
	has "$CS_DIR/draft-start.txt" 'Unsent drafts kept: a note on customer [0-9]+; opening that form on its'
ok "draft: restored when the same form opens on the same record" has "$CS_DIR/draft-restored.txt" 'Draft of .* restored'
ok "draft: with every line" has "$CS_DIR/draft-restored.txt" 'kept across a restart'
ok "draft: removed after the send" test ! -e "$draft"
cust=$(summary_record note/create customer)
ok "draft: the note is on the server" eq "$(notes_with "$cust" 'forms-test charlie')" 1

# ---- a lost send, its text edited before the check -----------------------
# The answer to a note was lost and the note applied; the dispatcher opens
# the draft again, fixes a typo and checks.  The check looked for the text
# as edited, found nothing, said "NOT applied", and the next y wrote a
# second note.  It looks for what went out (the draft keeps it), finds it,
# sends nothing, and keeps the edit as a plain draft.

rm -f "$XDG_STATE_HOME"/routedesk/drafts/note-*
s=$(cs_script lost1 <<'EOF'
A
"forms-test echo received"
Tab
C-u
"3"
Esc
EOF
)
ok "lost edit: the first run keeps a draft of the edited text" cs_run "$s" --view customers
draft=$(ls "$XDG_STATE_HOME/routedesk/drafts/"note-customer-* 2>/dev/null | head -n 1)
cust=${draft##*-}
# What the lost send wrote, as the service holds it, and what the draft of
# a lost send holds of it.
cs_api /note/create "customerID=$cust" "notes=forms-test echo recieved" contactType=3 showOnInvoice=0 >/dev/null
printf 'lost-sent=%s\nlost-path=note/create\nlost-pair=customerID=%s\nlost-pair=notes=forms-test echo recieved\nlost-pair=contactType=3\nlost-pair=showOnInvoice=0\n' \
	"$(date +%s)" "$cust" >>"$draft"
s=$(cs_script lost2 <<'EOF'
A
:save-display lost-restored.txt
S-Tab
S-Tab
Enter
c
:save-display lost-checked.txt
Enter
y
EOF
)
ok "lost edit: the second run checks it" cs_run "$s" --view customers
ok "lost edit: the draft comes back with its lost send said" \
	has "$CS_DIR/lost-restored.txt" 'answer was lost'
ok "lost edit: the check finds what went out, applied" \
	has "$CS_DIR/lost-checked.txt" 'Checked: it was applied as first sent, nothing was resent; your'
ok "lost edit: one note on the server, not two" \
	eq "$(notes_with "$cust" 'forms-test echo')" 1
ok "lost edit: the edit is kept as a draft, no longer a lost send" \
	sh -c 'grep -q "^notes=forms-test echo received" "$1" && ! grep -q "^lost-" "$1"' - "$draft"

# ---- a note's edit kept as a draft, opened in the next run ---------------
# A note of this session is edited (note/update); its edit closed with Esc
# is kept as a draft.  The next run said so at its start and told to open
# the form on its record, but A on the note, no longer of this session,
# opened a new note: the edit, and a lost send's check, could not be had.

rm -f "$XDG_STATE_HOME"/routedesk/drafts/note-*
s=$(cs_script golf1 <<'EOF'
A
"forms-test golf original"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
y
Enter
G
Enter
/
"forms-test golf"
Enter
A
:save-display golf-edit.txt
C-u
"forms-test golf edited"
Esc
EOF
)
ok "note edit: the first run writes a note and keeps an edit of it" cs_run "$s" --view customers
ok "note edit: the edit form opened on the session's note" has "$CS_DIR/golf-edit.txt" 'Edit a note of this session'
gdraft=$(ls "$XDG_STATE_HOME/routedesk/drafts/"note-edit-note-* 2>/dev/null | head -n 1)
ok "note edit: its draft is kept" test -n "$gdraft"
s=$(cs_script golf2 <<'EOF'
Enter
G
Enter
/
"forms-test golf"
Enter
A
:save-display golf-restored.txt
S-Tab
S-Tab
Enter
:save-display golf-preview.txt
y
:save-display golf-sent2.txt
EOF
)
ok "note edit: the next run opens the note's edit again" cs_run "$s" --view customers
ok "note edit: A on the note is its edit, with the draft's text" \
	has_all "$CS_DIR/golf-restored.txt" 'Edit a note \(its draft kept\)' 'forms-test golf edited' 'Draft of .* restored'
ok "note edit: not a new note" hasnt "$CS_DIR/golf-restored.txt" 'Only notes written in this session'
ok "note edit: sent as the note's update" has "$CS_DIR/out" 'note/update note [0-9]+: ok'
cust=$(summary_record note/create customer)
ok "note edit: one note on the server, its text the edit" \
	sh -c '[ "$1" = 1 ] && [ "$2" = 1 ]' - "$(notes_with 10000 'forms-test golf')" \
	"$(notes_with 10000 'forms-test golf edited')"
ok "note edit: the draft is gone once sent" test ! -e "$gdraft"

# ---- type 0: a real note type on some accounts ---------------------------

# Customer 10005 has a note of type 0 ("Notes", as live accounts name it)
# and one of type 9: the picker offers both, 0 included.
s=$(cs_script type0 <<'EOF'
:cust 10005
A
Tab
Right
:save-display type0-a.txt
Right
:save-display type0-b.txt
Esc
Esc
EOF
)
ok "type 0: the console runs the script" cs_run "$s" --view customers
ok "type 0: the picker offers type 0, Notes" sh -c \
	'grep -qE "^> Note type \* +0 +.*Notes" "$1" || grep -qE "^> Note type \* +0 +.*Notes" "$2"' \
	- "$CS_DIR/type0-a.txt" "$CS_DIR/type0-b.txt"
ok "type 0: and type 9, E-mail" sh -c \
	'grep -qE "^> Note type \* +9 +.*E-mail" "$1" || grep -qE "^> Note type \* +9 +.*E-mail" "$2"' \
	- "$CS_DIR/type0-a.txt" "$CS_DIR/type0-b.txt"

# ---- the preview's default, Cancel and Esc ------------------------------
# Enter in the preview takes its default: back to the form, nothing sent.
# Cancel throws the text and its draft away, after a y/N whose default is
# no; Esc keeps the draft.

rm -f "$XDG_STATE_HOME"/routedesk/drafts/note-*
s=$(cs_script cancel1 <<'EOF'
A
"forms-test delta enter"
Tab
C-u
"3"
S-Tab
S-Tab
S-Tab
Enter
:save-display enter-preview.txt
Enter
:save-display enter-back.txt
"09:30"
:save-display button-typed.txt
Right
Enter
:save-display cancel-ask.txt
Enter
:save-display cancel-kept.txt
Esc
EOF
)
ok "cancel: the console runs the first script" cs_run "$s" --view customers
ok "preview: its keys show the default, no" has "$CS_DIR/enter-preview.txt" 'n, Esc or Enter goes back to the form +\[y/N\]'
ok "preview: Enter goes back to the form" has "$CS_DIR/enter-back.txt" '^  Text \* +forms-test delta enter$'
ok "preview: after Enter, no preview is shown" hasnt "$CS_DIR/enter-back.txt" 'Send this\?'
ok "form: the key hints say Cancel discards" has "$CS_DIR/enter-back.txt" 'Esc closes \(draft kept\).*Cancel discards$'
# Typing on a button (Tab once too often) was dropped without a word.
ok "form: text typed on a button is said not typed" \
	has "$CS_DIR/button-typed.txt" 'Not typed: this is a button; S-Tab goes back to the fields'
ok "cancel: Cancel asks before throwing the text away" has "$CS_DIR/cancel-ask.txt" 'Throw this text and its draft away\? .*\[y/N\]'
ok "cancel: Enter (no) keeps the form and its text" has "$CS_DIR/cancel-kept.txt" '^  Text \* +forms-test delta enter$'
ok "cancel: nothing was sent by Enter or Cancel" hasnt "$CS_DIR/out" '^routedesk: write'
draft=$(ls "$XDG_STATE_HOME/routedesk/drafts/"note-customer-* 2>/dev/null | head -n 1)
ok "cancel: Esc then kept the draft" test -n "$draft"
s=$(cs_script cancel2 <<'EOF'
A
:save-display cancel-restored.txt
S-Tab
Enter
y
:save-display cancel-done.txt
EOF
)
ok "cancel: the console runs the second script" cs_run "$s" --view customers
ok "cancel: the draft came back" has "$CS_DIR/cancel-restored.txt" 'forms-test delta enter'
ok "cancel: y discards, and says so" has "$CS_DIR/cancel-done.txt" 'Cancelled: the text and its draft are thrown away'
ok "cancel: the form is closed" hasnt "$CS_DIR/cancel-done.txt" 'Add a note'
ok "cancel: the draft is removed" test ! -e "$draft"
ok "cancel: nothing was sent" hasnt "$CS_DIR/out" '^routedesk: write'

# ---- L on a subscription that is not a lead -----------------------------
# The API lets status 0 turn a paying customer's subscription into a lead:
# the form warns, and the preview needs a deliberate Y.

s=$(cs_script notlead <<'EOF'
:view subscriptions
L
C-u
"7"
:save-display notlead-form.txt
S-Tab
S-Tab
Enter
:save-display notlead-preview.txt
y
:save-display notlead-y.txt
Esc
Esc
EOF
)
ok "not a lead: the console runs the script" cs_run "$s" --view customers
ok "not a lead: the form says so in words" has "$CS_DIR/notlead-form.txt" '^! NOT A LEAD: this is a customer.s subscription; Status 0'
ok "not a lead: the preview names the effect" has "$CS_DIR/notlead-preview.txt" '^! Subscription [0-9]+ is NOT a lead: status 0 turns'
ok "not a lead: it asks for a capital Y" has "$CS_DIR/notlead-preview.txt" 'Y \(capital\) sends it'
ok "not a lead: a plain y sends nothing" has "$CS_DIR/notlead-y.txt" 'Y \(capital\) sends it, n goes back'
ok "not a lead: nothing was written" hasnt "$CS_DIR/out" '^routedesk: write'
rm -f "$XDG_STATE_HOME"/routedesk/drafts/*

# ---- read-only -----------------------------------------------------------

s=$(cs_script ro <<'EOF'
A
:save-display ro.txt
+
L
?
:save-display ro-help.txt
EOF
)
ok "readonly: the console runs the script" cs_run "$s" --view customers --readonly
ok "readonly: no form opens" hasnt "$CS_DIR/ro.txt" 'Add a note'
ok "readonly: it says why" has "$CS_DIR/ro.txt" 'Read-only session: writes are off'
ok "readonly: help hides the write actions" hasnt "$CS_DIR/ro-help.txt" 'add_note|lead_stage'
ok "readonly: nothing was written" hasnt "$CS_DIR/out" '^routedesk: write'

# ---- A on a note of an earlier run: a new note for its customer ---------

s=$(cs_script old_note <<'EOF'
:cust 10179
Enter
G
Enter
:save-display old-notes.txt
A
:save-display old-note-form.txt
Esc
EOF
)
ok "old note: the console runs the script" cs_run "$s" --view customers
ok "old note: the customer's Notes list is open" has "$CS_DIR/old-notes.txt" 'Detail › Notes$'
ok "old note: A says only this session's notes are edited" \
	has "$CS_DIR/old-note-form.txt" "^Only notes written in this session can be edited: this adds a new note for the customer"
ok "old note: the form adds a note for customer 10179" has "$CS_DIR/old-note-form.txt" 'Add a note · customer 10179 · Nelson, Aaron'
ok "old note: the form is not titled with the old note" hasnt "$CS_DIR/old-note-form.txt" 'Add a note · note [0-9]+'

tap_done
