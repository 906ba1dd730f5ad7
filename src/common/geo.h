/* geo.h: miles between two points given in degrees (a flat map, exact enough for one office's territory), for the generator and route/get's maxDistance. */
#ifndef ROUTEDESK_GEO_H
#define ROUTEDESK_GEO_H

/* Miles between (lat1, lng1) and (lat2, lng2), on a flat map scaled at
 * lat1: exact enough across one office's territory (a few tens of miles),
 * which is all the sandbox measures. */
double geo_miles(double lat1, double lng1, double lat2, double lng2);

#endif
