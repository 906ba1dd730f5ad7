#!/bin/sh
# tmux_stress.sh: a few seeded random key sequences typed into a real terminal against faulty sandboxes; nothing hangs.
#
# The same sequences as stress.sh (tests/lib/stress.sh), typed by tmux
# send-keys as fast as tmux delivers them, with the sequence's own pauses
# and real window resizes.  Then: the screen settles with no pane saying
# loading; the sequence's quit steps ask for reads and Q follows at once;
# Q ends the console with status 0 and the terminal restored, the trace
# pairs every job with exactly one outcome (those cut off by the quit end
# as cancelled), and by its order the quit waited on no read
# (stress_quit_check).  STRESS_TMUX_N sets the sequences per fault mix
# (default 2).
. "$top_srcdir/tests/lib/console.sh"
. "$top_srcdir/tests/lib/stress.sh"
cs_setup
need_tmux

D=$CS_DIR
n=${STRESS_TMUX_N:-2}
base=${STRESS_BASE:-5000}

# settles FILE: waits (30 s at most) until two captures a second apart
# agree and neither says loading; FILE holds the last one.  The console
# must still be running.
settles() {
	if [ "$(tmux_format '#{pane_dead}')" != 0 ]; then
		note "the console ended before Q:"
		show "$CS_DIR/tmux.err"
		return 1
	fi
	st_end=$(( $(date +%s) + 30 ))
	tmux_capture "$1"
	while [ "$(date +%s)" -le "$st_end" ]; do
		sleep 1
		tmux_capture "$1.again"
		if cmp -s "$1" "$1.again" && ! grep -q 'loading' "$1" && grep -q 'reads left' "$1"; then
			rm -f "$1.again"
			return 0
		fi
		mv "$1.again" "$1"
	done
	note "the screen never settled without a pane loading:"
	show "$1"
	return 1
}

mix=0
while IFS= read -r args; do
	mix=$((mix + 1))
	# shellcheck disable=SC2086
	cs_sandbox_start $args </dev/null
	stress_account "$CS_URL"
	i=0
	while [ $i -lt "$n" ]; do
		seed=$((base + mix * 100 + i))
		export ROUTEDESK_TRACE="$D/t$seed"
		tmux_start 100 30 --account stress
		stress_tmux_steps "$seed" 30 >"$D/steps$seed"
		while read -r what a b; do
			case $what in
			key) tmux_keys "$a" ;;
			text) tmux -L "$CS_TMUX" send-keys -t app -l "$a${b:+ $b}" ;;
			sleep) sleep "$(awk -v ms="$a" 'BEGIN { printf "%.3f", ms / 1000 }')" ;;
			resize) tmux -L "$CS_TMUX" resize-window -t app -x "$a" -y "$b" ;;
			settle) ok "seed $seed: the screen settles with no pane loading" settles "$D/screen$seed" </dev/null ;;
			esac
		done <"$D/steps$seed"
		tmux_keys Q
		status=$(tmux_wait_exit 8)
		ok "seed $seed: Q ends the console with status 0 ($status)" test "$status" = 0
		ok "seed $seed: the terminal left the console's screen" \
			test "$(tmux_format '#{alternate_on}')" = 0
		tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1
		ok "seed $seed: the trace pairs every job with one outcome" \
			stress_trace_check "$D/t$seed"
		ok "seed $seed: by the trace's order, the quit waited on no read" \
			stress_quit_check "$D/t$seed"
		i=$((i + 1))
	done
	cs_sandbox_stop
done <<MIXES
$STRESS_MIXES
MIXES

tap_done
