/* handlers.h: (being written) */
