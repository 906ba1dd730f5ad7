/* http.h: (being written) */
