/* demo.h: --demo: a private routedesk-sandbox on generated data, started and stopped. */
#ifndef ROUTEDESK_UI_DEMO_H
#define ROUTEDESK_UI_DEMO_H

struct strbuf;

/*
 * The console starts the sandbox as a separate program (never as a
 * library: the layers stay apart).  It is looked for next to the running
 * routedesk binary (the directory of /proc/self/exe), then in PATH.  It
 * runs with `--listen 127.0.0.1:0 --db DIR/demo.db --generate N --live 30`
 * and quotas on, in a private temporary directory; its stderr goes to
 * DIR/sandbox.log so it never draws over the screen.  It is asked to die
 * with us (PR_SET_PDEATHSIG) should we crash.
 */
struct demo;

/* Starts the sandbox with n customers and waits (up to timeout_s) for its
 * `listening on URL` line.  NULL with a message in err. */
struct demo *demo_start(long n_customers, int timeout_s, struct strbuf *err);
/* The sandbox's base URL ("http://127.0.0.1:PORT/api"). */
const char *demo_url(const struct demo *d);
/* Stops it (SIGTERM, then SIGKILL after a few seconds), waits for it and
 * removes the temporary directory.  NULL is fine. */
void demo_stop(struct demo *d);

/* The demo credentials the sandbox accepts by default. */
#define DEMO_KEY "demo-key"
#define DEMO_TOKEN "demo-token"

#endif
