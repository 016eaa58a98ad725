#include "writable_index.h"

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

void create_empty_index(const std::string& path) {
  Xapian::WritableDatabase empty(path, Xapian::DB_CREATE | Xapian::DB_BACKEND_GLASS);
  schema::write_schema_metadata(empty);
  empty.commit();
}

}  // namespace paperdex
