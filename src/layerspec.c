/* SPDX-License-Identifier: MIT */
/* The layered-root parameters (earlymount.volatile=, earlymount.overlay=, earlymount.overlayflags=,
 * earlymount.rootimage=, earlymount.tmpfsflags=) and shares as the root (rootfstype=9p|virtiofs
 * root=TAG), read into the plan. Pure: no syscalls. */
#include "layerspec.h"
#include "devspec.h"
#include "util.h"

#include <errno.h>
#include <string.h>

/* Filesystems whose root= is a tag, not a device: the kernel mounts them as the root when root=
 * names no block device and rootfstype= lists them (init/do_mounts.c mount_nodev_root: every type
 * without FS_REQUIRES_DEV, with root= as the source). These two are the ones a share is named by. */
static const char *const share_types[] = { "9p", "virtiofs" };

void spec_entry_copy(struct mount_entry *dst, const struct mount_entry *src)
{
	*dst = *src;
	options_copy(&dst->opts, &src->opts);
	/* earlymount.mount='s WHERE lives at the start of the entry's option buffer, and a value
	 * the entry holds itself is its text: both must point into the copy. */
	if (src->target >= src->opts.buf && src->target < src->opts.buf + sizeof(src->opts.buf))
		dst->target = dst->opts.buf + (src->target - src->opts.buf);
	if (src->src.text == src->src.value)
		dst->src.text = dst->src.value;
}

/* 1 when the n bytes at t name a share filesystem (9p, virtiofs). */
static int is_share_type(const char *t, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(share_types); i++)
		if (strlen(share_types[i]) == n && !memcmp(t, share_types[i], n))
			return 1;
	return 0;
}

int layer_share_list(const char *list)
{
	int shares = 0, others = 0;
	while (*list) {
		size_t n = strcspn(list, ",");
		if (is_share_type(list, n))
			shares++;
		else if (n)
			others++;
		list += n + (list[n] == ',');
	}
	return shares && !others ? 1 : shares ? -1 : 0;
}

/* systemd's volatile_mode_from_string: a boolean first (parse_boolean's words, any case), then the
 * words "state" and "overlay" as written; a bare systemd.volatile is yes (proc_cmdline_value_missing
 * is not an error for it). */
static int parse_volatile(const char *v, enum volatile_mode *m)
{
	static const struct {
		const char *word;
		enum volatile_mode mode;
		int any_case;
	} words[] = {
		{ "1", VOL_YES, 1 }, { "0", VOL_NO, 1 },       { "yes", VOL_YES, 1 },    { "no", VOL_NO, 1 },
		{ "y", VOL_YES, 1 }, { "n", VOL_NO, 1 },       { "true", VOL_YES, 1 },   { "false", VOL_NO, 1 },
		{ "t", VOL_YES, 1 }, { "f", VOL_NO, 1 },       { "on", VOL_YES, 1 },     { "off", VOL_NO, 1 },
		{ "state", VOL_STATE, 0 },                     { "overlay", VOL_OVERLAY, 0 },
	};
	if (!v) {
		*m = VOL_YES;
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		if (words[i].any_case ? str_caseeq(v, words[i].word) : str_eq(v, words[i].word)) {
			*m = words[i].mode;
			return 0;
		}
	}
	return -EINVAL;
}

const char *layer_volatile_name(enum volatile_mode m)
{
	static const char *const names[] = {
		[VOL_NO] = "no",
		[VOL_YES] = "yes",
		[VOL_STATE] = "state",
		[VOL_OVERLAY] = "overlay",
	};
	return names[m];
}

int layer_param(struct plan *p, enum layer_param l, const char *name, const char *value, char *err,
                size_t errlen)
{
	char sub[DEVSPEC_ERR_MAX];
	int r = 0;

	if (l == LP_VOLATILE) {
		if (parse_volatile(value, &p->volatile_mode) < 0) {
			fmt(err, errlen, "earlymount.volatile=%s: expected overlay, state, yes or no", value);
			return -EINVAL;
		}
		return 0;
	}
	if (l == LP_ROOTIMAGE) {
		/* A path inside the root device, looked up there with RESOLVE_IN_ROOT (layers.c): a
		 * relative one is taken from its top, as an absolute one is. */
		if (strlen(value) >= SPEC_VALUE_MAX) {
			fmt(err, errlen, "earlymount.rootimage=%s: longer than %d bytes", value, SPEC_VALUE_MAX - 1);
			return -EINVAL;
		}
		p->rootimage = value;
		return 0;
	}
	if (l == LP_OVERLAY) {
		struct mount_entry *m = &p->overlay;
		r = devspec_parse(value, &m->src, sub, sizeof(sub));
		if (r >= 0) {
			p->have_overlay = 1;
			m->role = ROLE_LAYER;
			m->param = "earlymount.overlay";
			m->target = "/";
			return 0;
		}
	} else if ((r = options_add(l == LP_OVERLAYFLAGS ? &p->overlay.opts : &p->tmpfs_opts, value, sub, sizeof(sub))) == 0) {
		/* The options of a layer: filesystem parameters and attributes, split as rootflags= are. */
		return 0;
	}
	/* The device or the options refused, with why in sub (a page of options is not quoted whole). */
	if (r == -E2BIG && strlen(value) > 40)
		fmt(err, errlen, "earlymount.%s=%.*s...: %s", name, 40, value, sub);
	else
		fmt(err, errlen, "earlymount.%s=%s: %s%s", name, value,
		    r == -EOPNOTSUPP ? "the writable layer must be a block device; this is " : "", sub);
	return -EINVAL;
}

/* The layer parameters that cannot go together, or not with this root. */
static int refuse_conflicts(const struct plan *p, char *err, size_t errlen)
{
	if (p->overlay.opts.nparams + p->overlay.opts.attr_set + p->overlay.opts.attr_clr && !p->have_overlay) {
		fmt(err, errlen, "earlymount.overlayflags= given without earlymount.overlay=");
		return -EINVAL;
	}
	if (p->volatile_mode != VOL_NO && p->have_overlay) {
		fmt(err, errlen, "earlymount.volatile=%s and earlymount.overlay=%s: the root gets one "
		    "writable layer, either in memory (volatile=) or on a device (overlay=); give one of them",
		    layer_volatile_name(p->volatile_mode), p->overlay.src.text);
		return -EINVAL;
	}
	/* volatile= works on a share: the share is the read-only lower layer (layers.c, mount_lower),
	 * as a root device is. rootimage= reads its image through a loop device on the root device.
	 * overlay= keeps its upper layer across boots, and the host changes its shared directory
	 * while the guest is off: overlayfs leaves a lower layer changed offline undefined once
	 * redirect_dir, index, metacopy or xino were used (Documentation/filesystems/overlayfs.rst,
	 * "Changes to underlying filesystems"). A tmpfs upper layer starts empty at each boot. */
	if (p->share_root && (p->rootimage || p->have_overlay)) {
		if (p->rootimage)
			fmt(err, errlen, "root=%s is a %s share; earlymount.rootimage= needs a root device, "
			    "which the image file is read from", p->root.src.value, p->root.fstypes);
		else
			fmt(err, errlen, "root=%s is a %s share; earlymount.overlay= keeps its changes over a "
			    "lower layer the host may change between boots, which overlayfs leaves undefined "
			    "(use earlymount.volatile=overlay)", p->root.src.value, p->root.fstypes);
		return -EINVAL;
	}
	if (p->rootimage && p->root.bind) {
		fmt(err, errlen, "earlymount.rootimage=%s needs a root device", p->rootimage);
		return -EINVAL;
	}
	return 0;
}

/* The tmpfs layers are the root (or /var) of a system: 0755 as systemd makes them
 * (TMPFS_LIMITS_ROOTFS, "mode=0755"), not tmpfs's own 1777, unless the options say a mode. */
static int tmpfs_defaults(struct plan *p, char *err, size_t errlen)
{
	int has_mode = 0;
	for (unsigned i = 0; i < p->tmpfs_opts.nparams; i++)
		has_mode |= str_eq(p->tmpfs_opts.params[i].key, "mode");
	if (!has_mode && options_add(&p->tmpfs_opts, "mode=0755", err, errlen) < 0)
		return -EINVAL;
	if (p->tmpfs_opts.ro == 1) {
		fmt(err, errlen, "earlymount.tmpfsflags=ro: the tmpfs layers are there to be written");
		return -EINVAL;
	}
	return 0;
}

/* volatile=state: the root as given, and /var a tmpfs over it, an extra mount ahead of the others,
 * so an earlymount.mount= under /var lands on the tmpfs. */
static int add_var_mount(struct plan *p, char *err, size_t errlen)
{
	struct mount_entry *m = &p->extra[0];

	if (p->nextra >= PLAN_MAX_EXTRA) {
		fmt(err, errlen, "earlymount.volatile=state: no room for the /var mount (%d earlymount.mount= entries at most)", PLAN_MAX_EXTRA - 1);
		return -EINVAL;
	}
	for (unsigned i = p->nextra; i > 0; i--)
		spec_entry_copy(&p->extra[i], &p->extra[i - 1]);
	p->nextra++;
	memset(m, 0, sizeof(*m));
	m->role = ROLE_EXTRA;
	m->param = "earlymount.volatile=state: tmpfs";
	m->src.kind = DEV_NONE;
	m->src.text = "tmpfs";
	memcpy(m->src.value, "tmpfs", 6);
	m->target = "/var";
	memcpy(m->fstypes, "tmpfs", 6);
	options_copy(&m->opts, &p->tmpfs_opts); /* spec_build sets its wait, as the others' */
	return 0;
}

int layer_finish(struct plan *p, char *err, size_t errlen)
{
	if (refuse_conflicts(p, err, errlen) < 0)
		return -EINVAL;
	if (p->have_overlay) {
		/* The upper device is written: read-write whatever ro/rw say of the root (which
		 * stays read-only under it). spec_build gives it the root's wait. */
		p->overlay.opts.ro = 0;
	}
	if (tmpfs_defaults(p, err, errlen) < 0)
		return -EINVAL;
	if (p->volatile_mode == VOL_STATE)
		return add_var_mount(p, err, errlen);
	return 0;
}

int layers_stacked(const struct plan *p)
{
	return p->rootimage || p->have_overlay || p->volatile_mode == VOL_OVERLAY || p->volatile_mode == VOL_YES;
}

int layers_wanted(const struct plan *p)
{
	return p->share_root || layers_stacked(p);
}

void layers_dracut_aside(const struct plan *p, char *buf, size_t cap)
{
	/* Each layered root has a dracut module (or systemd) that builds it there; earlymount's
	 * own assembly is for its /init and the helper mode. */
	if (p->share_root)
		fmt(buf, cap, "root=%s is a %s share: dracut's %s module mounts it (root=%s:%s)%s%s%s", p->root.src.text,
		    p->root.fstypes, str_eq(p->root.fstypes, "9p") ? "virtfs" : "virtiofs",
		    str_eq(p->root.fstypes, "9p") ? "virtfs" : "virtiofs", p->root.src.value,
		    layers_stacked(p) ? "; systemd.volatile=" : "", layers_stacked(p) ? layer_volatile_name(p->volatile_mode) : "",
		    layers_stacked(p) ? " (systemd in the initrd) layers it" : "");
	else if (p->rootimage)
		fmt(buf, cap, "earlymount.rootimage=%s is a live image: dracut's dmsquash-live module mounts it "
		    "(root=live:DEVICE rd.live.dir= rd.live.squashimg=, rd.live.overlay.overlayfs)", p->rootimage);
	else if (p->have_overlay)
		fmt(buf, cap, "earlymount.overlay=%s is a persistent overlay: in dracut, dmsquash-live's "
		    "rd.live.overlay=%s with rd.live.overlay.overlayfs does it", p->overlay.src.text, p->overlay.src.text);
	else if (p->volatile_mode == VOL_YES)
		fmt(buf, cap, "earlymount.volatile=yes is a layered root: in dracut, systemd.volatile=yes does it "
		    "(systemd in the initrd)");
	else
		fmt(buf, cap, "earlymount.volatile=overlay is a layered root: in dracut, systemd.volatile=overlay does it "
		    "(systemd in the initrd), or rootovl (dracut's overlay-root module)");
}
