# SPDX-License-Identifier: MIT
# The size budget's check (README, "Size"; bench/results/size.md): fails when BIN, the stripped /init build,
# is larger than LIMIT bytes.
#   cmake -DBIN=build/earlymount-init -DLIMIT=BYTES -P tests/size/limit.cmake
file(SIZE ${BIN} sz)
if(sz GREATER LIMIT)
  math(EXPR over "${sz} - ${LIMIT}")
  message(FATAL_ERROR "${BIN} is ${sz} B: ${over} B over its limit of ${LIMIT} B (EARLYMOUNT_SIZE_LIMIT); "
                      "see bench/results/size.md for how the sizes are measured")
endif()
math(EXPR left "${LIMIT} - ${sz}")
message(STATUS "${BIN}: ${sz} B, ${left} B under its limit of ${LIMIT} B")
