// Runs a child process with extra environment variables, capturing stdout
// and stderr in files (no pipes: a chatty child can never block).
#ifndef BENCHGATE_TESTS_SUBPROCESS_H_
#define BENCHGATE_TESTS_SUBPROCESS_H_

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace testutil {

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline bool FileExists(const std::string& path) { return access(path.c_str(), F_OK) == 0; }

// A fresh directory under $TMPDIR (or /tmp). Tests remove it when they pass
// (RemoveTree) and keep it for debugging when they fail.
inline std::string MakeTempDir(const std::string& tag) {
  const char* base = std::getenv("TMPDIR");
  std::string templ = std::string(base && *base ? base : "/tmp") + "/benchgate-" + tag + "-XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) std::abort();
  return buf.data();
}

inline void RemoveTree(const std::string& dir) {
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

struct Child {
  pid_t pid = -1;
  std::string out_path;
  std::string err_path;
};

// REQUIRES: args non-empty; env entries are "NAME=value".
inline Child Spawn(const std::vector<std::string>& args, const std::vector<std::string>& env,
                   const std::string& dir) {
  Child c;
  static int counter = 0;
  ++counter;
  c.out_path = dir + "/stdout." + std::to_string(counter);
  c.err_path = dir + "/stderr." + std::to_string(counter);
  c.pid = fork();
  if (c.pid == 0) {
    const int out = open(c.out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(c.err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(out, 1);
    dup2(err, 2);
    for (const auto& e : env) putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return c;
}

struct Result {
  int exit_code = -1;  // -1 when killed by a signal
  int signal = 0;
  std::string out;
  std::string err;
};

inline Result Wait(const Child& c, double timeout_s = 120) {
  Result r;
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  for (;;) {
    const pid_t done = waitpid(c.pid, &status, WNOHANG);
    if (done == c.pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(c.pid, SIGKILL);
      waitpid(c.pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  r.out = ReadFile(c.out_path);
  r.err = ReadFile(c.err_path);
  return r;
}

inline Result Run(const std::vector<std::string>& args, const std::vector<std::string>& env,
                  const std::string& dir, double timeout_s = 120) {
  return Wait(Spawn(args, env, dir), timeout_s);
}

// Splits into lines; `complete_only` drops a last line without '\n'.
inline std::vector<std::string> Lines(const std::string& text, bool complete_only = true) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    lines.push_back(text.substr(start, nl - start));
  }
  if (!complete_only && start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

}  // namespace testutil

#endif  // BENCHGATE_TESTS_SUBPROCESS_H_
