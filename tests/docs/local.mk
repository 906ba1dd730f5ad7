## tests/docs/local.mk: the tree's documentation and translations stay current.
TESTS += tests/docs/tree.sh
EXTRA_DIST += tests/docs/tree.sh
