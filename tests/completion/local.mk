## tests/completion/local.mk: the shell completion, driven in bash and loaded in zsh, over the built routedesk.
COMPLETION_TESTS = tests/completion/bash.sh tests/completion/zsh.sh
TESTS += $(COMPLETION_TESTS)
EXTRA_DIST += $(COMPLETION_TESTS)
tests/completion/bash.log tests/completion/zsh.log: contrib/completion/routedesk \
	contrib/completion/_routedesk routedesk$(EXEEXT)
# Where make install puts _routedesk (make expands ${datadir} and the rest),
# for zsh.sh to ask zsh whether it looks there.
AM_TESTS_ENVIRONMENT += zsh_completion_dir='$(ZSH_COMPLETIONS_DIR)'; export zsh_completion_dir;
