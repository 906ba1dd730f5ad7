/* cmdline.h: (being written) */
