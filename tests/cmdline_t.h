/* SPDX-License-Identifier: MIT */
/* The tests' way to tokenize one command line into a struct cmdline that may hold an earlier one:
 * emptied, then cmdline_append (the program reads one line into a cleared static one, run.c). */
#ifndef EM_CMDLINE_T_H
#define EM_CMDLINE_T_H
#include "cmdline.h"

static inline int cmdline_parse(struct cmdline *cl, const char *text, size_t len)
{
	cl->nargs = 0;
	cl->ninit = 0;
	cl->used = 0;
	return cmdline_append(cl, text, len);
}
#endif
