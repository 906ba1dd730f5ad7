#!/bin/sh
# configure.sh: a missing library is named by configure with the Debian package to install, as the README lists them; the summary says what a missing optional one costs.
# TAP.  configure is run in a directory of its own against a pkg-config
# search path of symbolic links to every .pc file but the one taken away,
# so nothing is uninstalled.  Before, a missing required library gave
# pkg-config's "Package requirements (libcurl >= 7.68) were not met" and
# advice about PKG_CONFIG_PATH, and the summary's "libnotify: no" did not
# say what went instead (an install audit's finding).
top=$(cd "${top_srcdir:-.}" && pwd) || exit 99
LC_ALL=C
export LC_ALL
n=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; }
note() { printf '%s\n' "$@" | sed 's/^/# /'; }

echo "1..4"
# tools/deps installs both: without them there is nothing to take away.
if [ ! -x "$top/configure" ] || ! pkg-config --exists libcurl libnotify 2>/dev/null; then
	echo "Bail out! no configure, or libcurl or libnotify not installed (tools/deps)"
	exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rdconf.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
# A build in the source directory itself (./configure && make check, as
# the README's "Building by hand" does): configure refuses a second build
# of a configured tree, so it runs from a copy of the sources without the
# build's own files.
if [ -f "$top/config.status" ]; then
	mkdir "$tmp/src" &&
		(cd "$top" && tar cf - --exclude=.git --exclude='*.o' --exclude='*.a' \
			--exclude=config.status --exclude=config.h --exclude=config.log \
			--exclude=_build --exclude=.deps .) | (cd "$tmp/src" && tar xf -) || exit 99
	top=$tmp/src
fi

# without MODULE: $tmp/MODULE, a pkg-config directory of every .pc but
# MODULE's.
without() {
	mkdir -p "$tmp/$1"
	for d in $(printf '%s:%s' "${PKG_CONFIG_PATH:-}" "$(pkg-config --variable pc_path pkg-config)" |
	           tr ':' ' '); do
		[ -d "$d" ] || continue
		for f in "$d"/*.pc; do
			[ -f "$f" ] || continue
			case ${f##*/} in
			"$1.pc") ;;
			*) [ -e "$tmp/$1/${f##*/}" ] || ln -s "$f" "$tmp/$1/" ;;
			esac
		done
	done
}

# conf MODULE ARGS...: configure without MODULE, its output in $tmp/out.
conf() {
	m=$1
	shift
	without "$m"
	rm -rf "$tmp/build"
	mkdir "$tmp/build"
	(cd "$tmp/build" && PKG_CONFIG_LIBDIR="$tmp/$m" PKG_CONFIG_PATH= \
		"$top/configure" "$@" >"$tmp/out" 2>&1)
}

if conf libcurl --with-libnotify=no; then
	not_ok "configure without libcurl fails"
else
	ok "configure without libcurl fails"
fi
if grep -q 'apt-get install libcurl4-openssl-dev' "$tmp/out" &&
   grep -q 'routedesk needs libcurl >= 7.68' "$tmp/out"; then
	ok "its error names the library and the Debian package"
else
	not_ok "its error names the library and the Debian package"
	note "$(tail -n 12 "$tmp/out")"
fi

# Every package configure names is in the README's list.
missing=
for p in $(sed -n 's/^RD_REQUIRE_PKG(\[[A-Z]*\], \[[^]]*\], \[\([^]]*\)\]).*/\1/p' \
           "$top/configure.ac"); do
	grep -q "$p" "$top/README.md" || missing="$missing $p"
done
if [ -z "$missing" ] && grep -q '^RD_REQUIRE_PKG(\[CURL\]' "$top/configure.ac"; then
	ok "configure's packages are the README's"
else
	not_ok "configure's packages are the README's"
	note "not in README.md:$missing"
fi

if conf libnotify && grep -q 'libnotify: *no (libnotify-dev not found: notifications go to' "$tmp/out"; then
	ok "without libnotify the summary says what goes instead"
else
	not_ok "without libnotify the summary says what goes instead"
	note "$(grep -i 'libnotify' "$tmp/out")"
fi
