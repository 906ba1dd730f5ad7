## tests/docs/local.mk: the tree's documentation and translations stay current.
TESTS += tests/docs/tree.sh
EXTRA_DIST += tests/docs/tree.sh

## manpages: mandoc -T lint on every page; the options of each --help, the
## default key map, the `:` commands, the config keys and the environment
## the code reads, each against its page, both ways.  docdump prints the
## console's own tables (src/ui/action.c, cmdline.c, the config parsers).
check_PROGRAMS += tests/docs/docdump
tests_docs_docdump_SOURCES = tests/docs/docdump.c
tests_docs_docdump_LDADD = $(UI_LIBS)
TESTS += tests/docs/manpages.sh
EXTRA_DIST += tests/docs/manpages.sh

## configure: a missing library named with the Debian package to install,
## the summary saying what a missing optional one costs.
TESTS += tests/docs/configure.sh
EXTRA_DIST += tests/docs/configure.sh
