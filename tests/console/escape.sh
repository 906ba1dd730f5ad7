#!/bin/sh
# escape.sh: control characters and escape sequences from the API are shown escaped, never raw.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
# The generator gives customer 10001 the company "\033[31mRED\033[0m Rock
# Cantina"; it is a stop of today's Route 01 (Anthony O'Brien, row 2).
ok "the sandbox carries the escape sequence in customer 10001's company" sh -c \
	'"$1" api /customer/10001 2>/dev/null | grep -q "companyName.*u001b\\[31mRED"' - "$CS_BIN"

# More hostile text, written through the API: BEL, an OSC title, a C1 CSI
# (U+009B), DEL, a carriage return and a tab in customer 10002's name.
evil=$(printf 'Evil\007\033]0;pwned\007\302\233[2J\177\rX\tY')
cs_api /customer/update customerID=10002 "lname=$evil" >"$D/upd.json"
ok "the service took the hostile last name" grep -q '"success":[[:space:]]*true' "$D/upd.json"
# A right-to-left override (U+202E) in the first name: shown, not applied
# (it would show the rest of the line reversed).
cs_api /customer/update customerID=10002 "fname=$(printf 'Ann\342\200\256ylloP')" >"$D/upd2.json"
ok "the service took the first name with an override" grep -q '"success":[[:space:]]*true' "$D/upd2.json"

s=$(cs_script escape <<'EOF'
j
Enter
:save-display stops.txt
j
:save-display stop2.txt
Enter
v
:save-display detail.txt
3
:save-display cust.txt
j
:save-display cust-red.txt
j
:save-display cust-evil.txt
Enter
:save-display evil-summary.txt
v
:save-display evil-detail.txt
-
/
"RED"
Enter
:save-display filter.txt
EOF
)
ok "the console runs the escape script and exits 0" cs_run "$s"

# raw_controls FILE: no C0 control (but newline), no DEL, no C1 (as UTF-8).
raw_controls() {
	if LC_ALL=C grep -q "$(printf '[\001-\010\011\013-\037\177]')" "$1" ||
		LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$1"; then
		note "$1 holds a raw control byte:"
		LC_ALL=C grep -n "$(printf '[\001-\010\011\013-\037\177]')" "$1" |
			LC_ALL=C tr '\001-\037\177' '?' | sed 's/^/# | /'
		return 1
	fi
	return 0
}

ok "the stops show the company escaped (^[[31mRED)" has "$D/stops.txt" '\^\[\[31mRED'
ok "the stop's preview shows it escaped too" has "$D/stop2.txt" '^ \^\[\[31mRED\^\[\[0m Rock Cantina #10001( |$)'
ok "the customer detail shows companyName escaped" \
	has "$D/detail.txt" '^ companyName +\^\[\[31mRED\^\[\[0m Rock Cantina$'
ok "the Customers row of 10001 shows it escaped" has "$D/cust.txt" '^ +10001 Redd, Rubén +\^\[\[31mRED'
ok "/RED finds the customer by its visible text" has "$D/filter.txt" '10001 Redd'
for f in stops stop2 detail cust cust-red cust-evil evil-summary evil-detail filter; do
	ok "$f.txt holds no raw ESC byte" no_esc "$D/$f.txt"
	ok "$f.txt holds no other raw control character" raw_controls "$D/$f.txt"
done
ok "the hostile name is shown in the Customers pane, escaped" has "$D/cust-evil.txt" '^▸ +10002 Evil\^G'
ok "the hostile name's OSC shows as ^[]0;pwned^G" has "$D/evil-detail.txt" 'Evil\^G\^\[\]0;pwned\^G'
ok "the override in the first name is shown as <U+202E>, not applied" \
	has "$D/evil-detail.txt" '^ fname +Ann<U\+202E>ylloP'
ok "the customer summary shows the hostile name escaped too" has "$D/evil-summary.txt" \
	'^▸Name +Evil\^G\^\[\]0;pwned\^G'
ok "the hostile name's C1 CSI, DEL, CR and tab are visible, not raw" \
	has "$D/evil-detail.txt" '^ lname +Evil\^G\^\[\]0;pwned\^G.+\[2J.+X.+Y$'

# Script mode copies the console's errors to stderr: escaped there too
# (an error quoting typed or served text must not drive the terminal).
printf ':date \033[31mred\007\n' >"$D/esc-err.script"
cs_run "$D/esc-err.script"
ok "script mode's stderr shows the error's ESC escaped (^[[31mred)" has "$D/err" '\^\[\[31mred\^G'
ok "script mode's stderr holds no raw ESC" no_esc "$D/err"
ok "script mode's stderr holds no other raw control character (BEL)" raw_controls "$D/err"

# A password in the account's URL (a user:password@ before the host) is a
# credential: neither the header (which names the host when no account
# section does) nor :info shows it (an install audit found it in a message).
host=${CS_URL#http://}
s=$(cs_script userinfo <<'EOF'
:info
:save-display userinfo.txt
EOF
)
ROUTEDESK_URL="http://u:TOKzq9secret@$host" cs_run "$s"
ok "a URL with a password: the console runs and exits 0 ($CS_RC)" test "$CS_RC" -eq 0
ok "... :info names the server without the password" \
	has "$D/userinfo.txt" "^ Server +http://${host%%/*}/api"
ok "... neither the header nor :info shows it" hasnt "$D/userinfo.txt" 'TOKzq9'
ok "... nor its stderr" hasnt "$D/err" 'TOKzq9'

tap_done
