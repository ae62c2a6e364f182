# SPDX-License-Identifier: MIT
# The kernel hooks that rebuild an earlymount image when a kernel is installed, both off until
# /etc/earlymount/hooks.conf says EARLYMOUNT_REBUILD=yes (earlymount-mkinitramfs(8), KERNEL HOOKS):
#   SYSCONFDIR/kernel/postinst.d/zz-earlymount       Debian's kernel packages run it (run-parts)
#   SYSCONFDIR/kernel/postrm.d/zz-earlymount         ... and this one when a kernel is removed
#   PREFIX/lib/kernel/install.d/50-earlymount.install systemd's kernel-install runs it
#   DATADIR/earlymount/hooks.conf                     the example configuration, not enabled
#   SBINDIR/update-earlymount                         the generator command (update-earlymount(8)),
#                                                     which the earlymount-initramfs package's hooks run
# SYSCONFDIR follows GNUInstallDirs' special case for its full path: with the prefix /usr (the one
# given at install time, `cmake --install --prefix /usr`, or configured) a relative SYSCONFDIR is
# /etc, and under /opt/NAME it is /etc/opt/NAME; else PREFIX/etc. Debian's run-parts reads
# /etc/kernel only, so /usr/etc/kernel would be a hook nothing runs. An absolute
# CMAKE_INSTALL_SYSCONFDIR (debhelper's cmake build passes /etc) is taken as given.
# Each hook's line installed_mkinitramfs='' gets the installed builder's path, as the builder's
# installed_binary= line does (initramfs/initramfs.cmake); a copy without that line fails the install.
# update-earlymount's line installed_version='' gets project(VERSION) the same way (--version).
if(IS_ABSOLUTE "${CMAKE_INSTALL_SYSCONFDIR}")
  install(CODE "set(_em_sysconfdir \"${CMAKE_INSTALL_SYSCONFDIR}\")")
else()
  # evaluated by the install script, where CMAKE_INSTALL_PREFIX is the install-time prefix
  install(CODE "
    if(CMAKE_INSTALL_PREFIX STREQUAL \"/usr\" OR CMAKE_INSTALL_PREFIX STREQUAL \"/usr/\")
      set(_em_sysconfdir \"/${CMAKE_INSTALL_SYSCONFDIR}\")
    elseif(CMAKE_INSTALL_PREFIX MATCHES \"^/opt/(.+)$\")
      set(_em_sysconfdir \"/${CMAKE_INSTALL_SYSCONFDIR}/opt/\${CMAKE_MATCH_1}\")
    else()
      set(_em_sysconfdir \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_SYSCONFDIR}\")
    endif()")
endif()
set(_em_postinst "\${_em_sysconfdir}/kernel/postinst.d")
set(_em_postrm "\${_em_sysconfdir}/kernel/postrm.d")
em_install_dir(_em_kinstall "lib/kernel/install.d")
foreach(_em_hook "postinst.d-earlymount:${_em_postinst}:zz-earlymount"
                 "postrm.d-earlymount:${_em_postrm}:zz-earlymount"
                 "50-earlymount.install:${_em_kinstall}:50-earlymount.install"
                 "update-earlymount:${EM_INSTALL_SBINDIR}:update-earlymount")
  string(REPLACE ":" ";" _em_parts "${_em_hook}")
  list(GET _em_parts 0 _em_src)
  list(GET _em_parts 1 _em_dest)
  list(GET _em_parts 2 _em_name)
  install(CODE "
    string(RANDOM LENGTH 12 tmp)
    set(tmp \"${CMAKE_BINARY_DIR}/install-tmp/\${tmp}\")
    file(READ \"${CMAKE_CURRENT_LIST_DIR}/${_em_src}\" s)
    set(re \"\ninstalled_mkinitramfs=''\n\")
    if(NOT s MATCHES \"\${re}\")
      message(FATAL_ERROR \"hooks/${_em_src}: no line installed_mkinitramfs='' to set\")
    endif()
    string(REGEX REPLACE \"\${re}\" \"\ninstalled_mkinitramfs='${EM_INSTALL_SBINDIR}/earlymount-mkinitramfs'\n\" t \"\${s}\")
    if(\"${_em_name}\" STREQUAL \"update-earlymount\")
      if(NOT t MATCHES \"\ninstalled_version=''\n\")
        message(FATAL_ERROR \"hooks/${_em_src}: no line installed_version='' to set\")
      endif()
      string(REGEX REPLACE \"\ninstalled_version=''\n\" \"\ninstalled_version='${PROJECT_VERSION}'\n\" t \"\${t}\")
    endif()
    file(WRITE \"\${tmp}/${_em_name}\" \"\${t}\")
    file(INSTALL DESTINATION \"${_em_dest}\" TYPE PROGRAM FILES \"\${tmp}/${_em_name}\")
    file(REMOVE_RECURSE \"\${tmp}\")")
endforeach()
install(FILES ${CMAKE_CURRENT_LIST_DIR}/hooks.conf DESTINATION ${CMAKE_INSTALL_DATADIR}/earlymount)

if(NOT BUILD_TESTING)
  return()
endif()
find_program(EM_BASH bash)
if(EM_BASH)
  # as root with the kernel cache: a loop device for the real check; else 77 with the reason
  add_test(NAME hostonly COMMAND ${EM_BASH} ${CMAKE_SOURCE_DIR}/tests/test_hostonly.sh ${CMAKE_BINARY_DIR}/earlymount)
  set_tests_properties(hostonly PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS "initramfs")
endif()
