# SPDX-License-Identifier: MIT
# Sourced after tests/qemu/lib.sh (and qemu_kernel) by the tests that run a host test script in a
# QEMU guest on Debian's kernel, for drivers the host's kernel lacks (tests/blkid/members-qemu.sh,
# tests/check/stack-qemu.sh): a guest root of the host's own programs and the libraries they link,
# and Debian's modules unpacked in the order insmod must load them. amd64 only (host binaries).
#
#   hostroot_prog ROOT PATH [DEST]   the program at PATH (at DEST in the guest) and every library
#                                    ldd names, at their paths on the host
#   hostroot_mod ROOT NAME           module NAME of $MODDIR and its dependencies, dependencies
#                                    first, into ROOT/mods, their names appended to ROOT/mods/order
#   hostroot_init ROOT < BODY        ROOT/init: busybox's applets, the API filesystems, the
#                                    modules of ROOT/mods/order loaded, then BODY (shell lines run
#                                    between the report's markers), then power off
#   hostroot_pack ROOT OUT           ROOT as a gzip'd newc initramfs at OUT

hostroot_prog() {
	local root=$1 p=$2 dest=${3:-$2} lib
	mkdir -p "$root$(dirname "$dest")"
	cp -L "$p" "$root$dest" || em_die "copying $p"
	for lib in $(ldd "$p" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib" || em_die "copying $lib (for $p)"
	done
}

# modules.dep lists a module's dependencies after it, the one loaded last first: walked backwards.
# Built-in ones (modules.builtin) need nothing.
hostroot_mod() {
	local root=$1 name=$2 line path dep deps i
	mkdir -p "$root/mods"
	touch "$root/mods/order"
	grep -qE "(^|/)$name\.ko(\.[a-z]+)?\$" "$MODDIR/modules.builtin" 2>/dev/null && return 0
	line=$(grep -E "(^|/)$name\.ko(\.[a-z]+)?:" "$MODDIR/modules.dep" | head -n1)
	[ -n "$line" ] || em_die "no module $name in $MODDIR/modules.dep"
	path=${line%%:*}
	read -r -a deps <<<"${line#*:}"
	for ((i = ${#deps[@]} - 1; i >= 0; i--)); do
		dep=$(basename "${deps[$i]}")
		hostroot_mod "$root" "${dep%%.ko*}"
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

hostroot_init() {
	local root=$1
	{
		cat <<EOF
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
EOF
		cat
		printf '%s\n' "echo '$EM_END'" 'poweroff -f'
	} >"$root/init"
	chmod +x "$root/init"
}

hostroot_pack() {
	(cd "$1" && find . | cpio -o -H newc 2>/dev/null | gzip -1) >"$2" || em_die "packing the initramfs $2"
}
