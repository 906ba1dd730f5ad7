#!/bin/sh
# state.sh: the last pane and filter come back on the next start (the day is today); --fresh ignores them.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script first <<'EOF'
]
3
/
"Scottsdale"
Enter
:save-display first.txt
EOF
)
CS_NOFRESH=1
ok "a first run (no --fresh) exits 0" cs_run "$s"
ok "the first run leaves state under XDG_STATE_HOME" \
	sh -c 'find "$1" -type f | grep -q .' - "$XDG_STATE_HOME"
filter=$(grep -Eo '/Scottsdale [0-9]+/[0-9]+' "$D/first.txt")

s=$(cs_script second <<'EOF'
:save-display second.txt
1
:save-display second-routes.txt
EOF
)
CS_NODATE=1
ok "a second run without --date exits 0" cs_run "$s"
ok "the second run opens on the last pane (Customers)" has "$D/second.txt" '\[3 Customers\]'
ok "the second run has the last filter ($filter)" has "$D/second.txt" "$filter"
# A saved day other than today never comes back by itself: a console
# opened the next morning on yesterday would show a stale day as today's.
ok "the second run reviews today, not the last date (2026-11-21)" \
	test "$(header_date "$D/second.txt")" = "$(date +%F)"
ok "the Routes pane is today's" has "$D/second-routes.txt" "Routes: $(date +%F)"

s=$(cs_script dated <<'EOF'
:save-display dated.txt
EOF
)
CS_NODATE=
ok "a run with --date exits 0" cs_run "$s"
ok "--date still chooses the day ($CS_TODAY)" test "$(header_date "$D/dated.txt")" = "$CS_TODAY"
CS_NODATE=1

s=$(cs_script fresh <<'EOF'
:save-display fresh.txt
EOF
)
CS_NOFRESH=
ok "--fresh exits 0" cs_run "$s"
ok "--fresh opens on Routes" has "$D/fresh.txt" '^\[1 Routes\]'
ok "--fresh reviews today" test "$(header_date "$D/fresh.txt")" = "$(date -u +%F)"
ok "--fresh has no filter" hasnt "$D/fresh.txt" '/Scottsdale'

# An unknown setting is said, with the file and line, on stderr and on
# the message line; the console starts all the same.
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[ui]\nrefersh = 30\n' >"$XDG_CONFIG_HOME/routedesk/config"
s=$(cs_script warn <<'EOF'
:save-display warn.txt
EOF
)
ok "a config with an unknown setting still starts" cs_run "$s"
ok "stderr names the file, the line and the setting" \
	has "$D/err" "config:2: unknown setting 'refersh' in \\[ui\\] \\(ignored\\)"
ok "the message line says it too" has "$D/warn.txt" "unknown setting 'refersh' in \\[ui\\]"
rm -f "$XDG_CONFIG_HOME/routedesk/config"

# Office hours that are not hours stop the start with the line at fault.
printf '[ui]\noffice_hours = 7-18\n' >"$XDG_CONFIG_HOME/routedesk/config"
cs_run "$s"
ok "office_hours = 7-18 is refused (exit 2, $CS_RC)" test "$CS_RC" = 2
ok "and said: not HH:MM-HH:MM" has "$D/err" 'office_hours = 7-18: not HH:MM-HH:MM'
printf '[ui]\noffice_hours = 07:00-18:00\nrefresh_idle = 300\n' >"$XDG_CONFIG_HOME/routedesk/config"
ok "office_hours = 07:00-18:00 and refresh_idle = 300 are taken" cs_run "$s"
ok "without a word about them" hasnt "$D/err" 'office_hours|refresh_idle'
rm -f "$XDG_CONFIG_HOME/routedesk/config"

tap_done
