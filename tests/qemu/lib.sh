# SPDX-License-Identifier: MIT
# QEMU boot-test library (bash): kernel, test root trees, disk images, initramfs, boot, report and
# assertions. Sourced by tests/qemu/run and tests/qemu/demo, never run by itself.
#
# Settings (environment; tests/qemu/run sets the first three from its options):
#   EM_SRC          source tree (default: two levels above this file)
#   EM_BINARY       the static earlymount to test (default: $EM_SRC/build/earlymount)
#   EM_WORK         shared work dir: kernel.env, per-scenario temp dirs (default: $EM_SRC/build/qemu)
#   EM_MKINITRAMFS  initramfs builder (default: $EM_SRC/initramfs/earlymount-mkinitramfs)
#   EM_FETCH_KERNEL kernel fetcher (default: $EM_SRC/scripts/fetch-kernel)
#   EM_BUSYBOX      static busybox for the test roots (default: /bin/busybox, from busybox-static;
#                   with EM_ARCH=arm64 the arm64 one of scripts/fetch-busybox)
#   EM_ARCH         the guest's architecture, Debian's name: amd64 (default) or arm64 (below)
#   EM_KERNEL       the Debian kernel booted: 6.1 (default: Debian 12's), 6.12 (Debian 13's) or
#                   next (Debian 13's backports kernel); scripts/fetch-kernel --kernel EM_KERNEL,
#                   its own kernel.env and default work dir
#   QEMU_TIMEOUT    hard limit of one boot in seconds (default 120); QEMU_MEM in MiB (default 512)
#   EM_KEEP=1       keep the scenario's temp dir even when it passes
#
# One scenario file, every architecture: a scenario says what it boots and checks, and lib.sh
# says how on EM_ARCH (tests/qemu/run --arch). amd64: qemu-system-x86_64's default "pc" machine,
# console ttyS0, scripts/fetch-kernel's amd64 kernel, the host's busybox. arm64:
# qemu-system-aarch64 -M virt -cpu cortex-a57 (TCG), console ttyAMA0 (the PL011 UART), the kernel
# of scripts/fetch-kernel --arch arm64, the busybox of scripts/fetch-busybox --arch arm64 (run on
# the host, for its applet list, under qemu-aarch64-static), $EM_SRC/build-arm64/earlymount-init
# unless --binary says. The virt machine has a PCIe host bridge, so if=virtio and virtio-blk-pci
# disks are virtio-pci there too (the virtio preset's virtio_pci loads, the disks are vda, vdb,
# ...), and the kernel's own messages (virtio_blk, "reboot: Power down") are the same. Where the
# machines differ, lib.sh gives each its way (em_boot_hotplug's root port, em_disk_bus_args's
# AHCI, EM_PCI_ROOT_RE, EM_UNNEEDED_MATCH, em_guest_run); what only x86 has (its microcode, the pc
# machine's PIIX IDE and floppy) stays in the scenarios that need it, whose "# arch: amd64 --
# REASON" line says so. The arm64 sets: the scenarios whose "# arch:" line names arm64
# (tests/qemu/run, qemu.cmake).

EM_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
EM_SRC=${EM_SRC:-$(cd "$EM_LIB_DIR/../.." && pwd)}
EM_ARCH=${EM_ARCH:-amd64}
# EM_QEMU: the system emulator; EM_QEMU_MACHINE: its machine and CPU arguments; EM_CONSOLE: the
# kernel's name for the serial console QEMU's -nographic shows; EM_KERNEL_ARGS: what
# EM_FETCH_KERNEL is given; EM_ARCH_WORK: the per-architecture part of the default work dir;
# EM_PCI_ROOT_RE: the sysfs path of the machine's PCI root bus, as an extended regex;
# EM_UNNEEDED_MATCH: a module that a device of the bare machine matches and no boot needs (a
# generic image matches it at every boot): the pc machine's PIIX3 IDE controller (ata_piix, the
# tests' disks are virtio), virt's 32 virtio-mmio transports, all empty (virtio_mmio).
# shellcheck disable=SC2034 # EM_PCI_ROOT_RE, EM_UNNEEDED_MATCH: for the scenarios
case $EM_ARCH in
amd64)
	EM_QEMU=qemu-system-x86_64 EM_QEMU_MACHINE=() EM_CONSOLE=ttyS0 EM_KERNEL_ARGS=()
	EM_ARCH_BUILD=build EM_ARCH_WORK=qemu EM_PCI_ROOT_RE='/devices/pci0000:00'
	EM_UNNEEDED_MATCH=ata_piix
	;;
arm64)
	# cortex-a57: a plain ARMv8.0 core that TCG emulates fast enough, as Debian's kernel expects
	# of any arm64 machine; virt: QEMU's generic board (PL011, PCIe, PSCI for the power-off).
	EM_QEMU=qemu-system-aarch64 EM_QEMU_MACHINE=(-M virt -cpu cortex-a57) EM_CONSOLE=ttyAMA0
	EM_KERNEL_ARGS=(--arch arm64) EM_ARCH_BUILD=build-arm64 EM_ARCH_WORK=qemu-arm64
	# (the PCIe host bridge is a platform device of the device tree: pcie@10000000, whose
	# configuration space virt maps at 0x4010000000)
	EM_PCI_ROOT_RE='/devices/platform/4010000000\.pcie/pci0000:00'
	EM_UNNEEDED_MATCH=virtio_mmio
	;;
*)
	printf 'ERROR: EM_ARCH=%s: the QEMU tests know amd64 and arm64\n' "$EM_ARCH"
	exit 1
	;;
esac
# The kernel: Debian 12's 6.1 (the oldest earlymount supports), Debian 13's 6.12 or Debian 13's
# newest from trixie-backports, whatever series it carries ("next"; tests/qemu/run --kernel). What
# a scenario expects of the kernel is read from the kernel under test (em_kconfig,
# em_kmod_builtin, ...), never from one kernel's module list; a scenario that cannot run on one
# says so in a "# kernel:" line (tests/qemu/run).
EM_KERNEL=${EM_KERNEL:-6.1}
case $EM_KERNEL in
6.1) ;;
6.12 | next)
	# its own work dir: kernel.env, the generic images and the scenarios' temp dirs
	EM_ARCH_WORK=qemu${EM_KERNEL//./}${EM_ARCH_WORK#qemu}
	;;
*)
	printf 'ERROR: EM_KERNEL=%s: the QEMU tests know the kernels 6.1, 6.12 and next\n' "$EM_KERNEL"
	exit 1
	;;
esac
EM_KERNEL_ARGS+=(--kernel "$EM_KERNEL")
# What every boot's kernel command line starts with (qemu_boot, qemu_boot_ex): the serial console,
# panic=-1 (a panic ends QEMU at once, -no-reboot) and sysrq_always_enabled, so that a hung boot can
# be asked where it hangs (em_hang_dump): Debian's default SysRq mask (0x1b6) leaves out the
# dumps (0x8). The kernel handles all three and passes none of them to init.
EM_CMDLINE_PRE="console=$EM_CONSOLE panic=-1 sysrq_always_enabled"
EM_BINARY=${EM_BINARY:-$EM_SRC/$EM_ARCH_BUILD/earlymount}
EM_WORK=${EM_WORK:-$EM_SRC/build/$EM_ARCH_WORK}
EM_MKINITRAMFS=${EM_MKINITRAMFS:-$EM_SRC/initramfs/earlymount-mkinitramfs}
EM_FETCH_KERNEL=${EM_FETCH_KERNEL:-$EM_SRC/scripts/fetch-kernel}
EM_FETCH_BUSYBOX=${EM_FETCH_BUSYBOX:-$EM_SRC/scripts/fetch-busybox}
# amd64's is the host's; another architecture's is fetched (em_arch_busybox, from qemu_kernel).
[ "$EM_ARCH" != amd64 ] || EM_BUSYBOX=${EM_BUSYBOX:-/bin/busybox}
# The full build, beside EM_BINARY: `earlymount plan` is not in the /init build (earlymount-init).
EM_FULL_BINARY=${EM_FULL_BINARY:-$(dirname "$EM_BINARY")/earlymount}
QEMU_TIMEOUT=${QEMU_TIMEOUT:-120}
QEMU_MEM=${QEMU_MEM:-512}
# EM_QEMU_SMP: the guest's CPUs (qemu_boot, qemu_boot_ex); 1 unless a scenario sets it (smp_chains)
EM_QEMU_SMP=${EM_QEMU_SMP:-1}

# em_kernel_since MAJOR.MINOR: the kernel under test is that version or later (KVER's version once
# qemu_kernel has run, EM_KERNEL before: "6.12.117+deb13-amd64" is 6.12, "6.1.0-57-amd64" 6.1;
# "next" before qemu_kernel is later than any). For what a kernel's version decides and nothing in
# its tree shows (a message's wording, a sysfs file); what its build decides is read from the tree
# (em_kmod_builtin, em_kconfig). qemu_kernel reads expect.sh again once KVER is known.
em_kernel_since() {
	local v=${KVER:-$EM_KERNEL} a b x y
	v=${v%%[!0-9.]*}
	[ -n "$v" ] || return 0
	IFS=. read -r a b _ <<<"$v"
	IFS=. read -r x y _ <<<"$1"
	[ "$a" -gt "$x" ] || { [ "$a" = "$x" ] && [ "${b:-0}" -ge "${y:-0}" ]; }
}

# shellcheck source=expect.sh
. "$EM_LIB_DIR/expect.sh"

EM_BEGIN='=== EARLYMOUNT-TEST BEGIN ==='
EM_END='=== EARLYMOUNT-TEST END ==='
# shellcheck disable=SC2034 # for the scenarios
EM_GPT_LINUX=0FC63DAF-8483-4772-8E79-3D69D8477DE4

# ---- messages and exits ---------------------------------------------------------------------

em_note() { printf 'qemu-test: %s\n' "$*"; }

# The test cannot run here at all (not: it ran and failed). CTest counts exit 77 as skipped.
em_skip() {
	printf 'SKIPPED: %s\n' "$*"
	exit 77
}

# Broken setup (missing tool, builder failed, ...): a failure, with the reason.
em_die() {
	printf 'ERROR: %s\n' "$*"
	exit 1
}

# A failed assertion: the assertion, then what the console said.
em_fail() {
	printf 'FAIL: %s\n' "$*"
	em_excerpt
	exit 1
}

# The relevant part of the current console log: earlymount's lines and the last 40 lines.
em_excerpt() {
	[ -n "${EM_LOG:-}" ] && [ -f "$EM_LOG" ] || return 0
	printf -- '--- console: lines with "earlymount:" (%s) ---\n' "$EM_LOG"
	grep -a 'earlymount:' "$EM_LOG" | head -n 80 || true
	printf -- '--- console: last 40 lines ---\n'
	tail -n 40 "$EM_LOG"
	if [ -f "$EM_LOG.dump" ]; then
		# (the kernel's answer to em_hang_dump: the blocked tasks' stacks, each CPU's, the blocked tasks again)
		printf -- '--- console: the kernel'"'"'s dump of blocked tasks and CPUs, asked for at %ss ---\n' \
			"$(cat "$EM_LOG.dump")"
		sed -n "/$EXPECT_SYSRQ_BLOCKED/,\$p" "$EM_LOG" | head -n 200
	fi
	printf -- '--- end of console excerpt ---\n'
}

em_need_tools() {
	local t missing=
	for t; do
		command -v "$t" >/dev/null 2>&1 || missing="$missing $t"
	done
	[ -z "$missing" ] || em_die "missing tools:$missing (install the project's packages: scripts/deps)"
}

# ---- scenario temp dir ------------------------------------------------------------------------

# em_setup NAME: fresh $EM_TMP for this scenario, removed at exit unless it failed (or EM_KEEP=1).
em_setup() {
	EM_NAME=$1
	mkdir -p "$EM_WORK/tmp"
	EM_TMP=$EM_WORK/tmp/$EM_NAME
	rm -rf "$EM_TMP"
	mkdir -p "$EM_TMP"
	trap em_cleanup EXIT
}

# em_run_scenario NAME FILE: runs the scenario FILE in a subshell with a fresh $EM_TMP (em_setup
# NAME) and exits as it does: 0 after "PASS: NAME", or em_fail's 1, em_skip's 77. Three failures
# come from outside what is tested, and such a scenario is run once more from a fresh temp dir,
# saying so: a guest that finished its report and then hung in its power-off
# (EM_RC_POWEROFF_HUNG, em_poweroff_watch), after earlymount's part; a kernel that crashed before
# it ran /init (EM_RC_KERNEL_CRASH, em_boot_finish), before earlymount's part; and a boot that hung
# with a task waiting for block I/O that the kernel never completed (EM_RC_IO_HUNG, from the
# kernel's dump): the disks are image files, which answer every request, so only the emulated
# machine or the kernel can lose one. The same failure twice fails the test, so one that
# earlymount or the test causes still fails.
em_run_scenario() {
	local attempt rc why kept
	for attempt in 1 2; do
		rc=0
		(
			em_setup "$1"
			# shellcheck disable=SC1090
			. "$2"
		) || rc=$?
		[ "$attempt" = 1 ] || break
		# (what happened, and the name em_boot_finish kept the console under)
		case $rc in
		"$EM_RC_POWEROFF_HUNG") why="the guest hung in its power-off after its report" kept=poweroff-hung ;;
		"$EM_RC_KERNEL_CRASH") why="the kernel crashed before it ran /init" kept=kernel-crash ;;
		"$EM_RC_IO_HUNG") why="the boot hung on block I/O that the kernel never completed" kept=io-hung ;;
		*) break ;;
		esac
		em_note "$1: $why (console kept: $EM_WORK/tmp/$1.$kept.log); running the scenario once more"
	done
	case $rc in
	0) echo "PASS: $1" ;;
	"$EM_RC_POWEROFF_HUNG" | "$EM_RC_KERNEL_CRASH" | "$EM_RC_IO_HUNG") exit 1 ;;
	*) exit "$rc" ;;
	esac
}

em_cleanup() {
	local rc=$?
	em_console_driver_stop
	em_poweroff_watch_stop
	if [ "$rc" = 0 ] || [ "$rc" = 77 ]; then
		[ "${EM_KEEP:-0}" = 1 ] || rm -rf "$EM_TMP"
	else
		printf 'qemu-test: kept %s (console logs, images)\n' "$EM_TMP"
	fi
	return "$rc"
}

em_uuid() { cat /proc/sys/kernel/random/uuid; }

# 8 lowercase hex digits, never 0: an MBR disk signature.
em_mbr_id() {
	local id
	id=$(od -An -N4 -tx4 /dev/urandom | tr -d ' \n')
	[ "$id" != 00000000 ] || id=e1e1e1e1
	printf '%s' "$id"
}

# ---- kernel -------------------------------------------------------------------------------------

# qemu_kernel [--refresh]: runs scripts/fetch-kernel once (per work dir; --refresh runs it again)
# and exports KVER, VMLINUZ, MODDIR. The result is kept in $EM_WORK/kernel.env so parallel
# scenarios don't each fetch; a lock keeps two first runs from fetching at the same time.
qemu_kernel() {
	local refresh=0 env=$EM_WORK/kernel.env out lock
	# (one work dir may serve two architectures and two kernels: each has its own kernel.env)
	[ "$EM_ARCH" = amd64 ] || env=$EM_WORK/kernel-$EM_ARCH.env
	[ "$EM_KERNEL" = 6.1 ] || env=${env%.env}-$EM_KERNEL.env
	[ "${1:-}" = --refresh ] && refresh=1
	mkdir -p "$EM_WORK"
	exec {lock}>"$EM_WORK/kernel.lock"
	flock "$lock"
	if [ "$refresh" = 1 ] || ! em_kernel_env_ok "$env"; then
		[ -x "$EM_FETCH_KERNEL" ] || em_die "kernel fetcher missing: $EM_FETCH_KERNEL"
		# 77: EM_KERNEL_OFFLINE=1 (CTest) and nothing fetched: a skip that names the fetch command.
		local rc=0
		out=$("$EM_FETCH_KERNEL" ${EM_KERNEL_ARGS[@]+"${EM_KERNEL_ARGS[@]}"}) || rc=$?
		[ "$rc" != 77 ] || em_skip "no Debian kernel fetched, and tests download none: fetch one with" \
			"${EM_KERNEL_CACHE:+EM_KERNEL_CACHE=$EM_KERNEL_CACHE }$EM_FETCH_KERNEL${EM_KERNEL_ARGS[*]:+ ${EM_KERNEL_ARGS[*]}}"
		[ "$rc" = 0 ] || em_die "$EM_FETCH_KERNEL failed (exit $rc)"
		{
			printf 'KVER=%q\n' "$(sed -n 's/^KVER=//p' <<<"$out" | tail -n 1)"
			printf 'VMLINUZ=%q\n' "$(sed -n 's/^VMLINUZ=//p' <<<"$out" | tail -n 1)"
			printf 'MODDIR=%q\n' "$(sed -n 's/^MODDIR=//p' <<<"$out" | tail -n 1)"
			printf 'VMLINUX=%q\n' "$(sed -n 's/^VMLINUX=//p' <<<"$out" | tail -n 1)"
		} >"$env.new"
		em_kernel_env_ok "$env.new" || {
			printf '%s\n' "$out"
			em_die "$EM_FETCH_KERNEL did not print usable KVER=, VMLINUZ=, MODDIR= lines"
		}
		mv "$env.new" "$env"
	fi
	flock -u "$lock"
	exec {lock}>&-
	# shellcheck disable=SC1090
	. "$env"
	export KVER VMLINUZ MODDIR VMLINUX
	# (em_kconfig runs in $(...), where em_die cannot end the scenario: its file is checked here)
	[ -f "$(em_kconfig_file)" ] || em_die "no kernel config for $KVER beside $VMLINUZ nor in $MODDIR"
	# the messages whose wording the kernel's version decides, now from KVER
	# shellcheck source=expect.sh
	. "$EM_LIB_DIR/expect.sh"
	[ -n "${EM_BUSYBOX:-}" ] || em_arch_busybox
}

# em_arch_busybox: EM_BUSYBOX for a guest of another architecture: scripts/fetch-busybox's (which,
# under CTest's EM_KERNEL_OFFLINE=1, downloads nothing: a skip that names the fetch command).
# Exported: earlymount-mkinitramfs --busybox packs $EM_BUSYBOX.
em_arch_busybox() {
	local out rc=0
	[ -x "$EM_FETCH_BUSYBOX" ] || em_die "busybox fetcher missing: $EM_FETCH_BUSYBOX"
	out=$("$EM_FETCH_BUSYBOX" --arch "$EM_ARCH") || rc=$?
	[ "$rc" != 77 ] || em_skip "no $EM_ARCH busybox fetched, and tests download none: fetch it with" \
		"$EM_FETCH_BUSYBOX --arch $EM_ARCH"
	[ "$rc" = 0 ] || em_die "$EM_FETCH_BUSYBOX --arch $EM_ARCH failed (exit $rc)"
	EM_BUSYBOX=$(sed -n 's/^BUSYBOX=//p' <<<"$out" | tail -n 1)
	[ -x "$EM_BUSYBOX" ] || em_die "$EM_FETCH_BUSYBOX --arch $EM_ARCH printed no usable BUSYBOX= line: $out"
	export EM_BUSYBOX
}

# em_guest_run PROGRAM ARG...: runs a static PROGRAM built for EM_ARCH on the host: itself on
# amd64, under QEMU's user mode on arm64 (the host has no binfmt handler to do it by itself):
# busybox's applet list, earlymount plan on command lines longer than a boot may take.
em_guest_run() {
	local q
	case $EM_ARCH in
	amd64) "$@" ;;
	arm64)
		q=$(command -v qemu-aarch64-static || command -v qemu-aarch64) ||
			em_die "an arm64 program runs on this host only under qemu-aarch64-static or qemu-aarch64 (scripts/deps: qemu-user-static)"
		"$q" "$@"
		;;
	esac
}

# em_busybox_run ARG...: runs $EM_BUSYBOX on the host (em_guest_run), for its applet list.
em_busybox_run() { em_guest_run "$EM_BUSYBOX" "$@"; }

# ---- what the kernel under test builds in, and as modules -----------------------------------------
# A scenario's expectations come from the kernel it boots, not from one kernel's module list:
# virtio_pci, for one, is a module in Debian's 6.1 and built in from 6.12 on, so no image holds
# it, nothing loads it and no alias of it is matched there.

# em_kmod_builtin NAME: NAME (- and _ alike) is built into the kernel (its modules.builtin).
em_kmod_builtin() {
	[ -f "${MODDIR:-}/modules.builtin" ] || em_die "em_kmod_builtin: no modules.builtin in '${MODDIR:-}' (qemu_kernel first)"
	grep -qE "(^|/)${1//[-_]/[-_]}\.ko\$" "$MODDIR/modules.builtin"
}

# em_kmod_loadable NAME: NAME is a loadable module of the kernel (its modules.dep, any compression).
em_kmod_loadable() {
	[ -f "${MODDIR:-}/modules.dep" ] || em_die "em_kmod_loadable: no modules.dep in '${MODDIR:-}' (qemu_kernel first)"
	grep -qE "^([^:]*/)?${1//[-_]/[-_]}\.ko(\.(xz|zst|gz))?:" "$MODDIR/modules.dep"
}

# em_kmod_deps NAME: what the kernel's loadable module NAME needs, one name a line ('-' as '_', as
# the kernel names modules): its modules.dep line, which depmod writes with the whole closure.
em_kmod_deps() {
	sed -nE "s#^([^:]*/)?${1//[-_]/[-_]}\.ko(\.(xz|zst|gz))?:##p" "$MODDIR/modules.dep" | head -n 1 |
		tr ' ' '\n' | sed -nE 's#^(.*/)?([^/]+)\.ko(\.(xz|zst|gz))?$#\2#p' | tr - _
}

# em_kmods_loadable NAME...: the NAMEs that are loadable modules of the kernel, one a line, in the
# order given (the built-in ones left out); a NAME that is neither is an error of the scenario.
em_kmods_loadable() {
	local m
	for m; do
		if em_kmod_loadable "$m"; then
			echo "$m"
		elif ! em_kmod_builtin "$m"; then
			em_die "$m is neither a module of $KVER nor built into it (modules.dep, modules.builtin)" >&2
		fi
	done
}

# em_kmods_cpu_bound ALIAS: the kernel's modules that offer ALIAS (modules.alias) and load only on
# a CPU with a feature they name (a "cpu:" alias of theirs, as MODULE_DEVICE_TABLE(x86cpu) or
# module_cpu_feature_match give), one a line: crypto-crc32c is crc32c_intel's (SSE 4.2) on amd64,
# and no such module's on arm64 (crc32c_generic only). em_kmods_cpu_free ALIAS: the others, those
# that load on any CPU (crc32c_generic; crc32c_cryptoapi on 7.3).
em_kmods_cpu_bound() { em_kmods_by_cpu "$1" 1; }
em_kmods_cpu_free() { em_kmods_by_cpu "$1" 0; }
em_kmods_by_cpu() { # ALIAS BOUND
	[ -f "${MODDIR:-}/modules.alias" ] || em_die "em_kmods_by_cpu: no modules.alias in '${MODDIR:-}' (qemu_kernel first)"
	awk -v a="$1" -v bound="$2" '$1 == "alias" && $2 == a { offers[$3] = 1 }
		$1 == "alias" && $2 ~ /^cpu:/ { cpu[$3] = 1 }
		END { for (m in offers) if ((m in cpu) == bound) print m }' "$MODDIR/modules.alias" | sort
}

# em_kmod_defines MODULE SYMBOL: the kernel's loadable MODULE defines SYMBOL (its ELF symbol
# table): for what a driver's code does and neither its config nor its version number tells
# plainly (vfat parsing its options through an fs_context: vfat_init_fs_context).
em_kmod_defines() {
	local f
	f=$(sed -nE "s#^(([^:]*/)?${1//[-_]/[-_]}\.ko(\.(xz|zst|gz))?):.*#\1#p" "$MODDIR/modules.dep" | head -n 1)
	[ -n "$f" ] || em_die "em_kmod_defines: $1 is not a loadable module of $KVER" >&2
	case $f in
	*.xz) xz -dc "$MODDIR/$f" ;;
	*.zst) zstd -q -dc "$MODDIR/$f" ;;
	*.gz) gzip -dc "$MODDIR/$f" ;;
	*) cat "$MODDIR/$f" ;;
	esac >"$EM_TMP/.kmod-$1.ko" || em_die "em_kmod_defines: cannot read $MODDIR/$f" >&2
	readelf -Ws "$EM_TMP/.kmod-$1.ko" | awk -v s="$2" '$8 == s && $7 != "UND" { found = 1 } END { exit !found }'
}

# em_kconfig_file: the config file Debian ships with the kernel: boot/config-KVER beside the
# kernel, or (linux-base-*, Linux 7 on) the module tree's config.
em_kconfig_file() {
	local f
	f=$(dirname "${VMLINUZ:-/nonexistent/x}")/config-${KVER:-}
	[ -f "$f" ] || f=${MODDIR:-/nonexistent}/config
	printf '%s\n' "$f"
}

# em_kconfig SYMBOL: the kernel's value of CONFIG_SYMBOL (y, m, a string or number), or n when it is
# not set; from em_kconfig_file.
em_kconfig() {
	local cfg v
	cfg=$(em_kconfig_file)
	[ -f "$cfg" ] || em_die "em_kconfig: no kernel config $cfg (qemu_kernel first)"
	v=$(sed -n "s/^CONFIG_$1=//p" "$cfg" | head -n 1)
	printf '%s\n' "${v:-n}"
}

# em_page_size: the kernel's page size in bytes (resume_offset='s unit, where a swap header sits):
# 4096 on amd64; on arm64 its build's choice of 4, 16 or 64 KiB (CONFIG_ARM64_*K_PAGES).
em_page_size() {
	case $EM_ARCH:$(em_kconfig ARM64_16K_PAGES):$(em_kconfig ARM64_64K_PAGES) in
	arm64:y:*) echo 16384 ;;
	arm64:*:y) echo 65536 ;;
	*) echo 4096 ;;
	esac
}

# em_boot_kernel: the file QEMU's -kernel boots: the amd64 kernel's ELF (VMLINUX, which
# scripts/fetch-kernel unpacks from the bzImage once), through its PVH entry, which spares each boot
# the bzImage's own decompression (about 4 s under TCG); the same kernel from startup_64 on. The
# bzImage (VMLINUZ) where there is no VMLINUX (arm64, whose gzip'd Image QEMU unpacks on the host;
# a kernel without CONFIG_PVH), or with EM_QEMU_BZIMAGE=1, which boots every scenario through the
# bzImage's own boot path, as a user's machine does.
em_boot_kernel() {
	if [ -n "${VMLINUX:-}" ] && [ "${EM_QEMU_BZIMAGE:-0}" != 1 ]; then
		printf '%s' "$VMLINUX"
	else
		printf '%s' "$VMLINUZ"
	fi
}

em_kernel_env_ok() {
	[ -f "$1" ] || return 1
	(
		# shellcheck disable=SC1090
		. "$1"
		[ -n "${KVER:-}" ] && [ -f "${VMLINUZ:-/nonexistent}" ] && [ -f "${MODDIR:-/nonexistent}/modules.dep" ] &&
			[ -n "${VMLINUX+set}" ] && { [ -z "$VMLINUX" ] || [ -f "$VMLINUX" ]; }
	)
}

# ---- test root trees ---------------------------------------------------------------------------

# The test root's /sbin/init: a busybox sh script that reports what it sees between the markers,
# then powers off. Each report line is KEY=value, or a raw dump framed by "--- x ---" lines.
em_init_script() {
	cat <<'EOF'
#!/bin/sh
# /sbin/init of an earlymount test root (tests/qemu/lib.sh): report, then power off.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
# Keep the kernel's own messages off the console from here on, so none cuts through the report.
dmesg -n 1 2>/dev/null
echo "earlymount-test: hello from the real root: $0 runs as PID $$"
echo "=== EARLYMOUNT-TEST BEGIN ==="
echo "PID=$$"
# This shell's fds, listed first and by a child (ls): no pipe or redirection of ours is open in
# the shell at that moment, so the list is what init inherited plus the shell's own
# close-on-exec descriptor of this script (busybox ash keeps the script open on fd >= 10).
echo "--- fds ---"
ls -l /proc/$$/fd
echo "--- end fds ---"
echo "ARGC=$#"
echo "ARG0=$0"
i=1
for a in "$@"; do
	echo "ARG$i=$a"
	i=$((i + 1))
done
echo "CMDLINE=$(cat /proc/cmdline)"
if touch /.em-write-test 2>/dev/null; then
	rm -f /.em-write-test
	echo "WRITE_ROOT=ok"
else
	echo "WRITE_ROOT=fail"
fi
if [ -e /sysroot ]; then echo "SYSROOT_DIR=present"; else echo "SYSROOT_DIR=absent"; fi
if [ -e /init ]; then echo "INIT_FILE=present"; else echo "INIT_FILE=absent"; fi
# Memory held by files in ram-backed filesystems: the initramfs's files live in the kernel's
# rootfs (ramfs -> Unevictable, tmpfs -> Shmem) until they are deleted.
while read -r k v u; do
	case $k in
	MemTotal: | Shmem: | Unevictable:) echo "MEM_${k%:}=$v" ;;
	esac
done </proc/meminfo
# Scenario-specific checks.
for f in /etc/em-test.d/*.sh; do
	[ -r "$f" ] && . "$f"
done
echo "--- mountinfo ---"
while IFS= read -r l; do echo "MI: $l"; done </proc/self/mountinfo
echo "--- end mountinfo ---"
echo "=== EARLYMOUNT-TEST END ==="
sync
# (after the report: tells a hang in sync from one in the kernel's power-off)
echo "earlymount-test: synced, powering off"
# (the harness's own test, harness_poweroff_watch: a guest that never powers off)
[ ! -e /etc/em-test-no-poweroff ] || exec sleep 100000
poweroff -f
# Not reached unless poweroff failed; init exiting panics the kernel, which ends QEMU (-no-reboot).
echo "earlymount-test: poweroff -f failed"
exit 1
EOF
}

# mkroot DIR: a bootable test root: static busybox with applet symlinks in /bin (no /bin/init,
# so /sbin/init is the only init), /usr/lib/os-release, the usual empty mount points, /sbin/init.
mkroot() {
	local d=$1 a
	em_busybox_check
	mkdir -p "$d"/{bin,sbin,etc/em-test.d,proc,sys,dev,run,tmp,mnt,srv,root,var,usr/lib}
	cp "$EM_BUSYBOX" "$d/bin/busybox"
	chmod 755 "$d/bin/busybox"
	for a in $(em_busybox_run --list); do
		case $a in init | linuxrc | busybox) continue ;; esac
		[ -e "$d/bin/$a" ] || ln -s busybox "$d/bin/$a"
	done
	em_os_release >"$d/usr/lib/os-release"
	ln -sf ../usr/lib/os-release "$d/etc/os-release"
	em_init_script >"$d/sbin/init"
	chmod 755 "$d/sbin/init"
	chmod 1777 "$d/tmp"
}

em_os_release() {
	printf '%s\n' 'NAME="earlymount test root"' 'ID=earlymount-test' 'PRETTY_NAME="earlymount test root"'
}

# A test root whose filesystem is not the real root's shape: no busybox, no init anywhere (so
# there is no /bin/sh either, which a kernel-style search would fall back to).
mkroot_noinit() {
	local d=$1
	mkdir -p "$d"/{etc,proc,sys,dev,run,tmp,mnt,usr/lib}
	em_os_release >"$d/usr/lib/os-release"
	echo "this root has no init" >"$d/etc/motd"
}

# Adds a scenario check to the test root: the shell text runs inside the report (so its echo
# lines become report lines). em_add_check TREE NAME TEXT
em_add_check() {
	mkdir -p "$1/etc/em-test.d"
	printf '%s\n' "$3" >"$1/etc/em-test.d/$2.sh"
}

em_busybox_check() {
	[ -x "$EM_BUSYBOX" ] || em_die "no busybox at $EM_BUSYBOX (package busybox-static)"
	# A dynamic busybox would need its libraries in every test root.
	if LC_ALL=C ldd "$EM_BUSYBOX" >/dev/null 2>&1; then
		em_die "$EM_BUSYBOX is dynamically linked; install busybox-static"
	fi
}

# ---- disk images (plain files: no loop mounts, nothing that needs root) ------------------------

# em_file IMG SIZE: a sparse file of SIZE (truncate's units).
em_file() {
	rm -f "$1"
	truncate -s "$2" "$1"
}

# mkdisk_ext4 IMG TREE [mkfs.ext4 args...]   (size: $DISK_SIZE, default 32M)
mkdisk_ext4() {
	local img=$1 tree=$2
	shift 2
	em_file "$img" "${DISK_SIZE:-32M}"
	mkfs.ext4 -q -F -E root_owner=0:0 -d "$tree" "$@" "$img" ||
		em_die "mkfs.ext4 -d $tree $* $img failed"
}

# mkdisk_stale_gpt IMG PART-IMG PARTUUID LABEL: a 128M disk with a stale btrfs signature (LABEL) on
# the whole disk under a GPT whose one partition (PARTUUID, 32M at 1 MiB) holds PART-IMG: what
# mkfs on the disk, then sfdisk in script mode leaves behind (sfdisk keeps the btrfs superblock
# at 64 KiB, so blkid -p still sees it on the whole disk).
mkdisk_stale_gpt() {
	local img=$1 part=$2 puuid=$3 label=$4
	em_file "$img" 128M
	mkfs.btrfs -q -f -L "$label" "$img" >/dev/null || em_die "mkfs.btrfs on $img failed"
	sfdisk -q --no-reread --no-tell-kernel "$img" >/dev/null <<SFDISK || em_die "sfdisk on $img failed"
label: gpt
start=2048, size=65536, type=linux, uuid=$puuid
SFDISK
	[ "$(blkid -p -s TYPE -o value "$img")" = btrfs ] || em_die "the stale btrfs signature did not survive sfdisk"
	dd if="$part" of="$img" bs=1M seek=1 conv=notrunc,sparse status=none || em_die "copying $part failed"
}

# mkdisk_xfs IMG TREE [mkfs.xfs args...]: xfsprogs 6.1 can't copy a directory (-d/--rootdir came
# later), but it takes a prototype file (-p) that names every file's source: written from TREE.
# mkfs.xfs refuses filesystems under 300 MB, so the (sparse) image is 320M.
mkdisk_xfs() {
	local img=$1 tree=$2 proto
	shift 2
	proto=$img.proto
	{
		echo "/dev/null"
		echo "0 0"
		echo "d--755 0 0"
		em_xfs_proto_dir "$tree" " "
		echo '$'
	} >"$proto" || em_die "writing the xfs prototype file for $tree failed"
	em_file "$img" "${DISK_SIZE:-320M}"
	mkfs.xfs -q -f -p "$proto" "$@" "$img" || em_die "mkfs.xfs -p $proto $* $img failed"
}

em_xfs_mode() { # type-char and octal mode (from stat %f: raw hex mode) -> 6-char proto mode
	local t=$1 m=$((16#$2)) su=- sg=-
	((m & 04000)) && su=u
	((m & 02000)) && sg=g
	printf '%s%s%s%03o' "$t" "$su" "$sg" $((m & 0777))
}

em_xfs_proto_dir() {
	local dir=$1 ind=$2 e name info
	for e in "$dir"/* "$dir"/.[!.]*; do
		[ -e "$e" ] || [ -L "$e" ] || continue
		name=${e##*/}
		case $name in *[[:space:]]*) em_die "xfs prototype: file name with a space: $e" ;; esac
		info=$(stat -c '%f %u %g' "$e")
		# shellcheck disable=SC2086 # three words: mode, uid, gid
		set -- $info
		if [ -L "$e" ]; then
			echo "$ind$name $(em_xfs_mode l "$1") $2 $3 $(readlink "$e")"
		elif [ -d "$e" ]; then
			echo "$ind$name $(em_xfs_mode d "$1") $2 $3"
			em_xfs_proto_dir "$e" "$ind "
			echo "$ind\$"
		elif [ -f "$e" ]; then
			echo "$ind$name $(em_xfs_mode - "$1") $2 $3 $(readlink -f "$e")"
		else
			em_die "xfs prototype: unsupported file type: $e"
		fi
	done
}

# mkdisk_btrfs IMG TREE [mkfs.btrfs args...]   (size: $DISK_SIZE, default 128M: btrfs's minimum
# with default profiles is about 110M; the file is sparse)
mkdisk_btrfs() {
	local img=$1 tree=$2
	shift 2
	em_file "$img" "${DISK_SIZE:-128M}"
	mkfs.btrfs -q -f --rootdir "$tree" "$@" "$img" >/dev/null || em_die "mkfs.btrfs --rootdir $tree $* $img failed"
}

# Whether this btrfs-progs can put a subvolume into an image without mounting it (--subvol came
# with btrfs-progs 6.9; Debian 12 has 6.2).
btrfs_has_subvol() {
	mkfs.btrfs --help 2>&1 | grep -- '--subvol' >/dev/null
}

# mkdisk_btrfs_subvol IMG TREE SUBVOL [mkfs.btrfs args...]: TREE as the top level of a btrfs image,
# its directory SUBVOL made a subvolume (SUBVOL may be a path: the directories above it are made
# plain directories, with nothing else of TREE in them). mkfs.btrfs --subvol where this btrfs-progs has it;
# otherwise (Debian 12) the image is mounted once on a loop device, as root, in a mount namespace
# of its own (a test killed halfway leaves no mount behind: the namespace goes with its last
# process, and the loop device with the mount, by autoclear); skipped with the reason when that
# cannot be done here.
mkdisk_btrfs_subvol() {
	local img=$1 tree=$2 sub=$3
	shift 3
	if btrfs_has_subvol; then
		mkdisk_btrfs "$img" "$tree" "$@" --subvol "$sub"
		return
	fi
	[ "$(id -u)" = 0 ] || em_skip "a btrfs subvolume in an image needs mkfs.btrfs --subvol (btrfs-progs 6.9+; this is $(mkfs.btrfs --version 2>&1 | head -n 1)) or root to mount the image once"
	grep -qw btrfs /proc/filesystems || modprobe -q btrfs 2>/dev/null ||
		em_skip "the host kernel mounts no btrfs (not in /proc/filesystems, modprobe btrfs failed): cannot make a subvolume without mkfs.btrfs --subvol"
	command -v btrfs >/dev/null || em_die "btrfs: not found (Debian package: btrfs-progs)"
	em_file "$img" "${DISK_SIZE:-128M}"
	mkfs.btrfs -q -f "$@" "$img" >/dev/null || em_die "mkfs.btrfs $* $img failed"
	mkdir -p "$EM_TMP/btrfs-mnt"
	unshare -m --propagation private sh -euc '
		mount -t btrfs -o loop "$1" "$2"
		mkdir -p "$(dirname "$2/$4")"
		btrfs -q subvolume create "$2/$4"
		cp -a "$3/$4/." "$2/$4/"
		find "$3" -mindepth 1 -maxdepth 1 ! -name "${4%%/*}" -exec cp -a {} "$2/" \;
		umount "$2"' sh "$img" "$EM_TMP/btrfs-mnt" "$tree" "$sub" ||
		em_die "making subvolume $sub in $img through a loop mount failed"
}

# mkdisk_squashfs IMG TREE [mksquashfs args...]: padded to 4 KiB (the default), so the raw disk
# QEMU exposes (whole 512-byte sectors) holds all of it.
mkdisk_squashfs() {
	local img=$1 tree=$2
	shift 2
	rm -f "$img"
	mksquashfs "$tree" "$img" -noappend -quiet -all-root "$@" >/dev/null || em_die "mksquashfs $tree $img failed"
}

# mkdisk_partitioned IMG gpt|dos LABEL-ID PART...
#   PART: "CONTENT|SFDISK-FIELDS": CONTENT is an image file copied into the partition, or a size
#   in MiB for an empty one; SFDISK-FIELDS are sfdisk's (name=..., uuid=..., type=...).
#   Partitions start at 1 MiB and are whole MiB; the content goes in with dd conv=notrunc seek=.
mkdisk_partitioned() {
	local img=$1 label=$2 id=$3 part content fields mib start=1 script
	shift 3
	local starts=() contents=()
	script="label: $label"$'\n'"label-id: $id"$'\n'"unit: sectors"$'\n'
	for part; do
		content=${part%%|*}
		fields=${part#*|}
		if [ -f "$content" ]; then
			mib=$((($(stat -c %s "$content") + 1048575) / 1048576))
		else
			mib=$content
			content=
		fi
		script+="start=$((start * 2048)), size=$((mib * 2048)), $fields"$'\n'
		starts+=("$start")
		contents+=("$content")
		start=$((start + mib))
	done
	# one spare MiB at the end for GPT's backup header
	em_file "$img" "$(((start + 1) * 1048576))"
	printf '%s' "$script" >"$img.sfdisk"
	sfdisk -q --no-reread --no-tell-kernel "$img" <"$img.sfdisk" >/dev/null ||
		em_die "sfdisk on $img failed; script: $(cat "$img.sfdisk")"
	local i
	for i in "${!starts[@]}"; do
		[ -n "${contents[$i]}" ] || continue
		dd if="${contents[$i]}" of="$img" bs=1M seek="${starts[$i]}" conv=notrunc,sparse status=none ||
			em_die "copying ${contents[$i]} into $img failed"
	done
}

# ---- initramfs ------------------------------------------------------------------------------------

# mkinitrd OUT [builder args...]: an earlymount initramfs for the fetched kernel, with the virtio
# preset and $EM_BINARY; the scenario adds --fs TYPE and the rest.
mkinitrd() {
	local out=$1
	shift
	[ -x "$EM_MKINITRAMFS" ] || em_die "initramfs builder missing: $EM_MKINITRAMFS"
	[ -x "$EM_BINARY" ] || em_die "earlymount binary missing: $EM_BINARY (build it: cmake --build build)"
	if ! "$EM_MKINITRAMFS" --force -o "$out" --kver "$KVER" --moddir "$MODDIR" --preset virtio \
		--binary "$EM_BINARY" "$@" >"$out.log" 2>&1; then
		cat "$out.log"
		em_die "building the initramfs failed: $EM_MKINITRAMFS -o $out --kver $KVER --moddir $MODDIR --preset virtio --binary $EM_BINARY $*"
	fi
}

# ---- boot -------------------------------------------------------------------------------------------

# The exit status of a scenario whose guest finished its report and then did not power off
# (em_poweroff_watch); em_run_scenario runs such a scenario once more, and fails it the second time.
EM_RC_POWEROFF_HUNG=3
# The exit status of a scenario whose kernel crashed before it ran /init (em_boot_finish): nothing
# of earlymount's had run yet. em_run_scenario runs it once more, and fails it the second time.
EM_RC_KERNEL_CRASH=4
# The exit status of a scenario whose boot hung with a task waiting for block I/O that the kernel
# never completed (em_boot_finish, from the kernel's dump): em_run_scenario runs it once more.
EM_RC_IO_HUNG=5
# A kernel's crash on the console (an architecture's die() line, "... [#1] ...", a BUG: line, a
# panic) and the line the kernel prints as it starts the initramfs's /init (init/main.c
# run_init_process: "Run %s as init process").
EM_KERNEL_CRASH_RE='\[#[0-9]+\]|BUG: |Kernel panic - not syncing'
EM_KERNEL_RAN_INIT='Run /init as init process'
# Seconds a guest has from the end of its report to QEMU's exit; `poweroff -f` takes well under
# one under TCG, even on a loaded host.
EM_POWEROFF_GRACE=${EM_POWEROFF_GRACE:-30}

# em_poweroff_watch LOG: run in the background beside QEMU (started with -pidfile LOG.pid). Once the
# report's end marker is on the raw console, the guest has EM_POWEROFF_GRACE seconds to power off;
# after that its QEMU is ended and LOG.hung says so. By then earlymount has long handed over
# (/sbin/init's `sync; poweroff -f` is all that is left), so the report stands, but the boot is
# not counted as a pass: em_boot_finish exits with EM_RC_POWEROFF_HUNG.
em_poweroff_watch() {
	local log=$1 i=0 pid
	while ! grep -qaF -- "$EM_END" "$log.raw" 2>/dev/null; do
		sleep 0.5
		i=$((i + 1))
		[ "$i" -lt $((QEMU_TIMEOUT * 2)) ] || return 0
	done
	sleep "$EM_POWEROFF_GRACE"
	pid=$(cat "$log.pid" 2>/dev/null) || return 0
	kill -0 "$pid" 2>/dev/null || return 0
	echo "the guest printed its report's end and had not powered off ${EM_POWEROFF_GRACE}s later" >"$log.hung"
	kill "$pid" 2>/dev/null || true
}

# em_poweroff_watch_start LOG / em_poweroff_watch_stop: the watch around one QEMU run
# (EM_WATCH_PID); QEMU's arguments for it are -pidfile LOG.pid.
em_poweroff_watch_start() {
	rm -f "$1.pid" "$1.hung"
	em_poweroff_watch "$1" >/dev/null 2>&1 &
	EM_WATCH_PID=$!
}
em_poweroff_watch_stop() { em_bg_stop EM_WATCH_PID; }

# em_bg_stop VAR: ends the helper run beside QEMU whose pid the variable VAR holds, if any, waits
# for it and empties VAR.
em_bg_stop() {
	local pid=${!1:-}
	[ -n "$pid" ] || return 0
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	printf -v "$1" '%s' ''
}

# The end of every boot: the console without CRs and escapes in LOG, the report between the
# markers in LOG.report, and the verdict on QEMU's exit status RC (and on LOG.hung, a guest that
# did not power off after its report).
em_boot_finish() {
	local log=$1 rc=$2
	sed -e 's/\r//g' -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\x1bc//g' "$log.raw" >"$log"
	sed -n "/^$EM_BEGIN\$/,/^$EM_END\$/p" "$log" >"$log.report"
	em_note "boot took ${EM_BOOT_SECONDS}s (qemu exit $rc), console: $log"
	if ! grep -qaF -- "$EM_KERNEL_RAN_INIT" "$log" && grep -qaE -- "$EM_KERNEL_CRASH_RE" "$log"; then
		printf 'FAIL: the kernel crashed before it ran /init (no "%s" line); the crash:\n' "$EM_KERNEL_RAN_INIT"
		grep -aE -m1 -A 30 -- "$EM_KERNEL_CRASH_RE" "$log"
		# (kept beside the temp dir, which the second boot starts afresh)
		cp "$log" "$EM_WORK/tmp/$EM_NAME.kernel-crash.log" 2>/dev/null || true
		exit "$EM_RC_KERNEL_CRASH"
	fi
	if [ -f "$log.hung" ]; then
		printf 'FAIL: %s; the console'"'"'s last lines:\n' "$(cat "$log.hung")"
		tail -n 15 "$log"
		# (kept beside the temp dir, which the second boot starts afresh)
		cp "$log" "$EM_WORK/tmp/$EM_NAME.poweroff-hung.log" 2>/dev/null || true
		exit "$EM_RC_POWEROFF_HUNG"
	fi
	case $rc in
	0) ;;
	124 | 137)
		local io
		if [ -f "$log.dump" ] && io=$(em_dump_io_wait "$log"); then
			printf 'FAIL: the boot did not end within %ss (QEMU killed): %s waits for block I/O that the kernel never completed\n' \
				"$QEMU_TIMEOUT" "$io"
			em_excerpt
			cp "$log" "$EM_WORK/tmp/$EM_NAME.io-hung.log" 2>/dev/null || true
			exit "$EM_RC_IO_HUNG"
		fi
		if [ -f "$log.dump" ]; then
			em_fail "the boot did not end within ${QEMU_TIMEOUT}s (QEMU killed); where it hung is in the kernel's dump below"
		fi
		em_fail "the boot did not end within ${QEMU_TIMEOUT}s (QEMU killed)"
		;;
	*) em_fail "$EM_QEMU failed (exit $rc)" ;;
	esac
}

# qemu_boot LOG INITRD APPEND [DISK...]
# Boots the fetched kernel under TCG with the disks as virtio-blk (vda, vdb, ... in order), the
# serial console written to LOG (carriage returns and terminal escapes removed; the raw output is
# LOG.raw), the report between the markers in LOG.report. Fails the scenario if QEMU itself fails
# or the boot is still running after $QEMU_TIMEOUT s (killed then). Sets EM_LOG, EM_BOOT_SECONDS.
# Console input: QEMU_INPUT (text) is typed once QEMU_INPUT_AFTER (a fixed string) is on the console.
# EM_CONSOLE_FILTER: a shell command that also gets the console live on its stdin (the demo).
qemu_boot() {
	local log=$1 initrd=$2 append=$3 d rc start
	shift 3
	local drives=()
	for d; do
		[ -f "$d" ] || em_die "qemu_boot: no disk image $d"
		drives+=(-drive "file=$d,format=raw,if=virtio")
	done
	[ -f "$initrd" ] || em_die "qemu_boot: no initramfs $initrd"
	[ -n "${VMLINUZ:-}" ] || em_die "qemu_boot: call qemu_kernel first"
	EM_LOG=$log
	rm -f "$log" "$log.raw" "$log.report" "$log.dump"
	local input=$log.in
	printf '%s\n' "$EM_QEMU ${EM_QEMU_MACHINE[*]} -append \"$EM_CMDLINE_PRE $append\" $*" >"$log.cmd"
	start=$SECONDS
	rc=0
	local qemu=(timeout -k 10 "$QEMU_TIMEOUT" "$EM_QEMU" ${EM_QEMU_MACHINE[@]+"${EM_QEMU_MACHINE[@]}"}
		-accel tcg -nographic -no-reboot -m "$QEMU_MEM" -smp "$EM_QEMU_SMP" -nic none
		-kernel "$(em_boot_kernel)" -initrd "$initrd" -append "$EM_CMDLINE_PRE $append" "${drives[@]}"
		-pidfile "$log.pid")
	em_console_driver_start "$log" "${QEMU_INPUT_AFTER:-}" "${QEMU_INPUT:-}"
	em_poweroff_watch_start "$log"
	if [ -n "${EM_CONSOLE_FILTER:-}" ]; then
		# also show the console live, through this command (the demo)
		local errexit=0 st
		case $- in *e*) errexit=1 ;; esac
		set +e
		"${qemu[@]}" <"$input" 2>&1 | tee "$log.raw" | bash -c "$EM_CONSOLE_FILTER"
		st=("${PIPESTATUS[@]}")
		[ "$errexit" = 0 ] || set -e
		rc=${st[0]}
	else
		"${qemu[@]}" <"$input" >"$log.raw" 2>&1 || rc=$?
	fi
	EM_BOOT_SECONDS=$((SECONDS - start))
	em_poweroff_watch_stop
	em_console_driver_stop
	em_boot_finish "$log" "$rc"
}

# The seconds before QEMU_TIMEOUT at which a boot still running is asked where it hangs.
EM_HANG_DUMP_LEAD=${EM_HANG_DUMP_LEAD:-15}

# em_console_driver LOG WAIT TEXT: the console's input (QEMU's stdin, the FIFO LOG.in) for one
# boot, run in the background beside QEMU. It types TEXT (when there is one) once WAIT shows up in
# the raw log (QEMU feeds a FIFO to the guest's UART as it drains it, so nothing is lost to its
# 16-byte FIFO). When the boot is still running EM_HANG_DUMP_LEAD seconds before QEMU_TIMEOUT ends
# it, without the report's end on the console, it asks the kernel where it hangs (em_hang_dump).
# It holds the FIFO open until it is ended (em_console_driver_stop).
em_console_driver() {
	local log=$1 wait=$2 text=$3 t0=$SECONDS at sp=''
	trap '[ -z "$sp" ] || kill "$sp" 2>/dev/null; exit 0' TERM
	exec 3>"$log.in"
	if [ -n "$text" ]; then
		if [ -n "$wait" ]; then
			while ! grep -qaF -- "$wait" "$log.raw" 2>/dev/null; do
				sleep 0.2 &
				sp=$!
				wait "$sp"
				[ $((SECONDS - t0)) -lt "$QEMU_TIMEOUT" ] || exit 0
			done
			sleep 1
		fi
		printf '%s\n' "$text" >&3
	fi
	at=$((QEMU_TIMEOUT - EM_HANG_DUMP_LEAD))
	[ "$at" -ge 5 ] || at=5
	while [ $((SECONDS - t0)) -lt "$at" ]; do
		sleep 1 &
		sp=$!
		wait "$sp"
	done
	grep -qaF -- "$EM_END" "$log.raw" 2>/dev/null || em_hang_dump "$log" $((SECONDS - t0))
	sleep "$QEMU_TIMEOUT" &
	sp=$!
	wait "$sp"
}

# em_hang_dump LOG SECONDS: asks the guest's kernel, through its serial console, for the stack of
# every task blocked in D state (SysRq w), then of every CPU (SysRq l), and 3 s later for the
# blocked tasks again (what waits in both waits for good: em_dump_io_wait). On a serial console,
# SysRq is a break followed by the key within 5 s (Documentation/admin-guide/sysrq.rst; the 8250
# and the PL011 driver both pass a break to uart_handle_break). The break is QEMU's: its
# -nographic mux's escape Ctrl-A b, or the monitor's chardev-send-break where the boot has its own
# monitor (qemu_boot_ex with EM_QEMU_MONITOR=1, whose serial is then plain stdio). LOG.dump holds
# the seconds since QEMU started, for em_excerpt.
em_hang_dump() {
	local log=$1 key
	echo "$2" >"$log.dump"
	for key in w l - w; do
		if [ "$key" = - ]; then
			sleep 3
			continue
		fi
		if [ -p "$log.mon.in" ]; then
			printf 'chardev-send-break serial0\n' >"$log.mon.in"
		else
			printf '\001b' >&3
		fi
		sleep 0.5
		printf '%s' "$key" >&3
		sleep 2
	done
}

# em_dump_io_wait LOG: the task that the kernel's dump (em_hang_dump) shows in D state waiting for
# block I/O (io_schedule on its stack: a read waiting for its buffer or folio until the I/O
# completes), the same task in the same place in both of the dump's SysRq w, seconds apart: as
# "task NAME (pid N) in FRAME < FRAME < FRAME", the first three callers of the wait. Status 1 when
# no task waits so in both.
em_dump_io_wait() {
	sed -n "/$EXPECT_SYSRQ_BLOCKED/,\$p" "$1" | awk -v blocked="$EXPECT_SYSRQ_BLOCKED" '
		function flush() {
			if (dstate && io && got[dumps] == "")
				got[dumps] = sprintf("task %s (pid %s) in %s", name, pid, frames)
			dstate = 0
		}
		{ sub(/^\[ *[0-9.]+\] */, "") }
		index($0, blocked) == 1 { flush(); dumps++; next }
		/^task:/ {
			flush()
			name = substr($1, 6)
			dstate = / state:D /
			pid = "?"
			if (match($0, / pid:[0-9]+/))
				pid = substr($0, RSTART + 5, RLENGTH - 5)
			io = 0
			n = 0
			frames = ""
			next
		}
		dstate && /^[A-Za-z_][A-Za-z0-9_.]*\+0x/ {
			f = $1
			sub(/\+0x.*/, "", f)
			if (f == "io_schedule") {
				io = 1
			} else if (io && n < 3 && f !~ /wait_on_bit|wait_io|folio_wait|__folio_lock|wait_for_common|^schedule/) {
				frames = frames (n++ ? " < " : "") f
			}
		}
		END {
			flush()
			if (dumps < 2 || got[1] == "" || got[1] != got[dumps])
				exit 1
			print got[1]
		}'
}

# em_console_driver_start LOG WAIT TEXT / em_console_driver_stop: the driver around one QEMU run
# (EM_CONSOLE_PID); QEMU's stdin is then LOG.in.
em_console_driver_start() {
	rm -f "$1.in"
	mkfifo "$1.in" || em_die "mkfifo $1.in failed"
	# (its stdout is not the test's: CTest waits until every holder of that pipe is gone)
	em_console_driver "$@" >/dev/null 2>&1 &
	EM_CONSOLE_PID=$!
}
em_console_driver_stop() { em_bg_stop EM_CONSOLE_PID; }

# ---- the report ------------------------------------------------------------------------------------

# The booted root's /sbin/init ran and finished its report.
assert_booted() {
	grep -qx -- "$EM_BEGIN" "$EM_LOG.report" ||
		em_fail "the test root's /sbin/init never reported (no '$EM_BEGIN' on the console)"
	grep -qx -- "$EM_END" "$EM_LOG.report" ||
		em_fail "the test root's report is incomplete (no '$EM_END' on the console)"
	grep -q '^MI: ' "$EM_LOG.report" ||
		em_fail "the test root's init could not read /proc/self/mountinfo: is /proc mounted in the new root?"
}

# report_get KEY: the value of KEY=... in the report (first one), or nothing (status 1).
report_get() {
	local line
	line=$(grep -m 1 -- "^$1=" "$EM_LOG.report") || return 1
	printf '%s\n' "${line#*=}"
}

assert_report() { # KEY VALUE
	local v
	v=$(report_get "$1") || em_fail "report has no $1= line (expected $1=$2)"
	[ "$v" = "$2" ] || em_fail "report: expected $1=$2, got $1=$v"
}

# The raw dump between "--- NAME ---" and "--- end NAME ---".
report_section() {
	sed -n "/^--- $1 ---\$/,/^--- end $1 ---\$/p" "$EM_LOG.report" | sed '1d;$d'
}

# mountinfo lines (without the "MI: " prefix)
report_mountinfo() {
	sed -n 's/^MI: //p' "$EM_LOG.report"
}

# mi_line MOUNTPOINT: the mountinfo line of the topmost mount on MOUNTPOINT (mountinfo lists mounts
# in the order they were attached, so the last line for a mount point is the visible one).
mi_line() {
	report_mountinfo | awk -v mp="$1" '$5 == mp { l = $0 } END { if (l == "") exit 1; print l }'
}

# assert_mount MOUNTPOINT FSTYPE [CHECK...]: the mount on MOUNTPOINT exists, has FSTYPE ('-' for
# any) and passes each CHECK:
#   OPT          OPT is among the per-mount options (ro, rw, nosuid, noatime, ...)
#   super:OPT    OPT (exact, e.g. data=journal, commit=7) is among the superblock options
#   tag:NAME     an optional field starts with NAME: (shared, master, propagate_from)
#   root:PATH    the mount's root within its filesystem (field 4; a bind of /srv/data: /srv/data)
#   source:DEV   the mount source
#   !CHECK       the opposite
# EM_WHY, when set, is added to a failure message (why the check matters).
assert_mount() {
	local mp=$1 fstype=$2 line c neg what
	shift 2
	line=$(mi_line "$mp") || em_fail "no mount on $mp in the booted root's mountinfo"
	local f
	read -r -a f <<<"$line"
	local opts=${f[5]} tags=() i=6
	while [ "$i" -lt "${#f[@]}" ] && [ "${f[$i]}" != - ]; do
		tags+=("${f[$i]}")
		i=$((i + 1))
	done
	local mfstype=${f[$((i + 1))]:-} msource=${f[$((i + 2))]:-} msuper=${f[$((i + 3))]:-}
	if [ "$fstype" != - ] && [ "$mfstype" != "$fstype" ]; then
		em_fail "mount on $mp: expected type $fstype, got $mfstype (mountinfo: $line)"
	fi
	for c; do
		neg=0
		case $c in !*) neg=1 c=${c#!} ;; esac
		case $c in
		super:*) em_in_list "${c#super:}" "$msuper" && what=1 || what=0 ;;
		tag:*)
			what=0
			for t in "${tags[@]+"${tags[@]}"}"; do
				case $t in "${c#tag:}":*) what=1 ;; esac
			done
			;;
		root:*) [ "${f[3]}" = "${c#root:}" ] && what=1 || what=0 ;;
		source:*) [ "$msource" = "${c#source:}" ] && what=1 || what=0 ;;
		*) em_in_list "$c" "$opts" && what=1 || what=0 ;;
		esac
		if [ "$what" = "$neg" ]; then
			if [ "$neg" = 1 ]; then
				em_fail "mount on $mp: expected no $c (mountinfo: $line)${EM_WHY:+; $EM_WHY}"
			else
				em_fail "mount on $mp: expected $c (mountinfo: $line)${EM_WHY:+; $EM_WHY}"
			fi
		fi
	done
}

em_in_list() { # WORD COMMA-LIST
	case ",$2," in *",$1,"*) return 0 ;; esac
	return 1
}

# No mount on MOUNTPOINT.
refute_mount() {
	if line=$(mi_line "$1"); then em_fail "unexpected mount on $1 (mountinfo: $line)"; fi
}

# Init's hand-over: PID 1, fds exactly 0, 1, 2 on the console (besides the shell's own descriptor
# of its script, fd >= 10), and /proc, /sys, /dev, /run mounted in the new root.
assert_handover() {
	local script=${1:-/sbin/init} fds n t extra=
	assert_report PID 1
	fds=$(report_section fds | sed -n 's/.* \([0-9][0-9]*\) -> \(.*\)$/\1 \2/p')
	[ -n "$fds" ] || em_fail "init's fd list is empty (was /proc mounted?)"
	for n in 0 1 2; do
		t=$(awk -v n="$n" '$1 == n { $1 = ""; sub(/^ /, ""); print }' <<<"$fds")
		[ "$t" = /dev/console ] || em_fail "init's fd $n: expected /dev/console, got '${t:-nothing}' (fds: $(tr '\n' ';' <<<"$fds"))"
	done
	while read -r n t; do
		case $n in 0 | 1 | 2) continue ;; esac
		if [ "$n" -ge 10 ] && [ "$t" = "$script" ]; then continue; fi
		extra="$extra $n->$t"
	done <<<"$fds"
	[ -z "$extra" ] || em_fail "init inherited fds besides 0, 1, 2:$extra"
	assert_mount /proc proc
	assert_mount /sys sysfs
	assert_mount /dev devtmpfs
	assert_mount /run tmpfs
}

# ---- the console ------------------------------------------------------------------------------------

# The console log with earlymount's lines in one form, "earlymount: TEXT": earlymount.debug's
# "[S.MMM] " time stamp after the prefix dropped, and journald's copy of a line that earlymount wrote
# to the journal ("earlymount[PID]: TEXT": dracut's systemd flow, log.c's log_use_journal) read as
# the line itself, without the colour that systemd 257's journald gives a warning there.
em_console_text() {
	sed -E 's/\x1b\[[0-9;:]*m//g; s/earlymount: \[[0-9]+\.[0-9]{3}\] /earlymount: /; s/earlymount\[[0-9]+\]: /earlymount: /' "$EM_LOG"
}

# An "earlymount: " line is looked for in em_console_text's form. No grep -q at the end of a pipe:
# it could end sed with SIGPIPE (pipefail).
assert_log() { # FIXED-STRING
	grep -qaF -- "$1" "$EM_LOG" && return 0
	case $1 in
	'earlymount: '*) em_console_text | grep -aF -- "$1" >/dev/null && return 0 ;;
	esac
	em_fail "console: expected a line containing: $1"
}
# em_disk_name IMG: sets EM_DISK to the name (vda, vdb, ...) this boot's kernel gave the virtio
# disk backed by IMG: its "[vdX] N 512-byte logical blocks" line for IMG's size, so the disks of one
# boot need sizes of their own. virtio_blk numbers its disks in the order their probes start, and
# two disks probed at once (virtio_blk loading while virtio_pci still adds the second, on two
# CPUs) may take either name; a scenario whose boots have two CPUs and two disks names them by
# this, not by their order.
em_disk_name() {
	local sectors
	sectors=$(($(stat -c %s "$1") / 512))
	EM_DISK=$(grep -aoE "\[vd[a-z]+\] $sectors 512-byte logical blocks" "$EM_LOG" | sed -E 's/^\[(vd[a-z]+)\].*/\1/' | sort -u)
	[ -n "$EM_DISK" ] && [ "$(wc -l <<<"$EM_DISK")" = 1 ] ||
		em_fail "not one virtio disk of $sectors sectors ($(basename "$1")) on the console: '${EM_DISK//$'\n'/ }'"
}

assert_log_re() { # EXTENDED-REGEX [what]
	grep -qaE -- "$1" "$EM_LOG" || em_fail "console: expected a line matching: $1${2:+ ($2)}"
}
refute_log() { # FIXED-STRING
	local l
	if l=$(grep -aF -m 1 -- "$1" "$EM_LOG"); then em_fail "console: unexpected line: $l"; fi
	case $1 in
	'earlymount: '*)
		l=$(em_console_text | grep -aF -m 1 -- "$1" || true)
		[ -z "$l" ] || em_fail "console: unexpected line: $l"
		;;
	esac
}

# console_count LINE [kernel|own]: how often the whole line LINE reached the console before the
# root's report: as the kernel's echo of its /dev/kmsg line ("[ S.U] LINE"), as earlymount's own
# write (the bare line), or both (the default). The kernel's echo can land in the middle of a line
# another program has not finished (a systemd status line before its newline), so a time stamp
# starts a record wherever it stands, and an own write may follow such a fragment.
# earlymount.debug's "[S.MMM] " after the prefix is dropped; the journal's forwarded copy
# ("earlymount[PID]: LINE") is not counted.
console_count() {
	awk -v want="$1" -v which="${2:-all}" '
	function count(kind, text,   pre) {
		if (which != "all" && which != kind) return
		if (text == want) { n++; return }
		# an own write after an unfinished fragment of another program
		if (kind == "own" && length(text) > length(want) &&
		    substr(text, length(text) - length(want) + 1) == want) {
			pre = substr(text, 1, length(text) - length(want))
			if (pre !~ /\]: $/) n++
		}
	}
	index($0, "=== EARLYMOUNT-TEST BEGIN ===") == 1 { exit }
	{
		s = $0
		gsub(/\r/, "", s)
		gsub(/earlymount: \[[0-9]+\.[0-9]+\] /, "earlymount: ", s)
		kind = "own"
		while (match(s, /\[ *[0-9]+\.[0-9]+\] /)) {
			count(kind, substr(s, 1, RSTART - 1))
			s = substr(s, RSTART + RLENGTH)
			kind = "kernel"
		}
		count(kind, s)
	}
	END { print n + 0 }' "$EM_LOG"
}

# assert_console_once LINE: earlymount's own write and the kernel's echo never both reach the
# console, and one of them does.
assert_console_once() {
	local n
	n=$(console_count "$1")
	[ "$n" = 1 ] || em_fail "console: expected the line once, found it $n times: $1"
}

# Seconds (kernel timestamp) of the first console line matching REGEX, or status 1.
log_time() {
	grep -aE -m 1 -- "$1" "$EM_LOG" | sed -n 's/^\[ *\([0-9]*\.[0-9]*\)\].*/\1/p' | grep . ||
		return 1
}

# The last kernel timestamp on the console.
log_last_time() {
	sed -n 's/^\[ *\([0-9]*\.[0-9]*\)\].*/\1/p' "$EM_LOG" | tail -n 1 | grep .
}

# ---- shorthands for the scenarios ---------------------------------------------------------------

# The usual files of a scenario: $EM_TMP/root (tree), $EM_TMP/root.img, $EM_TMP/initrd,
# $EM_TMP/console.log.
boot() { # APPEND [DISK...]: boots $EM_TMP/initrd with the disks (default: $EM_TMP/root.img)
	local append=$1 d sums=()
	shift
	[ $# -gt 0 ] || set -- "$EM_TMP/root.img"
	# Nothing is written unless asked: a boot without "rw" (the kernel's default is ro) must
	# leave every disk byte-identical, whatever the filesystem. Checked on every such boot.
	local ro=1
	case " $append " in *" rw "* | *rootflags=rw* | *rootflags=*,rw* | *usrflags=*rw*) ro=0 ;; esac
	if [ "$ro" = 1 ]; then
		for d; do sums+=("$(sha256sum <"$d")"); done
	fi
	qemu_boot "$EM_TMP/console.log" "$EM_TMP/initrd" "$append" "$@"
	if [ "$ro" = 1 ]; then
		local i=0
		for d; do
			[ "$(sha256sum <"$d")" = "${sums[$i]}" ] ||
				em_fail "the disk $(basename "$d") changed during a boot that did not ask for rw ($append)"
			i=$((i + 1))
		done
	fi
}

# ---- fault scenarios: QEMU with block devices of the scenario's own making --------------------------

# qemu_boot_ex LOG INITRD APPEND [QEMU-ARG...]
# qemu_boot for boots whose block devices the scenario builds itself (blkdebug error injection,
# -blockdev nodes to hot-plug later, ...): the QEMU-ARGs go to QEMU as they are, no disk is added.
# Everything else is qemu_boot's: TCG, the serial console in LOG (LOG.raw, LOG.report), the
# $QEMU_TIMEOUT limit, EM_LOG and EM_BOOT_SECONDS, a failure when QEMU fails or hangs (but no
# QEMU_INPUT: the console's input is em_console_driver's, with nothing to type). Also:
#   EM_QEMU_MONITOR=1  an HMP monitor on the FIFOs LOG.mon.in / LOG.mon.out (QEMU's "pipe"
#                      chardev); em_monitor LOG COMMAND types a command, QEMU's answers are
#                      collected in LOG.monitor.
#   EM_QEMU_DURING=FN  runs "FN LOG" in the background while QEMU runs (output in LOG.during, its
#                      exit status in LOG.during.rc once it returns); ended when QEMU ends. A
#                      DURING function waits for the console with em_wait_console.
# Nothing is checked about the disks: the scenario says what it expects of them.
qemu_boot_ex() {
	local log=$1 initrd=$2 append=$3 rc=0 start during_pid='' monreader_pid=''
	shift 3
	[ -f "$initrd" ] || em_die "qemu_boot_ex: no initramfs $initrd"
	[ -n "${VMLINUZ:-}" ] || em_die "qemu_boot_ex: call qemu_kernel first"
	EM_LOG=$log
	rm -f "$log" "$log.raw" "$log.report" "$log.during" "$log.during.rc" "$log.monitor" \
		"$log.mon.in" "$log.mon.out" "$log.dump"
	local mon=()
	if [ "${EM_QEMU_MONITOR:-0}" = 1 ]; then
		mkfifo "$log.mon.in" "$log.mon.out" || em_die "mkfifo $log.mon.in $log.mon.out failed"
		mon=(-chardev "pipe,id=emmon,path=$log.mon" -mon "chardev=emmon,mode=readline")
		# QEMU opens both FIFOs read-write, so neither open blocks; this reader keeps the
		# answers from filling the pipe.
		cat "$log.mon.out" >"$log.monitor" 2>/dev/null &
		monreader_pid=$!
	fi
	printf '%s\n' "$EM_QEMU ${EM_QEMU_MACHINE[*]} -append \"$EM_CMDLINE_PRE $append\" ${mon[*]} $*" >"$log.cmd"
	: >"$log.raw"
	if [ -n "${EM_QEMU_DURING:-}" ]; then
		(
			during_rc=0
			"$EM_QEMU_DURING" "$log" || during_rc=$?
			echo "$during_rc" >"$log.during.rc"
		) >"$log.during" 2>&1 &
		during_pid=$!
	fi
	start=$SECONDS
	em_console_driver_start "$log" "" ""
	em_poweroff_watch_start "$log"
	timeout -k 10 "$QEMU_TIMEOUT" "$EM_QEMU" ${EM_QEMU_MACHINE[@]+"${EM_QEMU_MACHINE[@]}"} -accel tcg \
		-nographic -no-reboot -m "$QEMU_MEM" -smp "$EM_QEMU_SMP" -nic none -kernel "$(em_boot_kernel)" -initrd "$initrd" \
		-append "$EM_CMDLINE_PRE $append" -pidfile "$log.pid" "${mon[@]}" "$@" <"$log.in" >"$log.raw" 2>&1 || rc=$?
	EM_BOOT_SECONDS=$((SECONDS - start))
	em_poweroff_watch_stop
	em_console_driver_stop
	local p
	for p in $during_pid $monreader_pid; do
		# (a DURING function's only children are em_wait_console's short sleeps: they end by
		# themselves, and their output goes to LOG.during, not to the test's stdout)
		kill "$p" 2>/dev/null || true
		wait "$p" 2>/dev/null || true
	done
	em_boot_finish "$log" "$rc"
}

# em_wait_console LOG FIXED-STRING SECONDS: waits (in a DURING function) until the string is on the
# raw console; status 1 when it did not come within SECONDS (wall clock).
em_wait_console() {
	local i=0
	while ! grep -qaF -- "$2" "$1.raw" 2>/dev/null; do
		sleep 0.2
		i=$((i + 1))
		[ "$i" -lt $(($3 * 5)) ] || return 1
	done
}

# em_monitor LOG COMMAND: types an HMP command into the monitor of a qemu_boot_ex boot with
# EM_QEMU_MONITOR=1.
em_monitor() {
	[ -p "$1.mon.in" ] || em_die "em_monitor: no monitor FIFO $1.mon.in (EM_QEMU_MONITOR=1?)"
	printf '%s\n' "$2" >"$1.mon.in"
}

# Where a PCI device can be hot-plugged: on the "pc" machine its root bus (ACPI PCI hot-plug); on
# virt a PCIe root port of its own (EM_HOTPLUG_PORT: QEMU's pcie.0 takes no hot-plug, "Bus
# 'pcie.0' does not support hotplugging"), whose slot the guest's pciehp (PCIe native hot-plug,
# built into Debian's arm64 kernels) serves. EM_HOTPLUG_BUS: device_add's bus= for it.
# EM_HOTPLUG_BLK_ID: the PCI device ID the hot-plugged virtio-blk-pci shows: 1001, transitional
# (legacy and modern), on pc's root bus; 1042 (0x1040 + block's virtio ID 2, virtio 1.x's
# modern-only ID) behind a PCIe root port, where QEMU turns legacy off (disable-legacy=auto).
# shellcheck disable=SC2034 # EM_HOTPLUG_BLK_ID: for the scenarios
case $EM_ARCH in
arm64) EM_HOTPLUG_PORT=(-device 'pcie-root-port,id=emhp0,chassis=1') EM_HOTPLUG_BUS=emhp0 EM_HOTPLUG_BLK_ID=1042 ;;
*) EM_HOTPLUG_PORT=() EM_HOTPLUG_BUS='' EM_HOTPLUG_BLK_ID=1001 ;;
esac

# em_hotplug_when_waiting LOG: an EM_QEMU_DURING function: once earlymount says it is waiting for
# the root device (with or without earlymount.debug's time stamp), hot-plugs the virtio-blk disk
# whose -blockdev node em_boot_hotplug added (device_add, on EM_HOTPLUG_BUS where there is one).
em_hotplug_when_waiting() {
	em_wait_console "$1" "waiting for root device " 100 || {
		echo "earlymount never said it was waiting for the root device"
		return 1
	}
	em_monitor "$1" "device_add virtio-blk-pci,drive=late0,id=latedisk${EM_HOTPLUG_BUS:+,bus=$EM_HOTPLUG_BUS}"
	echo "device_add sent"
}

# em_boot_hotplug INITRD APPEND IMAGE: boots with no disk at all (IMAGE only as a read-only
# -blockdev node; on virt, an empty PCIe root port for it) and hot-plugs IMAGE as a virtio-blk
# disk once earlymount waits for the root; fails the scenario when the plug did not happen or the
# monitor refused it.
em_boot_hotplug() {
	EM_QEMU_MONITOR=1 EM_QEMU_DURING=em_hotplug_when_waiting qemu_boot_ex "$EM_TMP/console.log" "$1" "$2" \
		${EM_HOTPLUG_PORT[@]+"${EM_HOTPLUG_PORT[@]}"} \
		-blockdev "driver=file,filename=$3,node-name=late0-file,read-only=on" \
		-blockdev "driver=raw,file=late0-file,node-name=late0,read-only=on"
	[ "$(cat "$EM_LOG.during.rc" 2>/dev/null)" = 0 ] ||
		em_fail "the hot-plug did not happen: $(cat "$EM_LOG.during" 2>/dev/null)"
	! grep -qa 'Error' "$EM_LOG.monitor" ||
		em_fail "QEMU's monitor refused the hot-plug: $(grep -a 'Error' "$EM_LOG.monitor" | head -n 3)"
}

# em_blkdebug_drive IMG CONF [ID]: QEMU arguments for a virtio disk whose reads go through QEMU's
# blkdebug driver with the rules in CONF (docs/devel/blkdebug.txt): the raw format on top of
# blkdebug on top of the file, so the raw driver's read_aio event reaches blkdebug and a rule's
# "sector" is the guest's sector. Printed one argument per line (mapfile -t).
em_blkdebug_drive() {
	local id=${3:-emfault0}
	printf '%s\n' -blockdev "driver=file,filename=$1,node-name=$id-file" \
		-blockdev "driver=blkdebug,config=$2,image=$id-file,node-name=$id-dbg" \
		-blockdev "driver=raw,file=$id-dbg,node-name=$id" \
		-device "virtio-blk-pci,drive=$id"
}

# em_ext4_sector IMG PATH [LBLOCK]: the first 512-byte sector (of the image) of the filesystem
# block holding logical block LBLOCK (default 0) of PATH in the ext4 image, by debugfs.
em_ext4_sector() {
	local bs blk
	bs=$(dumpe2fs -h "$1" 2>/dev/null | sed -n 's/^Block size: *//p')
	blk=$(debugfs -R "bmap $2 ${3:-0}" "$1" 2>/dev/null | tail -n 1)
	case $bs$blk in *[!0-9]* | '') em_die "em_ext4_sector: no block size/bmap for $2 in $1 ($bs/$blk)" ;; esac
	[ "$blk" -gt 0 ] || em_die "em_ext4_sector: $2 has no block $3 in $1"
	echo $((blk * bs / 512))
}

# The byte offsets (from 0) where two files of the same size differ, one per line (cmp -l).
em_diff_offsets() {
	{ cmp -l "$1" "$2" 2>/dev/null || true; } | awk '{ print $1 - 1 }'
}

# The boot ended as earlymount.onfail=poweroff says: earlymount's own "powering off", the
# kernel's power-down, and neither a kernel panic nor init's death (earlymount crashing as PID 1).
assert_powered_off() {
	assert_log "$EXPECT_ONFAIL_POWEROFF"
	assert_log "$EXPECT_KERNEL_POWER_DOWN"
	refute_log 'Kernel panic'
	refute_log 'Attempted to kill init'
}

# After a boot with earlymount.debug: EM_LOG becomes a copy of the console without debug's
# "[S.mmm] " stamps after "earlymount: ", so the fixed strings of expect.sh match; the stamped log
# stays in EM_LOG_STAMPED.
em_log_unstamp() {
	EM_LOG_STAMPED=$EM_LOG
	# (every stamp of a line: with two CPUs a worker's line and PID 1's can share one console
	# line, the kernel's printk cutting into a write, so a stamp may stand after another's text)
	sed 's/earlymount: \[[0-9]*\.[0-9]*\] /earlymount: /g' "$EM_LOG_STAMPED" >"$EM_LOG_STAMPED.plain"
	cp "$EM_LOG_STAMPED.report" "$EM_LOG_STAMPED.plain.report"
	EM_LOG=$EM_LOG_STAMPED.plain
}

# After a bad init: the rescue shell listed the initramfs (`ls /init /etc/earlymount`, its lines
# prefixed "LS: ") and printed REPAIRED-42 once the test had repaired the root from it.
assert_rescue_kept_initramfs() {
	assert_log_re '^LS: /init$' "the initramfs's /init is still there"
	assert_log_re '^LS: /etc/earlymount:$' "the initramfs's /etc/earlymount is still there"
	assert_log_re '^LS: modules$' "/etc/earlymount/modules is still there"
	assert_log_re '^REPAIRED-42$' "the repair in the rescue shell worked"
}

# ---- generic images on several kinds of hardware (issue 10) --------------------------------------

# em_disk_bus_args BUS IMG [ID]: QEMU arguments (one a line, for mapfile -t) that attach the raw
# image IMG as one disk on BUS:
#   virtio-blk   virtio-blk-pci                                   -> /dev/vda
#   virtio-scsi  a scsi-hd on a virtio-scsi-pci adapter           -> /dev/sda
#   nvme         an NVMe controller with the image as namespace 1 -> /dev/nvme0n1
#   ahci         an ide-hd on port 0 of an ICH9 AHCI controller: q35's built-in one on amd64 (bus
#                ide.0; em_machine_for ahci, i.e. -M q35), one added to virt's PCIe bus
#                (-device ahci) on arm64                              -> /dev/sda
#   usb          a usb-storage (bulk-only) disk on a qemu-xhci controller -> /dev/sda
#   uas          a scsi-hd behind a USB Attached SCSI device (usb-uas) on qemu-xhci -> /dev/sda
#   megasas      a scsi-hd on an LSI MegaRAID SAS 1078 (megasas), a RAID HBA -> /dev/sda
#   sdhci        an SD card (sd-card) on an SD host controller on PCI (sdhci-pci) -> /dev/mmcblk0
#   ide          an IDE disk on the PIIX3 IDE controller of QEMU's default pc machine (if=ide,
#                the disk of old hypervisors' defaults) -> /dev/sda
# The drive is writable for QEMU (ide-hd refuses read-only drives): the caller checks that a boot
# without rw left the image unchanged (em_boot_bus does).
em_disk_bus_args() {
	local bus=$1 img=$2 id=${3:-emdisk0}
	[ -f "$img" ] || em_die "em_disk_bus_args: no disk image $img"
	printf '%s\n' -drive "file=$img,format=raw,if=none,id=$id"
	case $bus in
	virtio-blk) printf '%s\n' -device "virtio-blk-pci,drive=$id" ;;
	virtio-scsi) printf '%s\n' -device "virtio-scsi-pci,id=$id-hba" -device "scsi-hd,drive=$id,bus=$id-hba.0" ;;
	nvme) printf '%s\n' -device "nvme,drive=$id,serial=EM${id}" ;;
	ahci)
		case $EM_ARCH in
		amd64) printf '%s\n' -device "ide-hd,drive=$id,bus=ide.0" ;;
		*) printf '%s\n' -device "ahci,id=$id-ahci" -device "ide-hd,drive=$id,bus=$id-ahci.0" ;;
		esac
		;;
	usb) printf '%s\n' -device "qemu-xhci,id=$id-xhci" -device "usb-storage,drive=$id,bus=$id-xhci.0" ;;
	uas) printf '%s\n' -device "qemu-xhci,id=$id-xhci" -device "usb-uas,id=$id-uas,bus=$id-xhci.0" \
		-device "scsi-hd,drive=$id,bus=$id-uas.0" ;;
	megasas) printf '%s\n' -device "megasas,id=$id-hba" -device "scsi-hd,drive=$id,bus=$id-hba.0" ;;
	sdhci) printf '%s\n' -device "sdhci-pci,id=$id-sdhci" -device "sd-card,drive=$id" ;;
	ide) printf '%s\n' -device "ide-hd,drive=$id,bus=ide.0" ;;
	*) em_die "em_disk_bus_args: unknown bus $bus (virtio-blk, virtio-scsi, nvme, ahci, usb, uas, megasas, sdhci, ide)" ;;
	esac
}

# em_machine_for BUS: the QEMU machine arguments (one a line) a disk on BUS needs on amd64: q35
# for AHCI (its ICH9 AHCI controller is built in), QEMU's default i440fx "pc" otherwise; on arm64
# none (virt, EM_QEMU_MACHINE, takes every bus's controller as a PCI device).
em_machine_for() {
	case $EM_ARCH:$1 in
	amd64:ahci) printf '%s\n' -M q35 ;;
	esac
}

# em_disk_node BUS: the node the kernel names the (only) disk on BUS.
em_disk_node() {
	case $1 in
	virtio-blk) echo /dev/vda ;;
	nvme) echo /dev/nvme0n1 ;;
	virtio-scsi | ahci | usb | uas | megasas | ide) echo /dev/sda ;;
	sdhci) echo /dev/mmcblk0 ;;
	*) em_die "em_disk_node: unknown bus $1" ;;
	esac
}

# em_add_modules_report TREE: the test root's report gets the booted kernel's /proc/modules
# between "--- modules ---" and "--- end modules ---" (module names: report_modules).
em_add_modules_report() {
	em_add_check "$1" modules 'echo "--- modules ---"
while read -r m _; do echo "$m"; done </proc/modules
echo "--- end modules ---"'
}

# report_modules: the names of the modules loaded when the real root's init ran, one a line.
report_modules() {
	report_section modules
}

# assert_modules_loaded NAME... / refute_modules_loaded NAME...: from the report's /proc/modules
# (em_add_modules_report); EM_WHY, when set, is added to a failure message. A NAME the kernel
# under test builds in (em_kmod_builtin) has nothing to load: assert_modules_loaded says so and
# checks the others (the boot reaching its root shows the built-in driver did its part).
assert_modules_loaded() {
	local m mods
	mods=$(report_modules)
	[ -n "$mods" ] || grep -qx -- '--- modules ---' "$EM_LOG.report" ||
		em_fail "the report has no modules section (em_add_modules_report on the root tree?)"
	for m; do
		if ! em_kmod_loadable "$m" && em_kmod_builtin "$m"; then
			em_note "$m is built into $KVER (modules.builtin): nothing to load"
			continue
		fi
		grep -qx -- "$m" <<<"$mods" ||
			em_fail "module $m is not loaded (loaded: $(tr '\n' ' ' <<<"$mods"))${EM_WHY:+; $EM_WHY}"
	done
}
refute_modules_loaded() {
	local m mods
	mods=$(report_modules)
	grep -qx -- '--- modules ---' "$EM_LOG.report" ||
		em_fail "the report has no modules section (em_add_modules_report on the root tree?)"
	for m; do
		! grep -qx -- "$m" <<<"$mods" ||
			em_fail "module $m is loaded, but nothing on this machine needs it (loaded: $(tr '\n' ' ' <<<"$mods"))${EM_WHY:+; $EM_WHY}"
	done
}

# em_boot_bus BUS INITRD APPEND IMG [QEMU-ARG...]: boots INITRD with IMG as the one disk on BUS
# (em_disk_bus_args) on the machine BUS needs (em_machine_for), through qemu_boot_ex (console in
# $EM_TMP/console-BUS.log); fails when the image changed and APPEND does not ask for rw.
em_boot_bus() {
	local bus=$1 initrd=$2 append=$3 img=$4 sum args machine
	shift 4
	mapfile -t args < <(em_disk_bus_args "$bus" "$img")
	[ ${#args[@]} -gt 0 ] || em_die "em_boot_bus: no QEMU arguments for $bus"
	mapfile -t machine < <(em_machine_for "$bus")
	sum=$(sha256sum <"$img")
	qemu_boot_ex "$EM_TMP/console-$bus.log" "$initrd" "$append" \
		${machine[@]+"${machine[@]}"} "${args[@]}" "$@"
	case " $append " in
	*" rw "* | *rootflags=rw* | *rootflags=*,rw*) ;;
	*) [ "$(sha256sum <"$img")" = "$sum" ] ||
		em_fail "the disk $(basename "$img") on $bus changed during a boot that did not ask for rw ($append)" ;;
	esac
}

# em_generic_initrd OUT [builder args...]: a --generic image (no --preset) for the fetched kernel
# and $EM_BINARY, built once per work dir and shared by the scenarios that boot it (CTest runs
# them in parallel; a lock keeps two from building it at the same time). The cache key is the
# binary, the builder and the arguments, so a rebuilt binary gets a new image. Uncompressed:
# under TCG the kernel would spend seconds inflating the tens of MB of a generic image.
em_generic_initrd() {
	local out=$1 key lock dir=$EM_WORK/generic img
	shift
	[ -x "$EM_MKINITRAMFS" ] || em_die "initramfs builder missing: $EM_MKINITRAMFS"
	[ -x "$EM_BINARY" ] || em_die "earlymount binary missing: $EM_BINARY (build it: cmake --build build)"
	key=$({ sha256sum <"$EM_BINARY"; sha256sum <"$EM_MKINITRAMFS"; printf '%s\n' "$KVER" "$MODDIR" "$@"; } | sha256sum | cut -c1-16)
	img=$dir/generic-$key.img
	mkdir -p "$dir"
	exec {lock}>"$dir/lock"
	flock "$lock"
	if [ ! -f "$img" ]; then
		rm -f "$img.new" # left by a build that was killed: the builder replaces nothing without --force
		if ! "$EM_MKINITRAMFS" -o "$img.new" --kver "$KVER" --moddir "$MODDIR" --generic --compress none \
			--binary "$EM_BINARY" -v "$@" >"$img.log" 2>&1; then
			flock -u "$lock"
			grep -v '^[dflc] ' "$img.log"
			rm -f "$img.new"
			em_die "building the generic initramfs failed: $EM_MKINITRAMFS -o $img --kver $KVER --moddir $MODDIR --generic --compress none --binary $EM_BINARY $*"
		fi
		mv "$img.new" "$img"
	fi
	flock -u "$lock"
	exec {lock}>&-
	ln -f "$img" "$out" 2>/dev/null || cp "$img" "$out" || em_die "copying $img to $out failed"
	em_note "generic initramfs $img: $(tail -n 1 "$img.log" | sed 's/^.*\.img\.new: //')"
}

# The generic image's drivers by the hardware they need, and its filesystems: a gen_* scenario
# asserts that those of hardware its machine does not have, and the filesystems other than the
# root's, stay unloaded (ata_piix, sr_mod: QEMU's pc machine has a PIIX IDE controller with a CD
# drive, so they may rightly load there; they are not in the list).
EM_GEN_DRIVERS=(virtio_blk virtio_scsi nvme ahci usb_storage uas xhci_pci ehci_pci ohci_pci uhci_hcd megaraid_sas
	sdhci_pci mmc_block)
EM_GEN_OTHER_FS=(xfs btrfs vfat fat f2fs erofs squashfs isofs jfs reiserfs nilfs2 overlay 9p 9pnet_virtio loop)

# em_gen_root [DIR...]: the scenario's ext4 root disk $EM_TMP/root.img (LABEL=emgen) whose init
# reports /proc/modules, with the directories DIR (paths in the root, for extra mounts), and the
# generic image $EM_TMP/initrd (em_generic_initrd); made once.
em_gen_root() {
	local d
	if [ ! -f "$EM_TMP/root.img" ]; then
		mkroot "$EM_TMP/root"
		for d; do mkdir -p "$EM_TMP/root$d"; done
		em_add_modules_report "$EM_TMP/root"
		mkdisk_ext4 "$EM_TMP/root.img" "$EM_TMP/root" -L emgen
	fi
	[ -f "$EM_TMP/initrd" ] || em_generic_initrd "$EM_TMP/initrd"
}

# em_gen_assert_modules NEEDED...: after a boot of the generic image: the root is the ext4 one,
# read-only; the module step reported no failure; ext4 and each NEEDED module are loaded, and none
# of the other drivers of EM_GEN_DRIVERS nor the other filesystems.
em_gen_assert_modules() {
	local m absent=() n
	assert_booted
	assert_log_re "$EXPECT_MODULES_SUMMARY_NOFAIL_RE" "the module step's summary, with no failed module"
	EM_WHY="the generic image loads what the machine's devices ask for" assert_modules_loaded ext4 "$@"
	for m in "${EM_GEN_DRIVERS[@]}"; do
		for n; do [ "$m" != "$n" ] || continue 2; done
		absent+=("$m")
	done
	EM_WHY="no device of this machine asks for it" refute_modules_loaded "${absent[@]}"
	EM_WHY="the root is ext4: the other filesystems load only when a superblock names them" \
		refute_modules_loaded "${EM_GEN_OTHER_FS[@]}"
}

# em_gen_bus_scenario BUS NEEDED...: the whole gen_BUS scenario: the generic image boots the ext4
# root on BUS and loads exactly what the machine asks for (em_gen_assert_modules).
em_gen_bus_scenario() {
	local bus=$1
	shift
	em_gen_root
	em_boot_bus "$bus" "$EM_TMP/initrd" "root=LABEL=emgen earlymount.timeout=60 earlymount.onfail=poweroff" \
		"$EM_TMP/root.img"
	assert_booted
	assert_mount / ext4 ro "source:$(em_disk_node "$bus")"
	em_gen_assert_modules "$@"
	em_note "$bus: loaded $(report_modules | tr '\n' ' ')"
}

# assert_share_volatile TYPE: a TYPE share named emroot booted as the root with
# earlymount.volatile=overlay: the share read-only as the lower layer, a tmpfs upper, and the
# booted system's write (the root's check) in the upper layer only.
assert_share_volatile() {
	assert_booted
	assert_log "earlymount: mounted the $1 share 'emroot' on /run/earlymount/lower"
	assert_mount / overlay rw
	assert_mount /run/earlymount/lower "$1" ro super:ro source:emroot
	assert_mount /run/earlymount/overlay tmpfs rw super:mode=755
	assert_report WRITE_ROOT ok
	assert_report WRITE_MARKER ok
	assert_report MARKER_IN_UPPER present
	assert_report MARKER_IN_LOWER absent
	assert_handover /sbin/init
}

# A persistent layer's proof across boots: em_add_marker_check TREE [MORE] adds a root check that
# reports the marker a previous boot left in /em-marker, writes this boot's, and runs MORE (shell
# lines); assert_marker N then checks boot N's report (boot 1 found none and wrote one; a later
# boot finds boot 1's, kept in EM_MARKER).
em_add_marker_check() {
	em_add_check "$1" persist '
if [ -e /em-marker ]; then echo "MARKER_BEFORE=$(cat /em-marker)"; else echo "MARKER_BEFORE=absent"; fi
if echo "$(cat /proc/sys/kernel/random/boot_id)" >/em-marker 2>/dev/null; then echo "WRITE_MARKER=ok"; else echo "WRITE_MARKER=fail"; fi
echo "MARKER_NOW=$(cat /em-marker 2>/dev/null)"'"${2:+
$2}"
}
assert_marker() {
	assert_report WRITE_MARKER ok
	if [ "$1" = 1 ]; then
		assert_report MARKER_BEFORE absent
		EM_MARKER=$(report_get MARKER_NOW)
		[ -n "$EM_MARKER" ] || em_fail "boot 1 wrote no marker"
	else
		assert_report MARKER_BEFORE "$EM_MARKER" # what boot 1 wrote is still there
	fi
}

# mkdisk_decoy IMG [mkfs.ext4 args...]: a small ext4 at IMG holding a root that reports DECOY=yes
# (a partition beside the real root: mounting it by mistake shows in the report).
mkdisk_decoy() {
	local img=$1
	shift
	mkroot "$EM_TMP/decoy"
	echo 'echo "DECOY=yes"' >"$EM_TMP/decoy/etc/em-test.d/decoy.sh"
	DISK_SIZE=8M mkdisk_ext4 "$img" "$EM_TMP/decoy" "$@"
}
