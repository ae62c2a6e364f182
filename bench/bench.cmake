# SPDX-License-Identifier: MIT
# The boot benchmark as a smoke test (label "bench"): bench/boot --runs 1 (one boot of each row:
# earlymount, dracut's minimal shell flow, dracut's default flow, a busybox script), then
# bench/check-report asserts the report is complete: every row has a figure or says why not. The
# goals are not asserted (timings under TCG on a shared machine are no test). It takes minutes
# (the first run builds dracut's default image), so it runs alone. The real measurement:
# bench/boot (5 boots per row, report in bench/results/boot.md). Leave it out: ctest -LE bench
add_test(NAME bench_smoke
  COMMAND /bin/sh -c "\"$0\" --runs 1 --binary \"$1\" --work \"$2\" --out \"$2/boot.md\" && \"$3\" \"$2/boot.md\""
          ${CMAKE_SOURCE_DIR}/bench/boot ${CMAKE_BINARY_DIR}/earlymount ${CMAKE_BINARY_DIR}/bench
          ${CMAKE_SOURCE_DIR}/bench/check-report)
# Boots under TCG are slow, the dracut images take minutes to build: generous.
set_tests_properties(bench_smoke PROPERTIES
  LABELS bench TIMEOUT 3600 RUN_SERIAL TRUE SKIP_RETURN_CODE 77)
if(TEST qemu_setup)
  # the kernel, fetched once by the QEMU tests' fixture
  set_tests_properties(bench_smoke PROPERTIES FIXTURES_REQUIRED qemu_kernel)
endif()
