#!/bin/sh
# state.sh: the last pane and filter come back on the next start (the day is today); --fresh ignores them; config settings warned about or refused (C-s, C-q in [keys]).
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

# routedesk's share of the day's reads: [ui] read_share = 1 is 30 of the
# sandbox's 3,000.  With 29 counted today, the first read goes (it teaches
# the limits) and the rest are refused, said, and not sent.
printf '[ui]\nread_share = 1\n' >"$XDG_CONFIG_HOME/routedesk/config"
# The runs above kept the count in a directory of the account's own (a
# sandbox's reads never count against a real account's share).
acct=$(ls "$XDG_STATE_HOME/routedesk/reads" 2>/dev/null)
ok "the runs above count their reads in one directory, the account's" \
	test "$(echo "$acct" | wc -w)" -eq 1 -a "$(stat -c %a "$XDG_STATE_HOME/routedesk/reads/$acct")" = 700
counter=$XDG_STATE_HOME/routedesk/reads/$acct/reads-$(date +%F)
echo 29 >"$counter"
before=$(cs_usage requestsReadToday)
ok "with its share of the day spent the console still runs (exit 0)" cs_run "$s"
after=$(cs_usage requestsReadToday)
ok "the review is refused in the console's words" \
	has "$D/warn.txt" "share of today's reads is spent \\(30 of 30, 1% of the account's 3000"
# r is refused until the counter's day ends (local midnight; TZ=UTC here).
ok "the pane says r tries again from midnight, not at once" \
	has "$D/warn.txt" '\(r tries again from 00:00\)'
ok "the header says the account's reads left and none of routedesk's share" \
	has "$D/warn.txt" 'reads left [0-9]+/min [0-9]{4}/day \(ours 0\)'
# cs_usage itself is one read: the console sent one (the first) of its six.
ok "only the first read reached the service ($((after - before - 1)))" \
	test "$((after - before - 1))" -eq 1
ok "the count stands at the share" test "$(cat "$counter")" = 30
rm -f "$XDG_CONFIG_HOME/routedesk/config" "$counter"

# Office hours that are not hours stop the start with the line at fault.
printf '[ui]\noffice_hours = 7-18\n' >"$XDG_CONFIG_HOME/routedesk/config"
cs_run "$s"
ok "office_hours = 7-18 is refused (exit 2, $CS_RC)" test "$CS_RC" = 2
ok "and said, with the file's line: not HH:MM-HH:MM" \
	has "$D/err" 'config:2: \[ui\] office_hours = 7-18: not HH:MM-HH:MM'
printf '[ui]\noffice_hours = 07:00-18:00\nrefresh_idle = 300\n' >"$XDG_CONFIG_HOME/routedesk/config"
ok "office_hours = 07:00-18:00 and refresh_idle = 300 are taken" cs_run "$s"
ok "without a word about them" hasnt "$D/err" 'office_hours|refresh_idle'
rm -f "$XDG_CONFIG_HOME/routedesk/config"

# C-s and C-q are flow control on serial lines and some SSH clients (the
# terminal freezes, or the key never arrives): a [keys] line binding one is
# refused with the line at fault, as an unknown key name is, and no console
# starts with down on a key that may never come.
printf '[ui]\nrefresh = 60\n[keys]\ndown = j C-s\n' >"$XDG_CONFIG_HOME/routedesk/config"
cs_run "$s"
ok "[keys] down = j C-s is refused (exit 2, $CS_RC)" test "$CS_RC" = 2
ok "and said with the file, the line and why" \
	has "$D/err" 'config:4: \[keys\] C-s cannot be bound: .*flow control'
printf '[keys]\nredraw = C-q\n' >"$XDG_CONFIG_HOME/routedesk/config"
cs_run "$s"
ok "[keys] redraw = C-q is refused too (exit 2, $CS_RC)" test "$CS_RC" = 2
ok "and said" has "$D/err" 'config:2: \[keys\] C-q cannot be bound'
printf '[keys]\nredraw = C-r\n' >"$XDG_CONFIG_HOME/routedesk/config"
ok "[keys] redraw = C-r is taken" cs_run "$s"
rm -f "$XDG_CONFIG_HOME/routedesk/config"

tap_done
