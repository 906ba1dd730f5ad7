#!/bin/sh
# tmux_pace.sh: a real console says why its auto-refresh runs late (idle, after hours) on the header and in :info, and a key brings the pace back; at 80x24 the header still says when the next refresh comes.
#
# [ui] refresh is 2 s and refresh_idle 3 s: after 3 s without a key the
# next tick is 5 x 2 s away, and the header must say so, not only show a
# later time.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[ui]\nrefresh = 2\nrefresh_idle = 3\n' >"$XDG_CONFIG_HOME/routedesk/config"
tmux_start 120 30

ok "the Routes pane appears" tmux_wait "$D/routes.txt" ' 1/8$'
ok "left alone, the header says the refresh waits because nobody types" \
	tmux_wait "$D/idle.txt" ', next [0-2][0-9]:[0-5][0-9] \(idle\) │ reads left' 30
tmux_keys :info Enter
ok ":info opens" tmux_wait "$D/info.txt" 'Info$'
ok "a key brings the usual pace back: the header no longer says idle" \
	hasnt "$D/info.txt" '\(idle\)'
ok ":info says the pace while someone types" has "$D/info.txt" 'Auto-refresh +every 2 s *$'
# :info is rebuilt at each tick: once idle again, it says how late and why.
ok ":info, left alone, says how slow and why" \
	tmux_wait "$D/info-idle.txt" 'Auto-refresh +every 2 s, now every 10 s: no key for 3 s or more' 30
ok "the reason names the setting and the way back" \
	has "$D/info-idle.txt" '\(\[ui\] refresh_idle\): a key brings it back'
tmux_quit

# After office hours (open two minutes from now until two minutes ago:
# closed now, whatever the clock says), the next tick is the opening and
# the header says why.
printf '[ui]\nrefresh = 2\noffice_hours = %s-%s\n' "$(date -d '+2 min' +%H:%M)" \
	"$(date -d '-2 min' +%H:%M)" >"$XDG_CONFIG_HOME/routedesk/config"
tmux_start 120 30
ok "after office hours the header says the refresh waits for the opening" \
	tmux_wait "$D/closed.txt" ', next [0-2][0-9]:[0-5][0-9] \(after hours\) │ reads left' 30
tmux_quit
# At 80x24, a thin client's size: the next refresh's time is on the
# header, the minute's reads and the view's subtitle giving way to it
# (it was the one part dropped: "Routes: 2026-11-20 · 8 … <1m ago │ reads
# left 45/min 2985/day"); the date, the view and the day's budget stay.
printf '[ui]\nrefresh = 2\nrefresh_idle = 3\n' >"$XDG_CONFIG_HOME/routedesk/config"
tmux_start 80 24
ok "80x24: the Routes pane appears" tmux_wait "$D/r80.txt" ' 1/8$'
ok "80x24: the header says when the next refresh comes" \
	tmux_wait "$D/r80-next.txt" '^ 2026-11-20 Fri │ Routes: .*, next [0-2][0-9]:[0-5][0-9] │ reads left [0-9]+/day *$' 30
ok "80x24: left alone, it still does (the why may give way too)" \
	tmux_wait "$D/r80-idle.txt" '^ 2026-11-20 Fri │ Routes: .*, next [0-2][0-9]:[0-5][0-9]( \(idle\))? │ reads left [0-9]+/day *$' 30
tmux_keys Enter
ok "80x24: on Stops, the route's name stays beside it" \
	tmux_wait "$D/r80-stops.txt" '^ 2026-11-20 Fri │ Stops: Commercial.*, next [0-2][0-9]:[0-5][0-9]' 30
tmux_quit
# Wide, the minute's reads are there as before.
tmux_start 120 30
ok "120x30: the header has the next refresh and the minute's reads" \
	tmux_wait "$D/r120.txt" ', next [0-2][0-9]:[0-5][0-9]( \([a-z ]+\))? │ reads left [0-9]+/min [0-9]+/day' 30
tmux_quit
tap_done
