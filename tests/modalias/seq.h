/* SPDX-License-Identifier: MIT */
/* The callbacks of one modalias_lookup as the pattern pointers (each names its line), in order: what
 * a lookup through modalias_index's index must equal the walk's in (tests/modalias/match.c,
 * tests/fuzz/fuzz_modalias.c). */
#ifndef EM_TEST_SEQ_H
#define EM_TEST_SEQ_H

#include <stddef.h>
#include <string.h>

#define SEQ_MAX 256

struct seq {
	const char *pat[SEQ_MAX];
	int n; /* every callback, also those past SEQ_MAX */
};

static void seq_record(void *ctx, const char *module, size_t modlen, const char *pattern, size_t patlen)
{
	struct seq *q = ctx;
	(void)module;
	(void)modlen;
	(void)patlen;
	if (q->n < SEQ_MAX)
		q->pat[q->n] = pattern;
	q->n++;
}

/* 1 when both called back the same lines in the same order */
static int seq_same(const struct seq *a, const struct seq *b)
{
	return a->n == b->n && !memcmp(a->pat, b->pat, sizeof(a->pat[0]) * (size_t)(a->n < SEQ_MAX ? a->n : SEQ_MAX));
}

#endif
