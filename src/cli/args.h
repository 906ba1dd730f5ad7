/* args.h: `routedesk api`'s NAME=VALUE, NAME:=JSON and NAME@FILE arguments as request pairs. */
#ifndef ROUTEDESK_CLI_ARGS_H
#define ROUTEDESK_CLI_ARGS_H

#include <cjson/cJSON.h>

#include "api/encode.h"

struct strbuf;

/* Adds the pairs one command-line item means to f: NAME=VALUE a string,
 * NAME:=JSON a typed value (api_form_add_json), NAME@FILE a file part (the
 * file must be readable now); the earliest separator decides, so
 * email=a@b.example is a string.  0, or -1 with one line naming the item
 * and what is wrong appended to msg (translated); f is then unchanged.
 * Kept apart from cmd_api.c so a fuzz target can call it. */
int cli_args_add(struct api_form *f, const char *item, struct strbuf *msg);


#endif
