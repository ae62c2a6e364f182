/* SPDX-License-Identifier: MIT */
/* The kernel command-line tokenizer, with the kernel's own quoting rules (kernel/params.c
 * next_arg): spaces separate, double quotes group and are stripped from the start and end of the
 * whole parameter or of its value, there is no backslash escape, and everything after a lone "--"
 * is for init. Pure: no syscalls. */
#ifndef EM_CMDLINE_H
#define EM_CMDLINE_H
#include <stddef.h>

#define CMDLINE_MAX 16384 /* bytes; x86's COMMAND_LINE_SIZE is 2048, other arches more */
#define CMDLINE_MAX_ARGS 2048

struct cmdline_arg {
	const char *name;
	const char *value; /* NULL when the parameter has no '=' */
};

struct cmdline {
	size_t used; /* bytes of buf holding text (each appended line NUL-terminated) */
	unsigned nargs;
	unsigned ninit; /* arguments after "--" */
	struct cmdline_arg args[CMDLINE_MAX_ARGS];
	const char *init_args[CMDLINE_MAX_ARGS];
	char buf[CMDLINE_MAX];
};

/* Tokenizes text (len bytes, need not be NUL-terminated) and appends its parameters to cl (a
 * cleared struct cmdline to start; the initramfs's stored default fragment goes in front of the
 * kernel's line: later parameters override earlier ones). Returns 0, -E2BIG when the text or the
 * number of parameters exceeds the limits above. An unterminated quote extends to the end of the
 * line, as in the kernel. */
int cmdline_append(struct cmdline *cl, const char *text, size_t len);

#endif
