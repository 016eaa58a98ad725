#include "paperdex/common/writable_index.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string_view>

#include "paperdex/common/schema.h"
#include "paperdex/errors.h"

namespace paperdex {
namespace {

// The databases a stub lists (a stub file, or DIR/XAPIANDB as
// `paperdex-index --shards` writes); 0 when `path` is not a stub.
std::size_t stub_shard_count(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path stub(path);
  if (fs::is_directory(stub, error)) {
    if (fs::exists(stub / "iamglass", error)) return 0;
    stub /= "XAPIANDB";
  }
  std::ifstream in(stub);
  std::size_t shards = 0;
  for (std::string line; std::getline(in, line);) {
    const auto begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos || line[begin] == '#') continue;
    constexpr std::string_view kBackends[] = {"auto",  "glass",  "chert",
                                              "honey", "remote", "inmemory"};
    const std::string backend = line.substr(begin, line.find_first_of(" \t", begin) - begin);
    if (std::find(std::begin(kBackends), std::end(kBackends), backend) == std::end(kBackends)) {
      return 0;  // not a stub: Xapian says what it is not
    }
    ++shards;
  }
  return shards;
}

// Why the index at `path` (or, before it exists, the directory to hold it)
// cannot be written to, if it cannot: a read-only file system, say. Root
// passes every permission check but this one.
std::optional<std::string> unwritable(const std::string& path) {
  std::error_code ignored;
  std::filesystem::path where = path;
  if (!std::filesystem::exists(where, ignored)) where = where.parent_path();
  if (where.empty()) where = ".";
  if (::access(where.c_str(), W_OK) == 0) return std::nullopt;
  const int error = errno;
  if (error != EROFS && error != EACCES && error != EPERM) return std::nullopt;
  return "cannot write to the index at " + path + ": " +
         (error == EROFS ? std::string("it is on a read-only file system")
                         : std::string("no write permission")) +
         "; it can still be searched. Make it writable (or copy it somewhere writable) and "
         "run again";
}

// Where `path` leads now: the device and inode of the directory, if any.
std::optional<std::pair<dev_t, ino_t>> directory_identity(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return std::nullopt;
  return std::pair{status.st_dev, status.st_ino};
}

// Opens `path` with Xapian's write lock, or says why it cannot.
Xapian::WritableDatabase open_locked(const std::string& path, bool wait_for_lock) {
  int flags = Xapian::DB_CREATE_OR_OPEN | Xapian::DB_BACKEND_GLASS;
  if (wait_for_lock) flags |= Xapian::DB_RETRY_LOCK;
  try {
    return Xapian::WritableDatabase(path, flags);
  } catch (const Xapian::DatabaseLockError&) {
    // Taking the lock fails too where the lock file cannot be made.
    if (auto why = unwritable(path)) throw IoError(*why);
    throw DatabaseLockedError("database " + path +
                              " is locked by another writer; wait for it to finish, or open "
                              "the index waiting for the lock");
  } catch (const Xapian::Error& error) {
    if (auto why = unwritable(path)) throw IoError(*why + " (" + error.get_description() + ")");
    throw IoError("cannot open database " + path + " for writing: " + error.get_description());
  }
}

// How often a writer takes the lock again because the index it locked was
// replaced meanwhile: each time means another writer finished a whole build.
constexpr int kMaxLockAttempts = 100;

}  // namespace

Xapian::WritableDatabase open_writable(const std::string& path, bool wait_for_lock) {
  // Opened as glass, a stub directory would silently get a new empty
  // database beside the stub, which readers would then open instead of it.
  if (const std::size_t shards = stub_shard_count(path); shards > 0) {
    throw IoError(path + " is a sharded index (" + std::to_string(shards) +
                  (shards == 1 ? " shard" : " shards") +
                  "); add records by rebuilding it, or merge the shards with xapian-compact "
                  "first");
  }
  // A bulk build swaps its finished index into place while it still holds
  // the lock of the empty placeholder it had there. A writer that waited for
  // that lock is then handed the placeholder, moved out of `path` and about
  // to be removed: whatever it wrote would be lost. Xapian locks the
  // directory it opened, so a lock is this index's only if `path` named that
  // directory before the open and still names it once the lock is held
  // (every swap happens under the lock, so it cannot move after that). A
  // directory this call had to create is opened once more, by the same rule.
  for (int attempt = 1;; ++attempt) {
    const auto before = directory_identity(path);
    Xapian::WritableDatabase db = open_locked(path, wait_for_lock);
    if (before && before == directory_identity(path)) return db;
    if (attempt == kMaxLockAttempts) {
      throw IoError("the index at " + path + " was replaced by other writers " +
                    std::to_string(kMaxLockAttempts) +
                    " times while this one waited for it; run again when they are done");
    }
  }
}

void create_empty_index(const std::string& path) {
  Xapian::WritableDatabase empty(path, Xapian::DB_CREATE | Xapian::DB_BACKEND_GLASS);
  schema::write_schema_metadata(empty);
  empty.commit();
}

}  // namespace paperdex
