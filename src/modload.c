/* SPDX-License-Identifier: MIT */
/* Loading kernel modules through finit_module (the boot path): the initramfs's list, the modules
 * the devices ask for (their modaliases matched against modules.alias, as udev's kmod builtin
 * does), the filesystem a superblock names (alias fs-TYPE), each with its dependencies
 * (modules.dep) and softdeps (modules.softdep), several at once. The readers and the matcher are
 * pure (modules.c, modalias.c), and so is the order of the loads (modsched.c). */
#define _GNU_SOURCE
#include "modload.h"
#include "compat.h"
#include "log.h"
#include "modalias.h"
#include "modconf.h"
#include "modprobed.h"
#include "modparams.h"
#include "modsched.h"
#include "modules.h"
#include "syscalls.h"
#include "uevent.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

static struct modsched sched;
static const char *npath[MODSCHED_MAX]; /* the module's file in modules.dep (NULL: none) */
static unsigned short npathlen[MODSCHED_MAX];
static pid_t npid[MODSCHED_MAX];
static int npidfd[MODSCHED_MAX]; /* the worker's pidfd while npid[i] (-1: none, then the 20 ms poll) */
static unsigned long nt0[MODSCHED_MAX];
static unsigned char nflags[MODSCHED_MAX]; /* NF_PARAMS, NF_COMPRESSED: how start loaded it */
/* NF_COMPRESSED is finit_module's own flag (4), so start stores the flags it passed as they are */
enum { NF_PARAMS = 1, NF_COMPRESSED = MODULE_INIT_COMPRESSED_FILE };

static int opened;          /* 1: the module directory is open; -1: it could not be */
static const char *conf;     /* the modprobe.d files' text (modconf.c), conf_len bytes */
static size_t conf_len;
static int moddir_fd;        /* set by mods_open before any use */
/* The module directory's files, as mods_open mapped them (text NULL: none); db has the last two. */
enum { F_DEP, F_BUILTIN, F_ALIAS, F_SOFTDEP };
static struct mfile {
	const char *name;
	const char *text;
	size_t len;
} mf[] = {
	[F_DEP] = { "modules.dep", NULL, 0 },
	[F_BUILTIN] = { "modules.builtin", NULL, 0 },
	[F_ALIAS] = { "modules.alias", NULL, 0 },
	[F_SOFTDEP] = { "modules.softdep", NULL, 0 },
};
static struct modalias_db db;
static int matching;        /* match devices and filesystems (an image with modules.alias) */
static int want_match;      /* the caller allows it (modules_setup) */
static char cpu_alias[2048]; /* /sys/devices/system/cpu/modalias */
/* The modules with "cpu:" aliases (crc32c_intel, aesni_intel, ...) and whether this CPU has what
 * they need (modalias_cpu_scan); none when the CPU's modalias is unknown. */
static struct modalias_cpu cpu_mods[32];
static unsigned ncpu_mods;
static char release[65];
static const struct cmdline *kcl;
/* The order of the queue (modsched_boost): what a mount waits for, then the list of the image and
 * the command line, then, in an image that matches devices, the filesystems named up front (the
 * list's and the planned types: PRIO_LATE, list_priorities), then the modules of devices that
 * appeared while drivers loaded (a controller's children, a step nearer a disk than a controller
 * not yet probed), then what the first walk of the devices found. PRIO_LATE waits behind the
 * disk controllers' and disks' chains, whatever their priority (modsched.h, late_prio). The
 * first three are always loaded before the switch; the rest loads while the devices are
 * awaited, and what has not started when the mounts are done is left to the new root's udev (as
 * dracut's systemd flow does: it stops udevd at the switch). */
enum { PRIO_COLDPLUG, PRIO_HOTPLUG, PRIO_LATE, PRIO_LIST, PRIO_MOUNT };
/* coldplug's walk runs: its matches get PRIO_COLDPLUG, the others PRIO_HOTPLUG */
static int coldplugging;
static int block_seen; /* a block device's uevent arrived while modules loaded */
static unsigned jobs = 1; /* finit_module calls at once (earlymount.jobs=, modules_setup) */
static const struct plan *kplan;
/* 1: the list names the module (the image's, earlymount.modules=); list_priorities raises them
 * once the whole list is queued. */
static unsigned char listed[MODSCHED_MAX];
static struct { unsigned loaded, matched, devices, skipped, failed; } stats;

/* A sysfs file's first line (read_file, cut at its '\n'); read_file's result. */
static long read_line(int dirfd, const char *path, char *buf, size_t cap)
{
	long len = read_file(dirfd, path, buf, cap);
	if (len > 0)
		buf[strcspn(buf, "\n")] = '\0';
	return len;
}

/* The module directory's file f mapped (f->text, f->len); left as it was (NULL, 0: set once) when
 * it cannot be. */
static void map_file(struct mfile *f)
{
	struct stat st;
	void *p;
	int fd = openat(moddir_fd, f->name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	/* an empty file maps to nothing: mmap refuses a length of 0 (EINVAL) */
	p = fstat(fd, &st) < 0 ? MAP_FAILED : mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return;
	f->text = p;
	f->len = (size_t)st.st_size;
}

/* The default of earlymount.jobs: the CPUs this process may run on (as nproc counts them), at
 * most 8. More workers than CPUs only wait for each other: module init runs on the caller's CPU. */
static unsigned default_jobs(void)
{
	cpu_set_t set;
	int n;
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 1;
	n = CPU_COUNT(&set); /* at least the one this runs on */
	return n > 8 ? 8 : (unsigned)n;
}

/* modules.alias and modules.softdep checked (a warning for malformed lines), and the alias lines
 * indexed once, so that each device's lookup is a few binary searches instead of a walk of the
 * whole file (modalias.c, the index). */
static void prepare_aliases(const char *dir)
{
	/* 32768 lines: Debian 6.1's whole modules.alias has about 27,000; past that, lookups walk
	 * the text as they would without. */
	static unsigned alias_idx[32768];
	size_t bad_at = 0;
	int which = 0, bad = modalias_prepare(&db, alias_idx, ARRAY_SIZE(alias_idx), &bad_at, &which);

	if (bad > 0) {
		const struct mfile *f = &mf[which ? F_SOFTDEP : F_ALIAS];
		size_t e = bad_at;
		while (e < f->len && f->text[e] != '\n' && e - bad_at < 120)
			e++;
		log_warn("%s/%s: %d malformed lines (the first: \"%.*s\"); they are skipped", dir, f->name, bad,
		         (int)(e - bad_at), f->text + bad_at);
	}
	if (!db.idx)
		log_debug("modules.alias: more than %zu alias lines, not indexed: each lookup walks the file",
		          ARRAY_SIZE(alias_idx));
}

/* The modules with cpu: aliases judged against this CPU (cpu_mods). The CPU's own modalias
 * ("cpu:type:x86,ven...:feature:,0000,...") is what udev matches the cpu: aliases against
 * (drivers/base/cpu.c print_cpu_modalias); the modules that have cpu: aliases are few, found and
 * judged once, so the check costs nothing for the others. */
static void judge_cpu_modules(void)
{
	if (read_line(AT_FDCWD, "/sys/devices/system/cpu/modalias", cpu_alias, sizeof(cpu_alias)) <= 0)
		return;
	ncpu_mods = (unsigned)modalias_cpu_scan(&db, cpu_alias[0] ? cpu_alias : NULL, cpu_mods, ARRAY_SIZE(cpu_mods));
	if (ncpu_mods)
		log_debug("this CPU: %s", cpu_alias);
}

/* Opens /lib/modules/RELEASE once and maps its files; with modules.alias, readies the matcher
 * (matching as modules_setup allowed). 0, or -errno (logged unless quiet and there is no
 * directory: nothing was asked for, and an image without modules has none). */
static int mods_open(int quiet)
{
	struct utsname u;
	char dir[128];

	if (opened)
		return opened > 0 ? 0 : -ENOENT;
	opened = -1;
	/* newuname fails only with EFAULT (kernel/sys.c), which u on the stack cannot give */
	(void)uname(&u);
	em_strlcpy(release, u.release, sizeof(release));
	fmt(dir, sizeof(dir), "/lib/modules/%s", release);
	moddir_fd = open_dir(dir);
	if (moddir_fd < 0) {
		int e = -moddir_fd;
		if (quiet && e == ENOENT)
			return -e;
		log_err("load modules failed: %s: %s (the initramfs was built for another kernel?)", dir, errstr(e));
		return -e;
	}
	opened = 1;
	/* What the first walk of the devices found may not be needed at all: its chains go side by
	 * side only with the chains of the best class among the matches (the disk controllers');
	 * an IDE or optical chain loads when nothing else does (modsched.h, solo_below). */
	sched.solo_below = PRIO_HOTPLUG;
	/* What only a mount needs waits behind the disks' chains (list_priorities says which). */
	sched.late_prio = PRIO_LATE;
	sched.late_class = MODCLASS_DISK;
	for (size_t k = 0; k < ARRAY_SIZE(mf); k++)
		map_file(&mf[k]);
	db.alias = mf[F_ALIAS].text;
	db.alias_len = mf[F_ALIAS].len;
	db.softdep = mf[F_SOFTDEP].text;
	db.softdep_len = mf[F_SOFTDEP].len;
	/* modules.alias (with modules.softdep) is what makes an image generic; an image without it
	 * loads its list as it always did. Kept mapped: hot-plugged devices and filesystems are
	 * matched later, while the devices are awaited. */
	if (!db.alias)
		return 0;
	prepare_aliases(dir);
	judge_cpu_modules();
	matching = want_match;
	return 0;
}

/* ---- what to load ----------------------------------------------------------------------------- */

struct names {
	struct {
		const char *s, *pat; /* the name as written, the pattern that matched first */
		size_t l, pl;
	} e[16];
	unsigned n, cut;
};

/* Each module once, with the first alias pattern that matched (the match line names it). */
static void collect(void *ctx, const char *m, size_t ml, const char *pat, size_t pl)
{
	struct names *nm = ctx;
	for (unsigned i = 0; i < nm->n; i++)
		if (nm->e[i].l == ml && memcmp(nm->e[i].s, m, ml) == 0)
			return;
	if (nm->n == ARRAY_SIZE(nm->e)) {
		nm->cut++;
		return;
	}
	nm->e[nm->n].s = m;
	nm->e[nm->n].pat = pat;
	nm->e[nm->n].pl = pl;
	nm->e[nm->n++].l = ml;
}

/* Name k of nm into out (MODSCHED_NAME bytes), as written; 0 when it is too long to be a module's. */
static int name_at(const struct names *nm, unsigned k, char *out)
{
	size_t l = nm->e[k].l;
	if (l >= MODSCHED_NAME)
		return 0;
	memcpy(out, nm->e[k].s, l);
	out[l] = '\0';
	return 1;
}

static int want_name(const char *name, int rel, int post, int depth);
static int match_alias(const char *alias, const char *devpath, unsigned char prio, int *out, unsigned max,
                       int depth);

/* A module that needs no load: counted, and logged (debug) with the reason. */
static void skip_log(const char *why, const char *name)
{
	stats.skipped++;
	log_debug("skip: module %s: %s", name, why);
}

/* 1 when module name is built into the kernel (modules.builtin): counted and logged as skipped. */
static int built_in(const char *name)
{
	if (modbuiltin_find(mf[F_BUILTIN].text, mf[F_BUILTIN].len, name) < 0) /* none without the file */
		return 0;
	skip_log("built into the kernel", name);
	return 1;
}

/* 1 when module name has cpu: aliases and none matches this CPU. */
static int cpu_lacks(const char *name)
{
	for (unsigned k = 0; k < ncpu_mods; k++)
		if (str_eq(cpu_mods[k].name, name))
			return cpu_mods[k].state == MODALIAS_CPU_VALID;
	return 0;
}

/* A module needs no load: already in the kernel (loaded before us: kmod reads
 * /sys/module/NAME/initstate the same way), or its cpu: aliases say this CPU lacks what it needs
 * (its init would fail with ENODEV: crc32c_intel without SSE4.2). */
static int skipped(int i)
{
	const char *name = sched.name[i];
	char p[96];
	fmt(p, sizeof(p), "/sys/module/%s/initstate", name);
	if (access(p, F_OK) == 0)
		skip_log("already loaded", name);
	else if (cpu_lacks(name))
		skip_log("cpu feature absent (none of its cpu: aliases matches this CPU)", name);
	else
		return 0;
	modsched_skip(&sched, i);
	return 1;
}

/* The bytes of the module file at path (modules.dep's, not NUL-terminated); 0 when unknown. The
 * cost of a load grows with them (the kernel copies, relocates and links every byte), and a stat
 * costs little beside it, so the order of the queue weighs them (modsched_next). */
static unsigned file_size(const char *path, size_t len)
{
	char rel[512];
	struct stat st;
	if (len >= sizeof(rel))
		return 0;
	memcpy(rel, path, len);
	rel[len] = '\0';
	if (fstatat(moddir_fd, rel, &st, 0) < 0 || st.st_size > 0xffffffffLL)
		return 0;
	return (unsigned)st.st_size;
}

/* Adds module name (normalized) with its modules.dep line, its dependencies and softdeps; its index,
 * or -errno: -ENOENT when it has no line, or, with path (a dependency that modules.dep lists but
 * has no line of its own), that path without dependencies. */
static int want_module(const char *name, const char *path, size_t pathlen, int depth)
{
	struct moddep_entry m;
	if (moddep_find(mf[F_DEP].text, mf[F_DEP].len, name, &m) < 0) { /* none without the file */
		if (!path)
			return -ENOENT;
		m.path = path;
		m.pathlen = pathlen;
		m.deps = path; /* none (never NULL: the walk below adds its length) */
		m.depslen = 0;
	}
	int isnew, i = modsched_add(&sched, name, &isnew);
	if (i < 0) {
		static int warned;
		if (!warned++)
			log_warn("more than %d modules to load, or more than %d dependencies between them: "
			         "module %s and later ones are not loaded", MODSCHED_MAX, MODSCHED_EDGES, name);
		return i;
	}
	if (!isnew)
		return i;
	npath[i] = m.path;
	npathlen[i] = (unsigned short)m.pathlen;
	sched.size[i] = file_size(m.path, m.pathlen);
	if (skipped(i))
		return i;
	/* modules.dep's line is the whole closure: the module waits for all of it, and each of them
	 * for its own line's. */
	for (const char *p = m.deps, *end = p + m.depslen, *s; p < end; p++) {
		for (s = p; p < end && *p != ' '; p++)
			;
		if (p == s)
			continue;
		char dn[MODSCHED_NAME];
		moddep_name(s, (size_t)(p - s), dn, sizeof(dn));
		int d = want_module(dn, s, (size_t)(p - s), depth);
		if (d >= 0)
			(void)modsched_need(&sched, i, d, 1);
	}
	/* softdep pre: before it, post: after it; their names are module names or aliases, as
	 * modprobe resolves them (kmod's probe list), and a failing one does not stop the module. */
	if (depth < 8) {
		for (int post = 0; post <= 1; post++) {
			struct names nm;
			nm.n = nm.cut = 0;
			modalias_softdeps(&db, sched.name[i], post, collect, &nm);
			/* modprobe.d's softdep lines (the host's, in a host-only image) add theirs */
			modprobed_softdeps(conf, conf_len, sched.name[i], post, collect, &nm);
			for (unsigned k = 0; k < nm.n; k++) {
				char sn[MODSCHED_NAME];
				if (name_at(&nm, k, sn) && want_name(sn, i, post, depth + 1) == -ENOENT)
					log_debug("module %s: its softdep %s is not in this initramfs", sched.name[i], sn);
			}
		}
	}
	return i;
}

/* A name as modprobe looks it up (kmod_module_new_from_lookup): a module in modules.dep, else an
 * alias (every module it names), else a built-in one. The first 8 modules it names are related to
 * rel: kept in listed (rel < 0: a module of the list), or for module rel's softdep loaded
 * before it (pre) or after it (post). Returns how many modules it named (0: built in), -ENOENT,
 * or another -errno (the module could not be queued). */
static int want_name(const char *name, int rel, int post, int depth)
{
	char norm[MODSCHED_NAME];
	int got[8], n;

	em_strlcpy(norm, name, sizeof(norm));
	modname_normalize(norm);
	got[0] = n = want_module(norm, NULL, 0, depth);
	if (n >= 0)
		n = 1;
	else if (n == -ENOENT && (n = match_alias(name, NULL, 0, got, ARRAY_SIZE(got), depth)) <= 0)
		n = built_in(norm) ? 0 : -ENOENT;
	for (int j = 0; j < n && j < (int)ARRAY_SIZE(got); j++) {
		if (rel < 0)
			listed[got[j]] = 1;
		else
			(void)modsched_need(&sched, post ? got[j] : rel, post ? rel : got[j], 0);
	}
	return n;
}

/* ---- loading ------------------------------------------------------------------------------------ */

/* finit_module; 0 or the errno. EEXIST: someone (udev, another worker) loaded it first: fine, and
 * it is live by then (kernel/module/main.c add_unformed_module waits for a namesake that is still
 * loading, and says EEXIST only once that one is done). */
static int do_finit(int fd, const char *params, int flags)
{
	if (sys_finit_module(fd, params, flags) < 0 && errno != EEXIST)
		return errno;
	return 0;
}

static char params[4096];

/* finit_module of module i where it runs: in its worker (worker: the forked child), or in
 * earlymount itself with one job. Its start and its end are stamped there, around the call, so that two loads whose
 * lines overlap in the debug log did run in the kernel at the same time. */
static int run_finit(int i, int fd, int flags, int worker)
{
	int e;
	/* /dev/kmsg rate-limits per open file, which a fork shares with earlymount: the worker's
	 * two lines go through a file of its own */
	if (worker && log_debug_enabled())
		log_open_kmsg();
	log_debug("module %s: load started (pid %d)", sched.name[i], (int)getpid());
	e = do_finit(fd, params, flags);
	log_debug("module %s: load ended (pid %d): %s", sched.name[i], (int)getpid(), e ? errstr(e) : "done");
	return e;
}

/* A module of the list, or one start cannot find: its modules.dep line is missing (start's path
 * too long to open reads the same). */
static void not_in_dep(const char *name)
{
	log_err("load module %s failed: not in /lib/modules/%s/modules.dep%s", name, release,
	        mf[F_DEP].text ? "" : " (no modules.dep in this initramfs)");
}

static void finished(int i, int e)
{
	const char *name = sched.name[i];
	unsigned long ms = log_ms() - nt0[i];
	char rel[512];
	fmt(rel, sizeof(rel), "%.*s", (int)npathlen[i], npath[i]);
	if (npid[i] && npidfd[i] >= 0)
		close(npidfd[i]);
	npid[i] = 0;
	if (!e) {
		stats.loaded++;
		log_debug("loaded module %s (%lu ms)", name, ms);
	} else if (e == ENODEV) {
		/* The module's init found no hardware for it: nothing is wrong, and udev/modprobe
		 * stay quiet too. */
		stats.skipped++;
		log_debug("module %s: no device for it here (ENODEV); skipped (%lu ms)", name, ms);
	} else {
		stats.failed++;
		if (e == EINVAL && (nflags[i] & NF_PARAMS))
			log_err("load module %s failed: %s; the module refused its parameters from the "
			        "kernel command line? the kernel's log says which", name, errstr(e));
		else if ((nflags[i] & NF_COMPRESSED) && (e == EINVAL || e == EOPNOTSUPP))
			log_err("load module %s failed: it is compressed (%s) and this kernel cannot "
			        "decompress modules (CONFIG_MODULE_DECOMPRESS): store it decompressed",
			        name, strrchr(rel, '.'));
		else
			log_err("load module %s (/lib/modules/%s/%s) failed: %s", name, release, rel, errstr(e));
	}
	/* ENODEV is quiet, but the module is not in the kernel: what needs it cannot load either
	 * (modprobe too stops at a failed dependency) */
	modsched_done(&sched, i, !e);
}

/* Module name's parameters into params: modprobe.d's options lines first, then the command
 * line's MODULE.PARAM=VALUE, as modprobe joins them (kmod_config_new parses the command line
 * after the files, kmod_module_get_options keeps that order), so that the command line wins: a
 * module's parser takes the last value of a parameter given twice. The count, 0 when none or
 * when they do not fit (then loaded without them, logged). */
static int module_params(const char *name)
{
	struct sbuf sb;
	int nconf, ncl;

	sb_init(&sb, params, sizeof(params));
	nconf = modprobed_options(conf, conf_len, name, &sb);
	if (sb.len)
		sb_putc(&sb, ' ');
	ncl = sb.overflow ? -E2BIG : modparams_collect(kcl, name, params + sb.len, sizeof(params) - sb.len);
	if (ncl < 0) {
		params[0] = '\0';
		log_err("module %s: its parameters (modprobe.d's options lines, the kernel command line's) are "
		        "longer than %zu bytes; loading it without them", name, sizeof(params) - 1);
		return 0;
	}
	if (ncl == 0 && sb.len)
		params[sb.len - 1] = '\0'; /* the separator again */
	if (nconf)
		log_info("module %s: parameters from modprobe.d (then the kernel command line): %s", name, params);
	else if (ncl)
		log_info("module %s: parameters from the kernel command line: %s", name, params);
	return nconf + ncl;
}

static void start(int i)
{
	char rel[512];
	const char *name = sched.name[i];
	int fd, e = 0, flags = 0, nparams;
	pid_t pid;

	nt0[i] = log_ms();
	/* want_module gives every module the path of its modules.dep line (mf[F_DEP] is there): only
	 * one too long for rel ends here. */
	if (npathlen[i] >= sizeof(rel)) {
		not_in_dep(name);
		goto fail;
	}
	memcpy(rel, npath[i], npathlen[i]);
	rel[npathlen[i]] = '\0';
	fd = openat(moddir_fd, rel, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		log_err("load module %s failed: cannot open /lib/modules/%s/%s: %s", name, release, rel, errstr(errno));
		goto fail;
	}
	if (npathlen[i] < 3 || !str_eq(rel + npathlen[i] - 3, ".ko"))
		flags = MODULE_INIT_COMPRESSED_FILE;
	/* The command line's NAME.PARAM=VALUE reach a loadable module only through whoever loads
	 * it: modprobe collects them from /proc/cmdline (kernel-parameters.rst), and so do we.
	 * params stays "" without any, and when they do not fit (modparams_collect empties it). */
	nparams = module_params(name);
	/* what finished's messages name: a module that refused its parameters, or a compressed one */
	nflags[i] = (unsigned char)(flags | (nparams > 0 ? NF_PARAMS : 0));
	/* One at a time (earlymount.jobs=1) needs no worker. Otherwise each finit_module runs in a
	 * child of its own: the call blocks until the module's init (and the driver's probe) returns,
	 * and the kernel lets several run at once (only the same module twice waits, in
	 * add_unformed_module). */
	pid = jobs > 1 ? fork() : -1;
	if (pid <= 0) {
		/* the worker's exit status is the errno (they fit: the kernel's are below 134), which
		 * finished turns into the message, as for a load made here */
		e = run_finit(i, fd, flags, pid == 0);
		if (pid == 0)
			_exit(e);
	}
	close(fd);
	if (pid < 0) {
		finished(i, e);
		return;
	}
	npid[i] = pid;
	npidfd[i] = sys_pidfd_open(pid, 0);
	return;
fail:
	stats.failed++;
	modsched_done(&sched, i, 0);
}

/* Reaps a finished worker, if any (wait: block until one finishes); 1 when one was reaped. As
 * PID 1 every orphan of the initramfs is ours to reap too: those are reaped and passed over. */
static int reap(int wait)
{
	int status;
	for (;;) {
		pid_t p = waitpid(-1, &status, wait ? 0 : WNOHANG);
		if (p == 0)
			return 0;
		if (p < 0) {
			if (errno == EINTR)
				continue;
			/* no child left although some are marked running: never expected */
			for (unsigned i = 0; i < sched.n; i++)
				if (npid[i])
					finished((int)i, ECHILD);
			return 1;
		}
		for (unsigned i = 0; i < sched.n; i++)
			if (npid[i] == p) {
				finished((int)i, WIFEXITED(status) ? WEXITSTATUS(status) : EINTR);
				return 1;
			}
	}
}

/* Waits for a worker to finish. While matching, the uevents are read meanwhile, so the devices the
 * drivers make are matched, and a block device is seen as soon as it comes; a worker's end wakes
 * the wait through its pidfd (without one, the next 20 ms tick sees it): its dependents start as
 * soon as it is live. Measured with -smp 2 (smp_chains' boot, 6.1): reaping at the 20 ms tick
 * came 15-25 ms after most workers' ends, a module's dependents waiting that long each time. */
static void wait_worker(int yield)
{
	if (matching)
		for (;;) {
			int fds[8];
			unsigned n = 0;
			if (reap(0))
				return;
			for (unsigned i = 0; i < sched.n && n < ARRAY_SIZE(fds); i++)
				if (npid[i] && npidfd[i] >= 0)
					fds[n++] = npidfd[i];
			int r = uevent_wait_also(20, fds, n);
			if (r < 0)
				break; /* no uevent socket: only the workers to wait for */
			block_seen |= r;
			if (yield && block_seen)
				return;
		}
	(void)reap(1);
}

/* Loads the queue until no module of priority minprio or higher is left; nothing below it starts
 * meanwhile (a mount's filesystem does not wait behind a CD-ROM's driver). With yield, returns 1
 * as soon as a block device was announced, so the caller can look for the one it waits for. */
static int run_queue(unsigned char minprio, int yield)
{
	for (;;) {
		int i, why;
		if (yield && block_seen) {
			block_seen = 0;
			return 1;
		}
		if (!modsched_busy(&sched, minprio))
			return 0;
		enum modsched_next v = sched.running < jobs ? modsched_next(&sched, minprio, &i, &why) : MSN_WAIT;
		switch (v) {
		case MSN_START:
			start(i);
			if (matching && uevent_pump() > 0)
				block_seen = 1;
			break;
		case MSN_DEPFAIL:
			stats.failed++;
			log_err("load module %s failed: its dependency %s did not load", sched.name[i], sched.name[why]);
			break;
		case MSN_LOOP:
			stats.failed++;
			log_warn("module %s: its softdeps and it wait for each other (modules.softdep); not loaded",
			         sched.name[i]);
			break;
		case MSN_WAIT:
			wait_worker(yield);
			break;
		case MSN_IDLE:
			return 0;
		}
	}
}

/* These two need no check of their own that the module directory is open: until it is, the
 * queue is empty (nothing is added before), so there is nothing to load, wait for or name. */
int modules_step(void)
{
	if (!modsched_busy(&sched, PRIO_COLDPLUG))
		return 0;
	(void)run_queue(PRIO_COLDPLUG, 1);
	return 1;
}

void modules_settle(void)
{
	char names[512];
	struct sbuf sb;
	unsigned left = 0, running = 0;
	(void)run_queue(PRIO_LATE, 0);
	sb_init(&sb, names, sizeof(names));
	for (unsigned i = 0; i < sched.n; i++) {
		if (sched.state[i] == MS_RUNNING)
			running++;
		else if (sched.state[i] == MS_PENDING) {
			if (left++)
				sb_puts(&sb, ", ");
			sb_puts(&sb, sched.name[i]);
		}
	}
	if (running)
		log_debug("modules: %u still loading at the switch (each finishes in its worker)", running);
	if (left)
		log_debug("modules: %u not loaded, the mounts did not need them (the new root's udev loads what "
		          "its devices ask for): %s", left, names);
}

/* ---- matching ---------------------------------------------------------------------------------- */

/* The modules alias names (modalias_lookup), each queued with its modules.dep line (want_module).
 * For want_name (devpath NULL): quietly, an alias of a module that is not in modules.dep passed
 * over, up to max of the indices in out, the count of all. For a device or a filesystem (devpath):
 * the match lines, modprobe.blacklist=, what is not in modules.dep said, each raised to prio; the
 * count of the modules it queued. */
static int match_alias(const char *alias, const char *devpath, unsigned char prio, int *out, unsigned max,
                       int depth)
{
	struct names nm;
	int n = 0;

	nm.n = nm.cut = 0; /* the rest is written before it is read */
	modalias_lookup(&db, alias, collect, &nm);
	if (devpath && nm.cut)
		log_warn("%s (%s): more than %zu modules match; %u not loaded", alias, devpath,
		         ARRAY_SIZE(nm.e), nm.cut);
	for (unsigned k = 0; k < nm.n; k++) {
		char mn[MODSCHED_NAME];
		int q = -1;
		if (!name_at(&nm, k, mn))
			continue;
		modname_normalize(mn);
		if (devpath) {
			/* The match line says whether the match queued the module or found it queued (by
			 * the list, or by another device): the summary counts only the first. */
			q = modsched_find(&sched, mn);
			log_debug("match: %s (%s) -> %s via %.*s%s", alias, devpath, mn, (int)nm.e[k].pl, nm.e[k].pat,
			          q >= 0 ? " (already queued)" : "");
			/* As udev's autoloading (kmod's KMOD_PROBE_APPLY_BLACKLIST): a match is not loaded
			 * when modprobe.blacklist= names it. */
			if (q < 0 && modparams_blacklisted(kcl, mn)) {
				skip_log("blacklisted (modprobe.blacklist=)", mn);
				continue;
			}
			/* modprobe.d's blacklist lines, as udev applies them to a device's aliases; the
			 * kernel's own requests (a filesystem, the loop device: PRIO_MOUNT) ignore them,
			 * as modprobe does without --use-blacklist. */
			if (q < 0 && prio != PRIO_MOUNT && modprobed_blacklisted(conf, conf_len, mn)) {
				skip_log("blacklisted (modprobe.d)", mn);
				continue;
			}
		}
		if (q < 0) {
			q = want_module(mn, NULL, 0, depth);
			/* an alias of a module that is not in modules.dep: built in, or not here (said
			 * for a device or a filesystem only) */
			if (q == -ENOENT && devpath && !built_in(mn))
				log_warn("module %s (alias of %s): not in /lib/modules/%s/modules.dep; not loaded", mn,
				         alias, release);
			if (q < 0)
				continue;
			if ((unsigned)n < max)
				out[n] = q;
			n++;
		}
		if (devpath) {
			modsched_boost(&sched, q, prio);
			/* which of the queued matches goes first: a disk controller before an optical
			 * or legacy IDE chain (modsched_next) */
			modsched_class(&sched, q, (unsigned char)modalias_class(alias));
		}
	}
	if (devpath)
		stats.matched += (unsigned)n;
	return n;
}

/* Queues the modules that match a device's modalias; returns how many new modules it queued. */
static int modules_hotplug(const char *modalias, const char *devpath)
{
	/* The CPU's modalias (cpu:type:...) is not a device that needs a driver: the cpu-feature
	 * modules load when something needs them (crc32c for ext4), and only those that fit. */
	if (!matching || str_startswith(modalias, "cpu:"))
		return 0;
	stats.devices++;
	return match_alias(modalias, devpath, coldplugging ? PRIO_COLDPLUG : PRIO_HOTPLUG, NULL, 0, 0);
}

/* Every device the kernel knows sits on a bus and is linked in /sys/bus/BUS/devices; those are
 * the ones with a modalias (the bus's uevent callback writes MODALIAS=, and the modalias file
 * says the same). Reading them there is one flat pass (udevadm trigger walks /sys/bus too),
 * where /sys/devices is a deep tree with power/ and class directories in every device.
 * Measured under QEMU TCG (-smp 1, the virtio test machine: 39 device modaliases among 102 bus
 * devices, earlymount.debug, a shared 2-core host, so medians of 8 boots), from the start of the
 * walk to every modalias matched:
 *   reading /sys/bus/BUS/devices/DEV/modalias (kept)                     median 31 ms (18-73)
 *   writing "add" to each DEV/uevent and matching the replayed uevents   median 43 ms (26-137)
 *   walking /sys/devices and reading each modalias (3 boots)             median 113 ms (52-126)
 * Reading also leaves the kernel's event stream alone (a trigger replays every device to every
 * listener). */
/* One device of a bus (a link in /sys/bus/BUS/devices): its modalias to the matcher. */
static int coldplug_device(int devs, const char *name, unsigned char type, void *ctx)
{
	char mbuf[2048], lbuf[256], f[300];
	(void)type;
	(void)ctx;
	fmt(f, sizeof(f), "%s/modalias", name);
	if (read_line(devs, f, mbuf, sizeof(mbuf)) <= 0)
		return 0;
	const char *dp = name;
	if (log_debug_enabled()) {
		/* the DEVPATH, as the uevent names it: the link's target */
		ssize_t l = readlinkat(devs, name, lbuf, sizeof(lbuf) - 1);
		if (l > 0) {
			lbuf[l] = '\0';
			dp = strstr(lbuf, "/devices/");
			if (!dp)
				dp = lbuf;
		}
	}
	if (mbuf[0])
		(void)modules_hotplug(mbuf, dp);
	return 0;
}

/* fn for each entry of the directory path at dirfd (dir_each); -errno when it cannot be opened. */
static int each_entry(int dirfd, const char *path, int (*fn)(int, const char *, unsigned char, void *))
{
	int fd = openat(dirfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	(void)dir_each(fd, fn, NULL);
	close(fd);
	return 0;
}

static int coldplug_bus(int bus, const char *name, unsigned char type, void *ctx)
{
	char sub[300];
	(void)type;
	(void)ctx;
	fmt(sub, sizeof(sub), "%s/devices", name);
	(void)each_entry(bus, sub, coldplug_device);
	return 0;
}

static void coldplug(void)
{
	unsigned long t0 = log_ms();
	unsigned ndev = stats.devices;
	coldplugging = 1;
	int e = each_entry(AT_FDCWD, "/sys/bus", coldplug_bus);
	coldplugging = 0;
	if (e < 0)
		log_warn("coldplug: cannot open /sys/bus: %s; only hot-plugged devices are matched", errstr(-e));
	else
		log_debug("coldplug: %u device modaliases read and matched in %lu ms", stats.devices - ndev,
		          log_ms() - t0);
}

/* A uevent (the socket is read while modules load and while devices are awaited): a device added
 * with a MODALIAS= (a USB disk enumerated late, a controller's children) queues its modules, which
 * the queue loads (modules_step). Lost uevents (ev NULL): the devices walked again. */
static void on_uevent(const struct uevent *ev, void *ctx)
{
	(void)ctx;
	if (!ev) {
		if (matching)
			coldplug();
	} else if (ev->modalias && str_eq(ev->action, "add")) {
		(void)modules_hotplug(ev->modalias, ev->devpath);
	}
}

void modules_setup(const struct plan *p, int match)
{
	kplan = p;
	want_match = match;
	jobs = p->jobs ? p->jobs : default_jobs();
	(void)uevent_subscribe(on_uevent, NULL);
}

/* Type: its first tl bytes (-1: all of it), raised to prio. */
static int queue_fs(const char *type, int tl, const char *dev, unsigned char prio)
{
	char a[80];
	/* "fs-" and a type of 1 to 64 bytes (a is cut at 79) */
	size_t n = fmt(a, sizeof(a), "fs-%.*s", tl, type);
	if (!matching || n == 3 || n > 3 + 64)
		return 0;
	return match_alias(a, dev, prio, NULL, 0, 0);
}

int modules_fs(const char *type, const char *dev)
{
	unsigned failed = stats.failed;
	(void)queue_fs(type, -1, dev, PRIO_MOUNT);
	(void)run_queue(PRIO_MOUNT, 0);
	return stats.failed > failed ? -ENODEV : 0;
}

int modules_alias(const char *alias, const char *dev)
{
	unsigned failed = stats.failed;
	if (matching)
		(void)match_alias(alias, dev, PRIO_MOUNT, NULL, 0, 0);
	(void)run_queue(PRIO_MOUNT, 0);
	return stats.failed > failed ? -ENODEV : 0;
}

void modules_fs_all(const char *dev)
{
	static const char key[] = "alias fs-";
	if (!matching)
		return;
	/* The kernel's own fallback tries the types it has (/proc/filesystems): it can only try
	 * what is loaded, so every filesystem of the image is loaded first. */
	for (size_t i = 0; i < db.alias_len;) {
		const char *l = db.alias + i, *nl = memchr(l, '\n', db.alias_len - i);
		size_t len = nl ? (size_t)(nl - l) : db.alias_len - i;
		i += len + 1;
		if (len <= sizeof(key) - 1 || memcmp(l, key, sizeof(key) - 1) != 0)
			continue;
		size_t tl = strcspn(l + sizeof(key) - 1, " \t\n");
		if (tl < 72 && tl <= len)
			(void)queue_fs(l + sizeof(key) - 1, (int)tl, dev, PRIO_MOUNT);
	}
	(void)run_queue(PRIO_MOUNT, 0);
}

/* The types a mount names up front (a single rootfstype=, mount.usrfstype=, an extra mount's
 * FSTYPE): loaded while the devices are awaited, behind the disks' chains (PRIO_LATE); the mount
 * raises its type to PRIO_MOUNT when its device is found (modules_fs). A list ("ext4,xfs") is
 * tried in turn, each loaded when its turn comes (mountplan.c). */
static void queue_planned(const struct mount_entry *m, int have)
{
	if (have && m->fstypes[0] && !strchr(m->fstypes, ',') && !m->bind)
		(void)queue_fs(m->fstypes, -1, m->target, PRIO_LATE);
}

static void queue_planned_fs(void)
{
	queue_planned(&kplan->root, kplan->have_root);
	queue_planned(&kplan->usr, kplan->have_usr);
	for (unsigned i = 0; i < kplan->nextra; i++)
		queue_planned(&kplan->extra[i], 1);
}

/* A module of the list (the image's, earlymount.modules=): queued before anything matched.
 * 1 when it is not there (logged), else 0. */
static int want_listed(const char *name)
{
	if (want_name(name, -1, 0, 0) != -ENOENT)
		return 0;
	not_in_dep(name);
	return 1;
}

/* Queues the modules of the image's list (/etc/earlymount/modules: one a line, '#' comments),
 * text as read (len bytes, changed in place), but those modprobe.blacklist= names. Returns how
 * many are not there (logged). */
static int queue_list_file(char *text, long len)
{
	int missing = 0;

	for (char *s = text, *nl; len > 0 && s; s = nl ? nl + 1 : NULL) {
		nl = strchr(s, '\n');
		if (nl)
			*nl = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		for (char *e = s + strlen(s); e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r');)
			*--e = '\0';
		if (!*s || *s == '#')
			continue;
		if (modparams_blacklisted(kcl, s)) {
			/* As udev's autoloading does (kmod's KMOD_PROBE_APPLY_BLACKLIST): the initramfs's
			 * list is what the hardware would load; a module named explicitly
			 * (earlymount.modules=) or needed by another still loads, as with modprobe. */
			log_info("module %s: not loaded: modprobe.blacklist= names it", s);
			stats.skipped++;
		} else {
			missing += want_listed(s);
		}
	}
	return missing;
}

/* 1 when module i is a filesystem's or one of its helpers: its file (modules.dep's path) lies under
 * kernel/fs/ of the module directory, where the kernel's modules_install puts every module built
 * from its fs/ tree (scripts/Makefile.modinst: dst := $(MODLIB)/kernel, then the module's source
 * path): ext4, xfs, vfat and the rest, and what only they use (jbd2, mbcache, the nls tables,
 * netfs). A module built out of tree (updates/, extra/) is not told apart: it stays in the list's
 * place. */
static int fs_module(int i)
{
	static const char dir[] = "kernel/fs/";
	const char *p = npath[i];
	size_t l = npathlen[i], k = sizeof(dir) - 1;
	if (!p || l <= k)
		return 0;
	/* relative, as depmod writes a path under the module directory, or absolute
	 * (/lib/modules/RELEASE/kernel/fs/...) */
	for (size_t j = 0; j + k < l; j++)
		if ((j == 0 || p[j - 1] == '/') && memcmp(p + j, dir, k) == 0)
			return 1;
	return 0;
}

/* The list's priorities, once it is all queued. Everything the list names loads before the
 * switch, and all of it before anything else when the image matches no devices. In one that
 * does, a filesystem the list names (the builder writes --fs TYPE's modules into the list, as it
 * does --module NAME's, one name a line: the two cannot be told apart at boot, so the rule is the
 * module's own) is needed only once a device holding it is found: then the mount raises it to
 * PRIO_MOUNT (modules_fs, for the probed or the named type). So it and what it needs go to
 * PRIO_LATE, behind the disks' chains (modsched.h, late_prio): first every filesystem (its whole
 * closure, softdeps too, follows: modsched_boost), then the rest of the list, which raises to
 * PRIO_LIST what it needs, a filesystem's dependency among it; a module of the list that only
 * filesystems need (crc16, crc32c for ext4) is still at PRIO_LATE then, and stays there. The sum
 * of the loads before the mount is the same with one job (the same modules, each loaded once); only
 * their order changes, and with it what a disk's idle waits overlap. */
static void list_priorities(void)
{
	for (unsigned i = 0; matching && i < sched.n; i++)
		if (listed[i] && fs_module((int)i))
			modsched_boost(&sched, (int)i, PRIO_LATE);
	for (unsigned i = 0; i < sched.n; i++)
		if (listed[i] && sched.prio[i] < PRIO_LATE)
			modsched_boost(&sched, (int)i, PRIO_LIST);
}

/* modules_load's one line: what loaded, matched, was skipped or failed since t0, and how many are
 * left for the waits. */
static void log_summary(unsigned long t0)
{
	unsigned queued = 0;
	char more[64];

	for (unsigned i = 0; i < sched.n; i++)
		queued += sched.state[i] == MS_PENDING || sched.state[i] == MS_RUNNING;
	more[0] = '\0';
	if (queued)
		fmt(more, sizeof(more), "; %u more load while the devices are awaited", queued);
	log_info("modules: %u loaded (%u matched from %u devices), %u skipped, %u failed, %lu ms%s", stats.loaded,
	         stats.matched, stats.devices, stats.skipped, stats.failed, log_ms() - t0, more);
}

int modules_load(const struct cmdline *cl, const char *const *names, unsigned n)
{
	static char listbuf[8192];
	long len;
	unsigned long t0 = log_ms();
	int missing = 0;

	kcl = cl;
	conf = modconf_text(&conf_len);
	len = read_file(AT_FDCWD, "/etc/earlymount/modules", listbuf, sizeof(listbuf));
	if (len < 0 && len != -ENOENT)
		log_err("read /etc/earlymount/modules failed: %s", errstr((int)-len));
	if (len == -EFBIG)
		log_err("/etc/earlymount/modules is longer than %zu bytes: the modules past that are not loaded",
		        sizeof(listbuf) - 1);
	if (len <= 0 && n == 0 && !want_match)
		return 0;
	if (mods_open(len <= 0 && n == 0) < 0)
		return len > 0 || n ? 1 : 0;
	if (len <= 0 && n == 0 && !matching)
		return 0;
	missing += queue_list_file(listbuf, len);
	for (unsigned i = 0; i < n; i++)
		missing += want_listed(names[i]);
	if (matching)
		queue_planned_fs();
	list_priorities();
	if (matching) {
		/* Listen before looking: a device that appears during the walk (a driver loaded by
		 * the list probing) is then in the walk, in the socket, or both; never in neither. */
		(void)uevent_listen();
		coldplug();
	}
	/* The list first (but the filesystems named up front: list_priorities), then what the devices
	 * ask for until a block device comes, the disks' chains before those filesystems: the
	 * search looks at it, and the rest of the queue loads while the devices are awaited
	 * (dev_wait). Drivers make devices (virtio_pci the virtio ones, a SCSI host its disks):
	 * their uevents are matched in turn, before the first walk's rest. */
	(void)run_queue(matching ? PRIO_LIST : PRIO_COLDPLUG, 0);
	if (matching)
		(void)run_queue(PRIO_COLDPLUG, 1);
	stats.failed += (unsigned)missing;
	log_summary(t0);
	return (int)stats.failed;
}
