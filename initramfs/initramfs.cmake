# SPDX-License-Identifier: MIT
# earlymount-mkinitramfs: installed beside earlymount; tested against Debian's kernel modules
# (scripts/fetch-kernel, cached in .cache/kernel) with the earlymount built here as /init.
install(PROGRAMS ${CMAKE_CURRENT_LIST_DIR}/earlymount-mkinitramfs DESTINATION ${CMAKE_INSTALL_SBINDIR})

find_program(EM_BASH bash)
if(EM_BASH)
  # The binary comes from the 'earlymount' target (built by 'all'); the test fails if it is missing.
  add_test(NAME mkinitramfs
           COMMAND ${EM_BASH} ${CMAKE_SOURCE_DIR}/tests/test_mkinitramfs.sh ${CMAKE_BINARY_DIR}/earlymount)
  # 77: a tool or the kernel could not be had (the script says which). The first run downloads
  # and unpacks the kernel package; the later ones reuse it.
  set_tests_properties(mkinitramfs PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900 LABELS "initramfs")
endif()
