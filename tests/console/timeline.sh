#!/bin/sh
# timeline.sh: the Timeline pane, scripted: lanes, blocks, overlaps, no-time stops, a 40-stop route, keys, forms, refresh, no reads to open, 80x24 and 200x50.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start
D=$CS_DIR
export LINES=24 COLUMNS=80

# A route of 40 stops on the day, written through the API: 38 back to
# back from 07:00 (15 minutes each), one 09:05-10:05 over three of them,
# and one with no window.  Nobody is assigned: its lane is among the last.
# result CALL...: the id a create answers.
result() {
	cs_api "$@" | sed -n 's/^[[:space:]]*"result":[[:space:]]*"\([0-9]*\)".*/\1/p'
}
route=$(result /route/create "date=$CS_TODAY" "title=Route 40")
i=0
while [ "$i" -lt 38 ]; do
	m=$((7 * 60 + 15 * i))
	id=$(result /appointment/create "customerID=$((10000 + i))" type=1 "routeID=$route" \
		"start=$(printf '%02d:%02d:00' $((m / 60)) $((m % 60)))" duration=15)
	[ "$i" -eq 0 ] && first=$id
	i=$((i + 1))
done
result /appointment/create customerID=10100 type=1 "routeID=$route" start=09:05:00 duration=60 >/dev/null
result /appointment/create customerID=10101 type=1 "routeID=$route" >/dev/null
ok "a route of 40 stops was written (route $route)" \
	test "$(cs_count appointment "routeIDs:=[$route]")" -eq 40
n_routes=$(cs_count route "date=$CS_TODAY")

s=$(cs_script tl <<'EOF2'
:save-display routes.txt
6
:save-display tl80.txt
G
:save-display tl80-last.txt
g
Enter
v
:save-display enter0.txt
-
Right
Enter
v
:save-display enter1.txt
-
Left
:save-display back.txt
A
:save-display form.txt
Esc
Esc
/
"Commercial"
Enter
:save-display filtered.txt
Esc
?
/
"Timeline"
Enter
:save-display help.txt
Esc
-
]
:save-display next-day.txt
:date 2026-11-22
:save-display empty.txt
:date 2026-11-20
:save-display again.txt
:resize 200x50
:save-display tl200.txt
j
:save-display tl200-j.txt
l
:save-display tl200-r.txt
/
"Anthony"
Enter
:save-display tl200-anthony.txt
EOF2
)
export ROUTEDESK_TRACE="$D/trace"
ok "the console runs the timeline script and exits 0" cs_run "$s"
unset ROUTEDESK_TRACE

# between FROM TO: the trace lines after the key FROM up to the key TO.
between() {
	awk -v a="key $1" -v b="key $2" 'index($0, a) { on = 1; next } on && index($0, b) { exit } on' "$D/trace"
}
bytes() {
	awk '$2 == "frame" { b += $3 } END { print b + 0 }'
}
ok "opening the Timeline reads nothing: no request between 6 and its first dump" \
	test "$(between 6 ':save-display tl80.txt' | grep -c ' request ')" -eq 0
ok "the Timeline drew a frame when opened" test "$(between 6 ':save-display tl80.txt' | bytes)" -gt 0
for k in G:tl80-last g:Enter j:tl200-j l:tl200-r; do
	b=$(between "${k%%:*}" ":save-display ${k#*:}" | bytes)
	[ "${k#*:}" = Enter ] && b=$(between g Enter | bytes)
	note "Timeline ${k%%:*}: $b bytes to the terminal"
done
ok "a lane move at 80x24 writes under 150 bytes" test "$(between G ':save-display tl80-last.txt' | bytes)" -lt 150
ok "a lane move at 200x50 writes under 150 bytes" test "$(between j ':save-display tl200-j.txt' | bytes)" -lt 150
ok "a stop move (l) at 200x50 writes under 150 bytes" test "$(between l ':save-display tl200-r.txt' | bytes)" -lt 150

# ---- layout --------------------------------------------------------------
ok "6 opens the Timeline (the sixth tab, active)" has "$D/tl80.txt" '\[6 Timeline\]'
ok "the axis shows the working day's hours and the no-time column" \
	has "$D/tl80.txt" '^ Technician / route +07 08  09  10  11  12  13  14  15  16  17  18 +│no time$'
ok "one lane per route of the day ($n_routes)" has "$D/tl80.txt" " 1/$n_routes\$"
lanes() {
	sed -n '4,$p' "$1" | grep -E '^[▸> ][^ ][^│]* · ' | sed 's/^.//'
}
# assigned_first FILE: the lanes with a technician come first, then the
# UNASSIGNED ones, and there are both.
assigned_first() {
	lanes "$1" | awk '/^UNASSIGNED/ { u++; next } u { bad = 1 } { a++ } END { exit !(a && u && !bad) }' ||
		{ note "lane order:"; lanes "$1" | sed 's/^/# | /'; return 1; }
}
ok "lanes with a technician first, UNASSIGNED last" assigned_first "$D/tl80.txt"
# A label longer than its 22 columns names the technician by initial: two
# lanes of one technician both read "Anthony O'Brien · Rou…", the route
# that tells them apart cut off.
ok "a long label keeps its route whole: the technician by initial" \
	has "$D/tl80.txt" "^▸A\\. O'Brien · Route 01 "
ok "... every lane's route whole at 80 columns" \
	test "$(lanes "$D/tl80.txt" | grep -c ' · Route [0-9][0-9] ')" -ge 5
ok "... and a filter still reads the whole first name (/Anthony)" \
	has_all "$D/tl200-anthony.txt" "^.A\\. O'Brien · Route 01 " '/Anthony [0-9]+/[0-9]+ '
big=$(grep -E '^[▸ ]UNASSIGNED · Route +·' "$D/tl200.txt")
ok "the 40-stop route has its lane" test -n "$big"
ok "its 40 stops each get a column of their own at 200 columns (39 timed, one in no time)" \
	test "$(printf '%s' "$big" | grep -o '·' | wc -l)" -eq 41
ok "the stop with no window sits in the no-time column" matches "$big" '│·'
ok "done, pending, no-show and cancelled blocks differ by glyph and fill" \
	sh -c 'grep -q "✓█" "$1" && grep -q "·░" "$1" && grep -q "✗╳" "$1" && grep -q "⊘╌" "$1"' - "$D/tl80.txt"
ok "at 200 columns the blocks carry their customers' names" has "$D/tl200.txt" '✓[A-Z][a-z]+'
ok "the 80x24 screen matches its golden" golden timeline-80x24 "$D/tl80.txt"
ok "the 200x50 screen matches its golden" golden timeline-200x50 "$D/tl200.txt"

# ---- keys ------------------------------------------------------------------
# cust FILE: the customer id of a detail's raw record (v after Enter:
# the detail opens on its summary).
cust() {
	sed -n 's/^ customerID  *\([0-9]*\)$/\1/p' "$1"
}
c0=$(cust "$D/enter0.txt")
c1=$(cust "$D/enter1.txt")
ok "Enter opens the selected stop's customer" test -n "$c0"
ok "Right then Enter opens the next stop's customer" sh -c 'test -n "$1" && test "$1" != "$2"' - "$c1" "$c0"
ok "the note form opens on the selected stop's customer (Left came back to it)" \
	has "$D/form.txt" "^ +Customer \\* +$c0\$"
ok "the form names the stop" has "$D/form.txt" 'Add a note · stop [0-9]+ · '
ok "/ filters lanes" has "$D/filtered.txt" '/Commercial 1/[0-9]+ +1/1 *$'
ok "? lists the Timeline and its keys" \
	has_all "$D/help.txt" '^.6 +pane_timeline +Timeline pane' '^.h Left +left +Timeline' '^.l Right +right +Timeline'
ok "] steps the day and stays on the Timeline" \
	sh -c 'grep -q "^ 2026-11-21" "$1" && grep -q "\[6 Timeline\]" "$1"' - "$D/next-day.txt"
ok "the day with no routes: the axis and nothing to show" \
	has_all "$D/empty.txt" '^ 2026-11-22' ' 07 08 ' 'nothing to show'

# ---- rebinding and the saved pane ---------------------------------------------
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[keys]\npane_timeline = F6\nright = w\n' >"$XDG_CONFIG_HOME/routedesk/config"
s=$(cs_script rebound <<'EOF2'
6
:save-display rb-6.txt
F6
:save-display rb-f6.txt
w
Enter
v
:save-display rb-w.txt
EOF2
)
ok "the console runs with pane_timeline and right rebound" cs_run "$s"
ok "6, no longer bound, leaves the Routes pane" has "$D/rb-6.txt" '^\[1 Routes\]'
ok "F6 opens the Timeline" has "$D/rb-f6.txt" '\[6 Timeline\]'
ok "w steps to the next stop as Right did (Enter opens customer $c1)" \
	sh -c 'test "$(sed -n "s/^ customerID  *\([0-9]*\)$/\1/p" "$1")" = "$2"' - "$D/rb-w.txt" "$c1"
rm -f "$XDG_CONFIG_HOME/routedesk/config"

s=$(cs_script leave <<'EOF2'
6
EOF2
)
CS_NOFRESH=1
ok "a session that ends on the Timeline exits 0" cs_run "$s"
s=$(cs_script come-back <<'EOF2'
:save-display state.txt
EOF2
)
ok "the next start exits 0" cs_run "$s"
unset CS_NOFRESH
ok "the next start opens on the Timeline (saved state)" has "$D/state.txt" '\[6 Timeline\]'

# ---- ASCII, NO_COLOR and every theme ----------------------------------------
# Status is told by glyph and fill: the text is the same in every theme and
# without colour, and ASCII has glyphs of its own.
s=$(cs_script looks <<'EOF2'
6
:save-display look-default.txt
:theme light
:save-display look-light.txt
:theme mono
:save-display look-mono.txt
:theme colorblind
:save-display look-colorblind.txt
EOF2
)
export ROUTEDESK_THEME_PATH="$top_srcdir/themes"
ok "every shipped theme draws the Timeline (exit 0)" cs_run "$s"
for t in light mono colorblind; do
	ok "theme $t: the same glyphs and fills as the default" \
		sh -c 'sed 1d "$1" >"$1.body"; sed 1d "$2" >"$2.body"; cmp -s "$1.body" "$2.body"' - \
		"$D/look-default.txt" "$D/look-$t.txt"
done
mv "$D/look-default.txt" "$D/look-colour.txt"
NO_COLOR=1
export NO_COLOR
ok "NO_COLOR: the Timeline runs and exits 0" cs_run "$s"
unset NO_COLOR
ok "NO_COLOR: the same text as in colour (status never by colour alone)" \
	sh -c 'sed 1d "$1" >"$1.body"; sed 1d "$2" >"$2.body"; cmp -s "$1.body" "$2.body"' - \
	"$D/look-colour.txt" "$D/look-default.txt"
ok "--ascii: the Timeline runs and exits 0" cs_run "$s" --ascii
ok "--ascii: done, pending, no-show and cancelled blocks in ASCII glyphs and fills" \
	has_all "$D/look-default.txt" '\+#' '\.-' 'xx' '//'
ok "--ascii: no UTF-8 drawing glyph on the Timeline" \
	sh -c '! grep -qE "[│─▸▲▼✓⊘…›·█░╳╌┃]" "$1"' - "$D/look-default.txt"
LANG=C
export LANG
ok "LANG=C: the Timeline runs and exits 0" cs_run "$s"
ok "LANG=C: the Timeline is pure printable ASCII" no_utf8 "$D/look-default.txt"
LANG=C.UTF-8
unset ROUTEDESK_THEME_PATH

# ---- refresh in place --------------------------------------------------------
mkfifo "$D/sync1" || exit 99
s=$(cs_script refresh <<'EOF2'
6
G
k
:resize 200x50
:save-display before.txt
:save-display sync1
:refresh
:save-display after.txt
EOF2
)
cs_run_bg "$D/trace2" "$s"
if cs_paused sync1; then
	cs_api /appointment/complete "appointmentID=$first" status=1 >"$D/complete.json"
	cs_resume sync1
fi
wait "$CS_CONSOLE"
ok "the refresh script exits 0" test $? -eq 0
ok "before: the 07:00 stop of the 40-stop route is pending" \
	sh -c 'grep -qE "^▸UNASSIGNED · Route +·" "$1"' - "$D/before.txt"
ok "after :refresh: it is done, in place, the lane still selected" \
	sh -c 'grep -qE "^▸UNASSIGNED · Route +✓" "$1"' - "$D/after.txt"
ok "the refresh read only what changed (no second review)" \
	test "$(awk 'index($0, "key :refresh") { on = 1 } on' "$D/trace2" | grep -c ' request /route/search')" -eq 0

tap_done
