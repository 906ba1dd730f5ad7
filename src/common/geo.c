/* geo.c: distances between two points given in degrees. */
#include "config.h"

#include <math.h>

#include "common/geo.h"

#define MILES_PER_DEGREE 69.0

double geo_miles(double lat1, double lng1, double lat2, double lng2)
{
	double dy = (lat2 - lat1) * MILES_PER_DEGREE;
	double dx = (lng2 - lng1) * MILES_PER_DEGREE * cos(lat1 * M_PI / 180.0);

	return sqrt(dx * dx + dy * dy);
}
