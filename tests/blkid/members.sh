#!/bin/bash
# SPDX-License-Identifier: MIT
# RAID, volume and crypto members made by the real tools on loop devices, probe_tool (src/probe.c
# through src/blkread.c, on the block device) against `blkid -p` of the same device: TYPE, USAGE,
# UUID and LABEL must agree, the type must be the member's, and never a filesystem type, even where
# the member shows a filesystem at offset 0 (md metadata 0.90 and 1.0 keep their superblock at the
# end; the members of a RAID1 start with the array's ext4, which `blkid -p -n ext4` still sees).
#
#   tests/blkid/members.sh md PATH/TO/probe_tool       mdadm --create, metadata 0.90 1.0 1.1 1.2
#   tests/blkid/members.sh volumes PATH/TO/probe_tool  pvcreate, cryptsetup luksFormat (LUKS1,
#                                                       LUKS2), mkswap, make-bcache
#
# Needs root and loop devices (and for md the kernel's md driver); without them it prints
# "SKIPPED: <reason>" and exits 77. A tool scripts/deps installs that is missing is a failure.
# Every loop device attached is detached and every array stopped on exit, failure or not.
set -u

GROUP=${1:-}
TOOL=${2:-}
if { [ "$GROUP" != md ] && [ "$GROUP" != volumes ]; } || [ -z "$TOOL" ] || [ ! -x "$TOOL" ]; then
	echo "usage: $0 md|volumes PATH/TO/probe_tool" >&2
	exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "SKIPPED: not root (loop devices, mdadm, pvcreate and cryptsetup on block devices need it)"
	exit 77
fi
if [ ! -e /dev/loop-control ] || ! command -v losetup >/dev/null 2>&1; then
	echo "SKIPPED: no loop devices (/dev/loop-control or losetup missing)"
	exit 77
fi
export LC_ALL=C

pass=0
fail=0
FAILED=()
CASE=setup
. "$(dirname "${BASH_SOURCE[0]}")/cases.sh" # bad, parse_kv

declare -A PKG=([blkid]=util-linux [mkfs.ext4]=e2fsprogs [mdadm]=mdadm [pvcreate]=lvm2
	[cryptsetup]=cryptsetup-bin [mkswap]=util-linux [make-bcache]=bcache-tools [truncate]=coreutils
	[dd]=coreutils)
need() {
	local t missing=0
	for t in "$@"; do
		if ! command -v "$t" >/dev/null 2>&1; then
			echo "FAIL: $t is missing (Debian package ${PKG[$t]:-?}; scripts/deps installs it)"
			missing=1
		fi
	done
	[ $missing -eq 0 ] || exit 1
}
need blkid truncate dd

T=$(mktemp -d /tmp/members.XXXXXX) || exit 2
LOOPS=()
ARRAYS=()
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
	local a l h
	for a in "${ARRAYS[@]}"; do
		[ -e "$a" ] || continue
		local node
		node=$(readlink -f "$a")
		mdadm --stop "$a" >/dev/null 2>&1
		# Without udev mdadm makes the node and the /dev/md/NAME link itself (also for an
		# array it then failed to create) and may leave them: gone unless an array is there.
		if [ ! -e "/sys/block/${node##*/}/md" ]; then
			rm -f "$a"
			[ "$node" == "$a" ] || rm -f "$node"
		fi
	done
	rmdir /dev/md 2>/dev/null
	for l in "${LOOPS[@]}"; do
		# an array udev assembled again from the members (mdadm --incremental) holds them
		for h in /sys/block/"${l##*/}"/holders/md*; do
			[ ! -e "$h" ] || mdadm --stop "/dev/${h##*/}" >/dev/null 2>&1
		done
		losetup -d "$l" 2>/dev/null
	done
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# attach IMAGE: a loop device over IMAGE in $LOOP (recorded for the cleanup).
attach() {
	LOOP=$(losetup -f --show "$1" 2>&1) || { bad "losetup -f --show $1 failed" "$LOOP"; LOOP=; return 1; }
	LOOPS+=("$LOOP")
}

# mk CMD...: a command that makes a member; its failure fails the case.
mk() {
	local out
	if ! out=$("$@" 2>&1 </dev/null); then
		bad "'$*' failed" "$out"
		return 1
	fi
}


# The types probe_fs() mounts (its filesystem table): a member must never be reported as one.
FS_TYPES=" ext2 ext3 ext4 jbd xfs btrfs vfat f2fs erofs squashfs iso9660 "

# compare DEV TYPE USAGE [UUID [LABEL]]: probe_tool and blkid -p on DEV, field by field, and both
# against what was made (UUID and LABEL only when given).
compare() {
	local dev=$1 type=$2 usage=$3 k
	declare -A P=() B=() W=([TYPE]=$type [USAGE]=$usage)
	[ $# -lt 4 ] || W[UUID]=$4
	[ $# -lt 5 ] || W[LABEL]=$5
	parse_kv P raw < <("$TOOL" "$dev")
	parse_kv B esc < <(blkid -p -o export "$dev")
	local before=$fail
	for k in TYPE USAGE UUID LABEL; do
		if [ "${P[$k]:-}" != "${B[$k]:-}" ]; then
			bad "$k: probe_tool '${P[$k]:-}', blkid -p '${B[$k]:-}'"
		fi
		if [ -n "${W[$k]+x}" ] && [ "${B[$k]:-}" != "${W[$k]}" ]; then
			bad "$k: blkid -p '${B[$k]:-}', the tool made '${W[$k]}' (the case is not what it meant)"
		fi
	done
	if [[ $FS_TYPES == *" ${P[TYPE]:-} "* ]] || [ "${P[USAGE]:-}" == filesystem ] || [ -z "${P[TYPE]:-}" ]; then
		bad "probe_tool reports '${P[TYPE]:-}' (USAGE '${P[USAGE]:-}') for a $type: a member must never be a filesystem"
	fi
	[ -n "${P[UUID]:-}" ] || bad "no UUID: every tool here writes one, and blkid -p prints it"
	if [ $fail -eq $before ]; then
		pass=$((pass + 1))
		echo "ok $CASE: $dev TYPE=${P[TYPE]} USAGE=${P[USAGE]} UUID=${P[UUID]:-} LABEL=${P[LABEL]:-}"
	fi
}

# UUIDs of this file alone: its loop devices are visible to every test that runs beside it, and
# mkfs.btrfs -U refuses a UUID that any block device carries (btrfs-progs' test_uuid_unique asks
# libblkid about every device), which blkid/run.sh and test_probe.sh use with their own set.
U1=6d656d62-6572-4c31-8b00-000000000001
U2=6d656d62-6572-4c32-8b00-000000000002

# ---- md: mdadm --create over two loop devices, an ext4 on the array, the array stopped ----------
md_group() {
	need mdadm mkfs.ext4
	[ -e /proc/mdstat ] || modprobe -q md_mod 2>/dev/null
	if [ ! -e /proc/mdstat ]; then
		echo "SKIPPED: the running kernel has no md driver (/proc/mdstat is missing, modprobe md_mod failed): mdadm cannot create an array"
		exit 77
	fi
	local v n=0 a b md u
	for v in 0.90 1.0 1.1 1.2; do
		CASE=md-$v
		n=$((n + 1))
		truncate -s 64M "$T/a$n.img" "$T/b$n.img" || { bad "truncate failed"; continue; }
		attach "$T/a$n.img" || continue
		a=$LOOP
		attach "$T/b$n.img" || continue
		b=$LOOP
		md=/dev/md/emtest$n
		local name=()
		[ "$v" == 0.90 ] || name=(--name "emtest$n")
		# --run: no question about what the devices hold; --assume-clean: no resync writing
		# while the array is stopped again at once.
		ARRAYS+=("$md")
		mk mdadm --create "$md" --metadata="$v" --level=1 --raid-devices=2 --run --assume-clean \
			--homehost=earlymount "${name[@]}" "$a" "$b" || continue
		mk mkfs.ext4 -q -F -L mdroot "$md" || continue
		mk mdadm --stop "$md" || continue
		# the array UUID as mdadm has it (four words with colons), as blkid prints it
		u=$(mdadm --examine --export "$a" | sed -n 's/^MD_UUID=//p' | tr -d :)
		u=${u:0:8}-${u:8:4}-${u:12:4}-${u:16:4}-${u:20:12}
		local label=
		[ "$v" == 0.90 ] || label=earlymount:emtest$n
		for dev in "$a" "$b"; do
			CASE="md-$v member $dev"
			compare "$dev" linux_raid_member raid "$u" "$label"
			if [ "$v" == 0.90 ] || [ "$v" == 1.0 ]; then
				# the proof that the member shows a filesystem where probe_fs looks first
				local fs
				fs=$(blkid -p -n ext4 -o value -s TYPE "$dev" 2>&1)
				if [ "$fs" == ext4 ]; then
					pass=$((pass + 1))
					echo "ok $CASE: the array's ext4 is at the member's offset 0 (blkid -p -n ext4)"
				else
					bad "blkid -p -n ext4 sees '$fs' at offset 0 of a $v member, not the array's ext4"
				fi
			fi
		done
	done
}

# ---- LVM, LUKS, swap, bcache on loop devices ------------------------------------------------------
volumes_group() {
	need pvcreate cryptsetup mkswap make-bcache mkfs.ext4
	local key=$T/key
	printf 'a test key, not a secret' >"$key"
	local luks=(--batch-mode --pbkdf pbkdf2 --pbkdf-force-iterations 1000 --key-file "$key")

	CASE=lvm2-pv
	truncate -s 64M "$T/pv.img" && attach "$T/pv.img" &&
		mk pvcreate -y -ff --norestorefile --uuid Zq3cfa-OuxH-2dFl-1lfM-kE0i-SLbz-IpKvFj "$LOOP" &&
		compare "$LOOP" LVM2_member raid Zq3cfa-OuxH-2dFl-1lfM-kE0i-SLbz-IpKvFj
	# A PV over an ext4: pvcreate asks to wipe the signature; -y does.
	CASE=lvm2-pv-over-ext4
	truncate -s 64M "$T/pv2.img" && mkfs.ext4 -q -F "$T/pv2.img" && attach "$T/pv2.img" &&
		mk pvcreate -y -ff --norestorefile "$LOOP" && compare "$LOOP" LVM2_member raid

	CASE=luks1
	truncate -s 32M "$T/l1.img" && attach "$T/l1.img" &&
		mk cryptsetup luksFormat "${luks[@]}" --type luks1 --uuid $U1 "$LOOP" &&
		compare "$LOOP" crypto_LUKS crypto $U1 ""
	CASE=luks2
	truncate -s 32M "$T/l2.img" && attach "$T/l2.img" &&
		mk cryptsetup luksFormat "${luks[@]}" --type luks2 --uuid $U2 --label 'crypt root' "$LOOP" &&
		compare "$LOOP" crypto_LUKS crypto $U2 'crypt root'
	# LUKS2 over an ext4, then the primary header wiped: the secondary one still says LUKS.
	CASE=luks2-over-ext4-primary-wiped
	truncate -s 32M "$T/l3.img" && mkfs.ext4 -q -F "$T/l3.img" && attach "$T/l3.img" &&
		mk cryptsetup luksFormat "${luks[@]}" --type luks2 --uuid $U1 "$LOOP" &&
		mk dd if=/dev/zero of="$LOOP" bs=4096 count=1 conv=notrunc status=none &&
		compare "$LOOP" crypto_LUKS crypto $U1

	CASE=swap
	truncate -s 32M "$T/s.img" && attach "$T/s.img" && mk mkswap -L swaplbl -U $U2 "$LOOP" &&
		compare "$LOOP" swap other $U2 swaplbl
	CASE=swap-64k-pages
	truncate -s 32M "$T/s2.img" && attach "$T/s2.img" && mk mkswap -p 65536 "$LOOP" &&
		compare "$LOOP" swap other

	CASE=bcache-backing
	truncate -s 64M "$T/bc.img" && attach "$T/bc.img" && mk make-bcache -B "$LOOP" &&
		compare "$LOOP" bcache other
	CASE=bcache-cache
	truncate -s 64M "$T/bc2.img" && attach "$T/bc2.img" && mk make-bcache -C "$LOOP" &&
		compare "$LOOP" bcache other
}

case $GROUP in
md) md_group ;;
volumes) volumes_group ;;
esac

echo "$pass checks passed, $fail failed"
if [ $fail -ne 0 ]; then
	printf 'failed: %s\n' "${FAILED[@]}"
	exit 1
fi
if [ $pass -eq 0 ]; then
	echo "SKIPPED: no case could run"
	exit 77
fi
exit 0
