/* SPDX-License-Identifier: MIT */
/* earlymount's answer to "which modules does this modalias want" for tests/modalias/kmod_diff, and
 * the matcher's timing:
 *
 *   modalias_match MODDIR FILE...             one line per modalias: "MODALIAS<TAB>mod1 mod2 ..."
 *   modalias_match --time N MODDIR FILE...    each FILE's modaliases looked up N times; prints the
 *                                             time of one pass per FILE (a machine's coldplug),
 *                                             walking the file and through the index
 *
 * MODDIR is a kernel's /lib/modules/KVER. The FILEs hold modaliases, one a line ('#' comments).
 * Like kmod (libkmod-module.c kmod_module_new_from_lookup), a modalias that nothing in
 * modules.alias matches is looked up in the built-in modules' aliases next (kmod's
 * modules.builtin.alias.bin, which depmod makes from modules.builtin.modinfo: made here from the
 * same file, as "alias PATTERN MODULE" text), so the whole of kmod's answer is compared. The
 * module sets are printed sorted, names with '_' (kmod prints normalized names). Every lookup is
 * made twice, walking modules.alias and through modalias_index's index, which must call back the
 * same lines in the same order (else the program stops with status 3, naming the modalias). */
#define _GNU_SOURCE
#include "modalias.h"
#include "prepare.h"
#include "seq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct set {
	char names[64][64];
	int n;
};

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, r;
	if (!f)
		return NULL;
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 1 << 20;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	fclose(f);
	*len = n;
	return buf;
}

static void add(void *ctx, const char *module, size_t modlen, const char *pattern, size_t patlen)
{
	struct set *s = ctx;
	char name[64];
	(void)pattern;
	(void)patlen;
	if (modlen >= sizeof(name))
		modlen = sizeof(name) - 1;
	memcpy(name, module, modlen);
	name[modlen] = '\0';
	for (char *p = name; *p; p++)
		if (*p == '-')
			*p = '_';
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->names[i], name))
			return;
	if (s->n < 64)
		strcpy(s->names[s->n++], name);
}

/* The same callbacks from the walk (db) and the index (idb), or exit 3. */
static void same(const struct modalias_db *db, const struct modalias_db *idb, const char *key)
{
	static struct seq a, b;
	a.n = b.n = 0;
	int ha = modalias_lookup(db, key, seq_record, &a), hb = modalias_lookup(idb, key, seq_record, &b);
	if (ha != hb || !seq_same(&a, &b)) {
		fprintf(stderr, "modalias_match: %s: the index gives %d hits, the walk %d (or other lines)\n", key, hb, ha);
		exit(3);
	}
}

static int cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* modules.builtin.modinfo ("module.key=value" strings, NUL-separated) -> "alias PATTERN MODULE\n" */
static char *builtin_aliases(const char *moddir, size_t *outlen)
{
	char path[4096];
	size_t len, o = 0;
	char *mi, *out;
	snprintf(path, sizeof(path), "%s/modules.builtin.modinfo", moddir);
	mi = slurp(path, &len);
	if (!mi) {
		*outlen = 0;
		return NULL;
	}
	out = malloc(len * 2 + 1);
	if (!out)
		abort();
	for (size_t i = 0; i < len;) {
		const char *s = mi + i, *dot, *eq;
		size_t sl = strnlen(s, len - i);
		i += sl + 1;
		dot = memchr(s, '.', sl);
		if (!dot || sl - (size_t)(dot - s) < 7 || memcmp(dot, ".alias=", 7))
			continue;
		eq = dot + 6;
		o += (size_t)sprintf(out + o, "alias %.*s %.*s\n", (int)(s + sl - eq - 1), eq + 1,
		                     (int)(dot - s), s);
	}
	free(mi);
	*outlen = o;
	return out;
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	struct modalias_db db = { 0 }, bdb = { 0 };
	char path[4096];
	long repeat = 0;
	int a = 1;

	if (argc > 2 && !strcmp(argv[1], "--time")) {
		repeat = atol(argv[2]);
		a = 3;
	}
	if (argc - a < 2) {
		fprintf(stderr, "usage: %s [--time N] MODDIR FILE...\n", argv[0]);
		return 2;
	}
	snprintf(path, sizeof(path), "%s/modules.alias", argv[a]);
	db.alias = slurp(path, &db.alias_len);
	if (!db.alias) {
		perror(path);
		return 2;
	}
	bdb.alias = builtin_aliases(argv[a], &bdb.alias_len);
	struct modalias_db idb = db, ibdb = bdb;
	unsigned *ibuf = malloc(sizeof(unsigned) << 16), *ibbuf = malloc(sizeof(unsigned) << 16);
	if (!ibuf || !ibbuf || modalias_index(&idb, ibuf, 1u << 16) < 0 || (bdb.alias && modalias_index(&ibdb, ibbuf, 1u << 16) < 0)) {
		fprintf(stderr, "modalias_match: modalias_index failed\n");
		return 2;
	}

	for (int f = a + 1; f < argc; f++) {
		size_t len, nkeys = 0;
		char *text = slurp(argv[f], &len), *line, *save = NULL;
		char *keys[4096];
		if (!text) {
			perror(argv[f]);
			return 2;
		}
		text = realloc(text, len + 1);
		text[len] = '\0';
		for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			if (line[0] != '#' && nkeys < 4096)
				keys[nkeys++] = line;
		if (repeat > 0) {
			for (int ix = 0; ix < 2; ix++) {
				const struct modalias_db *d = ix ? &idb : &db;
				int hits = 0;
				double t0 = now_ms(), t;
				for (long r = 0; r < repeat; r++)
					for (size_t k = 0; k < nkeys; k++)
						hits += modalias_lookup(d, keys[k], NULL, NULL);
				t = (now_ms() - t0) / (double)repeat;
				printf("%s: %zu modaliases, %d hits: %.3f ms per pass over %zu bytes of modules.alias (%s)\n",
				       argv[f], nkeys, hits / (int)repeat, t, db.alias_len, ix ? "index" : "walk");
			}
			continue;
		}
		for (size_t k = 0; k < nkeys; k++) {
			struct set s = { .n = 0 };
			same(&db, &idb, keys[k]);
			if (bdb.alias)
				same(&bdb, &ibdb, keys[k]);
			modalias_lookup(&idb, keys[k], add, &s);
			if (!s.n)
				modalias_lookup(&ibdb, keys[k], add, &s);
			qsort(s.names, (size_t)s.n, sizeof(s.names[0]), cmp);
			printf("%s\t", keys[k]);
			for (int i = 0; i < s.n; i++)
				printf("%s%s", i ? " " : "", s.names[i]);
			printf("\n");
		}
		free(text);
	}
	return 0;
}
