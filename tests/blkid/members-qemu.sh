#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/blkid/members.sh md where the md driver is sure to be there: in QEMU (TCG), on Debian's
# kernel (scripts/fetch-kernel, through tests/qemu/lib.sh), its loop, md-mod and raid1 modules
# loaded in dependency order, from an initramfs (tests/qemu/hostroot.sh) holding the host's
# busybox, bash, mdadm, mke2fs, blkid and losetup, the probe_tool under test, and the libraries
# they link. No disk: the members are loop devices over files in the guest's tmpfs. The guest's
# output is passed through and its verdict is this test's (SKIPPED when the guest cannot run it
# either).
#
#   tests/blkid/members-qemu.sh PATH/TO/probe_tool WORK_DIR
#
# SKIPPED (exit 77) without a fetched kernel: tests download none (EM_KERNEL_OFFLINE=1 under
# CTest); scripts/fetch-kernel fetches one.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TOOL=${1:-}
if [ -z "$TOOL" ] || [ ! -x "$TOOL" ] || [ -z "${2:-}" ]; then
	echo "usage: $0 PATH/TO/probe_tool WORK_DIR" >&2
	exit 2
fi
TOOL=$(cd "$(dirname "$TOOL")" && pwd)/$(basename "$TOOL")
export EM_WORK=$2
# shellcheck source=../qemu/lib.sh
. "$here/../qemu/lib.sh"
# shellcheck source=../qemu/hostroot.sh
. "$here/../qemu/hostroot.sh"
[ "$EM_ARCH" = amd64 ] || em_skip "the host's mdadm, bash and libraries go into the guest: amd64 only"
em_need_tools "$EM_QEMU" timeout flock cpio gzip ldd mdadm mke2fs blkid losetup bash
em_setup blkid-members-md
qemu_kernel
# shellcheck disable=SC2034 # read by qemu_boot (lib.sh)
QEMU_MEM=1024 # eight sparse 64 MiB members in the guest's tmpfs, two arrays' ext4 written

root=$EM_TMP/root
mkdir -p "$root"/{bin,dev,proc,sys,run,tmp,mods,etc}

for p in "$(command -v bash)" "$(command -v mdadm)" "$(command -v mke2fs)" "$(command -v blkid)" \
	"$(command -v losetup)"; do
	hostroot_prog "$root" "$p"
done
ln -sf mke2fs "$root$(dirname "$(command -v mke2fs)")/mkfs.ext4"
[ ! -f /etc/mke2fs.conf ] || cp /etc/mke2fs.conf "$root/etc/"
hostroot_prog "$root" "$TOOL" /bin/probe_tool # (the guest's /tmp is a tmpfs: not where the host keeps it)
cp "$here/members.sh" "$here/cases.sh" "$here/kv.sh" "$root/bin/"
cp "$EM_BUSYBOX" "$root/bin/busybox" || em_die "copying $EM_BUSYBOX"

for m in loop md-mod raid1; do
	hostroot_mod "$root" "$m"
done

hostroot_init "$root" <<'EOF'
bash /bin/members.sh md /bin/probe_tool
echo "EXIT=$?"
EOF
hostroot_pack "$root" "$EM_TMP/initrd.gz"

qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd.gz" "quiet"
sed -e '1d' -e '$d' "$EM_LOG.report" | grep -v '^EXIT='
rc=$(sed -n 's/^EXIT=//p' "$EM_LOG.report")
case $rc in
0) exit 0 ;;
77) exit 77 ;;
'') em_fail "the guest gave no verdict" ;;
*) exit 1 ;;
esac
