# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The error paths of the /init build, one boot each, on one GPT disk whose second partition holds
# the ext4 root (PARTUUID and LABEL known). Each boot must print earlymount's own message, word for
# word, and end as earlymount.onfail=poweroff says, with PID 1 alive to do it: neither "Attempted
# to kill init" (earlymount crashing or exiting as PID 1) nor any other kernel panic. The messages
# carry errno's text (errstr), which must not crash on any architecture (issue 26: on arm64 musl's
# strerror read a thread pointer that was never set, and PID 1 died with SIGSEGV).
#   1. rootflags= with an option ext4 does not know: the mount is refused; the line names the
#      action, the device, the type, errno's text and ext4's own message from the fs context;
#   2. root=UUID= that matches nothing, earlymount.timeout=3: the wait and what it waited for;
#   3. init= naming a file the root does not have: which init and why; the initramfs stays.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p2.img" "$EM_TMP/root" -L emerrs
pu=$(em_uuid) nothing=$(em_uuid)
mkdisk_partitioned "$EM_TMP/root.img" gpt "$(em_uuid)" \
	"8|type=$EM_GPT_LINUX, name=em-empty" \
	"$EM_TMP/p2.img|type=$EM_GPT_LINUX, name=em-root, uuid=$pu"
mkinitrd "$EM_TMP/initrd" --fs ext4

# PID 1 is alive and ended the boot itself; the root's init never ran.
em_errs_survived() {
	refute_log 'Attempted to kill init'
	refute_log 'Kernel panic'
	[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although this boot must fail ($1)"
	assert_powered_off
}

# 1. an option the kernel refuses
boot "root=PARTUUID=$pu rootflags=em_bogus earlymount.onfail=poweroff"
em_errs_survived "rootflags=em_bogus"
assert_log "$(printf "$EXPECT_MOUNT_FAILED_KERNEL" /dev/vda2 ext4 "$EXPECT_EINVAL" \
	"$(printf "$EXPECT_KERNEL_UNKNOWN_PARAM" ext4 em_bogus)")"
em_note "refused option: $(grep -a -m 1 -F 'earlymount: mount /dev/vda2' "$EM_LOG")"

# 2. a root that never appears
boot "root=UUID=$nothing earlymount.timeout=3 earlymount.onfail=poweroff"
em_errs_survived "root=UUID=$nothing"
assert_log "$(printf "$EXPECT_TIMEOUT" 3 "UUID=$nothing")"
assert_log "$EXPECT_DEVICES_FOUND"
assert_log "$(printf "$EXPECT_PART_LINE" /dev/vda2 "$pu")"
em_note "missing root: $(grep -a -m 1 -F 'earlymount: timed out' "$EM_LOG")"

# 3. an init that is not there (init= alone is tried, as the kernel does)
boot "root=LABEL=emerrs init=/sbin/em-no-such-init earlymount.onfail=poweroff"
em_errs_survived "init=/sbin/em-no-such-init"
assert_log "$(printf "$EXPECT_MOUNTED" /dev/vda2 ext4)"
assert_log "$(printf "$EXPECT_NO_INIT_WHY" "$(printf "$EXPECT_INIT_PARAM_WHY" /sbin/em-no-such-init "$EXPECT_ENOENT"); $EXPECT_LEFT_INTACT")"
em_note "missing init: $(grep -a -m 1 -F 'earlymount: no init found' "$EM_LOG")"
