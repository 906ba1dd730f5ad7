/* action.h: (being written) */
