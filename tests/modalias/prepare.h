/* SPDX-License-Identifier: MIT */
/* The questions the tests ask of the alias matcher one at a time, over the one call the boot makes
 * (modalias_prepare, which checks and indexes in one pass): tests/unit/test_modalias.c,
 * tests/fuzz/fuzz_modalias.c, tests/modalias/match.c. */
#ifndef EM_TEST_PREPARE_H
#define EM_TEST_PREPARE_H

#include "modalias.h"
#include "util.h"

/* modalias_prepare's count of malformed lines (first_bad and which as it sets them), db left
 * as it was. */
static inline int modalias_check(const struct modalias_db *db, size_t *first_bad, int *which)
{
	struct modalias_db d;
	if (!db)
		return 0;
	d = *db;
	return modalias_prepare(&d, NULL, 0, first_bad, which);
}

/* db indexed into buf (cap entries): the number of lines indexed, or -1 when there was no index
 * (more lines than cap, or no text: lookups walk the text). */
static inline int modalias_index(struct modalias_db *db, unsigned *buf, size_t cap)
{
	(void)modalias_prepare(db, buf, cap, NULL, NULL);
	return db->idx ? (int)db->nidx : -1;
}

/* 1 when module name has at least one valid "cpu:" alias and none of them matches cpu_modalias
 * (modalias_cpu_scan's excluded state, of its first 32 modules); 0 otherwise (no cpu: alias, or
 * one matches, or cpu_modalias is NULL or one kmod would refuse). */
static inline int modalias_cpu_excluded(const struct modalias_db *db, const char *name, const char *cpu_modalias)
{
	struct modalias_cpu mods[32];
	int n = name ? modalias_cpu_scan(db, cpu_modalias, mods, 32) : 0;
	for (int k = 0; k < n; k++)
		if (param_eq(name, mods[k].name))
			return mods[k].state == MODALIAS_CPU_VALID;
	return 0;
}

#endif
