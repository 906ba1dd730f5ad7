#!/bin/sh
# notify.sh: notifications through a private session bus with a mock daemon, the terminal fallback, and no bus.
#
# TAP.  Each case runs tests/console/notify_send (src/notify as the console
# uses it) under `timeout`, so a notifier that blocks fails instead of
# hanging the suite.  Cases that need libnotify, dbus-run-session or
# python3-dbusmock SKIP with the reason when those are missing.
set -u

top_builddir=${top_builddir:-.}
prog=$top_builddir/tests/console/notify_send
tmp=$(mktemp -d "${TMPDIR:-/tmp}/notify-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
fail() {
	n=$((n + 1))
	echo "not ok $n - $1"
	shift
	for f in "$@"; do
		[ -f "$f" ] || continue
		echo "# --- $(basename "$f")"
		cat -v "$f" | head -40 | sed 's/^/# /'
	done
}

# The process environment of the tests, minus everything that steers the
# choice of transport; each case adds back what it means to test.
plain() {
	env -u DISPLAY -u WAYLAND_DISPLAY -u DBUS_SESSION_BUS_ADDRESS -u XDG_RUNTIME_DIR \
	    -u TMUX -u STY -u VTE_VERSION -u TERM_PROGRAM -u KONSOLE_VERSION \
	    -u KITTY_WINDOW_ID -u WEZTERM_PANE TERM=xterm-256color LC_ALL=C "$@"
}

# The start of a private session's script (sh -c "$mock_up"'...'): starts
# the mock daemon logging to $LOG, its pid in $mock, and waits (with a
# deadline) until it owns the name; when it never does, says so in $ERR
# and exits 1.
mock_up='
	/usr/bin/python3 -m dbusmock --session --template notification_daemon -l "$LOG" \
		> /dev/null 2>&1 &
	mock=$!
	i=0
	until dbus-send --session --print-reply --dest=org.freedesktop.DBus \
		/org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
		string:org.freedesktop.Notifications 2> /dev/null | grep -q "boolean true"; do
		i=$((i + 1))
		if [ $i -gt 600 ]; then
			echo "mock daemon never owned org.freedesktop.Notifications" > "$ERR"
			kill $mock
			exit 1
		fi
		sleep 0.1
	done
'

title="Stop completed"
body="North 3: Jane & John Doe at 09:30"
evil=$(printf 'Evil\033[31mCorp')

echo "1..7"

# 1. No bus at all and no display: the terminal transport, at once.
if [ ! -x "$prog" ]; then
	echo "Bail out! $prog not built"
	exit 99
fi
printf '\033]9;%s: %s\007' "$title" "$body" > "$tmp/want1"
if plain DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent timeout 60 "$prog" "$title" "$body" \
	> "$tmp/out1" 2> "$tmp/err1" \
	&& grep -q '^transport: osc9 ' "$tmp/err1" && cmp -s "$tmp/want1" "$tmp/out1"; then
	ok "no bus, no display: OSC 9 bytes"
else
	fail "no bus, no display: OSC 9 bytes" "$tmp/err1" "$tmp/out1"
fi

# 2. The same inside tmux, with a hostile name: wrapped, the ESC made visible.
printf '\033Ptmux;\033\033]777;notify;%s;%s\007\033\\' "$title" 'Evil^[[31mCorp' > "$tmp/want2"
if plain DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent TMUX=/tmp/tmux-0/default,1,0 \
	VTE_VERSION=7200 timeout 60 "$prog" "$title" "$evil" > "$tmp/out2" 2> "$tmp/err2" \
	&& cmp -s "$tmp/want2" "$tmp/out2"; then
	ok "tmux pass-through of OSC 777, ESC in a name escaped"
else
	fail "tmux pass-through of OSC 777, ESC in a name escaped" "$tmp/err2" "$tmp/out2"
fi

have_libnotify=yes
"$prog" --have-libnotify || have_libnotify=no

# 3. libnotify asked for, a display, but no bus: it fails fast, the
# terminal takes over for this message, and that is reported.
if [ "$have_libnotify" = no ]; then
	skip "libnotify without a bus falls back" "built without libnotify"
elif plain DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent DISPLAY=:0 timeout 60 \
	"$prog" --transport libnotify "$title" "$body" > "$tmp/out3" 2> "$tmp/err3" \
	&& grep -q '^transport: libnotify ' "$tmp/err3" && grep -q '^report: libnotify failed' "$tmp/err3" \
	&& grep -q '^now: osc9' "$tmp/err3" && cmp -s "$tmp/want1" "$tmp/out3"; then
	ok "libnotify without a bus falls back to OSC 9 and says so"
else
	fail "libnotify without a bus falls back to OSC 9 and says so" "$tmp/err3" "$tmp/out3"
fi

# A private session bus that activates nothing: no notification daemon of
# this machine can answer in place of the mock.
cat > "$tmp/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=$tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF

no_bus_tools=""
command -v dbus-run-session > /dev/null 2>&1 || no_bus_tools="dbus-run-session not installed (Debian package dbus)"
command -v dbus-send > /dev/null 2>&1 || no_bus_tools="dbus-send not installed (Debian package dbus)"
no_mock=""
/usr/bin/python3 -c 'import dbusmock' > /dev/null 2>&1 \
	|| no_mock="python3-dbusmock not installed for /usr/bin/python3"

# 4. The mock daemon on a private bus gets the notification: title, body
# (markup-escaped, as servers read markup), and an ESC made visible.
if [ "$have_libnotify" = no ]; then
	skip "libnotify through a private bus to a mock daemon" "built without libnotify"
elif [ -n "$no_bus_tools" ] || [ -n "$no_mock" ]; then
	skip "libnotify through a private bus to a mock daemon" "$no_bus_tools$no_mock"
else
	# Inside the session: start the mock, wait (with a deadline) until it
	# owns the name, send, stop the mock.
	plain DISPLAY=:0 PROG="$prog" LOG="$tmp/log4" OUT="$tmp/out4" ERR="$tmp/err4" \
	    TITLE="$title" BODY="$body $evil" timeout 120 \
	    dbus-run-session --config-file="$tmp/bus.conf" -- sh -c "$mock_up"'
		"$PROG" "$TITLE" "$BODY" > "$OUT" 2> "$ERR"
		rc=$?
		kill $mock
		wait $mock 2> /dev/null
		exit $rc' 2> "$tmp/session4"
	rc=$?
	want="Notify \"routedesk\" 0 \"\" \"$title\" \"North 3: Jane &amp; John Doe at 09:30 Evil^[[31mCorp\""
	if [ $rc -eq 0 ] && grep -q '^transport: libnotify ' "$tmp/err4" \
		&& grep -qF "$want" "$tmp/log4" && [ ! -s "$tmp/out4" ] \
		&& ! grep -q "$(printf '\033')" "$tmp/log4"; then
		ok "libnotify through a private bus to a mock daemon"
	else
		fail "libnotify through a private bus to a mock daemon" "$tmp/err4" "$tmp/log4" \
			"$tmp/out4" "$tmp/session4"
	fi
fi

# 5. A bus where nobody owns org.freedesktop.Notifications: libnotify is
# chosen, fails, and the terminal takes over.
if [ "$have_libnotify" = no ]; then
	skip "libnotify on a bus with no daemon falls back" "built without libnotify"
elif [ -n "$no_bus_tools" ]; then
	skip "libnotify on a bus with no daemon falls back" "$no_bus_tools"
elif plain DISPLAY=:0 timeout 120 dbus-run-session --config-file="$tmp/bus.conf" -- \
	"$prog" "$title" "$body" > "$tmp/out5" 2> "$tmp/err5" \
	&& grep -q '^transport: libnotify ' "$tmp/err5" && grep -q '^report: libnotify failed' "$tmp/err5" \
	&& cmp -s "$tmp/want1" "$tmp/out5"; then
	ok "libnotify on a bus with no daemon falls back to OSC 9"
else
	fail "libnotify on a bus with no daemon falls back to OSC 9" "$tmp/err5" "$tmp/out5"
fi

# 6. notify_command replaces the rest, with the text as "$1" and "$2".
cmdout="$tmp/cmd6"
if plain DISPLAY=:0 DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent timeout 60 \
	"$prog" --command "printf '%s|%s\\n' \"\$1\" \"\$2\" > '$cmdout'" "$title" '$(id) `id`' \
	> "$tmp/out6" 2> "$tmp/err6" \
	&& grep -q '^transport: command ' "$tmp/err6" && [ ! -s "$tmp/out6" ] \
	&& [ "$(cat "$cmdout")" = "$title|\$(id) \`id\`" ]; then
	ok "notify_command gets title and body as arguments"
else
	fail "notify_command gets title and body as arguments" "$tmp/err6" "$cmdout"
fi

# 7. A daemon that owns the name but never answers (stopped): the call
# blocks for D-Bus's 25 s, yet posting returned at once and quitting leaves
# the stuck worker behind.  timeout 15 stays well under those 25 s.
if [ "$have_libnotify" = no ]; then
	skip "a stuck notification daemon does not hold up exit" "built without libnotify"
elif [ -n "$no_bus_tools" ] || [ -n "$no_mock" ]; then
	skip "a stuck notification daemon does not hold up exit" "$no_bus_tools$no_mock"
else
	plain DISPLAY=:0 PROG="$prog" LOG="$tmp/log7" ERR="$tmp/err7" timeout 120 \
	    dbus-run-session --config-file="$tmp/bus.conf" -- sh -c "$mock_up"'
		kill -STOP $mock
		timeout 15 "$PROG" --stuck "T" "B" 2> "$ERR"
		rc=$?
		kill -CONT $mock
		kill $mock
		wait $mock 2> /dev/null
		exit $rc' 2> "$tmp/session7"
	rc=$?
	if [ $rc -eq 0 ] && grep -q '^transport: libnotify ' "$tmp/err7" && grep -q '^freed$' "$tmp/err7"; then
		ok "a stuck notification daemon does not hold up exit"
	else
		fail "a stuck notification daemon does not hold up exit (rc $rc)" "$tmp/err7" "$tmp/session7"
	fi
fi
