#!/bin/sh
# alerts.sh: the console's notifications: a technician change, a failed write, the link lost and back, OSC 9 in tmux, no bus.
#
# TAP.  The console runs scripted (ROUTEDESK_SCRIPT) against a private
# sandbox; between two steps it waits on a FIFO (`:save-display FIFO`
# blocks until the test reads it) while the test changes the day through
# `routedesk api` or stops the sandbox, so every run is deterministic.
# [notify] command= appends "TITLE|BODY" lines to a file: in script mode
# the console waits for the notifier before each step, so the file is
# complete when the next step runs.  One case runs in tmux with
# transport=osc9 and captures the pane's raw output (pipe-pane).
# (no set -u: tests/lib/console.sh reads optional variables unset)

. "${top_srcdir:-.}/tests/lib/console.sh"

cs_setup
cs_sandbox_start

D=$CS_DIR
CONF=$XDG_CONFIG_HOME/routedesk/config
mkdir -p "$XDG_CONFIG_HOME/routedesk"
export ROUTEDESK_TRACE="$D/trace"

skip_case() {
	cs_n=$((cs_n + 1))
	echo "ok $cs_n - $1 # SKIP $2"
}

# notify_conf NOTES [LINE...]: a [notify] section whose command appends
# "TITLE|BODY" to NOTES, plus LINEs.
notify_conf() {
	cs_notes=$1
	shift
	{
		echo "[notify]"
		# printf, not echo: dash's echo would turn the \n into a newline.
		printf '%s\n' "command = printf '%s|%s\\n' \"\$1\" \"\$2\" >> $cs_notes"
		for l in "$@"; do
			echo "$l"
		done
	} >"$CONF"
}

# at_sync NAME: waits until the console is blocked on the FIFO NAME (the
# trace shows the step), so the caller may change the world; then
# `release NAME` lets it go on.
at_sync() {
	as_deadline=$(( $(date +%s) + 120 ))
	until grep -Eq "key :save-display $1\$" "$D/trace" 2>/dev/null; do
		# A console that died never reaches the FIFO: do not wait for it.
		kill -0 "$console" 2>/dev/null || return 1
		[ "$(date +%s)" -gt "$as_deadline" ] && return 1
		sleep 0.05
	done
}
release() {
	cat "$D/$1" >/dev/null
}

# routes_of_day: "ID<TAB>TECH<TAB>TITLE" for each route of the day.
routes_of_day() {
	cs_api /route/search "date=$CS_TODAY" includeData=1 |
		awk -F'"' '/"routeID":/ { id = $4 } /"title":/ { t = $4 }
			/"assignedTech":/ { print id "\t" $4 "\t" t }'
}

tab=$(printf '\t')
routes_of_day >"$D/routes.tsv"
# A route with a technician and one without (the generator makes both).
IFS="$tab" read -r R1 T1 TITLE1 <<EOF
$(awk -F'\t' '$2 != "0" && $2 != "" { print; exit }' "$D/routes.tsv")
EOF
IFS="$tab" read -r R2 T2 TITLE2 <<EOF
$(awk -F'\t' '$2 == "0" { print; exit }' "$D/routes.tsv")
EOF
if [ -z "$R1" ] || [ -z "$R2" ]; then
	echo "Bail out! the sandbox's day has no assigned and unassigned routes to test with"
	show "$D/routes.tsv"
	exit 99
fi
note "route $R1 ($TITLE1) has technician $T1; route $R2 ($TITLE2) has none"

# ---- 0. a bad [notify] line stops the start and names its line ----------

printf '[ui]\nrefresh = 60\n[notify]\ntransport = loud\n' >"$CONF"
s=$(cs_script bad <<'EOF'
:save-display never.txt
EOF
)
cs_run "$s" >/dev/null
rc=$?
ok "a bad [notify] transport: exit 2 (usage), before any screen" \
	sh -c 'test "$1" -eq 2 && ! test -e "$2"' - "$rc" "$D/never.txt"
ok "the message names the file, the line and the setting" \
	has "$D/err" 'config:4: \[notify\] transport: expected auto, libnotify'

# ---- 1. a route loses its technician: one command line, with the name ---

notify_conf "$D/notes1.txt"
mkfifo "$D/sync1" || exit 99
s=$(cs_script lost <<'EOF'
:save-display before1.txt
:save-display sync1
:refresh
:save-display after1.txt
:info
:save-display info1.txt
EOF
)
cs_run "$s" &
console=$!
if at_sync sync1; then
	cs_api /route/update "routeID=$R1" assignedTech=0 >"$D/upd1.json"
	release sync1
fi
wait $console
ok "technician lost: the console runs the script and exits 0" test $? -eq 0
ok "the service took the route update" grep -q '"success":[[:space:]]*true' "$D/upd1.json"
ok "the command got the technician event with the route's name" \
	has "$D/notes1.txt" "^Route lost its technician\\|$TITLE1: unassigned, was [A-Z#]"
ok "nothing else changed, so nothing else was said (one line)" \
	test "$(wc -l <"$D/notes1.txt" 2>/dev/null)" -eq 1
ok "the screen shows the route unassigned after the refresh" has "$D/after1.txt" "UNASSIGNED"
ok ":info names the command transport" has "$D/info1.txt" "Notifications +command \\(.*\\); 1 sent, 0 dropped, 0 failed"

# ---- 2. a switch off; the connection lost and back ---------------------

notify_conf "$D/notes2.txt" "technician = off"
mkfifo "$D/sync2a" "$D/sync2b" "$D/sync2c" || exit 99
s=$(cs_script link <<'EOF'
:save-display sync2a
:refresh
:save-display tech2.txt
:save-display sync2b
:refresh
:save-display lost2.txt
:save-display sync2c
:refresh
:save-display back2.txt
EOF
)
port=${CS_URL#http://127.0.0.1:}
port=${port%%/*}
cs_run "$s" &
console=$!
restarted=no
if at_sync sync2a; then
	cs_api /route/update "routeID=$R2" "assignedTech=$T1" >"$D/upd2.json"
	release sync2a
fi
if at_sync sync2b; then
	cs_sandbox_stop
	release sync2b
fi
if at_sync sync2c; then
	# The same database on the same port: the console's URL works again.
	"$CS_SANDBOX" --listen "127.0.0.1:$port" --db "$D/sb/sb.db" --today "$CS_TODAY" \
		--no-limits >"$D/sb/out2" 2>"$D/sb/err2" &
	CS_SBPID=$!
	CS_PIDS="$CS_PIDS $CS_SBPID"
	cs_wait_for "$D/sb/out2" '^listening on ' 60 && restarted=yes
	release sync2c
fi
wait $console
ok "link: the console runs the script and exits 0" test $? -eq 0
ok "the sandbox came back on port $port" test "$restarted" = yes
ok "the route got its technician (the refresh saw it: one UNASSIGNED fewer)" \
	test "$(grep -c UNASSIGNED "$D/tech2.txt")" -eq "$(( $(grep -c UNASSIGNED "$D/after1.txt") - 1 ))"
ok "technician = off: no technician event" hasnt "$D/notes2.txt" "^Route "
ok "the connection lost is told once" test "$(grep -c '^Connection lost|' "$D/notes2.txt")" -eq 1
ok "and its coming back" has "$D/notes2.txt" '^Connection back\|the API answers again$'
ok "in that order" test "$(cut -d'|' -f1 "$D/notes2.txt" | tr '\n' ,)" = "Connection lost,Connection back,"

# ---- 3. a refused write ------------------------------------------------

notify_conf "$D/notes3.txt"
s=$(cs_script refused <<'EOF'
A
"alerts-test: gate 4711"
Tab
C-u
"99999"
S-Tab
S-Tab
S-Tab
Enter
y
:save-display refused3.txt
EOF
)
ok "refused write: the console runs the script" cs_run "$s" --view customers
ok "the form says the server refused it" has "$D/refused3.txt" 'no note type 99999'
ok "the command got a write-failed event with the server's words" \
	has "$D/notes3.txt" '^Write failed\|.*no note type 99999'

# ---- 4. OSC 9 in a real terminal (tmux) ---------------------------------

if ! command -v tmux >/dev/null 2>&1; then
	skip_case "OSC 9 reaches the terminal, wrapped for tmux" "tmux is not installed"
else
	echo '[notify]' >"$CONF"
	echo 'transport = osc9' >>"$CONF"
	CS_TMUX=rdalerts$$
	: >"$D/pane.bytes"
	tmux -L "$CS_TMUX" -f /dev/null new-session -d -s app -x 100 -y 30 \
		"cd '$D' && exec env -u LINES -u COLUMNS -u ROUTEDESK_TRACE TERM=tmux-256color \
		'$CS_BIN' --fresh --date '$CS_TODAY' 2>'$D/tmux.err'" \; \
		set-option -g remain-on-exit on \; set-option -s escape-time 0 \; \
		set-option -g status off >/dev/null 2>&1 || { echo "Bail out! tmux did not start"; exit 99; }
	tmux -L "$CS_TMUX" pipe-pane -o -t app "cat >> '$D/pane.bytes'"

	# pane_wait FILE ERE: captures the pane until a line matches (30 s).
	pane_wait() {
		pw_deadline=$(( $(date +%s) + 30 ))
		while :; do
			tmux -L "$CS_TMUX" capture-pane -p -t app >"$1"
			grep -Eq -- "$2" "$1" && return 0
			if [ "$(date +%s)" -gt "$pw_deadline" ]; then
				note "the pane never showed /$2/:"
				show "$1"
				return 1
			fi
			sleep 0.05
		done
	}
	ok "tmux: the Routes pane appears" pane_wait "$D/t-routes.txt" ' 1/[0-9]+$'
	cs_api /route/update "routeID=$R1" "assignedTech=$T1" >"$D/upd4.json"
	tmux -L "$CS_TMUX" send-keys -t app r
	want="]9;Route has a technician: $TITLE1: now "
	ok "tmux: r brings the change and the OSC 9 notification arrives" \
		sh -c 'd=$(( $(date +%s) + 30 )); until LC_ALL=C grep -aqF -- "$1" "$2"; do
			[ "$(date +%s)" -gt "$d" ] && exit 1; sleep 0.05; done' - "$want" "$D/pane.bytes"
	ok "tmux: wrapped for tmux (ESC P tmux; and a doubled ESC before ]9;)" \
		sh -c 'LC_ALL=C grep -aqF -- "$(printf "\033Ptmux;\033\033]9;")" "$1"' - "$D/pane.bytes"
	tmux -L "$CS_TMUX" send-keys -t app ':info' Enter
	ok "tmux: :info shows the osc9 transport" pane_wait "$D/t-info.txt" 'Notifications +osc9 \('
	# Wider than its column at 100: it goes on in the row below, whole
	# (an audit could not read it to its end, cut at the edge).
	ok "tmux: its reason and counts go on in the row below, not cut" sh -c \
		'grep -A1 "^ Notifications  *osc9 (" "$1" | tail -n 1 | grep -q "^  *[^ ].*0 failed *$"' \
		- "$D/t-info.txt"
	tmux -L "$CS_TMUX" send-keys -t app Q
	st=
	dl=$(( $(date +%s) + 30 ))
	while [ "$(date +%s)" -le "$dl" ]; do
		st=$(tmux -L "$CS_TMUX" display-message -p -t app '#{pane_dead}:#{pane_dead_status}')
		case $st in
		1:?*) break ;;
		1:) kill -CHLD "$(tmux -L "$CS_TMUX" display-message -p -t app '#{pid}')" 2>/dev/null ;;
		esac
		sleep 0.05
	done
	ok "tmux: Q ends the console with status 0 ($st)" test "$st" = "1:0"
	ok "tmux: nothing went to stderr" sh -c '! test -s "$1"' - "$D/tmux.err"
	if [ "$(grep -c . "$D/tmux.err")" -gt 0 ]; then show "$D/tmux.err"; fi
	tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1 || true
	CS_TMUX=
fi

# ---- 5. libnotify asked for, no bus: never blocks, falls back, says so --

{
	echo '[notify]'
	echo 'transport = libnotify'
} >"$CONF"
mkfifo "$D/sync5" || exit 99
s=$(cs_script nobus <<'EOF'
:info
:save-display info5a.txt
q
:save-display sync5
:refresh
:save-display msg5.txt
:info
:save-display info5.txt
EOF
)
(export DISPLAY=:99 DBUS_SESSION_BUS_ADDRESS="unix:path=$D/no-bus"; cs_run "$s") &
console=$!
if at_sync sync5; then
	cs_api /route/update "routeID=$R2" assignedTech=0 >"$D/upd5.json"
	release sync5
fi
wait $console
rc=$?
if ! grep -Eq 'Notifications +libnotify' "$D/info5a.txt"; then
	skip_case "no bus: libnotify falls back to the terminal" "built without libnotify"
else
	ok "no bus: the console runs the script and exits 0" test "$rc" -eq 0
	ok "no bus: the message line says libnotify failed and what is used instead" \
		has "$D/msg5.txt" 'libnotify failed \(.*\): using osc'
	ok "no bus: :info shows the terminal transport now" has "$D/info5.txt" 'Notifications +osc'
fi

tap_done
