#!/bin/sh
# warm.sh: a console started on a day shown lately paints it from disk and asks only what changed since.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script warm <<'EOF2'
:save-display day.txt
EOF2
)
# span_requests TRACE: the request lines of a trace.
requests() { grep -c ' request ' "$1"; }

# The first start is cold: the whole review.
export ROUTEDESK_TRACE="$D/trace1"
CS_NOFRESH=1 cs_run "$s"
ok "a first start on 2026-11-20 runs and exits 0" test "$CS_RC" = 0
cp "$D/day.txt" "$D/cold.txt"
cold=$(requests "$D/trace1")
ok "it fetched the whole review ($cold requests)" test "$cold" -ge 3
file=$(ls "$HOME"/.state/routedesk/days/*-2026-11-20.json 2>/dev/null | head -n 1)
ok "at exit it kept the day in the state directory" test -n "$file"
ok "private to its owner (0600)" test "$(stat -c %a "$file")" = 600
ok "with neither the token nor the key in it" sh -c \
	'! grep -qF "$1" "$3" && ! grep -qF "$2" "$3"' - "$ROUTEDESK_TOKEN" "$ROUTEDESK_KEY" "$file"

# A stop of the day completed by someone else between the two starts.
cs_pending_stop 2026-11-20
stop=$CS_STOP route=$CS_STOP_ROUTE title=$CS_STOP_TITLE
cs_api /appointment/complete "appointmentID=$stop" status=1 bypassLockedRoute=1 >"$D/done.json"
ok "the service completed stop #$stop of $title in between" \
	grep -q '"success":[[:space:]]*true' "$D/done.json"

# The second start is warm: painted from disk, then the changelog.
export ROUTEDESK_TRACE="$D/trace2"
CS_NOFRESH=1 cs_run "$s"
ok "a second start on the same day runs and exits 0" test "$CS_RC" = 0
warm=$(requests "$D/trace2")
ok "it started warm (the trace says so)" grep -q ' warm 2026-11-20, [0-9]* s old' "$D/trace2"
ok "its first request asks the changelog what changed" sh -c \
	'grep " request " "$1" | head -n 1 | grep -q " /changelog/search "' - "$D/trace2"
ok "and no more than the changed stop besides ($warm requests, cold $cold)" test "$warm" -le 2
dpnc() { cs_dpnc "$1" "$title"; }
before=$(dpnc "$D/cold.txt")
after=$(dpnc "$D/day.txt")
ok "the completed stop is shown done ($title: $before, then $after)" sh -c '
	d0=${1%%/*}; d1=${2%%/*}; [ "$d1" -eq $((d0 + 1)) ]' - "$before" "$after"

# Another service's console never paints this one's day: the same
# sandbox under another name is another account, and starts cold.
export ROUTEDESK_TRACE="$D/trace3"
other=$(printf '%s' "$ROUTEDESK_URL" | sed 's/127\.0\.0\.1/localhost/')
ROUTEDESK_URL=$other CS_NOFRESH=1 cs_run "$s"
ok "another URL does not start warm on it" sh -c '! grep -q " warm " "$1"' - "$D/trace3"
ok "and fetches the whole review ($(requests "$D/trace3") requests)" test "$(requests "$D/trace3")" -ge 3

# --fresh ignores what was kept.
export ROUTEDESK_TRACE="$D/trace4"
cs_run "$s"
ok "--fresh starts cold" sh -c '! grep -q " warm " "$1"' - "$D/trace4"
unset ROUTEDESK_TRACE

# With the service gone the kept day still paints: it comes from disk,
# not from an answer.
cs_sandbox_stop
export ROUTEDESK_TRACE="$D/trace5"
CS_NOFRESH=1 cs_run "$s"
unset ROUTEDESK_TRACE
ok "offline, a warm start still shows the day's routes" has "$D/day.txt" "^ *$title "
ok "the same rows as the last look (under the header)" sh -c \
	'sed 1d "$1" | grep -E "^.?[A-Za-z].* [0-9]+/[0-9]+/[0-9]+/[0-9]+ " >"$1.rows"
	 test -s "$1.rows"' - "$D/day.txt"
ok "and the header says the service is not reached" has "$D/day.txt" 'OFFLINE'

tap_done
