/* SPDX-License-Identifier: MIT */
/* Loading kernel modules through finit_module (the boot path): the list, what the devices ask for,
 * the filesystems the mounts need. */
#ifndef EM_MODLOAD_H
#define EM_MODLOAD_H
#include "cmdline.h"
#include "spec.h"

/* Loads the modules named in /etc/earlymount/modules and in names[] with their dependencies, from
 * /lib/modules/<release>. Modules already loaded or built in are fine. Each module gets the
 * command line's MODULE.PARAM=VALUE parameters (cl, never NULL; modparams.c), and the initramfs's
 * list skips what modprobe.blacklist= names. Each failure is logged with the module and the reason; returns
 * the number of failures, 0 when all loaded. */
int modules_load(const struct cmdline *cl, const char *const *names, unsigned n);

/* ---- generic images: match, then load -----------------------------------------------------
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

/* Before modules_load: the plan (never NULL: earlymount.jobs=, the filesystem types named up
 * front) and whether to match (PID 1, or a helper with --api-fs: no udev does it). Subscribes the
 * matcher to the uevents (uevent.h): each device added with a MODALIAS= queues the modules that
 * match it, and lost uevents make it walk the devices again. */
void modules_setup(const struct plan *p, int match);
/* The queue: the list and a mount's filesystem load before modules_load and modules_fs return
 * (but, when matching, the filesystems the list or the plan names up front: they load while the
 * devices are awaited, behind the disks' chains, or when their mount raises them); what the
 * devices asked for loads, in the order of the queue (the devices that appeared while
 * drivers loaded first), while the devices are awaited: modules_step loads until a block device
 * is announced or nothing is left, and returns 1, or 0 when nothing was queued (the device waits'
 * work, struct dev_hooks). */
int modules_step(void);
/* Before the switch: the list (filesystems named up front included) loaded; what is still queued is logged (debug) and left to the new
 * root's udev, and a load already running finishes in its worker after the switch. */
void modules_settle(void);
/* The module of filesystem type (alias fs-TYPE) before a mount of dev with it (a probed
 * superblock, or a type of a list tried in turn). 0 when loaded or nothing to load, -ENODEV when
 * it failed (already logged). */
int modules_fs(const char *type, const char *dev);
/* The modules that alias names (modules.alias), loaded before dev (what needs them, for the
 * messages) is used: a device node that only a module makes (devname:loop-control, the loop
 * device of earlymount.rootimage=). 0 when loaded or nothing to load, -ENODEV when one failed
 * (already logged). */
int modules_alias(const char *alias, const char *dev);
/* Every filesystem module of the image, before the kernel's types are tried in turn (no type
 * probed and none given). */
void modules_fs_all(const char *dev);

#endif
