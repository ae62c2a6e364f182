#!/bin/bash
# SPDX-License-Identifier: MIT
# update-earlymount over a fake root (--root): two fake kernels (empty module trees indexed by
# depmod, which sorts 6.1.0-10 after 6.1.0-9), its /boot and /etc/earlymount; never the host's.
# A stub builder (EARLYMOUNT_MKINITRAMFS) logs each build's arguments and writes a marker image;
# --print-config goes to the real builder, so the configuration is read by the real reader. Then
# the real builder end to end: real images, and -d -k all telling earlymount's from another tool's.
# Usage: update.sh SRC BUILD (BUILD: where earlymount-init was built)
set -uo pipefail
src=$1 bin=$2/earlymount-init
up=$src/hooks/update-earlymount
real=$src/initramfs/earlymount-mkinitramfs
command -v depmod >/dev/null || { echo "skipped: depmod (kmod) not found"; exit 77; }
W=$(mktemp -d) || exit 1
trap 'rm -rf "$W"' EXIT
pass=0 failed=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1" >&2; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

R=$W/root K1=6.1.0-9-amd64 K2=6.1.0-10-amd64
mkdir -p "$R/boot" "$R/etc/earlymount"
for k in "$K1" "$K2"; do
	mkdir -p "$R/lib/modules/$k"
	: >"$R/lib/modules/$k/modules.builtin"
	: >"$R/lib/modules/$k/modules.order"
	: >"$R/lib/modules/$k/modules.builtin.modinfo"
	depmod -b "$R" "$k" || { echo "FAIL: depmod -b $R $k" >&2; exit 1; }
	echo kernel >"$R/boot/vmlinuz-$k"
done

cat >"$W/mk" <<STUB
#!/bin/bash
# the stub builder: --print-config by the real one; a build logs its arguments and writes a marker
for a in "\$@"; do [ "\$a" != --print-config ] || exec bash "$real" "\$@"; done
printf '%s\n' "\$*" >>"$W/mk.log"
[ ! -e "$W/mk.fail" ] || { echo "stub: failing as asked" >&2; exit 1; }
while [ \$# -gt 0 ]; do [ "\$1" = -o ] && out=\$2; shift; done
echo "stub image" >"\$out"
STUB
chmod +x "$W/mk"
export EARLYMOUNT_MKINITRAMFS=$W/mk
run() { # NAME ARGS...: update-earlymount; $W/NAME.out has stdout and stderr, $rc the status
	local n=$1
	shift
	rm -f "$W/mk.log"
	bash "$up" "$@" >"$W/$n.out" 2>&1
	rc=$?
}
calls() { [ -f "$W/mk.log" ] && cat "$W/mk.log"; }
img() { printf '%s/boot/initrd.img-%s' "$R" "$1"; }

# usage errors: status 64 and the reason
usage() { # NAME MESSAGE ARGS...
	local n=$1 msg=$2
	shift 2
	run usage "$@"
	check "usage error, $n: status 64, '$msg', nothing built" eval '[ "$rc" = 64 ] && [ "$(cat "$W/usage.out")" = "update-earlymount: $msg" ] && [ ! -f "$W/mk.log" ]'
}
usage "no action" "no action: one of -c (create), -u (update), -d (delete) is required (see --help)" --root "$R" -k "$K1"
usage "two actions" "-c and -u: choose one of -c, -u, -d" -c -u --root "$R"
usage "-c without -k" "-c needs -k KVER or -k all" -c --root "$R"
usage "-d without -k" "-d needs -k KVER or -k all" -d --root "$R"
usage "-k without a value" "-k: missing kernel version (KVER or all)" -c -k
usage "a version with a slash" "-k ../x: not a kernel version" -c -k ../x --root "$R"
usage "an unknown option" "-t: unknown argument (see --help)" -u -t
usage "a relative root" "--root root: not an absolute path" -u --root root

# -c -k KVER: the host-only image and the generic fallback beside it, from the root's tree and config
run c1 -c -k "$K1" --root "$R"
check "-c -k $K1: status 0" [ "$rc" = 0 ]
check "-c -k $K1: host-only image, then the generic fallback ($(calls | tr '\n' '|'))" [ "$(calls)" = \
"--confdir $R/etc/earlymount --kver $K1 --moddir $R/lib/modules/$K1 --hostonly --force -o $(img "$K1")
--confdir $R/etc/earlymount --kver $K1 --moddir $R/lib/modules/$K1 --generic --force -o $(img "$K1").fallback" ]
check "-c -k $K1: both images there" test -f "$(img "$K1")" -a -f "$(img "$K1").fallback"
check "-c -k $K1: the other kernel untouched" test ! -e "$(img "$K2")"
# -u without -k: the newest installed kernel (version order: -10 after -9)
run u -u --root "$R"
check "-u: the newest kernel only ($K2)" eval '[ "$rc" = 0 ] && [ "$(calls | grep -c -- "--kver $K2 ")" = 2 ] && ! calls | grep -q -- "--kver $K1 "'
# -u -k all: every installed kernel
run uall -u -k all --root "$R"
check "-u -k all: both kernels, two images each" eval '[ "$rc" = 0 ] && [ "$(calls | wc -l)" = 4 ]'
# -c -k all
run call -c -k all --root "$R"
check "-c -k all: both kernels" eval '[ "$rc" = 0 ] && [ "$(calls | grep -c -- "-o $R/boot/initrd.img-")" = 4 ]'
# MODE in the configuration: the main image is the configuration's (no --hostonly passed)
printf 'MODE=generic\n' >"$R/etc/earlymount/earlymount.conf"
run mode -c -k "$K1" --root "$R"
check "MODE=generic: the main image without --hostonly" eval '[ "$rc" = 0 ] && ! calls | grep -q -- --hostonly'
# FALLBACK=no: the main image only
printf 'FALLBACK=no\n' >"$R/etc/earlymount/earlymount.conf"
run nofb -c -k "$K1" --root "$R"
check "FALLBACK=no: one image" eval '[ "$rc" = 0 ] && [ "$(calls | wc -l)" = 1 ] && ! calls | grep -q -- --generic'
# a bad configuration: FILE:LINE from the reader, nothing built
printf '\nFALLBACK=maybe\n' >"$R/etc/earlymount/earlymount.conf"
run badconf -c -k "$K1" --root "$R"
check "a bad configuration: status 1, FILE:LINE, nothing built" eval '[ "$rc" = 1 ] && grep -qxF "earlymount-mkinitramfs: $R/etc/earlymount/earlymount.conf:2: FALLBACK=maybe: expected yes or no" "$W/badconf.out" && [ ! -f "$W/mk.log" ]'
rm "$R/etc/earlymount/earlymount.conf"
# With --root, no --resume (the exact arguments above): this machine's swap is not that root's.
# Without it update-earlymount passes --resume auto: tests/generator/chroot.sh (deb_chroot) sees
# the builder pass over the host's swap in its chroot.

# initramfs-tools' resume setting, read as data from the root's /etc/initramfs-tools (and
# /usr/share/initramfs-tools/conf.d), in mkinitramfs's order. With --root a device is taken as
# configured (that system's devices are not this machine's).
IT=$R/etc/initramfs-tools ITS=$R/usr/share/initramfs-tools
mkdir -p "$IT/conf.d" "$ITS/conf.d"
resume_case() { # NAME EXPECTED-RESUME-ARGS: update-earlymount -c -k K1 --root R; both builds get them
	local n=$1 want=$2 got
	run "$n" -c -k "$K1" --root "$R"
	got=$(calls | sed -n 's/.*--hostonly \(.*\)--force.*/\1/p' | sed 's/ $//')
	check "initramfs-tools' resume, $n: status 0, the builder gets '${want}' (got '$got')" eval \
		'[ "$rc" = 0 ] && [ "$got" = "$want" ] && [ "$(calls | grep -c -- "--generic ${want:+$want }--force")" = 1 ]'
}
printf '# written by the installer\nRESUME=UUID=5ca1ab1e-0000-4000-8000-0000000000aa\n' >"$IT/conf.d/resume"
resume_case installer "--resume UUID=5ca1ab1e-0000-4000-8000-0000000000aa"
check "initramfs-tools' resume, installer: says which and where" \
	grep -qxF "update-earlymount: resume=UUID=5ca1ab1e-0000-4000-8000-0000000000aa (initramfs-tools' RESUME, $IT/conf.d/resume:2)" "$W/installer.out"
printf 'RESUME=UUID=5ca1ab1e-0000-4000-8000-0000000000ff\r\n' >"$IT/conf.d/resume"
resume_case "a DOS line end" "--resume UUID=5ca1ab1e-0000-4000-8000-0000000000ff"
printf 'RESUME=none\n' >"$IT/conf.d/resume"
resume_case none "--resume none"
printf '  export RESUME="LABEL=swapfs"  resume_offset=34816 # a swap file\n' >"$IT/conf.d/resume"
resume_case "swap file, export, quotes" "--resume LABEL=swapfs --resume-offset 34816"
printf "RESUME='/dev/vdb'\nresume_offset=4k\n" >"$IT/conf.d/resume"
resume_case "an offset that is not a number" "--resume /dev/vdb"
check "initramfs-tools' resume, an offset that is not a number: a warning with the file and line" \
	grep -qxF "update-earlymount: warning: $IT/conf.d/resume:2: initramfs-tools' resume_offset=4k is not a number of pages; left out" "$W/an offset that is not a number.out"
printf 'RESUME=-x\n' >"$IT/conf.d/resume"
resume_case "not a device name, another root" ""
check "initramfs-tools' resume, not a device name: a warning, nothing stored" \
	grep -qxF "update-earlymount: warning: initramfs-tools' configuration sets RESUME=-x ($IT/conf.d/resume:1), which is not a device name: no resume device stored" "$W/not a device name, another root.out"
# order: initramfs.conf, then conf.d; a file of /usr/share masked by one of /etc with its name;
# names initramfs-tools skips (a dot first, .dpkg-old) skipped here too
printf 'RESUME=auto\n' >"$IT/initramfs.conf"
printf 'RESUME=UUID=5ca1ab1e-0000-4000-8000-0000000000bb\n' >"$IT/conf.d/resume"
printf 'RESUME=none\n' >"$ITS/conf.d/resume"
printf 'RESUME=/dev/from-share\n' >"$ITS/conf.d/a-first"
printf 'RESUME=none\n' >"$IT/conf.d/resume.dpkg-old"
printf 'RESUME=none\n' >"$IT/conf.d/.hidden"
resume_case "the last plain assignment wins" "--resume UUID=5ca1ab1e-0000-4000-8000-0000000000bb"
rm -f "$ITS/conf.d/a-first" "$ITS/conf.d/resume" "$IT/conf.d/resume.dpkg-old" "$IT/conf.d/.hidden"
# shell code: not run; RESUME=auto as initramfs-tools' default (nothing with --root), and why
printf 'RESUME=$(cat /etc/swapdev)\n' >"$IT/conf.d/resume"
resume_case "shell code" ""
check "initramfs-tools' resume, shell code: a warning that says it is not run" \
	grep -qxF "update-earlymount: warning: $IT/conf.d/resume:1: initramfs-tools' RESUME is set by shell code, which is not run here; resuming as RESUME=auto does (set RESUME in /etc/earlymount/earlymount.conf to say otherwise)" "$W/shell code.out"
printf 'if true; then RESUME=none; fi\n' >"$IT/conf.d/resume"
resume_case "shell code, if" ""
# earlymount's own RESUME wins: nothing passed, the builder reads its configuration
printf 'RESUME=UUID=5ca1ab1e-0000-4000-8000-0000000000cc\n' >"$IT/conf.d/resume"
printf 'RESUME=none\n' >"$R/etc/earlymount/earlymount.conf"
resume_case "earlymount.conf's RESUME first" ""
rm -f "$R/etc/earlymount/earlymount.conf" "$IT/conf.d/resume" "$IT/initramfs.conf"

# This machine's root (no --root): a configured device is stored only when it is swap here, as
# initramfs-tools' hooks/resume checks it (resolve_device, blkid -p -n swap); else a warning and
# RESUME=auto. Run in a private mount namespace whose /usr and /etc are overlays, so that the
# host gets no kernel tree, configuration or image: loop devices for the swap.
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null || ! command -v losetup >/dev/null || ! command -v mkswap >/dev/null; then
	echo "update.sh: initramfs-tools' resume on this machine's root: skipped (needs root, unshare, losetup and mkswap)"
elif ! unshare -m --propagation private true 2>/dev/null; then
	echo "update.sh: initramfs-tools' resume on this machine's root: skipped (no private mount namespace here)"
else
	page=$(getconf PAGESIZE)
	SU=5ca1ab1e-0000-4000-8000-0000000000dd
	truncate -s 8M "$W/part.swap" && mkswap -q -U "$SU" "$W/part.swap" >/dev/null
	# a swap header 16 pages into a device, as a swap file's first block lies in its filesystem
	truncate -s 4M "$W/file.swap" && mkswap -q "$W/file.swap" >/dev/null
	truncate -s 8M "$W/offset.img" && dd if="$W/file.swap" of="$W/offset.img" bs="$page" seek=16 conv=notrunc status=none
	l1=$(losetup -f --show -r "$W/part.swap") l2=$(losetup -f --show -r "$W/offset.img")
	here() { # NAME CONF: the host's root with CONF as /etc/initramfs-tools/conf.d/resume
		local n=$1
		mkdir -p "$W/ns/it/conf.d" "$W/ns/em" "$W/ns/share" "$W/ns/boot"
		printf '%s\n' "$2" >"$W/ns/it/conf.d/resume"
		rm -f "$W/mk.log"
		unshare -m --propagation private bash -c '
			set -e
			W=$1 K=$2 up=$3
			mkdir -p "$W/ns/usr.up" "$W/ns/usr.wk" "$W/ns/etc.up" "$W/ns/etc.wk"
			mount -t overlay overlay -o "lowerdir=/usr,upperdir=$W/ns/usr.up,workdir=$W/ns/usr.wk" /usr
			mount -t overlay overlay -o "lowerdir=/etc,upperdir=$W/ns/etc.up,workdir=$W/ns/etc.wk" /etc
			mkdir -p "/usr/lib/modules/$K" /etc/initramfs-tools /etc/earlymount /usr/share/initramfs-tools
			mount --bind "$W/ns/it" /etc/initramfs-tools
			mount --bind "$W/ns/em" /etc/earlymount
			mount --bind "$W/ns/share" /usr/share/initramfs-tools
			bash "$up" -c -k "$K" -b "$W/ns/boot"' _ "$W" "$K1" "$up" >"$W/$n.out" 2>&1
		rc=$?
		got=$(calls | sed -n 's/.*--hostonly \(.*\)--force.*/\1/p' | sed 's/ $//')
	}
	here found "RESUME=UUID=$SU"
	check "this machine: a swap device by UUID, stored (got '$got')" eval '[ "$rc" = 0 ] && [ "$got" = "--resume UUID=$SU" ]'
	here offset "RESUME=$l2 resume_offset=16"
	check "this machine: swap 16 pages into a device, stored with the offset (got '$got')" eval '[ "$rc" = 0 ] && [ "$got" = "--resume $l2 --resume-offset 16" ]'
	here "wrong offset" "RESUME=$l2 resume_offset=8"
	check "this machine: no swap at that offset: RESUME=auto (got '$got')" eval '[ "$rc" = 0 ] && [ "$got" = "--resume auto" ]'
	here stale "RESUME=UUID=5ca1ab1e-0000-4000-8000-0000000000ee"
	check "this machine: a UUID no device has (a swap partition made anew): RESUME=auto (got '$got')" eval '[ "$rc" = 0 ] && [ "$got" = "--resume auto" ]'
	check "this machine: the stale UUID's warning" grep -qxF "update-earlymount: warning: initramfs-tools' configuration sets RESUME=UUID=5ca1ab1e-0000-4000-8000-0000000000ee (/etc/initramfs-tools/conf.d/resume:1), but no swap device matches it on this machine: the images resume from the largest swap partition instead (RESUME=auto), as update-initramfs does" "$W/stale.out"
	here "not swap" "RESUME=$l2"
	check "this machine: a device without swap at page 0: RESUME=auto (got '$got')" eval '[ "$rc" = 0 ] && [ "$got" = "--resume auto" ]'
	losetup -d "$l1"
	losetup -d "$l2"
fi
# a kernel that is not installed
run notinst -c -k 9.9.9 --root "$R"
check "-c -k 9.9.9 (not installed): status 1 and why" eval '[ "$rc" = 1 ] && grep -qxF "update-earlymount: 9.9.9: not installed: no $R/lib/modules/9.9.9" "$W/notinst.out"'
# the builder fails: status 1, the message, the image as it was (the stub writes nothing)
echo before >"$(img "$K2")"
touch "$W/mk.fail"
run fails -u -k "$K2" --root "$R"
rm "$W/mk.fail"
check "the builder fails: status 1, the image unchanged" eval '[ "$rc" = 1 ] && grep -qF "$(img "$K2"): earlymount-mkinitramfs failed (its message above); the image is unchanged" "$W/fails.out" && [ "$(cat "$(img "$K2")")" = before ]'
# -d -k KVER: both images of that kernel, no other
run c2 -c -k all --root "$R"
run d1 -d -k "$K1" --root "$R"
check "-d -k $K1: its two images deleted, $K2's kept" eval '[ "$rc" = 0 ] && [ ! -e "$(img "$K1")" ] && [ ! -e "$(img "$K1").fallback" ] && [ -f "$(img "$K2")" ] && [ -f "$(img "$K2").fallback" ]'
# -b: another boot directory
mkdir -p "$W/otherboot"
run b -c -k "$K1" --root "$R" -b "$W/otherboot"
check "-b DIR: the images there" test -f "$W/otherboot/initrd.img-$K1" -a -f "$W/otherboot/initrd.img-$K1.fallback"
# inside dpkg (another package's maintainer script): -u activates the trigger and builds nothing.
# Against the host's root (the trigger is the host dpkg's), with -b into the test's directory and
# a fake dpkg-trigger that logs its arguments.
mkdir -p "$W/bin" "$W/hostboot"
printf '#!/bin/sh\necho "$*" >"%s/trigger.log"\n' "$W" >"$W/bin/dpkg-trigger"
chmod +x "$W/bin/dpkg-trigger"
rm -f "$W/mk.log"
# (-u alone defers before it reads any directory: the test's -b would make it more than -u)
DPKG_MAINTSCRIPT_PACKAGE=some-package PATH=$W/bin:$PATH EARLYMOUNT_ROOT=$W/nonexistent bash "$up" -u >"$W/trig.out" 2>&1
rc=$?
check "-u inside dpkg: the trigger activated (dpkg-trigger --no-await update-initramfs), nothing built" \
	eval '[ "$rc" = 0 ] && [ "$(cat "$W/trigger.log")" = "--no-await update-initramfs" ] && [ ! -f "$W/mk.log" ] && grep -qF "deferring update" "$W/trig.out"'
rm -f "$W/trigger.log"
DPKG_MAINTSCRIPT_PACKAGE=some-package PATH=$W/bin:$PATH bash "$up" -u -k "$K1" --root "$R" >"$W/trig2.out" 2>&1
rc=$?
check "-u -k KVER inside dpkg: built now, no trigger (as update-initramfs: only a plain -u defers)" \
	eval '[ "$rc" = 0 ] && [ ! -e "$W/trigger.log" ] && [ "$(calls | wc -l)" = 2 ]'

# kernel-install's plugin: install.conf's initrd_generator=earlymount is the opt-in, without
# /etc/earlymount/hooks.conf; the image is the configuration's MODE, else host-only.
ki=$src/hooks/50-earlymount.install
mkdir -p "$W/ki/staging" "$W/ki/entry" "$W/ki/conf"
kirun() { # NAME ARGS...: the plugin's "add", no hooks.conf, the configuration of $W/ki/conf
	local n=$1
	shift
	rm -f "$W/mk.log" "$W/ki/staging/initrd"
	env EARLYMOUNT_HOOKS_CONF="$W/ki/no-hooks.conf" EARLYMOUNT_CONFDIR="$W/ki/conf" KERNEL_INSTALL_STAGING_AREA="$W/ki/staging" "$@" \
		bash "$ki" add "$K1" "$W/ki/entry" /boot/vmlinuz >"$W/$n.out" 2>&1
	rc=$?
}
kirun kinone
check "kernel-install, no initrd_generator, no hooks.conf: nothing built" eval '[ "$rc" = 0 ] && [ ! -f "$W/mk.log" ]'
kirun kiours KERNEL_INSTALL_INITRD_GENERATOR=earlymount
check "kernel-install, initrd_generator=earlymount: a host-only image in the staging area" \
	eval '[ "$rc" = 0 ] && [ "$(calls)" = "--kver $K1 --hostonly --force -o $W/ki/staging/initrd" ] && [ -f "$W/ki/staging/initrd" ]'
printf 'MODE=generic\n' >"$W/ki/conf/earlymount.conf"
kirun kimode KERNEL_INSTALL_INITRD_GENERATOR=earlymount
check "kernel-install, initrd_generator=earlymount, MODE=generic: the configuration's image" \
	eval '[ "$rc" = 0 ] && [ "$(calls)" = "--kver $K1 --force -o $W/ki/staging/initrd" ]'
kirun kidracut KERNEL_INSTALL_INITRD_GENERATOR=dracut
check "kernel-install, initrd_generator=dracut: nothing built" eval '[ "$rc" = 0 ] && [ ! -f "$W/mk.log" ]'

# earlymount-initramfs's kernel hooks (debian/kernel-postinst, kernel-postrm) with a stub
# update-earlymount (EARLYMOUNT_UPDATE) that logs its arguments
printf '#!/bin/sh\necho "$*" >>"%s/up.log"\n[ ! -e "%s/up.fail" ]\n' "$W" "$W" >"$W/upstub"
chmod +x "$W/upstub"
khook() { # NAME HOOK DEB_MAINT_PARAMS ARGS...
	local n=$1 h=$2 p=$3
	shift 3
	rm -f "$W/up.log"
	env EARLYMOUNT_UPDATE="$W/upstub" DEB_MAINT_PARAMS="$p" sh "$src/debian/$h" "$@" >"$W/$n.out" 2>"$W/$n.err"
	rc=$?
}
up() { [ -f "$W/up.log" ] && cat "$W/up.log"; }
khook kpi kernel-postinst "'configure' ''" "$K1" "/boot/vmlinuz-$K1"
check "kernel postinst, configure: update-earlymount -c -k KVER, nothing on stdout" eval '[ "$rc" = 0 ] && [ "$(up)" = "-c -k $K1" ] && [ ! -s "$W/kpi.out" ]'
khook kpiab kernel-postinst "'abort-upgrade' '6.1'" "$K1"
check "kernel postinst, abort-upgrade: nothing" eval '[ "$rc" = 0 ] && [ ! -f "$W/up.log" ]'
khook kpinov kernel-postinst ""
check "kernel postinst without a version: status 2 and why" eval '[ "$rc" = 2 ] && grep -qF "no kernel version argument" "$W/kpinov.err"'
touch "$W/up.fail"
khook kpifail kernel-postinst "'configure' ''" "$K1"
check "kernel postinst: update-earlymount fails, the hook fails (as initramfs-tools' does)" eval '[ "$rc" != 0 ]'
khook kprfail kernel-postrm "'remove'" "$K1"
check "kernel postrm: update-earlymount fails, the removal goes on" eval '[ "$rc" = 0 ] && [ "$(up)" = "-d -k $K1" ]'
rm "$W/up.fail"
khook kprpurge kernel-postrm "'purge'" "$K1"
check "kernel postrm, purge: nothing (the images went on remove)" eval '[ "$rc" = 0 ] && [ ! -f "$W/up.log" ]'
EARLYMOUNT_UPDATE=$W/none sh "$src/debian/kernel-postinst" "$K1" >/dev/null 2>&1
check "kernel postinst, update-earlymount gone (package removed, hook a leftover conffile): nothing, status 0" [ $? = 0 ]

# The real builder: MODE=listed (the empty tree has no driver to find) and no fallback (a generic
# image needs drivers); then -d -k all deletes earlymount's images and leaves another tool's.
[ -x "$bin" ] || { echo "FAIL: $bin: not built" >&2; exit 1; }
# the real builder with this build's earlymount-init (a build never goes without --binary here)
cat >"$W/realmk" <<WRAP
#!/bin/bash
for a in "\$@"; do case \$a in --list | --print-config) exec bash "$real" "\$@" ;; esac; done
exec bash "$real" --binary "$bin" "\$@"
WRAP
chmod +x "$W/realmk"
unset EARLYMOUNT_MKINITRAMFS
rm -f "$R"/boot/initrd.img-*
printf 'MODE=listed\nFALLBACK=no\nMICROCODE=no\n' >"$R/etc/earlymount/earlymount.conf"
EARLYMOUNT_MKINITRAMFS=$W/realmk bash "$up" -c -k all --root "$R" >"$W/realc.out" 2>&1
rc=$?
check "real builder, -c -k all: status 0 ($(tail -1 "$W/realc.out"))" [ "$rc" = 0 ]
check "real builder: images that --list reads as earlymount's" eval 'bash "$real" --list "$(img "$K1")" | grep -q " /etc/earlymount$" && bash "$real" --list "$(img "$K2")" | grep -q " /etc/earlymount$"'
echo "another tool's image" >"$R/boot/initrd.img-5.10.0-other"
EARLYMOUNT_MKINITRAMFS=$W/realmk bash "$up" -d -k all --root "$R" >"$W/reald.out" 2>&1
rc=$?
check "-d -k all: earlymount's images deleted, another tool's left with the reason" eval '[ "$rc" = 0 ] && [ ! -e "$(img "$K1")" ] && [ ! -e "$(img "$K2")" ] && [ -f "$R/boot/initrd.img-5.10.0-other" ] && grep -qxF "update-earlymount: $R/boot/initrd.img-5.10.0-other: not an earlymount image; left alone" "$W/reald.out"'

echo "$pass passed, $failed failed"
[ "$failed" = 0 ]
