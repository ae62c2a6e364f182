/* SPDX-License-Identifier: MIT */
/* The order of module loads when several run at once (pure: no syscalls). A module may start only
 * once everything it needs has finished, that is, once finit_module returned for each (its
 * do_init_module made it MODULE_STATE_LIVE): the kernel resolves a module's symbols inside
 * finit_module (kernel/module/main.c simplify_symbols, resolve_symbol): a dependency still being
 * formed is not searched (find_symbol skips MODULE_STATE_UNFORMED: "Unknown symbol", ENOENT), and
 * one running its init (MODULE_STATE_COMING: strong_try_module_get's EBUSY) makes the load wait
 * for it in resolve_symbol_wait, up to 30 s, and then fail with EBUSY ("gave up waiting for init of
 * module"). A softdep "pre:" module loads before it, a "post:" one after it, as modprobe orders
 * them (kmod's probe list); a module whose hard dependency failed is not loaded, as modprobe stops
 * its probe list at the first failure (libkmod-module.c kmod_module_probe_insert_module).
 * Independent chains run side by side. */
#ifndef EM_MODSCHED_H
#define EM_MODSCHED_H

#define MODSCHED_MAX 512    /* modules: a generic image has about 300 */
#define MODSCHED_EDGES 4096 /* "needs" relations: modules.dep closures and softdeps */
#define MODSCHED_NAME 56    /* the kernel's MODULE_NAME_LEN */

enum modsched_state { MS_PENDING, MS_RUNNING, MS_DONE, MS_FAILED };

enum modsched_next {
	MSN_START,   /* *idx may start now (it is marked running) */
	MSN_DEPFAIL, /* *idx will not load: its dependency *why failed (it is marked failed) */
	MSN_LOOP,    /* *idx waits for itself through softdeps: marked failed so the rest goes on */
	MSN_WAIT,    /* nothing can start before a running module finishes */
	MSN_IDLE,    /* nothing left to do */
};

/* A table starts all zero (empty): static, or cleared with memset. */
struct modsched {
	unsigned n, nedges, running;
	char name[MODSCHED_MAX][MODSCHED_NAME];
	unsigned char state[MODSCHED_MAX];
	unsigned char prio[MODSCHED_MAX]; /* higher starts first (modsched_boost) */
	/* A module of a lower priority starts beside running ones only when it serves a goal of the best
	 * class still unloaded (modsched_next; 0: no such rule). Why: the kernel ends every module's
	 * init by waiting for all asynchronous work in the system (kernel/module/main.c
	 * do_init_module: async_synchronize_full, unless the module was loaded with async_probe), so a
	 * driver that probes its devices asynchronously (libata's ports, SCSI hosts) holds up every
	 * other module loaded meanwhile until its probe ends: a legacy IDE or optical chain must not
	 * hold up the disk controllers' chains, while two disk controllers' chains (either may hold
	 * the root) load side by side. */
	unsigned char solo_below;
	/* A module of priority late_prio (what only a mount needs: a filesystem named up front) does
	 * not start while a module that serves a goal of class late_class or better (the disk
	 * controllers' and disks' chains) is ready, whatever its priority (modsched_next; late_class
	 * 0: no such rule). Why: the mount needs the filesystem only once a disk is found, and the
	 * disk's chain may idle (libata waits for its SATA links inside ahci's finit_module,
	 * do_init_module's async_synchronize_full): with one job, the loads are the same and their
	 * sum is too, but the kernel's own work of the first boot second (6.12's unbound workqueues)
	 * runs in that idle time instead of beside the filesystem's loads; with more jobs, the
	 * filesystem loads beside the disk's waits rather than before its chain. A module of the
	 * chain of an early goal is never held (it would hold that goal). */
	unsigned char late_prio, late_class;
	/* Among ready modules of one priority, which goes first (modsched_next): a module matched for
	 * a device has a class (modsched_class: lower first, modalias.h's MODCLASS_*; 0: none, a
	 * dependency or a listed module), and size its file's bytes (0: unknown), the cost of its
	 * load. */
	unsigned char cls[MODSCHED_MAX];
	unsigned size[MODSCHED_MAX];
	unsigned short from[MODSCHED_EDGES], to[MODSCHED_EDGES];
	unsigned char hard[MODSCHED_EDGES];
};

/* The index of module name ('-' and '_' equal), added as pending when new (*isnew = 1), and then
 * stored as given: the caller's names are normalized already ('-' as '_', as modules.dep's names
 * are; modload.c gets each one through moddep_name or modname_normalize). -ENOSPC when the table
 * is full, -EINVAL for an empty or too long name. */
int modsched_add(struct modsched *s, const char *name, int *isnew);
/* Index of name, or -ENOENT. */
int modsched_find(const struct modsched *s, const char *name);
/* Module a may start only after b finished: hard (a modules.dep dependency: b failing fails a) or
 * soft (a softdep: a goes on after b failed). 0, or -ENOSPC. */
int modsched_need(struct modsched *s, int a, int b, int hard);
/* What to do next (see enum modsched_next): of the modules that may start, the one of the highest
 * priority; among equals, the one that serves the best goal, a goal being a pending module with a
 * class (modsched_class) and everything it needs: the lowest class first (a disk controller
 * before an optical, tape or legacy IDE chain), then a goal whose chain is loaded (nothing it
 * needs is pending or running) before one that starts a new chain, then the fewer bytes left to
 * load in its chain (the smaller first); a module that serves no goal comes after, and the
 * lowest index decides the rest, so the order of adding is the order of starting when nothing
 * else does; a module of priority late_prio waits while one of an early goal's chain is ready
 * (late_class, above). Nothing below priority floor starts (nor is failed as a loop): once the mounts'
 * device is found, only what they need loads before them. MSN_WAIT when the best is below
 * solo_below, another module runs, and the best serves no goal of the best class among those
 * pending or running (a lower class, or no goal). */
enum modsched_next modsched_next(struct modsched *s, unsigned char floor, int *idx, int *why);
/* Gives module idx the class cls (modalias.h's MODCLASS_*, lower first) as a goal; of several
 * (a module matched by more than one device), the lowest holds. */
void modsched_class(struct modsched *s, int idx, unsigned char cls);
/* Raises idx (a module's index) and everything it needs (hard or soft, transitively) to priority
 * prio at least. */
void modsched_boost(struct modsched *s, int idx, unsigned char prio);
/* 1 while a module of priority minprio or higher is pending or running. */
int modsched_busy(const struct modsched *s, unsigned char minprio);
/* A started module (MSN_START marked it running) finished: ok = loaded (or nothing to do), else
 * failed. */
void modsched_done(struct modsched *s, int idx, int ok);
/* A pending module (never started: modload.c skips one as modsched_add adds it) needs no load
 * (built in, already loaded, not for this CPU): done. */
void modsched_skip(struct modsched *s, int idx);

#endif
