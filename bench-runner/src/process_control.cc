#include "benchgate/process_control.h"

#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace benchgate {
namespace {

constexpr int kFifoPriority = 1;  // lowest real-time priority: above all normal tasks
constexpr int kRaisedNice = -5;

std::string FormatCpuSet(const cpu_set_t& set) {
  std::string out;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &set)) continue;
    int last = cpu;
    while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set)) ++last;
    if (!out.empty()) out += ',';
    out += std::to_string(cpu);
    if (last > cpu) out += '-' + std::to_string(last);
    cpu = last;
  }
  return out.empty() ? "none" : out;
}

}  // namespace

std::string AllowedCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return "unknown";
  return FormatCpuSet(set);
}

bool PinToCpu(int cpu, std::string* error) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
    *error = std::string("cannot read the CPU affinity: ") + std::strerror(errno);
    return false;
  }
  if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &allowed)) {
    *error = "--benchgate_cpu=" + std::to_string(cpu) +
             ": that CPU does not exist or is not available to this process (allowed: " +
             FormatCpuSet(allowed) + "). Pick one of the allowed CPUs.";
    return false;
  }
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (sched_setaffinity(0, sizeof one, &one) != 0) {
    *error = "--benchgate_cpu=" + std::to_string(cpu) + ": sched_setaffinity failed: " + std::strerror(errno);
    return false;
  }
  return true;
}

std::string DescribePriority() {
  const int policy = sched_getscheduler(0);
  if (policy == SCHED_FIFO || policy == SCHED_RR) {
    sched_param param{};
    sched_getparam(0, &param);
    return std::string(policy == SCHED_FIFO ? "SCHED_FIFO " : "SCHED_RR ") +
           std::to_string(param.sched_priority);
  }
  errno = 0;
  const int nice = getpriority(PRIO_PROCESS, 0);
  if (errno == 0 && nice != 0) return "nice " + std::to_string(nice);
  return "normal";
}

std::string RaisePriority() {
  sched_param param{};
  param.sched_priority = kFifoPriority;
  if (sched_setscheduler(0, SCHED_FIFO, &param) == 0) return DescribePriority();
  const std::string fifo_error = std::strerror(errno);

  errno = 0;
  const int current = getpriority(PRIO_PROCESS, 0);
  if (errno == 0 && current <= kRaisedNice) return DescribePriority();
  if (setpriority(PRIO_PROCESS, 0, kRaisedNice) == 0) return DescribePriority();
  const std::string nice_error = std::strerror(errno);

  std::string obtained = DescribePriority();
  obtained += " (SCHED_FIFO: " + fifo_error + "; nice " + std::to_string(kRaisedNice) + ": " +
              nice_error + ")";
  return obtained;
}

}  // namespace benchgate
