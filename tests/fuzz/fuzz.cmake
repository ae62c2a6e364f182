# SPDX-License-Identifier: MIT
# Hardening tests: libFuzzer targets (tests/fuzz/run), the unit tests under ASan+UBSan and valgrind
# (tests/sanitize/run), cppcheck and clang-tidy (tests/static/run). The scripts build what they run
# themselves (clang for the sanitizers, not the gcc-built emcore) into the build tree, and each
# checks its tools: without them it prints "skipped: <why>" and exits 77.
add_test(NAME fuzz_smoke
  COMMAND ${CMAKE_SOURCE_DIR}/tests/fuzz/run --seconds 10 --build-dir ${CMAKE_BINARY_DIR}/fuzz)
# Each target (tests/fuzz/run ALL) 10 s, one process each, after the build and the regression
# replay: a smoke run that every commit gets. The search itself is tests/fuzz/run --minutes N,
# by hand (DEVELOPERS.md, "Fuzzing and static checks").
set_tests_properties(fuzz_smoke PROPERTIES LABELS fuzz SKIP_RETURN_CODE 77 TIMEOUT 900 PROCESSORS 1)

add_test(NAME unit_asan
  COMMAND ${CMAKE_SOURCE_DIR}/tests/sanitize/run --asan --build-dir ${CMAKE_BINARY_DIR}/sanitize)
set_tests_properties(unit_asan PROPERTIES LABELS sanitize SKIP_RETURN_CODE 77 TIMEOUT 600)
add_test(NAME unit_valgrind
  COMMAND ${CMAKE_SOURCE_DIR}/tests/sanitize/run --valgrind --build-dir ${CMAKE_BINARY_DIR}/sanitize)
set_tests_properties(unit_valgrind PROPERTIES LABELS sanitize SKIP_RETURN_CODE 77 TIMEOUT 900)

add_test(NAME static_checks COMMAND ${CMAKE_SOURCE_DIR}/tests/static/run)
set_tests_properties(static_checks PROPERTIES LABELS static SKIP_RETURN_CODE 77 TIMEOUT 600)

# probe.c against libblkid on the same mutated bytes (tests/blkid/fuzz.sh builds it with clang and
# libblkid; skipped without them): replays tests/blkid/regressions/ and the seed corpus, without
# mutation (the same verdict on every run); explore with tests/blkid/fuzz.sh --minutes N.
add_test(NAME fuzz_blkid_diff
  COMMAND ${CMAKE_SOURCE_DIR}/tests/blkid/fuzz.sh --runs 0 --build-dir ${CMAKE_BINARY_DIR}/fuzz-blkid)
set_tests_properties(fuzz_blkid_diff PROPERTIES LABELS fuzz SKIP_RETURN_CODE 77 TIMEOUT 300 PROCESSORS 1)
