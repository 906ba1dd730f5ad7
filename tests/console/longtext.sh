#!/bin/sh
# longtext.sh: a long value (a customer's ten-kilobyte notes) says in its preview that it goes on, and Enter reads it whole, to its last line.
#
# The Customer detail showed six lines of "Red notes" with no sign of more,
# and Enter on the row did nothing: the end of the notes (often the gate
# code, the dog) could not be read in the console.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
# Customer 10179 (Aaron Nelson) is the first stop of Route 01.
words=$(i=0; while [ $i -lt 1200 ]; do printf 'word%04d ' $i; i=$((i + 1)); done)
cs_api /customer/update customerID=10179 "notes=NOTE-START $words NOTE-END gate code 4321" >"$D/upd.json"
ok "the service took the long notes" grep -q '"success":[[:space:]]*true' "$D/upd.json"

s=$(cs_script longtext <<'EOF'
j
Enter
Enter
/
"Red notes"
Enter
:save-display row.txt
Enter
:save-display text.txt
G
:save-display text-end.txt
-
:save-display back.txt
EOF
)
ok "the console runs the script and exits 0" cs_run "$s"
ok "the detail's notes row is selected" has "$D/row.txt" '^▸Red notes +NOTE-START'
ok "its preview says Enter reads it whole" has "$D/row.txt" '^ Red notes: Enter reads it whole\.'
ok "its preview's last line ends with an ellipsis: there is more" \
	has "$D/row.txt" '^ word[0-9]+ .*word[0-9]+ ?…$'
ok "Enter opens the notes whole, titled with the field and the customer" \
	has "$D/text.txt" 'Red notes · customer #10179'
ok "the first line is the notes' start" has "$D/text.txt" '^▸ +1 NOTE-START word0000 '
lines=$(( 1200 * 9 / 72 ))
ok "G reaches the last line, with the notes' end (about $lines lines)" \
	has "$D/text-end.txt" '^▸ +[0-9]+ .*NOTE-END gate code 4321$'
ok "no line is cut: none ends with an ellipsis" hasnt "$D/text-end.txt" '…$'
ok "- goes back to the customer" has "$D/back.txt" '^▸Red notes'
tap_done
