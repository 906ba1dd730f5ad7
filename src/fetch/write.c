/* write.c: a write job: sent once, its answer kept, its record read back and published to the share. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/ops.h"
#include "api/values.h"
#include "common/strbuf.h"
#include "fetch/jobs.h"
#include "fetch/share.h"
#include "model/model.h"

/* The record a write is about, for the read back: the refetched
 * resource's own key when the form names it (ticketID on
 * ticket/createAddOn, whose result is the new item), else the id the
 * answer gave (a create's new record, an update's record). */
static long long refetch_id(const struct fetch_job *job, long long written)
{
	const char *v = api_form_get(&job->form, job->res->pk);
	long long id;

	if (!v && job->res->update_key)
		v = api_form_get(&job->form, job->res->update_key);
	if (v && api_parse_ll(v, &id) == 0 && id > 0)
		return id;
	return written;
}

void fetch_write_run(struct api_session *s, const struct fetch_job *job, struct fetch_result *r)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	char *entity = xstrndup(job->path, (size_t)(strchr(job->path, '/') - job->path));
	const struct resource *wr = res_find(entity);
	int rc = api_request(s, job->path, &job->form, &a, &e);
	long long id;

	free(entity);
	/* Whatever the outcome (API_ERR_UNKNOWN_OUTCOME included) is reported
	 * as the session found it: the session never resends a write. */
	fetch_result_keep_err(r, &e);
	if (a.root) {
		if (rc == 0) {
			api_answer_write(&a, wr ? wr->write_member : NULL);
			api_answer_write_id(&a, &r->written_id);
		}
		/* The echoed params carry the key and token. */
		cJSON_DeleteItemFromObjectCaseSensitive(a.root, "params");
		r->record = a.root;
		a.root = NULL;
	}
	api_answer_free(&a);
	if (rc < 0 || !job->res)
		return;
	id = refetch_id(job, r->written_id);
	if (id > 0) {
		/* A failed read back leaves refetched NULL: the write itself
		 * succeeded, and err must keep saying so. */
		if (api_get(s, job->res, &id, 1, NULL, &a, &e) == 0 &&
		    cJSON_GetArraySize(a.records) > 0)
			r->refetched = m_row_decode(job->res->name, cJSON_GetArrayItem(a.records, 0));
		api_error_clear(&e);
		api_answer_free(&a);
	}
	/* The office's other consoles take it at their next tick. */
	if (job->share && r->refetched)
		fetch_share_publish_write(job->share, job->res->name, r->refetched);
}
