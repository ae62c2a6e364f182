/* SPDX-License-Identifier: MIT */
/* Kernel modules: the modules.dep reader (pure) and loading through finit_module. */
#ifndef EM_MODULES_H
#define EM_MODULES_H
#include "cmdline.h"
#include "spec.h"

#include <stddef.h>

struct moddep_entry {
	const char *path; /* relative to the module directory, e.g. kernel/fs/ext4/ext4.ko */
	size_t pathlen;
	const char *deps; /* space-separated paths: the whole closure, deepest last */
	size_t depslen;
};

/* Finds the module called name ('-' and '_' equal) in modules.dep text (NULL with len 0: no file,
 * nothing found). 0 or -ENOENT (always for a name of 64 bytes or more: no module's is). */
int moddep_find(const char *text, size_t len, const char *name, struct moddep_entry *out);
/* Finds name in modules.builtin text (one path per line; NULL with len 0 as above). 0 or -ENOENT. */
int modbuiltin_find(const char *text, size_t len, const char *name);
/* The module name of a path: basename without .ko/.ko.xz/.ko.zst/.ko.gz, '-' as '_'. */
void moddep_name(const char *path, size_t len, char *out, size_t cap);

/* Loads the modules named in /etc/earlymount/modules and in names[] with their dependencies, from
 * /lib/modules/<release>. Modules already loaded or built in are fine. Each module gets the
 * command line's MODULE.PARAM=VALUE parameters (cl, never NULL; modparams.c), and the initramfs's list skips
 * what modprobe.blacklist= names. Each failure is logged with the module and the reason; returns
 * the number of failures, 0 when all loaded. */
int modules_load(const struct cmdline *cl, const char *const *names, unsigned n);

/* ---- generic images (issue 10): match, then load ----------------------------------------------
 * When the image has /lib/modules/KVER/modules.alias (and modules.softdep), and the caller allows
 * matching, modules_load also loads what the devices ask for: each device's modalias (coldplug:
 * /sys/bus/BUS/devices/DEV/modalias, then the uevents of the devices the new drivers make)
 * matched against the aliases, each module with its modules.dep dependencies and softdeps, once.
 * A module whose cpu: aliases do not match /sys/devices/system/cpu/modalias is skipped (it would
 * fail with ENODEV), matched or listed. Up to plan->jobs (earlymount.jobs=; default the CPUs, at
 * most 8) finit_module calls run at once, each after what it needs. earlymount.debug logs
 *   "match: MODALIAS (DEVPATH) -> MODULE via PATTERN"
 *   "skip: module NAME: REASON" (already loaded, built into the kernel, blacklisted
 *       (modprobe.blacklist=), cpu feature absent (...))
 *   "loaded module NAME (N ms)" and "module NAME: no device for it here (ENODEV); skipped (N ms)"
 * and modules_load ends with one line, debug or not:
 *   "modules: N loaded (M matched from K devices), S skipped, F failed, T ms".
 * Without modules.alias (a host-only image, or matching not allowed) everything below does
 * nothing and the list loads as before. */

/* Before modules_load: the plan (never NULL: earlymount.jobs=, the filesystem types named up front) and
 * whether to match (PID 1, or a helper with --api-fs: no udev does it). */
void modules_setup(const struct plan *p, int match);
/* Queues the modules that match a device's modalias (a hot-plugged device's uevent); returns how
 * many new modules it queued. modules_step loads them. */
int modules_hotplug(const char *modalias, const char *devpath);
/* Uevents were lost (the socket overflowed): walks the devices again and queues what matches. */
void modules_rescan(void);
/* The queue: the list and a mount's filesystem load before modules_load and modules_fs return;
 * what the devices asked for loads, in the order of the queue (the devices that appeared while
 * drivers loaded first), while dev_wait waits: modules_step loads until a block device is
 * announced (1) or nothing is left (0), and modules_pending says whether anything is left. */
int modules_pending(void);
int modules_step(void);
/* Before the switch: the list loaded; what is still queued is logged (debug) and left to the new
 * root's udev, and a load already running finishes in its worker after the switch. */
void modules_settle(void);
/* The module of filesystem type (alias fs-TYPE) before a mount of dev with it (a probed
 * superblock, or a type of a list tried in turn). 0 when loaded or nothing to load, -ENODEV when
 * it failed (already logged). */
int modules_fs(const char *type, const char *dev);
/* Every filesystem module of the image, before the kernel's types are tried in turn (no type
 * probed and none given). */
void modules_fs_all(const char *dev);

#endif
