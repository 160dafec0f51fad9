// What the machine looked like when the benchmarks ran: the facts that make
// base and head comparable (or show that they are not).
#ifndef BENCHGATE_ENVIRONMENT_H_
#define BENCHGATE_ENVIRONMENT_H_

#include <string>
#include <vector>

namespace benchgate {

struct Environment {
  std::string host;
  std::string cpu_model;            // "unknown" when /proc/cpuinfo has none
  int num_cpus = 0;
  double mhz_per_cpu = 0;
  bool cpu_scaling_enabled = false;
  std::vector<std::string> governors;  // per CPU; empty when cpufreq is absent
  std::string turbo;                // enabled | disabled | unknown
  std::string aslr;                 // 0 | 1 | 2 | unknown
  std::vector<double> load_avg;     // 1, 5, 15 minutes
  std::string kernel;               // "Linux 6.1.0-18-amd64 x86_64"
  std::string library_version;      // Google Benchmark's version
  std::string library_build_type;   // release | debug | unknown
};

// Reads everything above. Costs a few file reads; call before benchmarks run.
Environment CaptureEnvironment();

// Pure helpers, exposed for tests.
std::string TurboFromSysfs(const std::string& intel_no_turbo, const std::string& cpufreq_boost);
std::string CpuModelFromCpuinfo(const std::string& cpuinfo);

}  // namespace benchgate

#endif  // BENCHGATE_ENVIRONMENT_H_
