/* term.c: curses on the terminal (or in memory for scripts), keys and the escape sequences it does not know, signals, frame bytes, OSC 52. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "common/utf8.h"
#include "ui/app.h"
#include "ui/base/keyseq.h"
#include "ui/term.h"

struct term {
	SCREEN *screen;
	FILE *out, *in;
	int script;
	int input_pipe[2];         /* script mode: curses' input, never written */
	int io_fd;                 /* /proc/thread-self/io when tracing, else -1 */
	struct sigaction old_winch, old_pipe;
	int sig_wfd;               /* the self-pipe's write end, to close */
	struct strbuf copy;        /* OSC 52 to send after the next frame */
	int next_key;              /* read after an Esc, not part of its sequence; or -1 */
	const char *paste_on, *paste_off; /* bracketed paste, or NULL (paste_mode) */
};

/* The self-pipe: written by the handlers, read by the loop.  sig_wfd is
 * -1 once the screen is closed: a quit signal then only counts (the
 * shutdown it asks for is already under way). */
static volatile sig_atomic_t sig_wfd = -1;
static int sig_rfd = -1;
/* Keys are read as UTF-8 bytes (read_utf8), not by wget_wch: in a UTF-8
 * locale, and in the C locale's ASCII, where any byte above 0x7F is
 * invalid to wget_wch and it lost the keys queued behind it. */
static int utf8_input;
static void (*chained_winch)(int);

static void on_signal(int sig)
{
	int saved = errno;
	int fd = sig_wfd;
	char b = sig == SIGWINCH ? 'W' : sig == SIGTSTP ? 'Z' : 'Q';

	if (fd >= 0)
		(void)!write(fd, &b, 1);
	/* ncurses' own SIGWINCH handler queues the KEY_RESIZE. */
	if (sig == SIGWINCH && chained_winch)
		chained_winch(sig);
	errno = saved;
}

static void install(int sig, struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, old);
}

static int open_signals(struct term *t, struct strbuf *err)
{
	int p[2];
	struct sigaction ign;

	if (pipe2(p, O_CLOEXEC | O_NONBLOCK) < 0) {
		strbuf_addf(err, _("cannot set up the signal pipe: %s"), strerror(errno));
		return -1;
	}
	sig_rfd = p[0];
	t->sig_wfd = sig_wfd = p[1];
	/* No old handlers kept for these: what was there is ncurses' own
	 * (newterm installs it), which ends the process with _exit(1) and
	 * would, put back at term_close, cut off the exit summary of writes
	 * and the demo's clean-up for a signal that came late. */
	install(SIGHUP, NULL);
	install(SIGTERM, NULL);
	install(SIGINT, NULL);
	if (!t->script) {
		/* Ctrl-Z through the loop (term_suspend), not ncurses' handler:
		 * that one calls endwin() and doupdate() inside the signal,
		 * maybe in the middle of a frame.  Left alone when ignored (a
		 * shell without job control started us). */
		struct sigaction cur;

		if (sigaction(SIGTSTP, NULL, &cur) == 0 && cur.sa_handler != SIG_IGN)
			install(SIGTSTP, NULL);
		install(SIGWINCH, &t->old_winch);
		if (!(t->old_winch.sa_flags & SA_SIGINFO) && t->old_winch.sa_handler != SIG_DFL &&
		    t->old_winch.sa_handler != SIG_IGN)
			chained_winch = t->old_winch.sa_handler;
	}
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, &t->old_pipe);
	return 0;
}

/* SIGHUP, SIGTERM and SIGINT keep on_signal, writing nowhere, until the
 * process ends: the console is on its way out, and what is left (the
 * writes' summary, the drafts, the demo sandbox stopped) must finish.
 * SIGTSTP and SIGWINCH go back to the default: ncurses' handlers would
 * touch a screen that is gone. */
static void close_signals(struct term *t)
{
	struct sigaction dfl;

	sig_wfd = -1;
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	if (!t->script) {
		sigaction(SIGTSTP, &dfl, NULL);
		sigaction(SIGWINCH, &dfl, NULL);
	}
	sigaction(SIGPIPE, &t->old_pipe, NULL);
	chained_winch = NULL;
	if (sig_rfd >= 0)
		close(sig_rfd);
	if (t->sig_wfd >= 0)
		close(t->sig_wfd);
	sig_rfd = t->sig_wfd = -1;
}

/* Flow control off: C-s must not freeze the screen of a dispatcher who
 * pressed it by habit, and C-q is left free too. */
static void no_flow_control(int fd)
{
	struct termios tio;

	if (tcgetattr(fd, &tio) == 0) {
		tio.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
		/* C-c comes as a key, not as SIGINT: a prompt's C-c cancels it
		 * (app_key quits on it elsewhere, as the signal did). */
		tio.c_cc[VINTR] = _POSIX_VDISABLE;
		tcsetattr(fd, TCSANOW, &tio);
	}
}

int term_check(int script, struct strbuf *err)
{
	if (!script && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		strbuf_adds(err, _("the console needs a terminal on stdin and stdout "
		                   "(for scripted runs set ROUTEDESK_SCRIPT)"));
		return -1;
	}
	return 0;
}

/* A string capability of the terminal description, or NULL. */
static const char *cap(const char *name)
{
	const char *s = tigetstr(name);

	return s && s != (const char *)-1 && *s ? s : NULL;
}

/*
 * Bracketed paste: the terminal marks pasted text (ESC [ 200 ~ ... ESC [
 * 201 ~) and the console takes it as text, never as keys (dispatch.c).
 * The terminal description's BE and BD say how to ask; screen's and
 * rxvt's descriptions leave them out though both terminals do it, as tmux
 * does under TERM=screen.  A terminal that does not know the mode ignores
 * the request, and a paste is then typed as before.
 */
static void paste_find(struct term *t)
{
	const char *name = getenv("TERM");

	t->paste_on = cap("BE");
	t->paste_off = cap("BD");
	if ((!t->paste_on || !t->paste_off) && name &&
	    (strncmp(name, "screen", 6) == 0 || strncmp(name, "rxvt", 4) == 0)) {
		t->paste_on = "\033[?2004h";
		t->paste_off = "\033[?2004l";
	}
	if (!t->paste_on || !t->paste_off)
		t->paste_on = t->paste_off = NULL;
}

/* Asks for bracketed paste (on) or stops (off), between frames. */
static void paste_mode(struct term *t, int on)
{
	const char *s = on ? t->paste_on : t->paste_off;

	if (!s || t->script)
		return;
	fputs(s, t->out);
	fflush(t->out);
}

static int open_screen(struct ui *ui, struct term *t, struct strbuf *err)
{
	const char *term_name = getenv("TERM");

	if (t->script) {
		t->out = fopen("/dev/null", "w");
		if (!t->out || pipe2(t->input_pipe, O_CLOEXEC) < 0) {
			strbuf_addf(err, _("cannot set up the script screen: %s"), strerror(errno));
			return -1;
		}
		t->in = fdopen(t->input_pipe[0], "r");
		if (!t->in) {
			strbuf_addf(err, _("cannot set up the script screen: %s"), strerror(errno));
			return -1;
		}
		t->input_pipe[0] = -1; /* now the FILE's */
	} else {
		if (term_check(0, err) < 0)
			return -1;
		t->out = stdout;
		t->in = stdin;
	}
	t->screen = newterm(term_name && *term_name ? NULL : "xterm", t->out, t->in);
	if (!t->screen) {
		strbuf_addf(err, _("cannot start the screen for TERM=%s"),
		            term_name ? term_name : "(unset)");
		return -1;
	}
	set_term(t->screen);
	/* LANG=C (or unset) over SSH from a UTF-8 terminal, a common case:
	 * wget_wch took "Nu\xc3\xb1ez" typed in a form as "Nu", the bytes
	 * after the first above 0x7F gone with it.  A terminal that sends
	 * such bytes at all sends UTF-8 today, and read_utf8 keeps the
	 * letter whole (the screen shows it folded, as every name in an
	 * ASCII locale) and drops a stray Latin-1 byte alone. */
	utf8_input = strcmp(nl_langinfo(CODESET), "UTF-8") == 0 ||
	             strcmp(nl_langinfo(CODESET), "ANSI_X3.4-1968") == 0;
	/* Without cursor addressing (TERM=dumb, or a description that lacks
	 * it) curses draws nothing useful: a blank screen that still acted on
	 * keys.  Said and refused, as a missing terminal is. */
	if (!t->script && !cap("cup")) {
		endwin();
		delscreen(t->screen);
		t->screen = NULL;
		strbuf_addf(err, _("the terminal TERM=%s cannot place the cursor, which the console "
		                   "needs: set TERM to your terminal's type (xterm-256color, screen, "
		                   "linux ...)"),
		            term_name ? term_name : "(unset)");
		return -1;
	}
	paste_find(t);
	(void)ui;
	return 0;
}

int term_open(struct ui *ui, int script, struct strbuf *err)
{
	struct term *t = xcalloc(1, sizeof(*t));

	t->script = script;
	t->input_pipe[0] = t->input_pipe[1] = -1;
	t->io_fd = -1;
	t->next_key = -1;
	if (open_screen(ui, t, err) < 0) {
		if (t->in && t->in != stdin)
			fclose(t->in);
		if (t->out && t->out != stdout)
			fclose(t->out);
		if (t->input_pipe[0] >= 0)
			close(t->input_pipe[0]);
		if (t->input_pipe[1] >= 0)
			close(t->input_pipe[1]);
		free(t);
		return -1;
	}
	ui->term = t;
#ifdef ENABLE_NLS
	/* The screen's text is UTF-8 whatever the locale (list_fit folds it
	 * for a terminal that cannot show it); gettext gave the catalogue's
	 * strings in the locale's charset, and under es_ES.ISO-8859-1 the
	 * header read "T\xe9cnico" and "d\xeda", each escape four columns. */
	bind_textdomain_codeset(PACKAGE, "UTF-8");
#endif
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	/* Frames are drawn whole: we read every queued key before drawing. */
	typeahead(-1);
	if (!script) {
		no_flow_control(STDIN_FILENO);
		def_prog_mode();
		/* Clicks and the wheel where the terminal reports them ([ui]
		 * mouse = no leaves it selecting text). */
		if (ui->config.mouse)
			mousemask((mmask_t)action_mouse_mask(), NULL);
	}
	ui->use_color = theme_want_color();
	if (ui->use_color && start_color() != ERR) {
		if (use_default_colors() == ERR)
			assume_default_colors(COLOR_WHITE, COLOR_BLACK);
	} else {
		ui->use_color = 0;
	}
	theme_apply(&ui->theme, ui->use_color);
	/* Debian's ncurses writes per cursor move until the first endwin();
	 * after it, one write() per refresh (TESTING.md). */
	endwin();
	refresh();
	paste_mode(t, 1);
	if (trace_on())
		t->io_fd = open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC);
	if (open_signals(t, err) < 0) {
		term_close(ui);
		return -1;
	}
	return 0;
}

void term_close(struct ui *ui)
{
	struct term *t = ui->term;

	if (!t)
		return;
	endwin();
#ifdef ENABLE_NLS
	/* What is printed after the screen (the writes' summary) goes to the
	 * terminal as the locale writes it. */
	bind_textdomain_codeset(PACKAGE, nl_langinfo(CODESET));
#endif
	paste_mode(t, 0);
	close_signals(t);
	delscreen(t->screen);
	if (t->script) {
		fclose(t->out);
		fclose(t->in);
		if (t->input_pipe[1] >= 0)
			close(t->input_pipe[1]);
	}
	if (t->io_fd >= 0)
		close(t->io_fd);
	strbuf_free(&t->copy);
	free(t);
	ui->term = NULL;
}

int term_input_fd(const struct ui *ui)
{
	const struct term *t = ui->term;

	return t && !t->script ? STDIN_FILENO : -1;
}

int term_signal_fd(const struct ui *ui)
{
	(void)ui;
	return sig_rfd;
}

unsigned term_signals(struct ui *ui)
{
	char buf[64];
	unsigned bits = 0;
	ssize_t n;

	(void)ui;
	if (sig_rfd < 0)
		return 0;
	while ((n = read(sig_rfd, buf, sizeof(buf))) > 0)
		for (ssize_t i = 0; i < n; i++)
			bits |= buf[i] == 'W' ? TERM_SIG_WINCH : buf[i] == 'Z' ? TERM_SIG_STOP : TERM_SIG_QUIT;
	return bits;
}

void term_suspend(struct ui *ui)
{
	struct term *t = ui->term;
	struct sigaction dfl, ours;

	if (!t || t->script)
		return;
	endwin();
	paste_mode(t, 0);
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, &ours);
	/* Stops here until fg (SIGCONT); the fetch thread, whose signals
	 * are blocked, stops with the process. */
	raise(SIGTSTP);
	sigaction(SIGTSTP, &ours, NULL);
	paste_mode(t, 1);
	/* The shell wrote over the screen meanwhile: the next frame is
	 * whole, and its refresh puts the terminal back in curses' mode. */
	clearok(curscr, TRUE);
}

/* wchar and syscw of this thread, or -1. */
static int thread_io(int fd, long long *bytes, long long *calls)
{
	char buf[512];
	ssize_t n;
	char *p;

	if (fd < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strstr(buf, "wchar:");
	if (!p)
		return -1;
	*bytes = strtoll(p + 6, NULL, 10);
	p = strstr(buf, "syscw:");
	*calls = p ? strtoll(p + 6, NULL, 10) : 0;
	return 0;
}

static void write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t w = write(fd, s, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w;
		len -= (size_t)w;
	}
}

void term_update(struct ui *ui)
{
	struct term *t = ui->term;
	long long b0 = 0, c0 = 0, b1 = 0, c1 = 0;
	int counted;

	if (!t)
		return;
	counted = trace_on() && thread_io(t->io_fd, &b0, &c0) == 0;
	doupdate();
	if (counted && thread_io(t->io_fd, &b1, &c1) == 0)
		trace_event("frame", "%lld %lld", b1 - b0, c1 - c0);
	else if (trace_on())
		trace_event("frame", "? ?");
	if (t->copy.len && !t->script) {
		write_all(STDOUT_FILENO, t->copy.buf, t->copy.len);
		strbuf_reset(&t->copy);
	}
}

static void base64(struct strbuf *out, const unsigned char *s, size_t len)
{
	static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	for (size_t i = 0; i < len; i += 3) {
		unsigned v = (unsigned)s[i] << 16;

		if (i + 1 < len)
			v |= (unsigned)s[i + 1] << 8;
		if (i + 2 < len)
			v |= s[i + 2];
		strbuf_addc(out, tab[(v >> 18) & 63]);
		strbuf_addc(out, tab[(v >> 12) & 63]);
		strbuf_addc(out, i + 1 < len ? tab[(v >> 6) & 63] : '=');
		strbuf_addc(out, i + 2 < len ? tab[v & 63] : '=');
	}
}

int term_copy(struct ui *ui, const char *text)
{
	struct term *t = ui->term;
	struct strbuf seq = STRBUF_INIT;
	const char *tmux = getenv("TMUX");

	if (!t)
		return -1;
	strbuf_adds(&seq, "\033]52;c;");
	base64(&seq, (const unsigned char *)text, strlen(text));
	strbuf_addc(&seq, '\a');
	strbuf_reset(&t->copy);
	strbuf_add(&t->copy, seq.buf, seq.len);
	if (tmux && *tmux) {
		/* tmux takes the plain sequence itself with set-clipboard on
		 * (and passes it on to its terminal); it drops the form wrapped
		 * in DCS with every ESC doubled unless allow-passthrough is on,
		 * which then reaches the terminal.  Either may be off, so both
		 * go; with both on the terminal is told twice, which is harmless. */
		strbuf_adds(&t->copy, "\033Ptmux;");
		for (size_t i = 0; i < seq.len; i++) {
			if (seq.buf[i] == '\033')
				strbuf_addc(&t->copy, '\033');
			strbuf_addc(&t->copy, seq.buf[i]);
		}
		strbuf_adds(&t->copy, "\033\\");
	}
	strbuf_free(&seq);
	return tmux && *tmux ? 1 : 0;
}

int term_resize(struct ui *ui, int lines, int cols)
{
	struct term *t = ui->term;

	if (!t || lines < 1 || cols < 1 || lines > 1000 || cols > 1000)
		return -1;
	return resize_term(lines, cols) == OK ? 0 : -1;
}

/* wgetch's byte or key code, or ERR when none came within wait_ms. */
static int read_byte(int wait_ms)
{
	int c;

	if (wait_ms > 0)
		wtimeout(stdscr, wait_ms);
	c = wgetch(stdscr);
	if (wait_ms > 0)
		nodelay(stdscr, TRUE);
	return c;
}

/* One UTF-8 character from the bytes wgetch gives, or -1 when none came.
 * ncurses' wget_wch drops the byte that shows a sequence invalid along
 * with it: "A\xc3(B" (Latin-1 text pasted) gave "AB", the "(" typed
 * lost.  Here an invalid byte alone is dropped and what follows it is
 * read as a key of its own. */
static int read_utf8(int wait_ms)
{
	for (;;) {
		int c = read_byte(wait_ms), n, i;
		uint32_t cp;

		if (c == ERR)
			return -1;
		if (c >= KEY_MIN)
			return (int)(KEYF | c);
		if (c < 0x80)
			return c;
		n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
		cp = (uint32_t)c & (0x3fu >> n);
		for (i = 0; i < n; i++) {
			/* The rest of a character comes with it; a terminal's
			 * read may cut a long paste between its bytes. */
			int b = read_byte(get_escdelay());

			if (b == ERR)
				break;
			if (b >= KEY_MIN || (b & 0xc0) != 0x80) {
				ungetch(b);
				break;
			}
			cp = cp << 6 | (uint32_t)(b & 0x3f);
		}
		if (i < n || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			continue;
		if (n)
			return (int)cp;
	}
}

/* The next key as one int, or -1 when none came within wait_ms. */
static int read_key(int wait_ms)
{
	wint_t wc;
	int rc;

	if (utf8_input)
		return read_utf8(wait_ms);
	if (wait_ms > 0)
		wtimeout(stdscr, wait_ms);
	rc = wget_wch(stdscr, &wc);
	if (wait_ms > 0)
		nodelay(stdscr, TRUE);
	if (rc == ERR)
		return -1;
	return rc == KEY_CODE_YES ? (int)(KEYF | (int)wc) : (int)wc;
}

int term_key(struct ui *ui)
{
	struct term *t = ui->term;
	int key = t->next_key;

	t->next_key = -1;
	return key >= 0 ? key : read_key(0);
}

int term_escape(struct ui *ui, struct strbuf *said)
{
	struct keyseq s;
	enum keyseq_step step = KEYSEQ_MORE;
	struct term *t = ui->term;
	struct strbuf name = STRBUF_INIT;
	const char *term_name = getenv("TERM");
	int key;

	strbuf_reset(said);
	keyseq_start(&s);
	/* Only what is queued: ncurses already waited ESCDELAY before it gave
	 * us this Esc, so an Esc pressed alone acts at once, and a key typed
	 * after it is a key of its own. */
	key = read_key(0);
	while (key >= 0 && (step = keyseq_feed(&s, key)) == KEYSEQ_MORE)
		/* A sequence has begun: wait for its rest as ncurses waits
		 * between the bytes of the sequences it knows. */
		key = read_key(get_escdelay());
	if (step == KEYSEQ_NOT)
		t->next_key = key;
	if (keyseq_lone_esc(&s))
		return 27;
	key = keyseq_key(&s);
	keyseq_name(&s, &name);
	trace_event("keyseq", "%s %s", name.buf, key >= 0 ? "mapped" : "dropped");
	if (key < 0) {
		struct strbuf term = STRBUF_INIT;

		utf8_escape_controls(&term, term_name ? term_name : "",
		                     term_name ? strlen(term_name) : 0);
		strbuf_addf(said, _("Unknown key %s ignored (TERM=%s)"), name.buf, term.buf);
		strbuf_free(&term);
	}
	strbuf_free(&name);
	return key;
}
