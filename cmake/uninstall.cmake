# SPDX-License-Identifier: MIT
# `make uninstall` (cmake --build build --target uninstall): removes every file the last
# `cmake --install` wrote, as listed in install_manifest.txt. The list has the paths without
# DESTDIR: a DESTDIR install is removed with the same DESTDIR in the environment.
# Directories stay: several packages may share them (modules.d, sbin). MANIFEST: the list's path.
if(NOT EXISTS "${MANIFEST}")
  message(FATAL_ERROR "${MANIFEST} not found: nothing was installed from this build directory")
endif()
file(STRINGS "${MANIFEST}" files)
foreach(f IN LISTS files)
  set(f "$ENV{DESTDIR}${f}")
  if(IS_SYMLINK "${f}" OR EXISTS "${f}")
    message(STATUS "Uninstalling: ${f}")
    file(REMOVE "${f}")
    if(IS_SYMLINK "${f}" OR EXISTS "${f}")
      message(FATAL_ERROR "cannot remove ${f}")
    endif()
  else()
    message(STATUS "Already gone: ${f}")
  endif()
endforeach()
