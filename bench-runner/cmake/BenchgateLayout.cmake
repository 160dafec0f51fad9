# benchgate_randomize_layout(<target>...): let `benchgate run --randomize-layout` record these
# targets' links, so it can relink them with a fresh code layout every round (docs/layout.md).
# CMake >= 3.21 projects need nothing (benchgate sets CMAKE_CXX_LINKER_LAUNCHER for a fresh build
# folder); this is for older CMake, or a build folder configured before benchgate ran. It does
# nothing unless the configure runs under benchgate (BENCHGATE_LINK_LAUNCHER set).
function(benchgate_randomize_layout)
  if("$ENV{BENCHGATE_LINK_LAUNCHER}" STREQUAL "")
    return()
  endif()
  foreach(target IN LISTS ARGN)
    if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.21)
      set_property(TARGET ${target} PROPERTY CXX_LINKER_LAUNCHER "$ENV{BENCHGATE_LINK_LAUNCHER}")
      set_property(TARGET ${target} PROPERTY C_LINKER_LAUNCHER "$ENV{BENCHGATE_LINK_LAUNCHER}")
    else()
      # Makefile and Ninja generators honour RULE_LAUNCH_LINK on a target.
      set_property(TARGET ${target} PROPERTY RULE_LAUNCH_LINK "$ENV{BENCHGATE_LINK_LAUNCHER}")
    endif()
  endforeach()
endfunction()
