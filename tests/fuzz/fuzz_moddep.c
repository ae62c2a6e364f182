/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the modules.dep and modules.builtin readers. The input's first line is the
 * module name asked for (as a C string: it ends at a NUL too), the rest is the file's text, which
 * at boot is an mmap()ed file without a terminating NUL: it is an exactly-sized heap copy here, so
 * ASan sees any read past len. The entry found is then walked the way modules.c's loader does. */
#include "modules.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "require.h"

static void name_of(const char *path, size_t len)
{
	/* 56 is the loader's buffer, 64 name_matches'; 1 is the smallest that holds the NUL. */
	static const size_t caps[] = { 1, 5, 56, 64 };
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		char *o = malloc(caps[i]);
		REQUIRE(o);
		moddep_name(path, len, o, caps[i]);
		REQUIRE(memchr(o, '\0', caps[i]) != NULL && !strchr(o, '-'));
		free(o);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t nlen = nl ? (size_t)(nl - data) : size;
	size_t tlen = nl ? size - nlen - 1 : 0;
	char *name = malloc(nlen + 1);
	char *text = malloc(tlen ? tlen : 1);
	struct moddep_entry e;
	int r;

	REQUIRE(name && text);
	memcpy(name, data, nlen);
	name[nlen] = '\0';
	if (tlen)
		memcpy(text, nl + 1, tlen);

	r = moddep_find(text, tlen, name, &e);
	REQUIRE(r == 0 || r == -ENOENT);
	if (r == 0) {
		REQUIRE(e.path >= text && e.pathlen > 0 && e.path + e.pathlen <= text + tlen);
		REQUIRE(e.deps >= text && e.deps + e.depslen <= text + tlen);
		REQUIRE(!memchr(e.path, '\n', e.pathlen) && !memchr(e.deps, '\n', e.depslen));
		name_of(e.path, e.pathlen);
		for (size_t i = 0; i < e.depslen;) {
			while (i < e.depslen && e.deps[i] == ' ')
				i++;
			size_t s = i;
			while (i < e.depslen && e.deps[i] != ' ')
				i++;
			if (i > s)
				name_of(e.deps + s, i - s);
		}
	}
	r = modbuiltin_find(text, tlen, name);
	REQUIRE(r == 0 || r == -ENOENT);
	name_of(text, tlen);
	free(name);
	free(text);
	return 0;
}
