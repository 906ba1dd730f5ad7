#!/bin/sh
# wait_header.sh: at 80x24, a long wait on the header leaves the date whole, weekday included, and says the wait with its seconds; the status line does not say "no rows" while the day loads.
#
# The wait's text may take all of the header but the date; the date got
# 15 columns and the view's title behind it, cut into the weekday:
# "2026-11-20 Fr… no answer from the service yet: try 1 of 3 ends in 24 s".
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start
export LINES=24 COLUMNS=80

D=$CS_DIR
mkfifo "$D/hold" "$D/cont" || exit 99
# The sandbox is stopped (SIGSTOP) while the day before is asked for: it
# takes the request and answers nothing, and after 3 s the console says so.
s=$(cs_script wait_header <<'EOF2'
:save-display today.txt
:save-display hold
:script-race on
[
:script-wait 4500
:save-display wait.txt
:save-display cont
:script-race off
:save-display after.txt
/
"zzqqxx"
Enter
:save-display nomatch.txt
EOF2
)
cs_run_held "$D/trace" "$s"
ok "the console runs the script and exits 0" test $? -eq 0
ok "the header shows the date and the view before the wait" \
	has "$D/today.txt" '^ 2026-11-20 Fri │ Routes'
ok "the header says the wait, with its seconds" \
	has "$D/wait.txt" '^ 2026-11-19 .*no answer from the service yet: try 1 of 3 ends in [0-9]+ s'
ok "the date stays whole, weekday included" has "$D/wait.txt" '^ 2026-11-19 Thu '
ok "no title is cut into the date" hasnt "$D/wait.txt" '^ 2026-11-19 [A-Za-z]*…'
ok "the day before comes once the service answers" has "$D/after.txt" '^ 2026-11-19 Thu │ .*Routes'
# The status line's count: none while the day loads (it said "no rows",
# as for a day with no routes), "no rows" for rows truly none.
ok "the status line does not say no rows while the day loads" hasnt "$D/wait.txt" 'no rows *$'
ok "... it does for a filter that matches none" has "$D/nomatch.txt" 'no rows *$'
tap_done
