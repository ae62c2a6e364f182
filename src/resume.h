/* SPDX-License-Identifier: MIT */
/* Resuming from hibernation (resume=) before anything is mounted. */
#ifndef EM_RESUME_H
#define EM_RESUME_H
#include "spec.h"

/* With resume= (and no noresume): waits for the device as for the root (loading drivers
 * meanwhile), and when it holds a hibernation image hands it to the kernel, which restores the
 * hibernated system and does not return. Plain swap is handed over too, as initramfs-tools does
 * (the kernel finds no image). Returns when there was nothing to resume from, or the kernel did
 * not resume; what happened is logged, and the boot goes on either way, as the kernel's own
 * resume, initramfs-tools and dracut go on. Call before the first mount. */
void resume_from_hibernation(const struct plan *p);

#endif
