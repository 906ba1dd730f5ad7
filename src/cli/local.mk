## src/cli/local.mk: the routedesk program (console and `routedesk api`).
bin_PROGRAMS += routedesk
routedesk_SOURCES = src/cli/main.c src/cli/cli.h \
	src/cli/cmd_api.c \
	src/cli/args.c src/cli/args.h \
	src/cli/share.c src/cli/share.h \
	src/cli/redact.c src/cli/redact.h
routedesk_CFLAGS = $(AM_CFLAGS) $(CURL_CFLAGS) $(NCURSES_CFLAGS)
routedesk_LDADD = $(UI_LIBS) $(LIBINTL)
