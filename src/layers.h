/* SPDX-License-Identifier: MIT */
/* Roots built from layers (earlymount.volatile=overlay|yes, earlymount.overlay=,
 * earlymount.rootimage=) and shares as the root (9p, virtiofs). */
#ifndef EM_LAYERS_H
#define EM_LAYERS_H
#include "spec.h"

/* Builds the root the plan asks for on sysroot: each layer mounted on its own directory under
 * LAYER_DIR, the finished root attached to sysroot last. 0, or -errno after logging what failed,
 * with every layer it mounted unmounted again (and no loop device left). */
int layers_mount_root(const struct plan *p, const char *sysroot);

/* Unmounts every layer (after a failure of a later mount: the next attempt starts clean). */
void layers_unmount(void);

#endif
