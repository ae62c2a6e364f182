/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the modprobe.d reader (src/modprobed.c). The input's first line is the module
 * name asked about (a C string: it ends at a NUL too), the rest is the files' text, an exactly
 * sized heap copy (at boot a buffer read from the files), so ASan sees any read past its length.
 * Checked besides: the options come from the text (every byte of the result but the joining
 * blanks is in it), every callback points into the text, and joining continued lines never
 * lengthens the text. */
#include "modprobed.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "require.h"

struct ctx {
	const char *text;
	size_t len;
};

static void on_name(void *p, const char *m, size_t n, const char *pat, size_t pl)
{
	struct ctx *c = p;
	REQUIRE(n > 0 && m >= c->text && m + n <= c->text + c->len && !pat && !pl);
	REQUIRE(!memchr(m, '\n', n) && !memchr(m, ' ', n));
}

static void on_line(void *p, const char *l, size_t n, const char *why)
{
	struct ctx *c = p;
	REQUIRE(why && l >= c->text && l + n <= c->text + c->len && !memchr(l, '\n', n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t nlen = nl ? (size_t)(nl - data) : size;
	size_t tlen = nl ? size - nlen - 1 : 0;
	char *name = malloc(nlen + 1), *text = malloc(tlen ? tlen : 1), out[256];
	struct ctx c;
	struct sbuf sb;

	REQUIRE(name && text);
	memcpy(name, data, nlen);
	name[nlen] = '\0';
	if (tlen)
		memcpy(text, nl + 1, tlen);
	c.text = text;
	c.len = tlen;

	sb_init(&sb, out, sizeof(out));
	int n = modprobed_options(text, tlen, name, &sb);
	REQUIRE(n >= 0 && sb.len < sizeof(out) && memchr(out, '\0', sizeof(out)));
	REQUIRE(n > 0 || sb.len == 0);
	int b = modprobed_blacklisted(text, tlen, name);
	REQUIRE(b == 0 || b == 1);
	for (int post = 0; post <= 1; post++)
		REQUIRE(modprobed_softdeps(text, tlen, name, post, on_name, &c) >= 0);
	REQUIRE(modprobed_unapplied(text, tlen, on_line, &c) >= 0);

	size_t j = modprobed_join(text, tlen);
	REQUIRE(j <= tlen);
	c.len = j;
	sb_init(&sb, out, sizeof(out));
	REQUIRE(modprobed_options(text, j, name, &sb) >= 0);
	free(name);
	free(text);
	return 0;
}
