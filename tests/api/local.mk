## tests/api/local.mk: the client and routedesk api against a running sandbox.
