#!/bin/sh
# probe.sh: a read refused with a 429 goes again at its Retry-After, not once an unrelated slow read already running has ended.
#
# After a quota refusal the next start goes alone, to learn the budget.
# "Alone" waited for every running call, so while another read of the
# review was held by a slow server the refused one sat queued past its
# Retry-After, up to the stall limit, and the header named only the slow one.
CS_SEED=8
. "$top_srcdir/tests/lib/console.sh"
cs_setup
# Seed 8's draws for this review (same path, body and arrival, same fault):
# the route search goes first and alone; then the employee search meets a
# 429 (its second arrival too, its third is answered) while the service
# types' search, sent with it, is held 15 s.
cs_sandbox_start --faults 429:0.25,slow:0.25:15000

D=$CS_DIR
s=$(cs_script probe <<'EOF2'
:save-display review.txt
EOF2
)
ROUTEDESK_TRACE=$D/trace cs_run "$s"
ok "the console runs the review and exits 0 ($CS_RC)" test "$CS_RC" -eq 0
ok "the review is on screen" has "$D/review.txt" ' 1/[0-9]+$'
grep ' request ' "$D/trace" >"$D/requests"
show "$D/requests"
ok "premise: the employee search met a 429" grep -q ' request /employee/search 429 ' "$D/requests"
slow=$(awk '$3 == "/serviceType/search" && $4 == 200 { print $6; exit }' "$D/requests")
ok "premise: the service types' search was the one held 15 s (${slow:-none} ms)" \
	test "${slow:-0}" -ge 15000
emp=$(grep -n ' request /employee/search 200 ' "$D/requests" | head -n 1 | cut -d: -f1)
typ=$(grep -n ' request /serviceType/search 200 ' "$D/requests" | head -n 1 | cut -d: -f1)
ok "the refused employee search was answered before the slow search ended (line ${emp:-none} < ${typ:-none})" \
	test "${emp:-99}" -lt "${typ:-0}"
ok "the technicians show by name" has "$D/review.txt" 'Route 04 +Anthony Baker'
tap_done
