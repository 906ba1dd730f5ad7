#!/bin/sh
# themes.sh: every shipped theme loads (--theme and :theme, on 256 and 8 colours), a broken theme file is a clear error.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
cs_sandbox_start

D=$CS_DIR
export ROUTEDESK_THEME_PATH="$top_srcdir/themes"
s=$(cs_script theme <<'EOF'
:info
:save-display info.txt
q
Enter
:save-display stops.txt
EOF
)
n=0
for f in "$top_srcdir"/themes/*.theme; do
	name=$(basename "$f" .theme)
	n=$((n + 1))
	rm -f "$D/info.txt" "$D/stops.txt"
	ok "--theme $name runs and exits 0" cs_run "$s" --theme "$name"
	ok "--theme $name: :info names the theme" has "$D/info.txt" "^ Theme +$name\$"
	ok "--theme $name: the stops are drawn" has "$D/stops.txt" '^ +# +Window +Customer'
	ok "--theme $name: nothing went to stderr" test ! -s "$D/err"
done
ok "the four shipped themes were found (default, light, mono, colorblind: $n)" test "$n" -ge 4
# Run from the build tree with no theme directory at all (no
# ROUTEDESK_THEME_PATH, nothing installed under the config): the shipped
# themes are built in.
run_bare() {
	(unset ROUTEDESK_THEME_PATH; cs_run "$@")
}
for name in default light mono colorblind; do
	rm -f "$D/info.txt" "$D/stops.txt"
	ok "--theme $name with no theme directory runs and exits 0" run_bare "$s" --theme "$name"
	ok "--theme $name with no theme directory: :info names it" has "$D/info.txt" "^ Theme +$name\$"
done
# An 8-colour terminal (TERM=xterm): every theme's colours are fitted to
# the basic eight and folded styles marked (theme.c), and it still runs.
for f in "$top_srcdir"/themes/*.theme; do
	name=$(basename "$f" .theme)
	rm -f "$D/info.txt" "$D/stops.txt"
	saved_term=$TERM
	TERM=xterm
	cs_run "$s" --theme "$name"
	rc=$?
	TERM=$saved_term
	ok "TERM=xterm --theme $name runs and exits 0" test "$rc" -eq 0
	ok "TERM=xterm --theme $name: the stops are drawn" has "$D/stops.txt" '^ +# +Window +Customer'
	ok "TERM=xterm --theme $name: nothing went to stderr" test ! -s "$D/err"
done
for name in default light mono; do
	ok "themes/$name.theme is shipped" test -f "$top_srcdir/themes/$name.theme"
done

# :theme switches at run time; Tab after ':theme ' lists them.
s=$(cs_script switch <<'EOF'
:theme light
:info
:save-display light.txt
q
:theme mono
:info
:save-display mono.txt
q
:theme nosuch
:save-display nosuch.txt
":theme l"
Tab
Enter
:info
:save-display completed.txt
q
":theme "
Tab
:save-display tab.txt
Esc
EOF
)
ok ":theme runs and exits 0" cs_run "$s"
ok ":theme light switches to light" has "$D/light.txt" '^ Theme +light$'
ok ":theme mono switches to mono" has "$D/mono.txt" '^ Theme +mono$'
ok ":theme nosuch is an error on the message line, the theme stays" sh -c \
	'grep -q "^! .*no theme named .nosuch." "$1"' - "$D/nosuch.txt"
ok "Tab completes ':theme l' to the light theme" has "$D/completed.txt" '^ Theme +light$'
# The alternatives of a Tab go to the message line, which the open prompt
# covers: they must be visible while the prompt is open.
ok "Tab after ':theme ' shows the shipped themes while the prompt is open" \
	has_all "$D/tab.txt" 'colorblind' 'light' 'mono'

# A broken theme file: a clear error naming the file and line, exit 2.
mkdir -p "$XDG_CONFIG_HOME/routedesk/themes"
t=$XDG_CONFIG_HOME/routedesk/themes
printf '# broken on purpose\ncolor normal default default\ncolor nosuch red blue\n' >"$t/broken.theme"
printf 'color normal notacolour default\n' >"$t/badcolour.theme"
printf 'color normal red default blink sparkle\n' >"$t/badattr.theme"
printf 'colour normal red\n' >"$t/badword.theme"
s=$(cs_script broken <<'EOF'
:save-display never.txt
EOF
)
for b in broken badcolour badattr badword; do
	rm -f "$D/never.txt"
	cs_run "$s" --theme "$b" >/dev/null
	ok "--theme $b: refused with exit status 2 ($CS_RC)" test "$CS_RC" -eq 2
	ok "--theme $b: the error names the file and its line" has "$D/err" "$b\\.theme:[0-9]+: "
	ok "--theme $b: no screen was run" test ! -e "$D/never.txt"
done
cs_run "$s" --theme broken >/dev/null
ok "the broken theme's error names the unknown element 'nosuch' at line 3" \
	has "$D/err" "broken\\.theme:3: .*nosuch"
cs_run "$s" --theme nosuch >/dev/null
ok "--theme nosuch: exit status 2" test "$CS_RC" -eq 2
ok "--theme nosuch: says no theme has that name" has "$D/err" "no theme named 'nosuch'"
ok "--theme nosuch: names ROUTEDESK_THEME_PATH's directory, searched first" \
	has "$D/err" "no theme named 'nosuch' in $top_srcdir/themes, "
# The same name in the config file: said with the file and its line, as
# every bad value of it (it read as if --theme had been wrong).
mkdir -p "$XDG_CONFIG_HOME/routedesk"
printf '[ui]\n# the office look\ntheme = nosuch\n' >"$XDG_CONFIG_HOME/routedesk/config"
cs_run "$s" >/dev/null
ok "[ui] theme = nosuch: exit status 2 ($CS_RC)" test "$CS_RC" -eq 2
ok "[ui] theme = nosuch: the error names the file, the line and the setting" \
	has "$D/err" "routedesk/config:3: \\[ui\\] theme = nosuch: no theme named 'nosuch'"
rm -f "$XDG_CONFIG_HOME/routedesk/config"

# A console built and not installed, without ROUTEDESK_THEME_PATH: the
# error is advice for the shell it was started from (the directories
# searched, the variable), not for a console that never ran.
saved_path=$ROUTEDESK_THEME_PATH
unset ROUTEDESK_THEME_PATH
cs_run "$s" --theme nosuch >/dev/null
ok "no ROUTEDESK_THEME_PATH, --theme nosuch: exit status 2 ($CS_RC)" test "$CS_RC" -eq 2
ok "no ROUTEDESK_THEME_PATH: the error names the user's theme directory" has "$D/err" " $t[ ,]"
ok "no ROUTEDESK_THEME_PATH: the error names the installed themes' directory" \
	has "$D/err" '/routedesk/themes( \(missing\))?; '
ok "no ROUTEDESK_THEME_PATH: the error says ROUTEDESK_THEME_PATH adds directories" \
	has "$D/err" 'ROUTEDESK_THEME_PATH=DIR'
ok "no ROUTEDESK_THEME_PATH: no advice only a running console can follow" hasnt "$D/err" ':theme'
export ROUTEDESK_THEME_PATH="$saved_path"

tap_done
