# SPDX-License-Identifier: MIT
# The module's check() refuses, and says why, when the binary it is told to use does not exist:
# dracut --add earlymount then fails instead of building an image that cannot mount the root.
em_images
mkdir -p "$EM_TMP/conf.d"
printf 'earlymount_binary=%q\n' "$EM_TMP/no-such-earlymount" >"$EM_TMP/dracut.conf"
rc=0
dracutbasedir=$EM_WORK/base TMPDIR=$EM_TMP dracut --force --no-hostonly --kver "$KVER" --kmoddir "$MODDIR" \
	--conf "$EM_TMP/dracut.conf" --confdir "$EM_TMP/conf.d" --add earlymount --no-kernel \
	--omit "$EM_OMIT_SYSTEMD" "$EM_TMP/img" >"$EM_TMP/dracut.log" 2>&1 || rc=$?
EM_LOG=$EM_TMP/dracut.log
[ "$rc" != 0 ] || em_fail "dracut --add earlymount succeeded without the earlymount binary"
assert_log "earlymount: no executable earlymount binary (looked at: earlymount_binary=$EM_TMP/no-such-earlymount"
assert_log "dracut module 'earlymount' cannot be found or installed"
[ ! -e "$EM_TMP/img" ] || em_fail "dracut left an image behind"
