/* form_time.c: the rule of forms with times of day: an end comes after its start. */
#include "config.h"

#include <stddef.h>

#include "common/dates.h"
#include "common/i18n.h"
#include "ui/forms/form.h"

/* The pairs a form may carry: a stop's window, a visit's check-in and out. */
static const struct {
	const char *from, *to;
} spans[] = {
	{ "start", "end" },
	{ "timeIn", "timeOut" },
};

int form_rule_time_order(const struct form *f, struct strbuf *msg)
{
	for (size_t i = 0; i < sizeof(spans) / sizeof(spans[0]); i++) {
		int a = form_find(f, spans[i].from), b = form_find(f, spans[i].to);
		int sa, sb;

		/* An empty or malformed time is the field's own error. */
		if (a < 0 || b < 0 || time_parse(form_text(f, (size_t)a), &sa) < 0 ||
		    time_parse(form_text(f, (size_t)b), &sb) < 0 || sb > sa)
			continue;
		if (msg)
			strbuf_addf(msg, _("%s must be after %s"), _(f->fields[b].label),
			            _(f->fields[a].label));
		return b;
	}
	return -1;
}
