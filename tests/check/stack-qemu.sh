#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/check/stack dm and md where the drivers are sure to be there: in QEMU (TCG), on Debian's
# kernel (scripts/fetch-kernel, through tests/qemu/lib.sh), its loop, dm-mod, md-mod and raid1
# modules loaded in dependency order, from an initramfs holding the host's busybox, bash,
# dmsetup, mdadm, losetup, blkid, sfdisk and mke2fs (tests/qemu/hostroot.sh), the earlymount
# under test and tests/check/stack with its lib.sh: the same script and the same assertions of
# check's exact messages as on a host. One boot runs both parts. A part the guest skips is a
# failure here: the guest has the drivers and the tools, so a skip there means the test is broken.
#
#   tests/check/stack-qemu.sh PATH/TO/earlymount WORK_DIR
#
# SKIPPED (exit 77) without QEMU or a fetched kernel: tests download none (EM_KERNEL_OFFLINE=1
# under CTest); scripts/fetch-kernel fetches one.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BIN=${1:-}
if [ -z "$BIN" ] || [ ! -x "$BIN" ] || [ -z "${2:-}" ]; then
	echo "usage: $0 PATH/TO/earlymount WORK_DIR" >&2
	exit 2
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
export EM_WORK=$2
# shellcheck source=../qemu/lib.sh
. "$here/../qemu/lib.sh"
# shellcheck source=../qemu/hostroot.sh
. "$here/../qemu/hostroot.sh"
[ "$EM_ARCH" = amd64 ] || em_skip "the host's dmsetup, mdadm, bash and libraries go into the guest: amd64 only"
command -v "$EM_QEMU" >/dev/null || em_skip "$EM_QEMU not installed (scripts/deps)"
em_need_tools timeout flock cpio gzip ldd bash dmsetup mdadm mke2fs blkid losetup sfdisk
em_setup check-stack
qemu_kernel
# shellcheck disable=SC2034 # read by qemu_boot (lib.sh)
QEMU_MEM=768 # the images (32 MiB, two 40 MiB members) in the guest's tmpfs

root=$EM_TMP/root
mkdir -p "$root"/{bin,dev,proc,sys,run,tmp,check,etc}
for t in bash dmsetup mdadm mke2fs blkid losetup sfdisk; do
	hostroot_prog "$root" "$(command -v "$t")"
done
ln -sf mke2fs "$root$(dirname "$(command -v mke2fs)")/mkfs.ext4"
[ ! -f /etc/mke2fs.conf ] || cp /etc/mke2fs.conf "$root/etc/"
hostroot_prog "$root" "$BIN" /bin/earlymount # (the guest's /tmp is a tmpfs: not where the host keeps it)
cp "$here/stack" "$here/lib.sh" "$root/check/"
cp "$EM_BUSYBOX" "$root/bin/busybox" || em_die "copying $EM_BUSYBOX"
for m in loop dm-mod md-mod raid1; do
	hostroot_mod "$root" "$m"
done

hostroot_init "$root" <<'EOF'
for part in dm md; do
	bash /check/stack /bin/earlymount $part
	echo "EXIT $part=$?"
done
EOF
hostroot_pack "$root" "$EM_TMP/initrd.gz"

qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd.gz" "quiet"
sed -e '1d' -e '$d' "$EM_LOG.report" | grep -v '^EXIT '
failed=0
for part in dm md; do
	rc=$(sed -n "s/^EXIT $part=//p" "$EM_LOG.report")
	case $rc in
	0) ;;
	'') em_fail "the guest gave no verdict for tests/check/stack $part" ;;
	77) echo "FAIL: tests/check/stack $part skipped in the guest, whose kernel has the driver"; failed=1 ;;
	*) echo "FAIL: tests/check/stack $part failed in the guest (exit $rc)"; failed=1 ;;
	esac
done
exit "$failed"
