/* SPDX-License-Identifier: MIT */
/* The kernel command line split into parameters, and the words after "--" that go to init, as the
 * kernel splits them (kernel/params.c next_arg and parse_args, init/main.c). Pure: no syscalls. */
#include "cmdline.h"

#include <errno.h>
#include <string.h>

static int is_space(char c)
{
	/* The kernel uses isspace(): space, \t, \n, \v, \f, \r. /proc/cmdline ends in '\n'. */
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static char *skip_spaces(char *s)
{
	while (is_space(*s))
		s++;
	return s;
}

/* Mirrors next_arg() in kernel/params.c, quirks included: a quote inside a parameter toggles
 * grouping but stays in the text unless it opens the parameter or the value. */
static char *next_arg(char *args, char **param, char **val)
{
	size_t i, equals = 0;
	int in_quote = 0, quoted = 0;

	if (*args == '"') {
		args++;
		in_quote = 1;
		quoted = 1;
	}
	for (i = 0; args[i]; i++) {
		if (is_space(args[i]) && !in_quote)
			break;
		if (equals == 0 && args[i] == '=')
			equals = i;
		if (args[i] == '"')
			in_quote = !in_quote;
	}
	*param = args;
	if (!equals) {
		*val = NULL;
	} else {
		args[equals] = '\0';
		*val = args + equals + 1;
		if (**val == '"') {
			(*val)++;
			if (args[i - 1] == '"')
				args[i - 1] = '\0';
		}
	}
	if (quoted && i > 0 && args[i - 1] == '"')
		args[i - 1] = '\0';
	if (args[i]) {
		args[i] = '\0';
		args += i + 1;
	} else {
		args += i;
	}
	return skip_spaces(args);
}

static int tokenize(struct cmdline *cl, char *p)
{
	int after_dashes = 0;

	p = skip_spaces(p);
	while (*p) {
		char *name, *val;
		p = next_arg(p, &name, &val);
		if (after_dashes) {
			/* The kernel hands these to init untouched (init/main.c), quotes and all
			 * removed by the same next_arg; '=' stays part of the word. */
			if (val)
				val[-1] = '=';
			if (cl->ninit >= CMDLINE_MAX_ARGS)
				return -E2BIG;
			cl->init_args[cl->ninit++] = name;
			continue;
		}
		if (!val && strcmp(name, "--") == 0) {
			after_dashes = 1;
			continue;
		}
		if (cl->nargs >= CMDLINE_MAX_ARGS)
			return -E2BIG;
		cl->args[cl->nargs].name = name;
		cl->args[cl->nargs].value = val;
		cl->nargs++;
	}
	return 0;
}

int cmdline_append(struct cmdline *cl, const char *text, size_t len)
{
	size_t start = cl->used;
	size_t n = strnlen(text, len); /* the text ends at its first NUL, if one comes before len */

	if (start + n + 1 > sizeof(cl->buf))
		return -E2BIG;
	memcpy(cl->buf + start, text, n);
	cl->buf[start + n] = '\0';
	cl->used = start + n + 1;
	return tokenize(cl, cl->buf + start);
}
