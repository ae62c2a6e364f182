/* SPDX-License-Identifier: MIT */
/* TEMPORARY minimal matcher (helper "boot"), only so the boot side builds and is tested before the
 * matcher helper's src/modalias.c lands; replace it with that one. Patterns are matched with
 * fnmatch(pattern, modalias, 0)'s rules, as libkmod's alias index does, by a small glob of its
 * own: musl's fnmatch brings the wide-character tables (28 KiB). */
#include "modalias.h"
#include "util.h"

#include <string.h>

/* The next line's words (at most max) in w/wl; returns the count, advances *pos. */
static unsigned words(const char *t, size_t len, size_t *pos, const char **w, size_t *wl, unsigned max)
{
	size_t i = *pos, end;
	unsigned n = 0;
	while (i < len && t[i] != '\n')
		i++;
	end = i;
	i = *pos;
	*pos = end + 1;
	while (i < end && n < max) {
		while (i < end && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i >= end || t[i] == '#')
			break;
		w[n] = t + i;
		while (i < end && t[i] != ' ' && t[i] != '\t')
			i++;
		wl[n] = (size_t)(t + i - w[n]);
		n++;
	}
	return n;
}

static int is(const char *w, size_t l, const char *s)
{
	return l == strlen(s) && memcmp(w, s, l) == 0;
}

/* '*', '?', '[...]' (ranges, '!' or '^' negation), '\\' escapes. */
static int glob_hit(const char *p, size_t pl, const char *s)
{
	const char *star_p = NULL, *star_s = NULL, *pe = p + pl;
	while (*s) {
		if (p < pe && *p == '*') {
			star_p = ++p;
			star_s = s;
			continue;
		}
		if (p < pe && *p == '[') {
			const char *q = p + 1;
			int neg = q < pe && (*q == '!' || *q == '^'), hit = 0;
			q += neg;
			const char *first = q;
			while (q < pe && (*q != ']' || q == first)) {
				if (q + 2 < pe && q[1] == '-' && q[2] != ']') {
					hit |= (unsigned char)*s >= (unsigned char)q[0] && (unsigned char)*s <= (unsigned char)q[2];
					q += 3;
				} else {
					hit |= *q++ == *s;
				}
			}
			if (q < pe && hit != neg) {
				p = q + 1;
				s++;
				continue;
			}
		} else if (p < pe && (*p == '?' || (*p == '\\' && p + 1 < pe ? p[1] == *s : *p == *s))) {
			p += *p == '\\' && p + 1 < pe ? 2 : 1;
			s++;
			continue;
		}
		if (!star_p)
			return 0;
		p = star_p;
		s = ++star_s;
	}
	while (p < pe && *p == '*')
		p++;
	return p == pe;
}

int modalias_lookup(const struct modalias_db *db, const char *modalias, modalias_cb cb, void *ctx)
{
	const char *w[3];
	size_t wl[3], pos = 0;
	int hits = 0;
	while (db->alias && pos < db->alias_len) {
		if (words(db->alias, db->alias_len, &pos, w, wl, 3) == 3 && is(w[0], wl[0], "alias") &&
		    glob_hit(w[1], wl[1], modalias)) {
			hits++;
			if (cb)
				cb(ctx, w[2], wl[2], w[1], wl[1]);
		}
	}
	return hits;
}

int modalias_softdeps(const struct modalias_db *db, const char *name, int post, modalias_cb cb, void *ctx)
{
	const char *w[64];
	size_t wl[64], pos = 0;
	int count = 0;
	while (db->softdep && pos < db->softdep_len) {
		unsigned n = words(db->softdep, db->softdep_len, &pos, w, wl, 64);
		if (n < 2 || !is(w[0], wl[0], "softdep") || !param_eqn(w[1], wl[1], name))
			continue;
		int mode = -1;
		for (unsigned i = 2; i < n; i++) {
			if (is(w[i], wl[i], "pre:"))
				mode = 0;
			else if (is(w[i], wl[i], "post:"))
				mode = 1;
			else if (mode == post) {
				count++;
				if (cb)
					cb(ctx, w[i], wl[i], NULL, 0);
			}
		}
	}
	return count;
}

int modalias_cpu_excluded(const struct modalias_db *db, const char *name, const char *cpu_modalias)
{
	const char *w[3];
	size_t wl[3], pos = 0;
	int has = 0;
	if (!cpu_modalias)
		return 0;
	while (db->alias && pos < db->alias_len) {
		if (words(db->alias, db->alias_len, &pos, w, wl, 3) != 3 || !is(w[0], wl[0], "alias") ||
		    wl[1] < 4 || memcmp(w[1], "cpu:", 4) != 0 || !param_eqn(w[2], wl[2], name))
			continue;
		has = 1;
		if (glob_hit(w[1], wl[1], cpu_modalias))
			return 0;
	}
	return has;
}

int modalias_check(const struct modalias_db *db, size_t *first_bad, int *which)
{
	const char *w[3];
	size_t wl[3];
	int bad = 0;
	for (int f = 0; f < 2; f++) {
		const char *t = f ? db->softdep : db->alias;
		size_t len = f ? db->softdep_len : db->alias_len, pos = 0;
		while (t && pos < len) {
			size_t at = pos;
			unsigned n = words(t, len, &pos, w, wl, 3);
			int ok = n == 0 || (f ? n >= 2 && is(w[0], wl[0], "softdep")
			                      : n == 3 && is(w[0], wl[0], "alias"));
			if (ok && !f && n == 3) {
				/* an unclosed '[' is not a glob */
				int open = 0;
				for (size_t i = 0; i < wl[1]; i++)
					if (w[1][i] == '[')
						open = 1;
					else if (w[1][i] == ']')
						open = 0;
				ok = !open;
			}
			if (!ok && !bad++) {
				*first_bad = at;
				*which = f;
			}
		}
	}
	return bad;
}
