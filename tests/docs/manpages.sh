#!/bin/sh
# manpages.sh: the man pages lint clean and list exactly the options, keys, commands, config keys and environment of the code.
# TAP.  Each list is read from the code, never from a copy: the options
# from each program's --help, the key map and the `:` commands from
# tests/docs/docdump (linked against the console), the config keys by
# asking the config parsers about every string literal of src/, the
# environment from the getenv calls.  Both ways where both make sense:
# what the code has is in the page, and what the page lists is in the code.
top=${top_srcdir:-.}
build=${top_builddir:-.}
# The programs' own words, untranslated, whatever the caller's locale.
LC_ALL=C
export LC_ALL
doc=$top/doc
n=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
note() { printf '%s\n' "$@" | sed 's/^/# /'; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rdman.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

# ---- reading the pages ------------------------------------------------

# mdoc_args FILE SECTION MACRO [SUBSECTION]: the arguments of MACRO on
# the .It lines of section SECTION (a .Sh title; with SUBSECTION, only
# under a .Ss whose title contains it), one a line, unescaped.  Fl gets
# its leading dash back.
mdoc_args() {
	awk -v want_sh="$2" -v mac="$3" -v want_ss="$4" '
	function unesc(s) { gsub(/\\&/, "", s); gsub(/\\-/, "-", s); return s }
	function is_macro(t) {
		return t ~ /^(Ar|Cm|Ic|Fl|Ev|Pa|Pq|Ns|No|Ta|Op|Oo|Oc|Li|Sy|Em|Dq|Qq|Sq|Ql|Va|Nm|Sx|Xr|Xo|Xc|Pf|Po|Pc|Aq|It)$/
	}
	function is_delim(t) { return t ~ /^[,.;:|()\[\]?!]$/ }
	/^\.Sh / { sh = $0; sub(/^\.Sh[ \t]+/, "", sh); gsub(/"/, "", sh); ss = ""; next }
	/^\.Ss / { ss = $0; next }
	sh == want_sh && (want_ss == "" || index(ss, want_ss)) && /^\.It / {
		for (i = 2; i <= NF; i++) {
			if ($i != mac)
				continue
			for (j = i + 1; j <= NF && !is_macro($j); j++) {
				if (is_delim($j))
					continue
				print (mac == "Fl" ? "-" : "") unesc($j)
			}
		}
	}' "$1"
}

# actions_of_page FILE: NAME<TAB>KEYS<TAB>FIRST LINE OF ITS TEXT for each
# item of KEYS that names an action (".It Ic KEY , Ic KEY Pq Cm NAME").
actions_of_page() {
	awk '
	function unesc(s) { gsub(/\\&/, "", s); gsub(/\\-/, "-", s); return s }
	/^\.Sh / { sh = $0; next }
	want { print name "\t" keys "\t" $0; want = 0; next }
	sh == ".Sh KEYS" && /^\.It / && / Pq Cm / {
		keys = ""; name = ""
		for (i = 2; i <= NF; i++) {
			if ($i == "Ic" && i < NF)
				keys = keys (keys == "" ? "" : " ") unesc($(i + 1))
			if ($i == "Cm" && i < NF)
				name = unesc($(i + 1))
		}
		want = 1
	}' "$1"
}

# commands_of_page FILE: NAME<TAB>FIRST LINE OF ITS TEXT for each
# ".It Ic :NAME" of COMMANDS.
commands_of_page() {
	awk '
	function unesc(s) { gsub(/\\&/, "", s); gsub(/\\-/, "-", s); return s }
	/^\.Sh / { sh = $0; next }
	want { print name "\t" $0; want = 0; next }
	sh == ".Sh COMMANDS" && /^\.It Ic :/ { name = unesc($3); sub(/^:/, "", name); want = 1 }' "$1"
}

# help_options PROGRAM...: the options a --help text names.
help_options() {
	"$@" --help 2>&1 | grep -oE '(^|[^[:alnum:]-])--?[a-zA-Z][a-zA-Z-]*' |
		sed 's/^[^-]*//' | sort -u
}

# only_in A B: the lines of file A that file B lacks (both sorted), on one line.
only_in() {
	comm -23 "$1" "$2" | tr '\n' ' ' | sed 's/ $//'
}

# ---- 1. mandoc -T lint ---------------------------------------------------

for p in routedesk.1 routedesk-sandbox.1 routedesk.5; do
	if [ ! -f "$doc/$p" ]; then
		not_ok "doc/$p exists"
		continue
	fi
	if head -n 1 "$doc/$p" | grep -qE "^\\.\\\\\" $p: .+"; then
		ok "doc/$p opens with its one-line comment"
	else
		not_ok "doc/$p opens with '.\\\" $p: its job'"
	fi
	if ! command -v mandoc >/dev/null 2>&1; then
		skip "mandoc -T lint -W warning doc/$p" "mandoc not installed"
		continue
	fi
	out=$(mandoc -T lint -W warning "$doc/$p" 2>&1)
	rc=$?
	if [ $rc -eq 0 ] && [ -z "$out" ]; then
		ok "mandoc -T lint -W warning doc/$p reports nothing"
	else
		not_ok "mandoc -T lint -W warning doc/$p reports nothing"
		note "$out"
	fi
	# Lint is silent about a quoting macro (Sq, Dq, Ql) that swallows the
	# rest of its line, nested ones included: the page then reads
	# "'a x, 'b y ''" with the closers piled up at the end.  So the
	# rendered quotes must pair off in order, each closed before the
	# next of its kind opens.
	bad=""
	for pair in "‘ ’" "“ ”"; do
		set -- $pair
		seq=$(mandoc -T utf8 "$doc/$p" 2>/dev/null | grep -o "$1\|$2" | tr -d '\n')
		if [ -n "$(printf '%s' "$seq" | sed "s/$1$2//g")" ]; then
			bad="$bad $1$2"
		fi
	done
	if [ -z "$bad" ]; then
		ok "doc/$p renders its quotes paired"
	else
		not_ok "doc/$p renders its quotes paired"
		note "unpaired or nested:$bad" "$(mandoc -T utf8 "$doc/$p" 2>/dev/null | sed "s/.\x08//g" | grep -e "’’" -e "””")"
	fi
done
if head -n 1 "$doc/routedesk.conf.example" | grep -qE '^# routedesk\.conf\.example: .+'; then
	ok "doc/routedesk.conf.example opens with its one-line comment"
else
	not_ok "doc/routedesk.conf.example opens with '# routedesk.conf.example: its job'"
fi

# ---- 2. options: each --help against its page, both ways ---------------

# check_options WHAT PAGE SECTION PROGRAM...
check_options() {
	what=$1 page=$2 section=$3
	shift 3
	if [ ! -x "$1" ]; then
		skip "$what: options of --help and of doc/$page agree" "$1 not built"
		return
	fi
	help_options "$@" >"$tmp/help"
	mdoc_args "$doc/$page" "$section" Fl | sort -u >"$tmp/page"
	if [ ! -s "$tmp/help" ] || [ ! -s "$tmp/page" ]; then
		not_ok "$what: options found in --help ($(wc -l <"$tmp/help")) and in doc/$page $section ($(wc -l <"$tmp/page"))"
		return
	fi
	missing=$(only_in "$tmp/help" "$tmp/page")
	if [ -z "$missing" ]; then ok "$what: doc/$page ($section) lists every option of --help"
	else not_ok "$what: doc/$page ($section) misses: $missing"; fi
	stale=$(only_in "$tmp/page" "$tmp/help")
	if [ -z "$stale" ]; then ok "$what: --help knows every option doc/$page ($section) lists"
	else not_ok "$what: --help does not know, of doc/$page ($section): $stale"; fi
}

check_options "routedesk" routedesk.1 OPTIONS "$build/routedesk"
check_options "routedesk api" routedesk.1 "API CLIENT" "$build/routedesk" api
check_options "routedesk-sandbox" routedesk-sandbox.1 OPTIONS "$build/routedesk-sandbox"

# Every --help within 80 columns, the thin client's terminal: the
# console's [--view ...] line wrapped there (86 columns).
for prog in "routedesk" "routedesk api" "routedesk-sandbox"; do
	bin=$build/${prog%% *}
	if [ ! -x "$bin" ]; then
		skip "$prog --help fits 80 columns" "${prog%% *} not built"
		continue
	fi
	# shellcheck disable=SC2086
	wide=$("$bin" ${prog#"${prog%% *}"} --help 2>&1 | awk 'length > 80')
	if [ -z "$wide" ]; then ok "$prog --help fits 80 columns"
	else not_ok "$prog --help fits 80 columns"; note "$wide"; fi
done

# routedesk --help shows routedesk api's usage line too: the same one as
# routedesk api --help (it lacked NAME@FILE).
if [ -x "$build/routedesk" ]; then
	own=$("$build/routedesk" api --help 2>&1 | sed -n 's/^usage: routedesk api //p')
	console=$("$build/routedesk" --help 2>&1 | sed -n 's/^ *routedesk api //p')
	if [ -n "$own" ] && [ "$own" = "$console" ]; then
		ok "routedesk --help gives routedesk api's own usage line"
	else
		not_ok "routedesk --help gives routedesk api's own usage line"
		note "routedesk api --help: $own" "routedesk --help:     $console"
	fi
else
	skip "routedesk --help gives routedesk api's own usage line" "routedesk not built"
fi

# Each exit status of routedesk api, in the words of the page's list
# (rendered, one entry a line), is in its --help ("2 usage" it said, where
# the page has "usage, config or credentials").
if [ -x "$build/routedesk" ] && command -v mandoc >/dev/null 2>&1; then
	help=$("$build/routedesk" api --help 2>&1 | tr -s ' \n\t' '   ')
	bad=
	mandoc -T ascii -O width=400 "$doc/routedesk.1" | sed 's/.\x08//g' |
		sed -n '/^EXIT STATUS/,/^[A-Z]/p' | sed -n '/routedesk api exits:/,$p' |
		sed -n 's/^ *\([0-9]\)[[:space:]][[:space:]]*\(.*[^.]\)\.* *$/\1 \2/p' >"$tmp/exits"
	while read -r line; do
		case $help in
		*"$line"*) ;;
		*) bad="$bad; $line" ;;
		esac
	done <"$tmp/exits"
	if [ -s "$tmp/exits" ] && [ -z "$bad" ]; then
		ok "routedesk api --help says each exit status as doc/routedesk.1 does"
	else
		not_ok "routedesk api --help says each exit status as doc/routedesk.1 does"
		note "missing from --help:${bad#;}"
	fi
else
	skip "routedesk api --help says each exit status as doc/routedesk.1 does" "routedesk or mandoc missing"
fi

# ---- 3. the default key map and the : commands ----------------------------

dump=$build/tests/docs/docdump
if [ -x "$dump" ] && "$dump" actions >"$tmp/actions" && [ -s "$tmp/actions" ]; then
	actions_of_page "$doc/routedesk.1" >"$tmp/page_actions"
	bad=
	tab=$(printf '\t')
	while IFS="$tab" read -r name keys help; do
		row=$(awk -F "$tab" -v n="$name" '$1 == n' "$tmp/page_actions")
		if [ -z "$row" ]; then
			bad="$bad; $name is missing"
			continue
		fi
		pkeys=$(printf '%s\n' "$row" | cut -f 2)
		ptext=$(printf '%s\n' "$row" | cut -f 3)
		[ "$pkeys" = "$keys" ] || bad="$bad; $name: keys '$pkeys', the key map has '$keys'"
		[ "$ptext" = "$help" ] || [ "$ptext" = "$help." ] ||
			bad="$bad; $name: text '$ptext', the help says '$help'"
	done <"$tmp/actions"
	if [ -z "$bad" ]; then ok "routedesk.1 KEYS has every action of the default key map, its keys and help"
	else not_ok "routedesk.1 KEYS against the default key map:${bad#;}"; fi
	cut -f 1 "$tmp/actions" | sort >"$tmp/a_code"
	cut -f 1 "$tmp/page_actions" | sort >"$tmp/a_page"
	stale=$(only_in "$tmp/a_page" "$tmp/a_code")
	dup=$(uniq -d "$tmp/a_page" | tr '\n' ' ')
	if [ -z "$stale$dup" ]; then ok "routedesk.1 KEYS lists no action the key map lacks, none twice"
	else not_ok "routedesk.1 KEYS lists actions the key map lacks: $stale; twice: $dup"; fi
else
	skip "routedesk.1 KEYS against the default key map" "tests/docs/docdump not built"
	skip "routedesk.1 KEYS lists no action the key map lacks" "tests/docs/docdump not built"
fi

if [ -x "$dump" ] && "$dump" commands >"$tmp/commands" && [ -s "$tmp/commands" ]; then
	commands_of_page "$doc/routedesk.1" >"$tmp/page_commands"
	bad=
	tab=$(printf '\t')
	while IFS="$tab" read -r name help; do
		row=$(awk -F "$tab" -v n="$name" '$1 == n' "$tmp/page_commands")
		ptext=$(printf '%s\n' "$row" | cut -f 2)
		if [ -z "$row" ]; then bad="$bad; :$name is missing"
		elif [ "$ptext" != "$help" ] && [ "$ptext" != "$help." ]; then
			bad="$bad; :$name: text '$ptext', the help says '$help'"
		fi
	done <"$tmp/commands"
	cut -f 1 "$tmp/commands" | sort >"$tmp/c_code"
	cut -f 1 "$tmp/page_commands" | sort >"$tmp/c_page"
	stale=$(only_in "$tmp/c_page" "$tmp/c_code")
	[ -z "$stale" ] || bad="$bad; not commands: $stale"
	if [ -z "$bad" ]; then ok "routedesk.1 COMMANDS has every : command with its help, and no other"
	else not_ok "routedesk.1 COMMANDS against src/ui/cmdline.c:${bad#;}"; fi
else
	skip "routedesk.1 COMMANDS against src/ui/cmdline.c" "tests/docs/docdump not built"
fi

# ---- 4. config keys: the parsers against routedesk.5 and the sample ------

# setting_names FILE SECTION: the NAME of every "NAME = VALUE" line, set
# or commented out ("# NAME = VALUE"), in the sections of the sample
# whose header starts with SECTION ("account" for [account NAME]).
setting_names() {
	awk -v want="$2" '
	/^[ \t]*\[/ { s = $0; sub(/^[ \t]*\[/, "", s); sub(/[] \t].*/, "", s); next }
	s == want && /^[ \t]*(#[ \t]*)?[a-z_]+[ \t]*=/ {
		l = $0; sub(/^[ \t]*(#[ \t]*)?/, "", l); sub(/[ \t]*=.*/, "", l); print l
	}' "$1" | sort -u
}

if [ -x "$dump" ]; then
	find "$top/src/" -name '*.c' -exec grep -ohE '"[a-z][a-z0-9_]*"' {} + | tr -d '"' |
		sort -u >"$tmp/literals"
	for s in account ui keys notify; do
		case $s in
			account) ss="[account" label="[account NAME]" ;;
			*) ss="[$s]" label="[$s]" ;;
		esac
		"$dump" accepts "$s" <"$tmp/literals" 2>"$tmp/accepts.err" | sort -u >"$tmp/k_code"
		[ -s "$tmp/accepts.err" ] && note "$(cat "$tmp/accepts.err")"
		mdoc_args "$doc/routedesk.5" DESCRIPTION Cm "$ss" | sort -u >"$tmp/k_page"
		if [ "$(wc -l <"$tmp/k_code")" -lt 3 ]; then
			not_ok "[$s]: the parsers accept only $(wc -l <"$tmp/k_code") names of src/ (is docdump right?)"
			continue
		fi
		missing=$(only_in "$tmp/k_code" "$tmp/k_page")
		stale=$(only_in "$tmp/k_page" "$tmp/k_code")
		if [ -z "$missing$stale" ]; then
			ok "routedesk.5 $label lists every name the code accepts there ($(wc -l <"$tmp/k_code")), and no other"
		else
			not_ok "routedesk.5 $label: missing: $missing; not accepted by the code: $stale"
		fi
		setting_names "$doc/routedesk.conf.example" "$s" >"$tmp/k_sample"
		missing=$(only_in "$tmp/k_code" "$tmp/k_sample")
		stale=$(only_in "$tmp/k_sample" "$tmp/k_code")
		if [ -z "$missing$stale" ]; then
			ok "routedesk.conf.example $label has every name the code accepts there, and no other"
		else
			not_ok "routedesk.conf.example $label: missing: $missing; not accepted by the code: $stale"
		fi
	done
	# The sample's [keys] shows each action with its default keys.
	bad=
	tab=$(printf '\t')
	while IFS="$tab" read -r name keys help; do
		grep -qxF "# $name = $keys" "$doc/routedesk.conf.example" ||
			bad="$bad '# $name = $keys'"
	done <"$tmp/actions"
	if [ -z "$bad" ]; then ok "routedesk.conf.example shows every action with its default keys"
	else not_ok "routedesk.conf.example lacks the lines:$bad"; fi
else
	skip "config keys against routedesk.5 and the sample" "tests/docs/docdump not built"
fi

# The sample loads with no warning and no error: the console in script
# mode (an empty script) and `routedesk api`, on a private config
# directory, the service unreachable (a refused local port).
if [ -x "$build/routedesk" ]; then
	mkdir -p "$tmp/home/cfg/routedesk" "$tmp/home/state"
	cfg=$tmp/home/cfg/routedesk/config
	cp "$doc/routedesk.conf.example" "$cfg"
	chmod 600 "$cfg"
	: >"$tmp/empty.script"
	run_env() {
		env -u ROUTEDESK_TRACE -u ROUTEDESK_SCRIPT -u NO_COLOR -u TMUX -u STY -u DISPLAY \
			-u WAYLAND_DISPLAY -u DBUS_SESSION_BUS_ADDRESS \
			HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/cfg" XDG_STATE_HOME="$tmp/home/state" \
			ROUTEDESK_URL=http://127.0.0.1:9/api ROUTEDESK_KEY=doc-key ROUTEDESK_TOKEN=doc-token \
			ROUTEDESK_THEME_PATH="${ROUTEDESK_THEME_PATH:-$top/themes}" \
			TERM=xterm LINES=24 COLUMNS=80 "$@"
	}
	to=
	command -v timeout >/dev/null 2>&1 && to="timeout 60"
	(cd "$tmp" && run_env ROUTEDESK_SCRIPT="$tmp/empty.script" $to "$build/routedesk" --fresh \
		>"$tmp/out" 2>"$tmp/err" </dev/null)
	rc=$?
	if [ $rc -eq 0 ] && ! grep -qF "$cfg" "$tmp/err"; then
		ok "the console loads routedesk.conf.example with no warning"
	else
		not_ok "the console loads routedesk.conf.example with no warning (exit $rc)"
		note "$(cat "$tmp/err")"
	fi
	# Every account of the sample, each through `routedesk api`: exit 3,
	# the network failed, so the account (2 when bad) was fine.
	bad=
	for a in $(sed -n 's/^\[account[[:space:]]\{1,\}\([^]]*\)\].*/\1/p' "$cfg"); do
		run_env "$build/routedesk" api --account "$a" customer/search >/dev/null 2>"$tmp/err"
		rc=$?
		if [ $rc -ne 3 ]; then
			bad="$bad $a(exit $rc)"
			note "$(cat "$tmp/err")"
		fi
	done
	if [ -z "$bad" ] && [ -n "$a" ]; then ok "routedesk api reads every account of routedesk.conf.example"
	else not_ok "routedesk api reads every account of routedesk.conf.example; not:$bad"; fi
else
	skip "the console loads routedesk.conf.example with no warning" "routedesk not built"
fi

# ---- 5. environment --------------------------------------------------------

# env_of DIR...: the variables the code under DIR reads (getenv and the
# wrappers that take a variable's name).
env_of() {
	for d in "$@"; do
		grep -rhE '(getenv|env_get|from_env|pick)\(' "$top/$d" --include='*.c'
	done | grep -oE '"[A-Z][A-Z0-9_]*"' | tr -d '"' | sort -u
}
env_of src/ui src/cli src/api src/notify src/common >"$tmp/e_code"
mdoc_args "$doc/routedesk.1" ENVIRONMENT Ev | sort -u >"$tmp/e_page"
missing=$(only_in "$tmp/e_code" "$tmp/e_page")
if [ -s "$tmp/e_code" ] && [ -z "$missing" ]; then
	ok "routedesk.1 ENVIRONMENT has every variable the console and routedesk api read ($(wc -l <"$tmp/e_code"))"
else
	not_ok "routedesk.1 ENVIRONMENT misses: $missing"
fi
env_of src/sandbox >"$tmp/e_code"
mdoc_args "$doc/routedesk-sandbox.1" ENVIRONMENT Ev | sort -u >"$tmp/e_page"
missing=$(only_in "$tmp/e_code" "$tmp/e_page")
if [ -z "$missing" ]; then ok "routedesk-sandbox.1 ENVIRONMENT has every variable the sandbox reads"
else not_ok "routedesk-sandbox.1 ENVIRONMENT misses: $missing"; fi

echo "1..$n"
# Failures are the "not ok" lines; a non-zero status would add an ERROR.
exit 0
