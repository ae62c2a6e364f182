# SPDX-License-Identifier: MIT
# earlymount-mkinitramfs: installed beside earlymount; tested against Debian's kernel modules
# (scripts/fetch-kernel, cached in .cache/kernel) with the earlymount built here as /init.
# Its default binary outside a source tree is the installed earlymount-init, and --hostonly's
# check is the installed earlymount: the lines installed_binary='' and installed_check='' get the
# paths at install time (the prefix of cmake --install --prefix), installed_version='' gets
# project(VERSION) (--version), and
# an install whose copy lacks those lines fails rather than ship a builder that looks elsewhere.
install(CODE "
  string(RANDOM LENGTH 12 tmp)
  set(tmp \"${CMAKE_BINARY_DIR}/install-tmp/\${tmp}\")
  file(READ \"${CMAKE_CURRENT_LIST_DIR}/earlymount-mkinitramfs\" s)
  set(line \"installed_binary='${EM_INSTALL_INITDIR}/earlymount-init'\")
  set(re \"\ninstalled_binary=''\n\")
  if(NOT s MATCHES \"\${re}\")
    message(FATAL_ERROR \"earlymount-mkinitramfs: no line installed_binary='' to set\")
  endif()
  string(REGEX REPLACE \"\${re}\" \"\n\${line}\n\" t \"\${s}\")
  set(re2 \"\ninstalled_check=''\n\")
  if(NOT t MATCHES \"\${re2}\")
    message(FATAL_ERROR \"earlymount-mkinitramfs: no line installed_check='' to set\")
  endif()
  string(REGEX REPLACE \"\${re2}\" \"\ninstalled_check='${EM_INSTALL_SBINDIR}/earlymount'\n\" t \"\${t}\")
  set(re3 \"\ninstalled_version=''\n\")
  if(NOT t MATCHES \"\${re3}\")
    message(FATAL_ERROR \"earlymount-mkinitramfs: no line installed_version='' to set\")
  endif()
  string(REGEX REPLACE \"\${re3}\" \"\ninstalled_version='${PROJECT_VERSION}'\n\" t \"\${t}\")
  file(WRITE \"\${tmp}/earlymount-mkinitramfs\" \"\${t}\")
  file(INSTALL DESTINATION \"${EM_INSTALL_SBINDIR}\" TYPE PROGRAM
       FILES \"\${tmp}/earlymount-mkinitramfs\")
  file(REMOVE_RECURSE \"\${tmp}\")")

# The configuration's example, every key commented out (a package may copy it to /etc/earlymount).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/earlymount.conf DESTINATION ${CMAKE_INSTALL_DATADIR}/earlymount)

if(NOT BUILD_TESTING)
  return()
endif()

find_program(EM_BASH bash)
if(EM_BASH)
  # The binary comes from the 'earlymount' target (built by 'all'); the test fails if it is missing.
  add_test(NAME mkinitramfs
           COMMAND ${EM_BASH} ${CMAKE_SOURCE_DIR}/tests/test_mkinitramfs.sh ${CMAKE_BINARY_DIR}/earlymount)
  # 77: a tool or the kernel could not be had (the script says which). The first run downloads
  # and unpacks the kernel package; the later ones reuse it.
  set_tests_properties(mkinitramfs PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900 LABELS "initramfs")
endif()
