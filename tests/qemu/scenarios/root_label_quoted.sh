# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# root=LABEL="My Root": the kernel keeps the quotes in the value (lib/cmdline.c next_arg removes
# only a quote that opens the parameter or its value); earlymount removes them from the tag's
# value as systemd's tag_to_udev_node does, and finds the ext4 label with a space in it. Then a
# label with the quotes kept in it on purpose does not match and says which label it waited for.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L 'My Root'
mkinitrd "$EM_TMP/initrd" --fs ext4
boot 'root=LABEL="My Root" rootwait'
assert_booted
assert_mount / ext4 source:/dev/vda ro
got=$(report_get CMDLINE) || em_fail "the report has no CMDLINE"
case $got in *'root=LABEL="My Root"'*) ;; *) em_fail "/proc/cmdline lost the quotes the test relies on: $got" ;; esac

# Without the space the label differs: the wait ends with the label earlymount looked for.
boot 'root=LABEL="MyRoot" earlymount.timeout=3 earlymount.onfail=poweroff'
assert_log "$(printf "$EXPECT_TIMEOUT" 3 "LABEL=MyRoot")"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although no disk has the label MyRoot"
assert_powered_off
