/* SPDX-License-Identifier: MIT */
/* Device modaliases matched against kmod's modules.alias, and modules.softdep read, as kmod does
 * (pure: no syscalls; the text comes mapped from the initramfs's /lib/modules/KVER). */
#ifndef EM_MODALIAS_H
#define EM_MODALIAS_H

#include <stddef.h>

/* The two files' text as depmod writes them (and earlymount-mkinitramfs cuts them down):
 *   modules.alias:   "alias PATTERN MODULE" lines, '#' comments
 *   modules.softdep: "softdep MODULE pre: A B post: C" lines, '#' comments
 * Either may be NULL/0 (absent). */
struct modalias_db {
	const char *alias;
	size_t alias_len;
	const char *softdep;
	size_t softdep_len;
	/* modalias_prepare's sorted offsets of the alias lines' patterns; NULL: lookups walk the text */
	const unsigned *idx;
	size_t nidx;
};

/* One hit: the module's name as written in the file (not normalized) and the pattern that hit. */
typedef void (*modalias_cb)(void *ctx, const char *module, size_t modlen, const char *pattern,
                            size_t patlen);

/* Calls cb for every line of db->alias whose PATTERN matches `modalias` with kmod's rules, in file
 * order; a module can be reported more than once (the caller keeps a set). kmod's rules (details
 * and sources in modalias.c): both sides normalized ('-' as '_' outside [...]); the pattern's bytes
 * before its first '*', '?' or '[' equal the modalias's, then fnmatch(rest, rest, 0) of glibc.
 * Malformed lines and invalid globs never match (see modalias_prepare); a modalias kmod refuses
 * (a stray ']' or an unclosed '[') matches nothing. Each call walks the whole text once, unless
 * modalias_prepare made an index (then a few binary searches).
 * kmod itself looks up modules.dep names first: resolve a name that is a module (moddep_find)
 * before calling this. Returns the number of hits (0: nothing matches). */
int modalias_lookup(const struct modalias_db *db, const char *modalias, modalias_cb cb, void *ctx);

/* Calls cb for each name in the "pre:" (post == 0) or "post:" (post == 1) list of module `name`'s
 * softdep line ('-' and '_' equal in `name`), pattern NULL. As kmod (kmod_module_get_softdeps),
 * only the FIRST line whose MODULE field (a glob) matches counts: of depmod's "softdep btrfs pre:
 * blake2b-256" and "softdep btrfs pre: sha256", modprobe loads blake2b only. The names are module
 * names or aliases, as in kmod (resolve them with moddep_find / modalias_lookup). Returns the
 * count. */
int modalias_softdeps(const struct modalias_db *db, const char *name, int post, modalias_cb cb,
                      void *ctx);

/* The modules that have "cpu:" aliases, found in one pass over db->alias (at boot, once), each
 * with what those aliases say about cpu_modalias: name (normalized, '-' as '_') and state, where
 * MODALIAS_CPU_VALID: at least one of them is a valid pattern; MODALIAS_CPU_FITS: one of those
 * matches, or cpu_modalias is NULL or one kmod would refuse. A module whose state is
 * MODALIAS_CPU_VALID alone is excluded: the CPU lacks the feature it needs (its init would fail
 * with ENODEV, as crc32c_intel does without SSE4.2). The first cap modules (file order) go into
 * mods, longer names are passed over; returns how many went in. */
#define MODALIAS_NAME 56 /* the kernel's MODULE_NAME_LEN, as MODSCHED_NAME */
enum { MODALIAS_CPU_VALID = 1, MODALIAS_CPU_FITS = 2 };
struct modalias_cpu {
	char name[MODALIAS_NAME];
	unsigned char state;
};
int modalias_cpu_scan(const struct modalias_db *db, const char *cpu_modalias, struct modalias_cpu *mods,
                      unsigned cap);

/* How likely a device is to hold a disk that carries a root, by its modalias alone (the bus's
 * class fields: a PCI function's class code, a SCSI device's peripheral type, a virtio device's
 * ID, a USB interface's class), lower first: MODCLASS_DISK (a disk or a disk controller: SCSI,
 * SATA, SAS, RAID, NVMe, virtio-blk/-scsi, a SCSI disk, USB mass storage, an MMC card),
 * MODCLASS_OTHER (anything else, unknown buses included: a USB host controller, an SD host may
 * still lead to a disk), MODCLASS_SLOW (legacy IDE, floppy, optical, tape, media changers: their
 * drivers probe slowly and a root there is rare). Never MODCLASS_NONE (0, "not matched"). */
enum { MODCLASS_NONE, MODCLASS_DISK, MODCLASS_OTHER, MODCLASS_SLOW };
int modalias_class(const char *modalias);

/* Readies db for lookups, in one pass over the texts (at boot, once, before matching):
 * - checks both: returns the number of malformed lines (not "alias PATTERN MODULE" / "softdep
 *   MODULE ...", a pattern that is not a valid glob such as an unclosed '[' or a stray ']', or one
 *   of glibc's [:class:], [=c=], [.c.] forms this matcher does not implement), and stores the
 *   first one's offset and file (0 alias, 1 softdep) for a warning; first_bad and which are left
 *   alone when there is none, and may be NULL. Blank and '#' lines are fine.
 * - indexes db->alias (buf NULL: not): the offset of every alias line's pattern (a line with its
 *   pattern and module fields; no other can match) goes into buf, sorted by its literal part, and
 *   db->idx points to it (the text must not change while it does). With more lines than cap, or
 *   no text, db->idx is NULL and lookups walk the text. Lookups give the same callbacks in the
 *   same order with or without the index. */
int modalias_prepare(struct modalias_db *db, unsigned *buf, size_t cap, size_t *first_bad, int *which);

#endif
