// CPU pinning and scheduling priority for the benchmark process.
#ifndef BENCHGATE_PROCESS_CONTROL_H_
#define BENCHGATE_PROCESS_CONTROL_H_

#include <string>

namespace benchgate {

// Restricts the calling thread (and every thread it starts later) to `cpu`.
// Fails with a message listing the allowed CPUs if `cpu` does not exist or
// is not in this process's affinity mask.
// REQUIRES: called before benchmark threads start (they inherit the mask).
bool PinToCpu(int cpu, std::string* error);

// The CPUs this thread may run on, e.g. "0-3,6".
std::string AllowedCpus();

// Tries SCHED_FIFO, then a negative nice value. Never fails: returns what was
// obtained, e.g. "SCHED_FIFO 1", "nice -5" or "normal (permission denied
// for SCHED_FIFO and nice -5)".
// REQUIRES: called before benchmark threads start (they inherit the policy).
std::string RaisePriority();

// The current policy, e.g. "normal", "nice 10", "SCHED_RR 5".
std::string DescribePriority();

}  // namespace benchgate

#endif  // BENCHGATE_PROCESS_CONTROL_H_
