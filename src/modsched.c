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

enum modsched_next modsched_next(struct modsched *s, int *idx, int *why)
{
	int pending = -1, best = -1, bestprio = -1;
	for (unsigned i = 0; i < s->n; i++) {
		if (s->state[i] != MS_PENDING)
			continue;
		int ready = 1;
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
				ready = 0;
		}
		if (ready && s->prio[i] > bestprio) {
			best = (int)i;
			bestprio = s->prio[i];
		}
		if (pending < 0)
			pending = (int)i;
	}
	if (best >= 0 && bestprio < s->solo_below && s->running)
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
