/* handle_write.c: (being written) */
typedef int rd_empty_unit;
