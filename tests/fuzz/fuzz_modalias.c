/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the modalias matcher (src/modalias.c). The input's first line is the modalias
 * looked up (a C string: it ends at a NUL too), the second the module name asked about (softdeps,
 * CPU gating), the rest is modules.alias text up to a NUL byte and modules.softdep text after it;
 * both texts are exactly-sized heap copies (at boot they are mapped files without a final NUL),
 * so ASan sees any read past their length. Besides the API's promises (hits inside the text, counts
 * equal to the callbacks), every alias line is checked against kmod's rules computed here another
 * way, with glibc's own fnmatch: alias_normalize on both sides, the literal prefix compared byte
 * for byte, fnmatch(rest of pattern, rest of modalias, 0). A line the matcher calls invalid
 * (modalias_check) must never match; a valid one must match exactly when that reference does. */
#define _GNU_SOURCE
#include "modalias.h"
#include "../modalias/prepare.h"
#include "../modalias/seq.h"

#include <fnmatch.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "require.h"

struct ctx {
	const char *text;
	size_t len;
	int calls;
	int softdep; /* callbacks of modalias_softdeps: no pattern */
};

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static void on_hit(void *p, const char *module, size_t modlen, const char *pattern, size_t patlen)
{
	struct ctx *c = p;
	c->calls++;
	REQUIRE(modlen > 0 && module >= c->text && module + modlen <= c->text + c->len);
	for (size_t i = 0; i < modlen; i++)
		REQUIRE(!blank(module[i]) && module[i] != '\n');
	if (c->softdep) {
		REQUIRE(!pattern && !patlen);
		return;
	}
	REQUIRE(pattern && patlen > 0 && pattern >= c->text && pattern + patlen <= module);
	for (size_t i = 0; i < patlen; i++)
		REQUIRE(!blank(pattern[i]) && pattern[i] != '\n');
}

/* kmod's alias_normalize, written again: NUL-terminated out, 0 when refused. */
static int kmod_normalize(const char *s, size_t n, char *out)
{
	int br = 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!c)
			return 0;
		if (br)
			br = c != ']';
		else if (c == '[')
			br = 1;
		else if (c == ']')
			return 0;
		else if (c == '-')
			c = '_';
		out[i] = c;
	}
	out[n] = '\0';
	return !br;
}

/* kmod's answer for one pattern: the trie's literal prefix, then glibc's fnmatch. */
static int kmod_match(const char *pat, size_t patlen, const char *key)
{
	char np[8192];
	size_t i = 0, kl = strlen(key);
	if (patlen >= sizeof(np) || !kmod_normalize(pat, patlen, np))
		return 0;
	while (np[i] && np[i] != '*' && np[i] != '?' && np[i] != '[')
		i++;
	if (!np[i])
		return !strcmp(np, key);
	if (kl < i || memcmp(np, key, i))
		return 0;
	return fnmatch(np + i, key + i, 0) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl1 = memchr(data, '\n', size), *nl2, *z, *rest;
	size_t klen, nlen, alen, slen, rlen;
	char *key, *name, *alias, *softdep, *nkey;
	struct modalias_db db;
	struct ctx c;
	size_t off;
	int which, n, total;

	if (!nl1)
		return 0;
	klen = (size_t)(nl1 - data);
	nl2 = memchr(nl1 + 1, '\n', size - klen - 1);
	if (!nl2)
		return 0;
	nlen = (size_t)(nl2 - nl1 - 1);
	rest = nl2 + 1;
	rlen = size - (size_t)(rest - data);
	z = memchr(rest, '\0', rlen);
	alen = z ? (size_t)(z - rest) : rlen;
	slen = z ? rlen - alen - 1 : 0;

	key = malloc(klen + 1);
	name = malloc(nlen + 1);
	alias = malloc(alen ? alen : 1);
	softdep = malloc(slen ? slen : 1);
	nkey = malloc(4096);
	REQUIRE(key && name && alias && softdep && nkey);
	memcpy(key, data, klen);
	key[klen] = '\0';
	memcpy(name, nl1 + 1, nlen);
	name[nlen] = '\0';
	memcpy(alias, rest, alen);
	if (slen)
		memcpy(softdep, z + 1, slen);
	db = (struct modalias_db){ alias, alen, softdep, slen, NULL, 0 };

	/* the whole file: the promises of the API */
	c = (struct ctx){ alias, alen, 0, 0 };
	total = modalias_lookup(&db, key, on_hit, &c);
	REQUIRE(total >= 0 && total == c.calls);
	REQUIRE(modalias_lookup(&db, key, NULL, NULL) == total);
	/* through the index: the same lines called back, in the same order */
	{
		static unsigned ibuf[8192];
		struct modalias_db idb = db;
		static struct seq a, b;
		a.n = b.n = 0;
		if (modalias_index(&idb, ibuf, 8192) >= 0) {
			REQUIRE(idb.idx == ibuf);
			REQUIRE(modalias_lookup(&db, key, seq_record, &a) == total);
			REQUIRE(modalias_lookup(&idb, key, seq_record, &b) == total);
			REQUIRE(seq_same(&a, &b));
		} else {
			REQUIRE(idb.idx == NULL && idb.nidx == 0);
		}
	}
	for (int post = 0; post < 2; post++) {
		c = (struct ctx){ softdep, slen, 0, 1 };
		n = modalias_softdeps(&db, name, post, on_hit, &c);
		REQUIRE(n >= 0 && n == c.calls);
	}
	n = modalias_cpu_excluded(&db, name, key);
	REQUIRE(n == 0 || n == 1);
	REQUIRE(modalias_cpu_excluded(&db, name, NULL) == 0);
	off = (size_t)-1;
	which = -1;
	n = modalias_check(&db, &off, &which);
	REQUIRE(n >= 0);
	if (n > 0)
		REQUIRE((which == 0 && off < alen) || (which == 1 && off < slen));

	/* line by line, against kmod's rules with glibc's fnmatch */
	{
		/* the key as kmod looks it up: cut at 4095 bytes, normalized, or refused */
		size_t kl = strnlen(key, 4095);
		int key_ok = kmod_normalize(key, kl, nkey);
		int sum = 0;
		for (size_t i = 0; i < alen;) {
			const char *l = alias + i, *e = memchr(l, '\n', alen - i), *p, *ps, *ms;
			size_t ll = e ? (size_t)(e - l) : alen - i, pl = 0;
			struct modalias_db one = { l, ll, NULL, 0, NULL, 0 };
			int hit, valid, want = 0;
			i += ll + 1;
			hit = modalias_lookup(&one, key, NULL, NULL);
			REQUIRE(hit == 0 || hit == 1);
			sum += hit;
			valid = modalias_check(&one, NULL, NULL) == 0;
			if (!valid) {
				REQUIRE(!hit);
				continue;
			}
			/* "alias PATTERN MODULE ...", blank-separated */
			p = l;
			while (p < l + ll && blank(*p))
				p++;
			if (l + ll - p < 5 || memcmp(p, "alias", 5) || (p + 5 < l + ll && !blank(p[5])))
				continue; /* a comment or blank line: valid, never a hit */
			p += 5;
			while (p < l + ll && blank(*p))
				p++;
			ps = p;
			while (p < l + ll && !blank(*p))
				p++;
			pl = (size_t)(p - ps);
			while (p < l + ll && blank(*p))
				p++;
			ms = p;
			if (pl && ms < l + ll && key_ok)
				want = kmod_match(ps, pl, nkey);
			REQUIRE(hit == want);
		}
		REQUIRE(sum == total);
	}
	free(key);
	free(name);
	free(alias);
	free(softdep);
	free(nkey);
	return 0;
}
