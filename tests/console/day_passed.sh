#!/bin/sh
# day_passed.sh: a review still on its way for a day stepped past, onto a day the console holds, is withdrawn: its reads left are not spent.
#
# [ then ] (or ] ] onto a day seen lately) showed the held day at once and
# dropped the other day's review when it landed, but let it run: the
# route search, the stops and the customers of a day nobody looks at,
# three reads of the account's sixty a minute.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
mkfifo "$D/hold" "$D/cont" || exit 99
# The sandbox is stopped while [ and ] run, so the 18th's review is
# surely on its way when ] lands on the 19th (held since the first [).
s=$(cs_script day_passed <<'EOF2'
[
:save-display d19.txt
:save-display hold
:script-race on
[
]
:save-display cont
:script-race off
:save-display back.txt
EOF2
)
cs_run_held "$D/trace" "$s"
ok "the console runs the script and exits 0" test $? -eq 0
ok "the 19th is on screen" test "$(header_date "$D/d19.txt")" = 2026-11-19
ok "] came back to the 19th" test "$(header_date "$D/back.txt")" = 2026-11-19
ok "its routes are shown" has "$D/back.txt" ' 1/[0-9]+$'
# The review submitted after the hold: the 18th's.
sed -n '/key :save-display hold$/,$p' "$D/trace" | grep -v ' frame ' >"$D/after"
show "$D/after"
gen=$(awk '$2 == "job" && $4 == "review" && $5 == "submit" { print $3; exit }' "$D/after")
ok "the 18th's review was asked for (job ${gen:-none})" test -n "$gen"
ok "it was withdrawn when ] landed on the 19th" grep -q " job $gen review superseded\$" "$D/after"
ok "it did not run on" hasnt "$D/after" " job $gen review (done|failed)\$"
ok "no read of the 18th's stops or customers was sent" \
	hasnt "$D/after" ' request /(appointment/search|customer/get) '
tap_done
