#include "benchgate/environment.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <benchmark/benchmark.h>

#include "benchgate/config.h"

namespace benchgate {
namespace {

// First line of a small file, trimmed; empty if unreadable.
std::string ReadFirstLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return {};
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The value of "key": "..." in the JSON text, or empty.
std::string JsonStringField(const std::string& json, const std::string& key) {
  const std::string needle = "\"" + key + "\": \"";
  const size_t at = json.find(needle);
  if (at == std::string::npos) return {};
  const size_t begin = at + needle.size();
  const size_t end = json.find('"', begin);
  return end == std::string::npos ? std::string() : json.substr(begin, end - begin);
}

// Google Benchmark writes its own build type (and, from 1.8, its version)
// into the JSON context; the only portable way to learn them is to ask it.
std::string LibraryJsonContext() {
  benchmark::JSONReporter json;
  std::ostringstream out;
  json.SetOutputStream(&out);
  json.SetErrorStream(&out);
  benchmark::BenchmarkReporter::Context context;
  json.ReportContext(context);
  return out.str();
}

std::string LibraryVersion(const std::string& json_context) {
#if BENCHGATE_GB_HAS_VERSION_FN
  std::string v = benchmark::GetBenchmarkVersion();
  if (!v.empty() && v[0] == 'v') v.erase(0, 1);
  if (!v.empty()) return v;
#endif
  std::string v = JsonStringField(json_context, "library_version");
  if (!v.empty() && v[0] == 'v') v.erase(0, 1);
  if (!v.empty()) return v;
  v = BENCHGATE_GB_CMAKE_VERSION;
  return v.empty() ? "unknown" : v;
}

}  // namespace

std::string TurboFromSysfs(const std::string& intel_no_turbo, const std::string& cpufreq_boost) {
  if (intel_no_turbo == "1") return "disabled";
  if (intel_no_turbo == "0") return "enabled";
  if (cpufreq_boost == "1") return "enabled";
  if (cpufreq_boost == "0") return "disabled";
  return "unknown";
}

std::string CpuModelFromCpuinfo(const std::string& cpuinfo) {
  std::istringstream in(cpuinfo);
  std::string line;
  for (const char* key : {"model name", "Model", "cpu model", "Hardware", "cpu"}) {
    in.clear();
    in.seekg(0);
    while (std::getline(in, line)) {
      const size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string name = line.substr(0, colon);
      while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
      if (name != key) continue;
      std::string value = line.substr(colon + 1);
      const size_t first = value.find_first_not_of(" \t");
      if (first == std::string::npos) continue;
      return value.substr(first);
    }
  }
  return "unknown";
}

Environment CaptureEnvironment() {
  Environment env;
  const benchmark::CPUInfo& cpu = benchmark::CPUInfo::Get();

  char host[256] = {0};
  if (gethostname(host, sizeof host - 1) == 0) env.host = host;
  if (env.host.empty()) env.host = benchmark::SystemInfo::Get().name;

  env.cpu_model = CpuModelFromCpuinfo(ReadAll("/proc/cpuinfo"));
  env.num_cpus = cpu.num_cpus;
  env.mhz_per_cpu = std::round(cpu.cycles_per_second / 1e6);
  env.cpu_scaling_enabled = cpu.scaling == benchmark::CPUInfo::ENABLED;

  bool any_governor = false;
  for (int i = 0; i < cpu.num_cpus; ++i) {
    std::string g = ReadFirstLine("/sys/devices/system/cpu/cpu" + std::to_string(i) +
                                  "/cpufreq/scaling_governor");
    any_governor = any_governor || !g.empty();
    env.governors.push_back(g.empty() ? "unknown" : g);
  }
  if (!any_governor) env.governors.clear();  // no cpufreq (VMs, containers)

  env.turbo = TurboFromSysfs(ReadFirstLine("/sys/devices/system/cpu/intel_pstate/no_turbo"),
                             ReadFirstLine("/sys/devices/system/cpu/cpufreq/boost"));
  const std::string aslr = ReadFirstLine("/proc/sys/kernel/randomize_va_space");
  env.aslr = (aslr == "0" || aslr == "1" || aslr == "2") ? aslr : "unknown";

  double load[3];
  const int n = getloadavg(load, 3);
  for (int i = 0; i < n; ++i) env.load_avg.push_back(load[i]);

  utsname u{};
  if (uname(&u) == 0) {
    env.kernel = std::string(u.sysname) + " " + u.release + " " + u.machine;
  } else {
    env.kernel = "unknown";
  }

  const std::string json_context = LibraryJsonContext();
  env.library_version = LibraryVersion(json_context);
  env.library_build_type = JsonStringField(json_context, "library_build_type");
  if (env.library_build_type.empty()) env.library_build_type = "unknown";
  return env;
}

}  // namespace benchgate
