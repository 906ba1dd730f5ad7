#!/bin/sh
# tmux_preview.sh: in a real terminal, a row down on Stops and Customers rewrites the preview's changed text, never its unchanged labels.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
# Every byte the console writes to its terminal, from tmux pipe-pane.
tmux_start 120 40
tmux -L "$CS_TMUX" pipe-pane -o -t app "cat >> '$D/pty.bytes'"

# pty_size: the bytes written so far.  pty_still: until that count holds
# still for 0.3 s (the frame of a key is one write, but tmux may pass it
# on in pieces).
pty_size() {
	stat -c %s "$D/pty.bytes" 2>/dev/null || echo 0
}
pty_still() {
	s=$(pty_size)
	while sleep 0.3; do
		[ "$s" = "$(pty_size)" ] && return 0
		s=$(pty_size)
	done
}
# row_down NAME FROM TO: j, from the screen showing FROM (captured into
# NAME-0.txt) to the one showing TO (NAME-1.txt); the bytes written in
# between go to NAME.bytes.
row_down() {
	tmux_wait "$D/$1-0.txt" "$2" >/dev/null
	pty_still
	before=$(pty_size)
	tmux_keys j
	tmux_wait "$D/$1-1.txt" "$3" >/dev/null
	pty_still
	tail -c +"$((before + 1))" "$D/pty.bytes" >"$D/$1.bytes"
}
# changed_bytes A B: the UTF-8 bytes of the characters of B's lines that
# differ from A's at the same place (what a row down needs to send, cursor
# moves and colours aside).  Perl, for its characters: mawk counts bytes.
changed_bytes() {
	perl -CSD -MEncode -e '
		open(my $a, "<", $ARGV[0]) or die; open(my $b, "<", $ARGV[1]) or die;
		my @a = <$a>; my @b = <$b>; my $d = 0;
		for my $i (0 .. ($#a > $#b ? $#a : $#b)) {
			my @x = split //, (defined $a[$i] ? $a[$i] : ""); my @y = split //, (defined $b[$i] ? $b[$i] : "");
			for my $j (0 .. ($#x > $#y ? $#x : $#y)) {
				my $c = defined $y[$j] ? $y[$j] : " ";
				$d += length(Encode::encode("UTF-8", $c)) if $c ne (defined $x[$j] ? $x[$j] : " ");
			}
		}
		print "$d\n";' "$1" "$2"
}
# no_label FILE LABEL...: FILE (bytes sent) holds none of the labels.
no_label() {
	cs_f=$1
	shift
	for cs_lab in "$@"; do
		if LC_ALL=C grep -aqF -- "$cs_lab" "$cs_f"; then
			note "the row down sent the unchanged label '$cs_lab':"
			{ cat "$cs_f"; echo; } | LC_ALL=C tr '\033\r\017' '~~~' | fold -w 100 |
				sed 's/^/# | /'
			return 1
		fi
	done
	return 0
}
# within FILE A B: FILE's size is under twice the text that changed from
# A to B, plus 160 bytes for the selection bar, the position and the
# cursor moves; a preview redrawn whole (13 lines of 120) is far over.
within() {
	cs_sent=$(wc -c <"$1")
	cs_text=$(changed_bytes "$2" "$3")
	note "$(basename "$1" .bytes): $cs_sent bytes sent for $cs_text bytes of changed text"
	test "$cs_sent" -gt 0 && test "$cs_sent" -lt $((2 * cs_text + 160))
}

# Route 01's first stop is Aaron Nelson; its second a company (RED Rock
# Cantina) with a contact, a line the first has not: with the preview's
# lines in a column one under the other, every line under it moved.
ok "Routes appear" tmux_wait "$D/routes.txt" ' 1/8$'
tmux_keys j
tmux_wait "$D/route01.txt" ' 2/8$' >/dev/null
tmux_keys Enter
row_down stops ' 1/10$' ' 2/10$'
ok "Stops: j moves to the second stop" has "$D/stops-1.txt" '^▸  2 '
ok "its preview shows the second stop's customer" has "$D/stops-1.txt" 'Rock Cantina #10001( |$)'
ok "the stop's status and window head the preview's second column" \
	has "$D/stops-1.txt" '^ .*Rock Cantina #10001 +✓ completed +08:04-08:38 AM · in/out 07:59-08:33$'
ok "the company's contact is under the customer's lines" has "$D/stops-1.txt" '^ Contact: Rubén Redd$'
ok "the first stop's customer is gone from the preview" hasnt "$D/stops-1.txt" 'Nelson, Aaron #'
ok "Stops: a row down sends none of the labels that stayed in place" \
	no_label "$D/stops.bytes" 'Phone:' 'Email:' 'Balance:' 'Technician:' 'in/out'
ok "Stops: a row down sends little more than the text that changed" \
	within "$D/stops.bytes" "$D/stops-0.txt" "$D/stops-1.txt"

# Customers: #10000 (a person) then #10001 (the same company).
tmux_keys 3
row_down customers ' 1/300$' ' 2/300$'
ok "Customers: j moves to the second customer" has "$D/customers-1.txt" '^▸ +10001 '
ok "its preview shows it" has "$D/customers-1.txt" '^ .*Rock Cantina #10001 .* Contact: .+$'
ok "Customers: a row down sends none of the labels that stayed in place" \
	no_label "$D/customers.bytes" 'Phone:' 'Email:' 'Balance:' 'since'
ok "Customers: a row down sends little more than the text that changed" \
	within "$D/customers.bytes" "$D/customers-0.txt" "$D/customers-1.txt"

tmux_keys Q
status=$(tmux_wait_exit 30)
ok "Q ends the console with exit status 0 ($status)" test "$status" = 0
ok "nothing went to stderr" sh -c '! test -s "$1"' - "$D/tmux.err"
tap_done
