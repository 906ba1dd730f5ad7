#!/bin/sh
# zsh.sh: the zsh completion loads through compinit, and its options, views, operations, parameters, themes and accounts match the built routedesk.
#
# TAP.  zsh -f loads contrib/completion/_routedesk (built from its template)
# the way compinit does.  The lists are checked by calling its functions
# with zsh's completion builtins (_arguments, _wanted, compadd) replaced by
# functions that print what they are given: no terminal is needed, so what
# is checked is what the file hands to zsh.  The last part then types into
# a real interactive zsh in tmux (compinit, the zsh line editor, Tab) and
# reads the command line back: zsh's own completion, end to end.
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
top_srcdir=$(cd "$top_srcdir" && pwd)
dir=$top_builddir/contrib/completion

n=0
failed=0
ok() {
	n=$((n + 1))
	if [ "$2" = 0 ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		failed=$((failed + 1))
	fi
}
note() { printf '# %s\n' "$@"; }

if ! command -v zsh >/dev/null 2>&1; then
	echo "1..0 # SKIP no zsh (Debian package zsh)"
	exit 0
fi
if [ ! -r "$dir/_routedesk" ] || [ ! -x "$top_builddir/routedesk" ]; then
	echo "Bail out! $dir/_routedesk or $top_builddir/routedesk is not built"
	exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/completion.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/home" "$T/xdg/routedesk/themes"
printf '[account main]\n[ui]\n  [ account  acme corp ]\n[accounting]\n[account $(touch pwned)]\n' \
	>"$T/xdg/routedesk/config"
: >"$T/xdg/routedesk/themes/night.theme"
: >"$T/xdg/routedesk/themes/not a name.theme"

# What z runs first: the completion autoloadable, and the builtins it calls
# replaced by printers.
cat >"$T/printers.zsh" <<'EOF'
fpath=($COMPLETION_DIR $fpath)
autoload -Uz _routedesk
_arguments() { print -rl -- "$@" }
_wanted() { shift 3; "$@" }
_files() { print -r -- FILES }
compset() { : }
# compadd [-S SUFFIX] [-a] [--] WORDS: each word (or each word of the
# arrays named, with -a), followed by SUFFIX.
compadd() {
  local suffix= arrays=0 w v
  while (( $# )); do
    case $1 in
      -S) suffix=$2; shift 2 ;;
      -a) arrays=1; shift ;;
      --) shift; break ;;
      -*) shift ;;
      *) break ;;
    esac
  done
  for w in "$@"; do
    if (( arrays )); then
      for v in "${(@P)w}"; do print -r -- "$v$suffix"; done
    else
      print -r -- "$w$suffix"
    fi
  done
}
EOF

# z SCRIPT: runs SCRIPT in zsh -f after printers.zsh; stdout in $T/out
# (sorted), stderr in $T/err.  The helpers (_routedesk_themes ...) exist
# once _routedesk has run: "zh" runs it first, quietly.
z() {
	(cd "$T/home" && env -u ROUTEDESK_TRACE PATH="$top_builddir:$PATH" HOME="$T/home" \
		XDG_CONFIG_HOME="$T/xdg" ROUTEDESK_THEME_PATH="$top_srcdir/themes" COMPLETION_DIR="$dir" \
		zsh -f -c ". '$T/printers.zsh'; $1") 2>"$T/err" | LC_ALL=C sort >"$T/out"
}

zh() { z "words=(routedesk --); CURRENT=2; _routedesk >/dev/null; $1"; }

# same DESCRIPTION FILE: $T/out is exactly FILE's lines, and nothing on stderr.
same() {
	LC_ALL=C sort "$2" >"$T/want"
	if cmp -s "$T/want" "$T/out" && [ ! -s "$T/err" ]; then
		ok "$1" 0
	else
		ok "$1" 1
		note "wanted:" "$(tr '\n' ' ' <"$T/want")" "got:" "$(tr '\n' ' ' <"$T/out")"
		[ -s "$T/err" ] && note "stderr: $(cat "$T/err")"
	fi
}

rd() { env -u ROUTEDESK_TRACE HOME="$T/home" XDG_CONFIG_HOME="$T/xdg" LC_ALL=C "$top_builddir/routedesk" "$@"; }

# ---- loading --------------------------------------------------------
zsh -n "$dir/_routedesk" 2>"$T/err"
ok "zsh -n: the file parses" $?
env HOME="$T/home" zsh -f -c "fpath=('$dir' \$fpath); autoload -Uz compinit; compinit -u -D
[[ \$_comps[routedesk] == _routedesk ]] || exit 1
autoload +X _routedesk && (( \$+functions[_routedesk] ))" >"$T/out" 2>&1
ok "compinit binds routedesk to _routedesk, and _routedesk loads" $?
[ -s "$T/out" ] && note "$(cat "$T/out")"

# Where make install puts the file by default must be on this zsh's own
# $fpath, or compinit never sees it: the old default for every prefix,
# DATADIR/zsh/vendor-completions, was not searched under /usr/local.
# Configure's rule is asked for the two prefixes that matter (a directory
# given to configure is the builder's business), so the check holds in
# any build, distcheck's too.
if [ -z "${zsh_completion_usr:-}" ] || [ -z "${zsh_completion_local:-}" ]; then
	echo "Bail out! zsh_completion_usr and zsh_completion_local are unset (run through make check)"
	exit 1
fi
zsh -f -c 'print -rl -- $fpath' >"$T/fpath"
grep -qxF "$zsh_completion_usr" "$T/fpath" && grep -qxF "$zsh_completion_local" "$T/fpath"
ok "make install's default directories ($zsh_completion_usr, $zsh_completion_local) are on zsh's \$fpath" $?
ok "the built file has the installed theme directory filled in" \
	"$(grep -c '@pkgdatadir@' "$dir/_routedesk")"

# ---- options: _arguments gets those --help lists ----------------------
# The option names of _arguments' specs: "(- : *)--help[...]" -> --help.
specs() { sed -n 's/^\(([^)]*)\)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' "$T/out" | LC_ALL=C sort -u >"$T/out.opts"; mv "$T/out.opts" "$T/out"; }
z 'words=(routedesk --); CURRENT=2; _routedesk'
specs
rd --help | grep -oE -e '--[a-z][a-z-]*' | sort -u >"$T/help"
same "routedesk --<TAB>: the options routedesk --help lists" "$T/help"
z 'words=(routedesk --account main api --); CURRENT=5; _routedesk'
specs
rd api --help | grep -oE -e '--[a-z][a-z-]*' | sort -u >"$T/help"
same "routedesk [--account NAME] api --<TAB>: the options routedesk api --help lists" "$T/help"
z 'words=(routedesk --view ""); CURRENT=3; _routedesk'
sed -n 's/^--view=.*:(\(.*\))$/\1/p' "$T/out" | tr ' ' '\n' >"$T/views"
LC_ALL=C sort "$T/views" >"$T/out"
rd --help | sed -n 's/.*\[--view \([a-z|]*\)\].*/\1/p' | tr '|' '\n' >"$T/help"
same "--view's names are the panes routedesk --help names" "$T/help"

# ---- lists from the program and the config ------------------------
zh 'words=(routedesk api ""); CURRENT=3; _routedesk_prog=routedesk; _routedesk_operations'
rd api --list-operations >"$T/want.ops"
same "operations: routedesk api --list-operations" "$T/want.ops"
zh 'words=(api customer/search ""); line=(customer/search); PREFIX=; _routedesk_prog=routedesk; _routedesk_parameters'
rd api --list-parameters customer/search | sed 's/$/=/' >"$T/want.params"
same "api customer/search <TAB>: its parameter names with '='" "$T/want.params"
grep -qx 'lname=' "$T/out"
ok "customer/search's names include lname=" $?
zh 'line=(customer/search); PREFIX=lname=Sm; _routedesk_prog=routedesk; _routedesk_parameters'
same "a value is the user's: lname=Sm<TAB> offers nothing" /dev/null
zh 'line=(document/create); PREFIX=file@up; _routedesk_prog=routedesk; _routedesk_parameters'
echo FILES >"$T/want.files"
same "NAME@FILE completes files" "$T/want.files"
zh 'words=(routedesk --theme ""); CURRENT=3; _routedesk_themes'
printf '%s\n' colorblind default light mono night >"$T/want.themes"
same "--theme <TAB>: the shipped themes and the user's" "$T/want.themes"
zh 'words=(routedesk --account ""); CURRENT=3; _routedesk_accounts'
printf '%s\n' '$(touch pwned)' 'acme corp' main >"$T/want.accounts"
same "--account <TAB>: the config file's [account NAME] sections" "$T/want.accounts"
test ! -e "$T/home/pwned"
ok "a name in the config file is never run" $?

# ---- the real thing: an interactive zsh in tmux, Tab pressed -------------

if command -v tmux >/dev/null 2>&1; then
	sock=rdzsh$$
	mkdir -p "$T/zdot"
	cat >"$T/zdot/.zshrc" <<EOF
fpath=($dir \$fpath)
autoload -Uz compinit && compinit -u -D
PROMPT='zsh> '
PATH=$top_builddir:\$PATH
EOF
	# typed LINE EXPECT: types LINE and Tab into a fresh prompt, then
	# waits (10 s at most) for the command line to read EXPECT, the whole
	# screen line (tmux drops the space a completed word is followed by).
	typed() {
		tmux -L "$sock" send-keys -t z C-u "$1" Tab
		end=$(( $(date +%s) + 10 ))
		while [ "$(date +%s)" -le "$end" ]; do
			tmux -L "$sock" capture-pane -p -t z >"$T/screen"
			grep -qxF -- "zsh> $2" "$T/screen" && return 0
			sleep 0.1
		done
		note "the command line never read '$2':"
		sed 's/^/# | /' "$T/screen"
		return 1
	}
	if tmux -L "$sock" -f /dev/null new-session -d -s z -x 120 -y 30 \
		"env -u LINES -u COLUMNS -u ROUTEDESK_TRACE HOME='$T/home' XDG_CONFIG_HOME='$T/xdg' ZDOTDIR='$T/zdot' ROUTEDESK_THEME_PATH='$top_srcdir/themes' zsh -i"; then
		end=$(( $(date +%s) + 10 ))
		until tmux -L "$sock" capture-pane -p -t z | grep -q '^zsh> ' || [ "$(date +%s)" -gt "$end" ]; do
			sleep 0.1
		done
		typed 'routedesk api customer/sea' 'routedesk api customer/search'
		ok "zsh, Tab: an operation path completes from the table" $?
		typed 'routedesk api customer/search lnam' 'routedesk api customer/search lname='
		ok "zsh, Tab: a parameter of that operation completes with its =" $?
		typed 'routedesk --view subs' 'routedesk --view subscriptions'
		ok "zsh, Tab: --view completes a pane" $?
		typed 'routedesk --theme colorb' 'routedesk --theme colorblind'
		ok "zsh, Tab: --theme completes an installed theme" $?
		tmux -L "$sock" kill-server >/dev/null 2>&1
	else
		ok "zsh in tmux starts" 1
	fi
else
	echo "Bail out! tmux is not installed (tools/deps installs it)"
	exit 1
fi

echo "1..$n"
[ "$failed" -eq 0 ]
