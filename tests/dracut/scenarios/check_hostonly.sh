# SPDX-License-Identifier: MIT
# A host-only dracut image with earlymount: the module runs `earlymount check` against this host's
# command line (/etc/kernel/cmdline, else /proc/cmdline) and puts its findings into dracut's log,
# warnings and errors as dracut warnings, and the build succeeds whatever check says. Then a check
# that fails (exit 1, an error line): /etc/kernel/cmdline is not the test's to write, so a
# stand-in earlymount answers as check does for a line whose root nothing carries. Image builds
# only, no boot.
em_images
build() { # OUT [dracut args...]
	local out=$1
	shift
	em_run_dracut --force --hostonly --kver "$KVER" \
		--conf "$EM_TMP/dracut.conf" --confdir "$EM_WORK/dracut.conf.d" -m "base rootfs-block kernel-modules" \
		--drivers loop --no-early-microcode --no-compress --add earlymount "$@" "$out" >"$out.log" 2>&1 ||
		{ tail -n 30 "$out.log"; em_fail "dracut --hostonly failed; log: $out.log"; }
}
# 1. The real earlymount: its findings on this host, whatever they are, are in the log.
printf 'earlymount_binary=%q\n' "$EM_BINARY" >"$EM_TMP/dracut.conf"
build "$EM_TMP/real.img"
want=$("$EM_BINARY" check 2>&1 | head -n 1 || true) # (check exits 1 when the line would fail)
[ -n "$want" ] || em_fail "earlymount check printed nothing on this host"
grep -qF -- "earlymount check: $want" "$EM_TMP/real.img.log" ||
	em_fail "dracut's log lacks earlymount check's first finding ('$want'); log: $EM_TMP/real.img.log"
# 2. A failing check (exit 1, an error line): a dracut warning, and the image is still built.
cat >"$EM_TMP/earlymount" <<STUB
#!/bin/sh
[ "\$1" = check ] || exec "$EM_BINARY" "\$@"
echo "ok command line from /etc/kernel/cmdline: root=LABEL=em-nothing"
echo "error root=LABEL=em-nothing: no block device on this machine matches it; the boot would wait 30 s and fail"
exit 1
STUB
chmod +x "$EM_TMP/earlymount"
printf 'earlymount_binary=%q\n' "$EM_TMP/earlymount" >"$EM_TMP/dracut.conf"
# (--quiet: dracut then prints its warnings, not its information: which kind each line is)
build "$EM_TMP/fail.img" --quiet
[ -s "$EM_TMP/fail.img" ] || em_fail "no image after a failing check"
grep -qF "earlymount check: error root=LABEL=em-nothing: no block device on this machine matches it" "$EM_TMP/fail.img.log" ||
	em_fail "the failing check's error is not a dracut warning (not shown with --quiet); log: $EM_TMP/fail.img.log"
! grep -qF "earlymount check: ok command line" "$EM_TMP/fail.img.log" ||
	em_fail "check's ok line is a warning too (shown with --quiet)"
