#!/bin/sh
# options.sh: routedesk-sandbox's command line: bad options refused with exit status 2 and one clear line, before any warning.
. "$top_srcdir/tests/lib/console.sh"
cs_setup
D=$CS_DIR

# run ARGS...: the sandbox's exit status in RC, its stderr in $D/err.
run() {
	timeout 20 "$CS_SANDBOX" "$@" >"$D/out" 2>"$D/err" </dev/null
	RC=$?
}

run --listen 1.2.3.4:99999
ok "--listen with a port past 65535: exit status 2 ($RC)" test "$RC" -eq 2
ok "... naming the port" has "$D/err" "--listen port: '99999' is not a whole number from 0 to 65535"
# An install audit read a warning about the address first, for an option
# refused anyway.
ok "... and no warning about an address never used" hasnt "$D/err" 'warning'
run --listen 127.0.0.1:x
ok "--listen 127.0.0.1:x: exit status 2 ($RC)" test "$RC" -eq 2
run --listen '::1:8080'
ok "an IPv6 address without brackets: exit status 2, saying to bracket it" \
	has "$D/err" 'write an IPv6 address in brackets'
run --faults 'nosuch:0.5'
ok "--faults with an unknown kind: exit status 2 ($RC)" test "$RC" -eq 2
ok "... naming the kinds" has "$D/err" 'unknown kind'
run --generate -5
ok "--generate -5: exit status 2 ($RC)" test "$RC" -eq 2
run --bogus
ok "an unknown option: exit status 2 ($RC)" test "$RC" -eq 2
ok "... said by the program's name, not the path it was run by" \
	has "$D/err" "^routedesk-sandbox: unrecognized option '--bogus'"

tap_done
