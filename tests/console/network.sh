#!/bin/sh
# network.sh: the server goes away mid-session: the console says so, keeps running, recovers, exits 0; a review that never comes fails a script in ROUTEDESK_SCRIPT_TIMEOUT.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
port=$(echo "$CS_URL" | sed 's|^http://127\.0\.0\.1:\([0-9]*\)/api$|\1|')
mkfifo "$D/sync1" "$D/sync2" "$D/sync3" "$D/sync4" || exit 99
# The console waits on each FIFO (:save-display opens it and blocks)
# until the test has done its part: no sleeps, no races.
s=$(cs_script network <<'EOF'
:save-display before.txt
:save-display sync1
:refresh
:save-display failed.txt
j
Enter
:save-display stops.txt
-
:info
:save-display offline.txt
q
3
:save-display cust-offline.txt
1
:save-display sync2
:refresh
:save-display back.txt
3
:save-display cust-back.txt
1
:info
:save-display online.txt
:save-display sync3
:refresh
:save-display offline2.txt
:save-display sync4
:refresh
:save-display refused-back.txt
EOF
)
export ROUTEDESK_TRACE="$D/trace"
cs_run "$s" &
console=$!

stopped=no restarted=no
cs_at_pause "$D/trace" sync1 120 cs_sandbox_stop && stopped=yes
cs_at_pause "$D/trace" sync2 120 cs_sandbox_restart "$port" && restarted=yes
# Gone again, then back refusing every request: a refusal is an answer,
# so the console is no longer offline, whatever it refused.
restarted2=no
# (Its stop's status aside: only a console that never got there leaves the
# FIFOs to be opened below.)
if [ "$restarted" = yes ] && cs_at_pause "$D/trace" sync3 120 eval 'cs_sandbox_stop; :'; then
	cs_at_pause "$D/trace" sync4 120 cs_sandbox_restart "$port" --faults refuse:1 &&
		restarted2=yes
else
	cat "$D/sync3" >/dev/null 2>&1 &
	cat "$D/sync4" >/dev/null 2>&1 &
fi
wait $console
rc=$?

ok "the sandbox stopped cleanly on SIGTERM mid-session" test "$stopped" = yes
ok "the console kept running and exited 0 at the end of its script ($rc)" test "$rc" -eq 0
ok "before: the routes were shown" has "$D/before.txt" '^.Commercial 05 '
ok "the failed refresh is an error on the message line" \
	has "$D/failed.txt" '^! Network: the refresh failed \(/changelog/search: '
ok "the header says OFFLINE" has "$D/failed.txt" '^ 2026-11-20 .* OFFLINE '
ok "the routes stay on screen" has "$D/failed.txt" '^.Commercial 05 '
ok "the refresh was retried before giving up (several attempts)" \
	test "$(sed -n '/key :refresh/,/key :save-display failed.txt/p' "$D/trace" | grep -c ' request .* 0 0 ')" -ge 2
ok "what was loaded still opens: the stops of route 2" has_all "$D/stops.txt" 'Routes › Stops$' ' 1/10$'
ok ":info says the connection is offline" has "$D/offline.txt" '^ Connection +offline'
ok "the error also went to stderr, prefixed" has "$D/err" '^routedesk: Network: the refresh failed'
if [ "$restarted" = yes ]; then
	ok "after the server came back, :refresh clears OFFLINE" hasnt "$D/back.txt" 'OFFLINE'
	ok "after the server came back, :info says the connection is ok" has "$D/online.txt" '^ Connection +ok$'
	ok "offline, the Customers pane opened said its search failed" \
		has "$D/cust-offline.txt" 'Customers failed'
	ok "once the connection is back, that pane is loaded again with no r" \
		has "$D/cust-back.txt" ' 1/[0-9]+$'
	ok "after the server came back, the refresh asked the changelog once" \
		test "$(sed -n '/key :refresh/,$p' "$D/trace" | sed -n '/sync2/,$p' |
			sed -n '/key :refresh/,/key :save-display back.txt/{p;/back\.txt/q;}' |
			grep -c ' request /changelog/search 200 ')" -eq 1
	if [ "$restarted2" = yes ]; then
		ok "gone again: OFFLINE again" has "$D/offline2.txt" '^ 2026-11-20 .* OFFLINE '
		ok "back but refusing: the refusal is said" has "$D/refused-back.txt" '^! .*refused'
		ok "back but refusing: no longer OFFLINE (an answer came)" \
			hasnt "$D/refused-back.txt" 'OFFLINE'
	else
		skip "gone again, back refusing: OFFLINE cleared" "port $port not free again"
	fi
else
	skip "after the server came back, :refresh clears OFFLINE" "port $port not free again"
	skip "after the server came back, :info says the connection is ok" "port $port not free again"
	skip "after the server came back, the refresh asked the changelog once" "port $port not free again"
fi

# ---- a refusal: the review fails, and every pane says why ----------------

# The service refuses every request (success:false): nothing to retry.  The
# pane that said "loading" must now say what failed, as the header does
# ("not loaded"), never "loading" with nothing on its way.
cs_sandbox_stop
# The harness itself: a sandbox started again where one ran must not be
# taken for the last (its "listening on" line still in the file until the
# new one's shell truncates it: tmux_stress's rare "no API URL").
printf 'listening on http://127.0.0.1:1/api\n' >"$CS_DIR/sb/out"
cs_sandbox_start --faults refuse:1
ok "a restarted sandbox's URL is its own, not the last one's line ($CS_URL)" \
	sh -c '[ "$1" != "http://127.0.0.1:1/api" ] && [ -n "$1" ]' - "$CS_URL"
s=$(cs_script refused <<'EOF'
:save-display refused-routes.txt
3
:save-display refused-customers.txt
EOF
)
cs_run "$s"
ok "refused: the console runs its script and exits 0 ($CS_RC)" test "$CS_RC" -eq 0
ok "refused: the header says the review is not loaded" has "$D/refused-routes.txt" ' not loaded '
ok "refused: the Routes pane says the review failed and why" \
	has "$D/refused-routes.txt" '^ +the route review failed: The service refused the request'
ok "refused: the Routes pane does not say loading" hasnt "$D/refused-routes.txt" 'loading'
ok "refused: the Customers pane says its search failed and why" \
	has "$D/refused-customers.txt" '^ +Customers failed: The service refused the request'
ok "refused: the Customers pane does not say loading" hasnt "$D/refused-customers.txt" 'loading'

# ---- a server that takes the connection and says nothing ----------------

# Up but silent (or slow) is not gone: the header says NO ANSWER, not
# OFFLINE, and the pane and :info say what is seen.  [account] stall = 1
# gives up each try after a second of silence, not thirty.
cs_sandbox_stop
cs_sandbox_start --faults slow:1:30000
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[account silent]\nstall = 1\n' >"$XDG_CONFIG_HOME/routedesk/config"
chmod 600 "$XDG_CONFIG_HOME/routedesk/config"
s=$(cs_script silent <<'EOF'
:save-display silent.txt
:info
:save-display silent-info.txt
EOF
)
cs_run "$s"
ok "silent: the console runs its script and exits 0 ($CS_RC)" test "$CS_RC" -eq 0
ok "silent: the header says NO ANSWER" has "$D/silent.txt" '^ 2026-11-20 .* NO ANSWER '
ok "silent: and not OFFLINE" hasnt "$D/silent.txt" 'OFFLINE'
ok "silent: the pane says the service takes the connection but sends nothing" \
	has "$D/silent.txt" '^ +no answer: the service takes the connection but sends nothing'
ok "silent: :info says so" has "$D/silent-info.txt" '^ Connection +no answer: '
ok "silent: each try gave up after the config's stall (1 s), not 30 s" \
	has "$D/err" 'nothing received for 1 s \(\[account\] stall\) \(gave up after 3 attempts'
rm -f "$XDG_CONFIG_HOME/routedesk/config"
kill -KILL "$CS_SBPID" 2>/dev/null

# ---- a review that does not come: the first step's wait is bounded ------

# Every answer 60 s away: ROUTEDESK_SCRIPT_TIMEOUT bounds the wait for the
# review before the first step as it does every later one; before, a
# script waited for the first review as long as it took.
cs_sandbox_start --latency 60000
s=$(cs_script slow <<'EOF'
:save-display slow.txt
EOF
)
ROUTEDESK_SCRIPT_TIMEOUT=2 cs_run "$s" 2>/dev/null
ok "no review in time: the console fails the script (exit 1, not killed: $CS_RC)" test "$CS_RC" -eq 1
ok "and names the step it waited to run" has "$D/err" 'slow\.script:1: still fetching after 2 s; giving up'
ok "no step ran" test ! -e "$D/slow.txt"
# Its answers still on their way: SIGTERM would wait the minute out.
kill -KILL "$CS_SBPID" 2>/dev/null

tap_done
