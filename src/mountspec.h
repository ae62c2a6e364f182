/* SPDX-License-Identifier: MIT */
/* The mount plan's data: what the parsers (spec.c, layerspec.c) fill and the mounters read. */
#ifndef EM_MOUNTSPEC_H
#define EM_MOUNTSPEC_H
#include "devspec.h"
#include "options.h"

#include <stddef.h>

/* ROLE_LAYER: a device a layered root is built from (earlymount.overlay=), mounted on its own
 * directory under /run/earlymount (layers.c), not inside the new root. */
enum mount_role { ROLE_ROOT, ROLE_USR, ROLE_EXTRA, ROLE_LAYER };

/* Whose reading of the command line to follow. The kernel (PID 1 mode, dracut's shell flow): the
 * last of a repeated parameter wins. systemd (earlymount in place of systemd-fstab-generator's
 * sysroot.mount): repeated rootflags= are joined, and the /usr device waits as long as systemd
 * waits for a device. */
enum spec_rules { SPEC_RULES_KERNEL, SPEC_RULES_SYSTEMD };

struct mount_entry {
	enum mount_role role;
	const char *param;       /* "root", "mount.usr", "earlymount.mount" (for the plan) */
	const char *target;      /* inside the new root: "/" for the root itself */
	int bind;                /* bind mount (open_tree); recursive in opts.recursive */
	long wait_s;             /* how long to wait for the device; -1 = forever (set by spec_build) */
	long members_wait_s;     /* then for the other members of a multi-device btrfs: never forever
	                            (the kernel waits for the root's node only), set by spec_build */
	const char *wait_from;   /* which parameter or rule set wait_s (for the plan) */
	struct devspec src;
	char fstypes[128];       /* comma list to try in order; "" = probe the device */
	struct optset opts;
};

#define PLAN_MAX_EXTRA 32
#define PLAN_MAX_MODULES 64

/* earlymount.volatile=, with systemd.volatile='s meanings (systemd-volatile-root, systemd-fstab-generator):
 * VOL_OVERLAY the root device read-only under a tmpfs upper layer; VOL_STATE the root as given
 * and a tmpfs on /var; VOL_YES a tmpfs root with /usr bound read-only from the root device. */
enum volatile_mode { VOL_NO, VOL_YES, VOL_STATE, VOL_OVERLAY };

enum onfail { ONFAIL_DEFAULT, ONFAIL_SHELL, ONFAIL_REBOOT, ONFAIL_POWEROFF, ONFAIL_HALT, ONFAIL_PANIC };

struct plan {
	int have_root;
	int have_usr;
	int usr_from_fstab;        /* with no mount.usr=, /usr from the new root's /etc/fstab (mountplan.c):
	                              the initramfs's own boot, not dracut's, which does it itself */
	unsigned nextra;
	unsigned nmodules;
	const char *init;          /* init= (made absolute), or NULL for the kernel's search order */
	long wait_s;               /* how long to wait for devices; -1 = forever (bare rootwait) */
	const char *wait_from;     /* which parameter set wait_s (for the plan; rootwait's also wins over earlymount.timeout=) */
	long timeout_s;            /* earlymount.timeout= as given (-1: not given), rootwait or not: it bounds
	                              the waits rootwait's "forever" does not cover (set_waits) */
	unsigned long rootdelay_s;
	const char *journaldev;    /* root.journaldev= (dracut): the root's external journal/log device */
	/* resume= (kernel/power/hibernate.c): the swap device holding a hibernation image, resumed
	 * from before anything is mounted (resume.c). have_resume is 0 when none was given, the last
	 * one was empty or invalid, or noresume, nohibernate or hibernate=no... turned it off. */
	int have_resume;
	int noresume;              /* noresume, nohibernate or hibernate=no...: resume stays off */
	long resume_wait_s;        /* how long to wait for its device: the root's wait, never forever */
	unsigned long long resume_offset; /* resume_offset=: the swap header's page within the device */
	struct devspec resume;
	int debug;
	unsigned jobs;             /* earlymount.jobs=N: finit_module calls at once; 0 = the CPUs, at most 8 */
	enum onfail onfail;
	/* Layered roots (layers.c). share_root: root= is a tag of a 9p or virtiofs share (every type
	 * of rootfstype= is one), mounted with that tag as its source and retried until it appears. */
	enum volatile_mode volatile_mode;
	int share_root;
	int have_overlay;          /* earlymount.overlay=DEVICE: the persistent upper layer */
	const char *rootimage;     /* earlymount.rootimage=PATH inside the root device, or NULL */
	/* What was accepted or ignored the way the kernel (or systemd) does, with a warning: each
	 * line ends in '\n' (in warnings, below). The caller logs them (log_warn, one per line); plan
	 * prints them. */
	unsigned nwarnings;
	int warnings_cut;          /* more warnings than fit in the buffer */
	enum spec_rules rules;
	unsigned ninit_args;       /* arguments after "--" */
	const char *init_given;    /* init= as written (the kernel runs a relative one from /) */
	const char *const *init_args;
	struct mount_entry root;
	struct mount_entry usr;
	struct mount_entry extra[PLAN_MAX_EXTRA];
	char init_buf[256];
	char modules_buf[512];
	const char *modules[PLAN_MAX_MODULES];
	struct mount_entry overlay;
	struct optset tmpfs_opts;  /* earlymount.tmpfsflags=: the tmpfs layers' options */
	char warnings[1024];
};

#endif
