#!/bin/sh
# tree.sh: HACKING.md names every source file, po/ lists every translated one, headers say their job.
# TAP.  Reads the source tree (top_srcdir), so it fails the day a file is
# added without its line in HACKING.md or its strings offered for translation.
top=${top_srcdir:-.}
cd "$top" || exit 1
n=0
fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); fail=1; echo "not ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

# The tracked files when this tree is itself a git checkout; otherwise (a
# dist tarball, even one unpacked inside another checkout, as distcheck
# does) every file on disk.
in_git=no
if top_git=$(git rev-parse --show-toplevel 2>/dev/null) && [ "$top_git" = "$(pwd -P)" ]; then
  in_git=yes
fi
list() {
  if [ "$in_git" = yes ]; then
    git ls-files -- "$@"
  else
    find "$@" -type f 2>/dev/null | sed 's|^\./||'
  fi
}

missing=""
for f in $(list src tests/lib bench tools themes | grep -Ev '(^|/)local\.mk$|\.keep$'); do
  grep -qF "$f" HACKING.md || missing="$missing $f"
done
if [ -z "$missing" ]; then ok "HACKING.md names every file of src, tests/lib, bench, tools and themes"
else not_ok "HACKING.md does not name:$missing"; fi

missing=""
for f in $(grep -lE '(^|[^A-Za-z0-9_])N?_\("' $(list src | grep -E '\.c$')); do
  grep -qx "$f" po/POTFILES.in || missing="$missing $f"
done
if [ -z "$missing" ]; then ok "po/POTFILES.in lists every source file with translatable strings"
else not_ok "po/POTFILES.in misses:$missing"; fi

gone=""
for f in $(grep -v '^#' po/POTFILES.in | grep -v '^$'); do
  [ -f "$f" ] || gone="$gone $f"
done
if [ -z "$gone" ]; then ok "every file po/POTFILES.in lists exists"
else not_ok "po/POTFILES.in lists missing files:$gone"; fi

if command -v xgettext >/dev/null 2>&1; then
  pot=$(mktemp)
  if xgettext -o "$pot" --from-code=UTF-8 --keyword=_ --keyword=N_ \
       $(grep -v '^#' po/POTFILES.in | grep -v '^$') 2>"$pot.err"; then
    count=$(grep -c '^msgid ' "$pot")
    if [ "$count" -gt 50 ]; then ok "xgettext extracts $count messages"
    else not_ok "xgettext extracted only $count messages"; fi
  else
    not_ok "xgettext fails: $(head -n 3 "$pot.err")"
  fi
  rm -f "$pot" "$pot.err"
else
  skip "xgettext extracts the messages" "xgettext not installed"
fi

bad=""
for f in $(list src | grep -E '\.[ch]$'); do
  head -n 1 "$f" | grep -qE "^/\* $(basename "$f"): .+\*/$" || bad="$bad $f"
done
if [ -z "$bad" ]; then ok "every src file opens with a one-line comment naming its job"
else not_ok "files without a one-line header comment:$bad"; fi

echo "1..$n"
exit $fail
