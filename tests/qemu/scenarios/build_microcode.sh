# SPDX-License-Identifier: MIT
# arch: amd64 -- the early microcode archive is x86's (kernel/x86/microcode/, read by arch/x86/kernel/cpu/microcode): the builder writes none for an arm64 kernel
# An image with an early microcode archive in front (earlymount-mkinitramfs, as dracut
# --early-microcode writes it): the kernel's microcode loader reads the uncompressed archive in
# place, and the kernel still unpacks the gzip archive after it and runs earlymount as /init.
# The microcode is no real one: the loader skips what it does not recognise (and QEMU's CPU takes
# no update); what is tested is the layout.
mkroot "$EM_TMP/root"
mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emroot
mkdir -p "$EM_TMP/ucode/intel-ucode" "$EM_TMP/ucode/amd-ucode"
printf 'not an Intel microcode update\n' >"$EM_TMP/ucode/intel-ucode/06-8e-09"
printf 'not an AMD microcode container\n' >"$EM_TMP/ucode/amd-ucode/microcode_amd.bin"
mkinitrd "$EM_TMP/initrd" --fs ext4 --compress gzip --microcode-dir "$EM_TMP/ucode"
[ "$(head -c 6 "$EM_TMP/initrd")" = 070701 ] ||
	em_die "the image does not start with the early (uncompressed) archive: $(head -c 6 "$EM_TMP/initrd" | od -An -c)"
cpio -it --quiet <"$EM_TMP/initrd" | grep -qx kernel/x86/microcode/GenuineIntel.bin ||
	em_die "the early archive holds no kernel/x86/microcode/GenuineIntel.bin"
boot "root=LABEL=emroot"
assert_booted
assert_mount / ext4 source:/dev/vda
! grep -q 'Initramfs unpacking failed' "$EM_LOG" || em_fail "the kernel could not unpack the image after the early archive"
