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
# Then the quit's own steps: one to three that ask for reads (a reload, a
# day step, a pane, a search), maybe a pause shorter than most answers,
# and Q, so that Q mostly lands while reads are on their way.
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
		for (i = 1 + rnd(3); i > 0; i--) {
			k = rnd(5)
			if (k < 2) print (rnd(2) ? "R" : "r")
			else if (k == 2) print (rnd(2) ? "]" : "[")
			else if (k == 3) print 1 + rnd(5)
			else print ":cust " names[1 + rnd(8)]
		}
		if (!rnd(3)) print ":script-wait " rnd(200)
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

# stress_quit_check TRACE: the quit waited on no read, told by the order
# of the trace's lines alone, never by their times.  The "quit" line is
# written when fetch_shutdown takes the fetch lock, under which every job
# line is written too, so a job line after it tells of something after it.
# After the quit line no read starts, and the read running then (the
# request and shared lines between a job's start and outcome are its own:
# one fetch thread sends them all) takes no answer: one that comes after
# the quit line ends that read cancelled (fetch.c run_one), so a read that
# ends done or failed with an answer after the quit line was waited for.
# A read that ends done after the quit line with all its answers before
# it had them before the quit took hold.  Writes keep their grace.  Also:
# a quit line after the last key (the Q), naming the job the trace says
# was running, and an exit line.  Prints what is wrong, returns 1 then.
stress_quit_check() {
	awk '
	function is_read(kind) { return kind != "write" }
	$2 == "key" { q = 0 }
	$2 == "quit" && $3 != "grace" && !q {
		q = NR
		said = $3 == "running" ? $4 : ""
		if (said != cur) {
			print "line " NR ": the quit names " (said == "" ? "no job" : "job " said) \
				" running, the trace " (cur == "" ? "none" : "job " cur)
			bad = 1
		}
		next
	}
	$2 == "job" && $5 == "start" {
		if (q && is_read($4)) { print "line " NR ": read " $3 " (" $4 ") started after the quit"; bad = 1 }
		cur = $3
		kind[cur] = $4
		next
	}
	$2 == "job" && ($5 == "done" || $5 == "failed" || $5 == "superseded" || $5 == "cancelled" || $5 == "requeued") {
		if ($3 == cur)
			cur = ""
		if (($3 in answer) && ($5 == "done" || $5 == "failed")) {
			print "line " NR ": read " $3 " (" $4 ") ended " $5 " with an answer that came after the quit: " answer[$3]
			bad = 1
		}
		next
	}
	q && cur != "" && is_read(kind[cur]) && (($2 == "request" && $4 != 0) || $2 == "shared") && !(cur in answer) {
		answer[cur] = "line " NR ", " $0
	}
	$2 == "exit" { ex = 1 }
	END {
		if (!q) { print "no quit line after the last key"; bad = 1 }
		if (!ex) { print "no exit line"; bad = 1 }
		exit bad
	}' "$1"
}

# stress_quit_ms TRACE: ms from the last key (the Q that ends every
# sequence) to the exit line; empty when the trace has no exit line.  A
# figure for bench/stress, never a check.
stress_quit_ms() {
	awk '$2 == "key" { k = $1 } $2 == "exit" { e = $1 } END { if (e != "") print e - k }' "$1"
}

# stress_run_one SEED DIR: one sequence of STRESS_STEPS (default 30) steps
# in script mode, with files of its own in DIR (several run at once),
# against the sandbox and account the environment names.  0 when every
# invariant held; else 1 and the reasons in DIR/whySEED (kind on its
# first line: "failed", "loading", "lost", "quit").  Prints the quit time
# in ms on stdout (a figure, not checked).
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
	if ! stress_quit_check "$sr_d/t$1" >"$sr_d/tc$1"; then
		{ echo "quit: seed $1: the quit waited on a read (the trace's order says so):"
			cat "$sr_d/tc$1"; } >"$sr_d/why$1"
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
# LINES", and "settle" where the script checks and saves the screen (the
# test checks what those commands would by the screen and the trace).
# The quit's own steps follow it; the final Q is the test's to send.
stress_tmux_steps() {
	stress_script "$1" "$2" | awk '
	/^:script-wait / { print "sleep " $2; next }
	/^:save-display/ { print "settle"; next }
	/^:script-/ || $0 == "Q" { next }
	/^:resize / { split($2, wh, "x"); print "resize " wh[1] " " wh[2]; next }
	/^:/ { print "key :"; print "text " substr($0, 2); print "key Enter"; next }
	/^"/ { print "text " substr($0, 2, length($0) - 2); next }
	$0 == "Esc" { print "key Escape"; next }
	$0 == "Tab" || $0 == "Enter" { print "key " $0; next }
	{ print "text " $0 }'
}
