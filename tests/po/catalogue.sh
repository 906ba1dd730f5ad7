#!/bin/sh
# catalogue.sh: every translatable string of the sources is translated (not fuzzy) in each po/LL.po of po/LINGUAS.
# TAP.  Builds a fresh template from po/POTFILES.in with xgettext (the
# options of po/Makevars), merges each catalogue of po/LINGUAS with it in a
# temporary file, and lists the messages that come out untranslated or
# fuzzy: a string added to the code without its translation fails here,
# before anyone sees English in a translated console.
top=${top_srcdir:-.}
cd "$top" || exit 1
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; }

for tool in xgettext msgmerge msgattrib msgfmt; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "1..0 # SKIP $tool is not installed (Debian package gettext)"
    exit 0
  fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rdpo.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

# msgids FILE: the messages of a PO file, one a line (header left out),
# each followed by where the code has it.
msgids() {
  awk '
    /^#: / { loc = loc " " substr($0, 4); next }
    /^msgid "/ { id = substr($0, 7); inid = 1; next }
    /^"/ && inid { id = id $0; next }
    /^msgid_plural / || /^msgstr/ {
      if (inid) {
        gsub(/"\n?"/, "", id); gsub(/^"|"$/, "", id)
        if (length(id) > 150) id = substr(id, 1, 150) "..."
        if (id != "") print "#   " id "  (" substr(loc, 2) ")"
      }
      inid = 0; loc = ""; next
    }
    /^$/ { loc = "" }
  ' "$1"
}

# The codes of po/LINGUAS, one a line (comments and blanks dropped).
langs=$(sed -e 's/#.*//' po/LINGUAS | tr ' \t' '\n\n' | sed '/^$/d')
if echo "$langs" | grep -qx es; then
  ok "po/LINGUAS lists es"
else
  not_ok "po/LINGUAS does not list es (it lists: $(echo "$langs" | tr '\n' ' '))"
fi

# The template as `make -C po update-po` builds it, from the same options.
opts=$(sed -n 's/^XGETTEXT_OPTIONS[[:space:]]*=[[:space:]]*//p' po/Makevars)
# shellcheck disable=SC2086 # the options are words
if xgettext --default-domain=routedesk --directory=. --add-comments=TRANSLATORS: \
     --files-from=po/POTFILES.in --msgid-bugs-address=routedesk-issues@localhost \
     $opts -o "$tmp/routedesk.pot" 2>"$tmp/xgettext.err" && [ -f "$tmp/routedesk.pot" ]; then
  total=$(grep -c '^msgid ' "$tmp/routedesk.pot")
  ok "xgettext builds a template from po/POTFILES.in ($((total - 1)) messages)"
else
  not_ok "xgettext fails on po/POTFILES.in: $(head -n 3 "$tmp/xgettext.err")"
  echo "1..$n"
  exit 0
fi
if [ -s "$tmp/xgettext.err" ]; then
  not_ok "xgettext warns: $(head -n 3 "$tmp/xgettext.err" | tr '\n' ' ')"
else
  ok "xgettext has no warning"
fi

for l in $langs; do
  po=po/$l.po
  if [ ! -f "$po" ]; then
    not_ok "$po exists (po/LINGUAS lists $l)"
    continue
  fi
  if ! msgmerge --quiet -o "$tmp/$l.po" "$po" "$tmp/routedesk.pot" 2>"$tmp/$l.err"; then
    not_ok "msgmerge $po with the sources' template: $(head -n 3 "$tmp/$l.err")"
    continue
  fi
  msgattrib --untranslated --no-obsolete "$tmp/$l.po" >"$tmp/$l.untranslated"
  msgids "$tmp/$l.untranslated" >"$tmp/$l.missing"
  if [ -s "$tmp/$l.missing" ]; then
    not_ok "$po lacks $(wc -l <"$tmp/$l.missing") message(s) of the sources (make -C po update-po, then translate):"
    cat "$tmp/$l.missing"
  else
    ok "$po translates every message of the sources"
  fi
  msgattrib --only-fuzzy --no-obsolete "$tmp/$l.po" >"$tmp/$l.fuzzy"
  msgids "$tmp/$l.fuzzy" >"$tmp/$l.fuzzies"
  if [ -s "$tmp/$l.fuzzies" ]; then
    not_ok "$po has $(wc -l <"$tmp/$l.fuzzies") fuzzy translation(s) against the sources (check, then drop the fuzzy flag):"
    cat "$tmp/$l.fuzzies"
  else
    ok "no translation of $po is fuzzy against the sources"
  fi
  # The catalogue as committed: well-formed (printf directives, plurals,
  # header) and wholly translated, as msgfmt counts it.
  if stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
    if echo "$stats" | grep -Eq '^[0-9]+ translated messages?\.$'; then
      ok "msgfmt --check --statistics $po: $stats"
    else
      not_ok "msgfmt --check --statistics $po is not all translated: $(echo "$stats" | tr '\n' ' ')"
    fi
  else
    not_ok "msgfmt --check $po fails:"
    echo "$stats" | sed 's/^/#   /'
  fi
  # A legend names its column as the column's title is translated:
  # "D/P/N/C: done, pending..." said "D/P/N/C" in Spanish over a column
  # titled "R/P/A/C".  For each message "TITLE: ..." whose TITLE (with a
  # slash, an abbreviation's mark) is a message too.
  bad=$(awk '
    function flush() {
      if (id != "" && ctx == "") tr[id] = str
      id = ""; str = ""; ctx = ""; state = ""
    }
    /^msgctxt "/ { flush(); ctx = substr($0, 10); state = "c"; next }
    /^msgid "/ { if (state != "c") flush(); id = substr($0, 8); sub(/"$/, "", id); state = "i"; next }
    /^msgstr "/ { str = substr($0, 9); sub(/"$/, "", str); state = "s"; next }
    /^"/ { v = substr($0, 2); sub(/"$/, "", v)
      if (state == "i") id = id v; else if (state == "s") str = str v; next }
    /^$/ { flush() }
    END {
      flush()
      for (m in tr) {
        c = index(m, ": ")
        if (!c) continue
        t = substr(m, 1, c - 1)
        if (t !~ /\// || !(t in tr) || tr[t] == "" || tr[m] == "") continue
        if (index(tr[m], tr[t] ": ") != 1) print "#   " m "  (" t " is " tr[t] ")"
      }
    }' "$tmp/$l.po")
  if [ -z "$bad" ]; then
    ok "$po: each legend names its column as the column is translated"
  else
    not_ok "$po: a legend names its column otherwise than the column's title:"
    echo "$bad"
  fi
  if grep -q '^"Plural-Forms: nplurals=INTEGER' "$po"; then
    not_ok "$po has no Plural-Forms of its own"
  else
    ok "$po states its Plural-Forms"
  fi
done

echo "1..$n"
exit 0
