# SPDX-License-Identifier: MIT
# arch: amd64 -- a floppy drive needs the pc machine's ISA floppy controller (qemu-system-aarch64 has no isa-fdc) and the floppy driver, which arm64 kernels cannot build (BLK_DEV_FD needs ARCH_MAY_HAVE_PC_FDC)
# An empty floppy drive (the floppy module loaded, fd0 present): earlymount never reads it, as
# udev's 60-persistent-storage.rules never probes fd*: each read of an empty drive spins it and
# fails after seconds of retries. A root= that matches nothing ends in the device report, which
# names fd0 as not read; the floppy driver never logged a read error.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emreal
mkinitrd "$EM_TMP/initrd" --fs ext4 --module floppy
qemu_boot_ex "$EM_TMP/console.log" "$EM_TMP/initrd" \
	"root=LABEL=emnothere earlymount.timeout=3 earlymount.onfail=$EXPECT_ONFAIL_TIMEOUT" \
	-drive "file=$EM_TMP/root.img,format=raw,if=virtio,read-only=on" -drive if=floppy,index=0
assert_log "$(printf "$EXPECT_TIMEOUT" 3 "LABEL=emnothere")"
assert_log "$(printf "$EXPECT_NOT_READ" /dev/fd0 "a floppy drive")"
assert_log_re "$(printf "$EXPECT_DEVICE_LINE_RE" /dev/vda ext4 '[0-9a-f-]+')" "the disk is still probed"
refute_log "I/O error, dev fd0"
refute_log "floppy0: "
