## tests/sandbox/local.mk: the sandbox over HTTP (TAP shell tests).
