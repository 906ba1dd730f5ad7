/* view_common.h: (being written) */
