# Finds Google Benchmark (benchmark::benchmark). Falls back to downloading it
# with FetchContent when it is not installed; offline, stops with the command
# that installs it. Sets BENCHGATE_GB_VERSION and BENCHGATE_GB_FETCHED.
set(BENCHGATE_GB_FETCHED OFF)
if(TARGET benchmark::benchmark)
  # Provided by a parent project (e.g. its own FetchContent).
  set(BENCHGATE_GB_VERSION "${benchmark_VERSION}")
  return()
endif()

find_package(benchmark QUIET)
if(benchmark_FOUND)
  set(BENCHGATE_GB_VERSION "${benchmark_VERSION}")
  message(STATUS "benchgate: Google Benchmark ${benchmark_VERSION} (${benchmark_DIR})")
  return()
endif()

set(BENCHGATE_GB_FETCH_VERSION "1.9.1" CACHE STRING "Google Benchmark version to download when none is installed")
option(BENCHGATE_FETCH_BENCHMARK "Download Google Benchmark when it is not installed" ON)
set(_bg_install_hint
  "Install it (Debian/Ubuntu: sudo apt-get install libbenchmark-dev), or point CMake at an installed copy with -Dbenchmark_DIR=<prefix>/lib/cmake/benchmark.")
if(NOT BENCHGATE_FETCH_BENCHMARK)
  message(FATAL_ERROR "benchgate: Google Benchmark (CMake package 'benchmark') was not found. ${_bg_install_hint}")
endif()

# Download ourselves first so that an offline machine gets a clear message
# instead of FetchContent's generic failure.
set(_bg_url "https://github.com/google/benchmark/archive/refs/tags/v${BENCHGATE_GB_FETCH_VERSION}.tar.gz")
set(_bg_archive "${CMAKE_BINARY_DIR}/_deps/benchmark-v${BENCHGATE_GB_FETCH_VERSION}.tar.gz")
if(NOT EXISTS "${_bg_archive}")
  message(STATUS "benchgate: Google Benchmark not installed; downloading ${_bg_url}")
  file(DOWNLOAD "${_bg_url}" "${_bg_archive}.part" STATUS _bg_status INACTIVITY_TIMEOUT 15 TIMEOUT 120)
  list(GET _bg_status 0 _bg_code)
  if(NOT _bg_code EQUAL 0)
    file(REMOVE "${_bg_archive}.part")
    list(GET _bg_status 1 _bg_msg)
    message(FATAL_ERROR
      "benchgate: Google Benchmark (CMake package 'benchmark') was not found and could not be downloaded (${_bg_msg}). ${_bg_install_hint}")
  endif()
  file(RENAME "${_bg_archive}.part" "${_bg_archive}")
endif()

include(FetchContent)
set(BENCHMARK_ENABLE_TESTING OFF CACHE BOOL "" FORCE)
set(BENCHMARK_ENABLE_GTEST_TESTS OFF CACHE BOOL "" FORCE)
set(BENCHMARK_ENABLE_INSTALL OFF CACHE BOOL "" FORCE)
set(BENCHMARK_INSTALL_DOCS OFF CACHE BOOL "" FORCE)
FetchContent_Declare(googlebenchmark URL "${_bg_archive}")
FetchContent_MakeAvailable(googlebenchmark)
set(BENCHGATE_GB_VERSION "${BENCHGATE_GB_FETCH_VERSION}")
set(BENCHGATE_GB_FETCHED ON)
