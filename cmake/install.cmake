# What `cmake --install` puts in place under any prefix, and the Debian package that CPack
# builds from it (scripts/package.sh). The engine needs no file to play (the learned move
# model is compiled in); the trained network and the opening maps, which make it stronger,
# go to share/lifeline, where it looks for them. The manual page, the
# documentation and the protocol's conformance transcripts (a regression suite for any build
# of the engine) come with it.
include(GNUInstallDirs)

install(TARGETS lifeline RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/docs/lifeline.6 DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
install(FILES ${PROJECT_SOURCE_DIR}/README.md
              ${PROJECT_SOURCE_DIR}/docs/getting-started.md
              ${PROJECT_SOURCE_DIR}/docs/options.md
              ${PROJECT_SOURCE_DIR}/docs/records.md
              ${PROJECT_SOURCE_DIR}/docs/results.md
              ${PROJECT_SOURCE_DIR}/docs/development.md
              ${PROJECT_SOURCE_DIR}/docs/rules.md
              ${PROJECT_SOURCE_DIR}/docs/user-guide.md
              ${PROJECT_SOURCE_DIR}/docs/search.md
              ${PROJECT_SOURCE_DIR}/docs/solver.md
              ${PROJECT_SOURCE_DIR}/docs/solutions.md
              ${PROJECT_SOURCE_DIR}/docs/openings.md
              ${PROJECT_SOURCE_DIR}/docs/design.md
              ${PROJECT_SOURCE_DIR}/docs/referee.md
              ${PROJECT_SOURCE_DIR}/docs/abstractplay.md
              ${PROJECT_SOURCE_DIR}/docs/network.md
              ${PROJECT_SOURCE_DIR}/docs/methods.md
              ${PROJECT_SOURCE_DIR}/docs/web.md
              ${PROJECT_SOURCE_DIR}/docs/wasm.md
              ${PROJECT_SOURCE_DIR}/protocol/lifeline-gtp.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The licence, as the Debian package's copyright file (Debian's machine-readable format, the
# MIT licence under its Debian name Expat), made from LICENSE so that its text is written once.
file(READ ${PROJECT_SOURCE_DIR}/LICENSE lifeline_license)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/LICENSE)
string(STRIP "${lifeline_license}" lifeline_license)
string(REPLACE "\n\n" "\n.\n" lifeline_license "${lifeline_license}")
string(REPLACE "\n" "\n " lifeline_license "${lifeline_license}")
file(WRITE ${PROJECT_BINARY_DIR}/copyright
     "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
     "Upstream-Name: lifeline\n\n"
     "Files: *\n"
     "Copyright: 2026 The Lifeline engine authors\n"
     "License: Expat\n ${lifeline_license}\n")
install(FILES ${PROJECT_BINARY_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/protocol/conformance
        DESTINATION ${CMAKE_INSTALL_DATADIR}/lifeline)
# The trained network, where the engine's option network auto looks (docs/network.md).
if(EXISTS ${LIFELINE_NETWORK_FILE})
  install(FILES ${LIFELINE_NETWORK_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/lifeline)
endif()
# The opening maps, where the option book auto looks (docs/openings.md).
install(DIRECTORY ${LIFELINE_BOOK_DIR}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/lifeline/book)

set(CPACK_PACKAGE_NAME lifeline)
set(CPACK_PACKAGE_VENDOR "lifeline")
set(CPACK_PACKAGE_CONTACT "lifeline maintainers <lifeline@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "engine for the board game Lifeline, speaking GTP")
set(CPACK_PACKAGE_DESCRIPTION
    "A Monte Carlo tree search engine for Lifeline, the territory game on a hexhex board, guided
by a trained network and an opening book, with an exact solver for small positions. It speaks
a Lifeline adaptation of the Go Text Protocol on standard input and output, so GUIs such as
GoGui, match referees and regression suites can drive it.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# The dependencies (abseil's and the C++ runtime's shared libraries) are read off the binary.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
