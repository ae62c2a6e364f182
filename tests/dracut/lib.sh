# SPDX-License-Identifier: MIT
# dracut module tests (bash): builds dracut images with the earlymount module (installed by
# `cmake --install --component dracut` into a scratch DESTDIR, added to a copy of dracut's base
# directory, used through dracutbasedir: nothing is installed system-wide) and boots them with
# tests/qemu/lib.sh (disks, boot, report, assertions). Sourced by tests/dracut/run.
#
# Settings (environment; tests/dracut/run sets them from its options):
#   EM_BUILD     the CMake build directory (its dracut component is installed from there)
#   EM_WORK      work dir (default: $EM_BUILD/dracut): images, scenario temp dirs
#   EM_BINARY    the static earlymount to put in the images (default: $EM_BUILD/earlymount)
#   EM_DRACUT    dracut's base directory to copy (default: /usr/lib/dracut)
#   EM_DRACUT_GEN  which dracut: 059 (default: the host's, Debian 12's dracut 059 and systemd 252,
#                through a copy of its base directory) or 106 (Debian 13's dracut 106 and systemd
#                257, run in the root of scripts/fetch-trixie-root through scripts/trixie-chroot,
#                with earlymount installed into it as a package would: cmake --install --prefix
#                /usr into a DESTDIR laid over that root; its kernel, 6.12, is the one booted)

EM_DRACUT_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
EM_SRC=${EM_SRC:-$(cd "$EM_DRACUT_LIB_DIR/../.." && pwd)}
EM_BUILD=${EM_BUILD:-$EM_SRC/build}
EM_WORK=${EM_WORK:-$EM_BUILD/dracut${EM_DRACUT_GEN#059}}
EM_BINARY=${EM_BINARY:-$EM_BUILD/earlymount}
EM_DRACUT_GEN=${EM_DRACUT_GEN:-059}
case $EM_DRACUT_GEN in
059) EM_DRACUT=${EM_DRACUT:-/usr/lib/dracut} ;;
106) EM_KERNEL=6.12 ;; # (EM_DRACUT: the root's, em_trixie_root)
*) printf 'ERROR: EM_DRACUT_GEN=%s: the dracut tests know dracut 059 (the host'"'"'s) and 106 (Debian 13'"'"'s)\n' "$EM_DRACUT_GEN" >&2 && exit 1 ;;
esac
# A dracut image boots in about 15 s under TCG, systemd's in about 30 s.
QEMU_TIMEOUT=${QEMU_TIMEOUT:-240}
# shellcheck source=../qemu/lib.sh
. "$EM_SRC/tests/qemu/lib.sh"

# The two flows: dracut's shell init, and systemd in the initrd.
EM_FLOWS="shell systemd"
EM_OMIT_SYSTEMD="systemd systemd-initrd dracut-systemd"

# em_scenario_flows FILE: the flows a scenario runs in, from its header line `# flows: FLOW...`
# (each of $EM_FLOWS). With it, the scenario runs once per flow listed, with EM_FLOW set (CTest:
# dracut_FLOW_NAME); one file per case keeps a flow's assertions beside the other's. Without it
# (empty output) the scenario runs once, EM_FLOW unset, and picks its flows itself (dracut_NAME).
# dracut-module/dracut.cmake reads the same line. Status 1 for a flow that is none of them (said on
# stderr: the callers capture stdout).
em_scenario_flows() {
	local f out=
	for f in $(sed -n 's/^# flows:[[:space:]]*//p' "$1" | head -n 1); do
		case " $EM_FLOWS " in
		*" $f "*) out="$out${out:+ }$f" ;;
		*) echo "ERROR: $1: '# flows:' names $f, not one of: $EM_FLOWS" >&2 && return 1 ;;
		esac
	done
	printf '%s\n' "$out"
}

# What dracut says of a module named with --add whose check() refused (dracut-init.sh,
# for_each_module_dir's report of the modules asked for and not loaded): dracut 059 "dracut module
# 'NAME' cannot be found or installed."; dracut 106 (dracut-ng) tells the two apart, "Module 'NAME'
# cannot be installed." when its directory is there ("... cannot be found." when not). %s: NAME.
if [ "$EM_DRACUT_GEN" = 059 ]; then
	EXPECT_DRACUT_MODULE_REFUSED="dracut module '%s' cannot be found or installed."
else
	EXPECT_DRACUT_MODULE_REFUSED="Module '%s' cannot be installed."
fi

# Where the image keeps its hooks: dracut-ng's inst_hook (dracut-init.sh) installs them under
# /var/lib/dracut/hooks, and /usr/lib/dracut/hooks is a link to it; dracut 059's under
# /usr/lib/dracut/hooks itself. lsinitrd lists the real path.
if [ "$EM_DRACUT_GEN" = 059 ]; then
	EM_HOOKDIR=usr/lib/dracut/hooks
else
	EM_HOOKDIR=var/lib/dracut/hooks
fi

# ---- dracut 106: Debian 13's root -----------------------------------------------------------------

# em_trixie_root: EM_TROOT, the Debian 13 root (scripts/fetch-trixie-root, offline: a skip that
# names the command when it was never made), EM_DRACUT its dracut, and the kernel booted its own:
# KVER, VMLINUZ (and VMLINUX, its ELF: em_boot_kernel), MODDIR from the root (the images carry
# that kernel's modules; the root and scripts/fetch-kernel --kernel 6.12 take the same package,
# but the root's is the one dracut sees).
em_trixie_root() {
	local out rc=0
	out=$(EM_KERNEL_OFFLINE=1 "$EM_SRC/scripts/fetch-trixie-root" 2>&1) || rc=$?
	[ "$rc" != 77 ] || em_skip "dracut 106: $(tail -n 1 <<<"$out")"
	[ "$rc" = 0 ] || em_die "scripts/fetch-trixie-root failed: $out"
	EM_TROOT=$(sed -n 's/^ROOT=//p' <<<"$out")
	KVER=$(sed -n 's/^KVER=//p' <<<"$out")
	EM_DRACUT=$EM_TROOT/usr/lib/dracut
	VMLINUZ=$EM_TROOT/boot/vmlinuz-$KVER
	VMLINUX=$(sed -n 's/^VMLINUX=//p' <<<"$out")
	MODDIR=$EM_TROOT/usr/lib/modules/$KVER
	[ -f "$VMLINUZ" ] && [ -f "$MODDIR/modules.dep" ] || em_die "$EM_TROOT: no kernel $KVER (boot/vmlinuz, usr/lib/modules)"
	export KVER VMLINUZ VMLINUX MODDIR EM_TROOT EM_DRACUT
}

# em_run_dracut ARG...: dracut with the module, as each generation runs it: 059 the host's dracut
# on the copy of its base directory ($EM_WORK/base) and the fetched kernel's modules (--kmoddir);
# 106 dracut inside the Debian 13 root, with earlymount's install ($EM_WORK/install) laid over it
# and a fresh upper layer per run (parallel runs share nothing writable), the build directory
# (images, logs, confs, binaries) bound at the same path inside; after em_block_root, in the
# scenario's root on a loop device instead (em_on_root). TMPDIR: $EM_WORK/tmp.
em_run_dracut() {
	mkdir -p "$EM_WORK/tmp"
	if [ "$EM_DRACUT_GEN" = 059 ]; then
		dracutbasedir=$EM_WORK/base TMPDIR=$EM_WORK/tmp dracut --kmoddir "$MODDIR" "$@"
		return
	fi
	if [ -n "${EM_ROOT_IMG:-}" ]; then
		em_on_root env TMPDIR="$EM_WORK/tmp" dracut "$@"
		return
	fi
	local up rc=0 binds
	em_chroot_binds
	up=$(mktemp -d "$EM_WORK/tmp/chroot.XXXXXX")
	"$EM_SRC/scripts/trixie-chroot" --overlay "$up" --lower "$EM_WORK/install" "${binds[@]}" "$EM_TROOT" \
		env TMPDIR="$EM_WORK/tmp" dracut "$@" || rc=$?
	rm -rf "$up"
	return "$rc"
}

# em_chroot_binds: binds, trixie-chroot's --bind options for the build directory and, where they
# lie outside it, the work directory and the binary's (the caller declares binds local).
em_chroot_binds() {
	binds=(--bind "$EM_BUILD")
	case $EM_WORK/ in "$EM_BUILD"/*) ;; *) binds+=(--bind "$EM_WORK") ;; esac
	case $EM_BINARY in "$EM_BUILD"/*) ;; *) binds+=(--bind "$(dirname "$EM_BINARY")") ;; esac
}

# ---- dracut 106: a root on a block device ----------------------------------------------------------

# em_block_root: for what looks at the device of / (dracut --hostonly: dracut's host_devs from
# find_block_device / through findmnt, its drivers from /sys/dev/block/MAJ:MIN), which the Debian 13
# root seen through an overlay has none of: EM_ROOT_IMG, the scenario's own copy of that root's
# ext4 image (scripts/fetch-trixie-root --ext4: made once per root, copied in about a second), with
# earlymount's install copied in as a package puts it. em_on_root and em_run_dracut then run
# their command with that image loop-attached and mounted as / (scripts/trixie-chroot --image).
# With dracut 059 nothing: the host's own / is the root. Skips where a loop device cannot be used.
em_block_root() {
	local out rc=0 img
	[ "$EM_DRACUT_GEN" != 059 ] || return 0
	[ "$(id -u)" = 0 ] || em_skip "a root on a loop device needs root (losetup, mount)"
	command -v losetup >/dev/null || em_skip "losetup is not installed (Debian package: mount)"
	losetup -f >/dev/null 2>&1 || em_skip "no loop device to put the Debian 13 root on: losetup -f: $(losetup -f 2>&1 | head -n 1)"
	out=$(EM_KERNEL_OFFLINE=1 "$EM_SRC/scripts/fetch-trixie-root" --ext4 2>&1) || rc=$?
	[ "$rc" != 77 ] || em_skip "dracut 106: $(tail -n 1 <<<"$out")"
	[ "$rc" = 0 ] || em_die "scripts/fetch-trixie-root --ext4 failed: $out"
	img=$(sed -n 's/^IMAGE=//p' <<<"$out")
	[ -f "$img" ] || em_die "scripts/fetch-trixie-root --ext4 named no image: $out"
	[ -d "$EM_WORK/install/usr" ] || em_die "no earlymount install in $EM_WORK/install (em_images first)"
	cp --sparse=always "$img" "$EM_TMP/root.ext4" || em_die "copy of $img to $EM_TMP failed"
	EM_ROOT_IMG=$EM_TMP/root.ext4
	em_on_root cp -a "$EM_WORK/install/." / || em_die "copying earlymount's install ($EM_WORK/install) into $EM_ROOT_IMG failed"
}

# em_on_root COMMAND...: COMMAND on the root host-only images are made for: the host's own (dracut
# 059), or the Debian 13 root on a loop device of em_block_root (106), with the build and work
# directories bound at their own paths.
em_on_root() {
	if [ "$EM_DRACUT_GEN" = 059 ]; then
		"$@"
		return
	fi
	[ -n "${EM_ROOT_IMG:-}" ] || em_die "em_on_root before em_block_root"
	local binds
	em_chroot_binds
	"$EM_SRC/scripts/trixie-chroot" --image "$EM_ROOT_IMG" "${binds[@]}" "$EM_TROOT" "$@"
}

# ---- images ------------------------------------------------------------------------------------

# Why the systemd flow cannot be built here (empty: it can).
em_systemd_missing() {
	local f missing= r=
	[ "$EM_DRACUT_GEN" = 059 ] || r=$EM_TROOT/usr
	for f in /lib/systemd/systemd /lib/systemd/systemd-udevd /lib/systemd/systemd-journald \
		/lib/systemd/systemd-fsck /lib/systemd/system-generators/systemd-fstab-generator /bin/systemctl; do
		[ -e "$r$f" ] || missing="$missing $r$f"
	done
	[ -z "$missing" ] || printf 'systemd is not installed on this host (missing:%s): dracut copies the host'"'"'s systemd into the image (Debian package: systemd)' "$missing"
}

# em_dracut_base: $EM_WORK/base = a copy of dracut's base directory plus the module as
# `cmake --install` installs it (refreshed on every call: the module may have changed).
em_dracut_base() {
	local dest=$EM_WORK/destdir mod n
	[ "$EM_DRACUT_GEN" = 059 ] || { em_trixie_install; return; }
	command -v dracut >/dev/null || em_skip "dracut is not installed (Debian package: dracut-core)"
	[ -d "$EM_DRACUT/modules.d" ] || em_die "no dracut base directory at $EM_DRACUT"
	[ -f "$EM_BUILD/CMakeCache.txt" ] || em_die "$EM_BUILD is not a CMake build directory"
	[ -x "$EM_BINARY" ] || em_die "earlymount binary missing: $EM_BINARY (cmake --build $EM_BUILD)"
	rm -rf "$dest" "$EM_WORK/base.new"
	DESTDIR=$dest cmake --install "$EM_BUILD" --component dracut >"$EM_WORK/install.log" 2>&1 ||
		{ cat "$EM_WORK/install.log"; em_die "cmake --install $EM_BUILD --component dracut failed"; }
	# wherever EM_DRACUT_MODULESDIR put it under the prefix (dracut-module/dracut.cmake)
	mod=$(find "$dest" -type d -path '*/modules.d/[0-9][0-9]earlymount' | tail -n 1)
	[ -n "$mod" ] || em_die "cmake --install put no modules.d/NNearlymount under $dest"
	n=${mod##*/}
	cp -a "$EM_DRACUT" "$EM_WORK/base.new"
	cp -a "$mod" "$EM_WORK/base.new/modules.d/$n"
	rm -rf "$EM_WORK/base"
	mv "$EM_WORK/base.new" "$EM_WORK/base"
	EM_MODULE_NAME=$n
}

# em_trixie_install: earlymount installed as a distribution's package would be, into
# $EM_WORK/install (the DESTDIR laid over the Debian 13 root): cmake --install --prefix /usr
# --strip, every component. The module must land in the root's dracut module directory (what
# dracut.pc names there), or dracut would never see it.
em_trixie_install() {
	local dest=$EM_WORK/install mdir
	[ -f "$EM_BUILD/CMakeCache.txt" ] || em_die "$EM_BUILD is not a CMake build directory"
	rm -rf "$dest"
	DESTDIR=$dest cmake --install "$EM_BUILD" --prefix /usr --strip >"$EM_WORK/install.log" 2>&1 ||
		{ cat "$EM_WORK/install.log"; em_die "DESTDIR=$dest cmake --install $EM_BUILD --prefix /usr failed"; }
	mdir=$(sed -n 's/^dracutmodulesdir=//p' "$EM_TROOT/usr/share/pkgconfig/dracut.pc" 2>/dev/null)
	mdir=${mdir:-/usr/lib/dracut/modules.d}
	mod=$(find "$dest$mdir" -maxdepth 1 -type d -name '[0-9][0-9]earlymount' 2>/dev/null | tail -n 1)
	[ -n "$mod" ] || em_die "cmake --install --prefix /usr put no NNearlymount into $mdir (the Debian 13 root's dracut module directory), under $dest"
	EM_MODULE_NAME=${mod##*/}
}

# The binary the images carry: 059's images the build's (earlymount_binary=), 106's the installed
# one (/usr/sbin/earlymount of the install, found on dracut's PATH as a package's would be).
em_image_binary() {
	if [ "$EM_DRACUT_GEN" = 059 ]; then echo "$EM_BINARY"; else echo "$EM_WORK/install/usr/sbin/earlymount"; fi
}

# em_dracut OUT FLOW [dracut args...]: dracut --no-hostonly ... --add earlymount, for the fetched
# kernel, with only the settings of $EM_WORK/dracut.conf (the host's dracut.conf.d is not read).
# The kernel's own drivers are limited to virtio_blk (--drivers) to keep the image small, which
# also keeps dracut's kernel-modules from adding its generic set (block drivers, every filesystem):
# the filesystems the scenarios mount (ext4, xfs, and romfs, which earlymount does not probe) are
# --add-drivers. earlymount's installkernel adds nothing to a --no-hostonly image (see
# module-setup.sh), so the images with and without earlymount get the same kernel modules.
# FLOW shell-plain or systemd-plain: the same image without earlymount, for the scenarios that
# compare a boot with the module to one without it.
EM_TEST_FS="ext4 xfs romfs"
em_dracut() {
	local out=$1 flow=$2
	shift 2
	local args=(--force --no-hostonly --kver "$KVER"
		--conf "$EM_WORK/dracut.conf" --confdir "$EM_WORK/dracut.conf.d"
		--drivers virtio_blk --add-drivers "$EM_TEST_FS" --no-early-microcode --no-compress)
	case $flow in
	*-plain) args+=(--omit earlymount) ;;
	*) args+=(--add earlymount) ;;
	esac
	case $flow in shell*) args+=(--omit "$EM_OMIT_SYSTEMD") ;; esac
	case $flow in systemd*) args+=(--add "systemd systemd-initrd dracut-systemd") ;; esac
	mkdir -p "$EM_WORK/dracut.conf.d" "$EM_WORK/tmp"
	if [ "$EM_DRACUT_GEN" = 059 ]; then
		printf 'earlymount_binary=%q\n' "$EM_BINARY" >"$EM_WORK/dracut.conf"
	else
		echo '# dracut 106: the installed /usr/sbin/earlymount' >"$EM_WORK/dracut.conf"
	fi
	em_run_dracut "${args[@]}" "$@" "$out" >"$out.log" 2>&1
}

# em_images: both images, $EM_WORK/shell.img and $EM_WORK/systemd.img (or systemd.skip with the
# reason), rebuilt when the module, the binary or the kernel changed. One build at a time.
em_images() {
	local lock stamp flow why
	mkdir -p "$EM_WORK"
	exec {lock}>"$EM_WORK/images.lock"
	flock "$lock"
	# (em_dracut's own text too: its dracut arguments)
	stamp=$( (cat "$EM_BINARY" "$EM_SRC"/dracut-module/* "$EM_BUILD/dracut-module/module-setup.sh"
		declare -f em_dracut
		declare -f em_run_dracut
		echo "$KVER $MODDIR $EM_DRACUT $EM_DRACUT_GEN"
		[ -z "${EM_TROOT:-}" ] || cat "$EM_TROOT/../stamp") 2>/dev/null | md5sum | cut -d' ' -f1)
	if [ "$(cat "$EM_WORK/images.stamp" 2>/dev/null)" != "$stamp" ]; then
		rm -f "$EM_WORK/images.stamp" "$EM_WORK"/*.img "$EM_WORK"/*.skip "$EM_WORK"/*-plain.img
		em_dracut_base
		for flow in $EM_FLOWS; do
			if [ "$flow" = systemd ] && why=$(em_systemd_missing) && [ -n "$why" ]; then
				printf '%s\n' "$why" >"$EM_WORK/systemd.skip"
				em_note "systemd flow not built: $why"
				continue
			fi
			local t0=$SECONDS
			em_dracut "$EM_WORK/$flow.img.new" "$flow" ||
				{ tail -n 30 "$EM_WORK/$flow.img.new.log"; em_die "dracut ($flow flow) failed; log: $EM_WORK/$flow.img.new.log"; }
			mv "$EM_WORK/$flow.img.new" "$EM_WORK/$flow.img"
			mv "$EM_WORK/$flow.img.new.log" "$EM_WORK/$flow.img.log"
			em_note "$flow image built in $((SECONDS - t0)) s: $EM_WORK/$flow.img ($(du -m "$EM_WORK/$flow.img" | cut -f1) MiB)"
		done
		echo "$stamp" >"$EM_WORK/images.stamp"
	fi
	flock -u "$lock"
	exec {lock}>&-
}

# em_image FLOW: sets EM_IMG to the flow's image (built if needed), or skips with the reason.
# FLOW-plain: the flow's image without earlymount (built on first use, after the others).
em_image() {
	em_images
	local flow=${1%-plain}
	[ ! -f "$EM_WORK/$flow.skip" ] || em_skip "$flow flow: $(cat "$EM_WORK/$flow.skip")"
	[ "$flow" = "$1" ] || em_plain_image "$1"
	EM_IMG=$EM_WORK/$1.img
	[ -f "$EM_IMG" ] || em_die "no $1 image at $EM_IMG"
}

# em_plain_image FLOW-plain: builds $EM_WORK/FLOW-plain.img once per set of images (em_images
# removes it with the others when they are rebuilt). One build at a time.
em_plain_image() {
	local lock t0=$SECONDS
	exec {lock}>"$EM_WORK/images.lock"
	flock "$lock"
	if [ ! -f "$EM_WORK/$1.img" ]; then
		em_dracut "$EM_WORK/$1.img.new" "$1" ||
			{ tail -n 30 "$EM_WORK/$1.img.new.log"; em_die "dracut ($1) failed; log: $EM_WORK/$1.img.new.log"; }
		mv "$EM_WORK/$1.img.new.log" "$EM_WORK/$1.img.log"
		mv "$EM_WORK/$1.img.new" "$EM_WORK/$1.img"
		em_note "$1 image built in $((SECONDS - t0)) s: $EM_WORK/$1.img"
	fi
	flock -u "$lock"
	exec {lock}>&-
}

# ---- boots ---------------------------------------------------------------------------------------

# The kernel command line every boot gets: a failed boot ends the VM (no shell, power off), and
# journald forwards the journal to the console, so the log shows it too (dboot with
# EM_JOURNAL_CONSOLE=0: not, for the console as a user's boot shows it).
EM_DRACUT_APPEND='rd.shell=0 rd.emergency=poweroff systemd.journald.forward_to_console=1'
EM_JOURNAL_CONSOLE=1

# dboot FLOW APPEND [DISK...]: boots FLOW's image with the disks (default $EM_TMP/root.img).
dboot() {
	local flow=$1 append=$2 pre=$EM_DRACUT_APPEND
	shift 2
	[ $# -gt 0 ] || set -- "$EM_TMP/root.img"
	em_image "$flow"
	[ "$EM_JOURNAL_CONSOLE" = 1 ] || pre=${pre/ systemd.journald.forward_to_console=1/}
	qemu_boot "$EM_TMP/console.log" "$EM_IMG" "$pre $append" "$@"
}

# dboot_ex FLOW APPEND QEMU-ARG...: dboot with the scenario's own disks (tests/qemu/lib.sh's
# qemu_boot_ex: e.g. -drive ...,serial=EMROOT, which gives /dev/disk/by-id/virtio-EMROOT).
dboot_ex() {
	local flow=$1 append=$2
	shift 2
	em_image "$flow"
	qemu_boot_ex "$EM_TMP/console.log" "$EM_IMG" "$EM_DRACUT_APPEND $append" "$@"
}

# root_mount: "SOURCE TYPE" of the booted root's / (its mountinfo).
root_mount() {
	mi_line / | awk '{ for (i = 7; i <= NF; i++) if ($i == "-") { print $(i + 2), $(i + 1); exit } }'
}

# assert_as_plain FLOW APPEND QEMU-ARG...: after a boot of FLOW's image (the current log), boots
# FLOW's image without earlymount on the same disks and command line and checks that the root came
# up the same way: the same mount source and type on /, readable, and its init ran. The first
# boot's log stays in $EM_TMP/console.log; the plain boot's is $EM_TMP/plain.log.
assert_as_plain() {
	local flow=$1 append=$2 with without
	shift 2
	assert_booted
	assert_report ROOT_MARKER ok
	with=$(root_mount)
	em_image "$flow-plain"
	qemu_boot_ex "$EM_TMP/plain.log" "$EM_IMG" "$EM_DRACUT_APPEND $append" "$@"
	assert_booted
	assert_report ROOT_MARKER ok
	without=$(root_mount)
	[ -n "$without" ] && [ "$with" = "$without" ] ||
		em_fail "with earlymount / is '$with' (source, type), without it '$without'"
	EM_LOG=$EM_TMP/console.log
}

# A test root whose init also reports earlymount's lines from dmesg, and from the journal that
# systemd's journald kept in /run (moved into the new root by the switch; the journal file holds
# short messages as plain "MESSAGE=..." text, each once, and not which program wrote them: every
# message that names earlymount or the sysroot).
mkroot_dracut() {
	mkroot "$1"
	em_add_check "$1" dmesg 'dmesg | grep -E "earlymount(-generator)?:" | sed "s/^/DMESG: /"
for j in /run/log/journal/*/*.journal; do
	[ -f "$j" ] && strings "$j" | grep -E "^MESSAGE=(earlymount|.*sysroot)" | sed "s/^/JOURNAL: /"
done'
}

# In the systemd flow earlymount's lines are in the journal only (earlymount-sysroot.service,
# log.c's log_use_journal), never in the kernel's log: the root's dmesg has none of them (the
# generator's own lines, "earlymount-generator: ", are the kernel log's: a generator has no journal).
refute_dmesg_earlymount() {
	local l
	l=$(grep -a '^DMESG: .*earlymount: ' "$EM_LOG.report" | head -n 1 || true)
	[ -z "$l" ] || em_fail "systemd flow: earlymount wrote to the kernel log, which journald reads too (its line would be in the journal twice): $l"
}

# assert_journal TEXT: the journal holds the message TEXT exactly (the root's JOURNAL report). A
# journal file stores each distinct field value once, so a line written twice shows once here:
# refute_dmesg_earlymount is what shows that a line is not there twice.
assert_journal() {
	grep -qaxF -- "JOURNAL: MESSAGE=$1" "$EM_LOG.report" ||
		em_fail "the initrd's journal (in /run/log/journal) has no message: $1"
}

# forwarded_count TEXT: how often journald's copy of earlymount's line TEXT reached the console,
# "earlymount[PID]: TEXT" (journald's console format, after its time stamp when there is one, and
# with systemd 257's colour for a warning).
forwarded_count() {
	awk -v want="$1" '
	index($0, "=== EARLYMOUNT-TEST BEGIN ===") == 1 { exit }
	{
		s = $0
		gsub(/\r|\033\[[0-9;:]*m/, "", s)
		if (match(s, /earlymount\[[0-9]+\]: /) && substr(s, RSTART + RLENGTH) == want) n++
	}
	END { print n + 0 }' "$EM_LOG"
}

# mkroot_marked DIR: mkroot_dracut with a file whose content the init reports (ROOT_MARKER=ok): the
# root's files are readable.
mkroot_marked() {
	mkroot_dracut "$1"
	echo "the root disk" >"$1/em-root-marker"
	em_add_check "$1" marker '[ "$(cat /em-root-marker)" = "the root disk" ] && echo "ROOT_MARKER=ok" || echo "ROOT_MARKER=missing"'
}

# The root on / was mounted once (one mount on / in the new root's mountinfo), by earlymount or,
# when it stepped aside, by FLOW's own mount, after one line that says why (the hook's or the
# service's; with systemd, also the generator's when `earlymount plan` refuses the line).
assert_mounted_once() { # FLOW DEVICE
	local n asides=()
	n=$(report_mountinfo | awk '$5 == "/"' | wc -l)
	[ "$n" = 1 ] || em_fail "expected one mount on / in the new root, found $n: $(report_mountinfo | awk '$5 == "/"')"
	case $1 in
	shell) asides=(-e "; dracut's mount-root.sh mounts the root instead") ;;
	systemd) asides=(-e "; systemd's sysroot.mount mounts the root instead" -e "earlymount-generator: leaving /sysroot to systemd: ") ;;
	esac
	if em_console_text | grep -aF -- "earlymount: mounted $2 on /sysroot" >/dev/null; then
		! grep -qaF "${asides[@]}" "$EM_LOG" || em_fail "earlymount mounted the root, yet said it steps aside"
	else
		# Counted where each record is once: dmesg and the journal, as the root's init reports
		# them (dracut's warn also writes to the console, journald forwards to it).
		n=$(grep -a '^DMESG: \|^JOURNAL: ' "$EM_LOG.report" | grep -cF "${asides[@]}" || true)
		[ "$n" = 1 ] || em_fail "earlymount did not mount the root and said $n times (in dmesg and the journal) that it steps aside, not once"
	fi
}

# The root was mounted by earlymount, exactly once, and by nothing else: earlymount's line is on
# the console, neither dracut's mount-root.sh nor systemd's sysroot.mount said they mount it, and
# the new root's mountinfo has a single mount on /.
# In the systemd flow the line on the console is journald's copy (the boots' forward_to_console=1),
# there once; the journal holds it, and the kernel's log none of earlymount's lines (EM_FLOW: the
# flow the scenario runs in).
assert_earlymount_mounted() { # DEVICE FSTYPE
	local line="mounted $1 on /sysroot ($2)" n
	assert_log "earlymount: $line"
	case ${EM_FLOW:?assert_earlymount_mounted runs in a scenario with a flows: line} in
	shell) assert_console_once "earlymount: $line" ;;
	systemd)
		n=$(console_count "earlymount: $line")
		[ "$n" = 0 ] || em_fail "systemd flow: earlymount's own line (not journald's copy) is on the console $n times: $line"
		n=$(forwarded_count "$line")
		[ "$n" = 1 ] || em_fail "systemd flow: journald's copy of earlymount's line is on the console $n times, not once: $line"
		assert_journal "$line"
		refute_dmesg_earlymount
		;;
	esac
	refute_log "dracut: Mounting $1"
	refute_log "dracut: Remounting"
	refute_log "Mounting sysroot.mount"
	refute_log "Mounting /sysroot"
	local n
	n=$(report_mountinfo | awk '$5 == "/"' | wc -l)
	[ "$n" = 1 ] || em_fail "expected one mount on / in the new root, found $n: $(report_mountinfo | awk '$5 == "/"')"
}

# mkdisk_romfs IMG TREE LABEL: a romfs image (genromfs) of TREE, with LABEL as its volume name
# (libblkid's romfs label, so /dev/disk/by-label/LABEL): a filesystem earlymount does not probe.
mkdisk_romfs() {
	command -v genromfs >/dev/null || em_skip "genromfs is not installed (Debian package: genromfs)"
	genromfs -f "$1" -d "$2" -V "$3" || em_die "genromfs -f $1 -d $2 failed"
	# QEMU's raw disks: whole 512-byte sectors
	truncate -s %4096 "$1"
}

# ext4's mount count, from the superblock (the disk after the boot).
e2_mount_count() {
	dumpe2fs -h "$1" 2>/dev/null | sed -n 's/^Mount count: *//p'
}

# An ext4 disk whose next check is forced: it is past its maximum mount count, so e2fsck -a (as
# fsck_single and systemd-fsck run it) checks it through and resets the count, and says so.
mkdisk_ext4_due() { # IMG TREE [mkfs args...]
	mkdisk_ext4 "$@"
	tune2fs -c 3 -C 5 "$1" >/dev/null || em_die "tune2fs -c 3 -C 5 $1 failed"
}

# The line number of the first console line containing TEXT, earlymount's in em_console_text's
# form (status 1: none).
log_line_no() {
	em_console_text | grep -naF -m 1 -- "$1" | cut -d: -f1 | grep .
}
