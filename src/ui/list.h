/* list.h: (being written) */
