#!/bin/sh
# tmux_timeline.sh: the Timeline in a real terminal (tmux): lanes and blocks on the screen, the hardware cursor on the selected block.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
# ASCII lines and glyphs: one byte a column, so a column is a byte offset.
tmux_start 100 30 --ascii --view timeline

ok "--view timeline opens on the Timeline" tmux_wait "$D/tl.txt" '\[6 Timeline\]'
ok "its lanes are listed (1/8)" tmux_wait "$D/tl.txt" ' 1/8$'
ok "the axis is drawn" has "$D/tl.txt" '^ Technician / route +07 +08 .* 18 +\|no time$'
ok "the first lane is selected" has "$D/tl.txt" "^>A\\. O'Brien \\| Route 01 "

# block_col FILE N: the column (from 0) where the Nth block of the selected
# lane starts: the Nth status glyph after the label (24 columns).
block_col() {
	grep -m 1 '^>' "$1" | LC_ALL=C awk -v n="$2" '{
		k = 0
		for (i = 25; i <= length($0); i++) {
			c = substr($0, i, 1)
			p = substr($0, i - 1, 1)
			# The glyphs: + done, . pending, ! late, x no-show and /
			# cancelled where their fill (the same letter) does not go on.
			if (c == "+" || c == "." || c == "!" || ((c == "x" || c == "/") && p != c))
				if (++k == n) { print i - 1; exit }
		}
	}'
}
line_of_marker() {
	grep -n '^>' "$1" | cut -d: -f1
}

y=$(line_of_marker "$D/tl.txt")
x=$(block_col "$D/tl.txt" 1)
ok "the cursor is on the selected lane (line $y)" test "$(tmux_format '#{cursor_y}')" = "$((y - 1))"
ok "the cursor is on its first block (column $x)" test "$(tmux_format '#{cursor_x}')" = "$x"

tmux_keys Right
sleep 0.3
tmux_wait "$D/r.txt" ' 1/8$' >/dev/null
x2=$(block_col "$D/r.txt" 2)
ok "Right moves the cursor to the next block (column $x2)" \
	sh -c 'test "$1" = "$2" && test "$2" -gt "$3"' - "$(tmux_format '#{cursor_x}')" "$x2" "$x"

tmux_keys j
ok "j moves to the second lane" tmux_wait "$D/j.txt" ' 2/8$'
y=$(line_of_marker "$D/j.txt")
ok "the cursor follows to its line ($y)" test "$(tmux_format '#{cursor_y}')" = "$((y - 1))"
ok "and sits in the day column, on a block" \
	sh -c 'test "$1" -ge 24 && test "$1" -lt 100' - "$(tmux_format '#{cursor_x}')"

tmux_keys Enter
ok "Enter opens the stop's customer" tmux_wait "$D/detail.txt" 'Timeline > Detail'
tmux_keys Escape
ok "Esc comes back to the Timeline, on the same lane" tmux_wait "$D/back.txt" ' 2/8$'

tmux_keys Q
status=$(tmux_wait_exit 30)
ok "Q ends the console with exit status 0 ($status)" test "$status" = 0
ok "nothing went to stderr" sh -c '! test -s "$1"' - "$D/tmux.err"
tap_done
