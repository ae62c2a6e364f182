# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# On SMP, independent chains of modules load side by side, the root's first (issue 29). The
# generic image boots the ext4 root on a virtio-blk disk with two CPUs (EM_QEMU_SMP=2) and the
# default earlymount.jobs (the CPUs: 2). Each finit_module is stamped where it runs, in its worker
# ("module M: load started (pid P)" and "module M: load ended (pid P): done", modload.c
# run_finit), so from earlymount.debug's lines:
#   1. two loads in two workers overlapped (one started before the other ended), of modules
#      neither of which needs the other: the kernel's modules.dep lists each module's whole
#      closure (em_kmod_deps);
#   2. the first load is of the root's chain: the virtio disk's drivers (virtio_pci where it is a
#      module, virtio_blk) and what they need; not the IDE controller's chain (the i440fx machine
#      has one), not a filesystem;
#   3. the boot succeeds, the root is mounted read-only, the disk is unchanged (boot), no module
#      failed.
# Then a load that fails in a worker (earlymount.jobs=2): uas asked for on the command line and its
# dependency usb_storage given a delay_use= it refuses (the kernel's parse_args fails the load:
# EINVAL). The worker's own line says the errno, the parent's message names the action, the module
# and the reason, uas is not loaded because its dependency failed (as modprobe stops its probe list
# at a failure, kmod_module_probe_insert_module), and the boot goes on to the root.
em_gen_root
# shellcheck disable=SC2034 # lib.sh's qemu_boot reads it
EM_QEMU_SMP=2

# load_spans LOG: "MODULE START_MS END_MS PID", one a line in the order of the starts, from the
# workers' lines (the console's; the report's DMESG: copies left out).
load_spans() {
	awk '
		/^DMESG:/ { next }
		match($0, /earlymount: \[[0-9]+\.[0-9]+\] module [^ :]+: load (started|ended) \(pid [0-9]+\)/) {
			l = substr($0, RSTART, RLENGTH)
			t = l; sub(/^earlymount: \[/, "", t); sub(/\].*/, "", t)
			m = l; sub(/^.*\] module /, "", m); sub(/:.*/, "", m)
			p = l; sub(/^.*\(pid /, "", p); sub(/\).*/, "", p)
			if (l ~ /load started/) {
				if (!(m in start)) { order[++n] = m; start[m] = t * 1000; pid[m] = p }
			} else if (!(m in end)) end[m] = t * 1000
		}
		END { for (i = 1; i <= n; i++) { m = order[i]; print m, start[m], (m in end) ? end[m] : -1, pid[m] } }
	' "$1"
}

# needs A B: module A needs B (B is in A's modules.dep closure). Not a pipe into grep -q: its early
# exit can kill the writer with SIGPIPE, which pipefail would turn into "does not need".
needs() { grep -qx -- "$2" <<<"$(em_kmod_deps "$1")"; }

boot "root=LABEL=emgen earlymount.debug earlymount.timeout=60 earlymount.onfail=poweroff"
mapfile -t spans < <(load_spans "$EM_LOG")
em_log_unstamp
assert_booted
assert_mount / ext4 ro source:/dev/vda
assert_log_re "$EXPECT_MODULES_SUMMARY_NOFAIL_RE" "the module step's summary, with no failed module"
refute_log 'load module'
EM_WHY="the root's disk needs them" assert_modules_loaded virtio_blk ext4

[ ${#spans[@]} -ge 2 ] || em_fail "fewer than two 'module M: load started (pid P)' lines with earlymount.debug: ${spans[*]}"
for s in "${spans[@]}"; do
	read -r m _ t1 p <<<"$s"
	[ "$t1" -ge 0 ] || em_fail "module $m: its worker's 'load started' line has no 'load ended' line"
	[ "$p" != 1 ] || em_fail "module $m loaded in earlymount itself (pid 1), not in a worker: the default earlymount.jobs on two CPUs is 2"
done

# 1. Two independent loads in flight at once.
overlap=
for ((i = 0; i < ${#spans[@]}; i++)); do
	read -r a a0 a1 ap <<<"${spans[$i]}"
	for ((j = i + 1; j < ${#spans[@]}; j++)); do
		read -r b b0 b1 bp <<<"${spans[$j]}"
		# b started (in its worker) before a ended (in its worker), a different one
		if [ "$b0" -ge "$a1" ] || [ "$ap" = "$bp" ] || needs "$a" "$b" || needs "$b" "$a"; then
			continue
		fi
		overlap="$a (pid $ap, $a0-$a1 ms) and $b (pid $bp, $b0-$b1 ms)"
		break 2
	done
done
[ -n "$overlap" ] ||
	em_fail "no two independent modules were loading at the same time with -smp 2 (loads: $(printf '%s; ' "${spans[@]}"))"
em_note "in flight together: $overlap"

# 2. The root's chain first: the virtio disk's loadable drivers and what they need.
chain=$(for m in $(em_kmods_loadable virtio_pci virtio_blk); do echo "$m" && em_kmod_deps "$m"; done)
[ -n "$chain" ] || em_die "neither virtio_pci nor virtio_blk is a loadable module of $KVER: no root chain to see first"
read -r first _ <<<"${spans[0]}"
grep -qx -- "$first" <<<"$chain" ||
	em_fail "the first load was $first, not one of the root disk's chain ($(tr '\n' ' ' <<<"$chain"))"
em_note "first load: $first (the root's chain: $(tr '\n' ' ' <<<"$chain")); loads: $(printf '%s; ' "${spans[@]}")"

# A load that fails in a worker, and its dependent.
if em_kmod_builtin usb_storage || em_kmod_builtin uas; then
	em_note "usb_storage or uas is built into $KVER: no module load to fail"
	exit 0
fi
boot "root=LABEL=emgen earlymount.debug earlymount.jobs=2 earlymount.modules=uas usb_storage.delay_use=x earlymount.timeout=60 earlymount.onfail=poweroff"
em_log_unstamp
assert_booted
assert_mount / ext4 ro source:/dev/vda
assert_log "$(printf "$EXPECT_MODULE_PARAMS_REFUSED" usb_storage 'Invalid argument')"
assert_log "$(printf "$EXPECT_MODULE_DEP_FAILED" uas usb_storage)"
assert_log "$EXPECT_MODULES_GOING_ON"
# the errno came from the worker: its own line, with its pid (not earlymount's, 1)
p=$(sed -nE 's/^.*earlymount: module usb_storage: load ended \(pid ([0-9]+)\): Invalid argument$/\1/p' "$EM_LOG" | head -n 1)
[ -n "$p" ] && [ "$p" != 1 ] ||
	em_fail "no worker's line 'module usb_storage: load ended (pid P): Invalid argument' with P other than 1 (got '${p:-none}')"
refute_log 'module uas: load started'
EM_WHY="its dependency usb_storage did not load" refute_modules_loaded uas usb_storage
EM_WHY="the root's disk needs them" assert_modules_loaded virtio_blk ext4
