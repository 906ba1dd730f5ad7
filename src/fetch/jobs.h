/* jobs.h: (being written) */
