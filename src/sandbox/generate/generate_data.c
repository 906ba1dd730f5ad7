/* generate_data.c: word lists and catalogs the sandbox's generator draws from. */
#include "config.h"

#include <string.h>

#include "common/strbuf.h"
#include "sandbox/generate/generate_data.h"

#define WORDS(name, ...) \
	static const char *const name##_w[] = { __VA_ARGS__ }; \
	const struct gen_words name = { name##_w, sizeof name##_w / sizeof name##_w[0] }

/* Mostly common American names, with enough accents (and one apostrophe) that
 * every screen meets non-ASCII text on its first page. */
WORDS(gd_first_names,
	"James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael",
	"Linda", "David", "Elizabeth", "William", "Barbara", "Richard", "Susan",
	"Joseph", "Jessica", "Thomas", "Sarah", "Christopher", "Karen", "Daniel",
	"Lisa", "Matthew", "Nancy", "Anthony", "Betty", "Mark", "Sandra", "Donald",
	"Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Joshua", "Donna",
	"Kevin", "Michelle", "Brian", "Carol", "George", "Amanda", "Timothy",
	"Melissa", "Ronald", "Deborah", "Jason", "Stephanie", "Ryan", "Rebecca",
	"Jacob", "Laura", "Gary", "Sharon", "Nicholas", "Cynthia", "Eric",
	"Kathleen", "Jonathan", "Amy", "Larry", "Angela", "Justin", "Shirley",
	"Scott", "Brenda", "Brandon", "Emma", "Benjamin", "Olivia", "Samuel",
	"Hannah", "Tyler", "Madison", "Aaron", "Abigail", "Nathan", "Grace",
	"José", "María", "Zoë", "François", "Chloé", "Renée", "André", "Björn",
	"Søren", "Jürgen", "Inés", "Ángel", "Raphaël", "Noël", "Siobhán",
	"Mateo", "Lucía", "Sofía", "Joaquín", "Héctor", "Ramón", "Dagný",
	"Thảo", "Priya", "Wei", "Olumide", "Aiyana", "Nguyễn", "Łukasz",
	"Mónica", "Jesús", "Guadalupe", "Hernán", "Élodie", "Maëlle", "Ingrid",
	"Anaïs", "Beyoncé", "Dmitri", "Oksana", "Kenji", "Yuki", "Ahmed",
	"Fatima", "Omar", "Leila", "Tomás", "Ximena", "Santiago", "Valentina");

WORDS(gd_last_names,
	"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller",
	"Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez",
	"Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
	"Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark",
	"Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King",
	"Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green",
	"Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell",
	"Carter", "Roberts", "Gomez", "Phillips", "Evans", "Turner", "Diaz",
	"Parker", "Cruz", "Edwards", "Collins", "Reyes", "Stewart", "Morris",
	"Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan",
	"Cooper", "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos",
	"Kim", "Cox", "Ward", "Richardson", "Watson", "Brooks", "Chavez",
	"Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
	"Müller", "Nuñez", "Ångström", "O'Brien", "García", "Peña", "Gonçalves",
	"Köhler", "Dvořák", "Søndergaard", "Fernández", "Jiménez", "Muñoz",
	"Núñez", "Ibáñez", "Lefèvre", "Beaumont", "Citroën", "Schröder",
	"Weiß", "Łukasiewicz", "Håkansson", "Ó Súilleabháin", "D'Angelo",
	"O'Connor", "McAllister", "Van der Berg", "St. John", "Trần", "Lê");

WORDS(gd_streets,
	"Maple", "Oak", "Cedar", "Elm", "Pine", "Washington", "Lincoln",
	"Sunset", "Mesquite", "Saguaro", "Palo Verde", "Ironwood", "Juniper",
	"Willow", "Cottonwood", "Bluebonnet", "Pecan", "Live Oak", "Magnolia",
	"Camelback", "Indian School", "McDowell", "Thomas", "Baseline",
	"Guadalupe", "Lamar", "Congress", "Riverside", "Lakeview", "Hillcrest",
	"Canyon View", "Desert Willow", "Quail Run", "Coyote Trail", "Ocotillo",
	"Agave", "Sierra Vista", "Vista del Sol", "Cañada", "Piñon", "Peñasco",
	"Mission", "Ranch", "Park", "Highland", "Meadow", "Spring Creek",
	"Stonegate", "Briarwood", "Chestnut", "Hickory", "Sycamore", "Aspen");

WORDS(gd_street_kinds, "St", "Ave", "Blvd", "Dr", "Ln", "Ct", "Way", "Pl",
	"Cir", "Rd", "Trl", "Pkwy", "Loop");

WORDS(gd_company_words, "Desert", "Sonoran", "Hill Country", "Lone Star",
	"Sunbelt", "Mesa", "Canyon", "Capitol", "Riverside", "Valley", "Summit",
	"Pioneer", "Frontier", "Cactus", "Longhorn", "Copper", "Saguaro",
	"Bluebonnet", "Pecan", "Heritage", "Crossroads", "Maplewood");

WORDS(gd_company_kinds, "Dental Group", "Property Management", "Apartments",
	"Elementary School", "Grill", "Taquería", "Bakery", "Storage", "Church",
	"Veterinary Clinic", "Self Storage", "Auto Repair", "HOA", "Café",
	"Brewing Co.", "Medical Plaza", "Pizzería", "Daycare", "Fitness");

/* Standing instructions a dispatcher must see before sending a technician. */
WORDS(gd_red_notes,
	"Gate code 4512#. Dog in back yard, call ahead.",
	"Customer is allergic to pyrethroids: use bait only inside.",
	"Do NOT spray the vegetable garden on the east side.",
	"Key under the mat by the side door. Alarm code 1987.",
	"Past due — collect payment before service.",
	"Only service after 10 AM, night-shift worker.",
	"Two cats indoors, keep doors closed.",
	"Commercial kitchen: service before opening, 6 AM sharp.",
	"Spanish only — habla con la señora Peña.",
	"Beehive in the east eave, refer to removal partner.",
	"Pool equipment area has scorpions, dust the pump housing.",
	"HOA requires technician to check in at the front office.");

WORDS(gd_note_texts,
	"Called customer to confirm appointment, left voicemail.",
	"Customer asked for a reschedule next week.",
	"Sent renewal reminder by e-mail.",
	"Customer reports ants in the kitchen again, schedule a reservice.",
	"Technician noted conducive conditions: wood-to-soil contact on the patio.",
	"Updated billing address per customer's request.",
	"Customer wants the interior treated on the next visit.",
	"Spoke with spouse, all good, keep the regular schedule.",
	"Quoted termite treatment, customer will think about it.",
	"Card declined, customer will call back with a new card.",
	"Customer happy with the service, referred a neighbour.",
	"Rodent activity in the garage, set six snap traps.",
	"Scorpion sightings near the pool, dusted the weep holes.",
	"Mosquito breeding in the bird bath, advised to empty it weekly.",
	"Asked us not to use the side gate, the dog gets out.",
	"Customer moved in recently, previous owner had a termite bond.",
	"Refund issued for the missed visit.",
	"Invoice e-mailed again, customer could not find it.",
	"Wants a call 30 minutes ahead — works from home.",
	"Paid by check #2231 at the door.");

WORDS(gd_good_feedback,
	"Great service, very friendly technician!",
	"On time and thorough. Haven't seen a bug since.",
	"Explained everything he did. Five stars.",
	"Quick, clean and professional.",
	"The scorpions are finally gone, thank you!",
	"Technician was polite and careful around the garden.",
	"¡Excelente servicio! Muy amable.",
	"Très bon service, merci.",
	"Came back the next day when the ants returned. Impressed.");

WORDS(gd_bad_feedback,
	"Technician was late and didn't call.",
	"Still seeing roaches in the kitchen.",
	"Nobody showed up during the window I was given.",
	"Service was rushed, missed the backyard.",
	"Billed twice for the same visit.",
	"Sprayed near my vegetable garden after I asked not to.");

WORDS(gd_day_notes,
	"Truck 12 in the shop, use the spare.",
	"Start at the far end, construction on Main.",
	"Bring extra bait stations for the commercial stops.",
	"Monthly safety meeting at 7:00 before leaving.",
	"Ride-along with a new technician today.",
	"Heat advisory: take water breaks.");

WORDS(gd_day_alerts,
	"Customer at stop 3 requests a call 30 min ahead.",
	"Gate codes changed in Saguaro Estates.",
	"Road closure on Baseline, plan around it.",
	"Rain expected after 2 PM: do exteriors first.",
	"Inventory check at the end of the day.");

WORDS(gd_office_notes,
	"Confirm by text the day before.",
	"Collect balance at the door.",
	"New customer, do the full initial inspection.",
	"Customer prefers the same technician as last time.",
	"Interior service requested.",
	"Check the bait stations in the garage.");

WORDS(gd_tech_notes,
	"Treated perimeter and eaves, dusted weep holes.",
	"Interior spot treatment in kitchen and baths.",
	"Replaced bait in 4 stations, light activity.",
	"Swept webs from the front porch and garage.",
	"No activity found, routine perimeter treatment.",
	"Granular applied to the lawn edges.",
	"Customer not home, treated exterior only.");

WORDS(gd_cancel_reasons, "Moved", "Too expensive", "Service not needed",
	"Unhappy with service", "Went with a competitor", "Seasonal pause");

WORDS(gd_doc_kinds, "Termite inspection report", "Signed service agreement",
	"Wood-destroying insect report", "Photo of damage", "Graph of the property",
	"Proof of payment", "HOA approval letter");

WORDS(gd_sources, "Google", "Referral", "Door to Door", "Yelp", "Website",
	"Yard Sign", "Facebook", "Repeat Customer", "Home Show", "Nextdoor");

WORDS(gd_lost_reasons, "Price", "Went with a competitor", "No response",
	"Did it themselves", "Timing");

/* Cities of the two offices: greater Phoenix (office 1) and Austin (office 2). */
const struct gd_city gd_cities[] = {
	{ "Phoenix", "AZ", "Maricopa", 85003, 33.4484, -112.0740, 602, 1, 1 },
	{ "Mesa", "AZ", "Maricopa", 85201, 33.4152, -111.8315, 480, 1, 2 },
	{ "Tempe", "AZ", "Maricopa", 85281, 33.4255, -111.9400, 480, 1, 2 },
	{ "Chandler", "AZ", "Maricopa", 85224, 33.3062, -111.8413, 480, 1, 2 },
	{ "Gilbert", "AZ", "Maricopa", 85233, 33.3528, -111.7890, 480, 1, 2 },
	{ "Scottsdale", "AZ", "Maricopa", 85251, 33.4942, -111.9261, 480, 1, 1 },
	{ "Glendale", "AZ", "Maricopa", 85301, 33.5387, -112.1860, 623, 1, 3 },
	{ "Peoria", "AZ", "Maricopa", 85345, 33.5806, -112.2374, 623, 1, 3 },
	{ "Austin", "TX", "Travis", 78701, 30.2672, -97.7431, 512, 2, 4 },
	{ "Round Rock", "TX", "Williamson", 78664, 30.5083, -97.6789, 512, 2, 5 },
	{ "Pflugerville", "TX", "Travis", 78660, 30.4394, -97.6200, 512, 2, 5 },
	{ "Cedar Park", "TX", "Williamson", 78613, 30.5052, -97.8203, 512, 2, 5 },
	{ "Georgetown", "TX", "Williamson", 78626, 30.6333, -97.6770, 512, 2, 5 },
	{ "San Marcos", "TX", "Hays", 78666, 29.8833, -97.9414, 512, 2, 6 },
};
const size_t gd_n_cities = sizeof gd_cities / sizeof gd_cities[0];

const struct gd_service gd_services[] = {
	{ 1, "General Pest Control", "Pest", 90, 12900, 30, 0, -1 },
	{ 2, "Quarterly Pest Control", "Pest", 90, 10900, 25, 0, -1 },
	{ 3, "Monthly Pest Control", "Pest", 30, 5900, 20, 0, -1 },
	{ 4, "Termite Inspection", "Termite", 365, 9500, 45, 0, -1 },
	{ 5, "Termite Monitoring", "Termite", 90, 4500, 30, 0, -1 },
	{ 6, "Mosquito Service", "Mosquito", 30, 7900, 20, 0, -1 },
	{ 7, "Rodent Control", "Rodent", 30, 14900, 40, 0, -1 },
	{ 8, "Scorpion Control", "Pest", 60, 8900, 30, 0, 1 },
	{ 9, "Bed Bug Treatment", "Specialty", 0, 45000, 120, 0, -1 },
	{ 10, "Initial Pest Service", "Pest", 0, 19900, 60, 0, -1 },
	{ 11, "Reservice", "Pest", -1, 0, 20, 1, -1 },
	{ 12, "Weed Control", "Lawn", 60, 6500, 25, 0, 2 },
	{ 13, "Commercial Pest Control", "Commercial", 30, 18500, 45, 0, -1 },
	{ 14, "Wildlife Exclusion", "Wildlife", 0, 65000, 180, 0, -1 },
	{ 15, "Fire Ant Treatment", "Pest", 120, 7500, 25, 0, 2 },
	{ 16, "Custom Schedule Service", "Pest", -3, 9900, 30, 0, -1 },
};
const size_t gd_n_services = sizeof gd_services / sizeof gd_services[0];

const struct gd_product gd_products[] = {
	{ 1, "WASP", "Wasp nest removal", "Service", 4500, 0 },
	{ 2, "BAIT", "Bait station (each)", "Materials", 1250, 1 },
	{ 3, "GLUE", "Glue boards", "Materials", 300, 1 },
	{ 4, "TRAP", "Snap traps (each)", "Materials", 450, 1 },
	{ 5, "DUST", "Attic dusting", "Service", 8500, 0 },
	{ 6, "WEB", "Web sweep", "Service", 2500, 0 },
	{ 7, "ANT", "Fire ant mound treatment", "Service", 3500, 0 },
	{ 8, "RDNT-EXC", "Rodent exclusion", "Service", 25000, 0 },
	{ 9, "GRUB", "Grub control", "Lawn", 6500, 0 },
	{ 10, "FLEA", "Flea treatment", "Service", 9500, 0 },
	{ 11, "SCRP", "Scorpion dusting", "Service", 5500, 0 },
	{ 12, "MOSQ-DUNK", "Mosquito dunks", "Materials", 800, 1 },
	{ 13, "TRIP", "Trip charge", "Fees", 2000, 0 },
	{ 14, "DISC", "Loyalty discount", "Discounts", -1000, 0 },
	{ 15, "BEE", "Bee swarm removal", "Service", 15000, 0 },
	{ 16, "CRAWL", "Crawl space treatment", "Service", 12000, 0 },
};
const size_t gd_n_products = sizeof gd_products / sizeof gd_products[0];

/* Note type ids differ per account: not 1..n on purpose.  Live accounts use
 * type 0 ("Notes") and 8 for red notes (the live service); they come last
 * (generate_records.c draws them apart from the first eight). */
const struct gd_named gd_note_types[] = {
	{ 3, "General", -1 }, { 7, "Phone Call", -1 }, { 9, "E-mail", -1 },
	{ 12, "Billing", -1 }, { 14, "Cancellation", -1 }, { 18, "Technician", -1 },
	{ 21, "Sales", -1 }, { 25, "Complaint", -1 }, { 0, "Notes", -1 }, { 8, "Red Notes", -1 },
};
const size_t gd_n_note_types = sizeof gd_note_types / sizeof gd_note_types[0];

const struct gd_named gd_lead_stages[] = {
	{ 1, "New Lead", -1 }, { 2, "Contacted", -1 }, { 3, "Appointment Set", -1 },
	{ 4, "Quoted", -1 }, { 5, "Follow Up", -1 }, { 6, "Negotiating", -1 },
};
const size_t gd_n_lead_stages = sizeof gd_lead_stages / sizeof gd_lead_stages[0];

const struct gd_named gd_clock_categories[] = {
	{ 1, "Regular", 1 }, { 2, "Lunch", 1 }, { 3, "Training", 1 },
	{ 4, "Drive Time", 1 }, { 5, "Vehicle Maintenance", 1 },
	{ 6, "Regular", 2 }, { 7, "Lunch", 2 }, { 8, "Training", 2 },
	{ 9, "Drive Time", 2 }, { 10, "Meeting", 2 },
};
const size_t gd_n_clock_categories = sizeof gd_clock_categories / sizeof gd_clock_categories[0];

const struct gd_named gd_methods[] = {
	{ 1, "Spray", -1 }, { 2, "Granular", -1 }, { 3, "Bait", -1 },
	{ 4, "Dust", -1 }, { 5, "Foam", -1 }, { 6, "Trench & Treat", 1 },
	{ 7, "Fog/ULV", 2 }, { 8, "Injection", -1 },
};
const size_t gd_n_methods = sizeof gd_methods / sizeof gd_methods[0];

const struct gd_named gd_flags[] = {
	{ 1, "Dog on property", -1 }, { 2, "Gate code", -1 }, { 3, "VIP", -1 },
	{ 4, "Call ahead", -1 }, { 5, "Slow payer", -1 }, { 6, "Spanish speaker", -1 },
};
const size_t gd_n_flags = sizeof gd_flags / sizeof gd_flags[0];

const struct gd_named gd_regions[] = {
	{ 1, "Central Phoenix", 1 }, { 2, "East Valley", 1 }, { 3, "West Valley", 1 },
	{ 4, "Central Austin", 2 }, { 5, "North Austin", 2 }, { 6, "Hays County", 2 },
};
const size_t gd_n_regions = sizeof gd_regions / sizeof gd_regions[0];

/* The lookups working clients read from the live service. */
const struct gd_named gd_reschedule_reasons[] = {
	{ 1, "Customer request", -1 }, { 2, "Weather", -1 }, { 3, "Technician out", -1 },
	{ 4, "Route overbooked", -1 }, { 5, "Gate locked", -1 },
};
const size_t gd_n_reschedule_reasons =
	sizeof gd_reschedule_reasons / sizeof gd_reschedule_reasons[0];

const struct gd_named gd_reservice_reasons[] = {
	{ 1, "Ants came back", -1 }, { 2, "Roaches seen", -1 }, { 3, "Scorpions", -1 },
	{ 4, "Rodent activity", -1 }, { 5, "Missed area", -1 },
};
const size_t gd_n_reservice_reasons = sizeof gd_reservice_reasons / sizeof gd_reservice_reasons[0];

const struct gd_named gd_route_groups[] = {
	{ 1, "Residential", 1 }, { 2, "Commercial", 1 }, { 3, "Termite", 1 },
	{ 4, "Residential", 2 }, { 5, "Commercial", 2 },
};
const size_t gd_n_route_groups = sizeof gd_route_groups / sizeof gd_route_groups[0];

/* Invented products: the specification keeps vendor names out, so do we. */
const struct gd_chemical gd_chemicals[] = {
	{ 1, "FipraGuard SC", "Northfield Chemical", "Termiticide/Insecticide", "Fipronil", "", "9.1", "7969-210" },
	{ 2, "Lambdex CS", "Redstone Agro", "Insecticide", "Lambda-cyhalothrin", "", "9.7", "100-1066" },
	{ 3, "Bifen Pro", "Redstone Agro", "Insecticide/Miticide", "Bifenthrin", "", "7.9", "279-3206" },
	{ 4, "Indox Gel Bait", "Harbor Science", "Cockroach gel bait", "Indoxacarb", "", "0.6", "352-746" },
	{ 5, "Bromablock", "Harbor Science", "Rodenticide", "Bromadiolone", "", "0.005", "12455-79" },
	{ 6, "Delta Dust Plus", "Northfield Chemical", "Insecticide dust", "Deltamethrin", "", "0.05", "432-772" },
	{ 7, "Cyflu Ultra", "Meridian Labs", "Insecticide", "Beta-cyfluthrin", "", "11.8", "432-1363" },
	{ 8, "Dinotef WSG", "Meridian Labs", "Insecticide", "Dinotefuran", "", "40.0", "499-561" },
	{ 9, "Hydro IGR", "Harbor Science", "Growth regulator", "(S)-Hydroprene", "", "9.0", "2724-351" },
	{ 10, "Methopro Briquets", "Clearwater Bio", "Larvicide", "S-Methoprene", "", "8.62", "2724-375" },
	{ 11, "Pyrethrin Aerosol", "Clearwater Bio", "Flushing agent", "Pyrethrins", "Piperonyl butoxide", "0.5", "499-290" },
	{ 12, "Prodiamine 65", "Redstone Agro", "Pre-emergent herbicide", "Prodiamine", "", "65.0", "100-834" },
};
const size_t gd_n_chemicals = sizeof gd_chemicals / sizeof gd_chemicals[0];

/* Latin-1 supplement (U+00C0..U+00FF) folded to ASCII; '\0' drops it. */
static const char fold_c3[64] =
	"aaaaaaaceeeeiiiidnooooo\0ouuuuy\0s"
	"aaaaaaaceeeeiiiidnooooo\0ouuuuy\0y";

void gd_ascii_lower(char *out, size_t cap, const char *in)
{
	const unsigned char *p = (const unsigned char *)in;
	size_t n = 0;

	if (cap == 0)
		return;
	while (*p && n + 1 < cap) {
		char c = 0;
		if (*p < 0x80) {
			if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
				c = (char)*p;
			else if (*p >= 'A' && *p <= 'Z')
				c = (char)(*p - 'A' + 'a');
			p++;
		} else if (*p == 0xc3 && p[1] >= 0x80 && p[1] <= 0xbf) {
			c = fold_c3[p[1] - 0x80];
			p += 2;
		} else {
			/* other scripts and combining marks: skip the whole sequence */
			p++;
			while ((*p & 0xc0) == 0x80)
				p++;
		}
		if (c)
			out[n++] = c;
	}
	out[n] = '\0';
}

long gd_tax_micros(const struct gd_city *c)
{
	return strcmp(c->state, "TX") == 0 ? 82500 : 86000;
}

int gd_service_taxed(const struct gd_city *c)
{
	/* Texas taxes pest control services; Arizona taxes only the goods. */
	return strcmp(c->state, "TX") == 0;
}

/* ---------------------------------------------------------------- catalogs */

struct office_info {
	const char *name, *address, *city, *state, *zip, *phone, *email, *tz;
	double lat, lng;
};

static const struct office_info offices[2] = {
	{ "Phoenix", "4410 E Camelback Rd", "Phoenix", "AZ", "85018", "6025550100",
	  "phoenix@sunbeltpest.example", "America/Phoenix", 33.5092, -111.9870 },
	{ "Austin", "2100 S Lamar Blvd", "Austin", "TX", "78704", "5125550100",
	  "austin@sunbeltpest.example", "America/Chicago", 30.2470, -97.7740 },
};

/* Writes one small catalog: every entry's id, name and office into the named
 * columns (a column the table lacks is skipped). */
static int write_named(struct gen *g, const char *res, const struct gd_named *list, size_t n,
                       const char *id_f, const char *name_f, const char *office_f)
{
	struct gen_tab t;
	int ci, cn, co, rc = 0;

	if (gen_tab_open(g, &t, res))
		return -1;
	ci = gen_col(&t, id_f);
	cn = gen_col(&t, name_f);
	co = office_f ? gen_col(&t, office_f) : -1;
	for (size_t i = 0; i < n && rc == 0; i++) {
		gen_row(&t);
		gen_seti(&t, ci, list[i].id);
		gen_set(&t, cn, list[i].name);
		gen_seti(&t, co, list[i].office);
		rc = gen_insert(&t);
	}
	gen_tab_close(&t);
	return rc;
}

#define OFFICE_COLS(X) X(id, "officeID") X(name, "officeName") X(address, "address") \
	X(city, "city") X(state, "state") X(zip, "zip") X(phone, "phone") X(email, "email") \
	X(tz, "timeZone") X(lat, "lat") X(lng, "lng")
struct office_cols { OFFICE_COLS(GEN_COL_DECL) };

static int write_offices(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct office_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "office"))
		return -1;
	OFFICE_COLS(GEN_COL_FIND)
	for (int i = 0; i < 2 && rc == 0; i++) {
		const struct office_info *o = &offices[i];
		gen_row(t);
		gen_seti(t, c->id, i + 1);
		gen_set(t, c->name, o->name);
		gen_set(t, c->address, o->address);
		gen_set(t, c->city, o->city);
		gen_set(t, c->state, o->state);
		gen_set(t, c->zip, o->zip);
		gen_set(t, c->phone, o->phone);
		gen_set(t, c->email, o->email);
		gen_set(t, c->tz, o->tz);
		gen_setf(t, c->lat, "%.6f", o->lat);
		gen_setf(t, c->lng, "%.6f", o->lng);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

#define EMP_COLS(X) X(id, "employeeID") X(office, "officeID") X(active, "active") \
	X(fname, "fname") X(lname, "lname") X(initials, "initials") X(nick, "nickname") \
	X(type, "type") X(phone, "phone") X(email, "email") X(user, "username") \
	X(exp, "experience") X(pic, "pic") X(linked, "linkedEmployeeIDs") \
	X(link, "employeeLink") X(license, "licenseNumber") X(super, "supervisorID") \
	X(roaming, "roamingRep") X(teams, "teamIDs") X(primary, "primaryTeam") \
	X(login, "lastLogin") X(saddr, "startAddress") X(slat, "startLat") \
	X(slng, "startLng") X(eaddr, "endAddress") X(elat, "endLat") X(elng, "endLng") \
	X(updated, "dateUpdated") X(skills, "skills")
struct emp_cols { EMP_COLS(GEN_COL_DECL) };

/* The first UTF-8 character of s, as bytes, appended at out. */
static size_t first_char(char *out, const char *s)
{
	size_t n = 1;
	while (s[n] && ((unsigned char)s[n] & 0xc0) == 0x80)
		n++;
	memcpy(out, s, n);
	return n;
}

/* ~30 people: technicians (type 1, about one route each), office staff
 * (0) and sales (2); fewer technicians for a small company. */
static int write_employees(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct emp_cols cc, *c = &cc;
	int techs = g->n >= 1000 ? 20 : (int)(g->n / 50 > 4 ? g->n / 50 : 4);
	int per[3][3]; /* [office][type] */
	long long supervisor[3] = { 0, 0, 0 };
	int rc = 0;

	per[1][1] = (techs * 6 + 9) / 10;
	per[2][1] = techs - per[1][1];
	per[1][0] = per[2][0] = 3;
	per[1][2] = per[2][2] = 2;
	g->emp = xcalloc((size_t)techs + 12, sizeof *g->emp);
	if (gen_tab_open(g, t, "employee"))
		return -1;
	EMP_COLS(GEN_COL_FIND)
	for (int office = 1; office <= 2 && rc == 0; office++) {
		static const int order[3] = { 0, 1, 2 };
		for (int oi = 0; oi < 3 && rc == 0; oi++) {
			int type = order[oi];
			/* one former technician per office, inactive */
			int count = per[office][type] + (type == 1);
			for (int k = 0; k < count && rc == 0; k++) {
				struct gen_emp *e = &g->emp[g->n_emp];
				struct gen_rng r;
				char fa[64], la[64], ini[16];
				size_t ni;
				long long id = 10001 + (long long)g->n_emp;
				const struct office_info *o = &offices[office - 1];

				gen_rng_init(&r, g->seed, GK_EMPLOYEE, (uint64_t)id);
				e->id = id;
				e->office = office;
				e->type = type;
				e->active = !(type == 1 && k == count - 1);
				e->fname = gen_pick(&r, &gd_first_names);
				e->lname = gen_pick(&r, &gd_last_names);
				if (type == 0 && k == 0)
					supervisor[office] = id;
				gd_ascii_lower(fa, sizeof fa, e->fname);
				gd_ascii_lower(la, sizeof la, e->lname);
				ni = first_char(ini, e->fname);
				ni += first_char(ini + ni, e->lname);
				ini[ni] = '\0';

				gen_row(t);
				gen_seti(t, c->id, id);
				gen_seti(t, c->office, office);
				gen_seti(t, c->active, e->active);
				gen_set(t, c->fname, e->fname);
				gen_set(t, c->lname, e->lname);
				gen_setf(t, c->initials, "%s", ini);
				gen_set(t, c->nick, gen_chance(&r, 150) ? "Doc" : "");
				gen_seti(t, c->type, type);
				gen_setf(t, c->phone, "%d555%04ld", office == 1 ? 602 : 512, gen_range(&r, 200, 9999));
				gen_setf(t, c->email, "%s.%s@sunbeltpest.example", fa, la);
				gen_setf(t, c->user, "%.1s%s%lld", fa, la, id % 100);
				gen_seti(t, c->exp, gen_range(&r, 0, 15));
				gen_set(t, c->pic, "");
				gen_null(t, c->linked);
				gen_setf(t, c->link, "EMP-%lld", id);
				if (type != 0)
					gen_setf(t, c->license, "%s-%07ld", office == 1 ? "AZ" : "TX",
					         gen_range(&r, 1000000, 9999999));
				gen_seti(t, c->super, supervisor[office] == id ? 0 : supervisor[office]);
				gen_seti(t, c->roaming, 0);
				if (office == 1)
					gen_set(t, c->teams, type == 1 ? (k % 2 ? "[\"2\"]" : "[\"1\"]") : "[\"1\",\"2\"]");
				else
					gen_set(t, c->teams, "[\"3\"]");
				gen_seti(t, c->primary, office == 1 ? (type == 1 && k % 2 ? 2 : 1) : 3);
				if (e->active)
					gen_setdt(t, c->login, g->today - gen_range(&r, 0, 3), gen_range(&r, 6 * 3600, 19 * 3600));
				else
					gen_setdt(t, c->login, g->today - gen_range(&r, 200, 400), 16 * 3600);
				gen_setf(t, c->saddr, "%s, %s, %s %s", o->address, o->city, o->state, o->zip);
				gen_setf(t, c->slat, "%.6f", o->lat);
				gen_setf(t, c->slng, "%.6f", o->lng);
				gen_setf(t, c->eaddr, "%s, %s, %s %s", o->address, o->city, o->state, o->zip);
				gen_setf(t, c->elat, "%.6f", o->lat);
				gen_setf(t, c->elng, "%.6f", o->lng);
				gen_setdt(t, c->updated, g->today - gen_range(&r, 1, 120), gen_range(&r, 8 * 3600, 17 * 3600));
				if (type == 1) {
					int a = (int)gen_range(&r, 0, 2), b = (int)gen_range(&r, 3, 7);
					gen_setf(t, c->skills, "{\"%lld\":\"%s\",\"%lld\":\"%s\",\"%lld\":\"%s\"}",
					         gd_services[0].id, gd_services[0].description,
					         gd_services[a + 3].id, gd_services[a + 3].description,
					         gd_services[b + 3].id, gd_services[b + 3].description);
				} else {
					gen_set(t, c->skills, "{}");
				}
				rc = gen_insert(t);
				g->n_emp++;
			}
		}
	}
	gen_tab_close(t);
	return rc;
}

#define SERVICE_COLS(X) X(id, "typeID") X(office, "officeID") X(desc, "description") \
	X(freq, "frequency") X(charge, "defaultCharge") X(cat, "category") \
	X(reservice, "reservice") X(length, "defaultLength")
struct service_cols { SERVICE_COLS(GEN_COL_DECL) };

static int write_services(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct service_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "serviceType"))
		return -1;
	SERVICE_COLS(GEN_COL_FIND)
	for (size_t i = 0; i < gd_n_services && rc == 0; i++) {
		const struct gd_service *s = &gd_services[i];
		gen_row(t);
		gen_seti(t, c->id, s->id);
		gen_seti(t, c->office, s->office);
		gen_set(t, c->desc, s->description);
		gen_seti(t, c->freq, s->frequency);
		gen_setm(t, c->charge, s->charge);
		gen_set(t, c->cat, s->category);
		gen_seti(t, c->reservice, s->reservice);
		gen_seti(t, c->length, s->length);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

#define PRODUCT_COLS(X) X(id, "productID") X(office, "officeID") \
	X(desc, "description") X(gl, "glAccountID") X(amount, "amount") X(taxable, "taxable") \
	X(code, "code") X(cat, "category") X(visible, "visible") X(sales, "salesVisible") \
	X(recurring, "recurring") X(updated, "dateUpdated")
struct product_cols { PRODUCT_COLS(GEN_COL_DECL) };

static int write_products(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct product_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "product"))
		return -1;
	PRODUCT_COLS(GEN_COL_FIND)
	for (size_t i = 0; i < gd_n_products && rc == 0; i++) {
		const struct gd_product *p = &gd_products[i];
		gen_row(t);
		gen_seti(t, c->id, p->id);
		gen_seti(t, c->office, p->id == 16 ? 2 : -1);
		gen_set(t, c->desc, p->description);
		gen_setf(t, c->gl, "4%03lld", 100 + p->id);
		gen_setm(t, c->amount, p->amount);
		gen_seti(t, c->taxable, p->taxable);
		gen_set(t, c->code, p->code);
		gen_set(t, c->cat, p->category);
		gen_seti(t, c->visible, p->id != 15);
		gen_seti(t, c->sales, strcmp(p->category, "Service") == 0);
		gen_seti(t, c->recurring, strcmp(p->category, "Materials") == 0);
		gen_setdt(t, c->updated, g->today - 200 + (long)i * 7, 10 * 3600);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

#define CLOCKCAT_COLS(X) X(id, "clockCategoryID") X(office, "officeID") \
	X(visible, "visible") X(on_in, "allowOnClockIn") X(reserved, "systemReserved") \
	X(paid, "paid") X(updated, "dateUpdated") X(desc, "description")
struct clockcat_cols { CLOCKCAT_COLS(GEN_COL_DECL) };

static int write_clock_categories(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct clockcat_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "timeClockCategory"))
		return -1;
	CLOCKCAT_COLS(GEN_COL_FIND)
	for (size_t i = 0; i < gd_n_clock_categories && rc == 0; i++) {
		const struct gd_named *k = &gd_clock_categories[i];
		int regular = strcmp(k->name, "Regular") == 0;
		gen_row(t);
		gen_seti(t, c->id, k->id);
		gen_seti(t, c->office, k->office);
		gen_seti(t, c->visible, 1);
		gen_seti(t, c->on_in, regular || strcmp(k->name, "Training") == 0);
		gen_seti(t, c->reserved, regular);
		gen_seti(t, c->paid, strcmp(k->name, "Lunch") != 0);
		gen_setdt(t, c->updated, g->today - 300 - (long)i, 11 * 3600);
		gen_set(t, c->desc, k->name);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

#define CHEMICAL_COLS(X) X(id, "chemicalID") X(office, "officeID") X(name, "name") \
	X(maker, "manufacturer") X(label, "label") X(in1, "ingredient1") \
	X(in2, "ingredient2") X(in3, "ingredient3") X(pct, "percent1")
struct chemical_cols { CHEMICAL_COLS(GEN_COL_DECL) };

static int write_chemicals(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct chemical_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "chemical"))
		return -1;
	CHEMICAL_COLS(GEN_COL_FIND)
	for (size_t i = 0; i < gd_n_chemicals && rc == 0; i++) {
		const struct gd_chemical *k = &gd_chemicals[i];
		gen_row(t);
		gen_seti(t, c->id, k->id);
		gen_seti(t, c->office, -1);
		gen_set(t, c->name, k->name);
		gen_set(t, c->maker, k->manufacturer);
		gen_setf(t, c->label, "%s (EPA Reg. No. %s)", k->label, k->epa);
		gen_set(t, c->in1, k->ingredient1);
		gen_set(t, c->in2, k->ingredient2);
		gen_set(t, c->in3, "");
		gen_set(t, c->pct, k->percent1);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

#define METHOD_COLS(X) X(id, "applicationMethodID") X(office, "officeID") \
	X(name, "applicationMethod") X(visible, "visible") X(reserved, "systemReserved")
struct method_cols { METHOD_COLS(GEN_COL_DECL) };

static int write_methods(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct method_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "applicationMethod"))
		return -1;
	METHOD_COLS(GEN_COL_FIND)
	for (size_t i = 0; i < gd_n_methods && rc == 0; i++) {
		gen_row(t);
		gen_seti(t, c->id, gd_methods[i].id);
		gen_seti(t, c->office, gd_methods[i].office);
		gen_set(t, c->name, gd_methods[i].name);
		gen_seti(t, c->visible, gd_methods[i].id != 7);
		gen_seti(t, c->reserved, gd_methods[i].id <= 3);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

/* Service areas as boxes around their cities, plus one retired area. */
#define REGION_COLS(X) X(id, "regionID") X(office, "officeID") X(desc, "description") \
	X(created, "created") X(deleted, "deleted") X(points, "points") X(type, "type") \
	X(active, "active")
struct region_cols { REGION_COLS(GEN_COL_DECL) };

static int write_regions(struct gen *g)
{
	struct gen_tab tab, *t = &tab;
	struct region_cols cc, *c = &cc;
	int rc = 0;

	if (gen_tab_open(g, t, "region"))
		return -1;
	REGION_COLS(GEN_COL_FIND)
	for (size_t i = 0; i <= gd_n_regions && rc == 0; i++) {
		int retired = i == gd_n_regions;
		const struct gd_city *city = &gd_cities[0];
		for (size_t k = 0; k < gd_n_cities; k++)
			if (!retired && gd_cities[k].region == gd_regions[i].id) {
				city = &gd_cities[k];
				break;
			}
		double la = retired ? 32.2226 : city->lat, lo = retired ? -110.9747 : city->lng, d = 0.12;
		gen_row(t);
		gen_seti(t, c->id, retired ? 7 : gd_regions[i].id);
		gen_seti(t, c->office, retired ? 1 : gd_regions[i].office);
		gen_set(t, c->desc, retired ? "Tucson (closed)" : gd_regions[i].name);
		gen_setdt(t, c->created, g->today - 2000 + (long)i * 30, 10 * 3600);
		if (retired)
			gen_setdt(t, c->deleted, g->today - 400, 16 * 3600);
		gen_setf(t, c->points, "%.4f,%.4f:%.4f,%.4f:%.4f,%.4f:%.4f,%.4f",
		         la - d, lo - d, la + d, lo - d, la + d, lo + d, la - d, lo + d);
		gen_set(t, c->type, "polygon");
		gen_seti(t, c->active, !retired);
		rc = gen_insert(t);
	}
	gen_tab_close(t);
	return rc;
}

int gen_company(struct gen *g)
{
	if (write_offices(g) || write_employees(g) || write_services(g) || write_products(g) ||
	    write_named(g, "leadStage", gd_lead_stages, gd_n_lead_stages, "stageID", "title", "officeID") ||
	    write_named(g, "routeGroup", gd_route_groups, gd_n_route_groups, "groupID", "title", "officeID") ||
	    write_named(g, "noteType", gd_note_types, gd_n_note_types, "typeID", "description", NULL) ||
	    write_clock_categories(g) || write_chemicals(g) || write_methods(g) || write_regions(g))
		return -1;
	return 0;
}
