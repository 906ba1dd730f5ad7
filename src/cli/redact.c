/* redact.c: replacing credentials in answers and messages before printing. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli/redact.h"
#include "common/strbuf.h"

/* Credentials shorter than this are not searched for inside other text:
 * a one-letter test token would turn every message into noise, and real
 * keys are long. */
#define MIN_SECRET 4

static size_t secret_len(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	return n >= MIN_SECRET ? n : 0;
}

void redact_text(struct strbuf *out, const char *s, const char *key, const char *token)
{
	size_t klen = secret_len(key), tlen = secret_len(token);

	while (*s) {
		if (klen && strncmp(s, key, klen) == 0) {
			strbuf_adds(out, REDACTED);
			s += klen;
		} else if (tlen && strncmp(s, token, tlen) == 0) {
			strbuf_adds(out, REDACTED);
			s += tlen;
		} else {
			strbuf_addc(out, *s++);
		}
	}
}

static int contains(const char *s, const char *needle)
{
	return secret_len(needle) && strstr(s, needle);
}

static void walk(cJSON *node, const char *key, const char *token)
{
	for (cJSON *e = node ? node->child : NULL; e; e = e->next) {
		/* A member named after a credential (a mistyped NAME=VALUE
		 * echoed in params or ignoredParams) is renamed too. */
		if (e->string && !(e->type & cJSON_StringIsConst) &&
		    (contains(e->string, key) || contains(e->string, token))) {
			struct strbuf sb = STRBUF_INIT;
			char *name;

			redact_text(&sb, e->string, key, token);
			name = cJSON_malloc(sb.len + 1);
			if (!name)
				abort();
			memcpy(name, strbuf_str(&sb), sb.len + 1);
			cJSON_free(e->string);
			e->string = name;
			strbuf_free(&sb);
		}
		if (cJSON_IsString(e) && e->valuestring &&
		    (contains(e->valuestring, key) || contains(e->valuestring, token))) {
			struct strbuf sb = STRBUF_INIT;

			redact_text(&sb, e->valuestring, key, token);
			cJSON_SetValuestring(e, strbuf_str(&sb));
			strbuf_free(&sb);
		} else if (cJSON_IsArray(e) || cJSON_IsObject(e)) {
			walk(e, key, token);
		}
	}
}

void redact_answer(cJSON *root, const char *key, const char *token)
{
	static const char *const names[] = { "authenticationKey", "authenticationToken" };
	cJSON *params;

	if (!root)
		return;
	params = cJSON_GetObjectItemCaseSensitive(root, "params");
	for (size_t i = 0; cJSON_IsObject(params) && i < 2; i++) {
		cJSON *m = cJSON_GetObjectItemCaseSensitive(params, names[i]);

		/* Whatever the echo holds (a string, an array when sent twice),
		 * it is a credential. */
		if (m)
			cJSON_ReplaceItemInObjectCaseSensitive(params, names[i],
			                                       cJSON_CreateString(REDACTED));
	}
	walk(root, key, token);
}
