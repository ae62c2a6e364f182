#!/bin/bash
# SPDX-License-Identifier: MIT
# Tests earlymount-mkinitramfs --hostonly and the kernel hooks (hooks/): the real `earlymount
# check` on an ext4 image attached read-only to a loop device (a root no earlymount image brings
# up: refused, with check's message, nothing written), a stub check for the mapping of its
# module names onto Debian's kernel tree (scripts/fetch-kernel's cache), and each hook run with a
# configuration and a stub builder of the test's own (EARLYMOUNT_HOOKS_CONF, EARLYMOUNT_MKINITRAMFS).
#
#   tests/test_hostonly.sh BUILD/earlymount
#
# Exits 77 (skipped, with the reason) when not root (losetup), or without a tool or the kernel.
set -u
export LC_ALL=C

repo=$(cd "$(dirname "$0")/.." && pwd)
mk=$repo/initramfs/earlymount-mkinitramfs
postinst=$repo/hooks/postinst.d-earlymount
postrm=$repo/hooks/postrm.d-earlymount
kinstall=$repo/hooks/50-earlymount.install
skip() { echo "test_hostonly: skipped: $*"; exit 77; }
# shellcheck source=t.sh
. "$repo/tests/t.sh"

em=${1:?usage: tests/test_hostonly.sh BUILD/earlymount}
[ -x "$em" ] || { echo "FAIL: $em: not built (build the 'earlymount' target first)" >&2; exit 1; }
init=$(dirname "$em")/earlymount-init
[ -x "$init" ] || { echo "FAIL: $init: not built" >&2; exit 1; }
[ "$(id -u)" = 0 ] || skip "not root: the real earlymount check needs a loop device (losetup), which only root may attach"
for t in losetup mkfs.ext4 cpio modprobe gzip; do
	command -v "$t" >/dev/null || skip "$t not found (run scripts/deps)"
done
kinfo=$("$repo/scripts/fetch-kernel") || skip "scripts/fetch-kernel could not provide the Debian kernel"
KVER=$(sed -n 's/^KVER=//p' <<<"$kinfo")
MODDIR=$(sed -n 's/^MODDIR=//p' <<<"$kinfo")
[ -n "$KVER" ] && [ -f "$MODDIR/modules.dep.bin" ] || skip "scripts/fetch-kernel printed no usable MODDIR"

W=$(mktemp -d "${TMPDIR:-/tmp}/test_hostonly.XXXXXX")
loopdev=
cleanup() {
	[ -z "$loopdev" ] || losetup -d "$loopdev" || echo "test_hostonly: could not detach $loopdev" >&2
	rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$W/nofw"
base=(--kver "$KVER" --moddir "$MODDIR" --binary "$init" --firmware-dir "$W/nofw" --no-microcode)

# build NAME ARGS...: the builder into W/NAME.img; stdout W/NAME.out, stderr W/NAME.err; status
build() {
	local n=$1
	shift
	rm -f "$W/$n.img"
	"$mk" -o "$W/$n.img" "${base[@]}" "$@" >"$W/$n.out" 2>"$W/$n.err"
}
# upfront IMG: the image's up-front module list, one a line
upfront() { "$mk" --list "$1" | awk '/^Modules loaded up front/ { on = 1; next } /^Modules loaded on demand/ { on = 0 } on { print $2 }'; }
has_line() { grep -qxF -- "$2" "$1"; }

# ---- a stub check: the mapping onto the tree ---------------------------------------------------
# It prints what STUB_MODULES holds for --modules, one finding line otherwise, exits STUB_STATUS,
# and writes its arguments to W/stub.args.
# (the first of modules.builtin, amd-uncore in Debian's 6.1: its '-' is read as '_')
builtin_raw=$(awk '{ n = $0; sub(/.*\//, "", n); sub(/\.ko$/, "", n); print n; exit }' "$MODDIR/modules.builtin")
[ -n "$builtin_raw" ] || skip "$MODDIR/modules.builtin lists nothing"
builtin_one=${builtin_raw//-/_}
cat >"$W/stub" <<'STUB'
#!/bin/bash
printf '%s\n' "$*" >>"$STUB_ARGS"
[ "$1" = check ] || exit 64
case " $* " in
*" --modules "*) [ -z "$STUB_MODULES" ] || printf '%s\n' $STUB_MODULES; [ -z "${STUB_ERROR:-}" ] || echo "$STUB_ERROR" >&2 ;;
*) echo "ok stub: root=LABEL=stub: /dev/stub (ext4)"; [ -z "${STUB_ERROR:-}" ] || echo "$STUB_ERROR" ;;
esac
exit "${STUB_STATUS:-0}"
STUB
chmod +x "$W/stub"
export STUB_ARGS=$W/stub.args
: >"$STUB_ARGS"

mkdir -p "$W/hr-empty" # a host root without modprobe.d: the stub builds' output is the same on every host
STUB_MODULES="virtio_blk virtio-pci ext4 $builtin_raw" STUB_STATUS=0 build stub --hostonly --check-binary "$W/stub" --check-cmdline 'root=LABEL=stub rw' --host-root "$W/hr-empty"
check "stub: exit 0 ($(head -c 300 "$W/stub.err"))" test $? = 0
check "stub: check ran with --cmdline as given, then with --modules" \
	test "$(cat "$STUB_ARGS")" = "$(printf 'check --cmdline root=LABEL=stub rw\ncheck --cmdline root=LABEL=stub rw --modules')"
check "stub: check's findings printed" has_line "$W/stub.out" "earlymount-mkinitramfs: --hostonly: earlymount check: ok stub: root=LABEL=stub: /dev/stub (ext4)"
check "stub: the names check gave, '-' read as '_'" has_line "$W/stub.out" \
	"earlymount-mkinitramfs: --hostonly: modules earlymount check names (drivers of the devices' controllers, filesystems): virtio_blk virtio_pci ext4 $builtin_one"
check "stub: the built-in one said, not added" has_line "$W/stub.out" \
	"earlymount-mkinitramfs: --hostonly: built into $KVER (modules.builtin), nothing to add: $builtin_one"
check "stub: no warning" test ! -s "$W/stub.err"
upfront "$W/stub.img" >"$W/stub.list"
for m in virtio_blk virtio_pci ext4 virtio_ring jbd2; do
	check "stub: $m loaded up front" has_line "$W/stub.list" "$m"
done
check "stub: the built-in $builtin_one not in the image" test "$(grep -cxF "$builtin_one" "$W/stub.list")" = 0
check "stub: nothing else: virtio_scsi (a --preset virtio module) not in the image" test "$(grep -cx virtio_scsi "$W/stub.list")" = 0

# -q: check's ok lines and the module names not printed, its warnings on stderr; the same image
: >"$STUB_ARGS"
STUB_MODULES="virtio_blk virtio-pci ext4 $builtin_raw" STUB_ERROR="warning stub: a warning of check's" \
	build stubq --hostonly --check-binary "$W/stub" --check-cmdline 'root=LABEL=stub rw' --host-root "$W/hr-empty" -q
check "stub -q: exit 0 ($(head -c 300 "$W/stubq.err"))" test $? = 0
check "stub -q: nothing on stdout ($(head -c 300 "$W/stubq.out"))" test ! -s "$W/stubq.out"
check "stub -q: check's warning on stderr, its ok line not" eval \
	'has_line "$W/stubq.err" "earlymount-mkinitramfs: --hostonly: earlymount check: warning stub: a warning of check'"'"'s" && ! grep -q " ok stub" "$W/stubq.err"'
check "stub -q: the same image as without" cmp -s "$W/stub.img" "$W/stubq.img"

# --module adds to what check names
STUB_MODULES="virtio_blk" build add --hostonly --check-binary "$W/stub" --module nvme
upfront "$W/add.img" >"$W/add.list"
check "stub + --module nvme: both" eval 'has_line "$W/add.list" virtio_blk && has_line "$W/add.list" nvme'

# --hostonly carries the host's modprobe.d files, kmod's way (libkmod-config.c conf_files_list):
# *.conf and *.alias of /etc, /run, /usr/local/lib, /usr/lib and /lib's modprobe.d, a name in an
# earlier directory hiding the same name in a later one, flattened into the image's
# /etc/modprobe.d; install and remove lines are warned about.
hr=$W/hostroot
mkdir -p "$hr/etc/modprobe.d" "$hr/run/modprobe.d" "$hr/usr/lib/modprobe.d" "$hr/lib/modprobe.d"
printf 'options loop max_part=3\n' >"$hr/etc/modprobe.d/loop.conf"
printf 'options loop max_part=15\n' >"$hr/lib/modprobe.d/loop.conf" # hidden by /etc's
printf 'softdep ext4 pre: crc32c\n' >"$hr/run/modprobe.d/a.conf"
printf 'blacklist floppy\n  install nvidia   /bin/true\n' >"$hr/usr/lib/modprobe.d/b.conf"
printf 'alias my-alias loop\n' >"$hr/lib/modprobe.d/c.alias"
printf 'options loop max_part=1\n' >"$hr/etc/modprobe.d/notes.txt"   # not a config file name
printf 'options loop max_part=1\n' >"$hr/etc/modprobe.d/.hidden.conf" # hidden: kmod skips it
STUB_MODULES="virtio_blk" build conf --hostonly --check-binary "$W/stub" --host-root "$hr"
check "modprobe.d: exit 0 ($(head -c 300 "$W/conf.err"))" test $? = 0
mkdir -p "$W/conf.x"
(cd "$W/conf.x" && gzip -dc <"$W/conf.img" | cpio -id --quiet 2>/dev/null)
check "modprobe.d: the files that win, and only those ($(cd "$W/conf.x/etc/modprobe.d" 2>/dev/null && ls -A | tr '\n' ' '))" \
	test "$(cd "$W/conf.x/etc/modprobe.d" && ls -A | tr '\n' ' ')" = "a.conf b.conf c.alias loop.conf "
check "modprobe.d: /etc's loop.conf, not /lib's" test "$(cat "$W/conf.x/etc/modprobe.d/loop.conf")" = "options loop max_part=3"
check "modprobe.d: the files named, in kmod's order of directories" has_line "$W/conf.out" \
	"earlymount-mkinitramfs: --hostonly: modprobe.d files carried (options, blacklist and softdep lines applied at boot): /etc/modprobe.d/loop.conf /run/modprobe.d/a.conf /usr/lib/modprobe.d/b.conf /lib/modprobe.d/c.alias"
check "modprobe.d: the install line warned about" has_line "$W/conf.err" \
	"earlymount-mkinitramfs: warning: --hostonly: /usr/lib/modprobe.d/b.conf line 2: 'install nvidia /bin/true': install and remove commands run a shell, which the image has not: not applied at boot"
check "modprobe.d: one warning" test "$(wc -l <"$W/conf.err")" = 1
# kmod reads the image's directory as it read the host's five: the same options, blacklist and
# softdep (modprobe -C DIR --showconfig, the lines of the files only)
if modprobe -C "$W/conf.x/etc/modprobe.d" --showconfig >"$W/conf.kmod" 2>/dev/null; then
	for l in "options loop max_part=3" "blacklist floppy" "softdep ext4 pre: crc32c"; do
		check "modprobe.d: kmod reads '$l' from the image's directory" has_line "$W/conf.kmod" "$l"
	done
	check "modprobe.d: kmod reads no max_part=15 (the hidden file)" test "$(grep -c 'max_part=15' "$W/conf.kmod")" = 0
fi
STUB_MODULES="virtio_blk" build confempty --hostonly --check-binary "$W/stub" --host-root "$W/hr-empty"
check "modprobe.d: none on the host, said" has_line "$W/confempty.out" "earlymount-mkinitramfs: --hostonly: modprobe.d: no files on this machine"
check "modprobe.d: none on the host, none in the image" test -z "$(gzip -dc <"$W/confempty.img" | cpio -it --quiet 2>/dev/null | grep modprobe.d)"

# expect NAME STATUS MESSAGE ARGS...: the builder fails with STATUS, MESSAGE in its stderr, no image
expect() {
	local n=$1 want=$2 msg=$3 rc
	shift 3
	build "$n" "$@"
	rc=$?
	check "$n: exit $want (got $rc)" test "$rc" = "$want"
	check "$n: message '$msg' (got: $(head -c 400 "$W/$n.err"))" grep -qF -- "$msg" "$W/$n.err"
	check "$n: no image" test ! -e "$W/$n.img"
}
STUB_MODULES="virtio_blk em_no_such_module" expect missing 1 \
	"earlymount-mkinitramfs: --hostonly: module em_no_such_module: earlymount check says this machine needs it (the running kernel's driver or filesystem), but $MODDIR has it neither as a module nor built in" \
	--hostonly --check-binary "$W/stub"
STUB_MODULES="" STUB_STATUS=1 STUB_ERROR="error root=LABEL=stub: no block device on this machine matches it" expect stubfail 1 \
	"earlymount-mkinitramfs: --hostonly: earlymount check says a mount of the command line would fail on this machine (the error lines above); no image written" \
	--hostonly --check-binary "$W/stub"
check "stub fails: its error line passed on" grep -qxF "earlymount-mkinitramfs: --hostonly: earlymount check: error root=LABEL=stub: no block device on this machine matches it" "$W/stubfail.err"
STUB_MODULES="bad/name" expect badname 1 "printed 'bad/name', which is not a module name" --hostonly --check-binary "$W/stub"
expect initcheck 1 "$init check: a usage error (exit status 64): not an earlymount with the check subcommand" --hostonly --check-binary "$init"
expect nocheck 1 "$W/none: no such executable file" --hostonly --check-binary "$W/none"
expect generic 64 "earlymount-mkinitramfs: --hostonly and --generic: a host-only image holds what this machine needs, a generic one what any machine may; use one or the other" --hostonly --generic
expect cconly 64 "--check-cmdline: only with --hostonly" --check-cmdline root=LABEL=x
expect cbonly 64 "--check-binary: only with --hostonly" --check-binary "$W/stub"
expect hronly 64 "--host-root: only with --hostonly" --host-root "$hr"

# ---- the real check on a loop device ---------------------------------------------------------
# A root on a loop device is one no earlymount image brings up (nothing sets the loop up at boot):
# check says so (tests/check/stack) and --hostonly refuses with check's message, writing nothing.
# The host-only image of a real disk is booted by tests/qemu/scenarios/check_guest.sh's check and
# the mapping of check's names onto the tree is the stub's, above.
label=emho$$
truncate -s 32M "$W/root.ext4"
mkfs.ext4 -q -F -L "$label" "$W/root.ext4" || { bad "mkfs.ext4 failed"; exit 1; }
loopdev=$(losetup -r -f --show "$W/root.ext4") || { loopdev=; skip "losetup -r could not attach an image (no loop support here?)"; }
line="root=LABEL=$label rootfstype=ext4"
stacked="earlymount-mkinitramfs: --hostonly: earlymount check: error root=LABEL=$label: $loopdev is stacked (${loopdev#/dev/}: a loop device (backed by $(cat "/sys/block/${loopdev#/dev/}/loop/backing_file"))): an earlymount image assembles no device-mapper, md or loop device, so the boot would wait for it and fail; no dracut module sets up a loop device (earlymount.rootimage= mounts an image file from a disk instead)"
expect real 1 "earlymount-mkinitramfs: --hostonly: earlymount check says a mount of the command line would fail on this machine (the error lines above); no image written" \
	--hostonly --check-cmdline "$line"
check "real: check's error names the loop device and its backing file" grep -qxF "$stacked" "$W/real.err"
check "real: the rest of the line is still checked (its device and type)" grep -qF "earlymount-mkinitramfs: --hostonly: earlymount check: ok root=LABEL=$label: $loopdev (ext4" "$W/real.err"
expect realfail 1 "earlymount-mkinitramfs: --hostonly: earlymount check says a mount of the command line would fail on this machine (the error lines above); no image written" \
	--hostonly --check-cmdline "root=LABEL=${label}x"
# (the rest of the line depends on whether this host has disks it cannot read: tests/check/run)
check "real fail: check's error line" grep -qF "earlymount-mkinitramfs: --hostonly: earlymount check: error root=LABEL=${label}x: no " "$W/realfail.err"
losetup -d "$loopdev" && loopdev=

# ---- the hooks -----------------------------------------------------------------------------------
# A stub builder: records its arguments, writes its -o file, and hands --list to the real one.
cat >"$W/mkstub" <<STUB
#!/bin/bash
[ "\$1" != --list ] || exec "$mk" "\$@"
printf '%s\n' "\$*" >>"$W/mk.args"
while [ \$# -gt 0 ]; do [ "\$1" != -o ] || echo image >"\$2"; shift; done
STUB
chmod +x "$W/mkstub"
export EARLYMOUNT_MKINITRAMFS=$W/mkstub EARLYMOUNT_HOOKS_CONF=$W/hooks.conf
unset DEB_MAINT_PARAMS KERNEL_INSTALL_STAGING_AREA KERNEL_INSTALL_INITRD_GENERATOR
mkdir -p "$W/boot"
conf() { # VALUES...: the configuration file, from the example with these lines after it
	{ cat "$repo/hooks/hooks.conf"; printf '%s\n' "$@"; } >"$W/hooks.conf"
}
# hook NAME STATUS HOOK ARGS...: runs HOOK, checks its status; W/NAME.hook.out and .err
hook() {
	local n=$1 want=$2 rc
	shift 2
	rm -f "$W/mk.args"
	"$@" >"$W/$n.hook.out" 2>"$W/$n.hook.err"
	rc=$?
	check "hook $n: exit $want (got $rc: $(head -c 300 "$W/$n.hook.err"))" test "$rc" = "$want"
}
called() { [ -f "$W/mk.args" ] && [ "$(cat "$W/mk.args")" = "$1" ]; }
not_called() { [ ! -e "$W/mk.args" ]; }

rm -f "$W/hooks.conf"
hook noconf 0 "$postinst" "$KVER" /boot/vmlinuz-"$KVER"
check "postinst, no configuration: the builder not called, nothing said" eval 'not_called && test ! -s "$W/noconf.hook.out" -a ! -s "$W/noconf.hook.err"'
conf
hook default 0 "$postinst" "$KVER"
check "postinst, the example configuration (EARLYMOUNT_REBUILD=no): not called" not_called
conf EARLYMOUNT_REBUILD=maybe
hook badvalue 1 "$postinst" "$KVER"
check "postinst, EARLYMOUNT_REBUILD=maybe: named" grep -qF "EARLYMOUNT_REBUILD=maybe: expected yes or no" "$W/badvalue.hook.err"
conf EARLYMOUNT_REBUILD=yes "EARLYMOUNT_OUTPUT=$W/boot/initrd.img-%k" "EARLYMOUNT_OPTIONS=\"--hostonly --cmdline 'rootwait=5 ro'\""
hook enabled 0 "$postinst" "$KVER" /boot/vmlinuz-"$KVER"
check "postinst, enabled: --kver, the options (quotes group), -o the configured path ($(cat "$W/mk.args" 2>/dev/null))" \
	called "--kver $KVER --hostonly --cmdline rootwait=5 ro -o $W/boot/initrd.img-$KVER"
check "postinst: nothing on stdout (debconf)" test ! -s "$W/enabled.hook.out"
hook again 0 "$postinst" "$KVER"
check "postinst: a file that is not an earlymount image is left alone, and the kernel's configuration goes on (status 0)" eval 'not_called && test "$(cat "$W/boot/initrd.img-$KVER")" = image'
check "postinst: and the reason given" grep -qF "$W/boot/initrd.img-$KVER: exists and is not an earlymount image (another tool wrote it); left alone" "$W/again.hook.err"
cp "$W/stub.img" "$W/boot/initrd.img-$KVER"
hook ours 0 "$postinst" "$KVER"
check "postinst: an earlymount image is replaced (--force)" called "--kver $KVER --hostonly --cmdline rootwait=5 ro --force -o $W/boot/initrd.img-$KVER"
echo other >"$W/boot/initrd.img-$KVER"
conf EARLYMOUNT_REBUILD=yes "EARLYMOUNT_OUTPUT=$W/boot/initrd.img-%k" EARLYMOUNT_OPTIONS=--hostonly EARLYMOUNT_REPLACE=yes
hook replace 0 "$postinst" "$KVER"
check "postinst, EARLYMOUNT_REPLACE=yes: any image replaced" called "--kver $KVER --hostonly --force -o $W/boot/initrd.img-$KVER"
DEB_MAINT_PARAMS="'abort-upgrade' '1.0'" hook abort 0 "$postinst" "$KVER"
check "postinst, DEB_MAINT_PARAMS abort-upgrade: not called" not_called
DEB_MAINT_PARAMS="'configure' ''" hook configure 0 "$postinst" "$KVER"
check "postinst, DEB_MAINT_PARAMS configure: called" called "--kver $KVER --hostonly --force -o $W/boot/initrd.img-$KVER"
hook nokver 2 "$postinst"
check "postinst without a version: not called" not_called

# postrm.d: the image of a removed kernel goes, if it is earlymount's
img=$W/boot/initrd.img-$KVER
rm -f "$W/hooks.conf"
cp "$W/stub.img" "$img"
hook rmnoconf 0 "$postrm" "$KVER"
check "postrm, no configuration: nothing deleted, nothing said" eval 'test -f "$img" && test ! -s "$W/rmnoconf.hook.err"'
conf EARLYMOUNT_REBUILD=yes "EARLYMOUNT_OUTPUT=$W/boot/initrd.img-%k"
DEB_MAINT_PARAMS="'purge' ''" hook rmpurge 0 "$postrm" "$KVER"
check "postrm, DEB_MAINT_PARAMS purge: nothing deleted" test -f "$img"
DEB_MAINT_PARAMS="'remove' ''" hook rmours 0 "$postrm" "$KVER" /boot/vmlinuz-"$KVER"
check "postrm, remove: the earlymount image deleted, and said" eval 'test ! -e "$img" && grep -qxF "zz-earlymount: deleted $img, the image of the removed kernel $KVER" "$W/rmours.hook.err"'
check "postrm: nothing on stdout (debconf)" test ! -s "$W/rmours.hook.out"
hook rmgone 0 "$postrm" "$KVER"
check "postrm, no image there: nothing said" test ! -s "$W/rmgone.hook.err"
echo other >"$img"
hook rmother 0 "$postrm" "$KVER"
check "postrm: another tool's image left alone, and why" eval 'test "$(cat "$img")" = other && grep -qF "$img: left alone: " "$W/rmother.hook.err"'
ln -s "$W/stub.img" "$W/boot/initrd.img-9.9.9"
hook rmlink 0 "$postrm" 9.9.9
check "postrm: a symlink is left alone" eval 'test -L "$W/boot/initrd.img-9.9.9" && grep -qF "not a regular file; left alone" "$W/rmlink.hook.err"'
hook rmbadver 0 "$postrm" ../x
check "postrm: a version with a slash: nothing deleted, said" grep -qF "'../x': not a kernel version" "$W/rmbadver.hook.err"
conf EARLYMOUNT_REBUILD=yes "EARLYMOUNT_OUTPUT=$W/boot/initrd.img-%k" EARLYMOUNT_REPLACE=yes
hook rmreplace 0 "$postrm" "$KVER"
check "postrm, EARLYMOUNT_REPLACE=yes: any regular file deleted" test ! -e "$img"

# kernel-install
mkdir -p "$W/entry" "$W/staging"
echo kernel >"$W/entry/linux"
conf
KERNEL_INSTALL_STAGING_AREA=$W/staging hook kidisabled 0 "$kinstall" add "$KVER" "$W/entry" /boot/vmlinuz
check "kernel-install, disabled: not called" eval 'not_called && test -z "$(ls -A "$W/staging")"'
conf EARLYMOUNT_REBUILD=yes EARLYMOUNT_OPTIONS=--hostonly
KERNEL_INSTALL_STAGING_AREA=$W/staging hook kiadd 0 "$kinstall" add "$KVER" "$W/entry" /boot/vmlinuz
check "kernel-install add: the staging area's initrd, --force" called "--kver $KVER --hostonly --force -o $W/staging/initrd"
check "kernel-install add: the image is in the staging area" test -f "$W/staging/initrd"
hook kinostage 0 "$kinstall" add "$KVER" "$W/entry" /boot/vmlinuz
check "kernel-install add without a staging area (systemd < 251): ENTRY_DIR/initrd" called "--kver $KVER --hostonly --force -o $W/entry/initrd"
hook kiremove 0 "$kinstall" remove "$KVER" "$W/entry"
check "kernel-install remove: not called, nothing deleted" eval 'not_called && test -f "$W/entry/initrd" -a -f "$W/entry/linux" -a -f "$W/staging/initrd"'
KERNEL_INSTALL_STAGING_AREA=$W/staging hook kigiven 0 "$kinstall" add "$KVER" "$W/entry" /boot/vmlinuz /boot/my-initrd
check "kernel-install add with initrds given: not called" not_called
KERNEL_INSTALL_STAGING_AREA=$W/staging KERNEL_INSTALL_INITRD_GENERATOR=dracut hook kidracut 0 "$kinstall" add "$KVER" "$W/entry" /boot/vmlinuz
check "kernel-install, initrd_generator=dracut: not called, said why" eval 'not_called && grep -qF "initrd_generator=dracut" "$W/kidracut.hook.out"'
KERNEL_INSTALL_STAGING_AREA=$W/staging KERNEL_INSTALL_INITRD_GENERATOR=earlymount hook kiours 0 "$kinstall" add "$KVER" "$W/entry" /boot/vmlinuz
check "kernel-install, initrd_generator=earlymount: called" called "--kver $KVER --hostonly --force -o $W/staging/initrd"

echo "test_hostonly: $pass passed, $fail failed"
[ "$fail" = 0 ]
