/* SPDX-License-Identifier: MIT */
/* The modules.dep and modules.builtin readers: a module's line found by its name, and a module's
 * name from its path (pure: no syscalls). */
#include "modules.h"
#include "compat.h"
#include "util.h"

#include <errno.h>
#include <string.h>

/* The suffixes a module file may have. */
static const char *const suffixes[] = { ".ko.xz", ".ko.zst", ".ko.gz", ".ko" };

void moddep_name(const char *path, size_t len, char *out, size_t cap)
{
	const char *base = path;
	size_t n;

	for (size_t i = 0; i < len; i++)
		if (path[i] == '/')
			base = path + i + 1;
	n = len - (size_t)(base - path);
	for (size_t k = 0; k < ARRAY_SIZE(suffixes); k++) {
		size_t sl = strlen(suffixes[k]);
		if (n > sl && memcmp(base + n - sl, suffixes[k], sl) == 0) {
			n -= sl;
			break;
		}
	}
	if (n >= cap)
		n = cap - 1;
	memcpy(out, base, n);
	out[n] = '\0';
	modname_normalize(out);
}

/* The line of text whose module is name ('-' and '_' equal): modules.dep's (dep: the path before
 * the ':', *out set) or modules.builtin's (the whole line is the path). 0 or -ENOENT. */
static int find_line(const char *text, size_t len, const char *name, int dep, struct moddep_entry *out)
{
	char got[64];
	size_t i = 0;

	while (i < len) {
		size_t start = i, colon = (size_t)-1, end;
		while (i < len && text[i] != '\n') {
			if (colon == (size_t)-1 && text[i] == ':')
				colon = i;
			i++;
		}
		end = i++;
		if (!dep)
			colon = end;
		if (colon == (size_t)-1 || colon == start)
			continue;
		moddep_name(text + start, colon - start, got, sizeof(got));
		if (!param_eq(got, name))
			continue;
		if (dep) {
			out->path = text + start;
			out->pathlen = colon - start;
			out->deps = text + colon + 1;
			out->depslen = end - colon - 1;
		}
		return 0;
	}
	return -ENOENT;
}

int moddep_find(const char *text, size_t len, const char *name, struct moddep_entry *out)
{
	return find_line(text, len, name, 1, out);
}

int modbuiltin_find(const char *text, size_t len, const char *name)
{
	return find_line(text, len, name, 0, NULL);
}
