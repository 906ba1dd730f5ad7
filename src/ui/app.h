/* app.h: (being written) */
