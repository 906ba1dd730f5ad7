#!/bin/sh
# forms_lists.sh: the forms' kept lists: lead stages every time L opens, note types for a customer with no notes, A on an empty Notes pane; the reads they cost.
#
# TAP.  Each case drives the console with ROUTEDESK_SCRIPT against a private
# sandbox (tests/lib/console.sh) and counts the requests in ROUTEDESK_TRACE:
# a list the forms keep is read once, not once a form.
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start
D=$CS_DIR

# Customers with notes, one id a line; then the first two without any, and
# one with some (the sandbox's seed fixes them, the test finds them).
cs_api /note/search includeData=1 |
	sed -n 's/^[[:space:]]*"customerID":[[:space:]]*"\([0-9]*\)".*/\1/p' | sort -u >"$D/with-notes"
bare1=
bare2=
for c in $(cs_api /customer/search | tr -d ' \t\n' | sed 's/.*"customerIDs":\[\([^]]*\)\].*/\1/' |
	tr -d '"' | tr ',' '\n' | head -n 100); do
	grep -qx "$c" "$D/with-notes" && continue
	if [ -z "$bare1" ]; then
		bare1=$c
	elif [ -z "$bare2" ]; then
		bare2=$c
		break
	fi
done
noted=$(head -n 1 "$D/with-notes")
ok "the sandbox has two customers without notes and one with" \
	sh -c '[ -n "$1" ] && [ -n "$2" ] && [ -n "$3" ]' - "$bare1" "$bare2" "$noted"

# The number of notes of customer $1 whose text contains $2.
notes_with() {
	cs_api /note/search "customerIDs=$1" "content=$2" |
		sed -n 's/^[[:space:]]*"count":[[:space:]]*\([0-9]*\).*/\1/p' | head -n 1
}

# TRACE KEY PATH: requests of PATH in TRACE after the first "key KEY".
requests_after() {
	awk -v k="key $2" '$0 ~ k "$" { on = 1 } on' "$1" | grep -c " request $3 "
}

# ---- the lead stage, opened again: the kept list, no read -------------

s=$(cs_script lead <<'EOF'
L
:save-display lead-open1.txt
Right
:save-display lead-right1.txt
Esc
j
L
:save-display lead-open2.txt
Right
:save-display lead-right2.txt
Esc
j
L
:save-display lead-open3.txt
Right
:save-display lead-c1.txt
Right
:save-display lead-c2.txt
Right
:save-display lead-c3.txt
Right
:save-display lead-c4.txt
Right
:save-display lead-c5.txt
Right
:save-display lead-c6.txt
Esc
EOF
)
export ROUTEDESK_TRACE="$D/trace.lead"
ok "lead: the console runs the script" cs_run "$s" --view subscriptions
unset ROUTEDESK_TRACE
ok "lead: the first form chooses a stage" has "$D/lead-right1.txt" '^> Lead stage +[0-9]+ +[A-Z]'
ok "lead: the second form is not left loading" hasnt "$D/lead-open2.txt" 'Lead stage .*loading'
ok "lead: the second form chooses a stage with Right" has "$D/lead-right2.txt" '^> Lead stage +[0-9]+ +[A-Z]'
ok "lead: no key is held for a list that never comes" hasnt "$D/lead-right2.txt" 'still loading'
ok "lead: the third form is not left loading either" hasnt "$D/lead-open3.txt" 'Lead stage .*loading'
# Right walks the stages in id order (the pipeline's), wrapping once: an
# audit's cycled 1, 5, 3, 4, 2, 6 as the leads happened to name them.
seq=$(for i in 1 2 3 4 5 6; do
	sed -n 's/^> Lead stage  *\([0-9][0-9]*\) .*/\1/p' "$D/lead-c$i.txt"; done | tr '\n' ' ')
descents=$(echo "$seq" | awk '{ for (i = 2; i <= NF; i++) if ($i + 0 < $(i - 1) + 0) n++; print n + 0, NF }')
note "Right on the third form: $seq"
ok "lead: Right walks the stages in id order, wrapping at most once ($seq)" \
	sh -c 'set -- $1; [ "$1" -le 1 ] && [ "$2" -eq 6 ]' - "$descents"
# One search of the leads for three forms (each reads its own record).
ok "lead: the stages are searched once for the three forms" \
	eq "$(requests_after "$D/trace.lead" L /subscription/search)" 1

# ---- a customer's first note: the note types all the same -------------

s=$(cs_script types <<EOF
:cust $bare1
A
"forms-lists first note"
Tab
:save-display types-focus.txt
Right
:save-display types-right.txt
Tab
Space
S-Tab
S-Tab
S-Tab
S-Tab
Enter
:save-display types-preview.txt
y
:save-display types-after.txt
:cust $noted
A
Tab
Right
:save-display types-noted.txt
Esc
:cust $bare2
A
Tab
Right
:save-display types-bare2.txt
Esc
EOF
)
export ROUTEDESK_TRACE="$D/trace.types"
ok "types: the console runs the script" cs_run "$s" --view customers
unset ROUTEDESK_TRACE
ok "types: the form is on the customer without notes" has "$D/types-focus.txt" "Add a note .* customer $bare1"
ok "types: Right chooses a note type" has "$D/types-right.txt" '^> Note type \* +[0-9]+ +[A-Z]'
ok "types: the preview sends it" has "$D/types-preview.txt" '^ +contactType=[0-9]+$'
ok "types: saved" has "$D/types-after.txt" 'Note saved \(id [0-9]+\)'
ok "types: the customer's first note is on the server" eq "$(notes_with "$bare1" 'forms-lists first note')" 1
ok "types: a customer with notes still has the types" has "$D/types-noted.txt" '^> Note type \* +[0-9]+ +[A-Z]'
ok "types: another customer without notes has them too" has "$D/types-bare2.txt" '^> Note type \* +[0-9]+ +[A-Z]'
# Each form reads its customer's notes (the ids before a create); the
# account's note types are one more search, once: 3 forms, 4 searches.
ok "types: the note types are searched once for the three forms" \
	eq "$(requests_after "$D/trace.types" A /note/search)" 4

# ---- A on a customer's empty Notes list --------------------------------

s=$(cs_script empty <<EOF
:cust $bare2
Enter
G
Enter
:save-display empty-notes.txt
A
:save-display empty-a.txt
"forms-lists from the empty list"
Tab
Right
Tab
Space
S-Tab
S-Tab
S-Tab
S-Tab
Enter
y
:save-display empty-after.txt
EOF
)
ok "empty: the console runs the script" cs_run "$s" --view customers
ok "empty: the customer's Notes list is empty" has "$D/empty-notes.txt" 'nothing to show'
ok "empty: A is not refused for want of a selection" hasnt "$D/empty-a.txt" 'Nothing selected'
ok "empty: A opens the note form of that customer" has "$D/empty-a.txt" "Add a note .* customer $bare2"
ok "empty: the note is saved" has "$D/empty-after.txt" 'Note saved \(id [0-9]+\)'
ok "empty: the note is the customer's on the server" \
	eq "$(notes_with "$bare2" 'forms-lists from the empty list')" 1

tap_done
