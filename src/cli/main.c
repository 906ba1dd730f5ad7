/* main.c: the routedesk program (being written). */
int main(void) { return 1; }
