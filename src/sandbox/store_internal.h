/* store_internal.h: (being written) */
