## contrib/completion/local.mk: bash and zsh completion, made from their templates at build time and installed.
## The templates name the installed theme directory as @pkgdatadir@, which
## make fills in (pkgdatadir is known only to make, not to configure).  The
## bash one is installed as "routedesk" in bash-completion's directory
## (configure: --with-bash-completion-dir), the zsh one as _routedesk in
## zsh's (--with-zsh-completion-dir); "no" installs it nowhere.
COMPLETION_FILES = contrib/completion/routedesk contrib/completion/_routedesk
EXTRA_DIST += contrib/completion/routedesk.bash.in contrib/completion/_routedesk.in
CLEANFILES += $(COMPLETION_FILES)
noinst_DATA = $(COMPLETION_FILES)

if INSTALL_BASH_COMPLETION
bashcompletiondir = $(BASH_COMPLETIONS_DIR)
bashcompletion_DATA = contrib/completion/routedesk
endif
if INSTALL_ZSH_COMPLETION
zshcompletiondir = $(ZSH_COMPLETIONS_DIR)
zshcompletion_DATA = contrib/completion/_routedesk
endif

COMPLETION_EDIT = sed -e 's|@pkgdatadir[@]|$(pkgdatadir)|g'

contrib/completion/routedesk: contrib/completion/routedesk.bash.in Makefile
	$(AM_V_GEN)$(MKDIR_P) contrib/completion && rm -f $@ $@.tmp && \
	$(COMPLETION_EDIT) $(srcdir)/contrib/completion/routedesk.bash.in >$@.tmp && mv $@.tmp $@

contrib/completion/_routedesk: contrib/completion/_routedesk.in Makefile
	$(AM_V_GEN)$(MKDIR_P) contrib/completion && rm -f $@ $@.tmp && \
	$(COMPLETION_EDIT) $(srcdir)/contrib/completion/_routedesk.in >$@.tmp && mv $@.tmp $@
