#!/bin/bash
# SPDX-License-Identifier: MIT
# The command-line conventions of every command (issue 30), one row per case: every usage error of
# earlymount (each subcommand), earlymount-init, earlymount-mkinitramfs and update-earlymount exits
# 64 and says what was wrong on stderr (stdout empty); -h, --help and --version exit 0 with their
# text on stdout (stderr empty). Nothing here touches a device or builds an image.
# Usage: tests/cli/usage.sh BUILD_DIR SOURCE_DIR VERSION   (VERSION: CMake's project(VERSION))
set -u
build=${1:?build dir} src=${2:?source dir} version=${3:?project version}
em=$build/earlymount init=$build/earlymount-init
mk=$src/initramfs/earlymount-mkinitramfs up="bash $src/hooks/update-earlymount"
W=$(mktemp -d /tmp/em-cli.XXXXXX) || exit 1
trap 'rm -rf "$W"' EXIT
out=$W/out.img # the output every builder row names: no row may create it
export EARLYMOUNT_CONFDIR=$W/noconf EARLYMOUNT_ROOT=$W/root EARLYMOUNT_MKINITRAMFS=false
unset SOURCE_DATE_EPOCH DPKG_MAINTSCRIPT_PACKAGE

# STATUS | text its stream must contain (stderr for a usage error, stdout for 0) | command line
# (words as the shell splits them: $em, $init, $mk, $up, $out, $version and quotes expand)
rows=$(cat <<'EOF'
0  | usage: earlymount                              | $em --help
0  | usage: earlymount                              | $em -h
0  | earlymount $version                            | $em --version
64 | earlymount: no command                         | $em
64 | earlymount: unknown command 'bogus'            | $em bogus
64 | earlymount: unknown command '-v'               | $em -v
0  | usage: earlymount plan                         | $em plan --help
0  | usage: earlymount plan                         | $em plan -h
0  | usage: earlymount plan                         | $em plan --cmdline root=/dev/vda -h
64 | earlymount: unknown argument '--bogus'         | $em plan --bogus
64 | earlymount: unknown argument 'extra'           | $em plan --cmdline root=/dev/vda extra
64 | earlymount: unknown argument '--api-fs'        | $em plan --api-fs
64 | earlymount: unknown argument '--wait'          | $em plan --wait 3
64 | earlymount: --cmdline needs a value            | $em plan --cmdline
64 | earlymount: --sysroot needs a value            | $em plan --sysroot
64 | earlymount: --rules needs a value              | $em plan --rules
64 | earlymount: --rules takes kernel or systemd, not 'bogus' | $em plan --rules bogus
64 | earlymount: --cmdline and --dracut: one command line or the other | $em plan --cmdline root=/dev/vda --dracut
0  | usage: earlymount mount --sysroot DIR          | $em mount --help
0  | usage: earlymount mount --sysroot DIR          | $em mount -h
64 | earlymount mount: --sysroot DIR is required    | $em mount --cmdline root=/dev/vda
64 | earlymount: --sysroot needs a value            | $em mount --sysroot
64 | earlymount: unknown argument '--bogus'         | $em mount --sysroot /nonexistent --bogus
64 | earlymount: unknown argument 'extra'           | $em mount --sysroot /nonexistent extra
64 | earlymount: --wait takes a number of seconds (0 to 86400), not 'abc' | $em mount --sysroot /nonexistent --wait abc
64 | earlymount: --wait takes a number of seconds (0 to 86400), not '86401' | $em mount --sysroot /nonexistent --wait 86401
64 | earlymount: --wait needs a value               | $em mount --sysroot /nonexistent --wait
64 | earlymount: --rules takes kernel or systemd, not 'Kernel' | $em mount --sysroot /nonexistent --rules Kernel
64 | earlymount: --cmdline and --dracut: one command line or the other | $em mount --sysroot /nonexistent --dracut --cmdline root=/dev/vda
0  | usage: earlymount resolve                      | $em resolve --help
0  | usage: earlymount resolve                      | $em resolve -h
64 | earlymount: unknown argument '--sysroot'       | $em resolve --sysroot /x
64 | earlymount: unknown argument '--api-fs'        | $em resolve --api-fs
64 | earlymount: --wait takes a number of seconds (0 to 86400), not '-1' | $em resolve --wait -1
64 | earlymount: --cmdline needs a value            | $em resolve --cmdline
0  | usage: earlymount check                        | $em check --help
0  | usage: earlymount check                        | $em check -h
64 | earlymount check: unknown argument '--bogus'   | $em check --bogus
64 | earlymount check: unknown argument 'extra'     | $em check --cmdline root=/dev/vda extra
64 | earlymount check: --cmdline needs a value      | $em check --cmdline
64 | earlymount check: --image needs a value        | $em check --image
0  | usage: earlymount generator                    | $em generator --help
0  | usage: earlymount generator                    | $em generator -h
64 | earlymount generator: expected three directories | $em generator
64 | earlymount generator: expected three directories | $em generator a b
64 | earlymount generator: expected three directories | $em generator a b c d
64 | earlymount generator: expected three directories | $em generator '' b c
0  | usage: earlymount init                         | $em init --help
0  | usage: earlymount init                         | $em init -h
64 | earlymount init: refused: not PID 1            | $em init
0  | usage: earlymount                              | $init --help
0  | usage: earlymount                              | $init -h
0  | earlymount $version                            | $init --version
0  | usage: earlymount mount --sysroot DIR          | $init mount -h
0  | usage: earlymount init                         | $init init --help
64 | earlymount: no command                         | $init
64 | earlymount: unknown command 'generator'        | $init generator a b c
64 | earlymount: plan is not in this build          | $init plan
64 | earlymount: check is not in this build         | $init check --help
64 | earlymount: resolve is not in this build       | $init resolve
64 | earlymount: unknown argument '--dracut'        | $init mount --sysroot /nonexistent --dracut
64 | earlymount: --rules systemd is not in this build | $init mount --sysroot /nonexistent --rules systemd
64 | earlymount mount: --sysroot DIR is required    | $init mount
0  | Usage: earlymount-mkinitramfs -o FILE          | $mk --help
0  | Usage: earlymount-mkinitramfs -o FILE          | $mk -h
0  | earlymount-mkinitramfs $version                | $mk --version
64 | earlymount-mkinitramfs: --bogus: unknown option (see --help) | $mk -o $out --bogus
64 | earlymount-mkinitramfs: extra: unknown option (see --help) | $mk -o $out extra
64 | earlymount-mkinitramfs: -o: missing argument   | $mk -o
64 | earlymount-mkinitramfs: --kver: missing argument | $mk -o $out --kver
64 | earlymount-mkinitramfs: no output file: -o FILE is required | $mk --moddir /nonexistent
64 | earlymount-mkinitramfs: --compress bogus: unknown compressor | $mk -o $out --compress bogus
64 | earlymount-mkinitramfs: --compress: empty      | $mk -o $out --compress=
64 | earlymount-mkinitramfs: --preset bogus: unknown preset | $mk -o $out --preset bogus
64 | earlymount-mkinitramfs: --kver a/b: not a kernel version | $mk -o $out --kver a/b
64 | earlymount-mkinitramfs: --arch X-Y: not an architecture name | $mk -o $out --arch X-Y
64 | earlymount-mkinitramfs: module: '-x': not a module name | $mk -o $out --module=-x
64 | earlymount-mkinitramfs: --add foo: expected SRC:DEST with an absolute DEST | $mk -o $out --add foo
64 | earlymount-mkinitramfs: --add a:/b/../c: /b/../c: not a plain absolute path | $mk -o $out --add a:/b/../c
64 | earlymount-mkinitramfs: --cmdline: the command line must be one line | $mk -o $out --cmdline $'a\nb'
64 | earlymount-mkinitramfs: --hostonly and --generic | $mk -o $out --hostonly --generic
64 | earlymount-mkinitramfs: --check-binary: only with --hostonly | $mk -o $out --check-binary /b
64 | earlymount-mkinitramfs: --check-cmdline: only with --hostonly | $mk -o $out --check-cmdline q
64 | earlymount-mkinitramfs: --host-root: only with --hostonly | $mk -o $out --host-root /r
64 | earlymount-mkinitramfs: --list img: only lists an image; -o builds one | $mk --list img -o $out
64 | earlymount-mkinitramfs: -q and -v: one prints nothing on success | $mk -o $out -q -v
64 | earlymount-mkinitramfs: --confdir: an empty directory name | $mk -o $out --confdir=
64 | earlymount-mkinitramfs: SOURCE_DATE_EPOCH=abc: not a number of seconds | env SOURCE_DATE_EPOCH=abc $mk -o $out
0  | Usage: update-earlymount                       | $up --help
0  | Usage: update-earlymount                       | $up -h
0  | update-earlymount $version                     | $up --version
64 | update-earlymount: no action: one of -c (create), -u (update), -d (delete) is required | $up -k 6.1.0-9-amd64
64 | update-earlymount: -c and -u: choose one of -c, -u, -d | $up -c -u
64 | update-earlymount: -c needs -k KVER or -k all  | $up -c
64 | update-earlymount: -d needs -k KVER or -k all  | $up -d
64 | update-earlymount: -k: missing kernel version  | $up -c -k
64 | update-earlymount: -k ../x: not a kernel version | $up -c -k ../x
64 | update-earlymount: -b: missing directory       | $up -u -b
64 | update-earlymount: --root: missing directory   | $up -u --root
64 | update-earlymount: -t: unknown argument (see --help) | $up -u -t
64 | update-earlymount: extra: unknown argument (see --help) | $up -u extra
64 | update-earlymount: --root root: not an absolute path | $up -u --root root
EOF
)

pass=0 fail=0
while IFS='|' read -r want text cmd; do
	want=${want// /} text=${text#"${text%%[! ]*}"} text=${text%"${text##*[! ]}"} cmd=${cmd# }
	text=${text//\$version/$version}
	eval "argv=($cmd)"
	"${argv[@]}" >"$W/stdout" 2>"$W/stderr" </dev/null
	rc=$?
	if [ "$want" = 0 ]; then said=$W/stdout quiet=$W/stderr; else said=$W/stderr quiet=$W/stdout; fi
	why=
	[ "$rc" = "$want" ] || why="exit $rc, expected $want;"
	grep -qF -- "$text" "$said" || why="$why no '$text' on $([ "$want" = 0 ] && echo stdout || echo stderr);"
	[ ! -s "$quiet" ] || why="$why $([ "$want" = 0 ] && echo stderr || echo stdout) not empty: $(head -c 200 "$quiet");"
	[ ! -e "$out" ] || { why="$why it wrote $out;"; rm -f "$out"; }
	if [ -z "$why" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $cmd: $why"
		sed 's/^/  | /' "$W/stderr" "$W/stdout" | head -n 8
	fi
done <<<"$rows"

# The man pages' headers name the same release as the commands' --version.
for m in "$src"/man/*.[78]; do
	if grep -q "^\.TH .* \"earlymount $version\" " "$m"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $m: its .TH line does not say \"earlymount $version\": $(grep '^\.TH' "$m")"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
