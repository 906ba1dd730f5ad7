/* script.h: (being written) */
