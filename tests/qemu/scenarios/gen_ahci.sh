# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image boots the ext4 root on a SATA disk on q35's built-in AHCI controller (-M q35,
# ide-hd on bus ide.0): ahci and sd_mod load, no virtio, NVMe or USB driver (lib.sh
# em_gen_bus_scenario).
em_gen_bus_scenario ahci ahci sd_mod

# A preset image whose list holds ext4's modules (--fs ext4, as one makes for this machine), on one
# CPU (one load at a time): the AHCI controller's chain, which the first walk matched, loads
# before any of ext4's (modload.c list_priorities: a filesystem named up front waits behind the
# disks' chains, modsched.h late_prio), and the mount still gets ext4 (it raises it), with no
# module failed. Before, ext4's chain loaded first, as the list's.
mkinitrd "$EM_TMP/initrd.preset" --preset ahci --fs ext4
em_boot_bus ahci "$EM_TMP/initrd.preset" "root=LABEL=emgen earlymount.debug earlymount.timeout=60 earlymount.onfail=poweroff" \
	"$EM_TMP/root.img"
em_log_unstamp
assert_booted
assert_mount / ext4 ro "source:$(em_disk_node ahci)"
assert_log_re "$EXPECT_MODULES_SUMMARY_NOFAIL_RE" "the module step's summary, with no failed module"
EM_WHY="the root's disk and filesystem need them" assert_modules_loaded ahci sd_mod ext4
if em_kmod_builtin ahci || em_kmod_builtin ext4; then
	em_note "ahci or ext4 is built into $KVER: no order of loads to see"
	exit 0
fi
# the loads in the order they ended: the console's "loaded module NAME (N ms)" lines
mapfile -t loads < <(sed -nE '/^DMESG:/d; s/^.*earlymount: loaded module ([^ ]+) \(.*$/\1/p' "$EM_LOG")
chain=$(echo ext4 && em_kmod_deps ext4)
ahci_at='' fs_at='' fs_first=''
for i in "${!loads[@]}"; do
	[ "${loads[$i]}" != ahci ] || ahci_at=$i
	if [ -z "$fs_at" ] && grep -qx -- "${loads[$i]}" <<<"$chain"; then
		fs_at=$i fs_first=${loads[$i]}
	fi
done
if [ -z "$ahci_at" ] || [ -z "$fs_at" ]; then
	em_fail "no 'loaded module' line for ahci or for ext4's chain (loads: ${loads[*]})"
fi
[ "$ahci_at" -lt "$fs_at" ] ||
	em_fail "ext4's chain ($fs_first) loaded before the AHCI controller's driver; loads: ${loads[*]}"
em_note "preset image, loads: ${loads[*]}"
