#!/bin/bash
# bash.sh: the bash completion, driven in bash over the built routedesk: operation paths, parameter names, options, views, themes, accounts.
#
# TAP.  Each case runs a fresh non-interactive `bash --norc` that sources
# bash-completion and contrib/completion/routedesk (built from its
# template), sets COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT as bash
# does for a command line with the cursor at its end, calls _routedesk and
# prints COMPREPLY, one a line.  The built routedesk comes first in PATH; HOME
# and XDG_CONFIG_HOME are a private directory with a config file of its own.
# COMPLETION_KEEP=1 keeps that directory.
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
top_srcdir=$(cd "$top_srcdir" && pwd)
script=$top_builddir/contrib/completion/routedesk
bash_completion=${BASH_COMPLETION_SCRIPT:-/usr/share/bash-completion/bash_completion}

# "rd ... | expect ...": expect runs in this shell, so its count stays.
shopt -s lastpipe

n=0
failed=0
# ok DESCRIPTION STATUS: one TAP line, ok when STATUS is 0.
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
# check DESCRIPTION COMMAND...: ok when COMMAND succeeds.
check() {
	local desc=$1
	shift
	"$@"
	ok "$desc" $?
}

if [ ! -r "$bash_completion" ]; then
	echo "1..0 # SKIP no $bash_completion (Debian package bash-completion)"
	exit 0
fi
if [ ! -r "$script" ] || [ ! -x "$top_builddir/routedesk" ]; then
	echo "Bail out! $script or $top_builddir/routedesk is not built"
	exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/completion.XXXXXX") || exit 1
if [ -n "${COMPLETION_KEEP-}" ]; then
	note "keeping $T"
else
	trap 'rm -rf "$T"' EXIT
fi
mkdir -p "$T/home" "$T/xdg/routedesk/themes" "$T/files"
cat >"$T/xdg/routedesk/config" <<'EOF'
# [account commented] is no section
[account main]
url = https://main.example/api
[ui]
theme = light
  [  account   acme corp  ]
key = x
[account $(touch pwned)]
[accounting]
[account]
EOF
chmod 600 "$T/xdg/routedesk/config"
: >"$T/xdg/routedesk/themes/night.theme"
: >"$T/xdg/routedesk/themes/not a name.theme"
: >"$T/files/upload.pdf"
mkdir "$T/files/updir"

# The driver: $1 the command line, the cursor at its end; $2 "plain" to
# leave bash-completion out.  Words split as bash splits them: at blanks
# (not at a backslash-escaped one), and runs of COMP_WORDBREAKS' "=" and
# ":" are words of their own.
cat >"$T/drive.bash" <<'EOF'
if [[ $2 != plain ]]; then
	source "$BASH_COMPLETION_SCRIPT" || exit 90
fi
source "$COMPLETION_SCRIPT" || exit 91
# Outside a real completion compopt fails: note what was asked instead.
compopt() { local IFS=" "; printf "%s\n" "$*" >>"$COMPOPT_LOG"; }
COMP_LINE=$1
COMP_POINT=${#COMP_LINE}
COMP_WORDS=()
w='' kind=''
for ((i = 0; i < ${#COMP_LINE}; i++)); do
	c=${COMP_LINE:i:1}
	case $c in
	\\) [[ $kind == break && -n $w ]] && { COMP_WORDS+=("$w"); w=''; }; w+=${COMP_LINE:i:2} kind=word; ((i++)) ;;
	' ') [[ -n $w ]] && COMP_WORDS+=("$w"); w='' kind='' ;;
	[=:]) [[ $kind == word && -n $w ]] && { COMP_WORDS+=("$w"); w=''; }; w+=$c kind=break ;;
	*) [[ $kind == break && -n $w ]] && { COMP_WORDS+=("$w"); w=''; }; w+=$c kind=word ;;
	esac
done
COMP_WORDS+=("$w")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_TYPE=9
COMP_KEY=9
COMPREPLY=()
_routedesk routedesk "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}"
EOF

# complete LINE [plain]: COMPREPLY, sorted, in $T/out; what compopt was asked in $T/compopt.
complete() {
	: >"$T/compopt"
	(cd "$T/files" && env -u ROUTEDESK_TRACE PATH="$top_builddir:$PATH" HOME="$T/home" \
		XDG_CONFIG_HOME="$T/xdg" ROUTEDESK_THEME_PATH="$top_srcdir/themes" \
		BASH_COMPLETION_SCRIPT="$bash_completion" COMPLETION_SCRIPT="$script" \
		COMPOPT_LOG="$T/compopt" bash --norc --noprofile "$T/drive.bash" "$1" ${2:+"$2"}) \
		2>"$T/err" | LC_ALL=C sort | sed '/^$/d' >"$T/out"
}

# expect DESCRIPTION LINE [plain] <<EOF lines EOF: COMPREPLY is exactly those lines.
expect() {
	local desc=$1 line=$2
	LC_ALL=C sort | sed '/^$/d' >"$T/want"
	complete "$line" "${3-}"
	if cmp -s "$T/want" "$T/out" && [ ! -s "$T/err" ]; then
		ok "$desc" 0
	else
		ok "$desc" 1
		note "line: $line" "wanted:" "$(tr '\n' ' ' <"$T/want")" "got:" "$(tr '\n' ' ' <"$T/out")"
		[ -s "$T/err" ] && note "stderr:" "$(cat "$T/err")"
	fi
}

# has DESCRIPTION WORD...: the last COMPREPLY holds every WORD.
has() {
	local desc=$1 w miss=''
	shift
	for w in "$@"; do
		grep -qxF -- "$w" "$T/out" || miss="$miss $w"
	done
	if [ -z "$miss" ]; then ok "$desc" 0; else ok "$desc" 1; note "missing:$miss" "got:" "$(tr '\n' ' ' <"$T/out")"; fi
}

rd() { env -u ROUTEDESK_TRACE HOME="$T/home" XDG_CONFIG_HOME="$T/xdg" LC_ALL=C "$top_builddir/routedesk" "$@"; }

check "the built script has the installed theme directory filled in" \
	test "$(grep -c '@pkgdatadir@' "$script")" = 0

# ---- routedesk api: operation paths ---------------------------------
rd api --list-operations | grep '^cust' | expect "api cust<TAB>: the customer operations, from --list-operations" "routedesk api cust"
has "api cust<TAB> includes search, get, create, update and the specials" \
	customer/search customer/get customer/create customer/update customer/updatePaymentProfile
rd api --list-operations | expect "api <TAB>: every operation path" "routedesk api "
has "api <TAB> includes ticket/setAddOns and no by-id placeholder" ticket/setAddOns
check "api <TAB>: no path holds a brace or an id" test "$(grep -c '[{}]\|/[0-9]' "$T/out")" = 0
expect "options before PATH are skipped: api --trace --rate 5 ticket/set<TAB>" \
	"routedesk api --trace --rate 5 ticket/set" <<'EOF'
ticket/setAddOns
EOF
expect "--account NAME api: api cust<TAB> completes the same" "routedesk --account main api customer/s" <<'EOF'
customer/search
EOF
expect "--list-parameters <TAB> takes an operation path" "routedesk api --list-parameters customer/cr" <<'EOF'
customer/create
customer/createPaymentProfile
EOF
expect "--list-parameters=<TAB> too" "routedesk api --list-parameters=note/cr" <<'EOF'
note/create
EOF

# ---- routedesk api PATH: parameter names ----------------------------
rd api --list-parameters customer/search | sed 's/$/=/' |
	expect "api customer/search <TAB>: its filters with '='" "routedesk api customer/search "
has "customer/search's names include lname=, includeData= and customerIDs=" \
	lname= includeData= customerIDs= dateUpdatedStart=
check "parameter names ask for no space after the '='" grep -qx -- '-o nospace' "$T/compopt"
expect "api customer/search ln<TAB> gives lname=" "routedesk api customer/search ln" <<'EOF'
lname=
EOF
expect "after a NAME=VALUE the next name completes: dateUpdated<TAB>" \
	"routedesk api --all customer/search lname=Smith dateUpdated" <<'EOF'
dateUpdated=
dateUpdatedEnd=
dateUpdatedStart=
EOF
expect "a get's ids and flags: api --account main customer/get inc<TAB>" \
	"routedesk api --account main customer/get includeS" <<'EOF'
includeSubscriptions=
EOF
expect "by-id takes the get flags: api customer/10000 includeP<TAB>" \
	"routedesk api customer/10000 includeP" <<'EOF'
includePortalLogin=
EOF
expect "an update's key comes with its names: api note/update con<TAB>" \
	"routedesk api note/update con" <<'EOF'
contactID=
contactType=
EOF
expect "a value is the user's: api customer/search lname=Sm<TAB> offers nothing" \
	"routedesk api customer/search lname=Sm" </dev/null
expect "a JSON value too: api customer/search active:=<TAB> offers nothing" \
	"routedesk api customer/search active:=" </dev/null
expect "NAME@FILE completes the file" "routedesk api document/create file@up" <<'EOF'
file@updir/
file@upload.pdf
EOF
expect "an unknown PATH offers nothing (and says nothing)" "routedesk api nosuch/search " </dev/null

# ---- options --------------------------------------------------------
expect "api --<TAB>: the options of routedesk api (from its --help)" "routedesk api --" <<'EOF'
--account
--all
--help
--insecure
--list-operations
--list-parameters
--rate
--retries
--search-cap
--trace
--version
EOF
expect "--<TAB>: the options of the console (from its --help)" "routedesk --" <<'EOF'
--account
--ascii
--date
--demo
--fresh
--help
--readonly
--theme
--version
--view
EOF
expect "an option after PATH: api customer/search --a<TAB>" "routedesk api customer/search --a" <<'EOF'
--account
--all
EOF
expect "<TAB> as the first word offers the subcommand" "routedesk " <<'EOF'
api
EOF

# ---- --view, --theme, --account, --date -----------------------------
expect "--view c<TAB> gives customers" "routedesk --view c" <<'EOF'
customers
EOF
expect "--view=c<TAB> too" "routedesk --view=c" <<'EOF'
customers
EOF
# What `routedesk --help` says --view accepts (stops is refused there).
rd --help | sed -n 's/.*\[--view \([a-z|]*\)\].*/\1/p' | tr '|' '\n' |
	expect "--view <TAB>: the panes routedesk --help names" "routedesk --view "
expect "--theme <TAB>: the shipped themes and the user's" "routedesk --readonly --theme " <<'EOF'
colorblind
default
light
mono
night
EOF
expect "--account <TAB>: the config file's [account NAME] sections, quoted" "routedesk --account " <<'EOF'
\$\(touch\ pwned\)
acme\ corp
main
EOF
check "a name in the config file is never run" test ! -e "$T/files/pwned"
expect "--account acme\\ c<TAB> completes a quoted name" 'routedesk --account acme\ c' <<'EOF'
acme\ corp
EOF
expect "api --account m<TAB> too" "routedesk api --account m" <<'EOF'
main
EOF
date +%Y-%m-%d | expect "--date <TAB> offers today" "routedesk --date "

# ---- without bash-completion ----------------------------------------
expect "without bash-completion: --view c<TAB>" "routedesk --view c" plain <<'EOF'
customers
EOF
expect "without bash-completion: api customer/search ln<TAB>" "routedesk api customer/search ln" plain <<'EOF'
lname=
EOF

echo "1..$n"
[ "$failed" -eq 0 ]
