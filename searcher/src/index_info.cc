#include "index_info.h"

#include <sys/stat.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "paperdex/common/schema.h"
#include "paperdex/common/utc_text.h"

namespace paperdex::detail {
namespace {

namespace fs = std::filesystem;

std::size_t directory_bytes(const fs::path& dir) {
  std::size_t bytes = 0;
  std::error_code error;
  for (fs::recursive_directory_iterator it(dir, error), end; !error && it != end;
       it.increment(error)) {
    if (it->is_regular_file(error)) bytes += static_cast<std::size_t>(it->file_size(error));
  }
  return bytes;
}

// A database directory's files; for a stub (a file of "auto SHARD" or
// "remote HOST:PORT" lines, as paperdex-index --shards writes, or a directory
// holding one as XAPIANDB), the local shards it names. Remote shards are
// another machine's disk and are not counted.
std::size_t index_bytes(const fs::path& path) {
  std::error_code error;
  fs::path stub = path;
  if (fs::is_directory(path, error)) {
    if (!fs::exists(path / "XAPIANDB", error)) return directory_bytes(path);
    stub = path / "XAPIANDB";
  }
  std::size_t bytes = 0;
  std::ifstream lines(stub);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string backend, shard;
    if (!(words >> backend >> shard) || backend == "remote") continue;
    const fs::path shard_path =
        fs::path(shard).is_absolute() ? fs::path(shard) : stub.parent_path() / shard;
    bytes += index_bytes(shard_path);
  }
  return bytes;
}

// When the index was last committed, by the file glass rewrites at every
// commit: for indexes whose writer recorded no time (bulk builds).
std::string commit_time(const fs::path& path) {
  std::error_code error;
  fs::path version_file = fs::is_directory(path, error) ? path / "iamglass" : path;
  if (!fs::exists(version_file, error)) version_file = path / "XAPIANDB";  // a stub: its own time
  struct stat status {};
  if (stat(version_file.c_str(), &status) != 0) return {};
  return utc_text(status.st_mtime, "%Y-%m-%dT%H:%M:%SZ");
}

int year_of(const std::string& bound) {
  return bound.empty() ? 0 : static_cast<int>(Xapian::sortable_unserialise(bound));
}

}  // namespace

IndexInfo describe_index(const Xapian::Database& db, const std::vector<std::string>& locations) {
  IndexInfo info;
  info.documents = db.get_doccount();
  info.term_occurrences = static_cast<std::size_t>(db.get_total_length());
  for (Xapian::TermIterator it = db.allterms_begin(); it != db.allterms_end(); ++it) {
    ++info.unique_terms;
  }
  for (const std::string& location : locations) info.size_bytes += index_bytes(location);
  info.first_year = year_of(db.get_value_lower_bound(schema::kYearSlot));
  info.last_year = year_of(db.get_value_upper_bound(schema::kYearSlot));
  info.schema_version = schema::stored_schema_version(db).value_or(0);
  info.last_update = db.get_metadata(std::string(schema::kLastUpdateKey));
  if (info.last_update.empty()) info.last_update = commit_time(locations.front());
  info.analysis = db.get_metadata(std::string(schema::kAnalysisKey));
  return info;
}

}  // namespace paperdex::detail
