#!/bin/sh
# tmux_themes.sh: in a real 8-colour terminal (TERM=screen) the colour-blind theme's unassigned, alert and money due still draw apart; at 256 colours as written.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
need_tmux
cs_sandbox_start

D=$CS_DIR
export ROUTEDESK_THEME_PATH="$top_srcdir/themes"
# before FILE ERE: the SGR parameters drawn just before the first text of
# FILE matching ERE, one a line ("1;7" then "33" for bold reverse yellow).
before() {
	esc=$(printf '\033')
	LC_ALL=C grep -oE "($esc\\[[0-9;]*m)+$2" "$1" | head -1 |
		LC_ALL=C grep -oE "$esc\\[[0-9;]*m" | tr -d '\033[m'
}
# param FILE N: the SGR parameters in FILE, split at ';', include N.
param() {
	tr ';' '\n' <"$1" | grep -qx "$2"
}

# The colour-blind theme writes unassigned 208 bold, alert 208 bold
# underline and no-show 214 bold; on 8 colours 208 and 214 are both yellow,
# so unassigned, the later style, gets reverse (theme.c, keep_apart).
for term in screen tmux-256color; do
	CS_TMUX_TERM=$term
	tmux_start 100 30 --theme colorblind
	ok "TERM=$term: the Routes pane appears" tmux_wait "$D/$term.txt" ' 1/8$'
	tmux_capture "$D/$term-attrs.txt" -e
	before "$D/$term-attrs.txt" 'UNASSIGNED' >"$D/$term-unassigned.sgr"
	before "$D/$term-attrs.txt" '!' >"$D/$term-alert.sgr"
	before "$D/$term-attrs.txt" '[1-9][0-9]*\.[0-9][0-9]' >"$D/$term-due.sgr"
	tmux_keys Q
	ok "TERM=$term: Q exits with status 0" test "$(tmux_wait_exit 30)" = 0
	tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1
done
unset CS_TMUX_TERM

S=$D/screen
ok "TERM=screen: no 256-colour sequence is sent" sh -c \
	'! LC_ALL=C grep -q "$(printf "\033")\[[0-9;]*38;5;" "$1"' - "$S-attrs.txt"
ok "TERM=screen: UNASSIGNED is yellow ($(tr '\n' ' ' <"$S-unassigned.sgr"))" param "$S-unassigned.sgr" 33
ok "TERM=screen: UNASSIGNED is in reverse, apart from the bold no-show" param "$S-unassigned.sgr" 7
ok "TERM=screen: a route's alert ! is yellow and underlined ($(tr '\n' ' ' <"$S-alert.sgr"))" \
	sh -c 'grep -qx 33 "$1" && tr ";" "\n" <"$1" | grep -qx 4' - "$S-alert.sgr"
ok "TERM=screen: the alert ! is not in reverse" sh -c '! tr ";" "\n" <"$1" | grep -qx 7' - "$S-alert.sgr"
ok "TERM=screen: money due is plain yellow ($(tr '\n' ' ' <"$S-due.sgr"))" sh -c \
	'grep -qx 33 "$1" && ! tr ";" "\n" <"$1" | grep -qxE "1|4|7"' - "$S-due.sgr"
T=$D/tmux-256color
ok "TERM=tmux-256color: UNASSIGNED is 208 bold as written ($(tr '\n' ' ' <"$T-unassigned.sgr"))" \
	sh -c 'grep -qx "38;5;208" "$1" && tr ";" "\n" <"$1" | grep -qx 1' - "$T-unassigned.sgr"
ok "TERM=tmux-256color: UNASSIGNED is not in reverse" sh -c '! tr ";" "\n" <"$1" | grep -qx 7' - "$T-unassigned.sgr"
tap_done
