/* test_ui_term.c: the terminal's signals: a quit reaches the loop while the screen is up, and is caught (not fatal) after. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "ui/base/console.h"
#include "ui/term.h"

static int setup(void **state)
{
	(void)state;
	/* Script mode's screen lives in memory, sized from these. */
	setenv("LINES", "24", 1);
	setenv("COLUMNS", "80", 1);
	setenv("TERM", "xterm-256color", 1);
	setenv("NO_COLOR", "1", 1);
	return 0;
}

static struct ui *open_ui(void)
{
	struct ui *ui = calloc(1, sizeof(*ui));
	struct strbuf err = STRBUF_INIT;

	assert_non_null(ui);
	assert_int_equal(term_open(ui, 1, &err), 0);
	strbuf_free(&err);
	return ui;
}

/* While the screen is up, SIGTERM, SIGINT and SIGHUP reach the loop as a
 * quit through the self-pipe. */
static void test_quit_signals_reach_the_loop(void **state)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP };
	struct ui *ui = open_ui();

	(void)state;
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		assert_int_equal(term_signals(ui), 0);
		raise(sigs[i]);
		assert_int_equal(term_signals(ui), TERM_SIG_QUIT);
	}
	term_close(ui);
	free(ui);
}

/* After term_close the console is still finishing: the exit summary of
 * its writes, the drafts, a demo sandbox to stop.  A late SIGTERM used to
 * find ncurses' own handler put back (it calls _exit(1)) and a SIGHUP the
 * default: either ended this test program here, the summary lost. */
static void test_late_quit_signal_is_caught(void **state)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP };
	struct ui *ui = open_ui();

	(void)state;
	term_close(ui);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa;

		raise(sigs[i]);
		assert_int_equal(sigaction(sigs[i], NULL, &sa), 0);
		assert_true(sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN);
	}
	/* A second screen (a test opening two) gets its quits again. */
	term_close(ui);
	free(ui);
	ui = open_ui();
	raise(SIGTERM);
	assert_int_equal(term_signals(ui), TERM_SIG_QUIT);
	term_close(ui);
	free(ui);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quit_signals_reach_the_loop),
		cmocka_unit_test(test_late_quit_signal_is_caught),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
