#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/blkid/members.sh md where the md driver is sure to be there: in QEMU (TCG), on Debian's
# kernel (scripts/fetch-kernel, through tests/qemu/lib.sh), its loop, md-mod and raid1 modules
# loaded in dependency order, from an initramfs holding the host's busybox, bash, mdadm, mke2fs,
# blkid and losetup, the probe_tool under test, and the libraries they link. No disk: the members
# are loop devices over files in the guest's tmpfs. The guest's output is passed through and its
# verdict is this test's (SKIPPED when the guest cannot run it either).
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
[ "$EM_ARCH" = amd64 ] || em_skip "the host's mdadm, bash and libraries go into the guest: amd64 only"
em_need_tools "$EM_QEMU" timeout flock cpio gzip ldd mdadm mke2fs blkid losetup bash
em_setup blkid-members-md
qemu_kernel
# shellcheck disable=SC2034 # read by qemu_boot (lib.sh)
QEMU_MEM=1024 # eight sparse 64 MiB members in the guest's tmpfs, two arrays' ext4 written

root=$EM_TMP/root
mkdir -p "$root"/{bin,dev,proc,sys,run,tmp,mods,etc}

# A program (at its path on the host, or at DEST in the guest) and every library ldd names, at
# their paths on the host.
add_prog() {
	local p=$1 dest=${2:-$1} lib
	mkdir -p "$root$(dirname "$dest")"
	cp -L "$p" "$root$dest" || em_die "copying $p"
	for lib in $(ldd "$p" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib" || em_die "copying $lib (for $p)"
	done
}
for p in "$(command -v bash)" "$(command -v mdadm)" "$(command -v mke2fs)" "$(command -v blkid)" \
	"$(command -v losetup)"; do
	add_prog "$p"
done
ln -sf mke2fs "$root$(dirname "$(command -v mke2fs)")/mkfs.ext4"
[ ! -f /etc/mke2fs.conf ] || cp /etc/mke2fs.conf "$root/etc/"
add_prog "$TOOL" /bin/probe_tool # (the guest's /tmp is a tmpfs: not where the host keeps it)
cp "$here/members.sh" "$here/cases.sh" "$here/kv.sh" "$root/bin/"
cp "$EM_BUSYBOX" "$root/bin/busybox" || em_die "copying $EM_BUSYBOX"

# The modules and what they need, dependencies first (modules.dep lists a module's dependencies
# after it, the one loaded last first); built-in ones (modules.builtin) need nothing.
: >"$root/mods/order"
add_mod() {
	local name=$1 line path dep deps
	grep -qE "(^|/)$name\.ko(\.[a-z]+)?\$" "$MODDIR/modules.builtin" 2>/dev/null && return 0
	line=$(grep -E "(^|/)$name\.ko(\.[a-z]+)?:" "$MODDIR/modules.dep" | head -n1)
	[ -n "$line" ] || em_die "no module $name in $MODDIR/modules.dep"
	path=${line%%:*}
	read -r -a deps <<<"${line#*:}"
	for ((i = ${#deps[@]} - 1; i >= 0; i--)); do
		dep=$(basename "${deps[$i]}")
		add_mod "${dep%%.ko*}"
	done
	grep -qx "${name}.ko" "$root/mods/order" && return 0
	case $path in
	*.ko) cp "$MODDIR/$path" "$root/mods/$name.ko" ;;
	*.ko.xz) xz -dc "$MODDIR/$path" >"$root/mods/$name.ko" ;;
	*.ko.zst) zstd -qdc "$MODDIR/$path" >"$root/mods/$name.ko" ;;
	*.ko.gz) gzip -dc "$MODDIR/$path" >"$root/mods/$name.ko" ;;
	*) em_die "module $path: unknown compression" ;;
	esac || em_die "unpacking $MODDIR/$path"
	echo "${name}.ko" >>"$root/mods/order"
}
for m in loop md-mod raid1; do
	add_mod "$m"
done

cat >"$root/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
ln -s /proc/self/fd /dev/fd # bash's process substitution
while read -r m; do insmod "/mods/\$m" || echo "insmod \$m failed"; done </mods/order
echo # the marker on a line of its own, whatever the firmware left on the last one
echo '$EM_BEGIN'
bash /bin/members.sh md /bin/probe_tool
echo "EXIT=\$?"
echo '$EM_END'
poweroff -f
EOF
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1) >"$EM_TMP/initrd.gz" || em_die "packing the initramfs"

qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd.gz" "quiet"
sed -e '1d' -e '$d' "$EM_LOG.report" | grep -v '^EXIT='
rc=$(sed -n 's/^EXIT=//p' "$EM_LOG.report")
case $rc in
0) exit 0 ;;
77) exit 77 ;;
'') em_fail "the guest gave no verdict" ;;
*) exit 1 ;;
esac
