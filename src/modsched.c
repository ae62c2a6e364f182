/* SPDX-License-Identifier: MIT */
/* The order of module loads when several run at once: which module may start now, by what it
 * needs and by priority (pure; modsched.h says why the order matters). */
#include "modsched.h"
#include "util.h"

#include <errno.h>
#include <string.h>

int modsched_find(const struct modsched *s, const char *name)
{
	for (unsigned i = 0; i < s->n; i++)
		if (param_eq(s->name[i], name))
			return (int)i;
	return -ENOENT;
}

int modsched_add(struct modsched *s, const char *name, int *isnew)
{
	int i = modsched_find(s, name);
	size_t l = strlen(name);
	*isnew = 0;
	if (i >= 0)
		return i;
	if (!l || l >= MODSCHED_NAME)
		return -EINVAL;
	if (s->n == MODSCHED_MAX)
		return -ENOSPC;
	memcpy(s->name[s->n], name, l + 1); /* pending (MS_PENDING), priority 0: zero until now */
	*isnew = 1;
	return (int)s->n++;
}

int modsched_need(struct modsched *s, int a, int b, int hard)
{
	if (a == b)
		return 0;
	for (unsigned e = 0; e < s->nedges; e++)
		if (s->from[e] == a && s->to[e] == b) {
			s->hard[e] |= (unsigned char)hard;
			return 0;
		}
	if (s->nedges == MODSCHED_EDGES)
		return -ENOSPC;
	s->from[s->nedges] = (unsigned short)a;
	s->to[s->nedges] = (unsigned short)b;
	s->hard[s->nedges++] = (unsigned char)!!hard;
	return 0;
}

/* A goal's rank (lower first): its class, whether its chain starts new, the bytes left to load. */
#define RANK_NONE (~0ULL)
#define RANK_CLASS(r) ((r) >> 33)
static unsigned long long goal_rank(unsigned cls, int newchain, unsigned long long bytes)
{
	if (bytes > 0xffffffffULL)
		bytes = 0xffffffffULL;
	return (unsigned long long)cls << 33 | (unsigned long long)!!newchain << 32 | bytes;
}

static int unfinished(const struct modsched *s, unsigned i)
{
	return s->state[i] == MS_PENDING || s->state[i] == MS_RUNNING;
}

/* The best (lowest) class of the goals still pending or running; 0 when there is none. */
static unsigned top_class(const struct modsched *s)
{
	unsigned top = 0;
	for (unsigned i = 0; i < s->n; i++)
		if (s->cls[i] && unfinished(s, i) && (!top || s->cls[i] < top))
			top = s->cls[i];
	return top;
}

/* rank[i]: the best rank of the goals module i serves (RANK_NONE: none). Each pending goal's
 * chain is walked (what it needs, transitively, not yet loaded): a boot queues tens of modules
 * with a few hundred edges, so the walks cost little beside a finit_module. */
static void rank_all(const struct modsched *s, unsigned long long *rank)
{
	unsigned short chain[MODSCHED_MAX];
	unsigned char seen[MODSCHED_MAX];

	for (unsigned i = 0; i < s->n; i++)
		rank[i] = RANK_NONE;
	for (unsigned g = 0; g < s->n; g++) {
		if (!s->cls[g] || s->state[g] != MS_PENDING)
			continue;
		unsigned n = 0;
		unsigned long long bytes = 0;
		memset(seen, 0, s->n);
		seen[g] = 1;
		chain[n++] = (unsigned short)g;
		for (unsigned k = 0; k < n; k++) {
			bytes += s->size[chain[k]];
			for (unsigned e = 0; e < s->nedges; e++)
				if (s->from[e] == chain[k] && !seen[s->to[e]] && unfinished(s, s->to[e])) {
					seen[s->to[e]] = 1;
					chain[n++] = s->to[e];
				}
		}
		unsigned long long r = goal_rank(s->cls[g], n > 1, bytes);
		for (unsigned k = 0; k < n; k++)
			if (r < rank[chain[k]])
				rank[chain[k]] = r;
	}
}

/* 1 when a module of rank (rank_all's) serves a goal of class late_class or better. */
static int serves_early(const struct modsched *s, unsigned long long rank)
{
	return rank != RANK_NONE && RANK_CLASS(rank) <= s->late_class;
}

/* 1 when module i waits behind the early goals' chains: it is of priority late_prio, serves no
 * early goal itself, and a module of an early goal's chain is ready (modsched.h says why). */
static int held(const struct modsched *s, unsigned i, const unsigned long long *rank, int early_ready)
{
	return early_ready && s->late_class && s->prio[i] == s->late_prio && !serves_early(s, rank[i]);
}

enum modsched_next modsched_next(struct modsched *s, unsigned char floor, int *idx, int *why)
{
	static unsigned long long rank[MODSCHED_MAX];
	static unsigned char ready[MODSCHED_MAX];
	int pending = -1, best = -1, bestprio = -1, early_ready = 0;
	rank_all(s, rank);
	for (unsigned i = 0; i < s->n; i++) {
		ready[i] = 0;
		if (s->state[i] != MS_PENDING || s->prio[i] < floor)
			continue;
		int ok = 1;
		for (unsigned e = 0; e < s->nedges; e++) {
			if (s->from[e] != i)
				continue;
			unsigned char st = s->state[s->to[e]];
			if (st == MS_FAILED && s->hard[e]) {
				s->state[i] = MS_FAILED;
				*idx = (int)i;
				*why = s->to[e];
				return MSN_DEPFAIL;
			}
			if (st == MS_PENDING || st == MS_RUNNING)
				ok = 0;
		}
		ready[i] = (unsigned char)ok;
		early_ready |= ok && s->late_class && serves_early(s, rank[i]);
		if (pending < 0)
			pending = (int)i;
	}
	for (unsigned i = 0; i < s->n; i++)
		if (ready[i] && !held(s, i, rank, early_ready) &&
		    (s->prio[i] > bestprio || (s->prio[i] == bestprio && rank[i] < rank[best]))) {
			best = (int)i;
			bestprio = s->prio[i];
		}
	/* Below solo_below, only a module of the best class's chains goes beside running ones
	 * (modsched.h says why); a lower class, or no goal, waits until nothing runs. */
	if (best >= 0 && bestprio < s->solo_below && s->running && RANK_CLASS(rank[best]) != top_class(s))
		return MSN_WAIT;
	if (best >= 0) {
		s->state[best] = MS_RUNNING;
		s->running++;
		*idx = best;
		return MSN_START;
	}
	if (s->running)
		return MSN_WAIT;
	if (pending < 0)
		return MSN_IDLE;
	/* Nothing runs and nothing can start: the pending ones wait for each other (softdeps that
	 * name each other). kmod refuses such a loop too; fail one and let the others go on. */
	s->state[pending] = MS_FAILED;
	*idx = pending;
	*why = pending;
	return MSN_LOOP;
}

void modsched_class(struct modsched *s, int idx, unsigned char cls)
{
	if (cls && (!s->cls[idx] || cls < s->cls[idx]))
		s->cls[idx] = cls;
}

void modsched_boost(struct modsched *s, int idx, unsigned char prio)
{
	/* The edges are few (thousands): passes until nothing changes, no recursion. */
	int changed;
	if (s->prio[idx] < prio)
		s->prio[idx] = prio;
	do {
		changed = 0;
		for (unsigned e = 0; e < s->nedges; e++)
			if (s->prio[s->from[e]] > s->prio[s->to[e]]) {
				s->prio[s->to[e]] = s->prio[s->from[e]];
				changed = 1;
			}
	} while (changed);
}

int modsched_busy(const struct modsched *s, unsigned char minprio)
{
	for (unsigned i = 0; i < s->n; i++)
		if ((s->state[i] == MS_PENDING || s->state[i] == MS_RUNNING) && s->prio[i] >= minprio)
			return 1;
	return 0;
}

void modsched_done(struct modsched *s, int idx, int ok)
{
	s->running--;
	s->state[idx] = ok ? MS_DONE : MS_FAILED;
}

void modsched_skip(struct modsched *s, int idx)
{
	s->state[idx] = MS_DONE;
}
