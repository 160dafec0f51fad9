// How a benchmark binary was built: compiler, build type and flags.
//
// BENCHGATE_CONSUMER_BUILD_INFO() expands in the consumer's translation unit
// (inside BENCHGATE_MAIN() or benchgate::runner_main's main.cc), so the
// compiler macros describe the consumer's compiler and the CMake-provided
// BENCHGATE_CONSUMER_* definitions describe the consumer's build type and flags.
#ifndef BENCHGATE_BUILD_INFO_H_
#define BENCHGATE_BUILD_INFO_H_

namespace benchgate {

struct BuildInfo {
  const char* compiler;    // e.g. "GCC 12.2.0"
  const char* build_type;  // CMake build type; "" when none was set
  const char* flags;       // CMAKE_CXX_FLAGS + CMAKE_CXX_FLAGS_<CONFIG>
  bool optimized;          // __OPTIMIZE__ was defined
  bool ndebug;             // NDEBUG was defined (asserts off)
};

// The build of the bench-runner library itself (fallback for consumers that
// call RunnerMain() without their own BuildInfo).
BuildInfo RunnerBuildInfo();

}  // namespace benchgate

#define BENCHGATE_DETAIL_STR2(x) #x
#define BENCHGATE_DETAIL_STR(x) BENCHGATE_DETAIL_STR2(x)

// Clang first: it also defines __GNUC__.
#if defined(__apple_build_version__)
#define BENCHGATE_DETAIL_COMPILER                                            \
  "AppleClang " BENCHGATE_DETAIL_STR(__clang_major__) "." BENCHGATE_DETAIL_STR( \
      __clang_minor__) "." BENCHGATE_DETAIL_STR(__clang_patchlevel__)
#elif defined(__clang__)
#define BENCHGATE_DETAIL_COMPILER                                       \
  "Clang " BENCHGATE_DETAIL_STR(__clang_major__) "." BENCHGATE_DETAIL_STR( \
      __clang_minor__) "." BENCHGATE_DETAIL_STR(__clang_patchlevel__)
#elif defined(__INTEL_LLVM_COMPILER)
#define BENCHGATE_DETAIL_COMPILER \
  "IntelLLVM " BENCHGATE_DETAIL_STR(__INTEL_LLVM_COMPILER)
#elif defined(__GNUC__)
#define BENCHGATE_DETAIL_COMPILER                                   \
  "GCC " BENCHGATE_DETAIL_STR(__GNUC__) "." BENCHGATE_DETAIL_STR( \
      __GNUC_MINOR__) "." BENCHGATE_DETAIL_STR(__GNUC_PATCHLEVEL__)
#elif defined(_MSC_FULL_VER)
#define BENCHGATE_DETAIL_COMPILER "MSVC " BENCHGATE_DETAIL_STR(_MSC_FULL_VER)
#else
#define BENCHGATE_DETAIL_COMPILER "unknown"
#endif

#ifdef BENCHGATE_CONSUMER_BUILD_TYPE
#define BENCHGATE_DETAIL_BUILD_TYPE BENCHGATE_CONSUMER_BUILD_TYPE
#else
#define BENCHGATE_DETAIL_BUILD_TYPE "unknown"
#endif

#ifdef BENCHGATE_CONSUMER_CXX_FLAGS
#define BENCHGATE_DETAIL_FLAGS BENCHGATE_CONSUMER_CXX_FLAGS
#else
#define BENCHGATE_DETAIL_FLAGS "unknown"
#endif

#ifdef __OPTIMIZE__
#define BENCHGATE_DETAIL_OPTIMIZED true
#else
#define BENCHGATE_DETAIL_OPTIMIZED false
#endif

#ifdef NDEBUG
#define BENCHGATE_DETAIL_NDEBUG true
#else
#define BENCHGATE_DETAIL_NDEBUG false
#endif

#define BENCHGATE_CONSUMER_BUILD_INFO()                                     \
  (::benchgate::BuildInfo{BENCHGATE_DETAIL_COMPILER, BENCHGATE_DETAIL_BUILD_TYPE, \
                          BENCHGATE_DETAIL_FLAGS, BENCHGATE_DETAIL_OPTIMIZED,     \
                          BENCHGATE_DETAIL_NDEBUG})

#endif  // BENCHGATE_BUILD_INFO_H_
