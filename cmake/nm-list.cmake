# SPDX-License-Identifier: MIT
# cmake -DNM=nm -DIN=BINARY -DOUT=FILE -P nm-list.cmake: BINARY's symbols, as nm lists them, into
# FILE (msgpack -k reads which packed texts a first link kept: CMakeLists.txt, em_msgpack).
execute_process(COMMAND ${NM} ${IN} OUTPUT_FILE ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} ${IN} failed (${rc})")
endif()
