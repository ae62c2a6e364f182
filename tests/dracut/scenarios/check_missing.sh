# SPDX-License-Identifier: MIT
# The module's check() refuses, and says why, when the binary it is told to use does not exist, or
# is the /init build (earlymount-init, without the resolve and plan subcommands its hooks run):
# dracut --add earlymount then fails instead of building an image that cannot mount the root with
# earlymount (with the /init build, every boot fell back to dracut's mount-root.sh).
em_images
mkdir -p "$EM_TMP/conf.d"
refused() { # BINARY LOG: dracut --add earlymount with earlymount_binary=BINARY must fail
	local rc=0
	rm -f "$EM_TMP/img"
	printf 'earlymount_binary=%q\n' "$1" >"$EM_TMP/dracut.conf"
	em_run_dracut --force --no-hostonly --kver "$KVER" \
		--conf "$EM_TMP/dracut.conf" --confdir "$EM_TMP/conf.d" --add earlymount --no-kernel \
		--omit "$EM_OMIT_SYSTEMD" "$EM_TMP/img" >"$2" 2>&1 || rc=$?
	EM_LOG=$2
	[ "$rc" != 0 ] || em_fail "dracut --add earlymount succeeded with earlymount_binary=$1"
	# shellcheck disable=SC2059 # (the expected text is a format: lib.sh)
	assert_log "$(printf "$EXPECT_DRACUT_MODULE_REFUSED" earlymount)"
	[ ! -e "$EM_TMP/img" ] || em_fail "dracut left an image behind (earlymount_binary=$1)"
}
refused "$EM_TMP/no-such-earlymount" "$EM_TMP/dracut-missing.log"
assert_log "earlymount: no executable earlymount binary (looked at: earlymount_binary=$EM_TMP/no-such-earlymount"
[ -x "$EM_BUILD/earlymount-init" ] || em_die "$EM_BUILD/earlymount-init: not built (cmake --build $EM_BUILD)"
refused "$EM_BUILD/earlymount-init" "$EM_TMP/dracut-init-build.log"
assert_log "earlymount: $EM_BUILD/earlymount-init is the /init build (earlymount-init), which lacks the resolve and plan subcommands this module's hooks run"
