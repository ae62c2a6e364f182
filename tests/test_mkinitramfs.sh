#!/bin/bash
# SPDX-License-Identifier: MIT
# Tests initramfs/earlymount-mkinitramfs against Debian's real kernel modules (scripts/fetch-kernel)
# and against a second tree made here from a few of them, compressed with xz, zstd and gzip.
#
#   tests/test_mkinitramfs.sh [EARLYMOUNT_BINARY]
#
# Without an argument the binary is build/earlymount, else /bin/busybox (any static ELF will do:
# the builder only copies it). Exits 77 (skipped) when a tool or the kernel cannot be had.
# Checks are often 'eval'-ed single-quoted conditions, expanded when run:
# shellcheck disable=SC2016
set -u
export LC_ALL=C

repo=$(cd "$(dirname "$0")/.." && pwd)
mk=$repo/initramfs/earlymount-mkinitramfs

skip() { echo "test_mkinitramfs: skipped: $*"; exit 77; }
# shellcheck source=t.sh
. "$repo/tests/t.sh"

# ---- prerequisites ---------------------------------------------------------------------------
if [ $# -ge 1 ]; then
	bin=$1
	[ -f "$bin" ] || { echo "FAIL: $bin: the earlymount binary is not built (build the 'earlymount' target first)" >&2
		echo "0 passed, 1 failed"; exit 1; }
elif [ -f "$repo/build/earlymount" ]; then
	bin=$repo/build/earlymount
else
	bin=/bin/busybox
	echo "test_mkinitramfs: no build/earlymount: using $bin as a stand-in static binary"
fi
for t in cpio modprobe depmod gzip xz zstd lz4 readelf cmp od awk sed; do
	command -v "$t" >/dev/null || skip "$t not found (run scripts/deps)"
done
[ -x /bin/busybox ] || skip "/bin/busybox not found (install busybox-static: scripts/deps)"

kinfo=$("$repo/scripts/fetch-kernel") || skip "scripts/fetch-kernel could not provide the Debian kernel"
KVER=$(sed -n 's/^KVER=//p' <<<"$kinfo")
MODDIR=$(sed -n 's/^MODDIR=//p' <<<"$kinfo")
if [ -z "$KVER" ] || [ ! -f "$MODDIR/modules.dep.bin" ]; then
	skip "scripts/fetch-kernel printed no usable MODDIR"
fi

W=$(mktemp -d "${TMPDIR:-/tmp}/test_mkinitramfs.XXXXXX")
trap 'rm -rf "$W"' EXIT

# ---- helpers ---------------------------------------------------------------------------------
# build OUT ARGS...: runs the builder; stdout in OUT.out, stderr in OUT.err; returns its status.
# OUT is removed first (the builder replaces a file only with --force). The firmware and microcode
# directories are empty ones unless ARGS name others, so that the build host's /lib/firmware
# (intel-microcode, firmware-*) changes no image here.
mkdir -p "$W/nofw"
build() {
	local o=$1
	shift
	rm -f "$o"
	"$mk" -o "$o" --firmware-dir "$W/nofw" --microcode-dir "$W/nofw" "$@" >"$o.out" 2>"$o.err"
}

# decompress IMG METHOD: the cpio on stdout
decompress() {
	case $2 in
	gzip) gzip -dc "$1" ;;
	xz) xz -dc "$1" ;;
	zstd) zstd -q -dc "$1" ;;
	lz4) lz4 -q -dc "$1" ;;
	none) cat "$1" ;;
	esac
}

# unpack CPIO DIR: extracts everything but the device node (cpio as root would make it) and lists
# the archive in DIR.list (cpio -itv, numeric owners), keeping mtimes.
unpack() {
	mkdir -p "$2"
	(cd "$2" && cpio -idm --quiet --no-absolute-filenames --nonmatching 'dev/console' <"$1") &&
		cpio -itv --numeric-uid-gid --quiet <"$1" >"$2.list"
}

# newc CPIO: the archive's headers, parsed here rather than by cpio, one entry a line:
# "name mode(octal) uid gid nlink mtime size rdevmajor rdevminor ino", then "END <bytes>" after
# the trailer (or "BAD ..." where the format breaks).
newc() {
	local f=$1 off=0 total h ns fs name
	total=$(stat -c %s "$f")
	while [ "$off" -lt "$total" ]; do
		h=$(tail -c +$((off + 1)) "$f" | head -c 110)
		[ "${h:0:6}" = 070701 ] || { echo "BAD magic at $off"; return; }
		ns=$((16#${h:94:8})) fs=$((16#${h:54:8}))
		name=$(tail -c +$((off + 111)) "$f" | head -c $((ns - 1)))
		[ "$name" = 'TRAILER!!!' ] && { echo "END $((off + 110 + ns))"; return; }
		printf '%s %o %d %d %d %d %d %d %d %d\n' "$name" $((16#${h:14:8})) $((16#${h:22:8})) \
			$((16#${h:30:8})) $((16#${h:38:8})) $((16#${h:46:8})) "$fs" $((16#${h:78:8})) \
			$((16#${h:86:8})) $((16#${h:6:8}))
		off=$(((off + 110 + ns + 3) / 4 * 4))
		off=$(((off + fs + 3) / 4 * 4))
	done
	echo "BAD no trailer"
}

# pos LIST NAME: line number of NAME in LIST (0 when absent)
pos() { awk -v n="$2" '$0 == n { print NR; f = 1; exit } END { if (!f) print 0 }' "$1"; }

before() { # LIST A B: A is present and comes before B
	local a b
	a=$(pos "$1" "$2") b=$(pos "$1" "$3")
	[ "$a" -gt 0 ] && [ "$b" -gt 0 ] && [ "$a" -lt "$b" ]
}
has() { [ "$(pos "$1" "$2")" -gt 0 ]; }
# kmods DIR: the kernel names of the modules stored in the unpacked image DIR, sorted
kmods() {
	find "$1/lib/modules/$KVER" -name '*.ko' | sed 's#.*/##; s#\.ko$##; s#-#_#g' | sort
}

# Checks shared by every image with modules: DIR is the unpacked image.
check_module_set() { # DIR WHAT
	local d=$1 w=$2 mods=$1/etc/earlymount/modules dep=$1/lib/modules/$KVER/modules.dep
	local nko nmods ndep
	nko=$(find "$d/lib/modules/$KVER" -name '*.ko' | wc -l)
	nmods=$(wc -l <"$mods")
	ndep=$(wc -l <"$dep")
	check "$w: as many .ko files ($nko) as modules listed ($nmods) and modules.dep lines ($ndep)" \
		test "$nko" -eq "$nmods" -a "$nko" -eq "$ndep" -a "$nko" -gt 0
	check "$w: no compressed module in the image" \
		test -z "$(find "$d/lib/modules/$KVER" -name '*.ko.*')"
	check "$w: no module listed twice" test -z "$(sort "$mods" | uniq -d)"
	# Each line of modules.dep names a file in the image and its dependencies come earlier in the
	# load order; the module list holds kernel names (basename, '-' -> '_').
	check "$w: modules.dep and the load order agree" awk -v d="$d/lib/modules/$KVER" '
		function kname(p) { sub(/.*\//, "", p); sub(/\.ko$/, "", p); gsub(/-/, "_", p); return p }
		NR == FNR { at[$0] = FNR; next }
		{
			key = $1; sub(/:$/, "", key)
			if (key !~ /\.ko$/ || system("test -f \"" d "/" key "\"") != 0) { print "missing " key; bad = 1 }
			if (!(kname(key) in at)) { print "not in load order: " key; bad = 1 }
			for (i = 2; i <= NF; i++)
				if (!(kname($i) in at) || at[kname($i)] >= at[kname(key)]) { print key " before " $i; bad = 1 }
		}
		END { exit bad }' "$mods" "$dep"
	check "$w: every stored .ko is an ELF object" all_elf "$d/lib/modules/$KVER"
}
all_elf() { # DIR: every .ko under DIR starts with the ELF magic
	local f
	while IFS= read -r f; do
		[ "$(head -c4 "$f" | od -An -c | tr -d ' ')" = 177ELF ] || { echo "not ELF: $f" >&2; return 1; }
	done < <(find "$1" -name '*.ko')
}

# ---- 1. a full image, uncompressed, from the real tree ----------------------------------------
printf 'extra\n' >"$W/extra.txt"
SOURCE_DATE_EPOCH=1700000000 build "$W/a.cpio" --moddir "$MODDIR" --binary "$bin" --compress none \
	--module virtio_pci --module virtio_blk --module virtio_scsi --module sd_mod --fs ext4 --fs vfat --fs iso9660 \
	--cmdline "root=LABEL=r ro" \
	--add "$W/extra.txt:/etc/extra.txt"
rc=$?
check "full image: exit 0 ($(head -c 300 "$W/a.cpio.err"))" test $rc -eq 0
check "full image: summary names sizes, files and modules" \
	grep -Eq '[0-9]+ bytes \(none\), [0-9]+ bytes uncompressed; [0-9]+ files.* [0-9]+ modules' "$W/a.cpio.out"
check "full image: the output is a newc cpio" test "$(head -c6 "$W/a.cpio")" = 070701
unpack "$W/a.cpio" "$W/a"
A=$W/a L=$W/a.list
check "/init is a regular file, mode 0755, owner 0:0" grep -Eq '^-rwxr-xr-x +1 +0 +0 .* init$' "$L"
check "/init is the binary" cmp -s "$A/init" "$bin"
check "/dev/console is a char device 5,1, mode 0600, owner 0:0" \
	grep -Eq '^crw------- +1 +0 +0 +5, +1 .* dev/console$' "$L"
for d in dev proc sys run sysroot etc/earlymount "lib/modules/$KVER" tmp root; do
	check "/$d is a directory" grep -Eq "^drwxr-xr-x +[0-9]+ +0 +0 .* $d\$" "$L"
done
check "every entry is owned by 0:0" test -z "$(awk '$3 != 0 || $4 != 0' "$L")"
check "entries are sorted" cmp -s <(awk '{ print $NF }' "$L") <(awk '{ print $NF }' "$L" | sort)
check "mtime of a file is SOURCE_DATE_EPOCH" test "$(stat -c %Y "$A/init")" = 1700000000
newc "$W/a.cpio" >"$W/a.newc"
check "newc headers: all parsed up to the trailer" eval 'tail -n1 "$W/a.newc" | grep -q "^END " && ! grep -q "^BAD" "$W/a.newc"'
check "newc headers: as many entries as cpio lists" test "$(grep -vc '^END' "$W/a.newc")" -eq "$(wc -l <"$L")"
check "newc headers: every mtime is SOURCE_DATE_EPOCH" test -z "$(awk '$1 != "END" && $6 != 1700000000' "$W/a.newc")"
check "newc headers: every uid and gid is 0" test -z "$(awk '$1 != "END" && ($3 != 0 || $4 != 0)' "$W/a.newc")"
check "newc headers: inode numbers are unique" test -z "$(awk '$1 != "END" { print $10 }' "$W/a.newc" | sort | uniq -d)"
check "newc headers: dev/console is 020600, rdev 5:1" grep -qx 'dev/console 20600 0 0 1 1700000000 0 5 1 [0-9]*' "$W/a.newc"
check "newc headers: /init is 0100755" grep -q '^init 100755 0 0 1 1700000000 ' "$W/a.newc"
check "newc headers: the archive ends after the trailer, on a 4-byte boundary" \
	test "$(( ($(awk '$1 == "END" { print $2 }' "$W/a.newc") + 3) / 4 * 4))" -eq "$(stat -c %s "$W/a.cpio")"
check "/etc/earlymount/cmdline holds --cmdline" test "$(cat "$A/etc/earlymount/cmdline")" = "root=LABEL=r ro"
check "--add: /etc/extra.txt added, mode 0644" \
	eval 'cmp -s "$A/etc/extra.txt" "$W/extra.txt" && grep -Eq "^-rw-r--r-- .* etc/extra.txt$" "$L"'
M=$A/etc/earlymount/modules
check_module_set "$A" "full image"
for m in jbd2 mbcache crc16; do
	check "ext4: $m loads before ext4" before "$M" "$m" ext4
done
check "ext4: its softdep crc32c is in, before ext4 (crc32c_generic)" before "$M" crc32c_generic ext4
check "ext4: crc32c_intel (alias crypto-crc32c) is in, before ext4" before "$M" crc32c_intel ext4
check "vfat: fat before vfat" before "$M" fat vfat
check "vfat: codepage nls_cp437 (CONFIG_FAT_DEFAULT_CODEPAGE)" has "$M" nls_cp437
check "vfat: iocharset nls_ascii (CONFIG_FAT_DEFAULT_IOCHARSET)" has "$M" nls_ascii
check "iso9660: isofs, after cdrom" before "$M" cdrom isofs
for m in virtio_pci virtio_blk virtio_scsi sd_mod; do check "--module $m: in the load order" has "$M" "$m"; done
check "virtio: virtio_ring before virtio before virtio_blk" \
	eval 'before "$M" virtio_ring virtio && before "$M" virtio virtio_blk'
check "kernel names use '_' (crc_t10dif, t10_pi)" eval 'has "$M" crc_t10dif && has "$M" t10_pi'
check "ext4.ko stored at its path, identical to the tree's" \
	cmp -s "$A/lib/modules/$KVER/kernel/fs/ext4/ext4.ko" "$MODDIR/kernel/fs/ext4/ext4.ko"
check "modules.builtin copied as is" cmp -s "$A/lib/modules/$KVER/modules.builtin" "$MODDIR/modules.builtin"
# modules.dep: the original lines for the modules in the image, in the original order, with the
# dependency lists filtered but not reordered.
check "modules.dep is the original cut down to the image" cmp -s "$A/lib/modules/$KVER/modules.dep" \
	<(awk 'NR == FNR { k[$1] = 1; next } ($1 in k) { l = $1; for (i = 2; i <= NF; i++) if (($i ":") in k) l = l " " $i; print l }' \
		"$A/lib/modules/$KVER/modules.dep" "$MODDIR/modules.dep")
check "modules.dep: ext4 line" grep -qx 'kernel/fs/ext4/ext4.ko: kernel/lib/crc16.ko kernel/fs/mbcache.ko kernel/fs/jbd2/jbd2.ko' \
	"$A/lib/modules/$KVER/modules.dep"
check "modules.dep is much smaller than the tree's" test "$(wc -l <"$A/lib/modules/$KVER/modules.dep")" -lt 100

# ---- 2. reproducible --------------------------------------------------------------------------
common=(--moddir "$MODDIR" --binary "$bin" --preset virtio --fs ext4 --busybox --cmdline x)
build "$W/r1" "${common[@]}"
rc=$?
check "reproducible: first build" test $rc -eq 0
touch "$W/extra.txt" # a fresh mtime on an input must not matter
(umask 077 && TMPDIR=$W build "$W/r2" "${common[@]}")
rc=$?
check "reproducible: second build (other umask and TMPDIR)" test $rc -eq 0
check "reproducible: gzip images byte-identical" cmp -s "$W/r1" "$W/r2"

# ---- 3. compressors --------------------------------------------------------------------------
for c in none gzip xz zstd lz4; do
	build "$W/c.$c" --moddir "$MODDIR" --binary "$bin" --module ext4 --compress "$c"
	rc=$?
	check "--compress $c: exit 0" test $rc -eq 0
	build "$W/c2.$c" --moddir "$MODDIR" --binary "$bin" --module ext4 --compress "$c"
	check "--compress $c: reproducible" cmp -s "$W/c.$c" "$W/c2.$c"
	decompress "$W/c.$c" "$c" >"$W/c.$c.cpio"
	check "--compress $c: decompresses to the uncompressed image" cmp -s "$W/c.$c.cpio" "$W/c.none"
	check "--compress $c: lists /init and ext4.ko" eval \
		'cpio -it --quiet <"$W/c.$c.cpio" | grep -qx init && cpio -it --quiet <"$W/c.$c.cpio" | grep -qx "lib/modules/$KVER/kernel/fs/ext4/ext4.ko"'
done
magic() { head -c "$2" "$1" | od -An -tx1 | tr -d ' \n'; }
check "gzip: magic, no name or timestamp stored (gzip -n)" test "$(magic "$W/c.gzip" 8)" = 1f8b080000000000
check "xz: the check is CRC32 (the kernel has no CRC64)" eval 'xz --robot -lv "$W/c.xz" | grep -q "^stream.*CRC32"'
xzdict=$(xz -lvv "$W/c.xz" | sed -n 's/.*--lzma2=dict=\([0-9]*\)MiB.*/\1/p' | head -n1)
check "xz: dictionary ${xzdict:-?} MiB: the image fits, and no larger than needed (the kernel allocates it)" \
	test -n "$xzdict" -a $((${xzdict:-0} << 20)) -ge "$(stat -c %s "$W/c.none")" -a $((${xzdict:-0} << 19)) -lt "$(stat -c %s "$W/c.none")"
check "zstd: magic" test "$(magic "$W/c.zstd" 4)" = 28b52ffd
check "lz4: legacy frame magic (lz4 -l)" test "$(magic "$W/c.lz4" 4)" = 02214c18

# fake_tree ROOT PATH=HOW...: a modules tree ROOT/lib/modules/$KVER made of real modules of
# $MODDIR at the same PATH, each stored as HOW says (xz, zst or none), with the real tree's lists
# of built-ins; the caller runs depmod (after any change of its own).
fake_tree() {
	local m=$1/lib/modules/$KVER spec f
	shift
	mkdir -p "$m"
	cp "$MODDIR/modules.builtin" "$MODDIR/modules.builtin.modinfo" "$MODDIR/modules.order" "$m/"
	for spec; do
		f=${spec%=*}
		mkdir -p "$m/$(dirname "$f")"
		case ${spec##*=} in
		xz) xz --check=crc32 -c "$MODDIR/$f" >"$m/$f.xz" ;;
		zst) zstd -q -c "$MODDIR/$f" >"$m/$f.zst" ;;
		none) cp "$MODDIR/$f" "$m/$f" ;;
		*) echo "fake_tree: $spec: xz, zst or none" >&2; return 1 ;;
		esac
	done
}

# ---- 4. a compressed tree: .ko.xz, .ko.zst, .ko.gz and .ko ------------------------------------
# Real modules of the ext4 closure, compressed, indexed by depmod. Debian's kmod is built without
# zlib, so its depmod ignores .ko.gz files: crc16 is indexed as a plain .ko under a path of the
# same length and the indexes are then edited to name the .ko.gz, which is what a zlib-enabled
# depmod writes.
C=$W/ctree CM=$W/ctree/lib/modules/$KVER
mkdir -p "$W/ctree/boot"
fake_tree "$C" kernel/fs/ext4/ext4.ko=xz kernel/fs/jbd2/jbd2.ko=zst kernel/fs/mbcache.ko=none \
	kernel/crypto/crc32c_generic.ko=xz kernel/arch/x86/crypto/crc32c-intel.ko=zst
mkdir -p "$CM/kernel/gzzzz"
cp "$MODDIR/kernel/lib/crc16.ko" "$CM/kernel/gzzzz/crc16.ko"
depmod -b "$C" "$KVER" 2>"$W/depmod.err"
rc=$?
check "ctree: depmod -b ($(head -c 200 "$W/depmod.err"))" test $rc -eq 0
sed -i 's#kernel/gzzzz/crc16\.ko#kernel/gz/crc16.ko.gz#g' "$CM/modules.dep" "$CM/modules.dep.bin"
mkdir -p "$CM/kernel/gz"
gzip -n -c "$CM/kernel/gzzzz/crc16.ko" >"$CM/kernel/gz/crc16.ko.gz"
rm -r "$CM/kernel/gzzzz"
mkdir -p "$W/kr/lib/modules" "$W/kr/etc"
ln -s "$CM" "$W/kr/lib/modules/$KVER"
modprobe -C "$W/kr/etc" -d "$W/kr" -S "$KVER" --show-depends --ignore-install ext4 >"$W/ctree.dep" 2>&1
check "ctree: kmod resolves ext4 to .ko.xz, .ko.zst, .ko.gz and .ko files" eval \
	'grep -q "ext4.ko.xz" "$W/ctree.dep" && grep -q "jbd2.ko.zst" "$W/ctree.dep" && grep -q "crc16.ko.gz" "$W/ctree.dep" && grep -q "mbcache.ko " "$W/ctree.dep"'
# A kernel config that can only unpack gzip: --compress xz must warn.
printf 'CONFIG_BLK_DEV_INITRD=y\nCONFIG_RD_GZIP=y\n# CONFIG_RD_XZ is not set\n' >"$W/ctree/boot/config-$KVER"

build "$W/d.cpio" --moddir "$CM" --binary "$bin" --module ext4 --compress none
rc=$?
check "ctree: exit 0 ($(head -c 300 "$W/d.cpio.err"))" test $rc -eq 0
check "ctree: --kver defaults to the basename of --moddir" grep -q "lib/modules/$KVER/kernel/fs/ext4/ext4.ko" \
	<(cpio -it --quiet <"$W/d.cpio")
unpack "$W/d.cpio" "$W/d"
D=$W/d/lib/modules/$KVER
check_module_set "$W/d" "ctree"
for f in kernel/fs/ext4/ext4.ko kernel/fs/jbd2/jbd2.ko kernel/fs/mbcache.ko kernel/crypto/crc32c_generic.ko \
	kernel/arch/x86/crypto/crc32c-intel.ko; do
	check "ctree: $f stored decompressed, identical to the original" cmp -s "$D/$f" "$MODDIR/$f"
done
check "ctree: crc16.ko.gz stored as kernel/gz/crc16.ko, identical to the original" \
	cmp -s "$D/kernel/gz/crc16.ko" "$MODDIR/kernel/lib/crc16.ko"
check "ctree: modules.dep names the .ko files" grep -qx \
	'kernel/fs/ext4/ext4.ko: kernel/gz/crc16.ko kernel/fs/mbcache.ko kernel/fs/jbd2/jbd2.ko' "$D/modules.dep"
check "ctree: softdep crc32c before ext4, jbd2 before ext4" eval \
	'before "$W/d/etc/earlymount/modules" crc32c_generic ext4 && before "$W/d/etc/earlymount/modules" jbd2 ext4'
check "ctree: no warning with gzip-less config and --compress none" test ! -s "$W/d.cpio.err"
build "$W/e.xz" --moddir "$CM" --binary "$bin" --module ext4 --compress xz
rc=$?
check "ctree: --compress xz still builds" test $rc -eq 0
check "ctree: --compress xz warns that CONFIG_RD_XZ is not set" grep -q "CONFIG_RD_XZ is not set" "$W/e.xz.err"
build "$W/e.gz" --moddir "$CM" --binary "$bin" --module ext4 --compress gzip
check "ctree: --compress gzip gives no warning (CONFIG_RD_GZIP=y)" test ! -s "$W/e.gz.err"
# The default compressor: gzip, but lz4 for --generic where the kernel unpacks lz4 (the unpack of
# a generic image's 40+ MiB is in every boot's time, and lz4's is half of gzip's).
build "$W/e.def" --moddir "$CM" --binary "$bin" --module ext4
check "ctree: no --compress: gzip" test "$(magic "$W/e.def" 2)" = 1f8b
# Merged /usr (Debian 12's new installs, Debian 13): the tree is usr/lib/modules/KVER and lib a link
# to usr/lib. The config in the root's boot/ is found by either path; "../../../boot" from the
# link's path would walk to usr/boot, and vfat's character set (CONFIG_FAT_DEFAULT_IOCHARSET) would
# be guessed. Seen here as the warning CONFIG_RD_XZ draws.
MU=$W/mutree
mkdir -p "$MU/usr/lib/modules" "$MU/boot"
ln -s usr/lib "$MU/lib"
cp -a "$CM" "$MU/usr/lib/modules/$KVER"
printf 'CONFIG_RD_GZIP=y\n# CONFIG_RD_XZ is not set\n' >"$MU/boot/config-$KVER"
for via in lib usr/lib; do
	build "$W/mu.xz" --moddir "$MU/$via/modules/$KVER" --binary "$bin" --module ext4 --compress xz
	check "merged /usr, --moddir ROOT/$via/modules/KVER: the config in ROOT/boot is read" \
		grep -q "CONFIG_RD_XZ is not set in $MU/boot/config-$KVER" "$W/mu.xz.err"
done

# --generic on a small tree of its own (a storage driver, a filesystem), gzip-only config first
GT=$W/gtree GM=$W/gtree/lib/modules/$KVER
mkdir -p "$GT/boot"
fake_tree "$GT" kernel/drivers/block/virtio_blk.ko=none kernel/drivers/virtio/virtio.ko=none \
	kernel/drivers/virtio/virtio_ring.ko=none kernel/fs/mbcache.ko=none
depmod -b "$GT" "$KVER" 2>"$W/gdepmod.err"
printf 'CONFIG_BLK_DEV_INITRD=y\nCONFIG_RD_GZIP=y\n# CONFIG_RD_LZ4 is not set\n' >"$GT/boot/config-$KVER"
build "$W/e.gen" --moddir "$GM" --binary "$bin" --generic
rc=$?
check "gtree: --generic, no --compress, CONFIG_RD_LZ4 unset: exit 0 ($(head -c 300 "$W/e.gen.err"))" test $rc -eq 0
check "gtree: --generic, no --compress, CONFIG_RD_LZ4 unset: gzip, no warning" \
	eval 'test "$(magic "$W/e.gen" 2)" = 1f8b && test ! -s "$W/e.gen.err"'
printf 'CONFIG_BLK_DEV_INITRD=y\nCONFIG_RD_GZIP=y\nCONFIG_RD_LZ4=y\n' >"$GT/boot/config-$KVER"
build "$W/e.gen4" --moddir "$GM" --binary "$bin" --generic
check "gtree: --generic, no --compress, CONFIG_RD_LZ4=y: lz4 (legacy frame)" test "$(magic "$W/e.gen4" 4)" = 02214c18
check "gtree: --generic: the summary names lz4" grep -q ' bytes (lz4), ' "$W/e.gen4.out"
check "gtree: --generic: the lz4 image holds virtio_blk" eval \
	'lz4 -q -dc "$W/e.gen4" | cpio -it --quiet | grep -qx "lib/modules/$KVER/kernel/drivers/block/virtio_blk.ko"'
build "$W/e.gen5" --moddir "$GM" --binary "$bin" --generic --compress gzip
check "gtree: --generic --compress gzip: gzip" test "$(magic "$W/e.gen5" 2)" = 1f8b

# ---- 5. built-in modules, presets, aliases ----------------------------------------------------
build "$W/b.cpio" --moddir "$MODDIR" --binary "$bin" --module nls_base --fs tmpfs --compress none
rc=$?
check "built-in module and tmpfs: exit 0 ($(head -c 200 "$W/b.cpio.err"))" test $rc -eq 0
check "built-in module and tmpfs: no message" test ! -s "$W/b.cpio.err"
unpack "$W/b.cpio" "$W/b"
check "built-in module: nothing listed, no .ko" eval \
	'test ! -s "$W/b/etc/earlymount/modules" && test -z "$(find "$W/b" -name "*.ko")"'
check "built-in module: modules.builtin still copied" test -f "$W/b/lib/modules/$KVER/modules.builtin"
# A preset's drivers are matched at boot, not loaded up front: in the image with their aliases,
# and not in the list.
for p in nvme:nvme ahci:ahci usb:xhci_pci usb:ehci_pci usb:usb_storage usb:uas; do
	build "$W/p.cpio" --moddir "$MODDIR" --binary "$bin" --preset "${p%:*}" --compress none
	rm -rf "$W/p" && unpack "$W/p.cpio" "$W/p"
	check "--preset ${p%:*}: ${p#*:} in the image" eval 'kmods "$W/p" | grep -qx "${p#*:}"'
	check "--preset ${p%:*}: ${p#*:} has its aliases in the image" \
		eval 'awk -v m="${p#*:}" '"'"'$1 == "alias" && $3 == m { f = 1 } END { exit !f }'"'"' "$W/p/lib/modules/$KVER/modules.alias"'
	check "--preset ${p%:*}: ${p#*:} not in the load order (matched, not forced)" \
		eval '! has "$W/p/etc/earlymount/modules" "${p#*:}"'
done
build "$W/p.cpio" --moddir "$MODDIR" --binary "$bin" --preset virtio --module nvme --compress none
rm -rf "$W/p" && unpack "$W/p.cpio" "$W/p"
check "--preset virtio --module nvme: nvme (named) in the load order" has "$W/p/etc/earlymount/modules" nvme
check "--preset virtio --module nvme: virtio_blk (preset) not in it" eval '! has "$W/p/etc/earlymount/modules" virtio_blk'
build "$W/al.cpio" --moddir "$MODDIR" --binary "$bin" --module crypto-crc32c --fs ext3 --compress none
rm -rf "$W/p" && unpack "$W/al.cpio" "$W/p"
check "alias crypto-crc32c and --fs ext3 (fs-ext3 -> ext4) resolve" eval \
	'has "$W/p/etc/earlymount/modules" crc32c_generic && has "$W/p/etc/earlymount/modules" ext4'

# ---- 6. busybox and --init-script -------------------------------------------------------------
printf '#!/bin/sh\nexec /bin/earlymount "$@"\n' >"$W/init.sh"
build "$W/s.cpio" --moddir "$MODDIR" --binary "$bin" --busybox --init-script "$W/init.sh" --compress none -v
rc=$?
check "--busybox --init-script: exit 0 ($(head -c 300 "$W/s.cpio.err"))" test $rc -eq 0
unpack "$W/s.cpio" "$W/s"
check "--init-script: /init is the script, mode 0755" \
	eval 'cmp -s "$W/s/init" "$W/init.sh" && grep -Eq "^-rwxr-xr-x .* init$" "$W/s.list"'
check "--init-script: earlymount is /bin/earlymount, mode 0755" \
	eval 'cmp -s "$W/s/bin/earlymount" "$bin" && grep -Eq "^-rwxr-xr-x .* bin/earlymount$" "$W/s.list"'
check "--busybox: /bin/busybox is Debian's static busybox" cmp -s "$W/s/bin/busybox" /bin/busybox
check "--busybox: /bin/sh -> busybox" test "$(readlink "$W/s/bin/sh")" = busybox
napplets=$(/bin/busybox --list | grep -vcx busybox)
check "--busybox: one /bin symlink per applet ($napplets)" \
	test "$(find "$W/s/bin" -type l -lname busybox | wc -l)" -eq "$napplets"
check "-v lists the entries" eval 'grep -q " /init$" "$W/s.cpio.out" && grep -q " /bin/sh -> busybox$" "$W/s.cpio.out" && grep -q "^c 0600 *5,1 /dev/console$" "$W/s.cpio.out"'
build "$W/q.cpio" --moddir "$MODDIR" --binary "$bin" --compress none
check "without -v: one summary line only" test "$(wc -l <"$W/q.cpio.out")" -eq 1

# ---- 6b. --generic ------------------------------------------------------------------------------
G=$W/g GK=$W/g/lib/modules/$KVER
SOURCE_DATE_EPOCH=1700000000 build "$W/g.cpio" --moddir "$MODDIR" --binary "$bin" --compress none --generic -v
rc=$?
check "--generic: exit 0 ($(head -c 300 "$W/g.cpio.err"))" test $rc -eq 0
check "--generic: no warning" test ! -s "$W/g.cpio.err"
unpack "$W/g.cpio" "$G"
kmods "$G" >"$W/g.mods"
for m in nvme virtio_blk virtio_scsi virtio_pci ahci ata_piix usb_storage uas xhci_pci ehci_pci sd_mod sr_mod \
	mmc_block sdhci_pci hv_storvsc vmw_pvscsi mptsas megaraid_sas vmd ext4 xfs btrfs vfat f2fs erofs \
	squashfs isofs overlay 9p 9pnet_virtio loop nls_cp437 nls_ascii; do
	check "--generic: $m in the image" grep -qx "$m" "$W/g.mods"
done
# dependencies and softdeps come along (kmod's closure)
for m in nvme_core libahci libata scsi_mod usbcore virtio virtio_ring jbd2 crc32c_generic; do
	check "--generic: dependency $m in the image" grep -qx "$m" "$W/g.mods"
done
check "--generic: no md or dm module (they need userspace assembly)" \
	test -z "$(find "$GK/kernel/drivers/md" -name '*.ko' 2>/dev/null)"
for m in dm_mod md_mod raid1 dm_crypt st ch ses sg floppy virtio_balloon xen_blkback scsi_debug null_blk nbd zram \
	nvme_tcp nvmet_tcp iscsi_tcp bfa qla1280 aic94xx; do
	check "--generic: $m left out" eval '! grep -qx "$m" "$W/g.mods"'
done
check "--generic: the drivers that need firmware the image lacks are named (-v)" \
	grep -q "^earlymount-mkinitramfs: --generic: left out bfa: needs the firmware .*cbfw" "$W/g.cpio.out"
check "--generic: firmware-less fallback keeps qla2xxx" grep -qx qla2xxx "$W/g.mods"
check "--generic: -v names why st is left out" grep -q "^earlymount-mkinitramfs: --generic: left out st: .*tape" "$W/g.cpio.out"
check "--generic: nothing loaded up front (/etc/earlymount/modules empty)" \
	eval 'test -f "$G/etc/earlymount/modules" && test ! -s "$G/etc/earlymount/modules"'
check "--generic: modules.dep has one line per stored module" \
	test "$(wc -l <"$GK/modules.dep")" -eq "$(wc -l <"$W/g.mods")"
check "--generic: modules.dep is the original cut down to the image" cmp -s "$GK/modules.dep" \
	<(awk 'NR == FNR { k[$1] = 1; next } ($1 in k) { l = $1; for (i = 2; i <= NF; i++) if (($i ":") in k) l = l " " $i; print l }' \
		"$GK/modules.dep" "$MODDIR/modules.dep")
# modules.alias: exactly the tree's lines of the modules in the image, in the tree's order
check "--generic: every alias line names a module in the image" \
	test -z "$(awk 'NR == FNR { k[$0] = 1; next } $1 == "alias" && !($3 in k)' "$W/g.mods" "$GK/modules.alias")"
check "--generic: modules.alias holds the tree's lines of the image's modules, no other" cmp -s <(LC_ALL=C sort "$GK/modules.alias") \
	<(awk 'NR == FNR { k[$0] = 1; next } /^#/ || ($1 == "alias" && ($3 in k))' "$W/g.mods" "$MODDIR/modules.alias" | LC_ALL=C sort)
# sorted for earlymount's lookup index (src/modalias.c): by the literal part of the pattern
# (before the first *, ? or [, - as _), bytewise; comments first; lines with the same part in
# the tree's order
lit() { # FILE: each alias line's literal part
	awk '!/^#/ { p = $2; i = match(p, /[*?[]/); if (i) p = substr(p, 1, i - 1); gsub(/-/, "_", p); print p }' "$1"
}
with_part() { # PART FILE [MODS]: FILE's alias lines with that literal part, in file order (with MODS, only its modules')
	local all=1 mods=/dev/null
	[ $# -lt 3 ] || { all=0 mods=$3; }
	awk -v want="$1" -v all="$all" 'FILENAME == ARGV[1] { keep[$0] = 1; next }
		$1 == "alias" && (all || ($3 in keep)) {
			p = $2; i = match(p, /[*?[]/); if (i) p = substr(p, 1, i - 1); gsub(/-/, "_", p); if (p == want) print
		}' "$mods" "$2"
}
comments_first() { # FILE: no comment line after the first alias line
	awk '/^#/ && seen { bad = 1 } !/^#/ { seen = 1 } END { exit bad }' "$1"
}
check "--generic: modules.alias sorted by the patterns' literal parts" eval 'lit "$GK/modules.alias" | LC_ALL=C sort -c'
check "--generic: modules.alias: comments first" comments_first "$GK/modules.alias"
check "--generic: several alias lines share the literal part pci:v (the next test means something)" \
	test "$(with_part pci:v "$GK/modules.alias" | wc -l)" -gt 1
check "--generic: modules.alias: lines with the same literal part in the tree's order" \
	test "$(with_part pci:v "$GK/modules.alias")" = "$(with_part pci:v "$MODDIR/modules.alias" "$W/g.mods")"
check "--generic: modules.alias has only alias lines and comments" \
	test -z "$(grep -v -e '^alias [^ ]* [^ ]*$' -e '^#' "$GK/modules.alias")"
for a in 'fs-ext4 ext4' 'fs-xfs xfs' 'pci:v*d*sv*sd*bc01sc08i02* nvme' 'virtio:d00000002v* virtio_blk' \
	'scsi:t-0x00* sd_mod' 'pci:v*d*sv*sd*bc0Csc03i30* xhci_pci'; do
	check "--generic: alias $a" grep -qxF "alias $a" "$GK/modules.alias"
done
check "--generic: no alias of a module left out (st)" eval '! grep -q " st$" "$GK/modules.alias"'
check "--generic: modules.softdep: only softdep lines of modules in the image" \
	test -z "$(awk 'NR == FNR { k[$0] = 1; next } !/^#/ && !($1 == "softdep" && ($2 in k))' "$W/g.mods" "$GK/modules.softdep")"
check "--generic: modules.softdep keeps ext4's crc32c" grep -qx 'softdep ext4 pre: crypto-crc32c' "$GK/modules.softdep"
check "--generic: modules.softdep: vfat's character sets, which FAT requests while mounting" \
	grep -qx 'softdep vfat pre: nls_cp437 nls_ascii' "$GK/modules.softdep"
check "--generic: modules.softdep drops the lines of modules not in the image (cifs)" \
	eval '! grep -q "^softdep cifs" "$GK/modules.softdep"'
# -v: one line per group, and the groups add up to the image's modules and their bytes
for g in "block-storage drivers and their buses" "USB host controllers" filesystems loop dependencies; do
	check "--generic -v: the group '$g'" grep -Eq "^earlymount-mkinitramfs: --generic: $g: [1-9][0-9]* modules?, [1-9][0-9]* bytes$" "$W/g.cpio.out"
done
gsum=$(sed -n 's/^earlymount-mkinitramfs: --generic: [^:]*: \([0-9]*\) modules\{0,1\}, \([0-9]*\) bytes$/\1 \2/p' "$W/g.cpio.out" |
	awk '{ n += $1; b += $2 } END { print n, b }')
check "--generic -v: the groups' modules and bytes add up to the image's ($gsum)" test "$gsum" = \
	"$(wc -l <"$W/g.mods") $(find "$GK" -name '*.ko' -printf '%s\n' | awk '{ b += $1 } END { print b }')"
check "--generic -v: loop is 1 module" grep -Eq '^earlymount-mkinitramfs: --generic: loop: 1 module, ' "$W/g.cpio.out"
check "--generic: the summary counts the modules" \
	grep -q " $(wc -l <"$W/g.mods") modules\$" <(grep -v '^[dflc] ' "$W/g.cpio.out" | tail -n 1)

# reproducible, from another TMPDIR and umask
(umask 077 && TMPDIR=$W SOURCE_DATE_EPOCH=1700000000 build "$W/g2.cpio" --moddir "$MODDIR" --binary "$bin" --compress none --generic)
rc=$?
check "--generic: second build (other umask and TMPDIR)" test $rc -eq 0
check "--generic: byte-identical" cmp -s "$W/g.cpio" "$W/g2.cpio"
rm -f "$W/g2.cpio"

# with --preset, --module and --fs: the module is loaded up front, the preset matched, --fs on demand
build "$W/gp.cpio" --moddir "$MODDIR" --binary "$bin" --compress none --generic --preset nvme --module dm_mod \
	--fs exfat
rc=$?
check "--generic --preset: exit 0 ($(head -c 300 "$W/gp.cpio.err"))" test $rc -eq 0
rm -rf "$W/gp" && unpack "$W/gp.cpio" "$W/gp"
GPM=$W/gp/etc/earlymount/modules
check "--generic --module dm_mod: in the list and the image" has "$GPM" dm_mod
for m in nvme nvme_core virtio_blk ahci usb_storage sd_mod ext4 exfat loop; do
	check "--generic --preset: $m (generic, not asked for) is not in the list" eval '! has "$GPM" $m'
done
check "--generic --fs exfat: in the image, not in the list (loaded on demand)" \
	eval 'test -f "$W/gp/lib/modules/$KVER/kernel/fs/exfat/exfat.ko" && ! has "$GPM" exfat'
check "--generic --fs exfat: its character set as a softdep" \
	grep -qx 'softdep exfat pre: nls_utf8' "$W/gp/lib/modules/$KVER/modules.softdep"
check "--generic --preset: the generic set is there too" eval 'kmods "$W/gp" | grep -qx virtio_blk'
check "--generic --preset: the list's modules are in modules.dep" \
	test "$(grep -c -e '/nvme.ko:' -e '/nvme-core.ko:' -e '/dm-mod.ko:' "$W/gp/lib/modules/$KVER/modules.dep")" -eq 3

# Without --generic: the aliases and softdeps of the modules put in, nothing else.
AK=$W/a/lib/modules/$KVER
kmods "$W/a" >"$W/a.mods"
check "host-only: modules.alias holds the tree's lines of the image's modules, no other" cmp -s <(LC_ALL=C sort "$AK/modules.alias") \
	<(awk 'NR == FNR { k[$0] = 1; next } /^#/ || ($1 == "alias" && ($3 in k))' "$W/a.mods" "$MODDIR/modules.alias" | LC_ALL=C sort)
check "host-only: modules.alias sorted by the patterns' literal parts" eval 'lit "$AK/modules.alias" | LC_ALL=C sort -c'
check "host-only: virtio_blk's alias, no nvme alias" \
	eval 'grep -qxF "alias virtio:d00000002v* virtio_blk" "$AK/modules.alias" && ! grep -q " nvme$" "$AK/modules.alias"'
check "host-only: modules.softdep keeps ext4's line, vfat's character sets" \
	eval 'grep -qx "softdep ext4 pre: crypto-crc32c" "$AK/modules.softdep" && grep -qx "softdep vfat pre: nls_cp437 nls_ascii" "$AK/modules.softdep"'
check "host-only: modules.softdep: only lines of modules in the image" \
	test -z "$(awk 'NR == FNR { k[$0] = 1; next } !/^#/ && !($1 == "softdep" && ($2 in k))' "$W/a.mods" "$AK/modules.softdep")"
check "host-only: the list is unchanged: every stored module is in it" \
	cmp -s "$W/a.mods" <(sort "$A/etc/earlymount/modules")

# --generic on a compressed tree: the block-function test reads .ko.xz/.ko.zst modules outside the
# storage directories (mptsas, found; mptctl and dummy, not block drivers), the storage
# directories are taken whole (virtio_blk), st is left out by name.
# bfa (with scsi_transport_fc) needs three firmware files: left out without them (below, with
# them in a firmware dir it is in, and so is its firmware).
X=$W/xtree XM=$W/xtree/lib/modules/$KVER
fake_tree "$X" kernel/drivers/block/virtio_blk.ko=zst kernel/drivers/virtio/virtio.ko=xz \
	kernel/drivers/virtio/virtio_ring.ko=none kernel/drivers/message/fusion/mptsas.ko=xz \
	kernel/drivers/message/fusion/mptscsih.ko=zst kernel/drivers/message/fusion/mptbase.ko=xz \
	kernel/drivers/message/fusion/mptctl.ko=xz kernel/drivers/scsi/scsi_transport_sas.ko=none \
	kernel/drivers/scsi/scsi_mod.ko=xz kernel/drivers/scsi/scsi_common.ko=none kernel/drivers/scsi/st.ko=xz \
	kernel/drivers/net/dummy.ko=zst kernel/fs/ext4/ext4.ko=xz kernel/fs/jbd2/jbd2.ko=none \
	kernel/fs/mbcache.ko=none kernel/lib/crc16.ko=none kernel/crypto/crc32c_generic.ko=xz \
	kernel/drivers/scsi/bfa/bfa.ko=zst kernel/drivers/scsi/scsi_transport_fc.ko=xz
depmod -b "$X" "$KVER" 2>"$W/xdepmod.err"
rc=$?
check "xtree: depmod -b ($(head -c 200 "$W/xdepmod.err"))" test $rc -eq 0
build "$W/x.cpio" --moddir "$XM" --binary "$bin" --compress none --generic -v
rc=$?
check "xtree --generic: exit 0 ($(head -c 300 "$W/x.cpio.err"))" test $rc -eq 0
rm -rf "$W/x" && unpack "$W/x.cpio" "$W/x"
kmods "$W/x" >"$W/x.mods"
check "xtree --generic: the image is exactly the drivers, the filesystem and their closure ($(tr '\n' ' ' <"$W/x.mods"))" \
	test "$(tr '\n' ' ' <"$W/x.mods")" = "crc16 crc32c_generic ext4 jbd2 mbcache mptbase mptsas mptscsih scsi_common scsi_mod scsi_transport_sas virtio virtio_blk virtio_ring "
check "xtree --generic: the modules are stored decompressed, identical" \
	cmp -s "$W/x/lib/modules/$KVER/kernel/drivers/message/fusion/mptsas.ko" "$MODDIR/kernel/drivers/message/fusion/mptsas.ko"
check "xtree --generic: storage 2 modules (mptsas, virtio_blk), filesystems 1 (ext4)" eval \
	'grep -Eq "^earlymount-mkinitramfs: --generic: block-storage drivers and their buses: 2 modules, " "$W/x.cpio.out" &&
	 grep -Eq "^earlymount-mkinitramfs: --generic: filesystems: 1 module, " "$W/x.cpio.out"'
check "xtree --generic: no USB host controller in this tree: 0 modules" \
	grep -q "^earlymount-mkinitramfs: --generic: USB host controllers: 0 modules, 0 bytes$" "$W/x.cpio.out"
check "xtree --generic: modules.alias names mptsas's PCI ids" \
	grep -q "^alias pci:v00001000d00000054sv\*sd\*bc\*sc\*i\* mptsas$" "$W/x/lib/modules/$KVER/modules.alias"

check "xtree --generic: bfa is left out: its firmware is not in the (empty) firmware dir" eval \
	'! grep -qx bfa "$W/x.mods" && grep -q "^earlymount-mkinitramfs: --generic: left out bfa: needs the firmware cbfw-3.2.5.1.bin ct2fw-3.2.5.1.bin ctfw-3.2.5.1.bin which is not in $W/nofw$" "$W/x.cpio.out"'
check "xtree --generic: no firmware in the image" test ! -e "$W/x/lib/firmware"
# With all three files in the firmware dir (one only as .xz, one as .zst, which the kernel's loader
# also reads), bfa is in, with its dependency, and its firmware is stored decompressed.
mkdir -p "$W/bfafw"
printf 'cbfw' >"$W/bfafw/cbfw-3.2.5.1.bin"
printf 'ctfw' | xz --check=crc32 -c >"$W/bfafw/ctfw-3.2.5.1.bin.xz"
printf 'ct2fw' | zstd -q -c >"$W/bfafw/ct2fw-3.2.5.1.bin.zst"
build "$W/xf.cpio" --moddir "$XM" --binary "$bin" --compress none --generic -v --firmware-dir "$W/bfafw"
rc=$?
check "xtree --generic with bfa's firmware: exit 0, no warning ($(head -c 300 "$W/xf.cpio.err"))" \
	test $rc -eq 0 -a ! -s "$W/xf.cpio.err"
rm -rf "$W/xf" && unpack "$W/xf.cpio" "$W/xf"
kmods "$W/xf" >"$W/xf.mods"
check "xtree --generic with bfa's firmware: bfa and scsi_transport_fc are in" \
	eval 'grep -qx bfa "$W/xf.mods" && grep -qx scsi_transport_fc "$W/xf.mods"'
check "xtree --generic with bfa's firmware: the three files, decompressed, at /lib/firmware/NAME, mode 0644" eval \
	'test "$(cat "$W/xf/lib/firmware/cbfw-3.2.5.1.bin" "$W/xf/lib/firmware/ctfw-3.2.5.1.bin" "$W/xf/lib/firmware/ct2fw-3.2.5.1.bin")" = cbfwctfwct2fw &&
	 grep -Eq "^-rw-r--r-- .* lib/firmware/ctfw-3.2.5.1.bin$" "$W/xf.list" && test -z "$(find "$W/xf/lib/firmware" -name "*.xz" -o -name "*.zst")"'
check "xtree --generic with bfa's firmware: -v counts the firmware (3 files, 13 bytes, 1 module)" \
	grep -q "^earlymount-mkinitramfs: firmware: 3 files, 13 bytes, for 1 module, from $W/bfafw$" "$W/xf.cpio.out"
check "xtree --generic with bfa's firmware: the summary counts it" grep -q ', 3 firmware files$' "$W/xf.cpio.out"

# ---- 6c. firmware of the modules asked for ------------------------------------------------------
# crc16, with firmware names added to its .modinfo (as MODULE_FIRMWARE() puts them) and stored as
# .ko.xz in a tree of its own: the firmware dir has one in a subdirectory, one only as .xz, one in
# updates/ and at the top (updates/ wins, as in the kernel's fw_path[]), and one not at all.
F=$W/ftree FM=$W/ftree/lib/modules/$KVER
fake_tree "$F" kernel/fs/mbcache.ko=none
mkdir -p "$FM/kernel/lib"
objcopy -O binary --only-section=.modinfo "$MODDIR/kernel/lib/crc16.ko" "$W/crc16.modinfo"
printf 'firmware=emtest/plain.bin\0firmware=emtest-xz.bin\0firmware=emtest-upd.bin\0firmware=emtest-missing.bin\0' \
	>>"$W/crc16.modinfo"
objcopy --update-section .modinfo="$W/crc16.modinfo" "$MODDIR/kernel/lib/crc16.ko" "$W/crc16.ko"
xz --check=crc32 -c "$W/crc16.ko" >"$FM/kernel/lib/crc16.ko.xz"
depmod -b "$F" "$KVER" 2>"$W/fdepmod.err"
rc=$?
check "ftree: depmod -b ($(head -c 200 "$W/fdepmod.err"))" test $rc -eq 0
check "ftree: modinfo reads the added firmware names" \
	test "$(modinfo -F firmware "$W/crc16.ko" | tr '\n' ' ')" = "emtest/plain.bin emtest-xz.bin emtest-upd.bin emtest-missing.bin "
mkdir -p "$W/fw/emtest" "$W/fw/updates"
printf 'plain' >"$W/fw/emtest/plain.bin"
printf 'from xz' | xz --check=crc32 -c >"$W/fw/emtest-xz.bin.xz"
printf 'old' >"$W/fw/emtest-upd.bin"
printf 'updated' >"$W/fw/updates/emtest-upd.bin"
build "$W/f.cpio" --moddir "$FM" --binary "$bin" --compress none --module crc16 --module mbcache --firmware-dir "$W/fw" -v
rc=$?
check "firmware: exit 0 ($(head -c 300 "$W/f.cpio.err"))" test $rc -eq 0
rm -rf "$W/f" && unpack "$W/f.cpio" "$W/f"
check "firmware: a file in a subdirectory, as is" test "$(cat "$W/f/lib/firmware/emtest/plain.bin")" = plain
check "firmware: one found as NAME.xz, stored decompressed as NAME" \
	eval 'test "$(cat "$W/f/lib/firmware/emtest-xz.bin")" = "from xz" && test ! -e "$W/f/lib/firmware/emtest-xz.bin.xz"'
check "firmware: updates/ before the top directory (the kernel's order)" \
	test "$(cat "$W/f/lib/firmware/emtest-upd.bin")" = updated
check "firmware: nothing else under /lib/firmware" \
	test "$(cd "$W/f/lib/firmware" && find . -type f | sort | tr '\n' ' ')" = "./emtest-upd.bin ./emtest-xz.bin ./emtest/plain.bin "
check "firmware: the missing one is a warning naming the module and the file" \
	grep -qx "earlymount-mkinitramfs: warning: module crc16: firmware emtest-missing.bin not found in $W/fw (nor as emtest-missing.bin.zst or emtest-missing.bin.xz): the driver may fail to start" "$W/f.cpio.err"
check "firmware: one warning only (mbcache declares none)" test "$(wc -l <"$W/f.cpio.err")" -eq 1
check "firmware: -v counts 3 files, 19 bytes, 1 module, 1 missing" \
	grep -qx "earlymount-mkinitramfs: firmware: 3 files, 19 bytes, for 1 module, from $W/fw; 1 missing" "$W/f.cpio.out"
build "$W/f3.cpio" --moddir "$FM" --binary "$bin" --compress none --module crc16 --module mbcache --firmware-dir "$W/fw"
check "firmware: reproducible" cmp -s "$W/f.cpio" "$W/f3.cpio"
build "$W/f4.cpio" --moddir "$FM" --binary "$bin" --compress none --module mbcache --firmware-dir "$W/fw"
check "firmware: a module that declares none brings none, no warning" \
	eval 'test ! -s "$W/f4.cpio.err" && ! cpio -it --quiet <"$W/f4.cpio" | grep -q "^lib/firmware"'

# ---- 7. errors: exit 1 (a failure) or 2 (a usage error), a message, no output, nothing left --
# expect_status STATUS NAME MESSAGE ARGS...: in an empty directory holding an old image that must
# survive, also when it is the output and --force is given.
expect_status() {
	local want=$1 name=$2 msg=$3 rc
	shift 3
	rm -rf "$W/err" && mkdir "$W/err"
	printf 'old\n' >"$W/err/old.img"
	"$mk" -o "$W/err/new.img" "$@" >"$W/err.out" 2>"$W/err.msg"
	rc=$?
	check "error $name: exit $want (got $rc)" test "$rc" -eq "$want"
	check "error $name: message '$msg' (got: $(head -c 200 "$W/err.msg"))" \
		grep -q "^earlymount-mkinitramfs: .*$msg" "$W/err.msg"
	check "error $name: no output and no temporary file left" test "$(ls -A "$W/err")" = old.img
	"$mk" --force -o "$W/err/old.img" "$@" >/dev/null 2>&1
	check "error $name: an existing image is left untouched, even with --force" test "$(cat "$W/err/old.img")" = old
}
expect_error() { expect_status 1 "$@"; }
expect_usage() { expect_status 64 "$@"; }
printf 'not an ELF\n' >"$W/text"
printf 'echo no interpreter line\n' >"$W/noshebang.sh"
base=(--moddir "$MODDIR" --binary "$bin")
expect_error "unknown module" "module em_no_such_module: not found in $MODDIR" "${base[@]}" --module em_no_such_module
expect_error "unknown module among good ones" "module em_no_such_module: not found in" "${base[@]}" --fs ext4 --module em_no_such_module
expect_error "unknown filesystem" "filesystem em_nofs: no module" "${base[@]}" --fs em_nofs
expect_error "missing kernel tree" "$W/none/lib/modules/9.9: no such directory" \
	--moddir "$W/none/lib/modules/9.9" --binary "$bin" --module ext4
expect_error "tree without modules.dep" "no modules.dep index" --moddir "$W" --binary "$bin" --module ext4
expect_usage "unknown compressor" "bzip9: unknown compressor" "${base[@]}" --compress bzip9
expect_error "missing binary" "$W/nobin: earlymount binary missing" --moddir "$MODDIR" --binary "$W/nobin"
expect_error "dynamic binary" "/bin/ls: dynamically linked" --moddir "$MODDIR" --binary /bin/ls
expect_error "non-ELF binary" "not an ELF" --moddir "$MODDIR" --binary "$W/text"
expect_usage "unknown preset" "unknown preset" "${base[@]}" --preset floppy
expect_error "init script without its interpreter" "interpreter /bin/sh is not in the image" \
	"${base[@]}" --init-script "$W/init.sh"
expect_error "init script without #!" "no #! line" "${base[@]}" --busybox --init-script "$W/noshebang.sh"
expect_error "--add over /init" "/init: already in the image" "${base[@]}" --add "$W/extra.txt:/init"
expect_error "--add missing source" "no such readable file" "${base[@]}" --add "$W/nofile:/etc/x"
expect_error "output is a directory" "is a directory" "${base[@]}" -o "$W"
expect_usage "unknown option" "--frobnicate: unknown option" "${base[@]}" --frobnicate
expect_error "--generic, tree without storage drivers" "--generic: no block-storage driver under $CM/kernel/drivers" \
	--moddir "$CM" --binary "$bin" --generic
mkdir -p "$W/noalias/lib/modules/$KVER"
cp "$CM/modules.dep" "$CM/modules.dep.bin" "$W/noalias/lib/modules/$KVER/"
expect_error "--generic, tree without modules.alias" "no modules.alias: --generic needs the tree's aliases" \
	--moddir "$W/noalias/lib/modules/$KVER" --binary "$bin" --generic
expect_usage "missing argument" "--kver: missing argument" "${base[@]}" --kver
expect_usage "missing argument of --list" "--list: missing argument" --list
expect_usage "bad module name" "module: '-x': not a module name" "${base[@]}" --module=-x
expect_usage "bad --kver" "--kver a/b: not a kernel version" "${base[@]}" --kver a/b
expect_usage "bad --arch" "--arch x/y: not an architecture name" "${base[@]}" --arch x/y
expect_usage "--add without DEST" "--add $W/extra.txt: expected SRC:DEST" "${base[@]}" --add "$W/extra.txt"
expect_usage "--add to a relative path" "not a plain absolute path" "${base[@]}" --add "$W/extra.txt:/etc/../x"
expect_usage "two-line --cmdline" "--cmdline: the command line must be one line" "${base[@]}" --cmdline $'a\nb'
SOURCE_DATE_EPOCH=yesterday expect_usage "bad SOURCE_DATE_EPOCH" "SOURCE_DATE_EPOCH=yesterday: not a number" "${base[@]}"
expect_usage "--list with -o" "--list $W/c.gzip: only lists an image; -o builds one" --list "$W/c.gzip"
expect_error "missing --firmware-dir" "$W/nodir: no such directory (--firmware-dir)" "${base[@]}" --firmware-dir "$W/nodir"
expect_error "missing --microcode-dir" "$W/nodir: no such directory (--microcode-dir)" "${base[@]}" --microcode-dir "$W/nodir"

# ---- 7b. --resume: resume= stored ahead of --cmdline's line -----------------------------------------
expect_usage "--resume with a blank" "--resume 'LABEL=my swap': a blank or a quote in a device name" "${base[@]}" --resume 'LABEL=my swap'
expect_usage "--resume empty" "--resume '': an empty value" "${base[@]}" --resume ''
build "$W/r1.img" "${base[@]}" --no-config --resume UUID=5ca1ab1e-0000-4000-8000-00000000cccc --cmdline 'rootwait=5 resume=/dev/vdc'
"$mk" --list "$W/r1.img" >"$W/r1.list" 2>&1
check "--resume DEVICE: resume= first, --cmdline's line after it (its resume= wins at boot)" \
	grep -qx "Command line (/etc/earlymount/cmdline): resume=UUID=5ca1ab1e-0000-4000-8000-00000000cccc rootwait=5 resume=/dev/vdc" "$W/r1.list"
build "$W/r2.img" "${base[@]}" --no-config --resume none
"$mk" --list "$W/r2.img" >"$W/r2.list" 2>&1
check "--resume none: nothing stored" grep -qx "Command line (/etc/earlymount/cmdline): none stored" "$W/r2.list"
mkdir -p "$W/rconf" && printf 'RESUME=PARTUUID=0fc63daf-8483\n' >"$W/rconf/earlymount.conf"
build "$W/r3.img" "${base[@]}" --confdir "$W/rconf"
"$mk" --list "$W/r3.img" >"$W/r3.list" 2>&1
check "RESUME= in earlymount.conf" grep -qx "Command line (/etc/earlymount/cmdline): resume=PARTUUID=0fc63daf-8483" "$W/r3.list"
printf 'RESUME="a b"\n' >"$W/rconf/earlymount.conf"
build "$W/r4.img" "${base[@]}" --confdir "$W/rconf"
check "RESUME= with a blank: a failure that names the file and line" \
	grep -q "^earlymount-mkinitramfs: $W/rconf/earlymount.conf:1: RESUME=a b: a blank or a quote" "$W/r4.img.err"
# --resume-offset: resume_offset= right after the resume= it belongs to; never without a device
build "$W/r7.img" "${base[@]}" --no-config --resume UUID=5ca1ab1e-0000-4000-8000-00000000eeee --resume-offset 34816 --cmdline quiet
"$mk" --list "$W/r7.img" >"$W/r7.list" 2>&1
check "--resume-offset: resume_offset= after resume=, ahead of --cmdline's line" \
	grep -qx "Command line (/etc/earlymount/cmdline): resume=UUID=5ca1ab1e-0000-4000-8000-00000000eeee resume_offset=34816 quiet" "$W/r7.list"
expect_usage "--resume-offset not a number" "--resume-offset '4k': not a number of pages (digits only)" "${base[@]}" --resume /dev/vdb --resume-offset 4k
expect_usage "--resume-offset without a device" "--resume-offset 8: only with --resume DEVICE, not with --resume auto" "${base[@]}" --resume auto --resume-offset 8
printf 'RESUME=LABEL=swapfs\nRESUME_OFFSET=2323\n' >"$W/rconf/earlymount.conf"
build "$W/r8.img" "${base[@]}" --confdir "$W/rconf"
"$mk" --list "$W/r8.img" >"$W/r8.list" 2>&1
check "RESUME_OFFSET= in earlymount.conf" grep -qx "Command line (/etc/earlymount/cmdline): resume=LABEL=swapfs resume_offset=2323" "$W/r8.list"
printf 'RESUME_OFFSET=2323\n' >"$W/rconf/earlymount.conf"
build "$W/r9.img" "${base[@]}" --confdir "$W/rconf"
check "RESUME_OFFSET= without RESUME=: a failure that names the file and line" \
	grep -qx "earlymount-mkinitramfs: $W/rconf/earlymount.conf:1: RESUME_OFFSET=2323: only with a resume device, not with --resume none" "$W/r9.img.err"
printf 'RESUME=/dev/vdb\nRESUME_OFFSET=0x10\n' >"$W/rconf/earlymount.conf"
build "$W/r10.img" "${base[@]}" --confdir "$W/rconf"
check "RESUME_OFFSET= not a number: a failure that names the file and line" \
	grep -qx "earlymount-mkinitramfs: $W/rconf/earlymount.conf:2: RESUME_OFFSET=0x10: not a number of pages (digits only)" "$W/r10.img.err"
# auto: initramfs-tools' pick (the largest swap partition) from a swap table given here: zram, a
# device-mapper device and a swap file are passed over; with root, a real swap (a read-only loop
# device under a name that is not loop*, which auto would pass over) is found by its UUID.
printf 'Filename\tType\tSize\tUsed\tPriority\n/dev/zram0 partition 900000 0 100\n/dev/dm-1 partition 800000 0 -2\n/swapfile file 700000 0 -3\n' >"$W/swaps"
EM_PROC_SWAPS=$W/swaps build "$W/r5.img" "${base[@]}" --no-config --resume auto
"$mk" --list "$W/r5.img" >"$W/r5.list" 2>&1
check "--resume auto, nothing to pick: nothing stored" grep -qx "Command line (/etc/earlymount/cmdline): none stored" "$W/r5.list"
check "--resume auto: says what it passed over" grep -qx "earlymount-mkinitramfs: --resume auto: passed over (gone at the next boot, or not brought up by an earlymount image): /dev/zram0 /dev/dm-1" "$W/r5.img.out"
check "--resume auto: says nothing was picked" grep -qx "earlymount-mkinitramfs: --resume auto: no swap partition to resume from: no resume device stored" "$W/r5.img.out"
if [ "$(id -u)" = 0 ] && command -v mkswap >/dev/null && command -v losetup >/dev/null && command -v blkid >/dev/null; then
	truncate -s 8M "$W/sw.img" && mkswap -q -U 5ca1ab1e-0000-4000-8000-00000000dddd "$W/sw.img" >/dev/null
	swl=$(losetup -f --show -r "$W/sw.img")
	swn=/dev/em-mkinitramfs-test-$$
	ln -s "$swl" "$swn"
	printf 'Filename\tType\tSize\tUsed\tPriority\n/dev/zram0 partition 900000 0 100\n%s partition 8188 0 -2\n/dev/em-none partition 10 0 -3\n' "$swn" >"$W/swaps"
	EM_PROC_SWAPS=$W/swaps build "$W/r6.img" "${base[@]}" --no-config --resume auto
	rm -f "$swn"
	losetup -d "$swl"
	"$mk" --list "$W/r6.img" >"$W/r6.list" 2>&1
	check "--resume auto: the largest swap partition by UUID" grep -qx "Command line (/etc/earlymount/cmdline): resume=UUID=5ca1ab1e-0000-4000-8000-00000000dddd" "$W/r6.list"
	check "--resume auto: says which" grep -qx "earlymount-mkinitramfs: --resume auto: resume=UUID=5ca1ab1e-0000-4000-8000-00000000dddd stored ($swn, the largest swap partition)" "$W/r6.img.out"
else
	echo "test_mkinitramfs: --resume auto with a real swap device: not tried (needs root, mkswap, losetup and blkid)"
fi

# ---- 8. an existing output: replaced only with --force --------------------------------------------
rm -rf "$W/fo" && mkdir "$W/fo"
printf 'old\n' >"$W/fo/i.img"
"$mk" -o "$W/fo/i.img" "${base[@]}" --microcode-dir "$W/nofw" >"$W/fo.out" 2>"$W/fo.err"
rc=$?
check "existing output without --force: exit 1 (got $rc)" test $rc -eq 1
check "existing output without --force: the message names the file and --force ($(head -c 200 "$W/fo.err"))" \
	grep -qx "earlymount-mkinitramfs: $W/fo/i.img: already exists; pass --force to replace it" "$W/fo.err"
check "existing output without --force: untouched, no temporary file" \
	eval 'test "$(cat "$W/fo/i.img")" = old && test "$(ls -A "$W/fo")" = i.img'
ln -s i.img "$W/fo/link.img"
"$mk" -o "$W/fo/link.img" "${base[@]}" --microcode-dir "$W/nofw" >/dev/null 2>"$W/fo.err"
rc=$?
check "existing symlink as output without --force: exit 1" test $rc -eq 1
"$mk" -o "$W/fo/i.img" --force "${base[@]}" --microcode-dir "$W/nofw" --compress none >"$W/fo.out" 2>"$W/fo.err"
rc=$?
check "existing output with --force: exit 0 ($(head -c 200 "$W/fo.err"))" test $rc -eq 0
check "existing output with --force: replaced by an image" test "$(head -c6 "$W/fo/i.img")" = 070701
"$mk" -f -o "$W/fo/i.img" "${base[@]}" --microcode-dir "$W/nofw" --compress none >/dev/null 2>&1
check "-f is --force" test $? -eq 0

# ---- 9. early microcode --------------------------------------------------------------------------
# A fake intel-microcode and amd64-microcode tree: every intel-ucode file but a .asc signature, and
# AMD's microcode_amd*.bin containers, joined in name order (dracut's early microcode).
U=$W/ucode
mkdir -p "$U/intel-ucode" "$U/amd-ucode"
printf 'INTEL-06-8e-09\n' >"$U/intel-ucode/06-8e-09"
printf 'INTEL-06-8e-0a\n' >"$U/intel-ucode/06-8e-0a"
printf 'INTEL-06-55-04.initramfs\n' >"$U/intel-ucode/06-55-04.initramfs"
printf 'signature\n' >"$U/intel-ucode/06-8e-0a.asc"
printf 'AMD-fam17h\n' >"$U/amd-ucode/microcode_amd_fam17h.bin"
printf 'AMD\n' >"$U/amd-ucode/microcode_amd.bin"
printf 'AMD-sig\n' >"$U/amd-ucode/microcode_amd.bin.asc"
printf 'read me\n' >"$U/amd-ucode/README"
intel_want=$(cat "$U/intel-ucode/06-55-04.initramfs" "$U/intel-ucode/06-8e-09" "$U/intel-ucode/06-8e-0a")
amd_want=$(cat "$U/amd-ucode/microcode_amd.bin" "$U/amd-ucode/microcode_amd_fam17h.bin")
mc=(--moddir "$MODDIR" --binary "$bin" --module ext4 --microcode-dir "$U")
build "$W/m.img" "${mc[@]}" -v --cmdline 'root=LABEL=mc'
rc=$?
check "microcode: exit 0 ($(head -c 300 "$W/m.img.err"))" test $rc -eq 0
check "microcode: the image starts with an uncompressed newc archive" test "$(head -c6 "$W/m.img")" = 070701
newc "$W/m.img" >"$W/m.newc"
check "microcode: the first archive: dracut's marker, the directories, the two files, in this order" \
	test "$(awk '$1 != "END" { print $1, $2 }' "$W/m.newc" | tr '\n' ' ')" = \
	"early_cpio 100644 kernel 40755 kernel/x86 40755 kernel/x86/microcode 40755 kernel/x86/microcode/AuthenticAMD.bin 100644 kernel/x86/microcode/GenuineIntel.bin 100644 "
check "microcode: cpio -t reads the first archive" test "$(cpio -it --quiet <"$W/m.img" | tr '\n' ' ')" = \
	"early_cpio kernel kernel/x86 kernel/x86/microcode kernel/x86/microcode/AuthenticAMD.bin kernel/x86/microcode/GenuineIntel.bin "
check "microcode: GenuineIntel.bin is the intel-ucode files joined in name order, no .asc" \
	test "$(cpio -i --quiet --to-stdout kernel/x86/microcode/GenuineIntel.bin <"$W/m.img")" = "$intel_want"
check "microcode: AuthenticAMD.bin is the microcode_amd*.bin files joined, no .asc, no README" \
	test "$(cpio -i --quiet --to-stdout kernel/x86/microcode/AuthenticAMD.bin <"$W/m.img")" = "$amd_want"
check "microcode: dracut's marker early_cpio holds 1" test "$(cpio -i --quiet --to-stdout early_cpio <"$W/m.img")" = 1
mend=$(awk '$1 == "END" { print ($2 + 3) - ($2 + 3) % 4 }' "$W/m.newc")
check "microcode: the root's archive follows on a 4-byte boundary, gzip (the kernel looks for its magic there)" \
	test "$(tail -c +$((mend + 1)) "$W/m.img" | head -c 2 | od -An -tx1 | tr -d ' ')" = 1f8b
tail -c +$((mend + 1)) "$W/m.img" | gzip -dc >"$W/m.main"
check "microcode: the second part lists /init and ext4.ko (what the kernel unpacks as the root)" eval \
	'cpio -it --quiet <"$W/m.main" | grep -qx init && cpio -it --quiet <"$W/m.main" | grep -qx "lib/modules/$KVER/kernel/fs/ext4/ext4.ko"'
check "microcode: the second part is the image built without microcode" \
	cmp -s "$W/m.main" <(build "$W/mn.img" "${mc[@]}" --cmdline 'root=LABEL=mc' --no-microcode && gzip -dc "$W/mn.img")
check "microcode: -v names the two files" eval \
	'grep -q "^earlymount-mkinitramfs: early microcode: GenuineIntel.bin, $(printf %s\\n "$intel_want" | wc -c) bytes, from 3 files of $U/intel-ucode$" "$W/m.img.out" &&
	 grep -q "^earlymount-mkinitramfs: early microcode: AuthenticAMD.bin, $(printf %s\\n "$amd_want" | wc -c) bytes, from 2 files of $U/amd-ucode$" "$W/m.img.out"'
check "microcode: the summary says so" grep -q "; early microcode archive first, $mend bytes uncompressed\$" "$W/m.img.out"
build "$W/m2.img" "${mc[@]}" -v --cmdline 'root=LABEL=mc'
check "microcode: reproducible" cmp -s "$W/m.img" "$W/m2.img"
build "$W/mnone.img" "${mc[@]}" --compress none
check "microcode with --compress none: two newc archives, the second from offset $mend" eval \
	'test "$(head -c6 "$W/mnone.img")" = 070701 && test "$(tail -c +$((mend + 1)) "$W/mnone.img" | cpio -it --quiet | head -n1)" = dev'
check "--no-microcode: no early archive (the image starts with gzip's magic)" \
	test "$(head -c2 "$W/mn.img" | od -An -tx1 | tr -d ' ')" = 1f8b
mkdir -p "$W/uconly/intel-ucode"
printf 'X' >"$W/uconly/intel-ucode/06-01-01"
build "$W/mi.img" "${mc[@]}" --microcode-dir "$W/uconly" --compress none
check "microcode: Intel only: no AuthenticAMD.bin" test "$(cpio -it --quiet <"$W/mi.img" | tr '\n' ' ')" = \
	"early_cpio kernel kernel/x86 kernel/x86/microcode kernel/x86/microcode/GenuineIntel.bin "
build "$W/me.img" "${mc[@]}" --microcode-dir "$W/nofw" --compress none
check "microcode: none in the directory: no early archive" test "$(head -c 4 "$W/me.img")$(cpio -it --quiet <"$W/me.img" | head -n1)" = 0707dev
# The architecture: a tiny tree whose kernel config says arm64, or x86-64; --arch overrides.
A64=$W/a64/lib/modules/9.9
mkdir -p "$A64" "$W/a64/boot"
: >"$A64/modules.dep"
printf 'CONFIG_ARM64=y\nCONFIG_RD_GZIP=y\n' >"$W/a64/boot/config-9.9"
build "$W/ma.img" --moddir "$A64" --binary "$bin" --microcode-dir "$U" -v
rc=$?
check "arm64 tree: exit 0 ($(head -c 200 "$W/ma.img.err"))" test $rc -eq 0
check "arm64 tree: no early microcode" test "$(head -c2 "$W/ma.img" | od -An -tx1 | tr -d ' ')" = 1f8b
check "arm64 tree: -v says why" grep -q "^earlymount-mkinitramfs: early microcode: none, the kernel is not x86: arm64 (CONFIG_ARM64 in " "$W/ma.img.out"
check "arm64 tree, x86-64 binary: a warning that the kernel cannot run it" \
	grep -q "^earlymount-mkinitramfs: warning: $bin is an x86_64 program and the kernel is arm64 (CONFIG_ARM64 in .*: it cannot run it\$" "$W/ma.img.err"
build "$W/ma2.img" "${mc[@]}" --arch arm64
check "--arch arm64 on the x86 tree: no microcode" test "$(head -c2 "$W/ma2.img" | od -An -tx1 | tr -d ' ')" = 1f8b
printf 'CONFIG_X86_64=y\nCONFIG_X86=y\nCONFIG_RD_GZIP=y\n# CONFIG_MICROCODE is not set\n' >"$W/a64/boot/config-9.9"
build "$W/mx.img" --moddir "$A64" --binary "$bin" --microcode-dir "$U"
check "x86 kernel without CONFIG_MICROCODE: no microcode, a warning" eval \
	'test "$(head -c2 "$W/mx.img" | od -An -tx1 | tr -d " ")" = 1f8b && grep -q "warning: no early microcode: CONFIG_MICROCODE is not set" "$W/mx.img.err"'
check "x86-64 tree, x86-64 binary: no architecture warning" eval '! grep -q "it cannot run it" "$W/mx.img.err"'
check "without -q: the summary line on stdout" grep -q "^earlymount-mkinitramfs: $W/mx.img: [0-9]* bytes (gzip)" "$W/mx.img.out"
# -q: nothing on stdout, the warnings still on stderr, the same image
build "$W/mq.img" --moddir "$A64" --binary "$bin" --microcode-dir "$U" -q
rc=$?
check "-q: exit 0, the image written ($(head -c 200 "$W/mq.img.err"))" eval 'test $rc -eq 0 && cmp -s "$W/mx.img" "$W/mq.img"'
check "-q: nothing on stdout ($(head -c 200 "$W/mq.img.out"))" test ! -s "$W/mq.img.out"
check "-q: the warning still on stderr" grep -q "warning: no early microcode: CONFIG_MICROCODE is not set" "$W/mq.img.err"
# The real tree has no config beside it in every layout: the ELF machine of a module decides.
build "$W/mc.img" --moddir "$CM" --binary "$bin" --microcode-dir "$U" --compress none
check "ctree (config without an architecture; its modules are x86-64): microcode" test "$(head -c6 "$W/mc.img")" = 070701

# ---- 10. --list ------------------------------------------------------------------------------------
# list_ok WHAT IMAGE COMPRESSOR: --list prints the image's parts, its command line and load order.
for c in none gzip xz zstd lz4; do
	"$mk" --list "$W/c.$c" >"$W/l.$c" 2>"$W/l.$c.err"
	rc=$?
	check "--list --compress $c: exit 0 ($(head -c 200 "$W/l.$c.err"))" test $rc -eq 0
	check "--list --compress $c: the format, by its magic" grep -q "^Archive: $c, bytes 0-" "$W/l.$c"
	check "--list --compress $c: no early archive" eval '! grep -q "^Early archive" "$W/l.$c"'
	check "--list --compress $c: the entries are the -v format" eval \
		'grep -Eq "^f 0755 +$(stat -c %s "$bin") /init$" "$W/l.$c" && grep -q "^c 0600        5,1 /dev/console$" "$W/l.$c" &&
		 grep -Eq "^d 0755 +- /lib/modules/$KVER$" "$W/l.$c"'
	check "--list --compress $c: the same entries as cpio -t" test "$(sed -n 's#^[dflc] [0-7]* *[-0-9,]* /##p' "$W/l.$c" | sort)" = \
		"$(cpio -it --quiet <"$W/c.$c.cpio" | sort)"
	check "--list --compress $c: ext4 and its load order" eval \
		'grep -q "^Modules loaded up front (/etc/earlymount/modules), in load order: 6$" "$W/l.$c" &&
		 grep -qx "    1 crc32c_intel" "$W/l.$c" && grep -qx "    6 ext4" "$W/l.$c"'
done
cp "$W/c.xz" "$W/xz-named.gz"
"$mk" --list "$W/xz-named.gz" >"$W/l.named" 2>&1
check "--list: the format comes from the magic, not the name (an xz image called .gz)" grep -q "^Archive: xz, " "$W/l.named"
"$mk" --list "$W/m.img" >"$W/l.m" 2>"$W/l.m.err"
rc=$?
check "--list, early microcode + gzip: exit 0 ($(head -c 200 "$W/l.m.err"))" test $rc -eq 0
check "--list, early microcode + gzip: the early archive, then the gzip one" eval \
	'grep -qx "Early archive: uncompressed, bytes 0-$((mend - 1)) (the kernel'"'"'s early microcode loader reads it)" "$W/l.m" &&
	 grep -q "^Archive: gzip, bytes $mend-" "$W/l.m"'
check "--list, early microcode: GenuineIntel.bin with its size" \
	grep -Eq "^f 0644 +$(printf %s\\n "$intel_want" | wc -c) /kernel/x86/microcode/GenuineIntel.bin$" "$W/l.m"
check "--list: the stored command line" grep -qx "Command line (/etc/earlymount/cmdline): root=LABEL=mc" "$W/l.m"
cpio -i --quiet --to-stdout etc/earlymount/modules <"$W/m.main" >"$W/m.order"
check "--list: the load order, numbered, as /etc/earlymount/modules holds it ($(wc -l <"$W/m.order") modules)" \
	test "$(sed -n '/^Modules loaded up front/,/^Modules loaded on demand/{//!p}' "$W/l.m")" = \
	"$(awk '{ printf "  %3d %s\n", NR, $0 }' "$W/m.order")"
"$mk" --list "$W/mnone.img" >"$W/l.mnone" 2>&1
check "--list, early microcode + none: both archives" eval \
	'grep -q "^Early archive: uncompressed, bytes 0-" "$W/l.mnone" && grep -q "^Archive: none, bytes $mend-" "$W/l.mnone" && grep -q " /init$" "$W/l.mnone"'
"$mk" --list "$W/g.cpio" >"$W/l.g" 2>&1
check "--list --generic: nothing up front, every module on demand, the count right" eval \
	'grep -qx "Modules loaded up front (/etc/earlymount/modules), in load order: 0" "$W/l.g" &&
	 grep -qx "Modules loaded on demand (by alias, or as a dependency): $(wc -l <"$W/g.mods")" "$W/l.g"'
"$mk" --list "$W/xf.cpio" >"$W/l.xf" 2>&1
check "--list: the firmware counted" grep -qx "Firmware (/lib/firmware): 3 files, 13 bytes" "$W/l.xf"
"$mk" --list "$W/text" >/dev/null 2>"$W/l.err"
rc=$?
check "--list of a text file: exit 1, says what it found" eval \
	'test $rc -eq 1 && grep -q "^earlymount-mkinitramfs: $W/text: offset 0: neither a cpio archive nor gzip, xz, zstd or lz4 data" "$W/l.err"'
"$mk" --list "$W/nonexistent.img" >/dev/null 2>"$W/l.err"
rc=$?
check "--list of a missing file: exit 1" eval 'test $rc -eq 1 && grep -q "nonexistent.img: no such file (--list)" "$W/l.err"'
head -c 3000 "$W/c.gzip" >"$W/cut.gz"
"$mk" --list "$W/cut.gz" >/dev/null 2>"$W/l.err"
check "--list of a truncated gzip image: exit 1" test $? -eq 1

# ---- 11. the default binary ---------------------------------------------------------------------
# Installed (no CMakeLists.txt of project(earlymount) beside it): earlymount-init beside the script,
# else in ../lib/earlymount (the install's layout), else the one on PATH, never a build/ directory.
mkdir -p "$W/inst/sbin" "$W/inst/build" "$W/path"
cp "$mk" "$W/inst/sbin/earlymount-mkinitramfs"
cp "$W/text" "$W/inst/build/earlymount-init" # a decoy: using it would fail (not an ELF)
cp "$bin" "$W/inst/sbin/earlymount-init"
"$W/inst/sbin/earlymount-mkinitramfs" -o "$W/inst.img" --moddir "$A64" --microcode-dir "$W/nofw" --compress none >/dev/null 2>"$W/inst.err"
rc=$?
check "installed: exit 0 ($(head -c 200 "$W/inst.err"))" test $rc -eq 0
check "installed: /init is the earlymount-init beside the script" \
	cmp -s "$bin" <(cpio -i --quiet --to-stdout init <"$W/inst.img")
rm "$W/inst/sbin/earlymount-init"
mkdir -p "$W/inst/lib/earlymount"
cp "$bin" "$W/inst/lib/earlymount/earlymount-init"
cp "$W/text" "$W/path/earlymount-init" # a decoy: the one in ../lib/earlymount comes first
PATH=$W/path:$PATH "$W/inst/sbin/earlymount-mkinitramfs" -o "$W/inst1.img" --moddir "$A64" --microcode-dir "$W/nofw" \
	--compress none >/dev/null 2>"$W/inst.err"
rc=$?
check "installed, earlymount-init in ../lib/earlymount: exit 0 ($(head -c 200 "$W/inst.err"))" test $rc -eq 0
check "installed: /init is ../lib/earlymount/earlymount-init" \
	cmp -s "$bin" <(cpio -i --quiet --to-stdout init <"$W/inst1.img")
rm "$W/inst/lib/earlymount/earlymount-init"
cp "$bin" "$W/path/earlymount-init"
PATH=$W/path:$PATH "$W/inst/sbin/earlymount-mkinitramfs" -o "$W/inst2.img" --moddir "$A64" --microcode-dir "$W/nofw" \
	--compress none >/dev/null 2>"$W/inst.err"
rc=$?
check "installed, earlymount-init on PATH: exit 0 ($(head -c 200 "$W/inst.err"))" test $rc -eq 0
rm "$W/path/earlymount-init"
PATH=$W/path:/usr/bin:/bin "$W/inst/sbin/earlymount-mkinitramfs" -o "$W/inst3.img" --moddir "$A64" --microcode-dir "$W/nofw" \
	>/dev/null 2>"$W/inst.err"
rc=$?
check "installed, no earlymount-init anywhere: exit 1, says so" eval \
	'test $rc -eq 1 && grep -q "^earlymount-mkinitramfs: earlymount-init: not found beside $W/inst/sbin/earlymount-mkinitramfs, in $W/inst/sbin/../lib/earlymount nor on PATH" "$W/inst.err"'

"$mk" --moddir "$MODDIR" >/dev/null 2>"$W/noout.err"
rc=$?
check "no -o: exit 64 (usage)" test $rc -eq 64
check "no -o: a message" grep -q "^earlymount-mkinitramfs: no output file" "$W/noout.err"
"$mk" --help >"$W/help.out" 2>&1
rc=$?
check "--help: exit 0" test $rc -eq 0
check "--help: usage" grep -q "^Usage: earlymount-mkinitramfs -o FILE" "$W/help.out"
check "--help: --generic" grep -q "^  --generic  " "$W/help.out"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
