#!/bin/sh
# tmux_share.sh: real consoles of one office on one share: a note written in one reaches the other in a tick, the ticker killed, an unwritable DIR, two accounts apart.
#
# Each console runs in its own tmux server with its own trace; [ui] refresh
# is 2 s, so "within one tick" is a few seconds of waiting on the screen.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
SHARE=$D/office
mkdir -p "$SHARE" "$XDG_CONFIG_HOME/routedesk"
printf '[ui]\nrefresh = 2\n' >"$XDG_CONFIG_HOME/routedesk/config"

# as NAME: the tmux server of console NAME is the one tmux_* drive.
as() {
	eval "CS_TMUX=\$tmux_$1"
}
# start NAME ARGS...: console NAME in its own server, on the share (or on
# $share_of_next when set), tracing to trace.NAME.
start() {
	sn=$1
	shift
	export ROUTEDESK_SHARE="${share_of_next:-$SHARE}" ROUTEDESK_TRACE="$D/trace.$sn"
	tmux_start 100 30 "$@"
	unset ROUTEDESK_SHARE ROUTEDESK_TRACE
	eval "tmux_$sn=\$CS_TMUX"
}
# requests NAME PATH: how many requests of PATH console NAME made.
requests() {
	grep ' request ' "$D/trace.$1" 2>/dev/null | grep -c " $2 "
}
# notes_pane: from the Customers pane, the first customer's Notes (its
# detail, whose last row, Notes, lists them).
notes_pane() {
	tmux_keys Enter
	tmux_wait "$D/$1-detail.txt" 'Notes +Enter lists them' 60 || return 1
	tmux_keys G Enter
	tmux_wait "$D/$1-notes.txt" 'Detail › Notes$' 60
}
# wait_dpnc FILE TITLE WANT SECONDS: captures until route TITLE's D/P/N/C
# reads WANT.
wait_dpnc() {
	wd_end=$(( $(date +%s) + $4 ))
	while [ "$(date +%s)" -le "$wd_end" ]; do
		tmux_capture "$1"
		[ "$(cs_dpnc "$1" "$2")" = "$3" ] && return 0
		sleep 0.2
	done
	note "route $2 reads $(cs_dpnc "$1" "$2"), not $3"
	return 1
}
# write_note TEXT: the note form on the selected customer, sent once.
write_note() {
	tmux_keys A "$1" Tab C-u 3 BTab BTab BTab Enter
	tmux_wait "$D/preview.$$" '^ +contactType=3$' 60 || return 1
	tmux_keys y
}

start A --view customers
as A
ok "A lists the customers" tmux_wait "$D/a-customers.txt" ' 1/300$' 60
cust=$(selected "$D/a-customers.txt" | awk '{ sub(/^▸/, ""); print $1 }')
ok "A ticks first: it is the ticker (asked what changed)" \
	cs_wait_for "$D/trace.A" ' request /changelog/search ' 30

start B --view customers
as B
ok "B lists the customers" tmux_wait "$D/b-customers.txt" ' 1/300$' 60
ok "B opens the Notes of customer #$cust" notes_pane b
before=$(requests B /note/search)
asked=$(requests B /changelog/search) # its review's baseline

# ---- a note written in A reaches B within a tick, with no read of B's ----
as A
write_note "shared gate code 4711"
ok "A: the note is saved" tmux_wait "$D/a-saved.txt" 'Note saved \(id [0-9]+\)' 30
ok "the note is on the server once" eq "$(cs_count note "customerIDs=$cust" content='shared gate code 4711')" 1
as B
ok "B's Notes pane shows the note A wrote" tmux_wait "$D/b-note.txt" 'shared gate code 4711' 20
ok "B did not search the notes again for it" eq "$(requests B /note/search)" "$before"
ok "B, a follower, did not ask what changed since its review" \
	eq "$(requests B /changelog/search)" "$asked"

# ---- the account's reads left: B shows what A's ticks spend ---------------
# B reads nothing between ticks; its header kept the figure of its own last
# answer (a quarter of an hour old on an idle console), where the ticker's
# tick now carries the key's budget.
# day_left FILE: the day's figure of the header's "reads left N/min M/day".
day_left() {
	sed -n 's|.*reads left [0-9]*/min \([0-9]*\)/day.*|\1|p' "$1" | head -n 1
}
as B
# Whatever B's last tick still had on its way is counted before, not as
# "meanwhile" (the tick that brought A's note once made B read that
# customer's detail again; share_note.sh holds it to no read now).
ok "B's reads after A's note have ended" cs_trace_idle "$D/trace.B"
tmux_capture "$D/b-budget0.txt"
day0=$(day_left "$D/b-budget0.txt")
reads0=$(grep -c ' request ' "$D/trace.B")
fell() {
	n=0
	while [ $n -lt 100 ]; do
		tmux_capture "$D/b-budget1.txt"
		d=$(day_left "$D/b-budget1.txt")
		[ -n "$d" ] && [ -n "$day0" ] && [ "$d" -lt "$day0" ] && return 0
		sleep 0.2
		n=$((n + 1))
	done
	note "B's day figure stayed at $day0"
	return 1
}
ok "B's reads left fall with A's ticks ($day0, then lower)" fell
ok "B read nothing itself meanwhile" eq "$(grep -c ' request ' "$D/trace.B")" "$reads0"

# ---- the ticker killed mid-day: B carries on and takes over --------------
cs_pending_stop "$CS_TODAY"
stop=$CS_STOP title=$CS_STOP_TITLE
as B
tmux_keys Escape Escape Escape 1
ok "B shows the Routes" tmux_wait "$D/b-routes0.txt" ' 1/[0-9]+$' 30
d0=$(cs_dpnc "$D/b-routes0.txt" "$title")
want=$(echo "$d0" | awk -F/ '{ print $1 + 1 "/" $2 - 1 "/" $3 "/" $4 }')
as A
kill -KILL "$(tmux_format '#{pane_pid}')"
tmux -L "$tmux_A" kill-server >/dev/null 2>&1
cs_api /appointment/complete "appointmentID=$stop" status=1 bypassLockedRoute=1 >"$D/done.json"
ok "the service completed stop #$stop of $title after A was killed" \
	grep -q '"success":[[:space:]]*true' "$D/done.json"
as B
ok "B takes over as the ticker: it asks what changed itself" sh -c '
	n=0; while [ $n -lt 150 ]; do
		[ "$(grep -c " request /changelog/search " "$1")" -gt "$2" ] && exit 0
		sleep 0.2; n=$((n + 1)); done; exit 1' - "$D/trace.B" "$asked"
ok "B's Routes count the stop done ($d0, then $want)" wait_dpnc "$D/b-routes1.txt" "$title" "$want" 30

# ---- two accounts on one DIR never see each other's notes ---------------
other=$(printf '%s' "$ROUTEDESK_URL" | sed 's/127\.0\.0\.1/localhost/')
ROUTEDESK_URL=$other
start E --view customers
ROUTEDESK_URL=$CS_URL
as E
ok "E (another account: another URL) lists the customers" tmux_wait "$D/e-customers.txt" ' 1/300$' 60
ok "E opens the Notes of customer #$cust" notes_pane e
as B
tmux_keys 3
ok "B is back on the Customers pane" tmux_wait "$D/b-customers2.txt" ' 1/300$' 30
write_note "second note from B only"
ok "B: the second note is saved" tmux_wait "$D/b-saved.txt" 'Note saved \(id [0-9]+\)' 30
as E
# E ticks every 2 s; give it five ticks to (wrongly) take B's note.
ok "E ticked meanwhile" sh -c 'n=0; while [ $n -lt 50 ]; do
	[ "$(grep -c " request /changelog/search " "$1")" -ge 3 ] && exit 0; sleep 0.2; n=$((n + 1)); done
	exit 1' - "$D/trace.E"
tmux_capture "$D/e-after.txt"
ok "E never shows the note written in the other account's share" \
	hasnt "$D/e-after.txt" 'second note from B only'
ok "the share holds a directory per account" eq "$(ls "$SHARE" | wc -l)" 2

# ---- a DIR the user cannot write: said, and the console runs unshared ----
mkdir -p "$D/ro"
chmod 0555 "$D/ro"
ro=$D/ro
[ "$(id -u)" = 0 ] && ro=/etc/passwd/office # root writes anywhere: a path under a file
share_of_next=$ro start F --view customers
as F
ok "with an unwritable share F says so on its message line" \
	tmux_wait "$D/f.txt" "share $ro: .*running unshared" 60
ok "and works unshared: it lists the customers" tmux_wait "$D/f-customers.txt" ' 1/300$' 60
chmod 0755 "$D/ro"

for n in B E F; do
	as "$n"
	tmux_keys Q
	ok "console $n quits with status 0" eq "$(tmux_wait_exit 30)" 0
done
ok "nothing in the share holds the token or the key" sh -c \
	'! grep -rqF "$1" "$3" && ! grep -rqF "$2" "$3"' - "$ROUTEDESK_TOKEN" "$ROUTEDESK_KEY" "$SHARE"
tap_done
