/* main.c: routedesk-sandbox's command line (being written). */
int main(void) { return 1; }
