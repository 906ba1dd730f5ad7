/* request.h: (being written) */
