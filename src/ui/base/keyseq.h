/* keyseq.h: escape sequences the terminal description does not know, read whole: mapped to their key or named and dropped. */
#ifndef ROUTEDESK_UI_KEYSEQ_H
#define ROUTEDESK_UI_KEYSEQ_H

#include <stddef.h>

struct strbuf;

/*
 * When TERM does not describe the terminal (xterm-256color inside tmux, a
 * common mismatch over SSH), ncurses does not recognise some of the keys'
 * escape sequences and hands them over byte by byte: tmux's End, ESC [ 4 ~,
 * arrived as Esc, "[", "4" and "~", and each one acted (Esc closed, "[" went
 * back a day, "4" switched pane).  The loop feeds an Esc and the keys queued
 * behind it to keyseq_feed, which reads a whole CSI (ESC [ parameters
 * intermediates final) or SS3 (ESC O final) sequence, so that the loop can
 * act on the key it stands for (keyseq_key) or drop it and say so
 * (keyseq_name).  Pure: no curses calls, only its key codes.
 */

#define KEYSEQ_MAX 32 /* longer than any key's sequence; a longer one is dropped at that */

struct keyseq {
	int c[KEYSEQ_MAX]; /* ESC and the bytes after it, as read */
	size_t n;
	int done;          /* a final byte ended it */
};

enum keyseq_step {
	KEYSEQ_MORE, /* key was taken: the sequence goes on, feed the next key */
	KEYSEQ_DONE, /* key was taken and ended the sequence */
	KEYSEQ_NOT,  /* key is not part of it and was not taken: the sequence
	              * ended before it (Esc alone when nothing was taken) */
};

/* Starts a sequence at an Esc just read. */
void keyseq_start(struct keyseq *s);
/* Feeds the next key read after the Esc (a character, or KEYF | code);
 * never call it again after KEYSEQ_DONE or KEYSEQ_NOT. */
enum keyseq_step keyseq_feed(struct keyseq *s, int key);
/* 1 when s is only the Esc: act on Esc as a key. */
int keyseq_lone_esc(const struct keyseq *s);
/* The key (as action.h's key codes) a whole sequence stands for, or -1:
 * not one of the common forms mapped, or cut short. */
int keyseq_key(const struct keyseq *s);
/* Appends the sequence in visible form, every control character escaped
 * ("^[[4~"). */
void keyseq_name(const struct keyseq *s, struct strbuf *out);

#endif
