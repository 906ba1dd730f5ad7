#!/bin/sh
# tmux_midnight.sh: the clock under libfaketime: a console left on today moves on at midnight and says so, one on another day stays; a refresh paused for the budget goes on after midnight, the read counters past the week pruned; a minute turning redraws the stops gone late; a minute after the last answer the header no longer gives the minute's reads left.
#
# The console runs under faketime from 23:59:52 of the sandbox's today,
# its clock then running at the usual pace ([ui] refresh 2 s): within a
# few seconds of real time it crosses midnight.  Only the wall clock is
# faked; the monotonic clock of the loop's timers stays real.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
command -v faketime >/dev/null 2>&1 || skip_all "faketime is not installed (tools/deps installs it)"
cs_sandbox_start

D=$CS_DIR
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[ui]\nrefresh = 2\n' >"$XDG_CONFIG_HOME/routedesk/config"
# libfaketime is preloaded: a sanitizer build's runtime then is not first
# in the list, which ASan refuses unless told it is fine.
export FAKETIME_DONT_FAKE_MONOTONIC=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
# It also wraps pthread_cond_wait ahead of ThreadSanitizer's own wrapper
# (--enable-sanitizers=thread): TSan then loses what a wait releases and
# acquires, and reports the fetch thread's queue, read under its mutex, as
# a double lock or a race with the main thread's write under the same
# mutex.  Every report here would be false: TSan's are off in this test
# alone (every other test runs the same threads under it).
export TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS:}report_bugs=0"
# fake_at TIME: faketime's words for a clock that reads TIME now (an
# offset: its absolute form needs a space, which the words cannot hold).
fake_at() {
	printf 'faketime -f %+ds' $(( $(date -d "$1" +%s) - $(date +%s) ))
}
CS_TMUX_WRAP=$(fake_at '2026-11-20 23:59:52')
CS_TMUX_DATE=none
tmux_start 120 30

ok "started on its own today, the console reviews 2026-11-20" \
	tmux_wait "$D/before.txt" '^ 2026-11-20 Fri │ ' 30
ok "the day's routes are shown" tmux_wait "$D/routes.txt" ' 1/8$' 30
ok "past midnight, the review moves on to 2026-11-21" \
	tmux_wait "$D/after.txt" '^ 2026-11-21 Sat │ ' 60
ok "and says so, with the way back" \
	tmux_wait "$D/said.txt" 'A new day: the review moved on to 2026-11-21 \(\[ goes back to 2026-11-20\)' 30
tmux_quit

# A day chosen by hand (--date, or [ and ]) is not today's: it stays.
CS_TMUX_WRAP=$(fake_at '2026-11-20 23:59:52')
CS_TMUX_DATE=2026-11-19
tmux_start 120 30
ok "a console on 2026-11-19 at 23:59 shows it" tmux_wait "$D/chosen.txt" '^ 2026-11-19 Thu │ ' 30
# Until its clock is well past midnight (a tick every 2 s).
sleep 12
tmux_capture "$D/chosen-after.txt"
ok "past midnight, it is still on 2026-11-19" has "$D/chosen-after.txt" '^ 2026-11-19 Thu │ '
ok "with nothing said of a new day" hasnt "$D/chosen-after.txt" 'A new day'
tmux_quit

# A refresh paused for the read budget in the evening starts again after
# midnight, when the day's count does, on whatever day is shown (here
# tomorrow, as a dispatcher planning it): it stayed paused until someone
# pressed r.  routedesk's share is 2 % (60 reads): the start's reads leave
# it within the reserve of 55, and the new day's counter holds none.
printf '[ui]\nrefresh = 2\nrefresh_idle = 0\nread_share = 2\nbudget_reserve = 55\n' \
	>"$XDG_CONFIG_HOME/routedesk/config"
# A state directory of its own: the console above read past midnight,
# into the new day's counter.
XDG_STATE_HOME=$D/state-budget
export XDG_STATE_HOME
CS_TMUX_WRAP=$(fake_at '2026-11-20 23:59:35')
CS_TMUX_DATE=2026-11-21
tmux_start 120 30
ok "budget: in the evening the refresh pauses for the day's share" \
	tmux_wait "$D/budget-before.txt" 'refresh paused \(budget\)' 30
# Counters of days past the week kept, there before midnight: the console
# pruned them only when it opened, and one left open for weeks kept a
# file a day.
counters=$(dirname "$(find "$XDG_STATE_HOME/routedesk/reads" -name reads-2026-11-20 | head -n 1)")
echo 3 >"$counters/reads-2026-11-10"
echo 3 >"$counters/reads-2026-11-15"
# read_after_midnight: the new day's counter holds a read within 40 s
# (midnight comes within 25 s, then a tick every 2 s): the refresh went on
# by itself.  The header's pause may come back at once (the reads the new
# day's first refresh spends are within the reserve again), so the reads
# themselves are what is checked.
read_after_midnight() {
	i=0
	while [ $i -lt 400 ]; do
		f=$(find "$XDG_STATE_HOME/routedesk/reads" -name reads-2026-11-21 2>/dev/null | head -n 1)
		[ -n "$f" ] && [ "$(head -n 1 "$f")" -gt 0 ] 2>/dev/null && return 0
		sleep 0.1
		i=$((i + 1))
	done
	note "no read was counted on 2026-11-21"
	return 1
}
ok "budget: past midnight the refresh goes on by itself" read_after_midnight
tmux_capture "$D/budget-after.txt"
ok "budget: still on the day chosen" has "$D/budget-after.txt" '^ 2026-11-21 Sat │ '
ok "budget: the new day's first read pruned the counters past the week" \
	test ! -e "$counters/reads-2026-11-10"
ok "budget: ... and kept the week's" test -e "$counters/reads-2026-11-15"
tmux_quit

# The clock's minute redraws what it changes, with no key and no refresh
# for five minutes: a stop whose window ended becomes late on screen when
# the minute turns (the screen stayed as it was until the next tick, a
# quarter of an hour on an idle console).  Commercial 05's stop 12 is
# pending, 13:50-14:16.
printf '[ui]\nrefresh = 300\nrefresh_idle = 0\n' >"$XDG_CONFIG_HOME/routedesk/config"
CS_TMUX_WRAP=$(fake_at '2026-11-20 14:16:40')
CS_TMUX_DATE=2026-11-20
tmux_start 120 30
ok "minute: the day's routes are shown" tmux_wait "$D/minute.txt" ' 1/8$' 30
tmux_keys Enter
ok "minute: at 14:16 stop 12 (13:50-14:16) is pending" \
	tmux_wait "$D/minute-before.txt" '^ +12 13:50-14:16 .* · pending ' 15
ok "minute: at 14:17, with no key, it is late" \
	tmux_wait "$D/minute-after.txt" '^ +12 13:50-14:16 .* ! late ' 40
tmux_quit

# The minute's reads left are the last minute's (the service counts a
# sliding minute): a minute after the answer the header gives the day's
# alone, where an idle console showed "53/min" for a quarter of an hour.
# The wall clock jumps 90 s (libfaketime reads it from a file at each
# call); a key makes the loop look at the clock at once.
printf '[ui]\nrefresh = 300\nrefresh_idle = 0\n' >"$XDG_CONFIG_HOME/routedesk/config"
echo "+0" >"$D/clock"
fake_lib=$(faketime -f +0 sh -c 'printf %s "$LD_PRELOAD"')
CS_TMUX_WRAP="env LD_PRELOAD=$fake_lib FAKETIME_TIMESTAMP_FILE=$D/clock FAKETIME_NO_CACHE=1"
CS_TMUX_DATE=2026-11-20
tmux_start 120 30
ok "budget minute: on an answer, the header gives the minute's reads left" \
	tmux_wait "$D/bm-before.txt" 'reads left [0-9]+/min [0-9]+/day' 30
echo "+90s" >"$D/clock"
tmux_keys j
ok "budget minute: 90 s on, with no read since, the day's alone" \
	tmux_wait "$D/bm-after.txt" 'reads left [0-9]+/day' 30
tmux_keys : "info" Enter
ok "budget minute: :info says the minute's count is not known, and why" \
	tmux_wait "$D/bm-info.txt" 'this minute: not known \(the last answer is 1 min old\)' 15
tmux_quit
unset CS_TMUX_WRAP CS_TMUX_DATE
tap_done
