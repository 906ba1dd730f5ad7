/* query.h: (being written) */
