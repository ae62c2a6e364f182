/* SPDX-License-Identifier: MIT */
/* `earlymount plan`: the plan printed as the calls earlymount would make for it, in their order, and
 * how a source and a target are shown in the plan and in the messages. Pure: text into a buffer. */
#include "plan.h"
#include "compat.h"
#include "layerspec.h"

#include <string.h>
#include <sys/mount.h>

void plan_target_path(const struct mount_entry *m, const char *sysroot, char *buf, size_t cap)
{
	if (str_eq(m->target, "/"))
		em_strlcpy(buf, sysroot, cap);
	else
		fmt(buf, cap, "%s%s", str_eq(sysroot, "/") ? "" : sysroot, m->target);
}

void plan_source_text(const struct devspec *d, char *buf, size_t cap)
{
	switch (d->kind) {
	case DEV_UUID:
	case DEV_LABEL:
	case DEV_PARTLABEL:
		fmt(buf, cap, "%s=%s", devspec_kind_name(d->kind), d->value);
		break;
	case DEV_PARTUUID:
		if (d->partnroff)
			fmt(buf, cap, "PARTUUID=%s/PARTNROFF=%d", d->value, d->partnroff);
		else
			fmt(buf, cap, "PARTUUID=%s", d->value);
		break;
	case DEV_DEVNUM:
		fmt(buf, cap, "%u:%u", d->major, d->minor);
		break;
	default:
		em_strlcpy(buf, d->value, cap);
	}
}

static void print_params(struct sbuf *o, const struct mount_entry *m)
{
	/* "ro" on a new mount also makes the superblock read-only, as MS_RDONLY does with mount(2):
	 * a read-only mount of a read-write superblock would still let the filesystem write
	 * (journal replay aside, which the kernel does on ro mounts as well). */
	if (m->opts.ro == 1)
		sb_puts(o, "    fsconfig(SET_FLAG, \"ro\")\n");
	else if (m->opts.ro == 0)
		sb_puts(o, "    fsconfig(SET_FLAG, \"rw\")\n");
	for (unsigned i = 0; i < m->opts.nparams; i++) {
		const struct fsparam *f = &m->opts.params[i];
		if (f->value)
			sb_printf(o, "    fsconfig(SET_STRING, \"%s\", \"%s\")\n", f->key, f->value);
		else
			sb_printf(o, "    fsconfig(SET_FLAG, \"%s\")\n", f->key);
	}
}

/* An argument as init receives it, with no quotes added: bytes that would not show (controls,
 * DEL) and the backslash itself are written \xNN, so each argument stays on one line and reads
 * unambiguously. */
static void put_arg(struct sbuf *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f || c == '\\') {
			sb_puts(o, "\\x");
			sb_putc(o, hex[c >> 4]);
			sb_putc(o, hex[c & 15]);
		} else {
			sb_putc(o, (char)c);
		}
	}
}

/* What an entry mounts: its source, how long its device is waited for, its type. */
static void print_source(struct sbuf *o, const struct mount_entry *m, const char *src, const struct plan *p)
{
	if (m->bind) {
		sb_printf(o, "  source: %s (inside the new root)\n", src);
		sb_printf(o, "  type: %s\n", m->opts.recursive ? "rbind" : "bind");
		return;
	}
	if (m->src.kind == DEV_NONE)
		sb_printf(o, "  source: %s\n", src);
	else if (m->src.kind == DEV_PATH)
		sb_printf(o, "  source: %s (block device)\n", src);
	else
		sb_printf(o, "  source: %s (the block device found by probing)\n", src);
	if (m->src.kind != DEV_NONE) {
		const char *from = m->wait_from ? m->wait_from : p->wait_from;
		if (m->wait_s < 0)
			sb_printf(o, "  wait: forever (%s)\n", from);
		else
			sb_printf(o, "  wait: up to %ld s (%s)\n", m->wait_s, from);
	}
	if (m->fstypes[0])
		sb_printf(o, "  type: %s%s\n", m->fstypes, strchr(m->fstypes, ',') ? " (tried in order)" : "");
	else
		sb_puts(o, "  type: probed from the superblock\n");
}

/* A bind's calls up to the attach: the clone, and its attributes set on it. */
static void print_bind_calls(struct sbuf *o, const struct mount_entry *m, const char *sysroot, uint64_t set,
                             uint64_t clr)
{
	char attrs[256], c[256];
	struct sbuf cs;

	sb_printf(o, "    open_tree(\"%s%s\", OPEN_TREE_CLONE|OPEN_TREE_CLOEXEC%s)\n",
	          str_eq(sysroot, "/") ? "" : sysroot, m->src.value, m->opts.recursive ? "|AT_RECURSIVE" : "");
	if (!set && !clr)
		return;
	options_attr_names(set, clr, attrs, sizeof(attrs));
	/* attr_clr: the bits to clear, and the whole atime mask when a mode is set. */
	sb_init(&cs, c, sizeof(c));
	if (clr & ~EM_MOUNT_ATTR__ATIME)
		options_attr_names(clr & ~EM_MOUNT_ATTR__ATIME, 0, c, sizeof(c)), cs.len = strlen(c);
	if (clr & EM_MOUNT_ATTR__ATIME)
		sb_puts(&cs, cs.len ? "|MOUNT_ATTR__ATIME" : "MOUNT_ATTR__ATIME");
	if (!cs.len)
		sb_puts(&cs, "0");
	sb_printf(o, "    mount_setattr(AT_EMPTY_PATH%s, attr_set=%s, attr_clr=%s)\n",
	          m->opts.recursive ? "|AT_RECURSIVE" : "", attrs, c);
}

/* mount(2)'s flags by name, for a mount made that way. */
static void print_ms_flags(struct sbuf *o, unsigned long f)
{
	static const struct {
		unsigned long ms;
		const char *name;
	} names[] = {
		{ MS_RDONLY, "MS_RDONLY" }, { MS_NOSUID, "MS_NOSUID" }, { MS_NODEV, "MS_NODEV" },
		{ MS_NOEXEC, "MS_NOEXEC" }, { MS_SYNCHRONOUS, "MS_SYNCHRONOUS" }, { MS_MANDLOCK, "MS_MANDLOCK" },
		{ MS_DIRSYNC, "MS_DIRSYNC" }, { EM_MS_NOSYMFOLLOW, "MS_NOSYMFOLLOW" }, { MS_NOATIME, "MS_NOATIME" },
		{ MS_NODIRATIME, "MS_NODIRATIME" }, { MS_SILENT, "MS_SILENT" }, { MS_RELATIME, "MS_RELATIME" },
		{ MS_STRICTATIME, "MS_STRICTATIME" }, { MS_LAZYTIME, "MS_LAZYTIME" },
	};
	size_t start = o->len;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (f & names[i].ms)
			sb_printf(o, "%s%s", o->len > start ? "|" : "", names[i].name);
	if (o->len == start)
		sb_putc(o, '0');
}

/* A mount whose options fsconfig() cannot take (a key or value over 255 bytes): one mount(2) call
 * per type, with the options as its data (mountapi.c mnt_new). */
static void print_monolithic(struct sbuf *o, const struct mount_entry *m, const char *src, const char *type,
                             const char *tgt, const struct fsparam *big)
{
	static char data[OPT_DATA_MAX + 1];
	unsigned long f;

	if (options_legacy(&m->opts, &f, data, sizeof(data)) < 0)
		em_strlcpy(data, "<longer than a page>", sizeof(data));
	if (m->opts.ro == 1)
		f |= MS_RDONLY;
	if (m->src.kind == DEV_PATH || m->src.kind == DEV_NONE)
		sb_printf(o, "    mount(\"%s\", \"%s\", \"%s\", ", src, tgt, type);
	else
		sb_printf(o, "    mount(\"<device of %s>\", \"%s\", \"%s\", ", src, tgt, type);
	print_ms_flags(o, f);
	sb_printf(o, ", \"%s\")  (option %s is longer than the %d bytes fsconfig takes)\n", data, big->key,
	          FSCONFIG_VALUE_MAX - 1);
}

/* A new mount's calls up to the attach, once per type of the list (once for a probed type). */
static void print_mount_calls(struct sbuf *o, const struct mount_entry *m, const char *src, const char *tgt,
                              uint64_t set, uint64_t clr)
{
	const struct fsparam *big = options_fsconfig_misfit(&m->opts);
	const char *t = m->fstypes;
	char one[64], attrs[256];
	int first = 1;

	do {
		size_t l = 0;
		while (t[l] && t[l] != ',')
			l++;
		if (!*m->fstypes)
			em_strlcpy(one, "<probed type>", sizeof(one));
		else
			fmt(one, sizeof(one), "%.*s", (int)l, t);
		if (!first)
			sb_puts(o, "    on failure, again with the next type:\n");
		first = 0;
		if (big) {
			print_monolithic(o, m, src, one, tgt, big);
			t += l + (t[l] == ',');
			continue;
		}
		sb_printf(o, "    fsopen(\"%s\", FSOPEN_CLOEXEC)\n", one);
		if (m->src.kind == DEV_PATH || m->src.kind == DEV_NONE)
			sb_printf(o, "    fsconfig(SET_STRING, \"source\", \"%s\")\n", src);
		else
			sb_printf(o, "    fsconfig(SET_STRING, \"source\", \"<device of %s>\")\n", src);
		print_params(o, m);
		sb_puts(o, "    fsconfig(CMD_CREATE)\n");
		options_attr_names(set, clr, attrs, sizeof(attrs));
		sb_printf(o, "    fsmount(FSMOUNT_CLOEXEC, %s)\n", attrs);
		t += l;
		if (*t == ',')
			t++;
	} while (*t);
}

static void print_entry(struct sbuf *o, unsigned n, const struct mount_entry *m, const char *sysroot,
                        const struct plan *p)
{
	char tgt[512], src[320];
	uint64_t set = m->opts.attr_set, clr = m->opts.attr_clr;

	plan_target_path(m, sysroot, tgt, sizeof(tgt));
	plan_source_text(&m->src, src, sizeof(src));
	if (m->opts.ro == 1)
		set |= EM_MOUNT_ATTR_RDONLY;
	else if (m->opts.ro == 0)
		clr |= EM_MOUNT_ATTR_RDONLY;

	sb_printf(o, "mount %u: %s%s on %s\n", n, m->param, m->role == ROLE_EXTRA ? "" : "=", tgt);
	print_source(o, m, src, p);
	sb_puts(o, "  calls:\n");
	if (m->bind)
		print_bind_calls(o, m, sysroot, set, clr);
	else
		print_mount_calls(o, m, src, tgt, set, clr);
	if (m->bind || !options_fsconfig_misfit(&m->opts))
		sb_printf(o, "    move_mount(-> %s)\n", tgt);
	if (m->opts.propagation && !m->bind && options_fsconfig_misfit(&m->opts))
		sb_printf(o, "    mount(NULL, \"%s\", NULL, %s%s)\n", tgt, options_propagation_name(m->opts.propagation),
		          m->opts.recursive ? "|MS_REC" : "");
	else if (m->opts.propagation)
		sb_printf(o, "    mount_setattr(AT_EMPTY_PATH%s, propagation=%s)  (after the attach: a "
		          "mount attached under a shared parent joins its peer group)\n",
		          m->opts.recursive ? "|AT_RECURSIVE" : "", options_propagation_name(m->opts.propagation));
	if (m->opts.nofail)
		sb_puts(o, "  nofail: a failure is reported and the boot goes on\n");
}

static void print_tmpfs(struct sbuf *o, const struct plan *p, const char *where)
{
	sb_printf(o, "  %s: tmpfs", where);
	for (unsigned i = 0; i < p->tmpfs_opts.nparams; i++)
		sb_printf(o, "%s%s%s%s", i ? "," : " with ", p->tmpfs_opts.params[i].key,
		          p->tmpfs_opts.params[i].value ? "=" : "",
		          p->tmpfs_opts.params[i].value ? p->tmpfs_opts.params[i].value : "");
	sb_puts(o, " (earlymount.tmpfsflags=; mode=0755 unless it says)\n");
}

/* How a share root is waited for (nothing for a root device). */
static void print_share_wait(struct sbuf *o, const struct plan *p)
{
	if (!p->share_root)
		return;
	sb_printf(o, "  share: root= is the tag of a %s share; the mount is tried again as devices "
	          "appear until the tag is offered (", p->root.fstypes);
	if (p->root.wait_s < 0)
		sb_puts(o, "forever");
	else
		sb_printf(o, "up to %ld s", p->root.wait_s);
	sb_printf(o, ", %s)\n", p->root.wait_from ? p->root.wait_from : p->wait_from);
}

/* A layered root: the root device (or the image in it) is a read-only layer under LAYER_DIR, and
 * what goes on the sysroot is built from the layers (layers.c). */
static unsigned print_layers(struct sbuf *o, const struct plan *p, const char *sysroot, unsigned n)
{
	static struct mount_entry lower;
	int overlay = p->volatile_mode == VOL_OVERLAY || p->have_overlay;

	spec_entry_copy(&lower, &p->root);
	lower.opts.ro = 1;
	sb_puts(o, "layered root:");
	if (p->volatile_mode != VOL_NO)
		sb_printf(o, " earlymount.volatile=%s", layer_volatile_name(p->volatile_mode));
	if (p->have_overlay)
		sb_printf(o, " earlymount.overlay=%s", p->overlay.src.text);
	sb_putc(o, '\n');
	if (p->rootimage) {
		sb_printf(o, "  the root device, read-only, on %s/live; in it the image %s (looked up inside it), "
		          "attached to a loop device with LOOP_CONFIGURE (LO_FLAGS_READ_ONLY|LO_FLAGS_AUTOCLEAR|"
		          "LO_FLAGS_DIRECT_IO), its type probed, mounted read-only on %s\n", LAYER_DIR,
		          p->rootimage, overlay || p->volatile_mode == VOL_YES ? LAYER_DIR "/lower" : sysroot);
		print_entry(o, n++, &lower, LAYER_DIR "/live", p);
	} else {
		print_entry(o, n++, &lower, LAYER_DIR "/lower", p);
		print_share_wait(o, p);
	}
	if (p->have_overlay) {
		print_entry(o, n++, &p->overlay, LAYER_DIR "/overlay", p);
		sb_puts(o, "  upper/ and work/ on it made on first use (the changes stay)\n");
	} else if (p->volatile_mode == VOL_OVERLAY) {
		print_tmpfs(o, p, "upper layer on " LAYER_DIR "/overlay");
		sb_puts(o, "  upper/ and work/ on it (every change is gone at the next boot)\n");
	}
	if (overlay) {
		sb_printf(o, "mount %u: overlay on %s\n", n++, sysroot);
		sb_printf(o, "    fsconfig(SET_STRING, \"lowerdir\", \"%s/lower\")  (lowerdir+ from Linux 6.8)\n"
		          "    fsconfig(SET_STRING, \"upperdir\", \"%s/overlay/upper\")\n"
		          "    fsconfig(SET_STRING, \"workdir\", \"%s/overlay/work\")\n", LAYER_DIR, LAYER_DIR,
		          LAYER_DIR);
	} else if (p->volatile_mode == VOL_YES) {
		sb_printf(o, "mount %u: tmpfs on %s\n", n++, sysroot);
		print_tmpfs(o, p, "root");
		sb_puts(o, "  with dev, proc, sys, run, usr, etc, var, root, tmp and the root device's links into "
		        "/usr (bin -> usr/bin, ...); the root device must be usr-merged\n");
		sb_printf(o, "mount %u: %s/lower/usr bound read-only on %s/usr\n", n++, LAYER_DIR, sysroot);
	}
	return n;
}

/* What earlymount.onfail= makes of a failure (run.c does it). */
static const char *const onfail_names[] = {
	[ONFAIL_DEFAULT] = "shell if the initramfs has /bin/sh, else wait 10 s and exit",
	[ONFAIL_SHELL] = "shell",
	[ONFAIL_REBOOT] = "reboot",
	[ONFAIL_POWEROFF] = "poweroff",
	[ONFAIL_HALT] = "halt",
	[ONFAIL_PANIC] = "panic",
};

/* resume= (resume.c): before any mount, or off. */
static void print_resume(struct sbuf *o, const struct plan *p)
{
	char desc[320];

	plan_source_text(&p->resume, desc, sizeof(desc));
	if (p->noresume) {
		sb_printf(o, "resume: off (noresume, nohibernate or hibernate=no...): %s is not looked at\n", desc);
		return;
	}
	sb_printf(o, "resume: before any mount, from a hibernation image on %s", desc);
	if (p->resume_offset)
		sb_printf(o, " at page %llu (resume_offset=)", p->resume_offset);
	sb_printf(o, "; waits up to %ld s for the device, then boots without\n", p->resume_wait_s);
}

void plan_print(struct sbuf *o, const struct plan *p, const char *sysroot)
{
	unsigned n = 1;

	if (p->have_root && layers_stacked(p)) {
		n = print_layers(o, p, sysroot, n);
	} else if (p->have_root) {
		print_entry(o, n++, &p->root, sysroot, p);
		print_share_wait(o, p);
	} else {
		sb_puts(o, "no root= given: nothing to mount as the root\n");
	}
	if (p->have_usr)
		print_entry(o, n++, &p->usr, sysroot, p);
	else if (p->have_root && p->volatile_mode != VOL_YES && p->rules == SPEC_RULES_KERNEL)
		/* mountplan.c, after the root: as initramfs-tools, dracut (98usrmount) and systemd do */
		sb_printf(o, "/usr: a /usr line of %s/etc/fstab, if the new root has one (under dracut, dracut "
		          "mounts it)\n", str_eq(sysroot, "/") ? "" : sysroot);
	for (unsigned i = 0; i < p->nextra; i++)
		print_entry(o, n++, &p->extra[i], sysroot, p);
	if (p->have_resume)
		print_resume(o, p);
	if (p->rootdelay_s)
		sb_printf(o, "rootdelay: %lu s before looking for devices\n", p->rootdelay_s);
	if (p->nmodules) {
		sb_puts(o, "modules (earlymount.modules=):");
		for (unsigned i = 0; i < p->nmodules; i++)
			sb_printf(o, " %s", p->modules[i]);
		sb_putc(o, '\n');
	}
	if (p->init && p->init_given && !str_eq(p->init, p->init_given))
		sb_printf(o, "init: %s (init=%s, which the kernel runs from /)\n", p->init, p->init_given);
	else if (p->init)
		sb_printf(o, "init: %s (init=)\n", p->init);
	else
		sb_puts(o, "init: the first of /sbin/init, /etc/init, /bin/init, /bin/sh in the new root\n");
	if (p->journaldev)
		sb_printf(o, "root journal/log device: %s (root.journaldev=)\n", p->journaldev);
	if (p->ninit_args) {
		/* One argument a line, exactly as init gets it in argv (the kernel has removed the
		 * quotes that grouped it). */
		sb_printf(o, "init arguments (after \"--\"; %u):\n", p->ninit_args);
		for (unsigned i = 0; i < p->ninit_args; i++) {
			sb_printf(o, "  argv[%u]: ", i + 1);
			put_arg(o, p->init_args[i]);
			sb_putc(o, '\n');
		}
	}
	sb_printf(o, "on failure: %s\n", onfail_names[p->onfail]);
	if (p->debug)
		sb_puts(o, "debug: on\n");
	if (p->rules == SPEC_RULES_SYSTEMD)
		sb_puts(o, "rules: systemd (the command line read as systemd-fstab-generator reads it)\n");
	for (unsigned i = 0;; i++) {
		const char *w;
		size_t len;
		if (spec_warning(p, i, &w, &len) < 0)
			break;
		sb_puts(o, "warning: ");
		sb_putn(o, w, len);
		sb_putc(o, '\n');
	}
	if (p->warnings_cut)
		sb_puts(o, "warning: more warnings than the plan holds; the rest were dropped\n");
}
