/* SPDX-License-Identifier: MIT */
/* The layered-root parameters and shares as the root, read into the plan. Pure: no syscalls. */
#ifndef EM_LAYERSPEC_H
#define EM_LAYERSPEC_H
#include "mountspec.h"

#include <stddef.h>

/* Where the layers are mounted (layers.c; the plan prints it): a directory of /run, so they move
 * into the new root with /run at the switch and stay there for inspection and repair (as dracut
 * keeps its live image under /run/initramfs/live). */
#define LAYER_DIR "/run/earlymount"

/* Copies a mount entry with every pointer into its own storage (options, target, source text)
 * pointing into the copy. dst and src must not overlap. */
void spec_entry_copy(struct mount_entry *dst, const struct mount_entry *src);
/* For a rootfstype= list: 1 when every type is a share, -1 when shares and others are mixed, 0
 * when none is a share. */
int layer_share_list(const char *list);
/* earlymount.volatile='s word for a mode: "no", "yes", "state", "overlay". */
const char *layer_volatile_name(enum volatile_mode m);
/* The layer parameters, earlymount.NAME=VALUE. In this order: volatile may be bare (yes), overlay
 * and rootimage need a value, the options may be empty but not bare. */
enum layer_param { LP_VOLATILE, LP_OVERLAY, LP_ROOTIMAGE, LP_OVERLAYFLAGS, LP_TMPFSFLAGS };
/* Takes layer parameter l, written name (without "earlymount.", for messages), value NULL when
 * bare: 0, or -EINVAL with a message in err. The caller (spec.c) has refused an empty value where
 * the list above says so: value is NULL only for volatile. */
int layer_param(struct plan *p, enum layer_param l, const char *name, const char *value, char *err,
                size_t errlen);
/* After every parameter: refuses conflicting ones, sets the defaults (the tmpfs layers' mode, the
 * overlay device's rw) and adds volatile=state's /var mount. 0 or -EINVAL with err. spec_build
 * calls it before it sets the devices' waits (the overlay's, the /var mount's too). */
int layer_finish(struct plan *p, char *err, size_t errlen);

/* 1 when the root is not just the root device mounted on the sysroot (layers.c builds it). */
int layers_wanted(const struct plan *p);

/* 1 when the root is built from layers under LAYER_DIR (the root device or share read-only on
 * lower/, or its image), not one mount on the sysroot: a share alone is not. */
int layers_stacked(const struct plan *p);

/* Why earlymount leaves a layered root to dracut, and which dracut option builds it there (for
 * `earlymount resolve`, which dracut's hooks run). */
void layers_dracut_aside(const struct plan *p, char *buf, size_t cap);

#endif
