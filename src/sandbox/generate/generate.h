/* generate.h: a believable, deterministic company for the sandbox. */
#ifndef ROUTEDESK_GENERATE_H
#define ROUTEDESK_GENERATE_H

struct store;

/* Fills an empty store with n customers and everything around them: offices,
 * employees, service types, products, subscriptions and leads, routes from 60
 * days before today to 30 after, appointments, tickets and items, notes,
 * reviews, documents, forms, payment profiles, time clock, chemicals,
 * regions, flags, reminders, changelog.  Same seed, today and zone (TZ), same data.
 * today is "YYYY-MM-DD".  Returns 0, or -1 with *err (malloc'd). */
int generate_company(struct store *s, long n, unsigned long seed,
                     const char *today, char **err);

#endif
