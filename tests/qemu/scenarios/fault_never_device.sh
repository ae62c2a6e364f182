# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# A root that never appears: root=PARTUUID= of a partition no disk has, earlymount.timeout=7, with
# a GPT disk that has another partition (with an ext4 on it). earlymount must give up after 7 s,
# to within a second, and list what it found: the disk with its table and partition, and the
# partition's filesystem.
#
# The measurement, with earlymount.debug's "[S.mmm]" stamps (milliseconds since earlymount
# started): the wait starts right after the module loading, whose summary line ("modules: ...")
# is the last thing earlymount says before it; the "timed out" line ends it. Both lines are
# stamped by earlymount's own clock, so that clock is checked against the kernel's: the
# "waiting ... (5 s of 7 s)" and "timed out" lines also carry the kernel's printk timestamps, and
# the time between them must be the same by both clocks (within 0.1 s).
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/p1.img" "$EM_TMP/root" -L emother
pu1=$(em_uuid) wanted=$(em_uuid) fsuuid=$(dumpe2fs -h "$EM_TMP/p1.img" 2>/dev/null | sed -n 's/^Filesystem UUID: *//p')
mkdisk_partitioned "$EM_TMP/root.img" gpt "$(em_uuid)" "$EM_TMP/p1.img|type=$EM_GPT_LINUX, name=em-other, uuid=$pu1"
mkinitrd "$EM_TMP/initrd" --fs ext4
boot "root=PARTUUID=$wanted earlymount.timeout=7 earlymount.debug earlymount.onfail=poweroff"
em_log_unstamp
assert_log "$(printf "$EXPECT_TIMEOUT" 7 "PARTUUID=$wanted")"
assert_log "$EXPECT_DEVICES_FOUND"
assert_log_re "$(printf "$EXPECT_DEVICE_PTABLE_RE" /dev/vda gpt)" "the disk with its partition table"
assert_log_re "$(printf "$EXPECT_DEVICE_PART_RE" /dev/vda1 "$pu1" em-other)" "the partition with its PARTUUID and PARTLABEL"
assert_log_re "$(printf "$EXPECT_DEVICE_LINE_RE" /dev/vda1 ext4 "$fsuuid")" "the partition's filesystem"
[ ! -s "$EM_LOG.report" ] || em_fail "the test root's init ran although the root was never found"
assert_powered_off

# "[kernel] earlymount: [S.mmm] text" -> the earlymount stamp (2) or the kernel's (1) of the
# first line matching the regex
em_stamp() {
	local l
	l=$(grep -aE -m 1 -- "$2" "$EM_LOG_STAMPED") || return 1
	if [ "$1" = 2 ]; then
		sed -n 's/.*earlymount: \[\([0-9]*\.[0-9]*\)\].*/\1/p' <<<"$l" | grep .
	else
		sed -n 's/^\[ *\([0-9]*\.[0-9]*\)\].*/\1/p' <<<"$l" | grep .
	fi
}
s_start=$(em_stamp 2 'earlymount: \[[0-9.]+\] modules: ') || em_fail "no debug line 'modules: ...' with earlymount's stamp"
s_end=$(em_stamp 2 'earlymount: \[[0-9.]+\] timed out after 7 s') || em_fail "no 'timed out' line with earlymount's stamp"
k_end=$(em_stamp 1 'earlymount: \[[0-9.]+\] timed out after 7 s') || em_fail "no 'timed out' line with the kernel's stamp"
s_w5=$(em_stamp 2 'earlymount: \[[0-9.]+\] waiting for root device .*\(5 s of 7 s\)') || em_fail "no 'waiting ... (5 s of 7 s)' line"
k_w5=$(em_stamp 1 'earlymount: \[[0-9.]+\] waiting for root device .*\(5 s of 7 s\)') || em_fail "no kernel stamp on the 'waiting' line"
# Nothing else happened between the start of the wait and its end (else the start is not where
# the wait began) but module loads: in an image that matches devices, the filesystems named up
# front load while the devices are awaited, after the disks' chains (modload.c, PRIO_LATE); the
# summary line says so ("N more load while the devices are awaited").
between=$(sed -n '/earlymount: \[[0-9.]*\] modules: /,/timed out after 7 s/p' "$EM_LOG_STAMPED" | grep -a 'earlymount:' |
	grep -avE 'modules: |waiting for root device|timed out after|module [a-z0-9_-]+: load (started|ended) |loaded module [a-z0-9_-]+ \(' || true)
[ -z "$between" ] || em_fail "earlymount did more between the module loading and the timeout than wait: $between"
waited=$(awk -v a="$s_start" -v b="$s_end" 'BEGIN { printf "%.3f", b - a }')
skew=$(awk -v s1="$s_w5" -v s2="$s_end" -v k1="$k_w5" -v k2="$k_end" 'BEGIN { d = (s2 - s1) - (k2 - k1); printf "%.3f", d < 0 ? -d : d }')
em_note "waited ${waited}s by earlymount's clock (from [$s_start] to [$s_end]); clocks differ by ${skew}s over the last $(awk -v a="$k_w5" -v b="$k_end" 'BEGIN { printf "%.3f", b - a }')s"
awk -v s="$skew" 'BEGIN { exit !(s < 0.1) }' ||
	em_fail "earlymount's clock and the kernel's disagree by ${skew}s between the 'waiting' and 'timed out' lines"
awk -v w="$waited" 'BEGIN { exit !(w >= 7 && w < 8) }' ||
	em_fail "earlymount.timeout=7 gave up after ${waited}s of waiting (expected 7 s to 8 s)"
