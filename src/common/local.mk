## src/common/local.mk: the common library (no I/O policy, no curses, no network).
noinst_LIBRARIES += src/common/libcommon.a
src_common_libcommon_a_SOURCES = \
	src/common/resources.c src/common/resources_table.c src/common/resources.h \
	src/common/strbuf.c src/common/strbuf.h \
	src/common/utf8.c src/common/utf8.h \
	src/common/dates.c src/common/dates.h \
	src/common/ini.c src/common/ini.h \
	src/common/hash.c src/common/hash.h \
	src/common/geo.c src/common/geo.h \
	src/common/i18n.h \
	src/common/trace.c src/common/trace.h
