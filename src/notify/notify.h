/* notify.h: (being written) */
