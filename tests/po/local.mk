## tests/po/local.mk: the translations cover every string of the sources.
TESTS += tests/po/catalogue.sh
EXTRA_DIST += tests/po/catalogue.sh
