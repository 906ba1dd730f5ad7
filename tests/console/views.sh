#!/bin/sh
# views.sh: views a dispatcher reads: the customer summary and its raw record, legends, 200-column widths, the preview toggle and preview = no, READ-ONLY, glyphs = no.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
export ROUTEDESK_TRACE="$D/trace"

# The first stop of Anthony O'Brien's Route 01 is Aaron Nelson (#10179 in
# golden/stops.txt): his detail from the Stops pane, at 80x24 and 200x50.
s=$(cs_script views <<'EOF2'
:resize 80x24
j
Enter
:save-display stops-80.txt
p
:save-display stops-80-nopreview.txt
p
:save-display stops-80-preview.txt
3
:cust 10179
Enter
:save-display detail-80.txt
v
:save-display raw-80.txt
v
:save-display summary-again-80.txt
:resize 200x50
:save-display detail-200.txt
-
-
1
-
:save-display routes-200.txt
2
:save-display stops-200.txt
?
/
"legend"
Enter
:save-display help-legend.txt
EOF2
)
ok "the console runs the views script and exits 0" cs_run "$s" --readonly

# ---- the customer summary ---------------------------------------------
ok "the detail opens on the summary: name, address, phone, balance" has_all "$D/detail-80.txt" \
	'^▸Name +Nelson, Aaron$' '^ Address +17817 Ocotillo St, Phoenix AZ 85003$' \
	'^ Phone +6027256587$' '^ Balance +789\.03 \(60 days\)$'
ok "the summary says the open tickets, the subscriptions and the next service" has_all \
	"$D/detail-80.txt" '^ Open tickets +[0-9]+ open, [0-9]+\.[0-9]{2}: #[0-9]+' \
	'^ Subscriptions +General Pest Control' '^ Next service +2026-[0-9-]+ · General Pest Control'
ok "the summary is not the field list (no customerID row)" hasnt "$D/detail-80.txt" '^ customerID '
ok "the customer detail at 80x24 matches its golden screen" golden detail-80x24 "$D/detail-80.txt"
ok "v shows the raw record: every field, customerID first" has_all "$D/raw-80.txt" \
	'^.customerID +10179$' '^ fname +Aaron$'
ok "v again is the summary" has "$D/summary-again-80.txt" '^▸Name +Nelson, Aaron$'
ok "the customer detail at 200x50 matches its golden screen" golden detail-200x50 "$D/detail-200.txt"
ok "at 200 columns the summary's lines are whole (the open tickets line unbroken)" \
	has "$D/detail-200.txt" '^ Open tickets +[0-9]+ open, [0-9.]+: #[0-9]+ [0-9-]{10}'
# One by-id with includeSubscriptions, one get of the tickets: no more.
ok "the summary costs the by-id (with its subscriptions) and one get of the tickets" \
	sh -c 'grep " request " "$1" | grep -c "customer/10179" | grep -qx 1 &&
	       grep " request " "$1" | grep -q "ticket/get"' - "$D/trace"

# ---- legends ----------------------------------------------------------
ok "the Stops pane spells out the window codes at 80x24" \
	has "$D/stops-80.txt" '^ Window: AM morning, PM afternoon, AT any time  \* changed by the latest refresh$'
ok "the Routes pane spells out its flags at 200x50" \
	has "$D/routes-200.txt" '^ Flags: L locked, ! day alert, N day notes, \* changed since you looked  D/P/N/C: '
ok "help lists both legends" has_all "$D/help-legend.txt" \
	'^.Routes +legend +Flags: L locked' '^ Routes +legend +D/P/N/C: ' '^ Stops +legend +Window: AM morning' \
	'^ Stops +legend +\* changed by the latest refresh( +│|$)'
# The Timeline tells status by a glyph and a fill, the Notes pane who sees
# a note by letters: help spells both out, with the ASCII forms (--ascii).
ok "help lists the Timeline's glyphs and fills, with their ASCII forms" has_all "$D/help-legend.txt" \
	'^ Timeline +legend +✓ █ completed \(ASCII \+ #\)' '^ Timeline +legend +· ░ pending \(ASCII \. -\)' \
	'^ Timeline +legend +✗ ╳ no-show \(ASCII x x\)' '^ Timeline +legend +⊘ ╌ cancelled \(ASCII / /\)' \
	'^ Timeline +legend +↻ ~ rescheduled \(ASCII ~ ~\)' \
	'^ Timeline +legend +! late: pending past its window; ┃ ▼ now \(ASCII : v\); \+ more stops than fit'
ok "help lists the Notes pane's Shown letters" has "$D/help-legend.txt" \
	'^ Notes +legend +Shown: T technician, C customer, I invoice'

# ---- 200 columns: the extra width goes to the cut columns -------------
# At 200x50 the Stops list has 159 columns beside its preview: the city
# and the service are wider than at 100 (12 and 23), and none is cut.
title=$(grep -E -m1 '^ +# +Window +Customer' "$D/stops-200.txt")
city_w=$(printf '%s\n' "$title" | awk '{ print index($0, "Service") - index($0, "City") - 1 }')
serv_w=$(printf '%s\n' "$title" | awk '{ print index($0, "Status") - index($0, "Service") - 1 }')
ok "at 200 columns the City column is wider than its 12 ($city_w)" test "$city_w" -gt 12
ok "at 200 columns the Service column is wider than its 23 ($serv_w)" test "$serv_w" -gt 23
ok "at 200 columns the cities and services cut at 100 are whole" has_all "$D/stops-200.txt" \
	' O.Brien, Siobhán +Scottsdale +Custom Schedule Service +✓ completed'

# ---- the preview toggle -----------------------------------------------
ok "with the preview the Stops pane draws the customer below a rule" has_all "$D/stops-80.txt" \
	'^─{80}$' '^ Nelson, Aaron #10179( |$)'
ok "p hides the preview: no rule, no customer lines" sh -c \
	'! grep -q "^─" "$1" && ! grep -Eq "^ Nelson, Aaron #10179( |\$)" "$1"' - "$D/stops-80-nopreview.txt"
ok "p again shows it" has "$D/stops-80-preview.txt" '^ Nelson, Aaron #10179( |$)'
ok "help lists the preview and raw actions with their keys" has_all "$D/help-legend.txt" \
	'/legend 11/'

# ---- --readonly in the header -----------------------------------------
ok "--readonly: the header says READ-ONLY" has "$D/detail-80.txt" '^ 2026-11-20 Fri │ .* READ-ONLY │ '

# ---- preview = no ------------------------------------------------------
# A dispatcher on a slow link starts with the previews hidden; p shows them.
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[ui]\npreview = no\n' >"$XDG_CONFIG_HOME/routedesk/config"
s=$(cs_script nopreview <<'EOF2'
:resize 80x24
j
Enter
:save-display n-stops.txt
3
:save-display n-customers.txt
p
:save-display n-customers-shown.txt
2
:save-display n-stops-shown.txt
EOF2
)
ok "preview = no: the console runs and exits 0" cs_run "$s"
# The route's tenth stop shows at 80x24 only when the list has the room.
ok "preview = no: Stops opens without the preview, the list takes its room" sh -c \
	'! grep -q "^─" "$1" && ! grep -Eq "^ Nelson, Aaron #10179( |\$)" "$1" &&
	 grep -Eq "^ +10 13:01-13:37 " "$1"' - "$D/n-stops.txt"
ok "preview = no: Customers opens without it too" sh -c '! grep -q "^─" "$1"' - "$D/n-customers.txt"
ok "preview = no: p shows it on this pane and the next" has_all "$D/n-customers-shown.txt" '^─{80}$'
ok "preview = no: ... and on Stops again after p" has "$D/n-stops-shown.txt" '^ Nelson, Aaron #10179( |$)'
rm -f "$XDG_CONFIG_HOME/routedesk/config"

# ---- glyphs = no --------------------------------------------------------
# The decorative glyphs go (the drill-down arrow, the dots, the header's and
# the trail's box and chevron); the status glyphs stay.
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[ui]\nglyphs = no\n' >"$XDG_CONFIG_HOME/routedesk/config"
s=$(cs_script glyphs <<'EOF2'
j
Enter
:save-display g-stops.txt
3
:cust 10179
Enter
:save-display g-summary.txt
v
:save-display g-raw.txt
EOF2
)
ok "glyphs = no: the console runs and exits 0" cs_run "$s"
ok "glyphs = no: the header's separators are ASCII" has "$D/g-stops.txt" '^ 2026-11-20 Fri \| '
ok "glyphs = no: the trail's separator is ASCII" has "$D/g-stops.txt" 'Routes > Stops *$'
ok "glyphs = no: the status glyphs stay (✓ completed)" has "$D/g-stops.txt" '✓ completed'
ok "glyphs = no: no middle dot between parts (a dash)" has_all "$D/g-stops.txt" \
	' {2,}Subscription #[0-9]+ - General Pest Control$'
ok "glyphs = no: the next service's parts with a dash" has "$D/g-summary.txt" \
	'^ Next service +2026-[0-9-]+ - General Pest Control'
ok "glyphs = no: the raw record's drill-downs have no arrow" has_all "$D/g-raw.txt" \
	'^.Subscriptions \([0-9]+\)$' '^ Notes$'
rm -f "$XDG_CONFIG_HOME/routedesk/config"

tap_done
