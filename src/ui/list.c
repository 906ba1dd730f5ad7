/* list.c: (being written) */
typedef int rd_empty_unit;
