#!/bin/bash
# SPDX-License-Identifier: MIT
# Probing against real images: each filesystem and partition table is made by its own tool with a
# known UUID and label, then probe_tool's answer is compared field by field with what was set AND
# with util-linux (blkid -p for filesystems and PTTYPE/PTUUID, partx for partitions, which reads
# the table through libblkid). Images are sparse files in a temporary directory; no loop devices.
#
#   tests/test_probe.sh PATH/TO/probe_tool
#
# A missing tool is a failure, not a skip: scripts/deps installs e2fsprogs xfsprogs btrfs-progs
# dosfstools f2fs-tools erofs-utils squashfs-tools xorriso fdisk util-linux.
# PROBE_CORPUS_OUT=DIR also writes the heads of the images that matter for probing to
# DIR/probe_fs/ and DIR/probe_parts/ (the fuzzers' seed corpus, tests/fuzz/corpus/).
set -u

TOOL=${1:-}
if [ -z "$TOOL" ] || [ ! -x "$TOOL" ]; then
	echo "usage: $0 PATH/TO/probe_tool" >&2
	exit 2
fi
export LC_ALL=C.UTF-8 # sfdisk takes non-ASCII partition names only in a UTF-8 locale
T=$(mktemp -d /tmp/test_probe.XXXXXX) || exit 2
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/tree/sub" && echo hello >"$T/tree/sub/file" && echo top >"$T/tree/top"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	printf 'FAIL: %s\n' "$1" >&2
	shift
	for l in "$@"; do printf '      %s\n' "$l" >&2; done
}

declare -A HAVE
for t in mkfs.ext4:e2fsprogs mkfs.ext3:e2fsprogs mkfs.ext2:e2fsprogs mke2fs:e2fsprogs \
	mkfs.xfs:xfsprogs mkfs.btrfs:btrfs-progs mkfs.vfat:dosfstools mkfs.f2fs:f2fs-tools \
	mkfs.erofs:erofs-utils mksquashfs:squashfs-tools xorriso:xorriso sfdisk:fdisk \
	blkid:util-linux partx:util-linux truncate:coreutils; do
	if command -v "${t%%:*}" >/dev/null 2>&1; then
		HAVE[${t%%:*}]=1
	else
		bad "tool ${t%%:*} is missing (Debian package ${t#*:}; scripts/deps installs it)"
	fi
done
have() {
	local c=$1 t
	shift
	for t in "$@"; do
		[ -n "${HAVE[$t]:-}" ] || { bad "$c: not run, $t is missing"; return 1; }
	done
}

# Run a command that makes an image; a failure is reported with its output.
mk() {
	local c=$1 out
	shift
	if ! out=$("$@" 2>&1); then
		bad "$c: '$*' failed" "$out"
		return 1
	fi
}

. "$(dirname "${BASH_SOURCE[0]}")/blkid/kv.sh" # parse_kv

# cmp3 CASE KEY SET PROBE REF REFNAME: probe_tool against what was set and against util-linux.
cmp3() {
	local c=$1 k=$2 want=$3 got=$4 ref=$5 refname=$6
	if [ "$got" == "$want" ]; then ok; else
		bad "$c $k: probe_tool differs from what was set" "set:        '$want'" "probe_tool: '$got'"
	fi
	if [ "$got" == "$ref" ]; then ok; else
		bad "$c $k: probe_tool differs from $refname" "$refname:$(printf '%*s' $((11 - ${#refname})) '')'$ref'" \
			"probe_tool: '$got'"
	fi
}

# fs_case CASE IMAGE OFFSET TYPE UUID LABEL
fs_case() {
	local c=$1 img=$2 off=$3 type=$4 uuid=$5 label=$6 out rc
	declare -A P=() B=()
	out=$("$TOOL" --offset "$off" "$img")
	rc=$?
	if [ $rc -eq 0 ]; then ok; else bad "$c: probe_tool exit status $rc, want 0" "$out"; fi
	parse_kv P raw <<<"$out"
	parse_kv B esc < <(blkid -p -d -O "$off" -o export "$img")
	cmp3 "$c" TYPE "$type" "${P[TYPE]:-}" "${B[TYPE]:-}" blkid
	cmp3 "$c" UUID "$uuid" "${P[UUID]:-}" "${B[UUID]:-}" blkid
	cmp3 "$c" LABEL "$label" "${P[LABEL]:-}" "${B[LABEL]:-}" blkid
	# A filesystem's boot sector must not pass for a partition table (FAT ends in 55 AA too).
	cmp3 "$c" PTTYPE "" "${P[PTTYPE]:-}" "${B[PTTYPE]:-}" blkid
}

# pt_case CASE IMAGE PTTYPE PTUUID "N|PARTUUID|PARTLABEL"...
pt_case() {
	local c=$1 img=$2 pttype=$3 ptuuid=$4 out rc line n
	shift 4
	declare -A P=() B=() WU=() WL=() PU=() PL=() XU=() XL=()
	out=$("$TOOL" "$img")
	rc=$?
	if [ $rc -eq 0 ]; then ok; else bad "$c: probe_tool exit status $rc, want 0" "$out"; fi
	parse_kv P raw <<<"$out"
	parse_kv B esc < <(blkid -p -d -o export "$img")
	cmp3 "$c" PTTYPE "$pttype" "${P[PTTYPE]:-}" "${B[PTTYPE]:-}" blkid
	cmp3 "$c" PTUUID "$ptuuid" "${P[PTUUID]:-}" "${B[PTUUID]:-}" blkid
	for e in "$@"; do
		IFS='|' read -r n WU[${e%%|*}] WL[${e%%|*}] <<<"$e"
	done
	while IFS= read -r line; do
		[[ $line =~ ^PART\ ([0-9]+)\ PARTUUID=([^ ]*)( PARTLABEL=(.*))?$ ]] || continue
		PU[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
		PL[${BASH_REMATCH[1]}]=${BASH_REMATCH[4]}
	done <<<"$out"
	# partx -P escapes what is not printable ASCII as \xNN; printf %b turns it back into bytes.
	while IFS= read -r line; do
		[[ $line =~ ^NR=\"([0-9]+)\"\ UUID=\"([^\"]*)\"\ NAME=\"(.*)\"$ ]] || continue
		n=${BASH_REMATCH[1]}
		XU[$n]=${BASH_REMATCH[2]}
		XL[$n]=$(printf '%b' "${BASH_REMATCH[3]}")
	done < <(partx -g -o NR,UUID,NAME -P "$img")
	local want_set got_set ref_set
	want_set=$(printf '%s\n' "${!WU[@]}" | sort -n | tr '\n' ' ')
	got_set=$(printf '%s\n' "${!PU[@]}" | sort -n | tr '\n' ' ')
	ref_set=$(printf '%s\n' "${!XU[@]}" | sort -n | tr '\n' ' ')
	cmp3 "$c" "partition numbers" "$want_set" "$got_set" "$ref_set" partx
	for n in "${!WU[@]}"; do
		cmp3 "$c" "PART $n PARTUUID" "${WU[$n]}" "${PU[$n]:-}" "${XU[$n]:-}" partx
		cmp3 "$c" "PART $n PARTLABEL" "${WL[$n]}" "${PL[$n]:-}" "${XL[$n]:-}" partx
	done
}

# expect_error CASE IMAGE WANT_OUTPUT WANT_STATUS [probe_tool options]: for what is no table.
expect_error() {
	local c=$1 img=$2 want=$3 wrc=$4 out rc
	shift 4
	out=$("$TOOL" "$@" "$img")
	rc=$?
	if [ "$rc" -eq "$wrc" ] && [ "$out" == "$want" ]; then ok; else
		bad "$c: unexpected probe_tool result" "want: '$want' (exit $wrc)" "got:  '$out' (exit $rc)"
	fi
}

corpus() { # corpus KIND NAME IMAGE BYTES [OFFSET]
	[ -n "${PROBE_CORPUS_OUT:-}" ] || return 0
	mkdir -p "$PROBE_CORPUS_OUT/$1"
	dd if="$3" of="$PROBE_CORPUS_OUT/$1/$2" iflag=skip_bytes,count_bytes skip="${5:-0}" count="$4" status=none
}

# The fixed root directory of a FAT12/16 volume starts at (reserved + fats * fat_len) * sector;
# mkfs.vfat puts the label entry first, so one more sector holds both labels.
fat_root_end() {
	local -a v
	read -r -a v < <(od -A n -t u2 -j 11 -N 6 "$1") # le16 at 11 sector, 13 cl|res, 15 res|fats
	local ss=${v[0]} res=$(((v[1] >> 8) | ((v[2] & 255) << 8))) fats=$((v[2] >> 8))
	local fatlen
	fatlen=$(od -A n -t u2 -j 22 -N 2 "$1")
	echo $(((res + fats * fatlen) * ss + ss))
}

U1=0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9
U2=f9e8d7c6-b5a4-4392-8170-6f5e4d3c2b1a
U3=12345678-9abc-4def-8123-456789abcdef
U4=fedcba98-7654-4321-8fed-cba987654321
# The longest label mkfs.btrfs writes (it cuts longer ones to 254 bytes).
L254=$(printf 'L%.0s' $(seq 1 253))Z

# ---- ext2/3/4, journal device --------------------------------------------------------------------
if have ext4 mkfs.ext4 truncate; then
	truncate -s 32M "$T/ext4.img"
	mk ext4 mkfs.ext4 -q -F -L 'root fs' -U $U1 "$T/ext4.img" &&
		fs_case ext4 "$T/ext4.img" 0 ext4 $U1 'root fs' &&
		corpus probe_fs ext4.bin "$T/ext4.img" 2048
fi
if have ext3 mkfs.ext3 truncate; then
	truncate -s 32M "$T/ext3.img"
	# 16 bytes fill s_volume_name: no terminating NUL on disk.
	mk ext3 mkfs.ext3 -q -F -L 'sixteen-chars-ok' -U $U2 "$T/ext3.img" &&
		fs_case ext3 "$T/ext3.img" 0 ext3 $U2 'sixteen-chars-ok'
fi
if have ext2 mkfs.ext2 truncate; then
	truncate -s 16M "$T/ext2.img"
	mk ext2 mkfs.ext2 -q -F -L 'ext2 lbl' -U $U3 "$T/ext2.img" &&
		fs_case ext2 "$T/ext2.img" 0 ext2 $U3 'ext2 lbl'
fi
if have jbd mke2fs truncate; then
	truncate -s 8M "$T/jbd.img"
	mk jbd mke2fs -q -F -O journal_dev -b 4096 -L 'ext journal' -U $U4 "$T/jbd.img" &&
		fs_case jbd "$T/jbd.img" 0 jbd $U4 'ext journal' &&
		corpus probe_fs jbd.bin "$T/jbd.img" 2048
fi
if have ext4-nolabel mkfs.ext4 truncate; then
	truncate -s 16M "$T/ext4n.img"
	mk ext4-nolabel mkfs.ext4 -q -F -U $U3 -O ^metadata_csum,^has_journal "$T/ext4n.img" &&
		fs_case ext4-nolabel "$T/ext4n.img" 0 ext4 $U3 ''
fi

# ---- xfs, btrfs ----------------------------------------------------------------------------------
if have xfs mkfs.xfs truncate; then
	truncate -s 300M "$T/xfs.img" # mkfs.xfs refuses less than 300 MB
	# 12 bytes fill sb_fname: no terminating NUL.
	mk xfs mkfs.xfs -q -f -L xfs-label-12 -m uuid=$U2 "$T/xfs.img" &&
		fs_case xfs "$T/xfs.img" 0 xfs $U2 xfs-label-12 &&
		corpus probe_fs xfs.bin "$T/xfs.img" 4096
fi
if have btrfs mkfs.btrfs truncate; then
	truncate -s 128M "$T/btrfs.img"
	mk btrfs mkfs.btrfs -q -f -L 'btrfs label' -U $U3 "$T/btrfs.img" &&
		fs_case btrfs "$T/btrfs.img" 0 btrfs $U3 'btrfs label' &&
		corpus probe_fs btrfs.bin "$T/btrfs.img" $((0x11000))
	truncate -s 128M "$T/btrfs254.img"
	mk btrfs-254 mkfs.btrfs -q -f -L "$L254" -U $U4 "$T/btrfs254.img" &&
		fs_case btrfs-254-byte-label "$T/btrfs254.img" 0 btrfs $U4 "$L254"
fi
# The devids a multi-device btrfs names in its chunk tree (what earlymount says is missing when a
# member does not come), read through each member, against btrfs-progs' dump of the chunk tree. A
# member holds the chunk tree only where a stripe of a system chunk lies (dump-super lists them;
# raid1 over three puts them on two): the others answer that they hold no copy (ENOENT).
btrfs_devids_case() { # CASE MKFS-PROFILE-ARGS
	local c=$1 prof=$2 i want got holders
	for i in 1 2 3; do truncate -s 128M "$T/$c$i.img"; done
	# shellcheck disable=SC2086 # the profile's arguments
	mk "$c" mkfs.btrfs -q -f $prof "$T/${c}1.img" "$T/${c}2.img" "$T/${c}3.img" || return
	# (btrfs-progs 6.2 reads the chunk tree from one image alone only where it holds a copy)
	for i in 1 2 3; do
		want=$(btrfs inspect-internal dump-tree -t chunk "$T/$c$i.img" 2>/dev/null |
			sed -n 's/.*key (DEV_ITEMS DEV_ITEM \([0-9]*\)).*/\1/p' | paste -sd,)
		[ -z "$want" ] || break
	done
	[ "$want" = 1,2,3 ] || { bad "$c: btrfs dump-tree lists devids '$want', expected 1,2,3"; return; }
	holders=$(btrfs inspect-internal dump-super -f "$T/${c}1.img" | sed -n 's/.*stripe [0-9]* devid \([0-9]*\) offset.*/\1/p')
	[ -n "$holders" ] || { bad "$c: dump-super lists no stripe of a system chunk"; return; }
	for i in 1 2 3; do # mkfs.btrfs numbers the devices in the order given
		got=$("$TOOL" "$T/$c$i.img" | sed -n 's/^BTRFS_DEVIDS\(_ERROR\)*=//p')
		if grep -qx "$i" <<<"$holders"; then
			[ "$got" = "$want" ] && ok || bad "$c: devids through member $i" "btrfs: $want" "probe_tool: $got"
		else
			[ "$got" = "No such file or directory" ] && ok ||
				bad "$c: member $i holds no copy of the chunk tree: expected ENOENT, got '$got'"
		fi
	done
	rm -f "$T/$c"[123].img
}
if have btrfs-devids mkfs.btrfs truncate && command -v btrfs >/dev/null; then
	btrfs_devids_case btrfs-devids-raid1 "-d raid1 -m raid1"
	btrfs_devids_case btrfs-devids-raid1c3 "-d raid1 -m raid1c3"
	btrfs_devids_case btrfs-devids-single "-d single -m single"
else
	bad "btrfs-devids: not run, btrfs (btrfs-progs) is missing"
fi

# ---- vfat ----------------------------------------------------------------------------------------
if have vfat mkfs.vfat truncate; then
	truncate -s 4M "$T/fat12.img"
	mk fat12 mkfs.vfat -F 12 -n 'FAT12 LBL' -i 0a1b2c3d "$T/fat12.img" &&
		fs_case vfat-fat12 "$T/fat12.img" 0 vfat 0A1B-2C3D 'FAT12 LBL' &&
		corpus probe_fs vfat12.bin "$T/fat12.img" "$(fat_root_end "$T/fat12.img")"
	truncate -s 20M "$T/fat16.img"
	mk fat16 mkfs.vfat -F 16 -n FAT16LBL -i deadbeef "$T/fat16.img" &&
		fs_case vfat-fat16 "$T/fat16.img" 0 vfat DEAD-BEEF FAT16LBL &&
		corpus probe_fs vfat16.bin "$T/fat16.img" "$(fat_root_end "$T/fat16.img")"
	# FAT32's root directory starts after 1 MiB of FATs here, beyond the 128 KiB head: it is read
	# where it lies. The boot sector's copy of the label is changed afterwards, so only a probe that
	# reads the directory (as blkid does) gives the set label.
	truncate -s 64M "$T/fat32.img"
	mk fat32 mkfs.vfat -F 32 -s 1 -n 'FAT32 VOL' -i 00c0ffee "$T/fat32.img" &&
		printf 'BOOT COPY  ' | dd of="$T/fat32.img" bs=1 seek=$((0x47)) conv=notrunc status=none &&
		fs_case vfat-fat32-far-root-dir "$T/fat32.img" 0 vfat 00C0-FFEE 'FAT32 VOL' &&
		corpus probe_fs vfat32.bin "$T/fat32.img" 1024
	# FAT16 with 32 KiB FATs on 512-byte clusters: its fixed root directory starts past 128 KiB.
	truncate -s 256M "$T/fat16big.img"
	mk fat16-big mkfs.vfat -F 16 -s 16 -n 'FAR LABEL' -i 13572468 "$T/fat16big.img" &&
		printf 'BOOT COPY  ' | dd of="$T/fat16big.img" bs=1 seek=$((0x2B)) conv=notrunc status=none &&
		[ "$(fat_root_end "$T/fat16big.img")" -gt $((128 * 1024)) ] &&
		fs_case vfat-fat16-far-root-dir "$T/fat16big.img" 0 vfat 1357-2468 'FAR LABEL'
	truncate -s 20M "$T/fatnl.img"
	mk fat-nolabel mkfs.vfat -F 16 -i 89abcdef "$T/fatnl.img" &&
		fs_case vfat-no-label "$T/fatnl.img" 0 vfat 89AB-CDEF ''
	truncate -s 64M "$T/fat32nl.img"
	mk fat32-nolabel mkfs.vfat -F 32 -s 1 -i 01234567 "$T/fat32nl.img" &&
		fs_case vfat-fat32-no-label "$T/fat32nl.img" 0 vfat 0123-4567 ''
fi

# ---- f2fs, erofs, squashfs, iso9660 -------------------------------------------------------------
if have f2fs mkfs.f2fs truncate; then
	truncate -s 64M "$T/f2fs.img"
	mk f2fs mkfs.f2fs -q -f -l 'f2fs läbel ☃' -U $U4 "$T/f2fs.img" &&
		fs_case f2fs "$T/f2fs.img" 0 f2fs $U4 'f2fs läbel ☃' &&
		corpus probe_fs f2fs.bin "$T/f2fs.img" 4096
fi
if have erofs mkfs.erofs; then
	# erofs-utils 1.5 (Debian 12) has no -L: the label stays empty.
	mk erofs mkfs.erofs -T0 -U $U1 "$T/erofs.img" "$T/tree" &&
		fs_case erofs "$T/erofs.img" 0 erofs $U1 '' &&
		corpus probe_fs erofs.bin "$T/erofs.img" 4096
fi
if have squashfs mksquashfs; then
	mk squashfs mksquashfs "$T/tree" "$T/sq.img" -noappend -quiet -no-progress -mkfs-time 0 -all-time 0 &&
		fs_case squashfs "$T/sq.img" 0 squashfs '' '' &&
		corpus probe_fs squashfs.bin "$T/sq.img" 512
fi
if have iso9660 xorriso; then
	mk iso9660 xorriso -as mkisofs -quiet -V ISO_LABEL --modification-date=2024010203040506 \
		-o "$T/plain.iso" "$T/tree" &&
		fs_case iso9660 "$T/plain.iso" 0 iso9660 2024-01-02-03-04-05-06 ISO_LABEL
	# Joliet keeps 16 UTF-16 characters; the primary descriptor's 32 bytes complete the label.
	mk iso9660-joliet xorriso -as mkisofs -quiet -J -V 'Joliet Label Longer Than 16' \
		--modification-date=2023123123595999 -o "$T/joliet.iso" "$T/tree" &&
		fs_case iso9660-joliet "$T/joliet.iso" 0 iso9660 2023-12-31-23-59-59-99 'Joliet Label Longer Than 16' &&
		corpus probe_fs iso9660.bin "$T/joliet.iso" $((0x8000 + 4 * 2048))
fi

# ---- partition tables, and filesystems inside partitions --------------------------------------
if have gpt sfdisk partx blkid truncate; then
	truncate -s 64M "$T/gpt.img"
	# Slot 3 is deleted afterwards: partition numbers are slots, with a gap.
	mk gpt sfdisk -q "$T/gpt.img" <<-EOF &&
		label: gpt
		label-id: $U4
		start=2048, size=4096, type=uefi, name="EFI system", uuid=$U1
		start=8192, size=16384, type=linux, name="root fs", uuid=$U2
		start=24576, size=2048, type=linux, name="to be deleted"
		start=26624, size=4096, type=linux, name="Ünïcode ☃ ok", uuid=$U3
	EOF
		mk gpt-delete sfdisk -q --delete "$T/gpt.img" 3 &&
		pt_case gpt "$T/gpt.img" gpt $U4 "1|$U1|EFI system" "2|$U2|root fs" "4|$U3|Ünïcode ☃ ok" &&
		corpus probe_parts gpt.bin "$T/gpt.img" $((2 * 512 + 128 * 128))
	if have ext4-in-gpt mkfs.ext4; then
		mk ext4-in-gpt mkfs.ext4 -q -F -E offset=$((8192 * 512)) -L inpart -U $U3 "$T/gpt.img" 8M &&
			fs_case ext4-at-offset "$T/gpt.img" $((8192 * 512)) ext4 $U3 inpart &&
			pt_case gpt-after-mkfs "$T/gpt.img" gpt $U4 "1|$U1|EFI system" "2|$U2|root fs" "4|$U3|Ünïcode ☃ ok"
	fi
	# Damage the primary header, the entry array, or drop the header behind a protective MBR: the
	# kernel (find_valid_gpt) and blkid read the backup header in the last sector, and so does
	# probe_parts.
	want_parts=("1|$U1|EFI system" "2|$U2|root fs" "4|$U3|Ünïcode ☃ ok")
	cp "$T/gpt.img" "$T/gpt-hdr.img" && printf '\x5a' | dd of="$T/gpt-hdr.img" bs=1 seek=$((512 + 60)) conv=notrunc status=none &&
		pt_case gpt-bad-header-crc-backup "$T/gpt-hdr.img" gpt $U4 "${want_parts[@]}"
	cp "$T/gpt.img" "$T/gpt-ent.img" && printf '\x5a' | dd of="$T/gpt-ent.img" bs=1 seek=$((1024 + 56)) conv=notrunc status=none &&
		pt_case gpt-bad-entries-crc-backup "$T/gpt-ent.img" gpt $U4 "${want_parts[@]}"
	cp "$T/gpt.img" "$T/gpt-none.img" && dd if=/dev/zero of="$T/gpt-none.img" bs=512 seek=1 count=1 conv=notrunc status=none &&
		pt_case pmbr-backup-only "$T/gpt-none.img" gpt $U4 "${want_parts[@]}"
	# Both headers gone: a protective MBR without a table.
	cp "$T/gpt-none.img" "$T/gpt-neither.img" &&
		dd if=/dev/zero of="$T/gpt-neither.img" bs=512 seek=$(($(stat -c %s "$T/gpt.img") / 512 - 1)) count=1 conv=notrunc status=none &&
		expect_error pmbr-without-any-gpt "$T/gpt-neither.img" PTERROR=EINVAL 3
	# Told the wrong sector size, the table at LBA 1 of 4096-byte sectors is not there.
	expect_error gpt-wrong-sector-size "$T/gpt.img" PTERROR=EINVAL 3 --sector-size 4096

	truncate -s 64M "$T/dos.img"
	# Slot 2 is deleted afterwards; slot 3 is an extended partition holding logical partition 5
	# (its EBR at 24 MiB, far beyond the head). The container is listed as blkid lists it.
	mk dos sfdisk -q "$T/dos.img" <<-EOF &&
		label: dos
		label-id: 0x1234abcd
		start=2048, size=40960, type=c
		start=43008, size=4096, type=83
		start=47104, size=16384, type=5
		start=49152, size=8192, type=83
	EOF
		mk dos-delete sfdisk -q --delete "$T/dos.img" 2 &&
		pt_case dos "$T/dos.img" dos 1234abcd "1|1234abcd-01|" "3|1234abcd-03|" "5|1234abcd-05|" &&
		corpus probe_parts dos.bin "$T/dos.img" 512
	if have vfat-in-dos mkfs.vfat; then
		mk vfat-in-dos mkfs.vfat -F 16 --offset 2048 -n INPART -i 0badcafe "$T/dos.img" $((40960 / 2)) &&
			fs_case vfat-at-offset "$T/dos.img" $((2048 * 512)) vfat 0BAD-CAFE INPART &&
			pt_case dos-after-mkfs "$T/dos.img" dos 1234abcd "1|1234abcd-01|" "3|1234abcd-03|" "5|1234abcd-05|"
	fi
	# A chain of logical partitions in an extended partition in slot 1 (type 0x0f), with a
	# primary after it: logical ones are numbered from 5 in chain order, whatever the slot of
	# their container.
	truncate -s 200M "$T/logical.img"
	mk dos-logical sfdisk -q "$T/logical.img" <<-EOF &&
		label: dos
		label-id: 0xdeadbeef
		start=2048, size=300000, type=f
		start=2049, size=100000, type=83
		start=104448, size=50000, type=83
		start=159744, size=100000, type=82
		start=302048, size=40000, type=83
	EOF
		pt_case dos-logical-chain "$T/logical.img" dos deadbeef "1|deadbeef-01|" "2|deadbeef-02|" \
			"5|deadbeef-05|" "6|deadbeef-06|" "7|deadbeef-07|" &&
		corpus probe_parts dos-logical.bin "$T/logical.img" 512
	# A GPT whose entry array was moved to LBA 4096 (2 MiB, far beyond the head): the header
	# points there, with the CRCs redone, as blkid and the kernel read it.
	truncate -s 64M "$T/gptfar.img"
	mk gpt-far sfdisk -q "$T/gptfar.img" <<-EOF &&
		label: gpt
		label-id: $U1
		first-lba: 8192
		start=8192, size=4096, type=linux, name="far one", uuid=$U2
		start=12288, size=4096, type=linux, name="far two", uuid=$U3
	EOF
		mk gpt-move python3 - "$T/gptfar.img" <<-'EOF' &&
			import struct, sys, zlib
			f = open(sys.argv[1], 'r+b')
			f.seek(512); h = bytearray(f.read(512))
			n, esz = struct.unpack_from('<II', h, 80)
			lba = struct.unpack_from('<Q', h, 72)[0]
			f.seek(lba * 512); arr = f.read(n * esz)
			f.seek(lba * 512); f.write(bytes(n * esz))
			f.seek(4096 * 512); f.write(arr)
			struct.pack_into('<Q', h, 72, 4096)
			hsz = struct.unpack_from('<I', h, 12)[0]
			struct.pack_into('<I', h, 16, 0)
			struct.pack_into('<I', h, 16, zlib.crc32(bytes(h[:hsz])))
			f.seek(512); f.write(h)
		EOF
		pt_case gpt-entries-at-lba-4096 "$T/gptfar.img" gpt $U1 "1|$U2|far one" "2|$U3|far two"
fi

# ---- nothing at all ------------------------------------------------------------------------------
truncate -s 1M "$T/zero.img"
expect_error zeroed-image "$T/zero.img" '' 1
if [ -z "$(blkid -p -o export "$T/zero.img" 2>/dev/null)" ]; then ok; else bad "zeroed-image: blkid found something"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
