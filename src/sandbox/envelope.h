/* envelope.h: (being written) */
