/* term.h: the terminal: curses set-up and teardown, keys, signals, frame bytes, OSC 52. */
#ifndef ROUTEDESK_UI_TERM_H
#define ROUTEDESK_UI_TERM_H

struct strbuf;
struct ui;

enum {
	TERM_SIG_QUIT = 1u << 0,   /* SIGHUP, SIGTERM, SIGINT: leave cleanly */
	TERM_SIG_WINCH = 1u << 1,  /* the size changed (curses has a KEY_RESIZE queued) */
	TERM_SIG_STOP = 1u << 2,   /* SIGTSTP (Ctrl-Z): term_suspend */
};

/* 0 when term_open can have its terminal (stdin and stdout are one, or
 * script is set), else -1 with the message in err: asked before anything
 * slow starts (--demo's sandbox). */
int term_check(int script, struct strbuf *err);

/* Sets curses up (docs/design.md, section 7): newterm on the terminal
 * (stdin/stdout, both must be terminals), cbreak, noecho, keypad,
 * ESCDELAY 25 ms, no XON/XOFF (so C-s and C-q reach us and freeze
 * nothing), colours unless NO_COLOR or a mono terminal, the theme's pairs,
 * the mouse left off, and `endwin(); refresh();` once so ncurses writes
 * each frame with one write().  With script set, the screen lives in
 * memory: output to /dev/null, input from a pipe nothing writes to, size
 * from LINES/COLUMNS.  Installs the signal handlers (self-pipe).  0, or -1
 * with a message in err (nothing to undo then). */
int term_open(struct ui *ui, int script, struct strbuf *err);
/* endwin and restores the terminal.  SIGHUP, SIGTERM and SIGINT stay
 * caught (and are ignored) until the process ends, so a late one cannot
 * cut off the exit summary; SIGTSTP and SIGWINCH go back to the default.
 * Idempotent. */
void term_close(struct ui *ui);

/* The descriptors to poll: the terminal's input (-1 in script mode) and
 * the signal self-pipe. */
int term_input_fd(const struct ui *ui);
int term_signal_fd(const struct ui *ui);
/* Drains the self-pipe: TERM_SIG_* bits of what arrived. */
unsigned term_signals(struct ui *ui);

/* Ctrl-Z: leaves curses' mode, stops the process the default way, and
 * on fg marks the screen for a whole redraw (the caller marks its panes
 * dirty).  Nothing in script mode. */
void term_suspend(struct ui *ui);

/* doupdate(), and with ROUTEDESK_TRACE a "frame BYTES WRITES" line: the
 * bytes ncurses wrote to the terminal for this frame (counted by the
 * kernel's per-thread write accounting: ncurses writes with write(2) on
 * the descriptor itself, so a FILE-level counting layer would see
 * nothing). */
void term_update(struct ui *ui);

/* Puts text on the clipboard of the terminal (OSC 52; inside tmux both
 * plain and wrapped for passthrough), after the next doupdate.  0 when
 * sent, 1 when sent through tmux (whose settings decide whether it gets
 * through: set-clipboard on, or allow-passthrough on), -1 when there is
 * no terminal. */
int term_copy(struct ui *ui, const char *text);

/* Script mode: resizes the in-memory screen.  0 or -1. */
int term_resize(struct ui *ui, int lines, int cols);

/* The next key from the terminal (a character, or KEYF | a curses code):
 * one term_escape read and left, else one queued; -1 when none is. */
int term_key(struct ui *ui);
/* After term_key gave an Esc: reads the escape sequence it starts when the
 * rest is queued behind it and ncurses did not know it (base/keyseq.h).
 * Returns the key to act on: 27 when Esc stands alone, the key a common
 * form stands for, or -1 when the sequence is dropped, with said set to
 * the message that says so.  A key read after it and not part of it
 * is term_key's next. */
int term_escape(struct ui *ui, struct strbuf *said);

#endif
