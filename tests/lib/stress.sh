# stress.sh: seeded random key sequences for the console, and the checks run after each.
#
# Sourced by tests/console/stress.sh, tests/console/tmux_stress.sh and
# bench/stress, after tests/lib/console.sh.  A sequence is reproducible
# from its seed alone (a Park-Miller generator written out in awk, not
# awk's own rand(), which differs between awks): rerun one with
# STRESS_SEED=SEED.

# stress_script SEED STEPS: a console script of STEPS random steps on
# stdout: day steps back and forth, pane switches, :cust, :sub, :ticket,
# filters, sorts, refreshes, resizes, forms opened and cancelled, random
# pauses, racing the fetch thread (:script-race on), then :script-check
# (idle: every job ended in one outcome, nothing waits) and a screen dump.
stress_script() {
	awk -v seed="$1" -v steps="$2" '
	function rnd(n) { x = (x * 16807) % 2147483647; return x % n }
	BEGIN {
		x = seed % 2147483646 + 1
		split("smith ann lee garcia 480 main scottsdale co", names, " ")
		split("lead active inactive all", subs, " ")
		split("open paid all", tickets, " ")
		split("80x24 100x30 120x40 90x28", sizes, " ")
		print ":script-race on"
		for (i = 0; i < steps; i++) {
			k = rnd(20)
			if (k < 4) print (rnd(2) ? "]" : "[")
			else if (k < 7) print 1 + rnd(5)
			else if (k == 7) print "Tab"
			else if (k == 8) print ":cust " names[1 + rnd(8)]
			else if (k == 9) print ":sub " subs[1 + rnd(4)]
			else if (k == 10) print ":ticket " tickets[1 + rnd(3)]
			else if (k == 11) { print "/"; print "\"" substr("aeiou", 1 + rnd(5), 1) "\""; print "Enter" }
			else if (k == 12) print (rnd(2) ? "<" : ">")
			else if (k == 13) print (rnd(3) ? "r" : "R")
			else if (k == 14) print ":resize " sizes[1 + rnd(4)]
			else if (k == 15) { print (rnd(2) ? "A" : "+"); print "Esc" }
			else if (k == 16) print "Esc"
			else if (k == 17) print (rnd(2) ? "j" : "k")
			else if (k == 18) print "Enter"
			else print ":script-wait " rnd(400)
		}
		print ":script-check"
		print ":save-display final" seed ".txt"
		print "Q"
	}'
}

# stress_trace_check TRACE: every job the trace says was submitted has
# exactly one outcome line; prints what is wrong, returns 1 then.
stress_trace_check() {
	awk '
	$2 == "job" && $5 == "submit" { sub_[$3] = $4; n++ }
	$2 == "job" && ($5 == "done" || $5 == "failed" || $5 == "superseded" || $5 == "cancelled") {
		out[$3]++
	}
	END {
		bad = 0
		for (g in sub_) if (out[g] != 1) { print "job " g " (" sub_[g] ") has " (out[g] + 0) " outcomes"; bad = 1 }
		for (g in out) if (!(g in sub_)) { print "job " g " has an outcome but was never submitted"; bad = 1 }
		exit bad
	}' "$1"
}

# stress_quit_ms TRACE: ms from the last key (the Q that ends every
# sequence) to the exit line; empty when the trace has no exit line.
stress_quit_ms() {
	awk '$2 == "key" { k = $1 } $2 == "exit" { e = $1 } END { if (e != "") print e - k }' "$1"
}

# stress_run_one SEED DIR: one sequence of STRESS_STEPS (default 30) steps
# in script mode, with files of its own in DIR (several run at once),
# against the sandbox and account the environment names.  0 when every
# invariant held; else 1 and the reasons in DIR/whySEED (kind on its
# first line: "failed", "loading", "lost", "quit").  Prints the quit time
# in ms on stdout.
stress_run_one() {
	sr_d=$2
	stress_script "$1" "${STRESS_STEPS:-30}" >"$sr_d/s$1.script"
	if ! (cd "$sr_d" && ROUTEDESK_SCRIPT="$sr_d/s$1.script" ROUTEDESK_TRACE="$sr_d/t$1" \
		ROUTEDESK_SCRIPT_TIMEOUT=90 timeout 120 \
		"$CS_BIN" --fresh --date "$CS_TODAY" ${STRESS_ACCOUNT:+--account "$STRESS_ACCOUNT"} \
		>"$sr_d/o$1" 2>"$sr_d/e$1" </dev/null); then
		{ echo "failed: seed $1: the console failed (a script-check names a lost job):"
			cat "$sr_d/e$1"; } >"$sr_d/why$1"
		return 1
	fi
	if grep -q 'loading' "$sr_d/final$1.txt" 2>/dev/null; then
		{ echo "loading: seed $1: a pane still says loading once idle:"
			cat "$sr_d/final$1.txt"; } >"$sr_d/why$1"
		return 1
	fi
	if ! stress_trace_check "$sr_d/t$1" >"$sr_d/tc$1"; then
		{ echo "lost: seed $1: the trace does not pair every job with one outcome:"
			cat "$sr_d/tc$1"; } >"$sr_d/why$1"
		return 1
	fi
	sr_q=$(stress_quit_ms "$sr_d/t$1")
	echo "${sr_q:-none}"
	# A bound with room for a loaded machine, under the slow fault's 2 s:
	# it catches a quit that waits on the server, not speed (bench/stress
	# prints the times themselves).
	if [ -z "$sr_q" ] || [ "$sr_q" -gt 1500 ]; then
		echo "quit: seed $1: Q took ${sr_q:-forever} ms to end the console" >"$sr_d/why$1"
		return 1
	fi
	rm -f "$sr_d/t$1" "$sr_d/s$1.script" "$sr_d/tc$1" "$sr_d/o$1" "$sr_d/e$1" "$sr_d/final$1.txt"
	return 0
}

# stress_account URL: a private config naming account "stress" on URL with
# the client's own pacing off (rate = 0): hundreds of sequences in a few
# minutes would otherwise wait for the read budget most of the time
# (tmux_quit.sh covers that wait); injected 429s still make it back off.
stress_account() {
	mkdir -p "$XDG_CONFIG_HOME/routedesk"
	# Thousands of sequences spend more reads than routedesk's usual share
	# of a day (read_share, 50%): the stress is about faults, not quotas.
	printf '[account stress]\nurl = %s\nkey = demo-key\ntoken = demo-token\nrate = 0\n[ui]\nread_share = 100\n' "$1" \
		>"$XDG_CONFIG_HOME/routedesk/config"
	chmod 600 "$XDG_CONFIG_HOME/routedesk/config"
	STRESS_ACCOUNT=stress
}

# The fault mixes every run goes through: latency and faults of every kind
# (slow, drop, 500, 429, garbage).
STRESS_MIXES='--latency 50 --faults 500:0.05,drop:0.03,slow:0.05:800,429:0.03
--latency 150 --faults drop:0.08,garbage:0.04,500:0.05
--latency 20 --faults slow:0.03:2000,429:0.05'

# stress_tmux_steps SEED STEPS: the same sequence as stress_script, as
# steps for a real terminal, one a line: "key NAME" (tmux send-keys
# names), "text STRING" (typed literally), "sleep MS", "resize COLS
# LINES".  The script runner's own commands have no keys, and the final Q
# is the test's to send: they are left out (the test checks what the
# commands would by the screen and the trace).
stress_tmux_steps() {
	stress_script "$1" "$2" | awk '
	/^:script-wait / { print "sleep " $2; next }
	/^:script-/ || /^:save-display/ || $0 == "Q" { next }
	/^:resize / { split($2, wh, "x"); print "resize " wh[1] " " wh[2]; next }
	/^:/ { print "key :"; print "text " substr($0, 2); print "key Enter"; next }
	/^"/ { print "text " substr($0, 2, length($0) - 2); next }
	$0 == "Esc" { print "key Escape"; next }
	$0 == "Tab" || $0 == "Enter" { print "key " $0; next }
	{ print "text " $0 }'
}
