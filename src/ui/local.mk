## src/ui/local.mk: the console (the only code that touches curses) and its views.
noinst_LIBRARIES += src/ui/libui.a
src_ui_libui_a_CFLAGS = $(AM_CFLAGS) $(NCURSES_CFLAGS) $(CURL_CFLAGS)
src_ui_libui_a_SOURCES = \
	src/ui/base/ui.h src/ui/base/view.h \
	src/ui/app.c src/ui/app.h src/ui/announce.c \
	src/ui/loop.c src/ui/loop.h \
	src/ui/sync.c \
	src/ui/days.c \
	src/ui/kept.c \
	src/ui/alerts.c src/ui/alerts.h \
	src/ui/panes.c \
	src/ui/dispatch.c \
	src/ui/screen.c \
	src/ui/panels.c \
	src/ui/term.c src/ui/term.h \
	src/ui/demo.c src/ui/demo.h \
	src/ui/base/state.c src/ui/base/state.h \
	src/ui/base/list.c src/ui/base/list.h src/ui/base/list_impl.h src/ui/base/list_draw.c \
	src/ui/base/list_layout.c src/ui/base/list_preview.c src/ui/base/list_sort.c \
	src/ui/base/action.c src/ui/base/action.h \
	src/ui/base/keyseq.c src/ui/base/keyseq.h \
	src/ui/theme/theme.c src/ui/theme/theme.h src/ui/theme/themes_shipped.h \
	src/ui/script.c src/ui/script.h src/ui/script_run.c \
	src/ui/base/cmdline.c src/ui/base/cmdline.h \
	src/ui/views/view_common.c src/ui/views/view_common.h \
	src/ui/views/view_pane.c src/ui/views/view_pane.h \
	src/ui/views/view_list.c src/ui/views/view_list.h src/ui/views/view_list_names.c \
	src/ui/views/view_routes.c \
	src/ui/views/view_stops.c \
	src/ui/views/view_timeline.c \
	src/ui/views/timeline_layout.c src/ui/views/timeline_layout.h \
	src/ui/views/view_customers.c \
	src/ui/views/view_subscriptions.c \
	src/ui/views/view_tickets.c \
	src/ui/views/view_notes.c \
	src/ui/views/view_detail.c src/ui/views/view_text.c \
	src/ui/views/detail_summary.c src/ui/views/detail_summary.h \
	src/ui/views/views.c src/ui/views/views.h \
	src/ui/base/console.h src/ui/base/services.c \
	src/ui/base/warm.c src/ui/base/warm.h \
	src/ui/forms/form.c src/ui/forms/form.h src/ui/forms/form_time.c src/ui/forms/form_values.c \
	src/ui/forms/form_base.c src/ui/forms/form_base.h \
	src/ui/forms/form_draw.c src/ui/forms/form_draw.h \
	src/ui/forms/form_keys.c src/ui/forms/form_keys.h \
	src/ui/forms/forms.c src/ui/forms/forms.h src/ui/forms/forms_int.h \
	src/ui/forms/forms_run.c src/ui/forms/forms_lists.c src/ui/forms/forms_target.c \
	src/ui/forms/forms_addon.c src/ui/forms/forms_check.c src/ui/forms/forms_dispatch.c \
	src/ui/forms/forms_stale.c src/ui/forms/forms_exit.c \
	src/ui/forms/draft.c src/ui/forms/draft.h \
	src/ui/views/activity.c src/ui/views/activity.h
UI_LIBS = src/ui/libui.a src/notify/librdnotify.a $(FETCH_LIBS) $(NCURSES_LIBS) $(LIBNOTIFY_LIBS) $(LIBINTL)

# Themes: installed for every user (to copy and edit); ROUTEDESK_THEME_PATH
# points tests at the source tree.
themesdir = $(pkgdatadir)/themes
THEME_FILES = \
	themes/default.theme \
	themes/light.theme \
	themes/mono.theme \
	themes/colorblind.theme
dist_themes_DATA = $(THEME_FILES)
# ... and built in (tools/embed-themes): a program run from its build tree,
# or installed without its data, still has every shipped theme.  Every
# program compiling theme.c lists the generated table among its nodist
# sources, so that any target asked for (tools/check --fuzz builds only
# some) generates it first.
THEMES_SHIPPED = src/ui/theme/themes_shipped.c
nodist_src_ui_libui_a_SOURCES = $(THEMES_SHIPPED)
CLEANFILES += $(THEMES_SHIPPED)
EXTRA_DIST += tools/embed-themes
$(THEMES_SHIPPED): $(THEME_FILES:%=$(top_srcdir)/%) $(top_srcdir)/tools/embed-themes
	$(AM_V_GEN)$(MKDIR_P) src/ui/theme && \
	$(SHELL) $(top_srcdir)/tools/embed-themes $(THEME_FILES:%=$(top_srcdir)/%) >$@-t && \
	mv $@-t $@

# Tests find the shipped themes in the source tree, never an installed copy
# (distcheck runs them before installing, and a stale /usr/local one would win).
AM_TESTS_ENVIRONMENT += ROUTEDESK_THEME_PATH='$(abs_top_srcdir)/themes'; \
	export ROUTEDESK_THEME_PATH;
