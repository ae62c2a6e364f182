/* SPDX-License-Identifier: MIT */
/* earlymount check: whether the next boot's mounts would work on this machine, before the reboot.
 * Each mount's device is found with the boot's own matching and probers, each of its options is
 * handed to the running kernel's parser (fsopen + fsconfig, never FSCONFIG_CMD_CREATE: no
 * superblock, nothing mounted), and the kernel modules on the way to the device are read from
 * /sys. Nothing is mounted or written; devices are opened read-only. Not in the /init build. */
#define _GNU_SOURCE
#include "check.h"
#include "compat.h"
#include "devices.h"
#include "fstypes.h"
#include "layerspec.h"
#include "log.h"
#include "mountapi.h"
#include "mountplan.h"
#include "options.h"
#include "plan.h"
#include "resolve.h"
#include "run.h"
#include "spec.h"
#include "stackread.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

static struct cmdline cl;
static struct plan plan;
static int errors, modules_only;

/* One finding a line: "ok", "warning" or "error" first. Escaped as the boot's log escapes its lines
 * (log.c elog: \xNN for every byte that is not printable ASCII or valid UTF-8): labels, UUIDs
 * (an ISO 9660 one is free text), dm names and backing files come from disks and users, and an
 * ESC or a newline in one would reach the terminal raw or fake a line of its own. */
static void say(const char *level, const char *f, ...) __attribute__((format(printf, 2, 3)));
static void say(const char *level, const char *f, ...)
{
	char msg[2048], line[2048];
	struct sbuf sb, mb;
	va_list ap;
	if (level[0] == 'e')
		errors++;
	/* --modules: only the list on stdout; the errors go to stderr */
	if (modules_only && level[0] != 'e')
		return;
	sb_init(&mb, msg, sizeof(msg));
	va_start(ap, f);
	sb_vprintf(&mb, f, ap);
	va_end(ap);
	sb_init(&sb, line, sizeof(line) - 1);
	sb_printf(&sb, "%s ", level);
	sb_put_escaped(&sb, msg, mb.len);
	if (sb.overflow || mb.overflow) {
		if (sb.len > sizeof(line) - 5)
			sb.len = sizeof(line) - 5;
		sb_puts(&sb, "...");
	}
	line[sb.len++] = '\n';
	(void)write_all(modules_only ? 2 : 1, line, sb.len);
}

/* ---- kernel modules ------------------------------------------------------------------------ */

#define MAX_NEEDED 64
static char needed[MAX_NEEDED][64];
static unsigned nneeded;

static void need(const char *name)
{
	char n[64];
	em_strlcpy(n, name, sizeof(n));
	modname_normalize(n);
	for (unsigned i = 0; i < nneeded; i++)
		if (str_eq(needed[i], n))
			return;
	if (nneeded < MAX_NEEDED)
		em_strlcpy(needed[nneeded++], n, sizeof(needed[0]));
}

/* modules.builtin of the running kernel ("kernel/drivers/virtio/virtio_pci.ko" a line), read once;
 * "" when there is none. */
static const char *builtin_list(void)
{
	static char list[256 << 10];
	static int read;
	struct utsname u;
	char path[128 + sizeof(u.release)];
	if (!read++) {
		list[0] = '\0';
		if (uname(&u) == 0) {
			fmt(path, sizeof(path), "/lib/modules/%s/modules.builtin", u.release);
			if (read_file(AT_FDCWD, path, list, sizeof(list)) < 0)
				list[0] = '\0';
		}
	}
	return list;
}

/* Is the module m (a name as sysfs spells it) built into the running kernel? A built-in driver
 * has a driver/module link too: module_add_driver (drivers/base/module.c) makes /sys/module/NAME
 * for KBUILD_MODNAME through lookup_or_create_module_kobject (kernel/params.c). Only a loaded
 * module has initstate (kernel/module/sysfs.c, modinfo_attrs), and modules.builtin names every
 * built-in one. */
static int module_builtin(const char *m)
{
	char p[128], name[64];
	fmt(p, sizeof(p), "/sys/module/%s/initstate", m);
	if (access(p, F_OK) != 0)
		return 1;
	for (const char *l = builtin_list(); *l;) {
		size_t len = strcspn(l, "\n");
		const char *base = l;
		for (const char *c = l; c < l + len; c++)
			if (*c == '/')
				base = c + 1;
		size_t bl = (size_t)(l + len - base);
		if (bl > 3 && bl - 3 < sizeof(name) && !memcmp(base + bl - 3, ".ko", 3)) {
			fmt(name, sizeof(name), "%.*s", (int)(bl - 3), base);
			modname_normalize(name);
			if (str_eq(name, m))
				return 1;
		}
		l += len + (l[len] == '\n');
	}
	return 0;
}

/* The drivers from the block device up through its controllers: each sysfs device directory on
 * the way that has a driver whose module is loadable (module_builtin: not built in) adds that
 * module, as mkinitcpio's autodetect and dracut's host-only mode read them. */
static void driver_chain(const char *dev, struct sbuf *list)
{
	char path[512], real[512], link[256];
	struct stat st;
	if (stat(dev, &st) < 0 || !S_ISBLK(st.st_mode))
		return;
	fmt(path, sizeof(path), "/sys/dev/block/%u:%u", major(st.st_rdev), minor(st.st_rdev));
	/* a partition's driver chain is its disk's */
	fmt(real, sizeof(real), "%s/partition", path);
	if (access(real, F_OK) == 0)
		fmt(path + strlen(path), sizeof(path) - strlen(path), "/..");
	fmt(real, sizeof(real), "%s/device", path);
	if (!realpath(real, path))
		return;
	while (str_startswith(path, "/sys/devices/") && strlen(path) > 13) {
		char f[600], m[64];
		ssize_t n;
		fmt(f, sizeof(f), "%s/driver/module", path);
		n = readlink(f, link, sizeof(link) - 1);
		if (n > 0) {
			link[n] = '\0';
			em_strlcpy(m, strrchr(link, '/') ? strrchr(link, '/') + 1 : link, sizeof(m));
			modname_normalize(m);
			if (!module_builtin(m)) {
				need(m);
				sb_printf(list, "%s%s", list->len ? ", " : "", m);
			}
		}
		char *slash = strrchr(path, '/');
		if (!slash)
			break;
		*slash = '\0';
	}
}

/* A filesystem's module, when it is one (loaded now: /sys/module/NAME/initstate; a built-in one
 * has no initstate). The module is named after the type but for a few (fs/isofs registers
 * iso9660). */
static const char *fs_module_name(const char *type)
{
	static const struct {
		const char *type, *module;
	} renamed[] = { { "iso9660", "isofs" }, { "nfs4", "nfsv4" } };
	for (size_t i = 0; i < ARRAY_SIZE(renamed); i++)
		if (str_eq(type, renamed[i].type))
			return renamed[i].module;
	return type;
}

static void fs_module(const char *type, struct sbuf *list)
{
	char p[128];
	const char *m = fs_module_name(type);
	fmt(p, sizeof(p), "/sys/module/%s/initstate", m);
	if (access(p, F_OK) == 0) {
		need(m);
		sb_printf(list, "%s%s", list->len ? ", " : "", m);
	}
}

/* ---- options -------------------------------------------------------------------------------- */

/* A nofail /usr or extra mount that fails does not stop the boot (mountplan.c: a warning, and the
 * boot goes on without it; nofail on the root or a layer changes nothing, spec.c bound_waits): what
 * would fail it is a warning here, and says so. */
static int entry_optional(const struct mount_entry *m)
{
	return m->opts.nofail && (m->role == ROLE_USR || m->role == ROLE_EXTRA);
}

static const char *bad_level(const struct mount_entry *m)
{
	return entry_optional(m) ? "warning" : "error";
}

/* what the boot would do after such a finding: "the boot would %s" */
static const char *bad_outcome(const struct mount_entry *m)
{
	return entry_optional(m) ? "go on without it (nofail)" : "fail";
}

/* Each fsconfig call the boot would make, on a context that is never created. A refused one is
 * reported with the kernel's own message. A filesystem still on the legacy mount context takes any
 * key here and parses them only at mount time: a made-up key tells them apart. */
static void check_options(const char *what, const struct mount_entry *m, const char *type, const char *source)
{
	struct mnt_err e;
	int fd = sys_fsopen(type, FSOPEN_CLOEXEC);
	if (fd < 0) {
		if (errno == EPERM)
			say("warning", "%s: options not checked: fsopen needs CAP_SYS_ADMIN (run as root)", what);
		else if (errno == ENOSYS)
			say("warning", "%s: options not checked: this kernel has no fsopen (before 5.2)", what);
		else if (errno == ENODEV)
			say("warning", "%s: options not checked: the running kernel has no %s filesystem", what, type);
		else
			say("warning", "%s: options not checked: fsopen(\"%s\"): %s", what, type, errstr(errno));
		return;
	}
	if (sys_fsconfig(fd, EM_FSCONFIG_SET_FLAG, "x-earlymount-check", NULL, 0) == 0) {
		say("warning", "%s: options not checked by this kernel: %s takes them only at mount time "
		    "(legacy mount context)", what, type);
		close(fd);
		return;
	}
	mnt_drain(fd, &e);
	if (source && sys_fsconfig(fd, EM_FSCONFIG_SET_STRING, "source", source, 0) < 0) {
		mnt_drain(fd, &e);
		say(bad_level(m), "%s: the running kernel's %s refuses the source '%s'%s%s", what, type, source,
		    e.kmsg[0] ? ": " : "", e.kmsg);
	}
	if (m->opts.ro >= 0 && sys_fsconfig(fd, EM_FSCONFIG_SET_FLAG, m->opts.ro ? "ro" : "rw", NULL, 0) < 0) {
		mnt_drain(fd, &e);
		say(bad_level(m), "%s: the running kernel's %s refuses %s%s%s", what, type, m->opts.ro ? "ro" : "rw",
		    e.kmsg[0] ? ": " : "", e.kmsg);
	}
	unsigned bad = 0, long_ones = 0;
	for (unsigned i = 0; i < m->opts.nparams; i++) {
		const struct fsparam *f = &m->opts.params[i];
		/* fsconfig() takes at most 255 bytes (fs/fsopen.c); the boot gives such a mount to
		 * mount(2) whole (mountapi.c), which only a real mount would check. */
		if (strlen(f->key) >= FSCONFIG_VALUE_MAX || (f->value && strlen(f->value) >= FSCONFIG_VALUE_MAX)) {
			say("warning", "%s: option %s not checked: longer than the %d bytes fsconfig takes; the boot "
			    "mounts with mount(2), which takes a page of options", what, f->key, FSCONFIG_VALUE_MAX - 1);
			long_ones++;
			continue;
		}
		int r = f->value ? sys_fsconfig(fd, EM_FSCONFIG_SET_STRING, f->key, f->value, 0)
		                 : sys_fsconfig(fd, EM_FSCONFIG_SET_FLAG, f->key, NULL, 0);
		if (r == 0)
			continue;
		int err = errno;
		mnt_drain(fd, &e);
		bad++;
		say(bad_level(m), "%s: the running kernel's %s refuses %s%s%s: %s%s%s", what, type, f->key,
		    f->value ? "=" : "", f->value ? f->value : "", errstr(err), e.kmsg[0] ? "; kernel: " : "", e.kmsg);
	}
	if (!bad && m->opts.nparams > long_ones)
		say("ok", "%s: %u option%s accepted by the running kernel's %s (fsconfig, nothing mounted)", what,
		    m->opts.nparams - long_ones, m->opts.nparams - long_ones == 1 ? "" : "s", type);
	close(fd);
}

/* ---- one mount ------------------------------------------------------------------------------ */

/* What to do about a device that could not be opened: EACCES or EPERM as a user is root's to
 * read; as root it is a device cgroup's or a security module's refusal. "" for other errors. */
static const char *denied_hint(int err)
{
	if (err != EACCES && err != EPERM)
		return "";
	return geteuid() ? " (run earlymount check as root)" : " (denied even to root: a device cgroup or a security module?)";
}

/* A tag (UUID=, LABEL=, PARTUUID=, PARTLABEL=) is matched by reading the devices: when none
 * matched and some could not be read, whether one of them carries it is not known. 1 after saying
 * so, 0 when every device was read. */
static int unreadable_devices(const char *level, const char *name, const struct devspec *d)
{
	char list[768];
	struct sbuf sb;
	int err;
	if (d->kind < DEV_UUID || d->kind > DEV_PARTLABEL)
		return 0;
	sb_init(&sb, list, sizeof(list));
	int n = dev_unreadable(&sb, &err);
	if (!n)
		return 0;
	say(level, "%s: no readable block device matches it, and %d cannot be read (%s: %s%s): whether "
	    "one of them carries it is not known%s", name, n, errstr(err), list, sb.overflow ? ", ..." : "",
	    denied_hint(err));
	return 1;
}

/* A device that is, or sits on, a device-mapper, md or loop device: an earlymount image brings
 * none of them up (it assembles nothing), so the boot would wait for the device and then, as
 * outcome says, fail (an error) or go on without it (a warning). Says what it is and which dracut
 * modules would bring it up. */
static void check_stack_as(const char *level, const char *outcome, const char *name, const char *dev)
{
	static struct stack_report rep;
	char mods[128];
	struct sbuf mb;
	struct stat st;
	int sysfd;

	if (stat(dev, &st) < 0 || !S_ISBLK(st.st_mode) || (sysfd = open("/sys", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return;
	int r = stack_read(sysfd, major(st.st_rdev), minor(st.st_rdev), &rep);
	close(sysfd);
	if (r < 0 || !rep.stacked)
		return;
	sb_init(&mb, mods, sizeof(mods));
	for (unsigned i = 0; i < rep.needs.nmodules; i++)
		sb_printf(&mb, "%s%s", i ? " " : "", rep.needs.modules[i]);
	say(level, "%s: %s is stacked (%s): an earlymount image assembles no device-mapper, md or loop "
	    "device, so the boot would wait for it and %s%s%s%s%s%s%s", name, dev, rep.text, outcome,
	    mb.len ? "; dracut brings it up with its module" : "", mb.len && rep.needs.nmodules > 1 ? "s" : "",
	    mb.len ? " " : "", mods,
	    rep.unknown ? "; no dracut module is known to set up a device-mapper device without a known dm uuid "
	                  "prefix" : "",
	    rep.loop ? "; no dracut module sets up a loop device (earlymount.rootimage= mounts an image file "
	               "from a disk instead)" : "");
}

static void check_stack(const struct mount_entry *m, const char *name, const char *dev)
{
	check_stack_as(bad_level(m), bad_outcome(m), name, dev);
}

/* The device's verdict and its probed type, decided as the boot decides (fstypes.c fst_decide):
 * the type the boot's mount ends with into type ("" when the boot tries the kernel's list). 0,
 * or -1 after an error that ends this entry's checks. */
static int check_type(const char *what, const char *name, const struct mount_entry *m, const char *dev,
                      char *type, size_t cap)
{
	struct fs_info fi;
	int r = dev_probe(dev, &fi);

	type[0] = '\0';
	if (r == 0 && probe_mountable(&fi))
		say("ok", "%s: %s (%s%s%s%s%s%s)", name, dev, fi.type, fi.uuid[0] ? ", UUID=" : "", fi.uuid,
		    fi.label[0] ? ", LABEL=\"" : "", fi.label, fi.label[0] ? "\"" : "");
	switch (fst_decide(m->fstypes, r, &fi)) {
	case FST_MEMBER:
		say(bad_level(m), "%s: %s is %s (%s): the boot would refuse to mount it", name, dev,
		    probe_unmountable_why(&fi), fi.type);
		return -1;
	case FST_JOURNAL:
		say(bad_level(m), "%s: %s is an ext journal device, not a filesystem", name, dev);
		return -1;
	case FST_AMBIVALENT:
		say(bad_level(m), "%s: %s holds two filesystem signatures, %s and %s, one of them stale: the boot "
		    "would refuse to mount it without a type named (and udev links it by no UUID or LABEL); "
		    "remove the stale one with wipefs", name, dev, fi.type, fi.also);
		return -1;
	case FST_UNREADABLE:
		say(bad_level(m), "%s: %s cannot be read: %s%s", name, dev, errstr(-r), denied_hint(-r));
		return -1;
	case FST_KERNEL:
		say("warning", "%s: %s holds no filesystem earlymount knows; the boot tries the kernel's "
		    "filesystems in turn", name, dev);
		return 0;
	case FST_PROBED:
		em_strlcpy(type, fi.type, cap);
		return 0;
	case FST_LIST:
		break;
	}
	if (r == -ENOENT) {
		const char *t = m->fstypes;
		(void)fst_next(&t, type, cap);
		say("ok", "%s: %s holds no filesystem earlymount knows; its type comes from the list (%s "
		    "first)", name, dev, type);
	} else if (r < 0) {
		say(bad_level(m), "%s: %s cannot be read: %s%s", name, dev, errstr(-r), denied_hint(-r));
		return -1;
	} else if (str_eq(fi.type, "jbd")) {
		say(bad_level(m), "%s: %s is an ext journal device, not a filesystem", name, dev);
		return -1;
	} else if (fi.also[0]) {
		/* the list decides which of the two the boot mounts */
		if (!fst_pick(m->fstypes, fi.type, type, cap) && !fst_pick(m->fstypes, fi.also, type, cap)) {
			say(bad_level(m), "%s: the type list %s names no type that mounts %s or %s, the two signatures on "
			    "%s: the boot would %s", what, m->fstypes, fi.type, fi.also, dev, bad_outcome(m));
			return -1;
		}
		say("warning", "%s: %s holds two filesystem signatures, %s and %s, one of them stale; the boot "
		    "mounts it as %s, the type named (remove the stale one with wipefs)", what, dev, fi.type,
		    fi.also, type);
	} else if (!fst_pick(m->fstypes, fi.type, type, cap)) {
		/* the boot tries each type of the list, and each refuses a filesystem it does not serve */
		say(bad_level(m), "%s: the type list %s names no type that mounts %s, the type on %s: the boot would %s",
		    what, m->fstypes, fi.type, dev, bad_outcome(m));
		return -1;
	} else if (!str_eq(type, fi.type) || strchr(m->fstypes, ',')) {
		say("ok", "%s: the boot mounts %s as %s (the first type of the list %s that mounts %s)", what, dev,
		    type, m->fstypes, fi.type);
	}
	return 0;
}

/* A btrfs over several devices: the boot waits for every member (devices.c dev_btrfs_members, as
 * udev's "btrfs ready" holds systemd's mount back), then the kernel refuses it with one missing
 * unless its options say degraded (fs/btrfs/volumes.c read_one_dev). */
static void check_btrfs_members(const struct mount_entry *m, const char *name, const char *dev)
{
	char present[400], missing[200];
	unsigned long long n;
	unsigned miss = dev_btrfs_missing(dev, present, sizeof(present), missing, sizeof(missing), &n);

	if (!miss)
		return;
	if (options_has_flag(&m->opts, "degraded"))
		say("warning", "%s: %s holds a btrfs of %llu devices, and %s %s missing (found: %s): the boot would "
		    "wait %ld s for %s, then mount it degraded, as its options say", name, dev, n, missing,
		    miss == 1 ? "is" : "are", present, m->members_wait_s, miss == 1 ? "it" : "them");
	else
		say(bad_level(m), "%s: %s holds a btrfs of %llu devices, and %s %s missing (found: %s): the boot "
		    "would wait %ld s for %s and %s (the kernel mounts a btrfs with a device missing only with "
		    "the option degraded)", name, dev, n, missing, miss == 1 ? "is" : "are", present,
		    m->members_wait_s, miss == 1 ? "it" : "them", bad_outcome(m));
}

/* How a message about an entry's device names it: as the command line does, what=source
 * (root=LABEL=x); what itself when it holds the source (earlymount.mount=LABEL=x:/mnt); the source
 * in brackets after what when what is no parameter (the /usr of the root's fstab). */
enum entry_naming { NAME_PARAM, NAME_WHOLE, NAME_FSTAB };

/* One entry of the plan, as the boot would mount it; what names the entry in the messages about
 * its options and types (root, mount.usr, earlymount.mount=WHAT:WHERE). */
static void check_entry(const char *what, const struct mount_entry *m, enum entry_naming naming)
{
	char dev[128], twin[128], src[320], name[SPEC_VALUE_MAX + 640], mods[512], type[64];
	const char *t = m->fstypes;
	struct sbuf ml;

	sb_init(&ml, mods, sizeof(mods));
	plan_source_text(&m->src, src, sizeof(src));
	if (naming == NAME_FSTAB)
		fmt(name, sizeof(name), "%s (%s)", what, src);
	else if (naming == NAME_WHOLE)
		em_strlcpy(name, what, sizeof(name));
	else
		fmt(name, sizeof(name), "%s=%s", what, src);
	if (m->bind) {
		say("ok", "%s: a bind of %s inside the new root (checked at boot)", what, src);
		return;
	}
	if (m->src.kind == DEV_NONE) {
		/* not a device (tmpfs, a share's tag): the boot mounts it with its types in turn */
		if (!fst_next(&t, type, sizeof(type)))
			em_strlcpy(type, "none", sizeof(type));
		check_options(what, m, type, m->src.value);
		fs_module(type, &ml);
		if (plan.share_root && m == &plan.root)
			for (t = m->fstypes; fst_next(&t, type, sizeof(type));)
				if (str_eq(type, "9p"))
					need("9pnet_virtio"), sb_printf(&ml, "%s9pnet_virtio", ml.len ? ", " : "");
		if (ml.len)
			say("ok", "%s: modules: %s", what, mods);
		return;
	}
	if (!dev_find(&m->src, dev, sizeof(dev))) {
		if (!unreadable_devices(bad_level(m), name, &m->src))
			say(bad_level(m), "%s: no block device on this machine matches it; the boot would wait %s%ld s "
			    "and %s", name, m->wait_s < 0 ? "forever, not " : "", m->wait_s < 0 ? 0L : m->wait_s,
			    bad_outcome(m));
		/* what there is, as the boot lists it on its timeout (stderr) */
		dev_report();
		return;
	}
	if (dev_find_twin(&m->src, dev, twin, sizeof(twin)))
		say("warning", "%s: both %s and %s match it (a copy?); the boot takes the first it finds, "
		    "which may be either: give the copy a new UUID and label (tune2fs -U/-L, xfs_admin -U/-L, "
		    "btrfstune -u, sgdisk -G) or detach it", name, dev, twin);
	check_stack(m, name, dev);
	if (check_type(what, name, m, dev, type, sizeof(type)) < 0)
		return;
	check_btrfs_members(m, name, dev);
	if (type[0])
		check_options(what, m, type, dev);
	driver_chain(dev, &ml);
	if (type[0])
		fs_module(type, &ml);
	if (ml.len)
		say("ok", "%s: modules: %s", what, mods);
}

/* ---- the image ------------------------------------------------------------------------------- */

/* What earlymount-mkinitramfs --list IMAGE prints (the builder's own reading of every
 * compressor it writes): the stored command line and the module files. */
static char listing[4 << 20];

static const char *find_builder(char *buf, size_t cap)
{
	char self[512];
	/* a builder named in the environment (tests, a builder installed elsewhere) */
	const char *env = getenv("EARLYMOUNT_MKINITRAMFS");
	if (env && *env)
		return env;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		char *slash = strrchr(self, '/');
		if (slash) {
			*slash = '\0';
			/* installed beside it, or this source tree's build/ next to initramfs/ */
			fmt(buf, cap, "%s/earlymount-mkinitramfs", self);
			if (access(buf, X_OK) == 0)
				return buf;
			fmt(buf, cap, "%s/../initramfs/earlymount-mkinitramfs", self);
			if (access(buf, X_OK) == 0)
				return buf;
		}
	}
	return "earlymount-mkinitramfs"; /* from PATH */
}

static long read_image(const char *image)
{
	char builder[600];
	int pfd[2];
	long used = 0;
	const char *b = find_builder(builder, sizeof(builder));
	if (pipe(pfd) < 0)
		return -errno;
	pid_t pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		char *const argv[] = { (char *)b, "--list", (char *)image, NULL };
		dup2(pfd[1], 1);
		close(pfd[0]);
		close(pfd[1]);
		/* A PATH search of our own: musl's execvp falls back to a built-in PATH naming
		 * /usr/local, which has no place in an installed binary. */
		extern char **environ;
		if (strchr(b, '/')) {
			execve(b, argv, environ);
		} else {
			const char *path = getenv("PATH");
			char full[600];
			for (const char *d = path ? path : ""; *d;) {
				size_t l = strcspn(d, ":");
				fmt(full, sizeof(full), "%.*s/%s", (int)l, d, b);
				execve(full, argv, environ);
				d += l + (d[l] == ':');
			}
		}
		_exit(127);
	}
	close(pfd[1]);
	for (;;) {
		ssize_t n = read(pfd[0], listing + used, sizeof(listing) - 1 - (size_t)used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += n;
		if ((size_t)used >= sizeof(listing) - 1)
			break;
	}
	close(pfd[0]);
	int st;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	listing[used] = '\0';
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return WIFEXITED(st) && WEXITSTATUS(st) == 127 ? -ENOENT : -EINVAL;
	return used;
}

/* The image's module files: "f MODE SIZE /lib/modules/KVER/.../NAME.ko[.xz|.zst|.gz]" lines. */
static int image_has(const char *mod)
{
	for (const char *l = listing; *l;) {
		const char *nl = strchr(l, '\n');
		size_t len = nl ? (size_t)(nl - l) : strlen(l);
		const char *slash = NULL;
		for (const char *c = l; c < l + len; c++)
			if (*c == '/')
				slash = c;
		if (len > 2 && l[0] == 'f' && l[1] == ' ' && slash && strstr(l, " /lib/modules/") &&
		    strstr(l, " /lib/modules/") < l + len) {
			char name[64];
			size_t nl2 = (size_t)(l + len - slash - 1);
			const char *ko = NULL;
			for (const char *c = slash; c + 3 <= l + len; c++)
				if (!memcmp(c, ".ko", 3))
					ko = c;
			if (ko && nl2 < sizeof(name)) {
				fmt(name, sizeof(name), "%.*s", (int)(ko - slash - 1), slash + 1);
				modname_normalize(name);
				if (str_eq(name, mod))
					return 1;
			}
		}
		l += len + (nl ? 1 : 0);
	}
	return 0;
}

/* ---- earlymount check ----------------------------------------------------------------------- */

/* The command line the next boot uses, where it can be known (given: --cmdline's text, else
 * kernel-install's /etc/kernel/cmdline, else this boot's), after the image's stored fragment: the
 * one stored (--stored, for an image not yet built: earlymount-mkinitramfs --hostonly passes what
 * it will store), or the image's. The plan built from it, its warnings said. 0, or -1 after saying
 * why. */
static int read_plan(const char *given, const char *stored, const char *image)
{
	static char text[CMDLINE_MAX], frag[CMDLINE_MAX];
	const char *from;
	char err[512];
	long n;

	if (given) {
		from = "--cmdline";
		em_strlcpy(text, given, sizeof(text));
	} else if (read_file(AT_FDCWD, "/etc/kernel/cmdline", text, sizeof(text)) >= 0) {
		from = "/etc/kernel/cmdline";
	} else if ((n = read_file(AT_FDCWD, "/proc/cmdline", text, sizeof(text))) >= 0) {
		from = "/proc/cmdline (no /etc/kernel/cmdline)";
	} else {
		say("error", "command line: reading /proc/cmdline: %s", errstr((int)-n));
		return -1;
	}
	text[strcspn(text, "\n")] = '\0';
	cl.nargs = cl.ninit = 0;
	cl.used = 0;
	if (stored && *stored) {
		say("ok", "command line: the image's stored fragment first: %s", stored);
		if (cmdline_append(&cl, stored, strlen(stored)) < 0) {
			say("error", "--stored: longer than %d bytes or more than %d parameters", CMDLINE_MAX - 1,
			    CMDLINE_MAX_ARGS);
			return -1;
		}
	}
	if (image) {
		n = read_image(image);
		if (n < 0) {
			say("error", "--image %s: earlymount-mkinitramfs --list could not read it%s", image,
			    n == -ENOENT ? " (earlymount-mkinitramfs not found)" : " (its own message says why)");
			return -1;
		}
		const char *c = strstr(listing, "Command line (/etc/earlymount/cmdline): ");
		if (c) {
			c += strlen("Command line (/etc/earlymount/cmdline): ");
			size_t l = strcspn(c, "\n");
			if (!(l == 11 && !memcmp(c, "none stored", 11))) {
				fmt(frag, sizeof(frag), "%.*s", (int)l, c);
				say("ok", "command line: the image's stored fragment first: %s", frag);
				(void)cmdline_append(&cl, frag, strlen(frag));
			}
		}
	}
	if (cmdline_append(&cl, text, strlen(text)) < 0 || spec_build(&cl, SPEC_RULES_KERNEL, &plan, err, sizeof(err)) < 0) {
		say("error", "command line (%s): %s", from, cl.nargs ? err : "too long");
		return -1;
	}
	say("ok", "command line from %s: %s", from, text);
	for (unsigned i = 0;; i++) {
		const char *w;
		size_t wl;
		if (spec_warning(&plan, i, &w, &wl) < 0)
			break;
		say("warning", "command line: %.*s", (int)wl, w);
	}
	return 0;
}

/* Where this machine has block device rdev mounted with its filesystem's root ("/" in
 * /proc/self/mountinfo's fourth field: not a bind of a subtree) into mp; 0, or -ENOENT. A boot
 * from an image has the image's device on /run/earlymount/live. Mount points with escapes
 * (blanks) are passed over. */
static int find_mount(dev_t rdev, char *mp, size_t cap)
{
	static char mi[1 << 16];
	char want[32];
	long n = read_file(AT_FDCWD, "/proc/self/mountinfo", mi, sizeof(mi));

	if (n < 0 && n != -EFBIG)
		return (int)n;
	fmt(want, sizeof(want), "%u:%u", major(rdev), minor(rdev));
	for (char *l = mi, *nl; l && *l; l = nl ? nl + 1 : NULL) {
		char *f[5];
		unsigned k = 0;
		nl = strchr(l, '\n');
		if (nl)
			*nl = '\0';
		for (char *t = l; k < 5 && *t; k++) {
			f[k] = t;
			t += strcspn(t, " ");
			if (*t)
				*t++ = '\0';
		}
		if (k == 5 && str_eq(f[2], want) && str_eq(f[3], "/") && !strchr(f[4], '\\')) {
			em_strlcpy(mp, f[4], cap);
			return 0;
		}
	}
	return -ENOENT;
}

/* earlymount.rootimage='s filesystem, whose module a host-only image needs besides loop: the
 * image file probed where this machine has the root device mounted (the device of a running
 * boot from this image, or a stick plugged in), looked up inside it as the boot looks it up. */
static void check_rootimage(void)
{
	char dev[128], mp[512], fdp[32];
	struct stat st;
	struct fs_info fi;
	int rootfd, ifd, r;

	need("loop");
	if (!dev_find(&plan.root.src, dev, sizeof(dev)) || stat(dev, &st) < 0 ||
	    find_mount(st.st_rdev, mp, sizeof(mp)) < 0) {
		say("warning", "root: earlymount.rootimage=%s: its filesystem is not checked: the root device is "
		    "not mounted on this machine, so the image cannot be read (a host-only image gets its "
		    "module only when named: earlymount-mkinitramfs --fs TYPE)", plan.rootimage);
		return;
	}
	if ((rootfd = open_dir(mp)) < 0)
		return;
	ifd = resolve_in_root(rootfd, plan.rootimage, 0);
	close(rootfd);
	if (ifd < 0) {
		say("error", "root: earlymount.rootimage=%s: %s inside %s (mounted on %s): the boot would fail",
		    plan.rootimage, ifd == -ENOENT ? "no such file" : errstr(-ifd), dev, mp);
		return;
	}
	fmt(fdp, sizeof(fdp), "/proc/self/fd/%d", ifd);
	r = dev_probe(fdp, &fi);
	close(ifd);
	if (r < 0 || !probe_mountable(&fi)) {
		say("warning", "root: earlymount.rootimage=%s on %s: no filesystem earlymount knows in it (%s); "
		    "the boot tries the kernel's", plan.rootimage, dev, r < 0 ? errstr(-r) : fi.type);
		return;
	}
	need(fs_module_name(fi.type));
	say("ok", "root: earlymount.rootimage=%s on %s (mounted on %s here): %s; modules: loop, %s", plan.rootimage,
	    dev, mp, fi.type, fs_module_name(fi.type));
}

/* Every mount of the plan, as the boot mounts them: the root (a layered root's lower layer and
 * upper device too), /usr, the extra mounts. */
static void check_plan(void)
{
	check_entry("root", &plan.root, NAME_PARAM);
	if (plan.rootimage)
		check_rootimage();
	if (plan.have_overlay)
		check_entry("earlymount.overlay", &plan.overlay, NAME_PARAM);
	if (plan.have_overlay || plan.volatile_mode == VOL_OVERLAY)
		need("overlay");
	if (plan.have_usr) {
		check_entry("mount.usr", &plan.usr, NAME_PARAM);
	} else if (plan.volatile_mode != VOL_YES) {
		/* the boot's /usr from the root's fstab (mountplan.c): this machine's root is / here */
		char msg[512];
		int rootfd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
		int r = rootfd < 0 ? -errno : plan_usr_from_fstab(&plan, rootfd, msg, sizeof(msg));
		if (rootfd >= 0)
			close(rootfd);
		if (r < 0)
			say("error", "/usr in /etc/fstab: %s: the boot would refuse it", rootfd < 0 ? errstr(-r) : msg);
		else if (r > 0)
			check_entry("/usr in /etc/fstab", &plan.usr, NAME_FSTAB);
	}
	for (unsigned i = 0; i < plan.nextra; i++) {
		char src[SPEC_VALUE_MAX + 32], what[640];
		plan_source_text(&plan.extra[i].src, src, sizeof(src));
		fmt(what, sizeof(what), "earlymount.mount=%s:%s", src, plan.extra[i].target);
		check_entry(what, &plan.extra[i], NAME_WHOLE);
	}
}

/* resume= (resume.c): the swap device the boot resumes from before any mount; its drivers go into
 * a host-only image too. What the boot would not resume from is a warning: it goes on without. */
static void check_resume(void)
{
	char dev[128], src[320], name[330], mods[512];
	struct fs_info fi;
	struct sbuf ml;
	int r;

	if (!plan.have_resume)
		return;
	plan_source_text(&plan.resume, src, sizeof(src));
	if (plan.noresume) {
		say("ok", "resume=%s: off (noresume, nohibernate or hibernate=no...)", src);
		return;
	}
	if (!dev_find(&plan.resume, dev, sizeof(dev))) {
		say("warning", "resume=%s: no block device on this machine matches it; the boot would wait %ld s for "
		    "it and go on without resuming", src, plan.resume_wait_s);
		return;
	}
	fmt(name, sizeof(name), "resume=%s", src);
	check_stack_as("warning", "go on without resuming", name, dev);
	r = dev_probe_page(dev, plan.resume_offset, &fi);
	if (r < 0 && r != -ENOENT)
		say("warning", "resume=%s: %s cannot be read: %s%s", src, dev, errstr(-r), denied_hint(-r));
	else if (r == 0 && probe_is_swap(&fi))
		say("ok", "resume=%s: %s (%s%s%s)", src, dev, fi.type, fi.uuid[0] ? ", UUID=" : "", fi.uuid);
	else
		say("warning", "resume=%s: %s is not swap space (%s): the boot would not resume from it", src, dev,
		    r == 0 ? fi.type : "no known signature");
	sb_init(&ml, mods, sizeof(mods));
	driver_chain(dev, &ml);
	if (ml.len)
		say("ok", "resume: modules: %s", mods);
}

/* --image: whether the image holds every module this machine needs. */
static void check_image_modules(const char *image)
{
	unsigned missing = 0;
	for (unsigned i = 0; i < nneeded; i++)
		if (!image_has(needed[i])) {
			say("error", "--image %s: lacks the module %s, which this machine needs (earlymount-mkinitramfs "
			    "--module %s)", image, needed[i], needed[i]);
			missing++;
		}
	if (!missing)
		say("ok", "--image %s: holds every module this machine needs (%u)", image, nneeded);
}

int run_check(int argc, char **argv)
{
	static const char usage[] = "usage: earlymount check [--cmdline STRING] [--stored STRING | --image FILE] [--modules]\n";
	const char *given = NULL, *stored = NULL, *image = NULL;

	for (int i = 1; i < argc; i++) {
		int takes_value = str_eq(argv[i], "--cmdline") || str_eq(argv[i], "--image") || str_eq(argv[i], "--stored");
		if (is_help(argv[i])) {
			write_text(1, usage);
			return EXIT_OK;
		} else if (str_eq(argv[i], "--modules")) {
			modules_only = 1;
		} else if (takes_value && i + 1 >= argc) {
			return say_usage("earlymount check: ", argv[i], " needs a value\n", usage);
		} else if (str_eq(argv[i], "--cmdline")) {
			given = argv[++i];
		} else if (str_eq(argv[i], "--stored")) {
			stored = argv[++i];
		} else if (takes_value) {
			image = argv[++i];
		} else {
			return say_usage("earlymount check: unknown argument '", argv[i], "'\n", usage);
		}
	}
	/* check changes nothing in the kernel: no btrfs member is registered (BTRFS_IOC_SCAN_DEV) */
	dev_set_btrfs_register(0);
	if (stored && image)
		return say_usage("earlymount check: --stored and --image: the stored fragment is the image's own; "
		                 "give one of them", "", "\n", usage);
	if (read_plan(given, stored, image) < 0)
		return EXIT_FAIL;
	if (!plan.have_root) {
		say("error", "command line: no root= parameter: nothing to mount as the root");
		return EXIT_FAIL;
	}
	check_plan();
	check_resume();
	if (modules_only) {
		for (unsigned i = 0; i < nneeded; i++) {
			(void)write_all(1, needed[i], strlen(needed[i]));
			(void)write_all(1, "\n", 1);
		}
	} else if (image) {
		check_image_modules(image);
	}
	return errors ? EXIT_FAIL : EXIT_OK;
}
