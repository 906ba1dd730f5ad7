#!/bin/sh
# paste.sh: pasted text (between the terminal's paste brackets) is text, never keys: at the prompts, in a note, and dropped and said on a list.
#
# Before the console asked for bracketed paste, a newline in an address
# pasted at : ran the rest as keys (M opened the Move form, Q quit), and
# the tabs of a pasted note moved the focus to "Show to customer", where
# the y of "yes" ticked it.  Script mode sends the brackets as the keys
# PasteBegin and PasteEnd; tmux_paste.sh pastes in a real terminal.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
s=$(cs_script paste <<'EOF'
Enter
:save-display stops.txt
":"
PasteBegin
"date today"
Enter
"Move this stop to Route 02 please"
PasteEnd
:save-display cmd.txt
Esc
:save-display cmd-esc.txt
/
PasteBegin
"Smith"
Enter
"Quarterly"
PasteEnd
:save-display filter.txt
Esc
:save-display filter-esc.txt
PasteBegin
"Q2j"
PasteEnd
:save-display list.txt
PasteBegin
"Qj"
Esc
j
:save-display list-on.txt
:script-wait 1500
:save-display list-idle.txt
j
:save-display list-esc.txt
k
A
PasteBegin
"Internal: customer rude"
Tab
Tab
Tab
Tab
"yes really, code 1234"
Enter
"second line"
PasteEnd
:save-display note.txt
Tab
:save-display note-tab.txt
PasteBegin
"Qy"
PasteEnd
:save-display note-type.txt
Esc
:save-display note-closed.txt
EOF
)
ok "the console runs the paste script and exits 0" cs_run "$s"
ok "the script opened the first route's stops" has "$D/stops.txt" ' Stops: Commercial 05 '

# ---- the : prompt --------------------------------------------------------
ok ": the pasted lines are one line of the prompt, the newline a space" \
	has "$D/cmd.txt" '^:date today Move this stop to Route 02 please'
ok ": no Move form opened from the pasted M" hasnt "$D/cmd.txt" 'Move a stop'
ok ": the pasted Enter did not run the command" hasnt "$D/cmd.txt" 'unknown command'
ok ": Esc then closes the prompt, nothing run" hasnt "$D/cmd-esc.txt" '^:date'
ok ": still on the route's stops" has "$D/cmd-esc.txt" ' Stops: Commercial 05 '

# ---- the / prompt --------------------------------------------------------
ok "/: the pasted lines filter as one line" has "$D/filter.txt" '^/Smith Quarterly'
ok "/: the pasted Q did not quit (the script went on)" test -f "$D/filter-esc.txt"

# ---- on a list: dropped, and said -----------------------------------------
ok "list: a paste with nothing to type into is said" \
	has "$D/list.txt" 'Pasted text ignored \(3 characters\)'
ok "list: its Q did not quit, its 2 did not switch pane" has "$D/list.txt" ' Stops: Commercial 05 '
sel=$(sed -n 's/.* \([0-9]*\)\/[0-9]*$/\1/p' "$D/filter-esc.txt" | tail -n 1)
ok "list: its j did not move the selection" has "$D/list.txt" " $sel/[0-9]+\$"
ok "list: an ESC in the paste does not end it: the j after it did not move" \
	has "$D/list-on.txt" " $sel/[0-9]+\$"
ok "list: a paste whose end never came ends a second after its last key, and is said" \
	has "$D/list-idle.txt" 'Pasted text ignored \(3 characters\)'
ok "list: then keys act again" has "$D/list-esc.txt" " $((sel + 1))/[0-9]+\$"

# ---- a note's text ---------------------------------------------------------
ok "note: the pasted tabs are spaces in the text" \
	has "$D/note.txt" 'Internal: customer rude    yes really, code 1234'
ok "note: the pasted line break is a new line of the text" has "$D/note.txt" 'second line'
ok "note: the focus stayed on Text" has "$D/note.txt" '^> Text \*'
ok "note: Show to customer was not ticked by the pasted y" hasnt "$D/note.txt" '\[x\]'
ok "note: after the paste, Tab moves on as typed" hasnt "$D/note-tab.txt" '^> Text \*'
ok "note: a paste on a field that takes no text is dropped and said" \
	has "$D/note-type.txt" 'Pasted text ignored \(2 characters\)'
ok "note: its Q did not quit" test -f "$D/note-closed.txt"
ok "note: Esc closes the form, the draft kept" has "$D/note-closed.txt" 'draft'

# ---- an ESC in the text, a line too long -----------------------------------
# The text pasted at : holds an ESC (tmux passes it on): it ended the paste
# and the rest ran as keys (j moved, Enter ran the line).  A line longer
# than a prompt takes is cut and said (each frame measured it whole, and a
# page pasted froze the console).
long=$(printf '%01100d' 0)
s2=$(cs_script paste-esc <<EOF
Enter
":"
PasteBegin
"abc"
Esc
"jj"
Enter
"q"
PasteEnd
:save-display esc-cmd.txt
Esc
/
PasteBegin
"$long"
PasteEnd
:save-display long.txt
Esc
EOF
)
ok "the console runs the second paste script and exits 0" cs_run "$s2"
ok ": the text after the pasted ESC is text of the prompt" has "$D/esc-cmd.txt" '^:abcjj q$'
ok ": nothing ran" has "$D/esc-cmd.txt" ' Stops: Commercial 05 '
ok "/: a paste longer than the line is cut, and said" \
	has "$D/long.txt" 'Pasted text cut: 76 characters did not fit the line'
tap_done
