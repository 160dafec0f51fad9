# Compile definitions that tell bench-runner how the *consumer* was built.
# They are usage requirements of benchgate::runner, so they are compiled into
# the consumer's own translation unit that holds main() (BENCHGATE_MAIN() or
# benchgate::runner_main's main.cc). Read by include/benchgate/build_info.h.

# Makes a flag string safe inside a C string literal and a generator expression.
function(benchgate_sanitize_flags out flags)
  string(STRIP "${flags}" flags)
  string(REGEX REPLACE "[ \t]+" " " flags "${flags}")
  string(REPLACE "\\" "/" flags "${flags}")
  string(REPLACE "\"" "'" flags "${flags}")
  string(REPLACE ";" " " flags "${flags}")
  string(REPLACE "," "$<COMMA>" flags "${flags}")
  string(REPLACE ">" "$<ANGLE-R>" flags "${flags}")
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

# Sets ${out} to the definitions, using the flag variables of the current
# directory scope (the consumer's, when called from the installed config).
function(benchgate_consumer_definitions out)
  set(per_config "")
  foreach(cfg Debug Release RelWithDebInfo MinSizeRel)
    string(TOUPPER "${cfg}" CFG)
    benchgate_sanitize_flags(f "${CMAKE_CXX_FLAGS_${CFG}}")
    string(APPEND per_config "$<$<CONFIG:${cfg}>: ${f}>")
  endforeach()
  benchgate_sanitize_flags(common "${CMAKE_CXX_FLAGS}")
  set(${out}
    "BENCHGATE_CONSUMER_BUILD_TYPE=\"$<CONFIG>\""
    "BENCHGATE_CONSUMER_CXX_FLAGS=\"${common}${per_config}\""
    PARENT_SCOPE)
endfunction()
