#include "benchgate/sample_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace benchgate {

std::unique_ptr<SampleFile> SampleFile::Open(const std::string& path, std::string* error) {
  if (path.empty()) {
    *error = "--benchgate_samples needs a file name: --benchgate_samples=FILE";
    return nullptr;
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int err = errno;
    *error = "cannot open the sample file '" + path + "' for writing: " + std::strerror(err) +
             ". Check that its directory exists and is writable, or pass another "
             "--benchgate_samples=FILE. No benchmark was run.";
    return nullptr;
  }
  return std::unique_ptr<SampleFile>(new SampleFile(fd, path));
}

SampleFile::~SampleFile() { ::close(fd_); }

bool SampleFile::AppendLine(std::string_view line) {
  assert(!line.empty() && line.back() == '\n');
  const char* p = line.data();
  size_t left = line.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (!warned_) {
        std::fprintf(stderr, "benchgate: writing to the sample file '%s' failed: %s\n",
                     path_.c_str(), std::strerror(errno));
        warned_ = true;
      }
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace benchgate
