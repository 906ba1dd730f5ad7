#!/bin/sh
# demo.sh: --demo runs the console on a private generated sandbox and leaves nothing behind; a sandbox that cannot run, or no terminal, is said before anything starts.
. "$top_srcdir/tests/lib/console.sh"
cs_setup

D=$CS_DIR
mkdir -p "$D/tmp" "$D/bin"
export TMPDIR="$D/tmp"
unset ROUTEDESK_URL ROUTEDESK_KEY ROUTEDESK_TOKEN

# ---- no terminal: said at once, no sandbox started ----------------------
(cd "$D" && "$CS_BIN" --demo </dev/null >"$D/notty.out" 2>"$D/notty.err")
status=$?
ok "no terminal: status 1 ($status)" test "$status" = 1
ok "no terminal: it says what it needs" has "$D/notty.err" 'needs a terminal on stdin and stdout'
ok "no terminal: no sandbox was started first" hasnt "$D/notty.err" 'starting a demo sandbox'
ok "no terminal: no demo directory made" sh -c '! ls "$1"/routedesk-demo.* >/dev/null 2>&1' - "$D/tmp"

# ---- the demo, scripted ---------------------------------------------------
script=$(cs_script demo <<'SCRIPT'
:save-display demo-routes.txt
3
:save-display demo-customers.txt
SCRIPT
)
cs_run "$script" --demo
ok "demo: ends with status 0" test "$CS_RC" = 0
ok "demo: it said it starts a sandbox" has "$D/err" 'starting a demo sandbox with 2000 generated customers'
ok "demo: the route review of the generated day" has "$D/demo-routes.txt" '^ Route +Technician '
ok "demo: the header names the demo account" has "$D/demo-routes.txt" "│ demo │ Routes: $CS_TODAY"
ok "demo: Customers holds the 2000 generated" has "$D/demo-customers.txt" ' 1/2000$'
ok "demo: its directory is gone after the exit" \
	sh -c '! ls -d "$1"/routedesk-demo.* >/dev/null 2>&1' - "$D/tmp"
ok "demo: no sandbox is left running" sh -c '! pgrep -f "$1/routedesk-demo" >/dev/null' - "$D/tmp"

# ---- a sandbox that cannot run --------------------------------------------
# The console alone in a directory, with a PATH holding nothing else: no
# sibling routedesk-sandbox and none on PATH.
cp "$CS_BIN" "$D/bin/routedesk"
(cd "$D" && ROUTEDESK_SCRIPT="$script" PATH="$D/bin" "$D/bin/routedesk" --fresh --demo \
	</dev/null >"$D/nosb.out" 2>"$D/nosb.err")
status=$?
ok "no sandbox: status 2 ($status)" test "$status" = 2
ok "no sandbox: it says the sandbox did not start" has "$D/nosb.err" '--demo: routedesk-sandbox did not start'
ok "no sandbox: with the reason from its log" has "$D/nosb.err" 'cannot run routedesk-sandbox \(errno 2\)'
ok "no sandbox: its directory is gone" sh -c '! ls -d "$1"/routedesk-demo.* >/dev/null 2>&1' - "$D/tmp"

tap_done
