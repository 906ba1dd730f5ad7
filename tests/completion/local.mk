## tests/completion/local.mk: the shell completion, driven in bash and loaded in zsh, over the built routedesk.
COMPLETION_TESTS = tests/completion/bash.sh tests/completion/zsh.sh
TESTS += $(COMPLETION_TESTS)
EXTRA_DIST += $(COMPLETION_TESTS)
tests/completion/bash.log tests/completion/zsh.log: contrib/completion/routedesk \
	contrib/completion/_routedesk routedesk$(EXEEXT)
# Where make install puts _routedesk by default with --prefix=/usr and with
# /usr/local (configure's rule), for zsh.sh to ask zsh whether it looks
# there: asked of the rule, not of this build, whose prefix may be
# distcheck's scratch one.
AM_TESTS_ENVIRONMENT += zsh_completion_usr='$(ZSH_COMPLETIONS_USR)'; \
	zsh_completion_local='$(ZSH_COMPLETIONS_LOCAL)'; \
	export zsh_completion_usr zsh_completion_local;
