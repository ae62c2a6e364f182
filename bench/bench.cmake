# SPDX-License-Identifier: MIT
# The boot benchmark as a smoke test (label "bench"): bench/boot --runs 1 (one boot of each row:
# earlymount's host-only and --generic images, -smp 2 with and without earlymount.jobs=1, dracut's
# minimal shell flow and default flow, the shell flow with --add earlymount, a busybox script at
# -smp 1 and 2), then bench/check-report asserts the report is complete: every row has a figure
# or says why not. The goals are not asserted (timings under TCG on a shared machine are no
# test), so it runs beside the other tests, not alone: its figures are no measurement.
# EM_BENCH_SMOKE_SKIP: the rows the smoke run leaves out (bench/boot --skip; their rows say "not
# run (--skip)"); by default dracut's default flow with --add earlymount, one more systemd image
# to build (2-4 minutes here), and the -smp 2 rows that only repeat another row with a knob
# (earlymount.jobs=1) or the busybox script (CI's time budget: every kind of row still boots once).
# Also left out: issue 29's rows (Debian's tiny-initramfs, which needs a download, and the 12
# machine-type rows: three images and 12 boots more), measured by hand (bench/results/machines.md).
# -DEM_BENCH_SMOKE_SKIP= runs every row.
# The real measurement: bench/boot (5 boots per row, report in bench/results/boot.md).
# Only with -DEARLYMOUNT_BENCH=ON (CMakeLists.txt; scripts/test sets it); leave it out then with
# ctest -LE bench.
if(NOT EARLYMOUNT_BENCH)
  return()
endif()
set(EM_BENCH_SMOKE_SKIP "dracut-default-em,earlymount-smp2-jobs1,generic-smp2-jobs1,busybox-smp2,tiny-initramfs,\
earlymount-ahci,preset-ahci,generic-ahci,tiny-ahci,earlymount-nvme,preset-nvme,generic-nvme,tiny-nvme,\
earlymount-vscsi,preset-vscsi,generic-vscsi,tiny-vscsi" CACHE STRING
    "bench/boot rows (comma-separated) the bench_smoke test leaves out")
add_test(NAME bench_smoke
  COMMAND /bin/sh -c "\"$0\" --runs 1 --binary \"$1\" --work \"$2\" --out \"$2/boot.md\" --skip \"$4\" && \"$3\" \"$2/boot.md\""
          ${CMAKE_SOURCE_DIR}/bench/boot ${CMAKE_BINARY_DIR}/earlymount ${CMAKE_BINARY_DIR}/bench
          ${CMAKE_SOURCE_DIR}/bench/check-report "${EM_BENCH_SMOKE_SKIP}")
# Boots under TCG are slow, the dracut images take minutes to build: generous.
set_tests_properties(bench_smoke PROPERTIES
  LABELS bench TIMEOUT 3600 SKIP_RETURN_CODE 77)
if(TEST qemu_setup)
  # the kernel, fetched once by the QEMU tests' fixture
  set_tests_properties(bench_smoke PROPERTIES FIXTURES_REQUIRED qemu_kernel)
endif()

