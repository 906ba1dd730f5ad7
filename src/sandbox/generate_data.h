/* generate_data.h: (being written) */
