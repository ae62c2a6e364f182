/* SPDX-License-Identifier: MIT */
/* earlymount check: would the next boot's mounts work on this machine? (not in the /init build) */
#ifndef EM_CHECK_H
#define EM_CHECK_H

/* earlymount check [--cmdline STRING] [--image FILE] [--modules]: one line per finding, "ok",
 * "warning" or "error" first; exit 0 when every mount would work, 1 when one would fail, 64 for
 * usage. --modules prints only the modules this machine needs for its mounts, one a line
 * (earlymount-mkinitramfs --hostonly). */
int run_check(int argc, char **argv);

#endif
