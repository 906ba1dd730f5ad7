#!/bin/sh
# resize.sh: :resize redraws at 80x24, says "too small" below it without crashing, and comes back; C-c quits while too small, even in a prompt.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script resize <<'EOF'
j
j
:resize 80x24
:save-display r80.txt
Enter
:save-display r80-stops.txt
-
:resize 79x24
:save-display r79.txt
:resize 80x23
:save-display r23.txt
:resize 40x10
j
:save-display r40.txt
:resize 100x30
:save-display r100.txt
:resize 200x60
:save-display r200.txt
Enter
:save-display r200-stops.txt
-
:resize 0x0
:save-display rbad.txt
EOF
)
ok "the console runs the resize script and exits 0" cs_run "$s"

# size FILE: "COLSxLINES" of a dump (display width, UTF-8 aware).
size() {
	echo "$(wc -L <"$1" | tr -d ' ')x$(wc -l <"$1" | tr -d ' ')"
}
ok "80x24: the dump has 24 lines" test "$(wc -l <"$D/r80.txt")" -eq 24
ok "80x24: no line is wider than 80 columns ($(size "$D/r80.txt"))" test "$(wc -L <"$D/r80.txt")" -le 80
ok "80x24: the stops' rule spans the full 80 columns" has "$D/r80-stops.txt" '^─{80}$'
ok "80x24: the header keeps the date" test "$(header_date "$D/r80.txt")" = 2026-11-20
ok "80x24: every route still has its row" test "$(rows "$D/r80.txt" | grep -cE ' [0-9]+/[0-9]+/[0-9]+/[0-9]+ ')" -eq \
	"$(cs_count route date=$CS_TODAY)"
ok "80x24: the selection (row 3) survived the resize" has "$D/r80.txt" ' 3/[0-9]+$'
ok "80x24: the Routes pane matches its golden screen" golden routes-80x24 "$D/r80.txt"
ok "80x24: the Stops pane opens and fits" sh -c \
	'grep -q "Routes › Stops" "$1" && test "$(wc -L <"$1")" -le 80' - "$D/r80-stops.txt"
ok "79x24 is too small and says so with the size" has "$D/r79.txt" 'too small: 79x24 \(needs 80x24\)'
ok "80x23 is too small and says so" has "$D/r23.txt" 'too small: 80x23'
ok "40x10: a key while too small does not crash; the message stays" has "$D/r40.txt" 'too small: 40x10'
ok "40x10: the dump is 10 lines of at most 40 columns ($(size "$D/r40.txt"))" \
	test "$(size "$D/r40.txt")" = "$(wc -L <"$D/r40.txt" | tr -d ' ')x10" -a "$(wc -L <"$D/r40.txt")" -le 40
ok "back at 100x30 the Routes pane is drawn again" sh -c \
	'test "$(wc -l <"$1")" -eq 30 && grep -q "^ Route  *Technician" "$1"' - "$D/r100.txt"
ok "back at 100x30 a route is selected (row 3, or 4 if the key moved it)" has "$D/r100.txt" ' [34]/[0-9]+$'
ok "200x60: the screen grows to 60 lines" test "$(wc -l <"$D/r200.txt")" -eq 60
ok "200x60: the stops' preview moves to the right of the list" has "$D/r200-stops.txt" '│ Phone: [0-9]+$'
ok "200x60: nothing is wider than 200 columns" test "$(wc -L <"$D/r200-stops.txt")" -le 200
ok ":resize 0x0 is refused on the message line" has "$D/rbad.txt" "':resize 0x0': expected COLSxLINES"


# Keys while too small: the screen shows only the message, so a key must not
# act unseen (move the selection, drill down, switch pane or day, open a
# prompt or a form); Ctrl-L still redraws and Q still quits.  Each round
# resizes back to look (Esc closes a prompt a broken console would open).
s=$(cs_script small-keys <<'EOF'
j
j
:save-display k-before.txt
:resize 60x20
j
G
PgDn
C-l
:save-display k-small.txt
:resize 100x30
:save-display k-move.txt
:resize 60x20
]
3
Enter
:resize 100x30
:save-display k-pane.txt
:resize 80x23
":"
:resize 100x30
:save-display k-prompt.txt
Esc
:view customers
:resize 79x24
A
:resize 100x30
:save-display k-form.txt
:resize 60x20
Q
:save-display k-never.txt
EOF
)
ok "keys while too small: the script runs, and Q quits it with status 0" cs_run "$s"
ok "keys while too small: the screen shows the message and that Q quits" \
	has_all "$D/k-small.txt" 'too small: 60x20' '^ *Q quits$'
ok "keys while too small: j, G and PgDn left the selection on row 3" \
	has "$D/k-move.txt" ' 3/[0-9]+$'
ok "keys while too small: the same route is still selected" \
	test "$(selected "$D/k-move.txt" | cut -c1-60)" = "$(selected "$D/k-before.txt" | cut -c1-60)"
ok "keys while too small: 3 switched no pane, Enter opened nothing" sh -c \
	'grep -q "^\[1 Routes\]" "$1" && ! grep -q "›" "$1"' - "$D/k-pane.txt"
ok "keys while too small: ] left the day alone" test "$(header_date "$D/k-pane.txt")" = 2026-11-20
ok "keys while too small: : opened no prompt" \
	sh -c '! tail -n 1 "$1" | grep -q "^:"' - "$D/k-prompt.txt"
ok "keys while too small: A opened no form" sh -c \
	'grep -q "\[3 Customers\]" "$1" && ! grep -q "Cancel" "$1"' - "$D/k-form.txt"
ok "keys while too small: Q quit (no step after it ran)" test ! -e "$D/k-never.txt"

# A form or a prompt open when the terminal shrinks (a tmux split, a phone
# window): typing goes on into it, Q included, and nothing else acts until
# it grows: Enter, Tab and Esc wait, and the typing after them, in order
# (they were dropped: the next line ran on into the first, and the note
# type typed after a Tab went into the text).
s=$(cs_script small-typing <<'EOF'
:view customers
A
"abc "
:resize 60x20
:save-display t-small.txt
"Quote typed while smallx"
Backspace
Enter
"second line"
Tab
C-u
"3"
:save-display t-held.txt
:resize 100x30
:save-display t-back.txt
:resize 60x20
Esc
:resize 100x30
:save-display t-esc.txt
":cu"
:resize 60x20
"st smith"
Enter
:resize 100x30
:save-display t-prompt.txt
Esc
EOF
)
ok "typing while too small: the script runs to its end (Q did not quit)" cs_run "$s"
ok "typing while too small: the screen says typing goes on, other keys wait" \
	has_all "$D/t-small.txt" 'too small: 60x20' 'typing goes on; other keys wait'
ok "typing while too small: still small, nothing after the Enter has acted" \
	has "$D/t-held.txt" 'too small: 60x20'
ok "typing while too small: every letter before the Enter reached the note, Backspace too" \
	has "$D/t-back.txt" 'abc Quote typed while small$'
ok "typing while too small: grown, the Enter is a new line of the text" \
	has "$D/t-back.txt" '^ +second line$'
ok "typing while too small: the Tab moved on, and the 3 is the note type" \
	has "$D/t-back.txt" '^> Note type \* +3 '
ok "typing while too small: an Esc waits too, then closes the form, the draft kept" \
	sh -c '! grep -q "Cancel \]" "$1" && grep -q "draft is kept" "$1"' - "$D/t-esc.txt"
ok "typing while too small: the prompt got its text, and its Enter ran it once grown" \
	has "$D/t-prompt.txt" 'Customers: :cust smith'
# C-c quits while too small, a prompt open or not.  In a prompt it was held
# with Enter and Esc until the terminal grew, and Q is a letter there: no
# key ended a console whose prompt was open when the window shrank (C-c
# was a SIGINT, which did).
s=$(cs_script small-ctrl-c <<'EOF'
":view rou"
:resize 60x20
C-c
:save-display c-never.txt
EOF
)
ok "C-c in a prompt while too small: the console quits with status 0" cs_run "$s"
ok "C-c in a prompt while too small: no step after it ran" test ! -e "$D/c-never.txt"
# The message is read at every size down to 1x1: on one line from the
# middle it was cut at 20x5 ("Terminal too small: 2" and nothing of what
# it needs).  Each size's screen, its rows joined, must hold a whole
# sentence with no word cut: the long one where it fits (20x5 has it in
# three rows), else a shorter one, else 80x24 itself, which a terminal
# narrower than its five columns shows broken anywhere.
sizes="20x5 79x23 60x20 40x10 30x3 25x2 24x1 18x2 12x3 11x1 10x2 6x1 5x1 4x2 3x2 2x3 1x5 1x1 2x1 80x1 1x24"
for w in $(seq 1 79); do
	sizes="$sizes ${w}x5"
done
{
	for sz in $sizes; do
		printf ':resize %s\n:save-display small-%s.txt\n' "$sz" "$sz"
	done
	printf ':resize 100x30\n'
} >"$D/small-sizes.in"
s=$(cs_script small-sizes <"$D/small-sizes.in")
ok "the console runs through every small size and exits 0" cs_run "$s"
unread=
for sz in $sizes; do
	w=${sz%x*}
	h=${sz#*x}
	f=$D/small-$sz.txt
	words=$(tr -s ' \n' '  ' <"$f" | sed 's/^ //; s/ $//')
	chars=$(tr -d ' \n' <"$f")
	if [ "$(wc -L <"$f")" -gt "$w" ] || [ "$(wc -l <"$f")" -gt "$h" ]; then
		unread="$unread $sz(wider)"
	elif printf '%s\n' "$words" | grep -q "^Terminal too small: $sz (needs 80x24)"; then
		:
	elif [ $((w * h)) -ge 5 ] && ! printf '%s\n' "$words" |
		grep -Eq '^(Too small: needs 80x24|Needs 80x24|80x24)( |$)' &&
		[ "$chars" != 80x24 ]; then
		unread="$unread $sz"
		note "$sz: $words"
	elif [ "$w" -ge 38 ] && [ "$h" -ge 2 ]; then
		# Room for the whole sentence in two rows: it must be there.
		unread="$unread $sz(short)"
		note "$sz: $words"
	fi
done
ok "too small: readable at every size (unread at:${unread:- none})" test -z "$unread"
ok "20x5: the whole sentence, wrapped at its spaces" \
	has_all "$D/small-20x5.txt" '^ *Terminal too small: *$' '^ *20x5 \(needs 80x24\) *$'
ok "20x5: and which key quits" has "$D/small-20x5.txt" '^ *Q quits *$'
ok "4x2: 80x24 broken where it must" has_all "$D/small-4x2.txt" '^80x2$' '^ *4 *$'
tap_done
