#!/bin/sh
# share_addon.sh: the add-on form's stale guard on an existing item: a second dispatcher's form on the same ticket item learns the first's change at its next refresh (the share's written/, then one read of the ticket), and y does not write over it; alone, the office's change while the preview is up stops y.
#
# TAP.  Console A ticks first (the office's ticker), then changes an
# invoice item's amount; console B, not the ticker, has the add-on form
# open on the same item and refreshes before A ticks again: A's write
# reaches B through the share's written/ (the ticket A read back), whose
# model row lacks fields the form writes, so B reads the ticket once and
# names the change.  Then one console with no share: the office changes
# the item on the server while the preview is up; the refresh's changelog
# names the ticket, one read says how, and y sends nothing.
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
	C*) cs_console "" "$cn" "$cs" --view tickets "$@" ;;
	*) cs_console "$SHARE" "$cn" "$cs" --view tickets "$@" ;;
	esac
}
span() {
	cs_span "$D/trace.$1" "$2" "$3"
}
# The ticket an add-on form is on, and the item it shows.
form_ticket() {
	sed -n 's/^  Ticket \*  *\([0-9][0-9]*\).*$/\1/p' "$1" | head -n 1
}
form_item() {
	sed -n 's/^[> ] Item  *\([0-9][0-9]*\) .*$/\1/p' "$1" | head -n 1
}
# The amount of item $2 of ticket $1 on the server.
amount_of() {
	cs_api "/ticket/$1" | tr -d ' \t\n' | sed 's/},{/}\n{/g' | grep "\"itemID\":\"$2\"" |
		sed -n 's/.*"amount":"\([^"]*\)".*/\1/p' | head -n 1
}

a=$(cs_script a <<'EOF2'
:refresh
:save-display syncA1
+
Right
:save-display a-open.txt
Tab
Tab
Tab
Tab
C-u
"77.00"
Tab
Tab
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
+
Right
:save-display b-open.txt
:save-display syncB1
:refresh
:save-display b-edit.txt
Tab
Tab
Tab
Tab
C-u
"66.00"
Tab
Tab
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
cat "$D/syncA1" >/dev/null # A changes the item, and waits
cs_wait_for "$D/trace.A" 'key :save-display syncA2' 120
cat "$D/syncB1" >/dev/null # B refreshes: A has not ticked since
wait $pb
ok "console B exits 0" test $? -eq 0
cat "$D/syncA2" >/dev/null
wait $pa
ok "console A exits 0" test $? -eq 0

ticket=$(form_ticket "$D/a-open.txt")
item=$(form_item "$D/a-open.txt")
ok "both forms are on the same item ($ticket, $item)" \
	sh -c '[ -n "$1" ] && [ -n "$2" ] && [ "$1" = "$3" ] && [ "$2" = "$4" ]' - \
	"$ticket" "$item" "$(form_ticket "$D/b-open.txt")" "$(form_item "$D/b-open.txt")"
ok "A's update was saved" has "$D/out.A" 'ticket/updateAddOn ticket [0-9]+, item [0-9]+: ok'
ok "B's refresh read the ticket once" \
	eq "$(span B :refresh ':save-display b-edit.txt' | grep -c ' request ')" 1
ok "B's form says the ticket changed, and how" \
	has "$D/b-edit.txt" "^! Ticket $ticket changed since this form took its values: item $item: Amount [0-9.]* .* 77.00"
ok "B's preview names it: only Y sends" has "$D/b-preview.txt" 'Y \(capital\) sends it'
ok "B's y wrote nothing over A's amount" eq "$(amount_of "$ticket" "$item")" "77.00"
ok "B sent no write" eq "$(grep -c 'request /ticket/updateAddOn ' "$D/trace.B")" 0

# ---- one console: the server's change while the preview is up ----------

c=$(cs_script c <<'EOF2'
+
Right
:save-display c-open.txt
Tab
Tab
Tab
Tab
C-u
"55.00"
Tab
Tab
Tab
Tab
Enter
:save-display c-preview0.txt
:save-display syncC1
:refresh
:save-display c-preview.txt
y
:save-display c-y.txt
EOF2
)
console C "$c" &
pc=$!
cs_wait_for "$D/trace.C" 'key :save-display syncC1' 120
ticket=$(form_ticket "$D/c-open.txt")
item=$(form_item "$D/c-open.txt")
cs_api /ticket/updateAddOn "ticketID=$ticket" "itemID=$item" amount=44.00 >"$D/upd.json"
cat "$D/syncC1" >/dev/null
wait $pc
ok "alone: console C exits 0" test $? -eq 0
ok "alone: the office set the amount on the server" has "$D/upd.json" '"success":[[:space:]]*true'
ok "alone: the preview was a plain y's before" hasnt "$D/c-preview0.txt" 'Y \(capital\) sends it'
ok "alone: the preview names the change" \
	has "$D/c-preview.txt" "Ticket $ticket changed since this form took its values: item $item: Amount [0-9.]* .* 44.00"
ok "alone: y sent nothing" eq "$(grep -c 'request /ticket/updateAddOn ' "$D/trace.C")" 0
ok "alone: the server keeps the office's amount" eq "$(amount_of "$ticket" "$item")" "44.00"

tap_done
