#!/bin/sh
# tree.sh: HACKING.md names every file of the code and the tests, po/ lists every translated one, headers say their job, the layers' arrows hold.
# TAP.  Reads the source tree (top_srcdir), so it fails the day a file is
# added without its line in HACKING.md or its strings offered for translation.
top=${top_srcdir:-.}
cd "$top" || exit 1
srcroot=$(pwd)
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

# HACKING.md has a line for every file of these: the code, every test and
# its harness, the fuzz targets, the benchmarks, the tools, the themes, the
# manuals and design, CI, and each folder's build fragment (local.mk, *.mk).
mapped="src tests/lib tests/unit tests/api tests/sandbox tests/console tests/docs tests/po
  tests/completion tests/lsan.supp tests/tsan.supp fuzz bench tools themes doc docs contrib .ci"
# Left out, as data the tests read, each folder described as a whole at the
# end of HACKING.md (a line per envelope, screen or corpus input would say
# no more than its name): tests/fixtures/ (answers, records, the spec's
# tables), tests/console/golden/ (the screens a test compares with) and
# fuzz/corpus/ (the inputs make check replays).  Left out as well: m4/
# (only a .keep: the macros come from aclocal and autopoint) and po/ (the
# catalogues, which the checks below and tests/po/catalogue.sh keep whole).
# A .keep file holds nothing.
data="tests/fixtures tests/console/golden fuzz/corpus m4 po"
missing=""
count=0
for f in $(list $mapped | grep -Ev '\.keep$|^(tests/fixtures|tests/console/golden|fuzz/corpus)/'); do
  count=$((count + 1))
  grep -qF "$f" HACKING.md || missing="$missing $f"
done
if [ -z "$missing" ]; then ok "HACKING.md names each of the $count files of src, tests (fixtures and golden screens aside), fuzz (its corpus aside), bench, tools, themes, doc, docs, contrib and .ci"
else not_ok "HACKING.md does not name:$missing"; fi

# A folder added to the tree is named above, in one list or the other, so
# the check cannot pass by never looking at it.  A checkout's tracked
# files; a tarball's every file, less what autoreconf made there
# (build-aux/, and the top level's configure, Makefile.in ...: the
# top-level files are the project's own either way) and a build directory
# in it (distcheck builds in _build/sub of the unpacked tarball).
if [ "$in_git" = yes ]; then
  tree_files() { git ls-files | grep /; }
else
  tree_files() {
    find . -type f | sed 's|^\./||' | grep / | grep -Ev '^(build-aux|_build|build|build-[^/]*|_b|autom4te\.cache)/'
  }
fi
stray=""
for f in $(tree_files); do
  seen=no
  for p in $mapped $data; do
    case $f in "$p"|"$p"/*) seen=yes; break ;; esac
  done
  [ "$seen" = yes ] || stray="$stray $f"
done
if [ -z "$stray" ]; then ok "every folder is mapped in HACKING.md or left out on purpose"
else not_ok "files in no folder tree.sh maps or leaves out:$stray"; fi

missing=""
for f in $(grep -lE '(^|[^A-Za-z0-9_])N?C?_\("' $(list src | grep -E '\.c$')); do
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
  if xgettext -o "$pot" --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
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

# The layers' one-way arrows, as the includes show them: each folder may
# include only what its line allows (its own headers always).
#   common <- api <- model <- fetch <- ui <- cli;  common <- notify <- ui;
#   common <- sandbox, and inside it http -> ops -> store <- generate;
#   inside ui: theme <- base <- views <- forms <- the loop (src/ui).
allowed() {
  case $1 in
    src/common) echo "common" ;;
    src/api) echo "common api" ;;
    src/model) echo "common api model" ;;
    src/fetch) echo "common api model fetch" ;;
    src/notify) echo "common model notify" ;;
    src/ui/theme) echo "common ui/theme" ;;
    src/ui/base) echo "common api model fetch ui/base ui/theme" ;;
    src/ui/views) echo "common api model fetch ui/base ui/theme ui/views" ;;
    src/ui/forms) echo "common api model fetch ui/base ui/theme ui/views ui/forms" ;;
    src/ui) echo "common api model fetch notify ui" ;;
    src/cli) echo "common api model fetch notify ui cli" ;;
    src/sandbox/http) echo "common sandbox/http sandbox/sandbox.h sandbox/ops/handlers.h" ;;
    src/sandbox/ops) echo "common sandbox/ops sandbox/store sandbox/sandbox.h" ;;
    src/sandbox/store) echo "common sandbox/store" ;;
    src/sandbox/generate) echo "common sandbox/generate sandbox/store" ;;
    src/sandbox) echo "common sandbox" ;;
  esac
}
bad=""
for f in $(list src | grep -E '\.[ch]$'); do
  dir=$(dirname "$f")
  ok_list=$(allowed "$dir")
  for inc in $(sed -n 's/^#include "\([a-z_]*\/[^"]*\)".*/\1/p' "$f"); do
    fine=no
    for a in $ok_list; do
      case $inc in "$a"/*|"$a") fine=yes ;; esac
    done
    [ "$fine" = yes ] || bad="$bad $f->$inc"
  done
done
if [ -z "$bad" ]; then ok "every include follows the layers' arrows"
else not_ok "includes against the layers' arrows:$bad"; fi

bad=""
for f in $(list src | grep -E '\.[ch]$'); do
  case $f in src/ui/*) continue ;; esac
  grep -qE '#include <n?curses' "$f" && bad="$bad $f"
done
for f in $(list src | grep -E '\.[ch]$'); do
  case $f in src/api/*) continue ;; esac
  grep -q '#include <curl/' "$f" && bad="$bad $f"
done
for f in $(list src | grep -E '\.[ch]$'); do
  case $f in src/sandbox/store/*) continue ;; esac
  grep -q 'sqlite3' "$f" && bad="$bad $f"
done
if [ -z "$bad" ]; then ok "curses only in src/ui, curl only in src/api, SQLite only in src/sandbox/store"
else not_ok "curses, curl or SQLite out of place:$bad"; fi

# A file does one job in a few hundred lines; the resource table's rows
# are data and may run longer.
bad=""
for f in $(list src | grep -E '\.[ch]$'); do
  [ "$f" = src/common/resources_table.c ] && continue
  lines=$(wc -l <"$f")
  [ "$lines" -le 800 ] || bad="$bad $f($lines)"
done
if [ -z "$bad" ]; then ok "no source file over 800 lines (the resource table's data excepted)"
else not_ok "source files over 800 lines:$bad"; fi

# The same arrows in the calls the compiler saw: every object of the build
# (top_builddir) names the functions it calls, so a folder calling back up
# into one that calls it is a loop, whatever the includes say.  tsort finds
# it.  Only the libraries' objects count (tests link doubles of their own).
build=${top_builddir:-}
objs=""
# An object whose source is gone (a file moved to another folder, in a
# build directory kept across the move) is not part of the program.
[ -n "$build" ] && objs=$(cd "$build" && find src -name 'lib*.o' 2>/dev/null | sort |
  while read -r o; do
    src=$(dirname "$o")/$(basename "$o" .o | sed 's/^lib[^-]*-//').c
    [ -f "$srcroot/$src" ] && echo "$o"
  done)
if [ -z "$objs" ]; then
  not_ok "calls between folders go one way (no objects under top_builddir='$build': build first)"
else
  edges=$(cd "$build" && for o in $objs; do
      d=$(dirname "$o")
      nm --defined-only "$o" | awk -v d="$d" '$2 ~ /^[TDRB]$/ { print "D", $3, d }'
      nm -u "$o" | awk -v d="$d" -v f="$o" '{ print "U", $2, d, f }'
    done | awk '
      $1 == "D" { def[$2] = $3; next }
      { use[++n] = $0 }
      END {
        for (i = 1; i <= n; i++) {
          split(use[i], u, " ")
          if ((u[2] in def) && def[u[2]] != u[3]) print u[3], def[u[2]], u[2], u[4]
        }
      }')
  loop=$(echo "$edges" | awk '{ print $1, $2 }' | sort -u | tsort 2>&1 >/dev/null)
  if [ -z "$loop" ]; then ok "calls between folders go one way ($(echo "$edges" | awk '{ print $1, $2 }' | sort -u | wc -l) arrows)"
  else not_ok "a loop of calls between folders: $loop"; echo "$edges" | sed 's/^/# /'; fi

  # A pane opens another through ui_open; only views.c, the loop's
  # constructor table, names them, and the shared list code serves all.
  # Each view's defined names once (one nm per object), then each view's
  # undefined names looked up among the others'.
  bad=$(cd "$build" && for o in src/ui/views/lib*-view_*.o; do
      case $o in *view_common.o|*view_pane.o|*view_list.o|*view_list_names.o) continue ;; esac
      nm --defined-only "$o" | awk -v o="$(basename "$o")" '{ print "D", o, $3 }'
      nm -u "$o" | awk -v o="$(basename "$o")" '{ print "U", o, $2 }'
    done | awk '
      $1 == "D" { def[$3] = def[$3] " " $2; next }
      { use[++n] = $2 " " $3 }
      END {
        for (i = 1; i <= n; i++) {
          split(use[i], u, " ")
          if (!(u[2] in def)) continue
          k = split(def[u[2]], owners, " ")
          for (j = 1; j <= k; j++)
            if (owners[j] != u[1]) { print u[1], "calls", u[2]; break }
        }
      }')
  if [ -z "$bad" ]; then ok "no view calls another view"
  else not_ok "views calling each other: $bad"; fi
fi

echo "1..$n"
exit $fail
