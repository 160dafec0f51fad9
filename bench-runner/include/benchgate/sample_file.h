// The sample file: complete lines appended with write(2), so a process killed
// at any moment leaves only whole lines behind (the page cache keeps what the
// kernel accepted, no fsync needed).
#ifndef BENCHGATE_SAMPLE_FILE_H_
#define BENCHGATE_SAMPLE_FILE_H_

#include <memory>
#include <string>
#include <string_view>

namespace benchgate {

class SampleFile {
 public:
  // Creates (truncates) `path`. On failure returns null and a message saying
  // what was wrong and what to do.
  static std::unique_ptr<SampleFile> Open(const std::string& path, std::string* error);

  ~SampleFile();
  SampleFile(const SampleFile&) = delete;
  SampleFile& operator=(const SampleFile&) = delete;

  // Writes one line with as few write(2) calls as the kernel allows.
  // REQUIRES: `line` is one complete JSON value ending in '\n'.
  // Returns false (and warns once on stderr) if the write failed.
  bool AppendLine(std::string_view line);

  const std::string& path() const { return path_; }

 private:
  SampleFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_;
  std::string path_;
  bool warned_ = false;
};

}  // namespace benchgate

#endif  // BENCHGATE_SAMPLE_FILE_H_
