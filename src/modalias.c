/* SPDX-License-Identifier: MIT */
/* Device modaliases against modules.alias, and modules.softdep, with kmod's rules (pure: no
 * syscalls, no malloc; the texts are the initramfs's files, mapped, without a final NUL).
 *
 * How kmod answers "modprobe MODALIAS" (libkmod-module.c kmod_module_new_from_lookup, kmod 30):
 * - the modalias is first normalized by alias_normalize() (libkmod-util.c): '-' becomes '_'
 *   outside [...] brackets; a ']' outside a bracket or a '[' never closed make the lookup fail
 *   (EINVAL: no module at all). depmod normalized every pattern the same way when it wrote
 *   modules.alias.bin, and left out the ones that fail ("Unmatched bracket"); the text file that
 *   earlymount reads keeps them raw, so both are normalized here, the same way.
 * - the alias index is a trie searched by index_searchwild() (libkmod-index.c): the pattern's
 *   characters up to its first '*', '?' or '[' are compared byte for byte with the modalias (a
 *   '\' there is an ordinary byte), and only then fnmatch(REST OF PATTERN, REST OF MODALIAS, 0)
 *   decides; a pattern without any of the three must equal the modalias. That literal prefix is
 *   also what makes this fast: almost every line fails on its first bytes, without fnmatch.
 * - every pattern that matches contributes its module (a set: the caller keeps it).
 * kmod's fnmatch is glibc's (flags 0, and the C locale: kmod never calls setlocale). glob() below
 * is that fnmatch, written here rather than taken from musl because musl's differs from glibc's
 * where it matters for exactness (a '\' inside [...] escapes in glibc, not in musl; musl decodes
 * UTF-8). It implements: '*', '?', '\' escapes, and brackets with '!' or '^' negation, a ']'
 * first in the list taken as a member, ranges by byte value (the C locale's collation order), and
 * '\' escapes in the list. It does not implement glibc's [:class:], [=c=] and [.c.] forms inside
 * a bracket, nor its reading of an unterminated '[' as a literal: a pattern with one of those is
 * "not a valid glob" (modalias_prepare counts it; it never matches). depmod's patterns come from
 * the kernel's file2alias ('*', '?' and ranges such as [0-9A-F]) and MODULE_ALIAS strings; kmod
 * itself already refuses the usual [[:alpha:]] form (alias_normalize ends the bracket at the first
 * ']' and then finds a stray one). The Debian 6.1 kernel's modules.alias has none of them
 * (tests/modalias compares every match with kmod's own answer). */
#define _GNU_SOURCE /* qsort_r */
#include "modalias.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* kmod normalizes aliases into PATH_MAX buffers: a longer modalias is cut there (as kmod does), a
 * longer pattern is refused. sysfs modaliases fit in a page (a CPU's is about 1.5 KiB). */
#define NORM_MAX 4096
/* Module names: MODULE_NAME_LEN (64) less the kernel's pointer-sized prefix, with room to spare. */
#define NAME_MAX_LEN 64

struct tok {
	const char *s;
	size_t n;
};

/* Blanks between fields. kmod's config reader splits at ' ' and '\t' (and at isspace() inside
 * softdep lists); '\r' counts as a blank so a file with CRLF line ends reads the same. */
static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int tok_is(const struct tok *t, const char *w)
{
	size_t n = strlen(w);
	return t->n == n && !memcmp(t->s, w, n);
}

/* The line at *pos of db's alias (f 0) or softdep (f 1) text (up to '\n' or the end of the text);
 * advances *pos past it. */
static int line_next(const struct modalias_db *db, int f, size_t *pos, const char **l, const char **e)
{
	const char *text = f ? db->softdep : db->alias, *nl;
	size_t len = f ? db->softdep_len : db->alias_len;
	if (!text || *pos >= len)
		return 0;
	*l = text + *pos;
	nl = memchr(*l, '\n', len - *pos);
	*e = nl ? nl : text + len;
	*pos = nl ? (size_t)(nl - text) + 1 : len; /* never past the end (the callers subtract) */
	return 1;
}

/* The next blank-separated field of [*p, e); 0 when there is none. */
static int tok_next(const char **p, const char *e, struct tok *t)
{
	const char *s = *p;
	while (s < e && is_blank(*s))
		s++;
	t->s = s;
	while (s < e && !is_blank(*s))
		s++;
	t->n = (size_t)(s - t->s);
	*p = s;
	return t->n != 0;
}

/* The first field of a line: 0 for an empty or comment line ('#'), else 1 with *cmd set. */
static int line_cmd(const char **p, const char *e, struct tok *cmd)
{
	return tok_next(p, e, cmd) && cmd->s[0] != '#';
}

/* kmod's alias_normalize: n bytes of s into out (NUL-terminated), '-' as '_' outside [...].
 * -1 for a ']' outside a bracket, a '[' not closed, a NUL byte, or no room. */
static int normalize(const char *s, size_t n, char *out, size_t cap)
{
	int in = 0;
	if (n >= cap)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!c)
			return -1;
		if (in)
			in = c != ']';
		else if (c == '[')
			in = 1;
		else if (c == ']')
			return -1;
		else if (c == '-')
			c = '_';
		out[i] = c;
	}
	out[n] = '\0';
	return in ? -1 : 0;
}

/* The modalias as kmod looks it up: normalized, cut at NORM_MAX - 1 bytes as kmod's buffer cuts
 * it. -1 when kmod would refuse it (a stray ']' or an unclosed '[': the lookup fails). */
static int key_normalize(const char *modalias, char *key)
{
	size_t n = strlen(modalias);
	return normalize(modalias, n < NORM_MAX - 1 ? n : NORM_MAX - 1, key, NORM_MAX);
}

/* One bracket expression of glibc's fnmatch (flags 0, C locale), p just past its '['. Returns the
 * pattern after the closing ']' and sets *in to whether byte c is in the set; NULL for a bracket
 * this matcher refuses (see the top of the file). glibc's rules (posix/fnmatch_loop.c): '!' or
 * '^' first negates; a ']' right after that is a member; "a-z" is a range unless the '-' is
 * followed by ']' (then '-' is a member); '\' escapes the next byte, also as a range's end. */
static const char *bracket(const char *p, unsigned char c, int *in)
{
	int neg = *p == '!' || *p == '^', hit = 0;
	const char *first = p += neg;

	for (;;) {
		unsigned char lo = (unsigned char)*p++, hi;
		if (lo == ']' && p - 1 != first)
			break;
		if (!lo || (lo == '[' && (*p == ':' || *p == '=' || *p == '.')))
			return NULL;
		if (lo == '\\' && !(lo = (unsigned char)*p++))
			return NULL;
		hi = lo;
		if (*p == '-' && p[1] && p[1] != ']') {
			const char *r = p + 1;
			hi = (unsigned char)*r++;
			/* glibc reads "[." as a collating symbol at a range's end (before any escape) */
			if (hi == '[' && *r == '.')
				return NULL;
			if (hi == '\\' && !(hi = (unsigned char)*r++))
				return NULL;
			p = r;
		}
		hit |= lo <= c && c <= hi;
	}
	*in = hit != neg;
	return p;
}

/* fnmatch(p, s, 0) of glibc for the forms above. Every token but '*' takes exactly one byte, so
 * the classic single backtrack point (the last '*') finds a match whenever one exists. */
static int glob(const char *p, const char *s)
{
	const char *star_p = NULL, *star_s = NULL;

	for (;;) {
		unsigned char pc = (unsigned char)*p, sc = (unsigned char)*s;
		const char *next = p + 1;
		int ok;

		if (pc == '*') {
			star_p = p = next;
			star_s = s;
			continue;
		}
		if (!pc) {
			if (!sc)
				return 1;
			ok = 0;
		} else if (!sc) {
			return 0; /* what is left of the pattern needs bytes the string does not have */
		} else if (pc == '?') {
			ok = 1;
		} else if (pc == '[') {
			next = bracket(next, sc, &ok);
			if (!next)
				return 0;
		} else {
			if (pc == '\\' && !(pc = (unsigned char)*next++))
				return 0; /* a trailing '\' never matches (glibc) */
			ok = pc == sc;
		}
		if (ok) {
			p = next;
			s++;
			continue;
		}
		if (!star_p || !*star_s)
			return 0;
		p = star_p; /* the last '*' takes one more byte */
		s = ++star_s;
	}
}

/* 1 when the glob (NUL-terminated, normalized) is one this matcher accepts. */
static int glob_valid(const char *p)
{
	int in;
	while (*p) {
		if (*p == '[') {
			p = bracket(p + 1, 0, &in);
			if (!p)
				return 0;
		} else if (*p++ == '\\' && !*p++) {
			return 0;
		}
	}
	return 1;
}

static int is_wild(char c)
{
	return c == '*' || c == '?' || c == '[';
}

/* The pattern field that starts at p (it ends at a blank or at e) against the normalized key, the
 * way kmod's trie does (the top of the file). Sets *end to the field's end when the literal part
 * matched (always when it returns 1). */
static int pattern_match(const char *p, const char *e, const char *key, const char **end)
{
	char tail[NORM_MAX];
	const char *q = p, *w;

	for (; q < e && !is_blank(*q) && !is_wild(*q); q++, key++) {
		char c = *q;
		if (c == '-')
			c = '_';
		if (c != *key || !c || c == ']')
			return 0;
	}
	for (w = q; q < e && !is_blank(*q); q++)
		;
	*end = q;
	if (q == p)
		return 0;
	if (w == q)
		return !*key;
	return normalize(w, (size_t)(q - w), tail, sizeof(tail)) == 0 && glob(tail, key);
}

/* 1 when the pattern field [p, p+n) can match at all: its literal part has no ']' (alias_normalize
 * refuses it) and the rest normalizes and is a glob this matcher accepts. */
static int pattern_valid(const char *p, size_t n)
{
	char tail[NORM_MAX];
	size_t i = 0;
	for (; i < n && !is_wild(p[i]); i++)
		if (p[i] == ']' || !p[i])
			return 0;
	return normalize(p + i, n - i, tail, sizeof(tail)) == 0 && glob_valid(tail);
}

/* A line at *p (up to e) that starts with the word cmd: 1 with *f, the field after it, set and *p
 * past that field; 0 blank or comment; -1 anything else. */
static int cmd_field(const char **p, const char *e, const char *cmd, struct tok *f)
{
	if (!line_cmd(p, e, f))
		return 0;
	return tok_is(f, cmd) && tok_next(p, e, f) ? 1 : -1;
}

/* An "alias PATTERN MODULE" line [l, e) (more fields are ignored, as kmod's config reader does):
 * 1 with *pat and *mod set; 0 blank or comment; -1 anything else. */
static int alias_fields(const char *l, const char *e, struct tok *pat, struct tok *mod)
{
	int r = cmd_field(&l, e, "alias", pat);
	return r > 0 && !tok_next(&l, e, mod) ? -1 : r;
}

/* The pattern field of an alias line: 1 with *p at its start (and the module field present); 0 for a
 * line to pass over (blank, comment, malformed: never in the index, never a hit). */
static int alias_line(const char *l, const char *e, const char **p)
{
	struct tok pat, mod;
	if (alias_fields(l, e, &pat, &mod) <= 0)
		return 0;
	*p = pat.s;
	return 1;
}

/* One candidate line, its pattern at p, against the key: the callback on a hit. The line has its
 * module field (alias_fields said so: the index holds no other line, nor does the walk pass one). */
static int lookup_line(const char *p, const char *e, const char *key, modalias_cb cb, void *ctx)
{
	const char *pe, *q;
	struct tok mod;
	if (!pattern_match(p, e, key, &pe))
		return 0;
	q = pe;
	(void)tok_next(&q, e, &mod);
	if (cb)
		cb(ctx, mod.s, mod.n, p, (size_t)(pe - p));
	return 1;
}

/* ---- the index: alias lines sorted by the literal part of their pattern --------------------------
 * A lookup that walks the file costs the whole file per modalias: a generic image's 156 KB of
 * aliases (Debian 6.1) against the 39 modaliases of a small QEMU machine took 26 ms of the boot
 * (QEMU TCG, -icount: instructions counted) where the host-only image's 11 KB took 4 ms, and a
 * server has hundreds of devices. A line can only match a key its literal part (the pattern's
 * bytes before the first '*', '?', '[' or blank, '-' read as '_') is a prefix of; sorted by that
 * part, the lines whose part is exactly key[0..L) are one run, found by binary search, for each L
 * up to the key's length, and no longer L needs looking at once no part starts with key[0..L). The
 * candidates then get the full check above, in file order (the runs are, and are merged), so a
 * lookup calls back exactly what the walk would (tests/modalias compares the two on every real
 * modalias, fuzz_modalias on any input). */

/* The normalized byte i of the literal part at offset off, or -1 past its end. */
static int lit_at(const char *t, size_t len, unsigned off, size_t i)
{
	char c;
	if (off + i >= len)
		return -1;
	c = t[off + i];
	if (c == '\n' || is_blank(c) || is_wild(c))
		return -1;
	return (unsigned char)(c == '-' ? '_' : c);
}

/* The index's order: by literal part (as strcmp would order them), and lines with the same part
 * by offset (file order), so that each run of equal parts is in file order already. */
static int idx_cmp(const void *pa, const void *pb, void *vdb)
{
	const struct modalias_db *db = vdb;
	unsigned a = *(const unsigned *)pa, b = *(const unsigned *)pb;
	for (size_t i = 0;; i++) {
		int x = lit_at(db->alias, db->alias_len, a, i), y = lit_at(db->alias, db->alias_len, b, i);
		if (x != y)
			return x < y ? -1 : 1;
		if (x < 0)
			return a < b ? -1 : a > b;
	}
}

/* Sorts buf[0..n) (the offsets of the alias lines' patterns, in file order) by idx_cmp. */
static void idx_sort(struct modalias_db *db, unsigned *buf, size_t n)
{
	/* earlymount-mkinitramfs writes the lines in this order: then one pass checks it, where the
	 * sort took about 40 ms of a generic image's boot (2,850 lines, QEMU TCG, -icount) */
	size_t k = 1;
	while (k < n && idx_cmp(&buf[k - 1], &buf[k], db) < 0)
		k++;
	if (k < n)
		qsort_r(buf, n, sizeof(buf[0]), idx_cmp, db);
}

/* The first entry of [a, b) whose literal part's byte i is at least v (-1: the part has ended),
 * when all of them have the same i bytes before it: they are sorted by that byte there. */
static size_t idx_bound(const struct modalias_db *db, size_t a, size_t b, size_t i, int v)
{
	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (lit_at(db->alias, db->alias_len, db->idx[m], i) < v)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

struct idx_run {
	size_t a, b;
};

/* The runs of index entries whose literal part is exactly key[0..L), for every L: at most cap
 * ranges [a, b) in run, their count, or -1 when there are more (the caller then walks
 * the file). Each run is in file order (idx_cmp). [lo, hi) holds the parts that start with
 * key[0..L): those that end there come first, then they are ordered by their byte L, so each step
 * is two binary searches that look at one byte. */
static int idx_runs(const struct modalias_db *db, const char *key, struct idx_run *run, int cap)
{
	size_t lo = 0, hi = db->nidx;
	int nr = 0;

	for (size_t kl = 0; lo < hi; kl++) {
		size_t j = idx_bound(db, lo, hi, kl, 0);
		int c = (unsigned char)key[kl];
		if (j > lo) {
			if (nr == cap)
				return -1;
			run[nr].a = lo;
			run[nr].b = j;
			nr++;
		}
		if (!c)
			break;
		lo = idx_bound(db, j, hi, kl, c);
		hi = idx_bound(db, lo, hi, kl, c + 1);
	}
	return nr;
}

int modalias_lookup(const struct modalias_db *db, const char *modalias, modalias_cb cb, void *ctx)
{
	char key[NORM_MAX];
	struct idx_run run[64];
	const char *l, *e;
	size_t pos = 0;
	int hits = 0, nr = 0;

	/* without the text there is no index either, and the walk below finds no line */
	if (!db || !modalias || key_normalize(modalias, key) < 0)
		return 0;
	/* With the index, the runs merged into file order: each time the lowest offset at a run's
	 * head, the pattern's, read to its line's end. Without it (more lines than the caller's
	 * buffer holds, or more runs than run[]): every line, each told apart by the first bytes of
	 * its pattern in pattern_match. With the index, that walk is the rare case. */
	int indexed = db->idx && (nr = idx_runs(db, key, run, 64)) >= 0;
	for (;;) {
		const char *p;
		if (indexed) {
			/* the lowest offset at a run's head (every offset is below (unsigned)-1) */
			struct idx_run *best = NULL;
			unsigned at = (unsigned)-1;
			for (int r = 0; r < nr; r++)
				if (run[r].a < run[r].b && db->idx[run[r].a] < at)
					at = db->idx[(best = &run[r])->a];
			if (!best)
				break;
			best->a++;
			pos = at;
		}
		if (!line_next(db, 0, &pos, &l, &e))
			break;
		p = l;
		if (indexed || alias_line(l, e, &p))
			hits += lookup_line(p, e, key, cb, ctx);
	}
	return hits;
}

/* Module names compare with '-' and '_' equal (kmod normalizes both sides). */
static int name_is(const struct tok *t, const char *name)
{
	return param_eqn(t->s, t->n, name) && t->n == strlen(name);
}

int modalias_cpu_scan(const struct modalias_db *db, const char *cpu_modalias, struct modalias_cpu *mods,
                      unsigned cap)
{
	char key[NORM_MAX];
	const char *l, *e, *pe;
	size_t pos = 0;
	unsigned n = 0;
	/* a modalias that cannot be looked up excludes nothing: every module fits */
	int fits = !cpu_modalias || key_normalize(cpu_modalias, key) < 0;

	while (db && line_next(db, 0, &pos, &l, &e)) {
		struct tok pat, mod;
		unsigned k = 0;
		if (alias_fields(l, e, &pat, &mod) <= 0 || pat.n < 4 || memcmp(pat.s, "cpu:", 4) ||
		    mod.n >= MODALIAS_NAME)
			continue;
		while (k < n && !name_is(&mod, mods[k].name))
			k++;
		if (k == n) {
			if (n == cap)
				continue;
			memcpy(mods[k].name, mod.s, mod.n);
			mods[k].name[mod.n] = '\0';
			modname_normalize(mods[k].name);
			mods[k].state = 0;
			n++;
		}
		if (pattern_valid(pat.s, pat.n))
			mods[k].state |= MODALIAS_CPU_VALID |
			                 (fits || pattern_match(pat.s, e, key, &pe) ? MODALIAS_CPU_FITS : 0);
	}
	return (int)n;
}

/* A softdep line (libkmod-config.c kmod_config_parse: "softdep" MODULE REST, REST not empty):
 * 1 with *mod and *rest set; 0 blank or comment; -1 anything else. */
static int softdep_fields(const char *l, const char *e, struct tok *mod, const char **rest)
{
	int r = cmd_field(&l, e, "softdep", mod);
	if (r > 0 && e - l < 2)
		return -1;
	*rest = l + 1; /* kmod takes what follows the one blank after MODULE */
	return r;
}

int modalias_softdeps(const struct modalias_db *db, const char *name, int post, modalias_cb cb,
                      void *ctx)
{
	char want[NAME_MAX_LEN], pat[NAME_MAX_LEN];
	const char *l, *e;
	size_t pos = 0;

	if (!db || !name || em_strlcpy(want, name, sizeof(want)) >= sizeof(want))
		return 0;
	modname_normalize(want);
	while (line_next(db, 1, &pos, &l, &e)) {
		const char *p;
		struct tok mod, t;
		int mode = 0, n = 0;
		/* kmod_module_get_softdeps: the MODULE field is a glob (fnmatch against the module's
		 * normalized name), and only the FIRST line that matches counts: kmod stops there
		 * ("find only the first command, as modprobe from module-init-tools does"), so
		 * "softdep btrfs pre: blake2b-256" hides a second "softdep btrfs pre: sha256". */
		if (softdep_fields(l, e, &mod, &p) <= 0 ||
		    normalize(mod.s, mod.n, pat, sizeof(pat)) < 0 || !glob(pat, want))
			continue;
		/* kmod_config_add_softdep: "pre:" and "post:" (whole words) switch the list the
		 * following names go to; names before either are ignored. */
		while (tok_next(&p, e, &t)) {
			if (tok_is(&t, "pre:"))
				mode = 1;
			else if (tok_is(&t, "post:"))
				mode = 2;
			else if (mode == 1 + !!post) {
				n++;
				if (cb)
					cb(ctx, t.s, t.n, NULL, 0);
			}
		}
		return n;
	}
	return 0;
}

int modalias_prepare(struct modalias_db *db, unsigned *buf, size_t cap, size_t *first_bad, int *which)
{
	const char *l, *e;
	size_t pos, n = 0;
	int bad = 0;

	if (!db)
		return 0;
	for (int f = 0; f < 2; f++) {
		const char *text = f ? db->softdep : db->alias;
		pos = 0;
		while (line_next(db, f, &pos, &l, &e)) {
			const char *q;
			char pat[NAME_MAX_LEN];
			struct tok t, mod;
			int r;
			if (f) {
				r = softdep_fields(l, e, &mod, &q);
				if (r > 0 && (normalize(mod.s, mod.n, pat, sizeof(pat)) < 0 || !glob_valid(pat)))
					r = -1;
			} else {
				r = alias_fields(l, e, &t, &mod);
				/* every line with its pattern and module fields goes into the index (no
				 * other can match), a valid pattern or not (it never matches then) */
				if (r > 0 && n++ < cap)
					buf[n - 1] = (unsigned)(t.s - text);
				if (r > 0 && !pattern_valid(t.s, t.n))
					r = -1;
			}
			if (r >= 0)
				continue;
			if (!bad++) {
				if (first_bad)
					*first_bad = (size_t)(l - text);
				if (which)
					*which = f;
			}
		}
	}
	db->idx = NULL;
	db->nidx = 0;
	if (buf && n <= cap && db->alias && db->alias_len < (unsigned)-1) {
		idx_sort(db, buf, n);
		db->idx = buf;
		db->nidx = n;
	}
	return bad;
}

/* ---- device classes ----------------------------------------------------------------------------- */

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)(c | 0x20); /* either case */
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The value of the hex digits (either case) after the first tag in s (all n of them), or -1. The
 * kernel prints a modalias's fields in upper-case hex, so a lower-case tag never hides in one. */
static long hex_after(const char *s, const char *tag, unsigned n)
{
	const char *p = strstr(s, tag);
	long v = 0;
	if (!p)
		return -1;
	p += strlen(tag);
	for (unsigned k = 0; k < n; k++) {
		int d = hexval(p[k]);
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* The class field of each bus, as the kernel writes its MODALIAS= (uevent) and modalias file. */
enum { CB_PCI, CB_SCSI, CB_VIRTIO, CB_USB, CB_MMC };
static const struct class_bus {
	const char *prefix;
	unsigned char bus;
} class_buses[] = {
	/* drivers/pci/pci-driver.c pci_uevent: "pci:v%08Xd%08Xsv%08Xsd%08Xbc%02Xsc%02Xi%02X" */
	{ "pci:", CB_PCI },
	/* include/scsi/scsi_device.h SCSI_DEVICE_MODALIAS_FMT "scsi:t-0x%02x" (scsi_sysfs.c
	 * scsi_bus_uevent): the peripheral device type */
	{ "scsi:", CB_SCSI },
	/* drivers/virtio/virtio.c virtio_uevent: "virtio:d%08Xv%08X", the device ID */
	{ "virtio:", CB_VIRTIO },
	/* drivers/usb/core/message.c usb_if_uevent: "usb:v%04Xp%04Xd%04Xdc%02Xdsc%02Xdp%02Xic%02X..." */
	{ "usb:", CB_USB },
	/* drivers/mmc/core/bus.c mmc_bus_uevent: "mmc:block" for a card with storage */
	{ "mmc:block", CB_MMC },
};

/* The classes by code; a code not here is MODCLASS_OTHER. */
static const struct class_code {
	unsigned char bus, cls;
	unsigned short code;
} class_codes[] = {
	/* include/linux/pci_ids.h: base class 0x01 (PCI_BASE_CLASS_STORAGE) and its subclasses */
	{ CB_PCI, MODCLASS_DISK, 0x0100 },  /* PCI_CLASS_STORAGE_SCSI (virtio-blk and -scsi too) */
	{ CB_PCI, MODCLASS_SLOW, 0x0101 },  /* PCI_CLASS_STORAGE_IDE */
	{ CB_PCI, MODCLASS_SLOW, 0x0102 },  /* PCI_CLASS_STORAGE_FLOPPY */
	{ CB_PCI, MODCLASS_SLOW, 0x0103 },  /* PCI_CLASS_STORAGE_IPI */
	{ CB_PCI, MODCLASS_DISK, 0x0104 },  /* PCI_CLASS_STORAGE_RAID */
	{ CB_PCI, MODCLASS_DISK, 0x0105 },  /* PCI_CLASS_STORAGE_ATA */
	{ CB_PCI, MODCLASS_DISK, 0x0106 },  /* PCI_CLASS_STORAGE_SATA (AHCI) */
	{ CB_PCI, MODCLASS_DISK, 0x0107 },  /* PCI_CLASS_STORAGE_SAS */
	{ CB_PCI, MODCLASS_DISK, 0x0108 },  /* PCI_CLASS_STORAGE_EXPRESS (NVMe) */
	{ CB_PCI, MODCLASS_DISK, 0x0180 },  /* PCI_CLASS_STORAGE_OTHER */
	/* include/scsi/scsi_proto.h: the peripheral device types; the disks are those sd_mod declares
	 * (its aliases scsi:t-0x00, 0x07, 0x0e, 0x14), the slow ones sr_mod's (0x04, 0x05), st's and ch's */
	{ CB_SCSI, MODCLASS_DISK, 0x00 },   /* TYPE_DISK */
	{ CB_SCSI, MODCLASS_SLOW, 0x01 },   /* TYPE_TAPE */
	{ CB_SCSI, MODCLASS_SLOW, 0x04 },   /* TYPE_WORM */
	{ CB_SCSI, MODCLASS_SLOW, 0x05 },   /* TYPE_ROM: CD/DVD */
	{ CB_SCSI, MODCLASS_DISK, 0x07 },   /* TYPE_MOD: magneto-optical, sd_mod drives it */
	{ CB_SCSI, MODCLASS_SLOW, 0x08 },   /* TYPE_MEDIUM_CHANGER */
	{ CB_SCSI, MODCLASS_DISK, 0x0e },   /* TYPE_RBC */
	{ CB_SCSI, MODCLASS_DISK, 0x14 },   /* TYPE_ZBC: host-managed zoned */
	/* include/uapi/linux/virtio_ids.h */
	{ CB_VIRTIO, MODCLASS_DISK, 2 },    /* VIRTIO_ID_BLOCK */
	{ CB_VIRTIO, MODCLASS_DISK, 8 },    /* VIRTIO_ID_SCSI */
	/* include/uapi/linux/usb/ch9.h: USB_CLASS_MASS_STORAGE, an interface's class */
	{ CB_USB, MODCLASS_DISK, 0x08 },
	/* an MMC/SD card with storage: a disk */
	{ CB_MMC, MODCLASS_DISK, 0 },
};

int modalias_class(const char *modalias)
{
	long code = -1;
	for (size_t b = 0; b < ARRAY_SIZE(class_buses); b++) {
		if (!str_startswith(modalias, class_buses[b].prefix))
			continue;
		switch (class_buses[b].bus) {
		case CB_PCI: {
			long base = hex_after(modalias, "bc", 2), sub = hex_after(modalias, "sc", 2);
			code = base < 0 || sub < 0 ? -1 : base << 8 | sub;
			break;
		}
		case CB_SCSI: code = hex_after(modalias, "t-0x", 2); break;
		case CB_VIRTIO: code = hex_after(modalias, ":d", 8); break;
		case CB_USB: code = hex_after(modalias, "ic", 2); break;
		default: code = 0; break;
		}
		for (size_t k = 0; code >= 0 && k < ARRAY_SIZE(class_codes); k++)
			if (class_codes[k].bus == class_buses[b].bus && class_codes[k].code == code)
				return class_codes[k].cls;
		break;
	}
	return MODCLASS_OTHER;
}
