#!/bin/sh
# tmux_midnight.sh: a real console left on today at 23:59 (libfaketime) moves on to the next day at the first tick after midnight and says so; one on another day stays.
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
unset CS_TMUX_WRAP CS_TMUX_DATE
tap_done
