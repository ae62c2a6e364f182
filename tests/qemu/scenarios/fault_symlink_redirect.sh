# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A root filesystem with planted symbolic links used as mount points and bind sources. Mount
# points and bind sources are resolved inside the new root (openat2 RESOLVE_IN_ROOT: ".." stops
# at the new root, absolute links restart there), so:
#   /usr -> /                    mount.usr=LABEL=emusr: resolves to the new root itself: refused
#   /srv -> /proc/..             tmpfs (size=1M): the new root itself: refused
#   /mnt/up -> ../../..          tmpfs (size=2M): the new root itself: refused
#   /mnt/var -> ../../../../var  tmpfs (size=3M): climbs "above" the root, lands on /var: mounted
#   /mnt/etclink -> /etc/earlymount   bound on /mnt/bound: a directory of the initramfs, not of
#                                the new root: no such file there: refused
# (the refused ones have nofail, so the boot goes on and the result can be looked at).
# Mounting on the new root itself would cover it; a resolver that followed the links from the
# initramfs would mount on the initramfs's own / (the links lead there) or expose its files.
#   1. The booted root's mountinfo: only the root on /, the tmpfs on /var, nothing of vdb, no
#      refused tmpfs anywhere, /mnt/bound empty; earlymount said why for each refusal.
#   2. Nothing landed on the initramfs, which the booted root cannot see: the same mounts with
#      init=/nonexistent, so earlymount stops before the switch (initramfs intact, /sysroot
#      unmounted again) and starts the rescue shell (--busybox, onfail=shell), where the
#      initramfs's mountinfo must hold only its own /, /dev, /proc, /sys and /run.
mkroot "$EM_TMP/root"
r=$EM_TMP/root
mkdir -p "$r/lib"
mv "$r/usr/lib/os-release" "$r/lib/os-release"
rm -rf "${r:?}/usr" "${r:?}/srv"
ln -s / "$r/usr"
ln -s /proc/.. "$r/srv"
ln -s ../../.. "$r/mnt/up"
ln -s ../../../../var "$r/mnt/var"
ln -s /etc/earlymount "$r/mnt/etclink"
mkdir -p "$r/mnt/bound"
em_add_check "$r" links '
echo "USR_LINK=$(readlink /usr)"
echo "BOUND_LS=$(ls -A /mnt/bound | tr "\n" " ")"
echo "VAR_FS=$(stat -f -c %T /var)"'
mkdisk_ext4 "$EM_TMP/root.img" "$r"
mkdir -p "$EM_TMP/usr/lib"
echo "usr disk" >"$EM_TMP/usr/lib/em-usr-marker"
DISK_SIZE=8M mkdisk_ext4 "$EM_TMP/usr.img" "$EM_TMP/usr" -L emusr
mkinitrd "$EM_TMP/initrd" --fs ext4 --busybox

mounts="mount.usr=LABEL=emusr mount.usrflags=nofail \
earlymount.mount=tmpfs:/srv:tmpfs:size=1M,nofail \
earlymount.mount=tmpfs:/mnt/up:tmpfs:size=2M,nofail \
earlymount.mount=tmpfs:/mnt/var:tmpfs:size=3M \
earlymount.mount=/mnt/etclink:/mnt/bound:bind:nofail"

# 1. the booted root
boot "root=/dev/vda $mounts earlymount.onfail=poweroff" "$EM_TMP/root.img" "$EM_TMP/usr.img"
assert_booted
assert_log "$(printf "$EXPECT_MOUNTPOINT_IS_ROOT" /usr)"
assert_log "$(printf "$EXPECT_MOUNTPOINT_IS_ROOT" /srv)"
assert_log "$(printf "$EXPECT_MOUNTPOINT_IS_ROOT" /mnt/up)"
assert_log "$(printf "$EXPECT_BIND_SOURCE_MISSING" /mnt/etclink /mnt/bound /mnt/etclink)"
assert_mount / ext4 source:/dev/vda ro
n=$(report_mountinfo | awk '$5 == "/"' | wc -l)
[ "$n" = 1 ] || em_fail "$n mounts on / in the booted root (expected the root alone): $(report_mountinfo | awk '$5 == "/"')"
assert_mount /var tmpfs super:size=3072k
refute_mount /usr
refute_mount /srv
refute_mount /mnt/up
refute_mount /mnt/bound
stray=$(report_mountinfo | grep -E ' /dev/vdb | (size=1024k|size=2048k)(,|$)' || true)
[ -z "$stray" ] || em_fail "a refused mount is in the booted root: $stray"
assert_report USR_LINK /
assert_report VAR_FS tmpfs
assert_report BOUND_LS ""

# 2. the initramfs, seen from the rescue shell after the same mounts
QEMU_INPUT='while read -r l; do echo "RMI: $l"; done </proc/self/mountinfo; echo RESCUE-DONE-$((2*3)); poweroff -f' \
	QEMU_INPUT_AFTER="$EXPECT_SHELL_READY" \
	boot "root=/dev/vda $mounts init=/nonexistent earlymount.onfail=shell" "$EM_TMP/root.img" "$EM_TMP/usr.img"
assert_log "$(printf "$EXPECT_NO_INIT_WHY" "/nonexistent (init=): No such file or directory")"
assert_log "$EXPECT_LEFT_INTACT"
assert_log "$(printf "$EXPECT_MOUNTPOINT_IS_ROOT" /srv)"
assert_log_re '^RESCUE-DONE-6$' "the rescue shell ran the typed commands"
rmi=$(sed -n 's/^RMI: //p' "$EM_LOG")
[ -n "$rmi" ] || em_fail "the rescue shell printed no mountinfo"
em_note "the initramfs's mounts after the failure: $(awk '{ printf "%s(%s) ", $5, $(NF - 2) }' <<<"$rmi")"
unexpected=$(awk '$5 != "/" && $5 != "/dev" && $5 != "/proc" && $5 != "/sys" && $5 != "/run"' <<<"$rmi")
[ -z "$unexpected" ] || em_fail "mounts left on the initramfs: $unexpected"
n=$(awk '$5 == "/"' <<<"$rmi" | wc -l)
[ "$n" = 1 ] || em_fail "$n mounts on the initramfs's / (something landed on it): $(awk '$5 == "/"' <<<"$rmi")"
