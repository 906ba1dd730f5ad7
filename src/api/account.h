/* account.h: the account to use: config file sections and environment overrides. */
#ifndef ROUTEDESK_API_ACCOUNT_H
#define ROUTEDESK_API_ACCOUNT_H

#include "api/error.h"

/*
 * $XDG_CONFIG_HOME/routedesk/config (default ~/.config/routedesk/config) is
 * an INI file; this module reads its account sections only:
 *
 *   [account acme]
 *   url = https://acme.example-vendor.com/api
 *   key = 0123abcd...
 *   token_command = pass show routedesk/acme     (or: token = ...)
 *   rate = 55            (requests a minute per kind; 0 turns pacing off)
 *   search_cap = 50000   (ids a search answers at most)
 *   stall = 30           (seconds a read may receive nothing before it is
 *                         abandoned and tried again)
 *   share = /srv/routedesk  (the office's shared directory)
 *
 * Other sections belong to other modules and are skipped.  ROUTEDESK_URL,
 * ROUTEDESK_KEY and ROUTEDESK_TOKEN override the file.  A file holding a
 * literal token that group or others can read is refused.
 */
struct api_account {
	char *name;        /* the section used, or NULL */
	char *path;        /* the file read, or NULL when there was none */
	char *url, *key, *token; /* trimmed, or NULL */
	int url_line;      /* the file's line that set url, 0 when none did */
	char *token_command;
	int rate;          /* -1 when not set */
	long search_cap;   /* 0 when not set */
	long stall;        /* seconds, 0 when not set */
	char *share;       /* share = DIR (ROUTEDESK_SHARE): the office's shared
	                    * directory (src/fetch/share.c), or NULL */
	char *warnings;    /* "PATH:LINE: unknown setting ... (ignored)\n" lines
	                    * of the file's [account ...] sections, or NULL */
};

/* 1 when name is a setting of an [account NAME] section. */
int api_account_setting(const char *name);

/* Empty: every string NULL, rate -1, search_cap and stall 0. */
void api_account_init(struct api_account *a);
/* Frees and wipes (the token is overwritten before it is freed). */
void api_account_free(struct api_account *a);

/* The config file's path (malloc'd), from XDG_CONFIG_HOME or HOME; NULL
 * when neither is set. */
char *api_config_path(void);

/* Reads the account sections of text (from path, for messages) and fills
 * out from section account, or when account is NULL from "default", else
 * the only section.  0, or -1 with a usage error (syntax, unknown account,
 * several accounts and none chosen, token and token_command together). */
int api_config_parse(const char *text, const char *path, const char *account,
                     struct api_account *out, struct api_error *err);

/* Reads the config file at path into *text (malloc'd: free it with
 * api_wipe_free, it may hold a token) after the checks above on the
 * descriptor read: the file must be the user's and writable by no one
 * else (api_config_check_file), and private when it holds a token.  0,
 * 1 when there is no such file, -1 with a usage error.  The console's
 * own settings are read through it too: a [notify] command is as much
 * the user's to choose as a token_command. */
int api_config_read(const char *path, char **text, struct api_error *err);
/* Zeroes a string, then frees it. */
void api_wipe_free(char *s);
/* Zeroes len bytes of s, then frees it: for a copy a parser split with
 * NULs in place, where api_wipe_free would stop at the first. */
void api_wipe_free_len(char *s, size_t len);

/* 0 when a file of this mode may hold a token; -1 with a usage error
 * telling how to fix it (chmod 600 PATH) when group or others can read it. */
int api_config_check_mode(const char *path, unsigned mode, struct api_error *err);
/* 0 when a config file owned by uid with this mode may be used: -1 with a
 * usage error when another user owns it or group or others can write it
 * (they could change the URL the key is sent to, the token, or a command
 * run as the user). */
int api_config_check_file(const char *path, unsigned mode, unsigned uid, unsigned my_uid,
                          struct api_error *err);


/* Everything together: the file (if present: mode check when it holds a
 * token, parse), then the environment, then token_command when no token
 * came from either.  0, or -1 with err.  Missing url, key or token is not
 * an error here (api_session_new says which one is missing). */
int api_config_load(const char *account, struct api_account *out, struct api_error *err);

#endif
