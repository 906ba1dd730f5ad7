#!/bin/sh
# share.sh: consoles of one office on one share: one ticker asks, the others read its ticks; takeover, two accounts, a bad DIR.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
SHARE=$D/office
mkdir -p "$SHARE"
mkfifo "$D/syncA1" "$D/syncA2" "$D/syncA3" "$D/syncB1" "$D/syncG1" || exit 99

# console NAME SCRIPT [ARGS...]: a console on the share, its trace in
# trace.NAME, its output in out.NAME/err.NAME, and its own pid (not the
# subshell's or timeout's, which a kill would leave it running past) in
# pid.NAME.
console() {
	cn=$1
	cs=$2
	shift 2
	(cd "$D" && ROUTEDESK_SHARE="$SHARE" ROUTEDESK_TRACE="$D/trace.$cn" ROUTEDESK_SCRIPT="$cs" \
		${CS_TIMEOUT_CMD:-timeout} 120 sh -c 'echo $$ >"$1"; shift; exec "$@"' - "$D/pid.$cn" \
		"$CS_BIN" --fresh --date "$CS_TODAY" "$@" \
		>"$D/out.$cn" 2>"$D/err.$cn" </dev/null)
}
# span NAME FROM TO: the trace of console NAME from key line FROM to TO.
span() {
	cs_span "$D/trace.$1" "$2" "$3"
}

a=$(cs_script a <<'EOF2'
:save-display a0.txt
:save-display syncA1
:refresh
:save-display a1.txt
:save-display syncA2
:refresh
:save-display a2.txt
:save-display syncA3
EOF2
)
b=$(cs_script b <<'EOF2'
:save-display b0.txt
:save-display syncB1
:refresh
:save-display b1.txt
EOF2
)
console A "$a" &
pa=$!
cs_wait_for "$D/trace.A" 'key :save-display syncA1' 120
console B "$b" &
pb=$!
cs_wait_for "$D/trace.B" 'key :save-display syncB1' 120

# A stop of the day completed by someone else while both are open.
cs_pending_stop "$CS_TODAY"
stop=$CS_STOP route=$CS_STOP_ROUTE title=$CS_STOP_TITLE
cs_api /appointment/complete "appointmentID=$stop" status=1 bypassLockedRoute=1 >"$D/done.json"
ok "the service completed stop #$stop of $title while both consoles were open" \
	grep -q '"success":[[:space:]]*true' "$D/done.json"

cat "$D/syncA1" >/dev/null # A ticks: the first to tick is the ticker
cs_wait_for "$D/trace.A" 'key :save-display syncA2' 120
cat "$D/syncB1" >/dev/null # B ticks: it reads what A learnt
wait $pb
ok "console B exits 0" test $? -eq 0

dpnc() { cs_dpnc "$1" "$title"; }
done_up() { d0=$(dpnc "$1"); d1=$(dpnc "$2"); [ "${d1%%/*}" -eq $((${d0%%/*} + 1)) ]; }
ok "A, the ticker, asked the service what changed" sh -c \
	'grep " request " "$1" | grep -q " /changelog/search "' - "$D/trace.A"
ok "A shows the stop done ($(dpnc "$D/a0.txt") then $(dpnc "$D/a1.txt"))" done_up "$D/a0.txt" "$D/a1.txt"
# The route changed after A first showed the day, and A has not opened it:
# flagged * (it never was while the sandbox stamped changes with the wall
# clock's morning, older than the generated day).
flagged() { grep -F "$2 " "$1" | head -n 1 | sed 's/.*[0-9]\{1,\}\/[0-9]\{1,\}\/[0-9]\{1,\}\/[0-9]\{1,\}//' | grep -q '\*'; }
ok "A flags the route * changed since you looked" flagged "$D/a1.txt" "$title"
ok "it was not flagged before" sh -c '! grep -F "$2 " "$1" | head -n 1 | grep -q "\*"' - "$D/a0.txt" "$title"
breads=$(span B :refresh ':save-display b1.txt' | grep -c ' request ')
ok "B's tick reached the service not once ($breads requests)" test "$breads" -eq 0
ok "B shows the stop done all the same ($(dpnc "$D/b0.txt") then $(dpnc "$D/b1.txt"))" \
	done_up "$D/b0.txt" "$D/b1.txt"

acct=$(ls "$SHARE")
ok "one directory for the account in the share ($acct)" test "$(echo "$acct" | wc -l)" -eq 1
ok "its tick files are the group's, no wider (660)" sh -c '
	for f in "$1"/ticks/*.json; do [ "$(stat -c %a "$f")" = 660 ] || exit 1; done' - "$SHARE/$acct"
ok "its directories are the group's, set-group-id (2770)" \
	test "$(stat -c %a "$SHARE/$acct")" = 2770 -a "$(stat -c %a "$SHARE/$acct/ticks")" = 2770
ok "nothing in the share holds the token or the key" sh -c \
	'! grep -rqF "$1" "$3" && ! grep -rqF "$2" "$3"' - "$ROUTEDESK_TOKEN" "$ROUTEDESK_KEY" "$SHARE"

# A console started while the ticker ticks takes the ticker's newest change
# as its changelog baseline: its review asks no changelog search, and a
# change made after the review still reaches it, through the next tick.
g=$(cs_script g <<'EOF2'
:save-display g0.txt
:save-display syncG1
:refresh
:save-display g1.txt
EOF2
)
console G "$g" &
pg=$!
cs_wait_for "$D/trace.G" 'key :save-display syncG1' 120
greview=$(awk '/ key :save-display syncG1/ { exit } / request /' "$D/trace.G")
ok "G's review asked no changelog search: the ticker's newest served" sh -c \
	'! echo "$1" | grep -q " /changelog/search "' - "$greview"
ok "G's review on the share was 5 requests ($(echo "$greview" | grep -c .))" \
	test "$(echo "$greview" | grep -c .)" -eq 5
ok "G's trace says where its baseline came from" grep -q ' baseline .* from the office' "$D/trace.G"
cs_pending_stop "$CS_TODAY"
title=$CS_STOP_TITLE
cs_api /appointment/complete "appointmentID=$CS_STOP" status=1 bypassLockedRoute=1 >"$D/done2.json"
ok "the service completed stop #$CS_STOP of $title after G's review" \
	grep -q '"success":[[:space:]]*true' "$D/done2.json"
cat "$D/syncA2" >/dev/null # A ticks again: what changed since its last tick
cs_wait_for "$D/trace.A" 'key :save-display syncA3' 120
cat "$D/syncG1" >/dev/null # G ticks from the ticker's newest
wait $pg
ok "console G exits 0" test $? -eq 0
greads=$(span G :refresh ':save-display g1.txt' | grep -c ' request ')
ok "G's tick reached the service not once ($greads requests)" test "$greads" -eq 0
ok "G shows the stop done after its review ($(dpnc "$D/g0.txt") then $(dpnc "$D/g1.txt"))" \
	done_up "$D/g0.txt" "$D/g1.txt"

# The ticker dies mid-day: the next console to tick takes over.  A is the
# console itself, killed where it stands (blocked on syncA3, which nobody
# reads): killing the subshell left it to timeout's SIGTERM after the test
# had ended, and it then saved its state into a directory nobody removed.
kill -KILL "$(cat "$D/pid.A")" 2>/dev/null
wait $pa 2>/dev/null
ok "console A is gone" sh -c '! kill -0 "$1" 2>/dev/null' - "$(cat "$D/pid.A")"
c=$(cs_script c <<'EOF2'
:refresh
:save-display c1.txt
EOF2
)
console C "$c"
ok "with A killed, console C runs and exits 0" test $? -eq 0
ok "C took over as the ticker: it asked the service what changed" sh -c \
	'grep " request " "$1" | grep -q " /changelog/search "' - "$D/trace.C"

# Another account on the same DIR: its own directory, its own ticks.
other=$(printf '%s' "$ROUTEDESK_URL" | sed 's/127\.0\.0\.1/localhost/')
ROUTEDESK_URL=$other console E "$c"
ok "another account (another URL) runs on the same DIR" test $? -eq 0
ok "it has a directory of its own" test "$(ls "$SHARE" | wc -l)" -eq 2
ok "and ticks for itself: it asked the service" sh -c \
	'grep " request " "$1" | grep -q " /changelog/search "' - "$D/trace.E"

# A share that cannot be used: said, and the console runs unshared.
f=$(cs_script f <<'EOF2'
:save-display f1.txt
EOF2
)
SHARE=/etc/passwd/office console F "$f"
ok "with share = a path under a file the console still runs (exit 0)" test $? -eq 0
ok "it says on stderr that it runs unshared" has "$D/err.F" 'share /etc/passwd/office: .*running unshared'
ok "once" test "$(grep -c 'running unshared' "$D/err.F")" = 1
ok "and on the message line" has "$D/f1.txt" 'share /etc/passwd/office: .*running unshared'

# A share whose flight/ cannot be used (a file in its place): the console
# runs on the share, its reads made alone, and says why (it was silent).
mkdir -p "$D/noflight"
SHARE=$D/noflight console H0 "$f"
acct=$(ls "$D/noflight")
rm -rf "$D/noflight/$acct/flight" && echo x >"$D/noflight/$acct/flight"
h=$(cs_script h <<'EOF2'
:save-display h1.txt
EOF2
)
SHARE=$D/noflight console H "$h"
ok "with flight/ a file the console still runs (exit 0)" test $? -eq 0
ok "it says on stderr that identical reads are not combined" \
	has "$D/err.H" "share $D/noflight: identical reads are not combined: flight: not a directory"
ok "and on the message line" has "$D/h1.txt" "share $D/noflight: identical reads are not combined"

# A share whose written/ cannot be used (a file in its place; another
# member's chmod does the same): the console runs on the share, its reads
# counted with the office's, and says in one line which directory is not
# used and what goes without it (the whole share was refused: it ran
# unshared, its reads counted apart from the office's).
mkdir -p "$D/nowritten"
SHARE=$D/nowritten console W0 "$f"
acct=$(ls "$D/nowritten")
rm -rf "$D/nowritten/$acct/written" && echo x >"$D/nowritten/$acct/written"
counted() { cat "$D/nowritten/$acct/reads-$(date +%Y-%m-%d)" 2>/dev/null || echo 0; }
before=$(counted)
w=$(cs_script w <<'EOF2'
:save-display w1.txt
EOF2
)
SHARE=$D/nowritten console W "$w"
ok "with written/ a file the console still runs (exit 0)" test $? -eq 0
ok "it does not run unshared" sh -c '! grep -q unshared "$1"' - "$D/err.W"
ok "it says on stderr, in one line, that written/ is not used" \
	has "$D/err.W" "share: $D/nowritten/$acct/written not used .not a directory.*: what a console writes"
ok "and on the message line" has "$D/w1.txt" "share: .*/written not used"
after=$(counted)
ok "its reads are counted in the share ($before, then $after)" test "$after" -gt "$before"

tap_done
