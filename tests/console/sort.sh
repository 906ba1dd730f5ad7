#!/bin/sh
# sort.sh: > and < choose the sort column, I inverts it, the selection stays on its record.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script sort <<'EOF'
j
:save-display r0.txt
>
:save-display r1.txt
>
:save-display r2.txt
I
:save-display r3.txt
<
:save-display r4.txt
3
>
>
>
>
>
>
:save-display c-bal-sel.txt
g
:save-display c-bal.txt
I
:save-display c-bal-inv.txt
g
:save-display c-bal-top.txt
1
>
>
>
>
>
>
:save-display r-flags.txt
EOF
)
ok "the console runs the sort script and exits 0" cs_run "$s"

# The technician of each route row, in screen order.
techs() {
	rows "$1" | sed -E 's/^(Route|Commercial) [0-9]+ +//; s/  +[0-9]+\/[0-9]+\/.*//'
}
sorted() {
	if techs "$1" | LC_ALL=C sort $2 -c 2>/dev/null; then
		return 0
	fi
	note "not in order ($2):"
	techs "$1" | sed 's/^/# | /'
	return 1
}

ok "> sorts by the first column (Route▲ in its header)" has "$D/r1.txt" '^ Route▲ +Technician '
ok "a title too wide for its arrow gives up letters, not the arrow (Flag▲, not Flag…)" \
	has "$D/r-flags.txt" ' Flags?▲$'
ok "> again sorts by Technician (▲)" has "$D/r2.txt" '^ Route +Technician▲ '
ok "the rows are in technician order" sorted "$D/r2.txt"
ok "the status line names the sort" has "$D/r2.txt" 'sort Technician▲'
ok "I inverts the order (▼)" has "$D/r3.txt" '^ Route +Technician▼ '
ok "the rows are in reverse technician order" sorted "$D/r3.txt" -r
ok "< goes back to Route▲" has "$D/r4.txt" '^ Route▲ +Technician '
sel=$(selected "$D/r0.txt" | cut -c1-60)
for f in r1 r2 r3 r4; do
	ok "the selection stays on its route after the sort ($f)" \
		test "$(selected "$D/$f.txt" | cut -c1-60)" = "$sel"
done
ok "the sorted order differs from the unsorted one" \
	test "$(techs "$D/r0.txt")" != "$(techs "$D/r2.txt")"

# Customers by balance: numbers sort as numbers.
max=$(cs_api /customer/search includeData:=1 | grep -E '^[[:space:]]*"balance":' |
	sed 's/.*"\([0-9.]*\)".*/\1/' | sort -n | tail -n 1)
ok "six times > sorts Customers by Balance" has "$D/c-bal-sel.txt" ' Balance▲ '
ok "the selection stays on its customer (10000) after the sort" has "$D/c-bal-sel.txt" '^▸ +10000 '
ok "Balance▲ puts the smallest balance (0.00) first" sh -c \
	'sed -n 4p "$1" | grep -Eq " 0\.00 [a-z]+$"' - "$D/c-bal.txt"
ok "I: Balance▼" has "$D/c-bal-inv.txt" ' Balance▼ '
ok "Balance▼ puts the largest balance ($max) first: numbers, not text" sh -c \
	'sed -n 4p "$1" | grep -Eq " $2 [a-z]+$"' - "$D/c-bal-top.txt" "$max"
desc() {
	rows "$1" | grep -E '^ *[0-9]+ ' | awk -v prev=1e18 \
		'{ b = $(NF - 1) + 0; if (b > prev) { bad = 1; print "# " $0 } prev = b } END { exit bad }'
}
ok "the first page is in descending balance order" desc "$D/c-bal-top.txt"

tap_done
