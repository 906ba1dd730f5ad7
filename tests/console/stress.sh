#!/bin/sh
# stress.sh: seeded random key sequences race the fetch thread against faulty, slow sandboxes; no job is lost.
#
# After each sequence goes idle (:script-check): every job submitted ended
# in exactly one outcome and nothing on screen waits for one; no pane says
# loading; the trace pairs every submit with one outcome.  Then a few
# steps ask for reads and Q comes while they are on their way: by the
# trace's order alone (stress_quit_check, no clock), no read started after
# the quit took hold and none took an answer after it.  A failure prints
# its seed: rerun it alone with STRESS_SEED=SEED.  STRESS_N sets the
# sequences per fault mix (default 60, three mixes); bench/stress runs the
# long version.
. "$top_srcdir/tests/lib/console.sh"
. "$top_srcdir/tests/lib/stress.sh"
cs_setup

D=$CS_DIR
n=${STRESS_N:-60}
base=${STRESS_BASE:-1000}

mix=0
while IFS= read -r args; do
	mix=$((mix + 1))
	# shellcheck disable=SC2086
	cs_sandbox_start $args </dev/null
	stress_account "$CS_URL"
	i=0
	while [ $i -lt "$n" ]; do
		# Several sequences at once (STRESS_JOBS, default 6): they mostly
		# wait on the sandbox.  The wait names them: a bare wait would
		# wait for the sandbox too.
		pids=
		j=0
		while [ $j -lt "${STRESS_JOBS:-6}" ]; do
			[ $((i + j)) -lt "$n" ] || break
			seed=${STRESS_SEED:-$((base + mix * 10000 + i + j))}
			stress_run_one "$seed" "$D" >/dev/null </dev/null &
			pids="$pids $!"
			j=$((j + 1))
		done
		# shellcheck disable=SC2086
		wait $pids
		i=$((i + j))
		[ -n "${STRESS_SEED:-}" ] && break
	done
	failed=$(ls "$D" | grep -c '^why')
	first=$(ls "$D" | grep '^why' | head -n 1 | sed 's/^why//')
	for w in "$D"/why*; do
		[ -f "$w" ] && show "$w"
	done
	ok "mix $mix ($args): $i sequences, $failed with a lost job, a waiting pane or a quit that waited${first:+ (first seed $first)}" \
		test "$failed" -eq 0
	cs_sandbox_stop
	rm -f "$D"/why*
done <<MIXES
$STRESS_MIXES
MIXES

tap_done
