# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A disk is untrusted input: an ext4 label of ESC [2J (clear the screen), a newline and
# "EVIL: ok" must reach the console escaped (\xNN, as udev and blkid encode labels), never raw.
# The root= waits for another disk and times out, so earlymount's device list prints the label.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L "$(printf '\033[2J\nEVIL: ok')"
mkinitrd "$EM_TMP/initrd" --fs ext4
wanted=$(em_uuid)
boot "root=UUID=$wanted earlymount.timeout=2 earlymount.onfail=poweroff"
assert_log "$(printf "$EXPECT_TIMEOUT" 2 "UUID=$wanted")"
assert_log "$EXPECT_DEVICES_FOUND"
assert_log "$EXPECT_HOSTILE_LABEL_ESCAPED"
# The raw console (before the test's own escape filter): no ESC anywhere in earlymount's lines,
# and no line of its own that starts with the label's second half.
if grep -aF 'earlymount:' "$EM_LOG.raw" | grep -a "$(printf '\033')" >/dev/null; then
	em_fail "an ESC from the disk label reached the console raw"
fi
if grep -aE '^(\[ *[0-9.]+\] )?EVIL: ok' "$EM_LOG.raw" >/dev/null; then
	em_fail "the label's newline reached the console raw: a line 'EVIL: ok' of its own"
fi
