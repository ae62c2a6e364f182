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
pass=0 fail=0

skip() { echo "test_mkinitramfs: skipped: $*"; exit 77; }
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() { # DESCRIPTION COMMAND...
	local d=$1
	shift
	if "$@"; then ok; else bad "$d"; fi
}

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
build() {
	local o=$1
	shift
	"$mk" -o "$o" "$@" >"$o.out" 2>"$o.err"
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
	--preset virtio --fs ext4 --fs vfat --fs iso9660 --cmdline "root=LABEL=r ro" \
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
for m in virtio_pci virtio_blk virtio_scsi sd_mod; do check "preset virtio: $m" has "$M" "$m"; done
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

# ---- 4. a compressed tree: .ko.xz, .ko.zst, .ko.gz and .ko ------------------------------------
# Real modules of the ext4 closure, compressed, indexed by depmod. Debian's kmod is built without
# zlib, so its depmod ignores .ko.gz files: crc16 is indexed as a plain .ko under a path of the
# same length and the indexes are then edited to name the .ko.gz, which is what a zlib-enabled
# depmod writes.
C=$W/ctree CM=$W/ctree/lib/modules/$KVER
mkdir -p "$CM" "$W/ctree/boot"
cp "$MODDIR/modules.builtin" "$MODDIR/modules.builtin.modinfo" "$MODDIR/modules.order" "$CM/"
declare -A ctree=(
	[kernel/fs/ext4/ext4.ko]=xz [kernel/fs/jbd2/jbd2.ko]=zst [kernel/fs/mbcache.ko]=none
	[kernel/crypto/crc32c_generic.ko]=xz [kernel/arch/x86/crypto/crc32c-intel.ko]=zst
)
for f in "${!ctree[@]}"; do
	mkdir -p "$CM/$(dirname "$f")"
	case ${ctree[$f]} in
	xz) xz --check=crc32 -c "$MODDIR/$f" >"$CM/$f.xz" ;;
	zst) zstd -q -c "$MODDIR/$f" >"$CM/$f.zst" ;;
	none) cp "$MODDIR/$f" "$CM/$f" ;;
	esac
done
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

# ---- 5. built-in modules, presets, aliases ----------------------------------------------------
build "$W/b.cpio" --moddir "$MODDIR" --binary "$bin" --module nls_base --fs tmpfs --compress none
rc=$?
check "built-in module and tmpfs: exit 0 ($(head -c 200 "$W/b.cpio.err"))" test $rc -eq 0
check "built-in module and tmpfs: no message" test ! -s "$W/b.cpio.err"
unpack "$W/b.cpio" "$W/b"
check "built-in module: nothing listed, no .ko" eval \
	'test ! -s "$W/b/etc/earlymount/modules" && test -z "$(find "$W/b" -name "*.ko")"'
check "built-in module: modules.builtin still copied" test -f "$W/b/lib/modules/$KVER/modules.builtin"
for p in nvme:nvme ahci:ahci usb:xhci_pci usb:ehci_pci usb:usb_storage usb:uas; do
	build "$W/p.cpio" --moddir "$MODDIR" --binary "$bin" --preset "${p%:*}" --compress none
	rm -rf "$W/p" && unpack "$W/p.cpio" "$W/p"
	check "--preset ${p%:*}: $(tr : ' ' <<<"$p") in the load order" has "$W/p/etc/earlymount/modules" "${p#*:}"
done
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
# kmods DIR: the kernel names of the modules stored in the unpacked image DIR, sorted
kmods() {
	find "$1/lib/modules/$KVER" -name '*.ko' | sed 's#.*/##; s#\.ko$##; s#-#_#g' | sort
}
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
check "--generic: modules.alias is the tree's cut down to the image" cmp -s "$GK/modules.alias" \
	<(awk 'NR == FNR { k[$0] = 1; next } /^#/ || ($1 == "alias" && ($3 in k))' "$W/g.mods" "$MODDIR/modules.alias")
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

# with --preset, --module and --fs: the preset and the module are loaded up front, --fs on demand
build "$W/gp.cpio" --moddir "$MODDIR" --binary "$bin" --compress none --generic --preset nvme --module dm_mod \
	--fs exfat
rc=$?
check "--generic --preset: exit 0 ($(head -c 300 "$W/gp.cpio.err"))" test $rc -eq 0
rm -rf "$W/gp" && unpack "$W/gp.cpio" "$W/gp"
GPM=$W/gp/etc/earlymount/modules
check "--generic --preset nvme: nvme_core before nvme in the list" before "$GPM" nvme_core nvme
check "--generic --module dm_mod: in the list and the image" has "$GPM" dm_mod
check "--generic --preset: the list holds nvme's dependencies (t10_pi)" before "$GPM" t10_pi nvme_core
for m in virtio_blk ahci usb_storage sd_mod ext4 exfat loop; do
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
check "host-only: modules.alias is the tree's cut down to the image" cmp -s "$AK/modules.alias" \
	<(awk 'NR == FNR { k[$0] = 1; next } /^#/ || ($1 == "alias" && ($3 in k))' "$W/a.mods" "$MODDIR/modules.alias")
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
X=$W/xtree XM=$W/xtree/lib/modules/$KVER
mkdir -p "$XM"
cp "$MODDIR/modules.builtin" "$MODDIR/modules.builtin.modinfo" "$MODDIR/modules.order" "$XM/"
declare -A xtree=(
	[kernel/drivers/block/virtio_blk.ko]=zst [kernel/drivers/virtio/virtio.ko]=xz [kernel/drivers/virtio/virtio_ring.ko]=none
	[kernel/drivers/message/fusion/mptsas.ko]=xz [kernel/drivers/message/fusion/mptscsih.ko]=zst
	[kernel/drivers/message/fusion/mptbase.ko]=xz [kernel/drivers/message/fusion/mptctl.ko]=xz
	[kernel/drivers/scsi/scsi_transport_sas.ko]=none [kernel/drivers/scsi/scsi_mod.ko]=xz
	[kernel/drivers/scsi/scsi_common.ko]=none [kernel/drivers/scsi/st.ko]=xz [kernel/drivers/net/dummy.ko]=zst
	[kernel/fs/ext4/ext4.ko]=xz [kernel/fs/jbd2/jbd2.ko]=none [kernel/fs/mbcache.ko]=none [kernel/lib/crc16.ko]=none
	[kernel/crypto/crc32c_generic.ko]=xz
)
for f in "${!xtree[@]}"; do
	mkdir -p "$XM/$(dirname "$f")"
	case ${xtree[$f]} in
	xz) xz --check=crc32 -c "$MODDIR/$f" >"$XM/$f.xz" ;;
	zst) zstd -q -c "$MODDIR/$f" >"$XM/$f.zst" ;;
	none) cp "$MODDIR/$f" "$XM/$f" ;;
	esac
done
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

# ---- 7. errors: exit 1, a message, no output, nothing left behind --------------------------------
# expect_error NAME MESSAGE ARGS...: in an empty directory holding an old image that must survive.
expect_error() {
	local name=$1 msg=$2 rc
	shift 2
	rm -rf "$W/err" && mkdir "$W/err"
	printf 'old\n' >"$W/err/old.img"
	"$mk" -o "$W/err/new.img" "$@" >"$W/err.out" 2>"$W/err.msg"
	rc=$?
	check "error $name: exit 1 (got $rc)" test "$rc" -eq 1
	check "error $name: message '$msg' (got: $(head -c 200 "$W/err.msg"))" \
		grep -q "^earlymount-mkinitramfs: .*$msg" "$W/err.msg"
	check "error $name: no output and no temporary file left" test "$(ls -A "$W/err")" = old.img
	"$mk" -o "$W/err/old.img" "$@" >/dev/null 2>&1
	check "error $name: an existing image is left untouched" test "$(cat "$W/err/old.img")" = old
}
printf 'not an ELF\n' >"$W/text"
printf 'echo no interpreter line\n' >"$W/noshebang.sh"
base=(--moddir "$MODDIR" --binary "$bin")
expect_error "unknown module" "module em_no_such_module: not found in $MODDIR" "${base[@]}" --module em_no_such_module
expect_error "unknown module among good ones" "module em_no_such_module: not found in" "${base[@]}" --fs ext4 --module em_no_such_module
expect_error "unknown filesystem" "filesystem em_nofs: no module" "${base[@]}" --fs em_nofs
expect_error "missing kernel tree" "$W/none/lib/modules/9.9: no such directory" \
	--moddir "$W/none/lib/modules/9.9" --binary "$bin" --module ext4
expect_error "tree without modules.dep" "no modules.dep index" --moddir "$W" --binary "$bin" --module ext4
expect_error "unknown compressor" "bzip9: unknown compressor" "${base[@]}" --compress bzip9
expect_error "missing binary" "$W/nobin: earlymount binary missing" --moddir "$MODDIR" --binary "$W/nobin"
expect_error "dynamic binary" "/bin/ls: dynamically linked" --moddir "$MODDIR" --binary /bin/ls
expect_error "non-ELF binary" "not an ELF" --moddir "$MODDIR" --binary "$W/text"
expect_error "unknown preset" "unknown preset" "${base[@]}" --preset floppy
expect_error "init script without its interpreter" "interpreter /bin/sh is not in the image" \
	"${base[@]}" --init-script "$W/init.sh"
expect_error "init script without #!" "no #! line" "${base[@]}" --busybox --init-script "$W/noshebang.sh"
expect_error "--add over /init" "/init: already in the image" "${base[@]}" --add "$W/extra.txt:/init"
expect_error "--add missing source" "no such readable file" "${base[@]}" --add "$W/nofile:/etc/x"
expect_error "output is a directory" "is a directory" "${base[@]}" -o "$W"
expect_error "unknown option" "--frobnicate: unknown option" "${base[@]}" --frobnicate
expect_error "--generic, tree without storage drivers" "--generic: no block-storage driver under $CM/kernel/drivers" \
	--moddir "$CM" --binary "$bin" --generic
mkdir -p "$W/noalias/lib/modules/$KVER"
cp "$CM/modules.dep" "$CM/modules.dep.bin" "$W/noalias/lib/modules/$KVER/"
expect_error "--generic, tree without modules.alias" "no modules.alias: --generic needs the tree's aliases" \
	--moddir "$W/noalias/lib/modules/$KVER" --binary "$bin" --generic
"$mk" --moddir "$MODDIR" >/dev/null 2>"$W/noout.err"
rc=$?
check "no -o: exit 1" test $rc -eq 1
check "no -o: a message" grep -q "^earlymount-mkinitramfs: no output file" "$W/noout.err"
"$mk" --help >"$W/help.out" 2>&1
rc=$?
check "--help: exit 0" test $rc -eq 0
check "--help: usage" grep -q "^Usage: earlymount-mkinitramfs -o FILE" "$W/help.out"
check "--help: --generic" grep -q "^  --generic  " "$W/help.out"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
