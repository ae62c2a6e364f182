# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# rootflags= with an option ext4 does not know: the filesystem context's message reaches
# earlymount's failure line ("kernel: ext4: Unknown parameter 'em_bogus'").
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=/dev/vda rootflags=em_bogus earlymount.onfail=$EXPECT_ONFAIL_BADFLAG"
assert_log_re "$(printf "$EXPECT_KERNEL_REASON_RE" em_bogus)" "the kernel's reason on earlymount's line"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although its mount must fail"
