// Shared helpers for tests: temporary directories and the optional ../shared data.
#pragma once

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

}  // namespace paperdex::test
