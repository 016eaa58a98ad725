// Shared helpers for tests: temporary directories and the optional ../shared data.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <random>
#include <string>

namespace paperdex::test {

// A fresh directory under the system temp dir, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::random_device random;
    path_ = std::filesystem::temp_directory_path() /
            ("paperdex-test-" + std::to_string(random()) + std::to_string(random()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

inline std::filesystem::path source_dir() { return PAPERDEX_SOURCE_DIR; }

// ../shared beside the checkout (or $PAPERDEX_SHARED), when present. Tests
// that need it SKIP-style return early with a WARN when it is absent.
inline std::optional<std::filesystem::path> shared_dir() {
  if (const char* env = std::getenv("PAPERDEX_SHARED"); env && *env) {
    if (std::filesystem::is_directory(env)) return std::filesystem::path(env);
  }
  auto candidate = source_dir().parent_path() / "shared";
  if (std::filesystem::is_directory(candidate / "data")) return candidate;
  return std::nullopt;
}

// What a shell command printed on stdout, and its exit status (-1 if killed).
struct RunOutput {
  int status = -1;
  std::string out;
};

inline RunOutput run_command(const std::string& command) {
  RunOutput result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) {
    result.out.append(buffer.data(), n);
  }
  const int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// `text` as one single-quoted shell word.
inline std::string quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace paperdex::test
