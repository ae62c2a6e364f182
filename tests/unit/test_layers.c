/* SPDX-License-Identifier: MIT */
/* The layered-root parameters: systemd.volatile='s words, shares as the root, the defaults the
 * plan gets, the conflicts refused, and the entries moved to make room for volatile=state's /var. */
#include "../t.h"
#include "layerspec.h"
#include "spec.h"

#include "spec_t.h"

static const char *param(const struct optset *o, const char *key)
{
	for (unsigned i = 0; i < o->nparams; i++)
		if (!strcmp(o->params[i].key, key))
			return o->params[i].value ? o->params[i].value : "";
	return NULL;
}

int main(void)
{
	/* systemd's volatile_mode_from_string: booleans, then the two words; bare means yes. */
	static const struct {
		const char *line;
		enum volatile_mode m;
	} vol[] = {
		{ "root=/dev/vda earlymount.volatile", VOL_YES },
		{ "root=/dev/vda earlymount.volatile=yes", VOL_YES },
		{ "root=/dev/vda earlymount.volatile=1", VOL_YES },
		{ "root=/dev/vda earlymount.volatile=TRUE", VOL_YES },
		{ "root=/dev/vda earlymount.volatile=on", VOL_YES },
		{ "root=/dev/vda earlymount.volatile=no", VOL_NO },
		{ "root=/dev/vda earlymount.volatile=off", VOL_NO },
		{ "root=/dev/vda earlymount.volatile=0", VOL_NO },
		{ "root=/dev/vda earlymount.volatile=state", VOL_STATE },
		{ "root=/dev/vda earlymount.volatile=overlay", VOL_OVERLAY },
		{ "root=/dev/vda earlymount.volatile=overlay earlymount.volatile=no", VOL_NO },
	};
	for (size_t i = 0; i < sizeof(vol) / sizeof(vol[0]); i++) {
		CHECK_INT(build(vol[i].line), 0);
		CHECK_INT(p.volatile_mode, vol[i].m);
	}
	CHECK_INT(build("root=/dev/vda earlymount.volatile=Overlay"), -EINVAL);
	CHECK_STR(err, "earlymount.volatile=Overlay: expected overlay, state, yes or no");
	/* an invalid one before a valid one is never looked at, as with every single-valued one */
	CHECK_INT(build("root=/dev/vda earlymount.volatile=bogus earlymount.volatile=state"), 0);

	/* layers_wanted: state is only a /var mount, not a layered root */
	CHECK_INT(build("root=/dev/vda earlymount.volatile=state"), 0);
	CHECK_INT(layers_wanted(&p), 0);
	CHECK_INT(build("root=/dev/vda earlymount.volatile=overlay"), 0);
	CHECK_INT(layers_wanted(&p), 1);
	CHECK_INT(build("root=/dev/vda earlymount.rootimage=/a.img"), 0);
	CHECK_INT(layers_wanted(&p), 1);
	CHECK_STR(p.rootimage, "/a.img");
	CHECK_INT(build("root=/dev/vda"), 0);
	CHECK_INT(layers_wanted(&p), 0);

	/* The tmpfs layers: 0755 unless the options say a mode; the options as given. */
	CHECK_INT(build("root=/dev/vda earlymount.volatile=overlay"), 0);
	CHECK_STR(param(&p.tmpfs_opts, "mode"), "0755");
	CHECK_INT(build("root=/dev/vda earlymount.volatile=overlay earlymount.tmpfsflags=size=10%,mode=1777,nosuid"), 0);
	CHECK_STR(param(&p.tmpfs_opts, "mode"), "1777");
	CHECK_STR(param(&p.tmpfs_opts, "size"), "10%");
	CHECK(p.tmpfs_opts.attr_set != 0);
	CHECK_INT(build("root=/dev/vda earlymount.volatile=overlay earlymount.tmpfsflags=ro"), -EINVAL);

	/* The persistent layer: any root= form, written (rw) whatever ro says, waited for as the root. */
	CHECK_INT(build("root=/dev/vda ro rootwait=7 earlymount.overlay=PARTLABEL=upper earlymount.overlayflags=noatime"), 0);
	CHECK_INT(p.have_overlay, 1);
	CHECK_INT(p.overlay.src.kind, DEV_PARTLABEL);
	CHECK_STR(p.overlay.src.value, "upper");
	CHECK_INT(p.overlay.opts.ro, 0);
	CHECK_INT(p.overlay.wait_s, 7);
	CHECK_INT(p.overlay.role, ROLE_LAYER);
	CHECK_INT(p.root.opts.ro, 1);
	CHECK_INT(build("root=/dev/vda earlymount.overlay=bogus"), -EINVAL);
	CHECK(strstr(err, "earlymount.overlay=bogus: 'bogus' is not a device") == err);

	/* Conflicts */
	CHECK_INT(build("root=/dev/vda earlymount.volatile=yes earlymount.overlay=/dev/vdb"), -EINVAL);
	CHECK_INT(build("root=/dev/vda earlymount.volatile=no earlymount.overlay=/dev/vdb"), 0);
	/* A share takes volatile= (it is the read-only lower layer), not an image or overlay=. */
	CHECK_INT(build("root=tag rootfstype=9p earlymount.volatile=overlay"), 0);
	CHECK_INT(p.share_root, 1);
	CHECK_INT(p.volatile_mode, VOL_OVERLAY);
	CHECK_INT(layers_stacked(&p), 1);
	CHECK_INT(build("root=tag rootfstype=virtiofs earlymount.volatile=yes"), 0);
	CHECK_INT(layers_stacked(&p), 1);
	CHECK_INT(build("root=tag rootfstype=virtiofs earlymount.volatile=state"), 0);
	CHECK_INT(layers_stacked(&p), 0); /* the share on the sysroot, /var a tmpfs over it */
	CHECK_INT(layers_wanted(&p), 1);
	CHECK_INT(p.nextra, 1);
	CHECK_INT(build("root=tag rootfstype=virtiofs"), 0);
	CHECK_INT(layers_stacked(&p), 0);
	CHECK_INT(build("root=tag rootfstype=9p earlymount.overlay=/dev/vdb"), -EINVAL);
	CHECK_STR(err, "root=tag is a 9p share; earlymount.overlay= keeps its changes over a lower layer the "
	          "host may change between boots, which overlayfs leaves undefined (use earlymount.volatile=overlay)");
	CHECK_INT(build("root=tag rootfstype=virtiofs earlymount.rootimage=/img earlymount.volatile=overlay"), -EINVAL);
	CHECK_STR(err, "root=tag is a virtiofs share; earlymount.rootimage= needs a root device, which the image "
	          "file is read from");
	CHECK_INT(build("root=/dev/vda earlymount.overlayflags=noatime"), -EINVAL);

	/* Shares: root= is the tag when every rootfstype= is a share, wherever the two stand; the
	 * kernel drops a leading /dev/ (prepare_namespace). */
	CHECK_INT(layer_share_list("9p"), 1);
	CHECK_INT(layer_share_list("virtiofs,9p"), 1);
	CHECK_INT(layer_share_list("ext4"), 0);
	CHECK_INT(layer_share_list("ext4,9p"), -1);
	CHECK_INT(layer_share_list("9pfs"), 0);
	CHECK_INT(build("root=hostshare rootfstype=9p"), 0);
	CHECK_INT(p.share_root, 1);
	CHECK_INT(p.root.src.kind, DEV_NONE);
	CHECK_STR(p.root.src.value, "hostshare");
	CHECK_INT(build("rootfstype=virtiofs root=/dev/myfs"), 0);
	CHECK_STR(p.root.src.value, "myfs");
	CHECK_INT(build("rootfstype=virtiofs root=LABEL=x"), 0); /* a tag, even one that looks like a form */
	CHECK_STR(p.root.src.value, "LABEL=x");
	CHECK_INT(build("root=hostshare rootfstype=9p rootfstype=ext4"), -EINVAL); /* the last counts: not a share */
	CHECK_INT(build("root=/dev/vda rootfstype=9p,xfs"), -EINVAL);

	/* volatile=state: /var first, the other extra mounts after it with their own targets,
	 * sources and options intact (they were moved). */
	CHECK_INT(build("root=/dev/vda earlymount.mount=tmpfs:/var/tmp:tmpfs:size=8m "
	                "earlymount.mount=/srv:/mnt/srv:bind:ro earlymount.volatile=state "
	                "earlymount.tmpfsflags=size=64m"), 0);
	CHECK_INT(p.nextra, 3);
	CHECK_STR(p.extra[0].target, "/var");
	CHECK_STR(p.extra[0].fstypes, "tmpfs");
	CHECK_STR(param(&p.extra[0].opts, "size"), "64m");
	CHECK_STR(param(&p.extra[0].opts, "mode"), "0755");
	CHECK_STR(p.extra[1].target, "/var/tmp");
	CHECK_STR(param(&p.extra[1].opts, "size"), "8m");
	CHECK(p.extra[1].target >= p.extra[1].opts.buf && p.extra[1].target < p.extra[1].opts.buf + OPT_BUF);
	CHECK_STR(p.extra[2].target, "/mnt/srv");
	CHECK_STR(p.extra[2].src.text, "/srv");
	CHECK(p.extra[2].src.text == p.extra[2].src.value);
	CHECK_INT(p.extra[2].opts.ro, 1);

	/* What dracut's hooks are told */
	char why[400];
	CHECK_INT(build("root=/dev/vda earlymount.volatile=yes"), 0);
	layers_dracut_aside(&p, why, sizeof(why));
	CHECK_STR(why, "earlymount.volatile=yes is a layered root: in dracut, systemd.volatile=yes does it (systemd in the initrd)");
	CHECK_INT(build("root=t rootfstype=virtiofs"), 0);
	layers_dracut_aside(&p, why, sizeof(why));
	CHECK_STR(why, "root=t is a virtiofs share: dracut's virtiofs module mounts it (root=virtiofs:t)");
	CHECK_INT(build("root=t rootfstype=9p earlymount.volatile=overlay"), 0);
	layers_dracut_aside(&p, why, sizeof(why));
	CHECK_STR(why, "root=t is a 9p share: dracut's virtfs module mounts it (root=virtfs:t); systemd.volatile=overlay "
	          "(systemd in the initrd) layers it");
	return t_done();
}
