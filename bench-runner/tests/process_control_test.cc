#include "benchgate/process_control.h"

#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

namespace benchgate {
namespace {

// Restores this thread's affinity when a test ends.
class AffinityGuard {
 public:
  AffinityGuard() { sched_getaffinity(0, sizeof saved_, &saved_); }
  ~AffinityGuard() { sched_setaffinity(0, sizeof saved_, &saved_); }
  const cpu_set_t& saved() const { return saved_; }

 private:
  cpu_set_t saved_;
};

TEST(Pinning, PinsToAnAllowedCpu) {
  AffinityGuard guard;
  int target = -1;
  for (int cpu = CPU_SETSIZE - 1; cpu >= 0; --cpu) {
    if (CPU_ISSET(cpu, &guard.saved())) {
      target = cpu;
      break;
    }
  }
  ASSERT_GE(target, 0);
  std::string error;
  ASSERT_TRUE(PinToCpu(target, &error)) << error;
  cpu_set_t now;
  ASSERT_EQ(sched_getaffinity(0, sizeof now, &now), 0);
  EXPECT_EQ(CPU_COUNT(&now), 1);
  EXPECT_TRUE(CPU_ISSET(target, &now));
  EXPECT_EQ(AllowedCpus(), std::to_string(target));
}

TEST(Pinning, MissingCpuIsAClearError) {
  AffinityGuard guard;
  const std::string allowed = AllowedCpus();
  std::string error;
  EXPECT_FALSE(PinToCpu(CPU_SETSIZE - 1, &error));
  EXPECT_NE(error.find("--benchgate_cpu=" + std::to_string(CPU_SETSIZE - 1)), std::string::npos) << error;
  EXPECT_NE(error.find("allowed: " + allowed), std::string::npos) << error;
  EXPECT_FALSE(PinToCpu(CPU_SETSIZE + 10, &error));
  EXPECT_EQ(AllowedCpus(), allowed);  // unchanged after a failure
}

// Runs in a child so a raised priority cannot leak into later tests.
TEST(Priority, RaiseNeverFailsAndSaysWhatItGot) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string got = RaisePriority();
    (void)!write(fds[1], got.data(), got.size());
    _exit(0);
  }
  close(fds[1]);
  std::string got;
  char buf[256];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const bool fifo = got.rfind("SCHED_FIFO", 0) == 0;
  const bool nice = got.rfind("nice -", 0) == 0;
  const bool normal_with_reason = got.find("normal (") == 0 || got.find(" (SCHED_FIFO:") != std::string::npos;
  EXPECT_TRUE(fifo || nice || normal_with_reason) << got;
}

TEST(Priority, DescribeDefaultsToNormal) {
  const std::string d = DescribePriority();
  EXPECT_FALSE(d.empty());
}

}  // namespace
}  // namespace benchgate
