#!/bin/bash
# SPDX-License-Identifier: MIT
# earlymount-mkinitramfs's configuration files (earlymount-mkinitramfs(8), CONFIGURATION): what
# --print-config reports from earlymount.conf and conf.d/*.conf (order, quotes, blanks, literal
# values), the FILE:LINE error of every kind of bad line, and the command line replacing each key
# in what a build passes on (seen through --hostonly's check, a stub here, and the image's --list).
# Usage: config.sh SRC BUILD (BUILD: where earlymount-init was built)
set -uo pipefail
src=$1 bin=$2/earlymount-init
mk=$src/initramfs/earlymount-mkinitramfs
W=$(mktemp -d) || exit 1
trap 'rm -rf "$W"' EXIT
pass=0 failed=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1" >&2; }

C=$W/etc/earlymount
mkdir -p "$C/conf.d"
# expect NAME STATUS STDOUT-or-STDERR-TEXT -- ARGS: runs the builder, compares the status and the text
expect() {
	local name=$1 want_rc=$2 want=$3 rc got
	shift 4
	got=$(bash "$mk" "$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ "$got" = "$want" ]; then ok "$name"; else
		bad "$name: status $rc (want $want_rc), output:
$got
want:
$want"
	fi
}

cat >"$C/earlymount.conf" <<'CONF'
# a comment
   # an indented comment

MODE=hostonly
MODULES = "ext4  xfs"
	COMPRESS=gzip	
CMDLINE='root=LABEL=r ro $HOME `id` "x"'
FIRMWARE_DIR=/srv/fw
CONF
printf 'COMPRESS=xz\n' >"$C/conf.d/20-b.conf"
printf 'COMPRESS=zstd\nMICROCODE=no\n' >"$C/conf.d/10-a.conf"
printf 'COMPRESS=lz4\n' >"$C/conf.d/30-c.conf.disabled"
expect "earlymount.conf, then conf.d/*.conf in name order (the last wins), values literal" 0 \
"MODE=hostonly
MODULES=ext4  xfs
COMPRESS=xz
CMDLINE=root=LABEL=r ro \$HOME \`id\` \"x\"
FIRMWARE_DIR=/srv/fw
MICROCODE=no" -- --confdir "$C" --print-config
expect "a missing --confdir is an error" 1 "earlymount-mkinitramfs: $W/none: no such directory (--confdir)" -- --confdir "$W/none" --print-config
rm "$C/conf.d/"*
mv "$C/earlymount.conf" "$W/full.conf"
printf 'COMPRESS=xz\n' >"$C/earlymount.conf"
got=$(EARLYMOUNT_CONFDIR=$C bash "$mk" --print-config 2>&1)
[ "$got" = COMPRESS=xz ] && ok "EARLYMOUNT_CONFDIR names the directory" || bad "EARLYMOUNT_CONFDIR: $got"
expect "--no-config reads nothing" 0 "" -- --confdir "$C" --no-config --print-config

# Every kind of bad line: status 1, FILE:LINE, what is wrong.
B=$C/conf.d/50-bad.conf
badline() { # NAME LINE MESSAGE
	printf '# first\n%s\n' "$2" >"$B"
	expect "bad line: $1" 1 "earlymount-mkinitramfs: $B:2: $3" -- --confdir "$C" --print-config
}
badline "unknown key" "HOSTONLY=yes" "HOSTONLY: unknown key (known: MODE MODULES PRESETS FILESYSTEMS COMPRESS CMDLINE RESUME RESUME_OFFSET FIRMWARE_DIR MICROCODE MICROCODE_DIR BUSYBOX FALLBACK)"
badline "lower-case key" "mode=generic" "mode: unknown key (known: MODE MODULES PRESETS FILESYSTEMS COMPRESS CMDLINE RESUME RESUME_OFFSET FIRMWARE_DIR MICROCODE MICROCODE_DIR BUSYBOX FALLBACK)"
badline "no =" "MODE" "'MODE': expected KEY=value, a comment (#) or a blank line"
badline "shell syntax" 'export MODE=generic' "'export MODE=generic': expected KEY=value, a comment (#) or a blank line"
badline "MODE's values" "MODE=host" "MODE=host: expected hostonly, generic or listed"
badline "COMPRESS's values" "COMPRESS=bzip2" "COMPRESS=bzip2: expected gzip, xz, zstd, lz4 or none"
badline "yes or no" "MICROCODE=1" "MICROCODE=1: expected yes or no"
badline "a relative directory" "FIRMWARE_DIR=lib/firmware" "FIRMWARE_DIR=lib/firmware: not an absolute path"
badline "a module name with a slash" "MODULES=ext4 ../x" "MODULES: '../x': not a name"
badline "an unterminated quote" 'CMDLINE="root=/dev/vda' "CMDLINE: unterminated or doubled \" quote (no escapes: values are literal)"
badline "a quote inside quotes" "CMDLINE='a'b'" "CMDLINE: unterminated or doubled ' quote (no escapes: values are literal)"
badline "a DOS line end" $'MODE=generic\r' "a control character (a DOS line end?); expected KEY=value"
printf 'PRESETS=virtio floppy\n' >"$B"
expect "an unknown preset (found when the build starts)" 1 "earlymount-mkinitramfs: $B:1: PRESETS: 'floppy': unknown preset (see --preset)" -- --confdir "$C" -o "$W/x.img"
rm -f "$B"
printf 'MODE=generic\n' >"$C/conf.d/unreadable.conf"
chmod 000 "$C/conf.d/unreadable.conf"
if [ "$(id -u)" != 0 ]; then
	expect "an unreadable file" 1 "earlymount-mkinitramfs: $C/conf.d/unreadable.conf: cannot be read (a configuration file; see --no-config)" -- --confdir "$C" --print-config
else
	echo "skipped: an unreadable file (root reads it anyway)"
fi
rm -f "$C/conf.d/unreadable.conf"

# The command line replaces each key. Built for real (no modules: a tree of one empty modules.dep),
# and read back with --list; --hostonly runs a stub check that logs what it was asked and names no module.
K=$W/lib/modules/6.1.0-test
mkdir -p "$K"
: >"$K/modules.builtin"
: >"$K/modules.order"
: >"$K/modules.builtin.modinfo"
[ -x "$bin" ] || { echo "FAIL: $bin: not built" >&2; exit 1; }
command -v depmod >/dev/null || { echo "skipped: depmod (kmod) not found, it indexes the test's module tree"; exit 77; }
depmod -b "$W" "${K##*/}" || { echo "FAIL: depmod -b $W ${K##*/}" >&2; exit 1; }
cat >"$W/check" <<'STUB'
#!/bin/bash
printf '%s\n' "$*" >>"${0%/*}/check.log"
exit 0
STUB
chmod +x "$W/check"
build() { # NAME ARGS...: builds $W/NAME.img with the config in $C; status: the builder's
	local n=$1
	shift
	rm -f "$W/check.log"
	bash "$mk" --confdir "$C" --moddir "$K" --binary "$bin" --no-microcode -o "$W/$n.img" "$@" >"$W/$n.log" 2>&1
}
cat >"$C/earlymount.conf" <<'CONF'
MODE=hostonly
COMPRESS=none
CMDLINE="root=LABEL=fromconfig ro"
CONF
if build cfg --check-binary "$W/check"; then
	[ -s "$W/check.log" ] && ok "MODE=hostonly: the build runs check" || bad "MODE=hostonly: check was not run ($(cat "$W/cfg.log"))"
	list=$(bash "$mk" --list "$W/cfg.img" 2>&1)
	grep -q 'root=LABEL=fromconfig ro' <<<"$list" && ok "CMDLINE is stored" || bad "CMDLINE not stored: $list"
	grep -qi 'uncompressed\|none\|cpio' <<<"$(head -5 <<<"$list")" && ok "COMPRESS=none: an uncompressed archive" ||
		bad "COMPRESS=none: $(head -5 <<<"$list")"
else
	bad "a build with the configuration failed: $(cat "$W/cfg.log")"
fi
if build cl --check-binary "$W/check" --cmdline "root=LABEL=fromcl" --compress gzip; then
	list=$(bash "$mk" --list "$W/cl.img" 2>&1)
	grep -q 'root=LABEL=fromcl' <<<"$list" && ! grep -q fromconfig <<<"$list" && ok "--cmdline replaces CMDLINE" ||
		bad "--cmdline did not replace CMDLINE: $list"
	[ "$(head -c2 "$W/cl.img" | od -An -tx1 | tr -d ' ')" = 1f8b ] && ok "--compress gzip replaces COMPRESS=none" ||
		bad "--compress did not replace COMPRESS"
else
	bad "a build with options failed: $(cat "$W/cl.log")"
fi
# A bad file does not keep --list from reading an image (the hooks tell earlymount's images by it)
printf 'MODE=bad\n' >"$C/conf.d/90-bad.conf"
bash "$mk" --confdir "$C" --list "$W/cfg.img" >/dev/null 2>&1 && ok "--list reads no configuration" ||
	bad "--list failed over a bad configuration file"
rm "$C/conf.d/90-bad.conf"
# --generic replaces MODE=hostonly: a generic build (which stops here, the tree has no driver),
# not the usage error of --hostonly with --generic
build gen --generic
grep -qF -- "--generic: no block-storage driver under $K/kernel/drivers" "$W/gen.log" &&
	ok "--generic replaces MODE=hostonly" || bad "--generic did not replace MODE=hostonly: $(cat "$W/gen.log")"
# --no-config: MODE=hostonly not applied, so --check-binary is the usage error it is without --hostonly
build none --no-config --check-binary "$W/check"
[ $? = 64 ] && grep -qF -- "--check-binary: only with --hostonly" "$W/none.log" && ok "--no-config: MODE=hostonly not applied" ||
	bad "--no-config: $(cat "$W/none.log")"
# MODULES of the configuration are requested (and fail here: the tree has none), --module replaces them
printf 'MODE=listed\nMODULES=cfgmod\n' >"$C/earlymount.conf"
build mods
[ $? = 1 ] && grep -q cfgmod "$W/mods.log" && ok "MODULES are requested ($(grep -m1 cfgmod "$W/mods.log"))" || bad "MODULES not requested: $(cat "$W/mods.log")"
build mods2 --module clmod
[ $? = 1 ] && grep -q clmod "$W/mods2.log" && ! grep -q cfgmod "$W/mods2.log" && ok "--module replaces MODULES" ||
	bad "--module did not replace MODULES: $(cat "$W/mods2.log")"

# a value is never a glob: MODULES=* asks for a module named *, not for the files of the directory
printf 'MODE=listed\nMODULES=*\n' >"$C/earlymount.conf"
(cd "$W" && build glob)
grep -qF "module *: not found in $K" "$W/glob.log" && ok "MODULES=* is not expanded as a glob" || bad "MODULES=*: $(cat "$W/glob.log")"

echo "$pass passed, $failed failed"
[ "$failed" = 0 ]
