# How the public paperdex libraries are built.
#
# libpaperdex-common.so holds the error types (common/CMakeLists.txt); the
# searcher and the indexer are built by paperdex_public_library(). Their
# sources compile once, into objects shared by
#   paperdex_<name>           the shared library: only PAPERDEX_API symbols
#                             exported (version script), SONAME major.minor;
#   paperdex_<name>_internal  a static archive with everything, for tests and
#                             benchmarks that reach into src/.
# In the build tree, linking paperdex_<name> also brings the archive (the
# linker takes the API from the .so and only hidden internals from the
# archive); installed consumers get the .so alone. paperdex_common_internal
# (the Analyzer, the schema) is static and private: compiled, hidden, into each
# .so, never a dependency of installed consumers. paperdex_common (the error
# types) is shared and public: each .so needs it, and so does every consumer,
# which catches the errors.
#
#   paperdex_public_library(<name> SOURCES src/a.cc ... PRIVATE_LINKS lib ...)

# What every shared paperdex_<name> has in common: its file name
# libpaperdex-<name>.so, SONAME, export name Paperdex::<name>, the version
# script, and its install into the PaperdexTargets export set.
function(paperdex_shared_library_layout name)
  set(lib paperdex_${name})
  set_target_properties(${lib} PROPERTIES
    OUTPUT_NAME paperdex-${name}
    VERSION ${PROJECT_VERSION}
    SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
    EXPORT_NAME ${name})
  # The public headers need C++17; the library itself is built as C++20.
  target_compile_features(${lib} INTERFACE cxx_std_17)
  # The searcher and indexer load libpaperdex-common from their own directory:
  # a program's RUNPATH ($ORIGIN/../lib for the CLIs) does not apply to its
  # libraries' own dependencies, so an installed tree in any prefix needs this.
  set_target_properties(${lib} PROPERTIES INSTALL_RPATH "$ORIGIN")
  install(TARGETS ${lib} EXPORT PaperdexTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang" AND NOT APPLE)
    target_link_options(${lib} PRIVATE
      "LINKER:--version-script=${PROJECT_SOURCE_DIR}/cmake/paperdex.map")
    set_property(TARGET ${lib} APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/paperdex.map)
  endif()
endfunction()

function(paperdex_public_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;PRIVATE_LINKS" ${ARGN})
  set(lib paperdex_${name})

  add_library(${lib}_objects OBJECT ${ARG_SOURCES})
  target_include_directories(${lib}_objects
    PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(${lib}_objects PUBLIC paperdex_common_internal
    PRIVATE ${ARG_PRIVATE_LINKS})
  add_library(${lib}_internal STATIC)
  target_link_libraries(${lib}_internal PUBLIC ${lib}_objects)

  add_library(${lib} SHARED)
  add_library(paperdex::${name} ALIAS ${lib})
  paperdex_shared_library_layout(${name})
  target_include_directories(${lib}
    PUBLIC
      $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/common/include>
    INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(${lib}
    PUBLIC paperdex_common
    PRIVATE ${lib}_objects
    INTERFACE $<BUILD_INTERFACE:${lib}_internal>)
endfunction()

# Installs a command-line program beside the libraries; $ORIGIN keeps an
# installed tree relocatable (cmake --install --prefix ANY).
# A program users run: installed to bin/, and built into the build tree's bin/
# beside the others (the README names it; ../shared/peers' PAPERDEX_BIN).
function(paperdex_install_program target)
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}"
    RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bin)
  install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
