/* SPDX-License-Identifier: MIT */
/* Stacked block devices: which dracut module brings each kind up. A device-mapper device says
 * who made it by the prefix of its dm uuid, which each tool sets when it creates the map; md and
 * loop devices are known by their sysfs directories. The table is the decision; stackread.c reads
 * /sys and check.c says it. Pure: no system calls. */
#include "blkstack.h"
#include "util.h"

#include <stddef.h>
#include <string.h>

/* The dm uuid prefixes, longest first where one begins another. dracut's modules that set each up:
 * modules.d/90crypt (cryptsetup, systemd-cryptsetup), 90lvm (lvm2's vgchange -ay / pvscan),
 * 90multipath (multipathd), 90dmraid (dmraid), 90mdraid (mdadm). */
static const struct stack_kind dm_kinds[] = {
	/* cryptsetup: lib/libdevmapper.c dm_prepare_uuid makes "CRYPT-<TYPE>-<uuid>-<name>" (TYPE
	 * LUKS1, LUKS2, PLAIN, ...) for the dm-crypt map and its dm-integrity sub-devices. */
	{ "CRYPT-", "crypt", "a dm-crypt volume", 0 },
	/* lvm2: lib/activate/dev_manager.c, UUID_PREFIX "LVM-" followed by the VG's and the LV's
	 * uuids, for every LV and its hidden sub-LVs (thin pools, RAID images, snapshots). */
	{ "LVM-", "lvm", "an LVM logical volume", 0 },
	/* multipath-tools: libmultipath/devmapper.c, UUID_PREFIX "mpath-" and the WWID. */
	{ "mpath-", "multipath", "a multipath device", 0 },
	/* dmraid: the BIOS RAID sets it activates are "DMRAID-<name>". */
	{ "DMRAID-", "dmraid", "a BIOS RAID set of dmraid", 0 },
	/* kpartx: kpartx/devmapper.c, "part<N>-" and the parent map's uuid; udev's 11-dm-parts.rules
	 * matches DM_UUID "part[0-9]*". The parent (its slave) needs what it needs. */
	{ "part", NULL, "a kpartx partition of a device-mapper device", 1 },
	/* no creator known: dmsetup create without --uuid, or a tool of its own */
	{ "", NULL, "a device-mapper device of no kind dracut sets up", 0 },
};

const struct stack_kind blkstack_md = { "", "mdraid", "an md RAID array", 0 };
const struct stack_kind blkstack_loop = { "", NULL, "a loop device", 0 };

/* "part" followed by a number and '-', as kpartx writes it; "partial-..." is not one. */
static int kpartx_prefix(const char *uuid)
{
	const char *s = uuid + 4;
	if (*s < '0' || *s > '9')
		return 0;
	while (*s >= '0' && *s <= '9')
		s++;
	return *s == '-';
}

const struct stack_kind *blkstack_dm(const char *uuid)
{
	size_t i;
	for (i = 0; i < ARRAY_SIZE(dm_kinds) - 1; i++) {
		const struct stack_kind *k = &dm_kinds[i];
		if (str_startswith(uuid, k->prefix) && (!k->partition || kpartx_prefix(uuid)))
			return k;
	}
	return &dm_kinds[i];
}

void blkstack_need(struct stack_needs *n, const char *module)
{
	if (!module)
		return;
	for (unsigned i = 0; i < n->nmodules; i++)
		if (str_eq(n->modules[i], module))
			return;
	if (n->nmodules < STACK_MAX_MODULES)
		n->modules[n->nmodules++] = module;
}
