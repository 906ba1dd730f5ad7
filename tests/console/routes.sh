#!/bin/sh
# routes.sh: the Routes pane (columns, rows against the sandbox), help, :info and the ways out.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
# Every answer takes 300 ms: "the first frame came before the review's
# answers" is then a property of the console, not a race with a sandbox
# that answers in a millisecond (distcheck under load once drew the first
# frame after the first answer).
cs_sandbox_start --latency 300

D=$CS_DIR
s=$(cs_script routes <<'EOF'
:save-display routes.txt
?
:save-display help.txt
PgDn
:save-display help-pg2.txt
PgDn
:save-display help-pg3.txt
q
:info
:save-display info.txt
-
:save-display back.txt
EOF
)
export ROUTEDESK_TRACE="$D/trace"
ok "the console runs a script against the sandbox and exits 0" cs_run "$s"
unset ROUTEDESK_TRACE
# Issue 4's budget: a cold review in at most 6 requests (the trace's
# request lines before the first script step, which waits for the review).
cold=$(awk '$2 == "key" { exit } $2 == "request" { n++ } END { print n + 0 }' "$D/trace")
ok "the cold route review took at most 6 requests ($cold)" test "$cold" -ge 1 -a "$cold" -le 6
ok "the first frame came before the review's answers (the header at once)" \
	awk '$2 == "frame" { exit 0 } $2 == "request" { exit 1 }' "$D/trace"

# The columns a dispatcher reads the day by.
hdr=$(sed -n 3p "$D/routes.txt")
ok "Routes columns: Route, Technician, D/P/N/C, Stops, Window, Due, Flags" \
	sh -c 'echo "$1" | grep -Eq "Route +Technician +D/P/N/C +Stops +Window +Due +Flags"' - "$hdr"
ok "the header shows the review date and the Routes pane" \
	has "$D/routes.txt" '^ *2026-11-20 .*Routes'
ok "the tab line marks Routes as the active pane" has "$D/routes.txt" '^\[1 Routes\]'

# One row per route of the day, as the service lists them.
nroutes=$(cs_count route date=$CS_TODAY)
rows "$D/routes.txt" | grep -E ' [0-9]+/[0-9]+/[0-9]+/[0-9]+ ' >"$D/route.rows"
nrows=$(wc -l <"$D/route.rows")
ok "one row per route of the day ($nrows shown, the service has $nroutes)" \
	test "$nrows" -eq "$nroutes" -a "$nroutes" -gt 0
ok "the status line counts the routes (1/$nroutes)" has "$D/routes.txt" " 1/$nroutes\$"
ok "a route without a technician says UNASSIGNED" has "$D/route.rows" ' UNASSIGNED '
# D/P/N/C adds up to Stops on every row.
bad=$(awk '{ for (i = 1; i < NF; i++) if ($i ~ /^[0-9]+\/[0-9]+\/[0-9]+\/[0-9]+$/) {
		split($i, a, "/"); if (a[1] + a[2] + a[3] + a[4] != $(i + 1)) print; } }' "$D/route.rows")
ok "done/pending/no-show/cancelled add up to the stop count on every row" test -z "$bad"
[ -n "$bad" ] && note "rows: $bad"
# Done and pending over the day are the service's completed and pending stops.
done_ui=$(awk '{ for (i = 1; i < NF; i++) if ($i ~ /^[0-9]+\/[0-9]+\/[0-9]+\/[0-9]+$/) {
		split($i, a, "/"); d += a[1]; p += a[2]; } } END { print d + 0, p + 0 }' "$D/route.rows")
cs_api /appointment/search date=$CS_TODAY includeData:=1 >"$D/appts.json"
done_sb=$(grep -Ec '^[[:space:]]*"status":[[:space:]]*"1"' "$D/appts.json")
pend_sb=$(grep -Ec '^[[:space:]]*"status":[[:space:]]*"0"' "$D/appts.json")
ok "completed and pending stops of the day match the service ($done_ui vs $done_sb $pend_sb)" \
	test "$done_ui" = "$done_sb $pend_sb"
ok "times are windows (HH:MM-HH:MM) and balances amounts" \
	sh -c '! grep -Ev " [0-2][0-9]:[0-5][0-9]-[0-2][0-9]:[0-5][0-9] +[0-9]+\.[0-9][0-9]( |$)" "$1"' - "$D/route.rows"
ok "the Routes pane matches its golden screen" golden routes "$D/routes.txt"

# Help lists the live bindings, generated from the action table (its
# first three pages: the Timeline's keys, then the preview of the
# selected key's description, pushed `t` below 30 lines).
cat "$D/help-pg2.txt" "$D/help-pg3.txt" >>"$D/help.txt"
for k in '^.?\? F1 +help' '^ q +back' '^ Q +quit' '^ - Esc +pop' '^ / +filter' '^ \[ +prev_day' \
	'^ \] +next_day' '^ t +today'; do
	ok "help lists /$k/" has "$D/help.txt" "$k"
done
ok "help is a view on top of Routes" has "$D/help.txt" 'Routes › Help'
ok ":info names the server, the review date and the mode" sh -c \
	'grep -q "Server  *$2" "$1" && grep -q "Review date  *2026-11-20" "$1" && grep -q "Mode  *read-write" "$1"' \
	- "$D/info.txt" "$CS_URL"
ok "- goes back from :info to Routes" has "$D/back.txt" '^ Route +Technician'

# A rebinding in the config is what help shows and what the key does.
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[keys]\ndown = x Down\nhelp = F2\n' >"$XDG_CONFIG_HOME/routedesk/config"
s=$(cs_script rebound <<'EOF'
F2
:save-display help2.txt
q
x
:save-display moved.txt
?
:save-display nohelp.txt
EOF
)
ok "the console runs with a [keys] section" cs_run "$s"
ok "help shows the rebound keys (x Down for down)" has "$D/help2.txt" '^ x Down +down'
ok "help shows F2 alone for help" has "$D/help2.txt" '^.F2 +help'
ok "the rebound key moves the selection to row 2" has "$D/moved.txt" ' 2/[0-9]+$'
ok "the old key no longer opens help" hasnt "$D/nohelp.txt" 'Routes › Help'
rm -f "$XDG_CONFIG_HOME/routedesk/config"

# :messages: the message line cuts a long message at the screen's edge;
# the view lists what it said, newest first, and its preview has the
# selected one whole (a dispatcher audit could not read a cut error).
s=$(cs_script messages <<'EOF'
:cust-nonsense
:date 2026-02-30
:messages
:save-display messages.txt
j
:save-display messages-2.txt
EOF
)
ok ":messages: the console runs" cs_run "$s"
ok ":messages: a view on top of Routes" has "$D/messages.txt" 'Routes › Messages'
ok ":messages: newest first, with the time" \
	sh -c 'a=$(grep -n "2026-02-30" "$1" | head -n 1 | cut -d: -f1); b=$(grep -n "cust-nonsense" "$1" | head -n 1 | cut -d: -f1); [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]' - "$D/messages.txt"
ok ":messages: each with its time" has "$D/messages.txt" '^.[0-9]{2}:[0-9]{2}:[0-9]{2} +.*cust-nonsense'
ok ":messages: the selected one whole in the preview" has "$D/messages-2.txt" '^ [0-9:]{8}  .*cust-nonsense'

# The ways out: each ends the program with status 0 at once (the rest of
# the script is not run: no display saved after them).
for how in Q ':q' ':quit' q; do
	s=$(cs_script quit <<EOF
$how
:save-display after-quit.txt
EOF
)
	rm -f "$D/after-quit.txt"
	ok "'$how' at the top quits with status 0" cs_run "$s"
	ok "'$how' quits at once (nothing after it runs)" test ! -e "$D/after-quit.txt"
done

# --view opens another pane.
s=$(cs_script view <<'EOF'
:save-display view.txt
EOF
)
ok "--view customers runs" cs_run "$s" --view customers
ok "--view customers opens on the Customers pane" has "$D/view.txt" '^ 1 Routes  2 Stops \[3 Customers\]'
ok "--view nonsense is refused with exit status 2" sh -c \
	'ROUTEDESK_SCRIPT="$1" "$2" --view nonsense >/dev/null 2>"$3"; test $? -eq 2' - "$s" "$CS_BIN" "$D/view.err"
ok "--view nonsense says why" has "$D/view.err" 'nonsense'

tap_done
