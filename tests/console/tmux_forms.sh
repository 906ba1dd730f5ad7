#!/bin/sh
# tmux_forms.sh: in a real terminal, what is typed in the same burst as A, + or L lands in the form, never lost.
#
# Each form is opened by one send-keys call that also carries the text:
# the keys reach the console together, before the form's reads (note types,
# the ticket, products, stages) are answered.  The sandbox answers every
# request after 700 ms, so those reads are surely still in flight.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start --latency 700

D=$CS_DIR
DRAFTS=$XDG_STATE_HOME/routedesk/drafts
tmux_start 100 30 --view customers
ok "the Customers pane is listed" tmux_wait "$D/customers.txt" ' 1/300$' 60

# ---- A: the note ----------------------------------------------------------
tmux_keys A 3 Tab 'quick gate 4711'
ok "A: the form shows the text typed with it" tmux_wait "$D/note.txt" 'quick gate 4711'
ok "A: the note type typed at once is in the first field" has "$D/note.txt" '^  Note type \* +3 '
ok "A: the text is in the Text field, which has the focus" has "$D/note.txt" '^> Text \* +quick gate 4711$'
tmux_keys Escape
ok "A: Esc closes the form" tmux_wait "$D/note-closed.txt" ' 1/300$'
ok "A: the draft holds both values" has_all "$(ls "$DRAFTS"/note-customer-* 2>/dev/null | head -n 1)" \
	'^contactType=3$' '^notes=quick gate 4711$'
rm -f "$DRAFTS"/*

# ---- +: the invoice add-on -------------------------------------------------
tmux_keys 5
ok "+: the Tickets pane is listed" tmux_wait "$D/tickets.txt" '\[5 Tickets\]' 60
ok "+: its rows are loaded" tmux_wait "$D/tickets.txt" '^▸ +20000 ' 60
tmux_keys + Tab Tab 'quick credit'
ok "+: the form shows the text typed with it" tmux_wait "$D/addon.txt" 'quick credit'
ok "+: the description typed at once is in its field" has "$D/addon.txt" '^> Description +quick credit$'
ok "+: the item is still a new one" has "$D/addon.txt" '^  Item +0 +\(a new one\)'
tmux_keys Escape
ok "+: Esc closes the form" tmux_wait "$D/addon-closed.txt" '^▸ +20000 '
rm -f "$DRAFTS"/*
# Right on the item picker before its list is read: kept, then it chooses.
tmux_keys + Right
ok "+ Right: once the list is read, the first item is chosen" \
	tmux_wait "$D/addon-right.txt" '^> Item +[1-9][0-9]* +[^ (]' 30
tmux_keys Escape
ok "+ Right: Esc closes the form" tmux_wait "$D/addon-right-closed.txt" '^▸ +20000 '
rm -f "$DRAFTS"/*

# ---- Enter on a row still loading: said, and unsaid once it arrives -------
# G selects the last of the 3705 tickets, beyond the first page's 1000:
# its get is in flight for 700 ms when Enter comes.  The notice must go in
# the frame that shows the row, not stay until the next key (a seeded
# bench/stress sequence found it left on an idle screen).
tmux_keys G Enter
ok "G Enter: the console says the row is still loading" \
	tmux_wait "$D/last-wait.txt" 'Still loading this row' 30
ok "G Enter: the last ticket arrives" tmux_wait "$D/last-loaded.txt" '^▸ +[0-9]+ +[0-9]{4}-' 30
ok "G Enter: the notice went with it, no key pressed" hasnt "$D/last-loaded.txt" 'Still loading'
tmux_keys g

# ---- L: the lead stage -----------------------------------------------------
tmux_keys 4 ':sub leads' Enter
ok "L: the leads are listed" tmux_wait "$D/leads.txt" '^▸ +[0-9]' 60
tmux_keys L 7
ok "L: the stage typed at once is in the first field" tmux_wait "$D/lead.txt" '^> Lead stage +7 '
# The record read brings the current stage as a default: it must not
# replace what was typed.
ok "L: the subscription's record has been read" tmux_wait "$D/lead-read.txt" 'Now a lead at stage' 30
ok "L: the typed stage stays" has "$D/lead-read.txt" '^> Lead stage +7 '
tmux_keys Escape
ok "L: Esc closes the form" tmux_wait "$D/lead-closed.txt" '^▸ +[0-9]'

tmux_keys Q
status=$(tmux_wait_exit 30)
ok "Q ends the console with exit status 0 ($status)" test "$status" = 0
ok "nothing went to stderr" sh -c '! test -s "$1"' - "$D/tmux.err"
ok "nothing was written to the server" test "$(cs_count note content='quick gate 4711')" = 0

tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1 || true
tap_done
