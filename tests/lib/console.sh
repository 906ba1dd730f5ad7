# console.sh: shell harness for the console tests: TAP, a sandbox, scripted runs, goldens.
#
# Sourced by tests/console/*.sh.  Each test program gets a private
# temporary directory ($CS_DIR) with its own HOME and XDG directories, its
# own sandbox on a free loopback port, and a pinned terminal (TERM, LINES,
# COLUMNS, TZ, LANG), so the programs run in parallel and the screens do
# not depend on the machine.  Everything started here is stopped by the
# EXIT trap; CONSOLE_KEEP=1 keeps the directory for a post-mortem.
#
# Golden screens live in tests/console/golden/NAME.txt.  After a wanted
# change of the screens, regenerate them with
#   make check TESTS='tests/console/...' CONSOLE_GOLDEN_UPDATE=1
# (or CONSOLE_GOLDEN_UPDATE=1 in the environment), then review the diff.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
CS_BIN=$top_builddir/routedesk
CS_SANDBOX=$top_builddir/routedesk-sandbox
CS_TODAY=2026-11-20
CS_SEED=${CS_SEED:-7}
CS_GOLDEN=$top_srcdir/tests/console/golden

# ---- TAP ------------------------------------------------------------

cs_n=0
cs_failed=0

# ok DESCRIPTION COMMAND...: runs COMMAND; ok when it succeeds.
ok() {
	cs_desc=$1
	shift
	cs_n=$((cs_n + 1))
	if "$@"; then
		echo "ok $cs_n - $cs_desc"
	else
		echo "not ok $cs_n - $cs_desc"
		cs_failed=$((cs_failed + 1))
	fi
}

# skip DESCRIPTION REASON: a test that could not run here.
skip() {
	cs_n=$((cs_n + 1))
	echo "ok $cs_n - $1 # SKIP $2"
}

# skip_all REASON: the whole program is skipped (TAP "1..0 # SKIP").
skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

# note TEXT...: a TAP comment.
note() {
	printf '# %s\n' "$*"
}

# show FILE: a file as TAP comments (for a failing assertion's context).
show() {
	if [ -f "$1" ]; then
		sed 's/^/# | /' "$1" | LC_ALL=C tr '\033' '?'
	else
		note "($1 does not exist)"
	fi
}

tap_done() {
	echo "1..$cs_n"
	# Failures are the "not ok" lines; a non-zero status would add an ERROR.
}

# ---- set-up and clean-up ---------------------------------------------

cs_cleanup() {
	for p in $CS_PIDS; do
		kill -TERM "$p" 2>/dev/null
	done
	for p in $CS_PIDS; do
		wait "$p" 2>/dev/null
	done
	# Every server tmux_start made (each has its own name).  A console in
	# a pane saves its state and the office's day when the server's
	# SIGHUP reaches it: it must be gone before its directory is removed,
	# or it writes them into a fresh one that nobody removes (a tmp
	# directory left behind by every make check).
	cs_panes=
	cs_i=1
	while [ "$cs_i" -le "${cs_tmux_n:-0}" ]; do
		cs_panes="$cs_panes $(tmux -L "rdtest$$-$cs_i" list-panes -a -F '#{pane_pid}' 2>/dev/null)"
		tmux -L "rdtest$$-$cs_i" kill-server >/dev/null 2>&1
		cs_i=$((cs_i + 1))
	done
	for p in $cs_panes; do
		cs_i=0
		while kill -0 "$p" 2>/dev/null && [ "$cs_i" -lt 100 ]; do
			sleep 0.05
			cs_i=$((cs_i + 1))
		done
	done
	if [ -n "$CS_DIR" ] && [ -z "$CONSOLE_KEEP" ]; then
		rm -rf "$CS_DIR"
	elif [ -n "$CS_DIR" ]; then
		echo "# kept $CS_DIR" >&2
	fi
}

# cs_setup: the private directory, HOME and XDG, the pinned terminal.
cs_setup() {
	if [ ! -x "$CS_BIN" ] || [ ! -x "$CS_SANDBOX" ]; then
		skip_all "routedesk or routedesk-sandbox not built in $top_builddir"
	fi
	# The config files the tests write must be the user's alone to change
	# (a group-writable config is refused), whatever the caller's umask.
	umask 022
	CS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/rdconsole.XXXXXX") || exit 99
	CS_PIDS=
	CS_TMUX=
	trap cs_cleanup EXIT
	trap 'exit 130' INT TERM HUP
	mkdir -p "$CS_DIR/home/.config" "$CS_DIR/home/.state" "$CS_DIR/home/.cache"
	export HOME="$CS_DIR/home"
	export XDG_CONFIG_HOME="$HOME/.config" XDG_STATE_HOME="$HOME/.state"
	export XDG_CACHE_HOME="$HOME/.cache" XDG_DATA_HOME="$HOME/.local/share"
	export TERM=xterm-256color TZ=UTC LANG=C.UTF-8 LC_ALL=
	export LINES=30 COLUMNS=100
	# LANGUAGE outranks LANG for gettext: with a catalogue at hand (an
	# installed one, or ROUTEDESK_LOCALEDIR) it would turn these tests'
	# English screens into another language.
	unset NO_COLOR ROUTEDESK_TRACE ROUTEDESK_SCRIPT ROUTEDESK_ACCOUNT TMUX TMUX_PANE \
		DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS ESCDELAY LANGUAGE ROUTEDESK_LOCALEDIR
	export ROUTEDESK_SCRIPT_TIMEOUT=${ROUTEDESK_SCRIPT_TIMEOUT:-60}
}

# cs_wait_for FILE PATTERN [SECONDS]: polls until FILE has a line matching
# the extended regular expression, or the deadline (default 60 s) passes.
cs_wait_for() {
	cs_deadline=$(( $(date +%s) + ${3:-60} ))
	while ! grep -Eq "$2" "$1" 2>/dev/null; do
		[ "$(date +%s)" -gt "$cs_deadline" ] && return 1
		sleep 0.05
	done
	return 0
}

# cs_sandbox_start [ARGS...]: a generated sandbox (300 customers, seed
# $CS_SEED, today 2026-11-20, no quotas) plus ARGS, on a free port (or on
# $CS_LISTEN; a second start reuses the same database).  Sets
# CS_URL and CS_SBPID and exports the credentials.  Dies (exit 99: a hard
# error for the TAP driver) when it does not start, or returns 1 when
# CS_SOFT is set.
cs_sandbox_start() {
	cs_sb=$CS_DIR/sb
	mkdir -p "$cs_sb"
	# A sandbox started again in the same directory (stress.sh's loops):
	# the last one's "listening on" must not be read as this one's, as it
	# was before this one's shell had truncated the file.
	rm -f "$cs_sb/out" "$cs_sb/err"
	"$CS_SANDBOX" --listen "${CS_LISTEN:-127.0.0.1:0}" --db "$cs_sb/sb.db" \
		--generate "${CS_GENERATE:-300}" \
		--seed "$CS_SEED" --today "$CS_TODAY" --no-limits "$@" \
		>"$cs_sb/out" 2>"$cs_sb/err" &
	CS_SBPID=$!
	CS_PIDS="$CS_PIDS $CS_SBPID"
	if ! cs_wait_for "$cs_sb/out" '^listening on ' 120; then
		if [ -n "$CS_SOFT" ]; then
			kill -TERM "$CS_SBPID" 2>/dev/null
			return 1
		fi
		echo "Bail out! the sandbox did not start"
		show "$cs_sb/err"
		exit 99
	fi
	CS_URL=$(sed -n 's/^listening on //p' "$cs_sb/out" | head -n 1)
	export ROUTEDESK_URL="$CS_URL" ROUTEDESK_KEY=demo-key ROUTEDESK_TOKEN=demo-token
}

# cs_sandbox_restart PORT [ARGS...]: the sandbox started again on PORT (the
# console's URL) on the same database, plus ARGS; 1 when it did not start
# (the port taken meanwhile), never an exit.
cs_sandbox_restart() {
	_port=$1
	shift
	CS_LISTEN=127.0.0.1:$_port CS_SOFT=1 cs_sandbox_start "$@"
}

# cs_at_pause TRACE NAME SECONDS CMD [ARGS...]: once the console running in
# the background has reached ":save-display NAME" (a FIFO in $CS_DIR it
# blocks on; TRACE is its ROUTEDESK_TRACE), runs CMD and lets the console go
# on.  CMD's status, or 1 when the console did not get there in SECONDS.
cs_at_pause() {
	_trace=$1 _name=$2 _secs=$3
	shift 3
	cs_wait_for "$_trace" "key :save-display $_name" "$_secs" || return 1
	"$@"
	_rc=$?
	cat "$CS_DIR/$_name" >/dev/null
	return $_rc
}

# cs_trace_idle TRACE [SECONDS]: until every job the console tracing to
# TRACE submitted has its outcome there (a tick's follow-up reads still on
# their way are not "meanwhile" of what comes next); 1 when not within
# SECONDS (default 30).
cs_trace_idle() {
	cs_deadline=$(( $(date +%s) + ${2:-30} ))
	while :; do
		cs_open=$(awk '$2 == "job" { if ($5 == "submit") n[$3] = 1; else if ($5 != "requeued" && $5 != "start") delete n[$3] }
			END { c = 0; for (g in n) c++; print c }' "$1" 2>/dev/null)
		[ "${cs_open:-1}" = 0 ] && return 0
		[ "$(date +%s)" -gt "$cs_deadline" ] && return 1
		sleep 0.05
	done
}

# cs_console SHARE NAME SCRIPT [ARGS...]: console NAME of a test with
# several, on the office share SHARE (none when empty), running SCRIPT
# with a 120 s bound: its trace in $CS_DIR/trace.NAME, its state (drafts,
# kept days) its own in state.NAME, its output in out.NAME and err.NAME.
cs_console() {
	cc_share=$1
	cc_name=$2
	cc_script=$3
	shift 3
	mkdir -p "$CS_DIR/state.$cc_name"
	(cd "$CS_DIR" && ROUTEDESK_SHARE="$cc_share" ROUTEDESK_TRACE="$CS_DIR/trace.$cc_name" \
		ROUTEDESK_SCRIPT="$cc_script" XDG_STATE_HOME="$CS_DIR/state.$cc_name" \
		${CS_TIMEOUT_CMD:-timeout} 120 "$CS_BIN" --fresh --date "$CS_TODAY" "$@" \
		>"$CS_DIR/out.$cc_name" 2>"$CS_DIR/err.$cc_name" </dev/null)
}

# cs_span TRACE FROM TO: the lines of TRACE after the key line FROM, up to
# the key line TO.
cs_span() {
	awk -v from="key $2" -v to="key $3" '
		!on && index($0, from) { on = 1; next }
		on && index($0, to) { exit }
		on' "$1"
}

# cs_run_held TRACE SCRIPT [ARGS...]: the console runs SCRIPT in the
# background (cs_run_bg) with the sandbox stopped (SIGSTOP) from the
# script's ":save-display hold" (a FIFO in $CS_DIR) to its
# ":save-display cont" (another): what it asks meanwhile gets no answer.
# The console's exit status.
cs_run_held() {
	cs_run_bg "$@"
	if cs_paused hold; then
		kill -STOP "$CS_SBPID"
		cs_resume hold
	fi
	if cs_paused cont; then
		kill -CONT "$CS_SBPID"
		cs_resume cont
	fi
	kill -CONT "$CS_SBPID" 2>/dev/null
	wait "$CS_CONSOLE"
}

# cs_sandbox_stop [SIGNAL]: SIGTERM (or SIGNAL: KILL for one that was
# stopped) and wait; returns the sandbox's exit status.
cs_sandbox_stop() {
	kill -"${1:-TERM}" "$CS_SBPID" 2>/dev/null
	wait "$CS_SBPID"
	cs_rc=$?
	CS_PIDS=$(echo "$CS_PIDS" | sed "s/ $CS_SBPID\\b//")
	return $cs_rc
}

# cs_api PATH [ARGS...]: one call through `routedesk api` (JSON on stdout).
cs_api() {
	# The harness's own probe, not one of the office's scripts: with a
	# config and state of its own, it neither counts into nor is refused
	# by the read_share the console under test keeps (routedesk api
	# counts with the consoles), and joins no share.
	mkdir -p "$CS_DIR/api-home/config" "$CS_DIR/api-home/state"
	env -u ROUTEDESK_TRACE -u ROUTEDESK_SCRIPT -u ROUTEDESK_SHARE \
		XDG_CONFIG_HOME="$CS_DIR/api-home/config" XDG_STATE_HOME="$CS_DIR/api-home/state" \
		"$CS_BIN" api "$@" 2>>"$CS_DIR/api.err"
}

# cs_count ENTITY [ARGS...]: the count a search answers.
cs_count() {
	cs_e=$1
	shift
	cs_api "/$cs_e/search" "$@" | sed -n 's/^[[:space:]]*"count":[[:space:]]*\([0-9]*\).*/\1/p' | head -n 1
}

# eq GOT WANT: the two strings are equal (says both when not).
eq() {
	[ "$1" = "$2" ] && return 0
	note "expected '$2', got '$1'"
	return 1
}

# TEXT PATTERN: the text (a JSON answer) holds the fixed string.
holds() {
	printf '%s\n' "$1" | grep -qF -- "$2" && return 0
	note "no '$2' in the answer:"
	printf '%s\n' "$1" | sed 's/^/# | /'
	return 1
}

# cs_pending_stop DATE: a pending stop of DATE, for a test to change behind
# the console's back: its id, its route's id and title in CS_STOP,
# CS_STOP_ROUTE and CS_STOP_TITLE.
cs_pending_stop() {
	CS_STOP=$(cs_api /appointment/search date="$1" status=0 | tr -d ' \t\n' |
		sed -n 's/.*"appointmentIDs":\["\{0,1\}\([0-9]*\).*/\1/p')
	CS_STOP_ROUTE=$(cs_api /appointment/get "appointmentIDs=$CS_STOP" | tr -d '\t\n' |
		sed -n 's/.*"routeID":[[:space:]]*"\([0-9]*\)".*/\1/p')
	CS_STOP_TITLE=$(cs_api /route/get "routeIDs=$CS_STOP_ROUTE" | tr -d '\t\n' |
		sed -n 's/.*"title":[[:space:]]*"\([^"]*\)".*/\1/p')
	[ -n "$CS_STOP" ] && [ -n "$CS_STOP_ROUTE" ] && [ -n "$CS_STOP_TITLE" ]
}

# cs_dpnc FILE TITLE: the D/P/N/C of the row of route TITLE on a Routes screen.
cs_dpnc() {
	grep -F "$2 " "$1" | head -n 1 | grep -Eo '[0-9]+/[0-9]+/[0-9]+/[0-9]+' | head -n 1
}

# cs_usage NAME: a tokenUsage member (requestsWriteToday, ...) as the
# service counts it now.
cs_usage() {
	cs_api /employee/search "employeeIDs:=[1]" |
		sed -n "s/^[[:space:]]*\"$1\":[[:space:]]*\\([0-9]*\\).*/\\1/p" | head -n 1
}

# cs_script NAME <<EOF ... EOF: writes a script file, prints its path.
cs_script() {
	cat >"$CS_DIR/$1.script"
	echo "$CS_DIR/$1.script"
}

# cs_run SCRIPT [ARGS...]: the console on SCRIPT (relative paths in the
# script are relative to $CS_DIR), --fresh and --date 2026-11-20 unless
# CS_NOFRESH / CS_NODATE are set.  Output in $CS_DIR/out, errors in
# $CS_DIR/err; returns the exit status (also in CS_RC).
cs_run() {
	cs_s=$1
	shift
	[ -z "$CS_NODATE" ] && set -- --date "$CS_TODAY" "$@"
	[ -z "$CS_NOFRESH" ] && set -- --fresh "$@"
	(cd "$CS_DIR" && ROUTEDESK_SCRIPT="$cs_s" ${CS_TIMEOUT_CMD:-timeout} 120 \
		"$CS_BIN" "$@" >"$CS_DIR/out" 2>"$CS_DIR/err" </dev/null)
	CS_RC=$?
	if [ "$CS_RC" -ne 0 ]; then
		note "routedesk $* exited $CS_RC"
		show "$CS_DIR/err"
	fi
	return $CS_RC
}

# cs_lost_draft KEY OPERATION PAIRS [LINE...]: writes the draft KEY (0600,
# as the console does) of a send of OPERATION whose answer was lost: each
# NAME=VALUE line of PAIRS went out (lost-pair=) and is its field's text;
# each LINE follows as it is (lost-known=, form-base=, a field's text
# typed since, which a later line gives over an earlier one).
cs_lost_draft() {
	cs_f="$XDG_STATE_HOME/routedesk/drafts/$1"
	cs_now=$(date +%s)
	mkdir -p "$XDG_STATE_HOME/routedesk/drafts"
	{
		printf 'routedesk-draft 1\nsaved=%s\nlost-sent=%s\nlost-path=%s\n' "$cs_now" "$cs_now" "$2"
		printf '%s\n' "$3" | sed 's/^/lost-pair=/'
		printf '%s\n' "$3"
		shift 3
		for cs_l in "$@"; do
			printf '%s\n' "$cs_l"
		done
	} >"$cs_f"
	chmod 600 "$cs_f"
}

# ---- a console paused behind the test's back ----------------------------
# A script step ":save-display NAME" on a FIFO NAME in CS_DIR blocks the
# console until the test reads the FIFO: the test changes the service
# meanwhile, with no sleeps and no races.
#   cs_run_bg TRACE SCRIPT [ARGS...]   cs_run in the background, tracing to
#                                      TRACE; its pid in CS_CONSOLE
#   cs_paused NAME                     0 once it waits on NAME (120 s at most)
#   cs_resume NAME                     lets it go on
cs_run_bg() {
	cs_bg_trace=$1
	shift
	(ROUTEDESK_TRACE=$cs_bg_trace
	export ROUTEDESK_TRACE
	cs_run "$@") &
	CS_CONSOLE=$!
}

cs_paused() {
	cs_wait_for "$cs_bg_trace" "key :save-display $1\$" 120
}

cs_resume() {
	cat "$CS_DIR/$1" >/dev/null
}

# ---- reading dumps ---------------------------------------------------

# has FILE ERE: FILE has a line matching; shows FILE when not.
has() {
	if grep -Eq -- "$2" "$1" 2>/dev/null; then
		return 0
	fi
	note "no line of $1 matches /$2/:"
	show "$1"
	return 1
}

# has_all FILE ERE...: every pattern matches some line of FILE.
has_all() {
	cs_f=$1
	shift
	for cs_p in "$@"; do
		has "$cs_f" "$cs_p" || return 1
	done
	return 0
}

# matches TEXT ERE: TEXT (one line or more) has a line matching.
matches() {
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		return 0
	fi
	note "'$1' does not match /$2/"
	return 1
}

# hasnt FILE ERE: no line of FILE matches.
hasnt() {
	if grep -Eq -- "$2" "$1" 2>/dev/null; then
		note "a line of $1 matches /$2/:"
		grep -En -- "$2" "$1" | sed 's/^/# | /' | LC_ALL=C tr '\033' '?'
		return 1
	fi
	[ -f "$1" ] || { note "$1 does not exist"; return 1; }
	return 0
}

# line_of FILE ERE: the first matching line (empty when none).
line_of() {
	grep -E -m 1 -- "$2" "$1" 2>/dev/null
}

# selected FILE: the selected row of a dump (the one with the marker ▸ or >).
selected() {
	grep -E -m 1 '^(▸|>)' "$1" 2>/dev/null
}

# rows FILE: the list rows of a dump (from the line under the column
# titles to the first rule or the status line, the last line but one),
# markers removed, blank lines and the legend line (Routes, Stops) dropped.
rows() {
	cs_l=$(wc -l <"$1")
	sed -n "4,$((cs_l - 2))p" "$1" | sed '/^[─-]\{10,\}/,$d' |
		sed '/^ \(Flags\|Window\|Marcas\|Ventana\): /d' | sed 's/^[▸> ]//' | sed '/^$/d'
}

# header_date FILE: the review date shown at the start of the header.
header_date() {
	sed -n '1s/^ *\([0-9]\{4\}-[0-9][0-9]-[0-9][0-9]\).*/\1/p' "$1"
}

# no_esc FILE: FILE holds no ESC byte (0x1b) at all.
no_esc() {
	if LC_ALL=C grep -q "$(printf '\033')" "$1"; then
		note "$1 holds a raw ESC byte:"
		LC_ALL=C grep -n "$(printf '\033')" "$1" | LC_ALL=C tr '\033' '?' | sed 's/^/# | /'
		return 1
	fi
	return 0
}

# no_utf8 FILE: FILE is pure ASCII.
no_utf8() {
	if LC_ALL=C grep -q '[^ -~]' "$1"; then
		note "$1 holds bytes outside printable ASCII:"
		LC_ALL=C grep -n '[^ -~]' "$1" | head -n 5 | sed 's/^/# | /'
		return 1
	fi
	return 0
}

# normalise: what legitimately changes between runs masked (the port,
# data ages, the budget left and routedesk's share of it, the clock).
cs_normalise() {
	sed -e 's/127\.0\.0\.1:[0-9][0-9]*/127.0.0.1:PORT/g' \
	    -e 's/<\{0,1\}[0-9][0-9]*\([smh]\) ago/N\1 ago/g' \
	    -e 's/reads left [0-9]*\/min [0-9]*\/day/reads left R\/min R\/day/' \
	    -e 's/ (ours [0-9]*)/ (ours R)/' "$1"
}

# golden NAME FILE: the normalised FILE equals golden/NAME.txt.  With
# CONSOLE_GOLDEN_UPDATE=1 the golden file is written instead.
# golden_body NAME FILE: golden, but for the lines under the header: a
# terminal's header also says when the next auto-refresh is due (", next
# 14:05"), which a script, refreshing only when told, never has; the
# header is checked on its own.
golden_body() {
	cs_gb=$CS_DIR/body.$1
	sed 1d "$2" >"$cs_gb"
	sed 1d "$CS_GOLDEN/$1.txt" >"$CS_DIR/body.golden.$1"
	CS_GOLDEN_SAVED=$CS_GOLDEN
	CS_GOLDEN=$CS_DIR
	cp "$CS_DIR/body.golden.$1" "$CS_DIR/body-$1.txt"
	golden "body-$1" "$cs_gb"
	cs_gb_rc=$?
	CS_GOLDEN=$CS_GOLDEN_SAVED
	return $cs_gb_rc
}

golden() {
	cs_g=$CS_GOLDEN/$1.txt
	cs_normalise "$2" >"$CS_DIR/golden.$1"
	if [ -n "$CONSOLE_GOLDEN_UPDATE" ]; then
		mkdir -p "$CS_GOLDEN"
		cp "$CS_DIR/golden.$1" "$cs_g"
		note "wrote $cs_g"
		return 0
	fi
	if ! [ -f "$cs_g" ]; then
		note "no golden file $cs_g (CONSOLE_GOLDEN_UPDATE=1 writes it)"
		return 1
	fi
	if diff -u "$cs_g" "$CS_DIR/golden.$1" >"$CS_DIR/golden.$1.diff"; then
		return 0
	fi
	note "screen differs from $cs_g (CONSOLE_GOLDEN_UPDATE=1 rewrites it):"
	show "$CS_DIR/golden.$1.diff"
	return 1
}

# ---- tmux: the console in a real terminal ----------------------------

# need_tmux: skips the whole program (before any test line) without tmux.
need_tmux() {
	command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
}

# tmux_start COLS LINES [ARGS...]: a private tmux server (-L rdtestPID, no
# user config, escape-time 0 so Esc is not held back, remain-on-exit so
# the exit status can be read) running the console with ARGS, --fresh and
# --date 2026-11-20, TERM=tmux-256color (CS_TMUX_TERM overrides), and
# LINES/COLUMNS unset (ncurses would prefer them to the terminal's size).
# Skips the whole program when tmux is missing.  CS_TMUX_WRAP and
# CS_TMUX_DATE: see below.
tmux_start() {
	command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
	cs_cols=$1
	cs_lines=$2
	shift 2
	# A fresh server name for every start: a program that kill-servers and
	# starts again at once could otherwise reach the old server while it is
	# still exiting, and tmux then fails to start ("server exited").
	cs_tmux_n=$(( ${cs_tmux_n:-0} + 1 ))
	CS_TMUX=rdtest$$-$cs_tmux_n
	cs_cmd="cd '$CS_DIR' && exec env -u LINES -u COLUMNS TERM=${CS_TMUX_TERM:-tmux-256color}"
	# CS_TMUX_WRAP: words run before the console (faketime ...);
	# CS_TMUX_DATE=none: no --date (the console's own today).
	for cs_a in ${CS_TMUX_WRAP:-}; do
		cs_cmd="$cs_cmd '$cs_a'"
	done
	cs_cmd="$cs_cmd '$CS_BIN' --fresh"
	[ "${CS_TMUX_DATE:-}" = none ] || cs_cmd="$cs_cmd --date '${CS_TMUX_DATE:-$CS_TODAY}'"
	for cs_a in "$@"; do
		cs_cmd="$cs_cmd '$cs_a'"
	done
	cs_cmd="$cs_cmd 2>'$CS_DIR/tmux.err'"
	cs_try=0
	until tmux -L "$CS_TMUX" -f /dev/null new-session -d -s app -x "$cs_cols" -y "$cs_lines" "$cs_cmd" \; \
		set-option -g remain-on-exit on \; set-option -s escape-time 0 \; \
		set-option -g status off >"$CS_DIR/tmux-start.err" 2>&1; do
		cs_try=$((cs_try + 1))
		if [ "$cs_try" -ge 3 ]; then
			echo "Bail out! tmux did not start: $(head -c 200 "$CS_DIR/tmux-start.err")"
			exit 99
		fi
		tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1
		sleep 0.2
	done
}

# tmux_keys KEY...: tmux send-keys to the console's pane.
tmux_keys() {
	tmux -L "$CS_TMUX" send-keys -t app "$@"
}

# tmux_capture FILE [-e]: the pane's text (with -e its attributes too).
tmux_capture() {
	cs_f=$1
	shift
	tmux -L "$CS_TMUX" capture-pane -p "$@" -t app >"$cs_f"
}

# tmux_wait FILE ERE [SECONDS]: captures the pane into FILE until a line
# matches, or the deadline (default 30 s) passes (then shows FILE).
tmux_wait() {
	cs_deadline=$(( $(date +%s) + ${3:-30} ))
	while :; do
		tmux_capture "$1"
		if grep -Eq -- "$2" "$1"; then
			# tmux may show a frame half drawn: once the pattern is there,
			# wait until two captures agree, so the checks that follow read
			# a whole frame.
			while [ "$(date +%s)" -le "$cs_deadline" ]; do
				sleep 0.05
				tmux_capture "$1.again"
				cmp -s "$1" "$1.again" && break
				mv "$1.again" "$1"
			done
			rm -f "$1.again"
			grep -Eq -- "$2" "$1" && return 0
			continue
		fi
		if [ "$(date +%s)" -gt "$cs_deadline" ]; then
			note "the pane never showed /$2/:"
			show "$1"
			return 1
		fi
		sleep 0.05
	done
}

# tmux_quit: Q, then two test lines (the console exits 0, it wrote
# nothing to stderr), and the server goes.
tmux_quit() {
	tmux_keys Q
	cs_status=$(tmux_wait_exit 30)
	ok "Q ends the console with exit status 0 ($cs_status)" test "$cs_status" = 0
	ok "nothing went to stderr" sh -c '! test -s "$1"' - "$CS_DIR/tmux.err"
	tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1
}

# tmux_format FORMAT: a tmux format of the pane (#{pane_dead}, ...).
tmux_format() {
	tmux -L "$CS_TMUX" display-message -p -t app "$1"
}

# tmux_wait_exit [SECONDS]: waits until the pane's program has exited;
# prints its exit status.  tmux may mark the pane dead (its pty closed)
# before it has reaped the child, and tmux 3.3 now and then misses that
# SIGCHLD altogether (the zombie then waits for the next one): a dead pane
# without a status gets its server a SIGCHLD, which makes it reap.
tmux_wait_exit() {
	cs_deadline=$(( $(date +%s) + ${1:-30} ))
	while :; do
		cs_st=$(tmux_format '#{pane_dead}:#{pane_dead_status}')
		case $cs_st in
		1:?*)
			echo "${cs_st#1:}"
			return 0
			;;
		1:)
			kill -CHLD "$(tmux_format '#{pid}')" 2>/dev/null
			;;
		esac
		if [ "$(date +%s)" -gt "$cs_deadline" ]; then
			echo "timeout ($cs_st)"
			return 1
		fi
		sleep 0.05
	done
}
