/* theme.h: (being written) */
