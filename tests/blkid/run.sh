#!/bin/bash
# SPDX-License-Identifier: MIT
# Differential test of src/probe.c against libblkid: makes images with many mkfs.* options per
# filesystem and many partition-table layouts, and runs blkid_diff on each, which compares
# earlymount's TYPE/UUID/LABEL/PTTYPE/PTUUID/partition numbers/PARTUUID/PARTLABEL with what
# libblkid (as `blkid -p`) reports, field by field. Differences that are intended are rows of the
# table in tests/blkid/blkid_cmp.c (printed at the start); any other difference fails.
#
#   tests/blkid/run.sh PATH/TO/blkid_diff [CASE-REGEX]
#   tests/blkid/run.sh --no-libblkid        (what CTest runs when libblkid-dev was not found)
#
# A case whose tool is missing prints "SKIPPED: case: tool missing" and is not counted as passed;
# when every case is skipped (or libblkid-dev is missing) the script exits 77. Images are sparse
# files in a temporary directory; no loop devices, nothing outside it is written.
set -u

if [ "${1:-}" == --no-libblkid ]; then
	echo "SKIPPED: libblkid-dev (blkid/blkid.h, libblkid.so) was not found when configuring; install it and re-run cmake"
	exit 77
fi
DIFF=${1:-}
ONLY=${2:-}
if [ -z "$DIFF" ] || [ ! -x "$DIFF" ]; then
	echo "usage: $0 PATH/TO/blkid_diff [CASE-REGEX]" >&2
	exit 2
fi
export LC_ALL=C.UTF-8 # sfdisk takes non-ASCII partition names only in a UTF-8 locale
# mkfs.xfs refuses filesystems under 300 MB except when run by fstests; these variables are how
# xfsprogs (mkfs/xfs_mkfs.c) recognises fstests, and keep the images small.
export TEST_DIR=/tmp TEST_DEV=blkid-diff QA_CHECK_FS=1
T=$(mktemp -d /tmp/blkid_diff.XXXXXX) || exit 2
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/tree/sub" && echo hello >"$T/tree/sub/file" && echo top >"$T/tree/top"

"$DIFF" --table

pass=0
fail=0
skip=0
FAILED=()

declare -A PKG=([mkfs.ext4]=e2fsprogs [mkfs.ext3]=e2fsprogs [mkfs.ext2]=e2fsprogs [mke2fs]=e2fsprogs
	[mkfs.xfs]=xfsprogs [mkfs.btrfs]=btrfs-progs [mkfs.vfat]=dosfstools [mkfs.f2fs]=f2fs-tools
	[mkfs.erofs]=erofs-utils [mksquashfs]=squashfs-tools [xorriso]=xorriso [sfdisk]=fdisk
	[truncate]=coreutils [dd]=coreutils [cryptsetup]=cryptsetup-bin [mkswap]=util-linux
	[make-bcache]=bcache-tools [mdadm]=mdadm [mkfs.jfs]=jfsutils [mkreiserfs]=reiserfsprogs
	[mkfs.nilfs2]=nilfs-tools)

# case NAME TOOL...: start a case; returns 1 (and prints SKIPPED) when a tool is missing or the
# case does not match CASE-REGEX.
CASE=
case_() {
	CASE=$1
	shift
	[ -z "$ONLY" ] || [[ $CASE =~ $ONLY ]] || return 1
	local t
	for t in "$@"; do
		if ! command -v "$t" >/dev/null 2>&1; then
			echo "SKIPPED: $CASE: $t is missing (Debian package ${PKG[$t]:-?})"
			skip=$((skip + 1))
			return 1
		fi
	done
	return 0
}

. "$(dirname "${BASH_SOURCE[0]}")/cases.sh" # bad, parse_kv

# mk CMD...: run a command that makes or changes an image; a failure fails the case.
mk() {
	local out
	if ! out=$("$@" 2>&1); then
		bad "'$*' failed" "$out"
		return 1
	fi
}


# The harness asks libblkid one chain at a time; `blkid -p` asks with both chains on. Their
# whole-image answers must be the same, or the harness is not comparing with what blkid reports.
same_as_blkid_p() {
	local img=$1 ss=$2 k b
	declare -A H=()
	parse_kv H raw <"$T/export"
	# blkid -p takes the sector size from the device: a file reads as 512-byte sectors.
	[ "$ss" == 512 ] || return 0
	for k in TYPE USAGE UUID LABEL PTTYPE PTUUID; do
		# -o value prints the bytes as they are (-o export escapes non-ASCII)
		b=$(blkid -p -o value -s $k "$img" 2>/dev/null) # (an ambivalent result is said on stderr)
		[ "${H[$k]:-}" == "$b" ] ||
			{ bad "the harness's libblkid $k '${H[$k]:-}' differs from blkid -p's '$b'"; return 1; }
	done
}

# check IMAGE [blkid_diff options]: the comparison itself.
check() {
	local img=$1 out rc ss=512 a
	shift
	for a in "$@"; do [ "$a" != 4096 ] || ss=4096; done
	rm -f "$T/export"
	out=$("$DIFF" --export "$T/export" "$@" "$CASE" "$img" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	if [ -f "$T/export" ] && command -v blkid >/dev/null 2>&1; then
		same_as_blkid_p "$img" $ss || return 1
	fi
	case $rc in
	0) pass=$((pass + 1)) ;;
	1) fail=$((fail + 1)); FAILED+=("$CASE") ;;
	3) fail=$((fail + 1)); FAILED+=("$CASE (image not as meant)") ;;
	*) bad "blkid_diff exit status $rc" ;;
	esac
}

img() { # img FILE SIZE: a fresh sparse image
	rm -f "$1" && truncate -s "$2" "$1"
}

# put FS-IMAGE DISK-IMAGE OFFSET-MIB: copy a filesystem image into a partition (sparse).
put() {
	mk dd if="$1" of="$2" bs=1M seek="$3" conv=notrunc,sparse status=none
}

# poke FILE OFFSET HEXBYTES: write bytes (e.g. 0e or 'de ad') at a byte offset.
poke() {
	local f=$1 off=$2 hex=$3 esc=
	for b in $hex; do esc+="\\x$b"; done
	printf '%b' "$esc" | dd of="$f" bs=1 seek="$off" conv=notrunc status=none
}

# mkfs_cases TYPE SIZE 'TOOL ARGS' 'NAME|OPTS'...: a case each: a fresh image of SIZE made by
# TOOL ARGS OPTS (OPTS as the shell reads them: quotes kept), which must be TYPE.
mkfs_cases() {
	local type=$1 size=$2 cmd=$3 v name opts
	shift 3
	for v; do
		IFS='|' read -r name opts <<<"$v"
		case_ "$name" "${cmd%% *}" truncate || continue
		img "$I" "$size"
		eval "mk $cmd $opts \"\$I\"" && check "$I" --expect fs="$type"
	done
}

U1=0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9
U2=f9e8d7c6-b5a4-4392-8170-6f5e4d3c2b1a
U3=12345678-9abc-4def-8123-456789abcdef
U4=fedcba98-7654-4321-8fed-cba987654321
UTF8='wärme ☃'                                     # 10 bytes, two-byte and three-byte characters
L254=$(printf 'L%.0s' $(seq 1 253))Z                 # the longest btrfs label (BTRFS_LABEL_SIZE-1)
L36=$(printf 'N%.0s' $(seq 1 35))Z                   # the longest GPT partition name (36 UTF-16)

# ---- ext2/3/4 and journal devices ---------------------------------------------------------------
I=$T/ext.img
for v in \
	"ext4-label-space|mkfs.ext4|ext4|-L 'root fs' -U $U1" \
	"ext4-label-16|mkfs.ext4|ext4|-L sixteen-chars-ok -U $U2" \
	"ext4-label-utf8|mkfs.ext4|ext4|-L '$UTF8' -U $U3" \
	"ext4-label-utf8-16-bytes|mkfs.ext4|ext4|-L 'ääääääää'" \
	"ext4-label-trailing-blanks|mkfs.ext4|ext4|-L 'lbl   ' -U $U3" \
	"ext4-no-label-no-uuid|mkfs.ext4|ext4|-U clear" \
	"ext4-b1024|mkfs.ext4|ext4|-b 1024 -L b1k" \
	"ext4-b2048|mkfs.ext4|ext4|-b 2048 -L b2k" \
	"ext4-b4096-64bit-csum-seed|mkfs.ext4|ext4|-b 4096 -O 64bit,metadata_csum_seed -L seed" \
	"ext4-no-metadata-csum|mkfs.ext4|ext4|-O ^metadata_csum,^64bit -L nocsum" \
	"ext4-no-journal|mkfs.ext4|ext4|-O ^has_journal -L nojournal" \
	"ext4-inode128-small|mkfs.ext4|ext4|-I 128 -T small -L small" \
	"ext4-bigalloc|mkfs.ext4|ext4|-O bigalloc -C 16384 -L bigalloc" \
	"ext4-casefold-encrypt|mkfs.ext4|ext4|-O casefold,encrypt -L cf" \
	"ext4-test-fs-flag|mkfs.ext4|ext4dev|-E test_fs -L testfs -U $U2" \
	"ext3-default|mkfs.ext3|ext3|-L 'ext3 lbl' -U $U2" \
	"ext3-b1024|mkfs.ext3|ext3|-b 1024" \
	"ext2-default|mkfs.ext2|ext2|-L ext2 -U $U4" \
	"ext2-no-filetype|mkfs.ext2|ext2|-O ^filetype" \
	"jbd-journal-dev|mke2fs|jbd|-O journal_dev -b 4096 -L 'ext journal' -U $U4"; do
	IFS='|' read -r name tool type opts <<<"$v"
	case_ "$name" "$tool" truncate || continue
	img "$I" 32M
	eval "mk $tool -q -F $opts \"\$I\"" && check "$I" --expect fs="$type"
done

# ---- xfs ---------------------------------------------------------------------------------------
I=$T/xfs.img
mkfs_cases xfs 64M 'mkfs.xfs -q -f' \
	"xfs-v5-label-12|-L xfs-label-12 -m uuid=$U2" \
	"xfs-label-space|-L 'x y z'" \
	"xfs-no-label|-m uuid=$U1" \
	"xfs-v4-no-crc|-m crc=0 -L v4" \
	"xfs-b1024|-b size=1024 -L b1k" \
	"xfs-b2048-v4|-m crc=0 -b size=2048 -L b2k" \
	"xfs-4k-sectors|-s size=4096 -L 4ksect" \
	"xfs-label-utf8|-L 'ä☃z'" \
	"xfs-label-utf8-12-bytes|-L 'ääääää'"
if case_ xfs-b65536 mkfs.xfs truncate; then
	img "$I" 512M # the log needs 512 blocks of 64 KiB
	mk mkfs.xfs -q -f -b size=65536 -L b64k "$I" && check "$I" --expect fs=xfs
fi

# ---- btrfs -------------------------------------------------------------------------------------
I=$T/btrfs.img
mkfs_cases btrfs 128M 'mkfs.btrfs -q -f' \
	"btrfs-label-space|-L 'btrfs label' -U $U3" \
	"btrfs-label-254|-L '$L254' -U $U4" \
	"btrfs-label-utf8|-L '$UTF8'" \
	"btrfs-no-label|-U $U1" \
	"btrfs-nodesize-65536|-n 65536 -L n64k" \
	"btrfs-nodesize-4096|-n 4096 -s 4096 -L n4k" \
	"btrfs-csum-xxhash|--csum xxhash -L xxhash" \
	"btrfs-csum-sha256|--csum sha256 -L sha" \
	"btrfs-csum-blake2|--csum blake2 -L blake2" \
	"btrfs-mixed-single|-M -d single -m single -L mixed"

# ---- vfat --------------------------------------------------------------------------------------
I=$T/fat.img
for v in \
	"vfat-fat12-label-space|4M|-F 12 -n 'FAT12 LBL' -i 0a1b2c3d" \
	"vfat-fat12-4k-sectors|8M|-F 12 -S 4096 -n FAT12S4K" \
	"vfat-fat16|20M|-F 16 -n FAT16LBL -i deadbeef" \
	"vfat-fat16-4k-sectors|64M|-F 16 -S 4096 -n FAT16S4K" \
	"vfat-fat16-no-label|20M|-F 16 -i 89abcdef" \
	"vfat-fat16-lower-case|20M|-F 16 -n 'lower c'" \
	"vfat-fat16-label-11|20M|-F 16 -n ELEVENCHARS" \
	"vfat-fat32|64M|-F 32 -s 1 -n 'FAT32 VOL' -i 00c0ffee" \
	"vfat-fat32-root-past-1m|300M|-F 32 -s 1 -n FAR" \
	"vfat-fat32-4k-sectors|300M|-F 32 -S 4096 -n FAT32S4K" \
	"vfat-fat32-no-label|64M|-F 32 -s 1 -i 01234567" \
	"vfat-fat32-big-clusters|300M|-F 32 -s 64 -n BIGCLUS"; do
	IFS='|' read -r name size opts <<<"$v"
	case_ "$name" mkfs.vfat truncate || continue
	img "$I" "$size"
	eval "mk mkfs.vfat $opts \"\$I\"" && check "$I" --expect fs=vfat
done
# The boot sector's label changed behind the root directory's back: blkid's LABEL is the root
# directory's (the boot sector's is only LABEL_FATBOOT).
if case_ vfat-fat16-boot-label-differs mkfs.vfat truncate dd; then
	img "$I" 20M
	mk mkfs.vfat -F 16 -n ROOTDIR "$I" && poke "$I" $((0x2B)) '42 4f 4f 54 53 45 43 54 20 20 20' &&
		check "$I" --expect fs=vfat
fi
if case_ vfat-fat32-boot-label-differs mkfs.vfat truncate dd; then
	img "$I" 300M
	mk mkfs.vfat -F 32 -s 1 -n ROOTDIR "$I" && poke "$I" $((0x47)) '42 4f 4f 54 53 45 43 54 20 20 20' &&
		check "$I" --expect fs=vfat
fi

# A label in the DOS code page (CP850 "ÄÖÜ" is 8E 99 9A): not UTF-8, and both report the bytes as
# they are. mkfs.vfat here cannot convert from UTF-8, so the bytes go in by hand, in the boot
# sector and in the root directory's label entry (the first entry, at (reserved + fats * fatlen)
# sectors).
if case_ vfat-fat16-label-codepage-850 mkfs.vfat truncate dd od; then
	img "$I" 20M
	if mk mkfs.vfat -F 16 -n 'AOU BYTES' "$I"; then
		read -r ss < <(od -A n -t u2 -j 11 -N 2 "$I")
		read -r res < <(od -A n -t u2 -j 14 -N 2 "$I")
		read -r fats < <(od -A n -t u1 -j 16 -N 1 "$I")
		read -r fatlen < <(od -A n -t u2 -j 22 -N 2 "$I")
		poke "$I" $((0x2B)) '8e 99 9a' && poke "$I" $(((res + fats * fatlen) * ss)) '8e 99 9a' &&
			check "$I" --expect fs=vfat
	fi
fi

# A label starting with a blank (mkfs.vfat refuses one, so 'X' becomes ' ' by hand): blkid's LABEL
# keeps it (only LABEL_FATBOOT is trimmed on the left).
if case_ vfat-fat12-label-leading-blank mkfs.vfat truncate dd od; then
	img "$I" 4M
	if mk mkfs.vfat -F 12 -n 'XLEAD' "$I"; then
		read -r ss < <(od -A n -t u2 -j 11 -N 2 "$I")
		read -r res < <(od -A n -t u2 -j 14 -N 2 "$I")
		read -r fats < <(od -A n -t u1 -j 16 -N 1 "$I")
		read -r fatlen < <(od -A n -t u2 -j 22 -N 2 "$I")
		poke "$I" $((0x2B)) '20' && poke "$I" $(((res + fats * fatlen) * ss)) '20' && check "$I" --expect fs=vfat
	fi
fi

# ---- f2fs --------------------------------------------------------------------------------------
I=$T/f2fs.img
L512=$(printf 'F%.0s' $(seq 1 511))Z
mkfs_cases f2fs 64M 'mkfs.f2fs -q -f' \
	"f2fs-label-utf8|-l 'f2fs läbel ☃' -U $U4" \
	"f2fs-no-label|-U $U1" \
	"f2fs-label-surrogate-pair|-l 'smile 😀 ok'" \
	"f2fs-label-512|-l '$L512'" \
	"f2fs-sb-checksum|-O extra_attr,inode_checksum,sb_checksum -l sbcsum" \
	"f2fs-features|-O extra_attr,project_quota,inode_crtime,compression,casefold -C utf8 -l feat"

# ---- erofs -------------------------------------------------------------------------------------
I=$T/erofs.img
if case_ erofs-default mkfs.erofs; then
	rm -f "$I" && mk mkfs.erofs -T0 -U $U1 "$I" "$T/tree" && check "$I" --expect fs=erofs
fi
if case_ erofs-lz4hc mkfs.erofs; then
	rm -f "$I" && mk mkfs.erofs -zlz4hc -T0 "$I" "$T/tree" && check "$I" --expect fs=erofs
fi
# erofs-utils here (1.5) has neither -b nor -L: the block-size exponent (superblock byte 12) and
# the volume name (bytes 64-79) are set by hand, and the superblock-checksum feature (bit 0 of
# feature_compat, byte 8) cleared so that no crc32c needs recomputing. Only the superblock is
# probed, so the rest of the image need not match. The kernel mounts blocks up to its page size;
# libblkid 2.38 reports all of these exponents.
for bits in 9 12 14 16; do
	case_ erofs-blkszbits-$bits mkfs.erofs dd || continue
	rm -f "$I" && mk mkfs.erofs -T0 -U $U2 "$I" "$T/tree" || continue
	# at least a few blocks (libblkid reads a magic's whole KiB, 1024-2048 here)
	[ "$(stat -c %s "$I")" -ge $((3 << bits)) ] || truncate -s $((3 << bits)) "$I"
	feat=$(od -A n -t u1 -j $((1024 + 8)) -N 1 "$I")
	poke "$I" $((1024 + 8)) "$(printf %02x $((feat & 0xFE)))" &&
		poke "$I" $((1024 + 12)) "$(printf %02x $bits)" &&
		poke "$I" $((1024 + 64)) '65 72 6f 66 73 20 6c 61 62 65 6c' && # "erofs label"
		check "$I" --expect fs=erofs
done

# ---- jfs, reiserfs, nilfs2 ----------------------------------------------------------------------
# The roots the Debian installer (jfs) and the kernel's other block filesystems offer. mkfs.jfs has
# no UUID option: its random one is compared like any other.
I=$T/jfs.img
mkfs_cases jfs 64M 'mkfs.jfs -q' \
	"jfs-label|-L 'jfs root'" \
	"jfs-label-16|-L sixteen-chars-ok" \
	"jfs-no-label|" \
	"jfs-os2-case-insensitive|-O -L OS2"
I=$T/reiser.img
mkfs_cases reiserfs 64M 'mkreiserfs -q -ff' \
	"reiserfs-3.6-label-uuid|--format 3.6 -u $U1 -l 'reiser lbl'" \
	"reiserfs-3.6-label-16|-u $U3 -l sixteen-chars-ok" \
	"reiserfs-3.6-no-label|" \
	"reiserfs-3.5|--format 3.5" \
	"reiserfs-3.6-small-journal|-s 513 -l smalljournal"
# A journal on another device ("ReIsEr3Fs"): its superblock's journal block is 0, which libblkid's
# test of a superblock inside the journal rejects, so udev links it by no UUID; nor does
# earlymount (the kernel mounts it with jdev= and rootfstype=).
if case_ reiserfs-external-journal mkreiserfs truncate; then
	img "$I" 64M && img "$T/reiser-journal.img" 64M &&
		mk mkreiserfs -q -ff -j "$T/reiser-journal.img" -u $U2 -l extjournal "$I" &&
		check "$I" --expect fs=none
fi
I=$T/nilfs.img
# 160M: mkfs.nilfs2's least with its default segments
mkfs_cases nilfs2 160M 'mkfs.nilfs2 -q -f' \
	"nilfs2-label|-L 'nilfs root'" \
	"nilfs2-label-80|-L '$(printf 'n%.0s' $(seq 1 79))Z'" \
	"nilfs2-no-label|"
mkfs_cases nilfs2 8M 'mkfs.nilfs2 -q -f' "nilfs2-b1024-small|-b 1024 -B 16 -L small"
# The superblock's copy near the end stands in for a primary whose crc32 fails; a device larger
# than the filesystem recorded (s_dev_size) keeps its primary; with both crc32s bad it is none.
if case_ nilfs2-primary-bad-crc mkfs.nilfs2 truncate dd; then
	img "$I" 160M && mk mkfs.nilfs2 -q -f -L backup "$I" && poke "$I" $((1024 + 16)) '5a 5a' &&
		check "$I" --expect fs=nilfs2
fi
if case_ nilfs2-device-grown mkfs.nilfs2 truncate; then
	img "$I" 160M && mk mkfs.nilfs2 -q -f -L grown "$I" && truncate -s 192M "$I" &&
		check "$I" --expect fs=nilfs2
fi
if case_ nilfs2-both-bad-crc mkfs.nilfs2 truncate dd; then
	img "$I" 160M && mk mkfs.nilfs2 -q -f -L bad "$I" && poke "$I" $((1024 + 16)) '5a 5a' &&
		poke "$I" $((160 * 1024 * 1024 - 4096 + 16)) '5a 5a' && check "$I" --expect fs=none
fi

# One filesystem made over another, every pair of these eight: where the second mkfs leaves a
# superblock of the first (mkfs.vfat and mkreiserfs leave nilfs2's copy at the end of the device,
# mkfs.nilfs2 a FAT boot sector at 0), libblkid answers "ambivalent" (names neither), and so must
# probe_fs(); elsewhere both name the second.
declare -A MKFS=([ext4]="mkfs.ext4 -q -F" [xfs]="mkfs.xfs -q -f" [btrfs]="mkfs.btrfs -q -f" [jfs]="mkfs.jfs -q"
	[reiserfs]="mkreiserfs -q -ff" [nilfs2]="mkfs.nilfs2 -q -f" [vfat]="mkfs.vfat" [f2fs]="mkfs.f2fs -q -f")
TWO=" vfat-over-nilfs2 nilfs2-over-vfat reiserfs-over-nilfs2 "
I=$T/two.img
for first in ext4 xfs btrfs jfs reiserfs nilfs2 vfat f2fs; do
	for second in ext4 xfs btrfs jfs reiserfs nilfs2 vfat f2fs; do
		[ "$first" != "$second" ] || continue
		name=$second-over-$first want=$second
		[[ $TWO != *" $name "* ]] || want=ambivalent
		case_ "$name" ${MKFS[$first]%% *} ${MKFS[$second]%% *} truncate || continue
		img "$I" 256M && mk ${MKFS[$first]} "$I" && mk ${MKFS[$second]} "$I" && check "$I" --expect fs=$want
	done
done

# ---- squashfs, iso9660 --------------------------------------------------------------------------
I=$T/sq.img
for v in "squashfs-gzip|" "squashfs-xz-b4k|-comp xz -b 4096" "squashfs-lz4-b1m|-comp lz4 -b 1M"; do
	IFS='|' read -r name opts <<<"$v"
	case_ "$name" mksquashfs || continue
	rm -f "$I"
	eval "mk mksquashfs \"\$T/tree\" \"\$I\" -noappend -quiet -no-progress $opts" && check "$I" --expect fs=squashfs
done
I=$T/cd.iso
for v in \
	"iso9660-plain|-V ISO_LABEL --modification-date=2024010203040506" \
	"iso9660-joliet-long|-J -V 'Joliet Label Longer Than 16' --modification-date=2023123123595999" \
	"iso9660-joliet-utf8|-J -V 'Ünïcode ☃ label'" \
	"iso9660-rock-no-label|-R" \
	"iso9660-joliet-lower|-J -R -V 'mixed Case lbl'"; do
	IFS='|' read -r name opts <<<"$v"
	case_ "$name" xorriso || continue
	rm -f "$I"
	eval "mk xorriso -as mkisofs -quiet $opts -o \"\$I\" \"\$T/tree\"" && check "$I" --expect fs=iso9660
done

# ---- GPT ---------------------------------------------------------------------------------------
D=$T/disk.img
# sfdisk SCRIPT-ON-STDIN onto IMAGE with 4096-byte logical sectors: sfdisk takes the sector size
# from the device, so through a loop device with that sector size (no partition scan; detached
# at once). Without loop devices (not root, no /dev/loop-control) the case is skipped.
LOOP=
trap 'rm -rf "$T"; [ -z "$LOOP" ] || losetup -d "$LOOP"' EXIT
sfdisk4k() {
	local out rc
	if ! LOOP=$(losetup -f --show -b 4096 "$1" 2>&1); then
		echo "SKIPPED: $CASE: no loop device with 4096-byte sectors: $LOOP"
		LOOP=
		skip=$((skip + 1))
		return 1
	fi
	out=$(sfdisk -q --no-reread --no-tell-kernel "$LOOP" 2>&1)
	rc=$?
	losetup -d "$LOOP"
	LOOP=
	[ $rc -eq 0 ] || { bad "sfdisk on a 4096-byte-sector loop device failed" "$out"; return 1; }
}
gpt4() { # gpt4 IMAGE [header lines]: a GPT with a deleted slot (3), names with blanks and UTF-8
	local d=$1
	shift
	{
		echo "label: gpt"
		echo "label-id: $U4"
		printf '%s\n' "$@"
		echo "start=2048, size=4096, type=uefi, name=\"EFI system\", uuid=$U1"
		echo "start=8192, size=16384, type=linux, name=\"root fs\", uuid=$U2"
		echo "start=24576, size=2048, type=linux, name=\"to be deleted\""
		echo "start=26624, size=4096, type=linux, name=\"Ünïcode ☃ ok\", uuid=$U3"
		echo "start=30720, size=2048, type=linux, name=\"$L36\""
		echo "start=32768, size=2048, type=linux"
	} >"$T/script" && mk sfdisk -q "$d" <"$T/script" && mk sfdisk -q --delete "$d" 3
}
if case_ gpt-names-gap sfdisk truncate; then
	img "$D" 64M && gpt4 "$D" && check "$D" --expect pt=gpt --expect parts=5
fi
if case_ gpt-partition-77 sfdisk truncate; then
	img "$D" 64M
	printf 'label: gpt\n%s : start=2048, size=2048, name="seventy-seven"\n%s : start=4096, size=2048\n' \
		"${D}77" "${D}2" >"$T/script" && mk sfdisk -q "$D" <"$T/script" && check "$D" --expect pt=gpt --expect parts=2
fi
# 1024 entries: the array (128 KiB) ends past the first 128 KiB of the disk.
if case_ gpt-table-length-1024 sfdisk truncate; then
	img "$D" 64M && gpt4 "$D" "table-length: 1024" "first-lba: 2048" && check "$D" --expect pt=gpt --expect parts=5
fi
# The array moved to LBA 1024 (512 KiB), as UEFI allows: the header says where it is.
if case_ gpt-entries-at-lba-1024 sfdisk truncate; then
	img "$D" 64M && gpt4 "$D" && mk "$DIFF" --gpt-move-entries 1024 "$D" &&
		check "$D" --expect pt=gpt --expect parts=5
fi
if case_ gpt-4k-sectors sfdisk truncate losetup; then
	img "$D" 128M
	printf 'label: gpt\nlabel-id: %s\nstart=256, size=512, name="4k one", uuid=%s\nstart=1024, size=1024, name="4k two"\n' \
		$U2 $U3 >"$T/script" && sfdisk4k "$D" <"$T/script" && check "$D" --sector-size 4096 --expect pt=gpt --expect parts=2
fi
# Names outside the Basic Multilingual Plane are UTF-16 surrogate pairs in the entry.
if case_ gpt-name-surrogate-pairs sfdisk truncate; then
	img "$D" 64M
	mk sfdisk -q "$D" < <(printf 'label: gpt\nstart=2048, size=2048, name="emoji 😀 𝄞 end"\n') &&
		check "$D" --expect pt=gpt --expect parts=1
fi
# Two members of one btrfs: each carries the filesystem's UUID (and its own devid).
if case_ btrfs-raid1-two-members mkfs.btrfs truncate; then
	img "$T/m1.img" 128M && img "$T/m2.img" 128M &&
		mk mkfs.btrfs -q -f -L 'two devs' -d raid1 -m raid1 "$T/m1.img" "$T/m2.img" &&
		check "$T/m1.img" --expect fs=btrfs && CASE=btrfs-raid1-second-member && check "$T/m2.img" --expect fs=btrfs
	rm -f "$T/m1.img" "$T/m2.img"
fi
# Filesystems in the partitions, each compared at its offset as blkid -p /dev/sdXN would.
if case_ gpt-with-filesystems sfdisk truncate mkfs.vfat mkfs.ext4 mkfs.xfs mkfs.btrfs dd; then
	img "$D" 512M
	mk sfdisk -q "$D" < <(printf 'label: gpt\nstart=1MiB, size=32MiB, type=uefi, name="ESP"\nstart=33MiB, size=64MiB, name="root"\nstart=97MiB, size=64MiB, name="xfs"\nstart=161MiB, size=128MiB, name="btrfs"\n') &&
		img "$T/p.img" 32M && mk mkfs.vfat -F 32 -s 1 -n 'ESP' "$T/p.img" && put "$T/p.img" "$D" 1 &&
		img "$T/p.img" 64M && mk mkfs.ext4 -q -F -L 'in part' "$T/p.img" && put "$T/p.img" "$D" 33 &&
		img "$T/p.img" 64M && mk mkfs.xfs -q -f -L inpart "$T/p.img" && put "$T/p.img" "$D" 97 &&
		img "$T/p.img" 128M && mk mkfs.btrfs -q -f -L 'in part' "$T/p.img" && put "$T/p.img" "$D" 161 &&
		check "$D" --expect pt=gpt --expect parts=4 --expect p1=vfat --expect p2=ext4 --expect p3=xfs --expect p4=btrfs
fi

# ---- MBR ---------------------------------------------------------------------------------------
if case_ dos-primary-gap sfdisk truncate; then
	img "$D" 64M
	mk sfdisk -q "$D" < <(printf 'label: dos\nlabel-id: 0x1234abcd\nstart=2048, size=4096, type=c\nstart=8192, size=4096, type=83\nstart=12288, size=4096, type=83, bootable\n') && mk sfdisk -q --delete "$D" 2 && check "$D" --expect pt=dos --expect parts=2
fi
# Logical partitions: the kernel (block/partitions/msdos.c parse_extended) and libblkid number
# them from 5 along the EBR chain; the extended partition itself is listed too.
if case_ dos-logical sfdisk truncate; then
	img "$D" 64M
	mk sfdisk -q "$D" < <(printf 'label: dos\nlabel-id: 0xdeadbeef\nstart=2048, size=4096, type=83\nstart=8192, size=81920, type=5\nstart=10240, size=8192, type=83\nstart=20480, size=8192, type=82\nstart=30720, size=8192, type=83\n') && check "$D" --expect pt=dos --expect parts=5
fi
if case_ dos-extended-in-slot-4-with-filesystems sfdisk truncate mkfs.ext4 mkfs.vfat dd; then
	img "$D" 256M
	mk sfdisk -q "$D" < <(printf 'label: dos\nlabel-id: 0x0badcafe\nstart=1MiB, size=16MiB, type=c\nstart=17MiB, size=16MiB, type=83\nstart=33MiB, size=16MiB, type=83\nstart=49MiB, size=200MiB, type=f\nstart=50MiB, size=64MiB, type=83\nstart=115MiB, size=64MiB, type=c\n') &&
		img "$T/p.img" 64M && mk mkfs.ext4 -q -F -L logical5 "$T/p.img" && put "$T/p.img" "$D" 50 &&
		img "$T/p.img" 64M && mk mkfs.vfat -F 32 -s 1 -n LOGICAL6 "$T/p.img" && put "$T/p.img" "$D" 115 &&
		check "$D" --expect pt=dos --expect parts=6 --expect p5=ext4 --expect p6=vfat
fi
# A zero disk signature: kernel PARTUUIDs are 00000000-NN, libblkid reports none (table row).
if case_ dos-zero-signature sfdisk truncate dd; then
	img "$D" 64M
	mk sfdisk -q "$D" < <(printf 'label: dos\nstart=2048, size=4096, type=83\n') && poke "$D" 440 '00 00 00 00' &&
		check "$D" --expect pt=dos --expect parts=1
fi
if case_ dos-4k-sectors sfdisk truncate losetup; then
	img "$D" 128M
	sfdisk4k "$D" < <(printf 'label: dos\nlabel-id: 0x4444cccc\nstart=256, size=1024, type=83\nstart=2048, size=4096, type=5\nstart=2304, size=512, type=83\n') && check "$D" --sector-size 4096 --expect pt=dos --expect parts=3
fi

# ---- stale whole-disk signatures under a new table ------------------------------------------------
# blkid -p reports both the old superblock and the new table; each side must agree with libblkid.
if case_ stale-btrfs-under-gpt mkfs.btrfs sfdisk truncate mkfs.ext4 dd; then
	img "$D" 256M
	mk mkfs.btrfs -q -f -L stale "$D" &&
		mk sfdisk -q "$D" < <(printf 'label: gpt\nstart=2048, size=131072, name="new root"\n') &&
		img "$T/p.img" 64M && mk mkfs.ext4 -q -F -L newroot "$T/p.img" && put "$T/p.img" "$D" 1 &&
		check "$D" --expect fs=btrfs --expect pt=gpt --expect parts=1 --expect p1=ext4
fi
# (A GPT's entry array overwrites an ext4 superblock at 1 KiB: ext4 stays stale under MBR only.)
if case_ stale-ext4-under-dos mkfs.ext4 sfdisk truncate; then
	img "$D" 64M
	mk mkfs.ext4 -q -F -L stale "$D" &&
		mk sfdisk -q "$D" < <(printf 'label: dos\nlabel-id: 0x0e0e0e0e\nstart=2048, size=8192, type=83\n') &&
		check "$D" --expect fs=ext4 --expect pt=dos --expect parts=1
fi
if case_ stale-vfat-under-gpt mkfs.vfat sfdisk truncate; then
	img "$D" 64M
	mk mkfs.vfat -F 32 -n STALE "$D" &&
		mk sfdisk -q "$D" < <(printf 'label: gpt\nstart=2048, size=8192, name="new"\n') &&
		check "$D" --expect pt=gpt --expect parts=1
fi
if case_ stale-xfs-under-dos mkfs.xfs sfdisk truncate; then
	img "$D" 64M
	mk mkfs.xfs -q -f -L stale "$D" &&
		mk sfdisk -q "$D" < <(printf 'label: dos\nlabel-id: 0x5ca1ab1e\nstart=2048, size=8192, type=83\n') &&
		check "$D" --expect fs=xfs --expect pt=dos --expect parts=1
fi

# ---- superblocks with a wrong checksum (intended differences: the kernel refuses them) ------------
if case_ ext4-bad-sb-checksum mkfs.ext4 truncate dd; then
	img "$T/ext.img" 32M
	mk mkfs.ext4 -q -F -L badcsum "$T/ext.img" && poke "$T/ext.img" $((1024 + 0x3FC)) '5a' &&
		check "$T/ext.img" --expect fs=ext4
fi
if case_ xfs-bad-sb-crc mkfs.xfs truncate dd; then
	img "$T/xfs.img" 64M
	mk mkfs.xfs -q -f -L badcrc "$T/xfs.img" && poke "$T/xfs.img" 224 '5a' && check "$T/xfs.img" --expect fs=xfs
fi
if case_ btrfs-bad-sb-csum mkfs.btrfs truncate dd; then
	img "$T/btrfs.img" 128M
	mk mkfs.btrfs -q -f -L badcsum "$T/btrfs.img" && poke "$T/btrfs.img" $((0x10000)) '5a' &&
		check "$T/btrfs.img" --expect fs=btrfs
fi
if case_ f2fs-bad-sb-checksum mkfs.f2fs truncate dd; then
	img "$T/f2fs.img" 64M
	mk mkfs.f2fs -q -f -O extra_attr,inode_checksum,sb_checksum -l badcsum "$T/f2fs.img" &&
		poke "$T/f2fs.img" $((1024 + 0x7C)) '58' && check "$T/f2fs.img" --expect fs=f2fs
fi
if case_ erofs-bad-sb-checksum mkfs.erofs dd; then
	rm -f "$T/erofs.img" && mk mkfs.erofs -T0 "$T/erofs.img" "$T/tree" &&
		poke "$T/erofs.img" $((1024 + 4)) '5a' && check "$T/erofs.img" --expect fs=erofs
fi

# ---- RAID, volume, crypto and other member signatures -------------------------------------------
# libblkid's safe probe reports these before any filesystem (an md 0.90 member shows its array's
# ext4 at offset 0 and is still linux_raid_member). The synthetic images of
# tests/blkid/member_images.c (every member type libblkid 2.38 knows, near misses, stale and
# ambivalent cases; test_probe_unit checks probe_fs() against the same table), each as libblkid
# must see it: its TYPE, "none", or "ambivalent".
I=$T/member.img
while IFS=$'\t' read -r name want; do
	case_ "member-$name" || continue
	rm -f "$I" && mk "$DIFF" --member "$name" "$I" && check "$I" --expect fs="$want"
done < <("$DIFF" --member-list)
# mdadm reads the synthetic md superblocks as md superblocks of their version, with the array UUID
# probe_fs() reports (mdadm prints its four words with colons, blkid the same bytes as a UUID).
# (mdadm reads a 0.90 superblock in the host's byte order only.)
for name in md-0.90-le-over-ext4 md-1.0-over-ext4 md-1.1 md-1.2-stale-over-ext4; do
	case_ "mdadm-examine-$name" mdadm || continue
	rm -f "$I" && mk "$DIFF" --member "$name" "$I" || continue
	u=$(mdadm --examine --export "$I" 2>&1 | sed -n 's/^MD_UUID=//p' | tr -d :)
	u=${u:0:8}-${u:8:4}-${u:12:4}-${u:16:4}-${u:20:12}
	b=$(blkid -p -o value -s UUID "$I")
	if [ "$u" == "$b" ] && [ -n "$b" ]; then
		pass=$((pass + 1))
		echo "ok $CASE: mdadm's array UUID $u is blkid's"
	else
		bad "mdadm --examine's array UUID '$u' is not blkid's '$b'" "$(mdadm --examine "$I" 2>&1 | head -20)"
	fi
done
# The real tools on image files (mdadm and pvcreate need block devices: tests/blkid/members.sh).
KEY=$T/key
printf 'a test key, not a secret' >"$KEY"
LUKS=(--batch-mode --pbkdf pbkdf2 --pbkdf-force-iterations 1000 --key-file "$KEY")
if case_ cryptsetup-luks1 cryptsetup truncate; then
	img "$I" 32M && mk cryptsetup luksFormat "${LUKS[@]}" --type luks1 --uuid $U1 "$I" &&
		check "$I" --expect fs=crypto_LUKS
fi
if case_ cryptsetup-luks2-label cryptsetup truncate; then
	img "$I" 32M && mk cryptsetup luksFormat "${LUKS[@]}" --type luks2 --uuid $U2 --label 'crypt root' "$I" &&
		check "$I" --expect fs=crypto_LUKS
fi
# The primary LUKS2 header wiped: its secondary copy (at 16 KiB here) still says crypto_LUKS.
if case_ cryptsetup-luks2-primary-wiped cryptsetup truncate dd; then
	img "$I" 32M && mk cryptsetup luksFormat "${LUKS[@]}" --type luks2 --uuid $U3 "$I" &&
		mk dd if=/dev/zero of="$I" bs=4096 count=1 conv=notrunc status=none && check "$I" --expect fs=crypto_LUKS
fi
# An ext4 and then LUKS2 over it: cryptsetup wipes what would be stale.
if case_ cryptsetup-luks2-over-ext4 cryptsetup mkfs.ext4 truncate; then
	img "$I" 32M && mk mkfs.ext4 -q -F -L under "$I" && mk cryptsetup luksFormat "${LUKS[@]}" --type luks2 "$I" &&
		check "$I" --expect fs=crypto_LUKS
fi
for v in "mkswap-label-uuid|-L swaplbl -U $U4" "mkswap-64k-pages|-p 65536 -L big" "mkswap-no-label|"; do
	IFS='|' read -r name opts <<<"$v"
	case_ "$name" mkswap truncate || continue
	img "$I" 32M
	eval "mk mkswap -q $opts \"\$I\"" && check "$I" --expect fs=swap
done
for v in "bcache-backing|-B" "bcache-cache|-C"; do
	IFS='|' read -r name opts <<<"$v"
	case_ "$name" make-bcache truncate || continue
	img "$I" 64M && mk make-bcache $opts "$I" && check "$I" --expect fs=bcache
done

echo
echo "$pass cases passed, $fail failed, $skip skipped"
[ $fail -eq 0 ] || { printf 'failed: %s\n' "${FAILED[@]}"; exit 1; }
if [ $pass -eq 0 ]; then
	echo "SKIPPED: no case could run"
	exit 77
fi
exit 0
