# SPDX-License-Identifier: MIT
install(FILES man/earlymount.8 man/earlymount-mkinitramfs.8 man/update-earlymount.8 DESTINATION ${CMAKE_INSTALL_MANDIR}/man8)
install(FILES man/earlymount.dracut.7 DESTINATION ${CMAKE_INSTALL_MANDIR}/man7)
if(NOT BUILD_TESTING)
  return()
endif()
add_test(NAME man_lint COMMAND ${CMAKE_SOURCE_DIR}/man/lint ${CMAKE_SOURCE_DIR}/man/earlymount.8
                                ${CMAKE_SOURCE_DIR}/man/earlymount-mkinitramfs.8
                                ${CMAKE_SOURCE_DIR}/man/earlymount.dracut.7
                                ${CMAKE_SOURCE_DIR}/man/update-earlymount.8)
