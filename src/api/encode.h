/* encode.h: (being written) */
