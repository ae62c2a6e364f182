/* SPDX-License-Identifier: MIT */
/* The unit tests' way to read a command line into a plan: build("root=... ...") fills p (and err
 * on failure) with the kernel's rules; -1000 when the line itself cannot be split. */
#ifndef EM_SPEC_T_H
#define EM_SPEC_T_H
#include "../cmdline_t.h"
#include "spec.h"

#include <string.h>

static struct cmdline cl;
static struct plan p;
static char err[512];

static int build(const char *s)
{
	err[0] = '\0';
	if (cmdline_parse(&cl, s, strlen(s)) < 0)
		return -1000;
	return spec_build(&cl, SPEC_RULES_KERNEL, &p, err, sizeof(err));
}
#endif
