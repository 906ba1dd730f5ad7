#!/bin/sh
# i18n_es.sh: the console in Spanish at 80x24 (private es_ES.UTF-8 locale, built catalogue): header, tabs, form, help, errors; a customer's detail at 100 columns; es_ES.ISO-8859-1 folded, never escaped; numbers still read with a point.
#
# Nothing is installed: localedef makes the locale under $CS_DIR/locale
# (LOCPATH), the built po/es.gmo is copied to
# $CS_DIR/share/locale/es/LC_MESSAGES/routedesk.mo, and ROUTEDESK_LOCALEDIR
# points the console there.  Every screen read here must also fit 80
# columns, with the header's budget still on it.
. "$top_srcdir/tests/lib/console.sh"
cs_setup

D=$CS_DIR

grep -q '^#define ENABLE_NLS 1' "$top_builddir/config.h" 2>/dev/null ||
	skip_all "built without native language support (ENABLE_NLS)"
command -v localedef >/dev/null 2>&1 || skip_all "localedef is not installed (Debian package libc-bin)"
mkdir -p "$D/locale" "$D/share/locale/es/LC_MESSAGES"
localedef -i es_ES -f UTF-8 "$D/locale/es_ES.UTF-8" >"$D/localedef.out" 2>&1
if [ "$(LOCPATH="$D/locale" LC_ALL=es_ES.UTF-8 locale charmap 2>/dev/null)" != UTF-8 ]; then
	skip_all "cannot make the es_ES.UTF-8 locale (Debian package locales): $(head -c 200 "$D/localedef.out")"
fi
# The catalogue the build made (gettext's po/Makefile writes it in the
# source tree's po/, also in a VPATH build); compiled here when there is
# none, or when po/es.po was edited since (make -C po update-gmo remakes it).
mo=$D/share/locale/es/LC_MESSAGES/routedesk.mo
for g in "$top_builddir/po/es.gmo" "$top_srcdir/po/es.gmo"; do
	if [ -f "$g" ] && [ -z "$(find "$top_srcdir/po/es.po" -newer "$g")" ]; then
		cp "$g" "$mo"
		break
	fi
done
if [ ! -f "$mo" ]; then
	command -v msgfmt >/dev/null 2>&1 || skip_all "no current po/es.gmo and no msgfmt"
	msgfmt -o "$mo" "$top_srcdir/po/es.po" || { echo "Bail out! msgfmt po/es.po failed"; exit 99; }
fi

cs_sandbox_start

# From here on every program (tmux, the console, wc) runs in Spanish.
export LOCPATH="$D/locale" LANG=es_ES.UTF-8 LANGUAGE=es LC_ALL='' \
	ROUTEDESK_LOCALEDIR="$D/share/locale"

# fits FILE: no line of FILE is wider than 80 columns (counted as
# characters in the UTF-8 locale: every glyph here is one column).
fits() {
	cs_w=$(wc -L <"$1")
	[ "$cs_w" -le 80 ] && return 0
	note "$1 has a line $cs_w columns wide:"
	show "$1"
	return 1
}

# budget FILE: the header (line 1) still ends with the read budget.
budget() {
	# At 80 columns the minute's figure gives way to the next refresh's
	# time: "quedan 2991 lect./día".
	if sed -n 1p "$1" | grep -Eq 'quedan [0-9?]+ lect\.((/min [0-9]+)?/día)? *$'; then
		return 0
	fi
	note "the header of $1 does not end with the budget:"
	show "$1"
	return 1
}

# ---- script mode: the same catalogue without a terminal ------------------

ok "--help is in Spanish" sh -c '"$1" --help | grep -q "^uso: routedesk \[--account NOMBRE\]"' - "$CS_BIN"
"$CS_BIN" api --no-such-option >"$D/api.out" 2>"$D/api.err"
rc=$?
ok "routedesk api: a bad option is refused in Spanish (exit $rc)" \
	sh -c 'test "$1" = 2 && grep -q "opción desconocida .--no-such-option." "$2"' - "$rc" "$D/api.err"

s=$(cs_script es <<'EOF'
:save-display s-routes.txt
:info
:save-display s-info.txt
-
5
:save-display s-tickets.txt
:date mañana
:save-display s-date.txt
EOF
)
LINES=24 COLUMNS=80 cs_run "$s"
ok "a script runs the Spanish console at 80x24 and exits 0" test "$CS_RC" = 0
ok "script: the Routes pane has Spanish columns" has "$D/s-routes.txt" '^ Ruta +Técnico +R/P/A/C '
ok "script: at 80 columns the Routes pane still says what its flags mean" \
	has "$D/s-routes.txt" '^ Marcas: L bloqueada, ! alerta del día, N notas del día'
ok ":info labels are Spanish" \
	has_all "$D/s-info.txt" '^ Qué +Valor' '^.Cuenta +\(del entorno\)' '^ Lecturas libres +[0-9]+ en este minuto, [0-9]+ hoy \(las de la cuenta\)' '^ Modo +lectura y escritura'
ok "the Tickets pane (Facturas) has Spanish columns" \
	has_all "$D/s-tickets.txt" '\[5 Facturas\]' '^ +ID Fecha fact\. +Cliente +Total +Saldo +Estado'
ok "Tickets: a ticket with a balance is abierta, one without pagada" \
	has_all "$D/s-tickets.txt" ' abierta$' ' pagada$' '^ Estado: (abierta|pagada)'
ok "a bad :date is explained in Spanish" has "$D/s-date.txt" "^! ':date mañana': se esperaba AAAA-MM-DD, today, \\+N o -N"
# The help at 80 columns cuts a long description at the edge ("Atrás;
# desde otro panel a Rutas; en Rutas,…"): the selected key's row is read
# whole in the preview below the list, as :messages' are.
s=$(cs_script es-help <<'EOF'
?
j
:save-display s-help.txt
EOF
)
LINES=24 COLUMNS=80 cs_run "$s"
ok "the help at 80x24 runs in a script (exit $CS_RC)" test "$CS_RC" = 0
ok "the help cuts q's description in its column" has "$D/s-help.txt" '^.q +back +Atrás; desde otro panel a Rutas; en Rutas,…$'
ok "the help's preview has the selected key's description whole" \
	has "$D/s-help.txt" '^ q  back  Atrás; desde otro panel a Rutas; en Rutas, salir$'
ok "script: the help fits 80 columns" fits "$D/s-help.txt"

# :info wraps a long value onto the rows below it, never cuts it: it
# wrapped one column wider than the Value column, so a piece that filled
# the width lost its last letters to "…" ("([ui] read_shar…" at 87
# columns, "0 enviadas…" at 91).  Every width from 80 to 110.
s=$(cs_script es-info-widths <<'EOF'
:info
:save-display s-info-w.txt
EOF
)
info_cut=
for w in $(seq 80 110); do
	LINES=30 COLUMNS=$w cs_run "$s" >/dev/null || { info_cut="$info_cut $w(exit $CS_RC)"; continue; }
	n=$(wc -l <"$D/s-info-w.txt")
	if sed -n "3,$((n - 2))p" "$D/s-info-w.txt" | grep -q '…'; then
		info_cut="$info_cut $w"
		sed -n "3,$((n - 2))p" "$D/s-info-w.txt" | grep '…' | sed "s/^/# $w: /"
	fi
done
ok ":info cuts no value at 80 to 110 columns (cut at:${info_cut:- none})" test -z "$info_cut"

# Money under a locale whose decimal mark is a comma: the service writes
# "123.45", and the console must still read it as a number with cents
# (setlocale(LC_ALL) alone made strtod stop at the point, so a sort by
# balance ignored the cents).
s=$(cs_script es-sort <<'EOF'
3
>
>
>
>
>
>
I
g
:save-display s-bal.txt
EOF
)
LINES=24 COLUMNS=80 cs_run "$s"
ok "six times > and I sort Customers by Saldo, descending" has "$D/s-bal.txt" ' Saldo▼ '
# At 80 columns the Estado word gives way to the name: the balance ends the row.
desc_cents() {
	rows "$1" | grep -E '^ *[0-9]+ ' | LC_ALL=C awk -v prev=1e18 \
		'{ b = $NF + 0; if (b > prev) { bad = 1; print "# out of order: " $0 } prev = b } END { exit bad }'
}
ok "the balances are in descending order, cents included" desc_cents "$D/s-bal.txt"
points() { rows "$1" | grep -Eq ' [0-9]+\.[0-9]{2}$'; }
ok "the balances keep their decimal point" points "$D/s-bal.txt"

# The customer's detail, drilled to from a route's stop, at 100 columns:
# what the header calls the record is a word of the language, never
# the API's resource name ("Detalle: customer #10131" it was).
s=$(cs_script es-detail <<'EOF'
Enter
Enter
:save-display s-detail.txt
v
/
"status"
Enter
:save-display s-detail-raw.txt
EOF
)
LINES=24 COLUMNS=100 cs_run "$s"
ok "Routes -> Stops -> the customer's detail at 100 columns (exit $CS_RC)" test "$CS_RC" = 0
ok "the detail's header names a Cliente, not a customer" \
	has "$D/s-detail.txt" '^ 2026-11-20 vie │ Detalle: Cliente #[0-9]+ · '
# The tabs and the trail do not fit whole in 100 columns in Spanish: the
# longest label shrinks, never all of them to bare numbers ("2  3  4").
ok "at 100 columns the tabs keep their labels, the longest cut (Suscripcion…)" \
	has "$D/s-detail.txt" '^\[1 Rutas\] 2 Paradas  3 Clientes  4 Suscripcion…  5 Facturas  6 Cronograma +Rutas › Paradas › Detalle$'
# Its status in the Customers list's word ("activo"), not the service's
# statusText ("Estado Active" it read); the raw record (v) keeps both.
ok "the detail's Estado is the list's word (activo), not the API's Active" \
	has "$D/s-detail.txt" '^ Estado +activo( |$)'
ok "the raw record (v) still shows statusText as the service sent it" \
	has_all "$D/s-detail-raw.txt" '^.status +1 *$' '^.statusText +Active *$'

for f in s-routes s-info s-tickets s-date; do
	ok "script: $f fits 80 columns" fits "$D/$f.txt"
	ok "script: $f keeps the budget in the header" budget "$D/$f.txt"
done

# ---- counts in a language whose plural is not English's ------------------

# A customer's detail counts its open tickets and inactive subscriptions:
# "1 abiertas", "+1 inactivas" it said in Spanish, the count put in a
# text made for many.  A catalogue of the test's own, whose plural rule
# picks the second form for one (no language does; the old code, asking
# gettext for the text alone, always got the first), tells ngettext from
# gettext on Reed, Thomas (one open ticket, one inactive subscription).
if command -v msgfmt >/dev/null 2>&1; then
	mkdir -p "$D/plural/xx/LC_MESSAGES"
	cat >"$D/plural/xx.po" <<'EOF'
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n == 1);\n"

msgid "%lld open, "
msgid_plural "%lld open, "
msgstr[0] "%lld MANY-open, "
msgstr[1] "%lld ONE-open, "

msgid " (+%lld inactive)"
msgid_plural " (+%lld inactive)"
msgstr[0] " (+%lld MANY-inactive)"
msgstr[1] " (+%lld ONE-inactive)"
EOF
	msgfmt -o "$D/plural/xx/LC_MESSAGES/routedesk.mo" "$D/plural/xx.po"
	s=$(cs_script es-plural <<'EOF'
:cust Reed
Enter
:save-display s-plural.txt
EOF
)
	LANGUAGE=xx ROUTEDESK_LOCALEDIR="$D/plural" LINES=24 COLUMNS=80 cs_run "$s"
	ok "Reed, Thomas's detail under a catalogue of plurals (exit $CS_RC)" test "$CS_RC" = 0
	ok "one open ticket is counted in the singular" has "$D/s-plural.txt" ' 1 ONE-open, '
	ok "one inactive subscription is counted in the singular" has "$D/s-plural.txt" ' \(\+1 ONE-inactive\)'
else
	skip "counts in the singular under a catalogue of plurals" "msgfmt is not installed"
fi

# ---- the Routes pane in a real terminal ------------------------------------

if ! command -v tmux >/dev/null 2>&1; then
	skip "the Spanish console in a real terminal" "tmux is not installed"
	tap_done
	exit 0
fi
tmux_start 80 24
ok "the Routes pane appears at 80x24" tmux_wait "$D/routes.txt" ' 1/8 *$'
ok "the header: the date with a Spanish weekday" has "$D/routes.txt" '^ 2026-11-20 vie │ '
ok "the header: the data's age in Spanish" has "$D/routes.txt" ' hace <?[0-9]+ min │ quedan '
ok "the header keeps the read budget visible, in Spanish" budget "$D/routes.txt"
ok "the tabs are Spanish" has "$D/routes.txt" '^\[1 Rutas\] 2 Paradas  3 Clientes  4 Suscripciones  5 Facturas'
# The count of stops is five columns wide: its own word, not the pane's
# title cut ("Para…", an install audit's).
ok "the Routes columns are Spanish, none cut" has "$D/routes.txt" '^ Ruta +Técnico +R/P/A/C +Total +Horario +Adeudo +Marca$'
ok "a route without a technician says SIN ASIGNAR" has "$D/routes.txt" ' SIN ASIGNAR '
ok "the key hints are Spanish" has "$D/routes.txt" '^ \? ayuda  q atrás  : comando  / filtrar  Enter abrir '
ok "no English column title or hint is left" hasnt "$D/routes.txt" 'Technician|UNASSIGNED|reads left| help | back '
ok "the Routes screen fits 80 columns" fits "$D/routes.txt"

tmux_keys '?'
ok "? shows the help (Rutas › Ayuda)" tmux_wait "$D/help.txt" 'Rutas › Ayuda *$'
ok "the help's columns are Spanish" has "$D/help.txt" '^ Teclas +Acción +Qué hace'
ok "the help describes the keys in Spanish" has_all "$D/help.txt" \
	'Mostrar las teclas y lo que hacen' 'Atrás; desde otro panel a Rutas'
ok "the help fits 80 columns" fits "$D/help.txt"
ok "the help's header keeps the budget" budget "$D/help.txt"
tmux_keys q
ok "q closes the help" tmux_wait "$D/nohelp.txt" '^ Ruta +Técnico '

tmux_keys Enter
ok "Enter opens the route's stops (Rutas › Paradas)" tmux_wait "$D/stops.txt" 'Rutas › Paradas *$'
ok "the stops are listed" tmux_wait "$D/stops.txt" ' 1/[0-9]+ *$'
# At 80 columns Tel. (call ahead), Entr-Sal and Ciudad give way to the name.
ok "the Stops columns are Spanish" has "$D/stops.txt" '^ +# Horario +Cliente +Servicio +Estado +Adeudo$'
ok "the stop's preview is Spanish" has_all "$D/stops.txt" '^ Saldo: [0-9-]' \
	'(^| {2,})(✓ realizada|· pendiente|✗ ausente|⊘ cancelada|↻ reprogramada)( |$)'
ok "the Stops screen fits 80 columns" fits "$D/stops.txt"
ok "the Stops header keeps the budget" budget "$D/stops.txt"
tmux_keys Escape
ok "Esc goes back to Routes" tmux_wait "$D/back.txt" '^ Ruta +Técnico '

# An error: the server goes away, r asks again.
cs_sandbox_stop
tmux_keys r
ok "with the server gone the header says SIN CONEXIÓN" tmux_wait "$D/offline.txt" 'SIN CONEXIÓN │'
ok "the message says what failed, in Spanish" has "$D/offline.txt" '^! Red: falló la actualización \('
ok "offline, the header still shows the budget" budget "$D/offline.txt"
ok "the offline screen fits 80 columns" fits "$D/offline.txt"

tmux_keys Q
status=$(tmux_wait_exit 30)
ok "Q ends the console with exit status 0 ($status)" test "$status" = 0
ok "nothing went to stderr" sh -c '! test -s "$1"' - "$D/tmux.err"
tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1

# ---- the note form on the Customers pane -----------------------------------

cs_sandbox_start
tmux_start 80 24 --view customers
ok "the Customers pane is listed (Clientes)" tmux_wait "$D/customers.txt" ' 1/300 *$' 60
ok "the Customers columns are Spanish" \
	has "$D/customers.txt" '^ +ID Nombre +Empresa +Ciudad +Teléfono +Saldo$'
ok "the Customers screen fits 80 columns" fits "$D/customers.txt"
tmux_keys A
ok "A opens the note form (Agregar una nota)" tmux_wait "$D/note.txt" '\[ Revisar \]'
ok "the form's labels are Spanish" has_all "$D/note.txt" '^  Cliente \* ' '^  Tipo de nota \*' '^> Texto \*' \
	'^  Mostrar al técnico ' '^  Motivo de cancelación'
ok "the form's buttons and keys are Spanish" \
	has_all "$D/note.txt" '\[ Cancelar \]' '^Tab/S-Tab mueven · Enter: siguiente o nueva línea · Esc cierra \(guarda borrador\)'
ok "the form says what it is" has "$D/note.txt" '^ Agregar una nota · cliente [0-9]+'
ok "the form fits 80 columns" fits "$D/note.txt"
ok "the form's header keeps the budget" budget "$D/note.txt"
tmux_keys BTab BTab Enter
ok "Revisar on an empty note names the missing field in Spanish" \
	tmux_wait "$D/note-bad.txt" '^! (Tipo de nota|Texto): campo obligatorio'
tmux_keys Escape
ok "Esc closes the empty form" tmux_wait "$D/note-closed.txt" ' 1/300 *$'
tmux_keys A 'cuidado con el perro' Tab 3
ok "the text typed with A is in the form" tmux_wait "$D/note2.txt" '^  Texto \* +cuidado con el perro'
tmux_keys BTab BTab BTab Enter
ok "Revisar shows what will be sent, in Spanish" \
	tmux_wait "$D/preview.txt" '¿Enviar esto\? Van al servidor exactamente estos valores:'
ok "the preview says how to send or go back" \
	has "$D/preview.txt" 'y: lo envía \(una vez\)  n, Esc o Enter: vuelve al formulario'
ok "the preview fits 80 columns" fits "$D/preview.txt"
tmux_keys n
ok "n goes back to the form" tmux_wait "$D/back-form.txt" '\[ Revisar \]'
tmux_keys Escape
ok "Esc closes the form keeping a draft, said in Spanish" \
	tmux_wait "$D/note-kept.txt" '^Cerrado; borrador guardado \(la misma tecla'
ok "the draft screen fits 80 columns" fits "$D/note-kept.txt"
tmux_keys Q
status=$(tmux_wait_exit 30)
ok "Q ends the console with exit status 0 ($status)" test "$status" = 0
ok "nothing went to stderr" sh -c '! test -s "$1"' - "$D/tmux.err"
ok "nothing was written to the server" test "$(cs_count note content='cuidado con el perro')" = 0

tmux -L "$CS_TMUX" kill-server >/dev/null 2>&1 || true

# ---- es_ES.ISO-8859-1: Spanish on an 8-bit terminal -------------------
# gettext gives the catalogue's strings in the locale's charset: Latin-1
# bytes, which the console's UTF-8 drawing escaped ("T\xe9cnico", four
# columns for one letter).  Now the letters are folded as names are.
localedef -i es_ES -f ISO-8859-1 "$D/locale/es_ES.ISO-8859-1" >"$D/localedef-l1.out" 2>&1
if [ "$(LOCPATH="$D/locale" LC_ALL=es_ES.ISO-8859-1 locale charmap 2>/dev/null)" = ISO-8859-1 ]; then
	s=$(cs_script es-latin1 <<'EOF'
:save-display l1-routes.txt
2
A
:save-display l1-form.txt
Esc
1
3
:save-display l1-cust.txt
Enter
:save-display l1-detail.txt
6
:save-display l1-timeline.txt
?
:save-display l1-help.txt
q
:info
:save-display l1-info.txt
q
:messages
j
:save-display l1-messages.txt
EOF
)
	# A config warning is translated before the screen opens, in the
	# locale's charset: on the message line it read "secci\xf3n".
	mkdir -p "$XDG_CONFIG_HOME/routedesk"
	printf '[bogus]\nx = 1\n' >"$XDG_CONFIG_HOME/routedesk/config"
	LANG=es_ES.ISO-8859-1 LINES=24 COLUMNS=80 cs_run "$s"
	rm -f "$XDG_CONFIG_HOME/routedesk/config"
	ok "es_ES.ISO-8859-1: the console runs and exits 0 ($CS_RC)" test "$CS_RC" = 0
	# The message's detail wraps where the test's directory name ends it.
	tr '\n' ' ' <"$D/l1-messages.txt" | tr -s ' ' >"$D/l1-messages.joined"
	ok "es_ES.ISO-8859-1: the config's warning, made before the screen, is folded (seccion)" \
		has "$D/l1-messages.joined" 'seccion desconocida \[bogus\]'
	ok "es_ES.ISO-8859-1: on standard error it is written in the locale's charset" \
		env LC_ALL=C grep -q "config:1: secci$(printf '\363')n desconocida \\[bogus\\]" "$D/err"
	ok "es_ES.ISO-8859-1: the column titles are Spanish, folded (Tecnico)" \
		has "$D/l1-routes.txt" '^ Ruta +Tecnico +R/P/A/C '
	ok "es_ES.ISO-8859-1: the header's budget reads /dia" has "$D/l1-routes.txt" '/dia *$'
	ok "es_ES.ISO-8859-1: the form's labels are folded (Mostrar al tecnico)" \
		has "$D/l1-form.txt" '^  Mostrar al tecnico +\[ \] no$'
	ok "es_ES.ISO-8859-1: the legend is folded too (alerta del dia)" \
		has "$D/l1-routes.txt" '^ Marcas: L bloqueada, ! alerta del dia, '
	for f in l1-routes l1-form l1-cust l1-detail l1-timeline l1-help l1-info l1-messages; do
		ok "es_ES.ISO-8859-1: $f.txt has no escaped byte (\\xe9)" hasnt "$D/$f.txt" '\\x[0-9a-f][0-9a-f]'
		ok "es_ES.ISO-8859-1: $f.txt is printable ASCII, as the terminal shows it" no_utf8 "$D/$f.txt"
	done
else
	skip "es_ES.ISO-8859-1: cannot make the locale: $(head -c 200 "$D/localedef-l1.out")"
fi

# ---- numbers the program reads are C numbers, whatever the locale ---------

# es_ES writes 1,5 for one and a half.  What the console reads (the wire's
# "7248.06", settings such as ROUTEDESK_SCRIPT_TIMEOUT=1.5) is written with
# a point: under setlocale(LC_ALL, "") alone strtod stopped at it, and this
# timeout became 1 s... or, as 0.5, no timeout at all (the 30 s default).
cs_sandbox_stop
cs_sandbox_start --latency 4000
s=$(cs_script es-timeout <<'EOF'
3
:save-display never.txt
EOF
)
ROUTEDESK_SCRIPT_TIMEOUT=0.5 LINES=24 COLUMNS=80 cs_run "$s"
ok "ROUTEDESK_SCRIPT_TIMEOUT=0.5 is half a second under es_ES: the script gives up (exit $CS_RC)" \
	test "$CS_RC" != 0
ok "the give-up message is Spanish and names the timeout" has "$D/err" 'routedesk: .*: .* 0 s'
tap_done
