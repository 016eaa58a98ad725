#include "database_open.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>
#include <utility>

#include "paperdex/errors.h"

namespace paperdex::detail {
namespace {

namespace fs = std::filesystem;

// Stubs naming stubs deeper than this are refused: a stub naming itself
// would otherwise recurse until the stack runs out.
constexpr int kMaxStubDepth = 16;

// What a single-file glass database starts with (Xapian's own test).
constexpr std::string_view kGlassMagic = "\x0f\x0dXapian Glass";

// Xapian's remote timeouts, in milliseconds; 0: none.
unsigned remote_milliseconds(double seconds) {
  if (!(seconds > 0)) return 0;
  return static_cast<unsigned>(std::ceil(std::min(seconds, 1e6) * 1000));
}

[[noreturn]] void bad_line(const fs::path& stub, int line_number, const std::string& why) {
  throw Xapian::DatabaseOpeningError(stub.string() + ":" + std::to_string(line_number) + ": " +
                                     why);
}

// The stub file that `path` is, if it is one: a directory's XAPIANDB (when it
// is no glass or chert database itself, which Xapian looks for first), or a
// file that is no single-file glass database.
std::optional<fs::path> stub_file(const fs::path& path) {
  std::error_code error;
  if (fs::is_directory(path, error)) {
    if (fs::exists(path / "iamglass", error) || fs::exists(path / "iamchert", error)) {
      return std::nullopt;
    }
    if (fs::is_regular_file(path / "XAPIANDB", error)) return path / "XAPIANDB";
    return std::nullopt;
  }
  if (!fs::is_regular_file(path, error)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::string start(kGlassMagic.size(), '\0');
  in.read(start.data(), static_cast<std::streamsize>(start.size()));
  if (in && start == kGlassMagic) return std::nullopt;
  return path;
}

Xapian::Database open_at(const fs::path& path, const OpenOptions& options, int depth,
                         OpenedIndex& opened);

// A remote shard at `endpoint` ("HOST:PORT"), recorded in `opened` first, so
// that an error names it; left out (an empty database) when the options say
// so or it cannot be reached and they allow that.
Xapian::Database open_tcp(const std::string& endpoint, RemoteShard shard,
                          const OpenOptions& options, OpenedIndex& opened) {
  const std::string::size_type colon = endpoint.rfind(':');
  std::string host = endpoint.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);  // [IPv6]
  }
  const unsigned port = static_cast<unsigned>(std::atoi(endpoint.c_str() + colon + 1));
  const unsigned timeout = remote_milliseconds(options.remote_timeout_seconds);
  shard.endpoint = host + ":" + std::to_string(port);
  opened.remote_shards.push_back(shard);
  if (const auto left_out = options.left_out.find(shard.endpoint);
      left_out != options.left_out.end()) {
    opened.remote_shards.back().missing = true;
    opened.remote_shards.back().why = left_out->second;
    return Xapian::Database();
  }
  try {
    return Xapian::Remote::open(host, port, timeout, timeout);
  } catch (const Xapian::NetworkError& error) {
    if (!options.skip_unreachable) throw;
    opened.remote_shards.back().missing = true;
    opened.remote_shards.back().why = error.get_msg();
    return Xapian::Database();
  }
}

// One `remote` line's database: `host:port` (TCP), or `:program args`
// (run here, only when allowed).
Xapian::Database open_remote(const std::string& where, const OpenOptions& options,
                             const fs::path& stub, int line_number, OpenedIndex& opened) {
  const std::string::size_type colon = where.find(':');
  if (colon == 0) {
    if (!options.allow_program_stubs) {
      throw DatabaseNotFoundError(
          stub.string() + ":" + std::to_string(line_number) +
          ": this stub names a program to run ('remote " + where +
          "'); paperdex refuses to, since opening an index must not run its code. If you trust "
          "the stub, allow it with --allow-program-stubs (Python: allow_program_stubs=True; "
          "C++: SearcherOptions::allow_program_stubs)");
    }
    opened.runs_programs = true;
    const std::string::size_type space = where.find(' ');
    const std::string program =
        where.substr(1, space == std::string::npos ? std::string::npos : space - 1);
    const std::string args = space == std::string::npos ? std::string() : where.substr(space + 1);
    return Xapian::Remote::open(program, args, remote_milliseconds(options.remote_timeout_seconds));
  }
  if (colon == std::string::npos) bad_line(stub, line_number, "a remote line needs HOST:PORT");
  RemoteShard shard;
  shard.name = "tcp://" + where;
  shard.origin = stub.string() + ":" + std::to_string(line_number);
  return open_tcp(where, std::move(shard), options, opened);
}

// The databases a stub file lists, as Xapian 1.4 reads them (a line is
// "TYPE REST"; blank lines and '#' lines are skipped).
Xapian::Database open_stub(const fs::path& stub, const OpenOptions& options, int depth,
                           OpenedIndex& opened) {
  if (depth > kMaxStubDepth) {
    throw Xapian::DatabaseOpeningError(stub.string() + ": stubs nested more than " +
                                       std::to_string(kMaxStubDepth) +
                                       " deep (does a stub name itself?)");
  }
  std::ifstream in(stub);
  if (!in) throw Xapian::DatabaseOpeningError("cannot read the stub " + stub.string());
  Xapian::Database databases;
  std::string line;
  for (int line_number = 1; std::getline(in, line); ++line_number) {
    if (line.empty() || line.front() == '#') continue;
    const std::string::size_type space = std::min(line.find(' '), line.size());
    const std::string type = line.substr(0, space);
    const std::string rest = space < line.size() ? line.substr(space + 1) : std::string();
    fs::path target = rest;
    if (target.is_relative()) target = stub.parent_path() / target;
    if (type == "auto" && !rest.empty()) {
      databases.add_database(open_at(target, options, depth + 1, opened));
    } else if ((type == "glass" || type == "chert") && !rest.empty()) {
      // A database of that backend, never a stub.
      opened.files.note_database(target.string());
      databases.add_database(Xapian::Database(
          target.string(), type == "glass" ? Xapian::DB_BACKEND_GLASS : Xapian::DB_BACKEND_CHERT));
    } else if (type == "remote" && !rest.empty()) {
      databases.add_database(open_remote(rest, options, stub, line_number, opened));
    } else {
      bad_line(stub, line_number, "Bad line");
    }
  }
  return databases;
}

Xapian::Database open_at(const fs::path& path, const OpenOptions& options, int depth,
                         OpenedIndex& opened) {
  if (const std::optional<fs::path> stub = stub_file(path)) {
    opened.files.note_stub(stub->string());
    return open_stub(*stub, options, depth, opened);
  }
  opened.files.note_database(path.string());
  return Xapian::Database(path.string());
}

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

bool same_file_state(const struct stat& a, const struct stat& b) {
  return same_file(a, b) && a.st_size == b.st_size && a.st_mtim.tv_sec == b.st_mtim.tv_sec &&
         a.st_mtim.tv_nsec == b.st_mtim.tv_nsec && a.st_ctim.tv_sec == b.st_ctim.tv_sec &&
         a.st_ctim.tv_nsec == b.st_ctim.tv_nsec;
}

constexpr std::string_view kTcpScheme = "tcp://";

// A `tcp://HOST:PORT` location's HOST:PORT; throws for a malformed one.
std::string tcp_endpoint(const std::string& location) {
  const std::string endpoint = location.substr(kTcpScheme.size());
  const std::string::size_type colon = endpoint.rfind(':');
  const bool bracketed = !endpoint.empty() && endpoint.front() == '[';
  const bool port_ok = colon != std::string::npos && colon + 1 < endpoint.size() &&
                       endpoint.find_first_not_of("0123456789", colon + 1) == std::string::npos &&
                       std::atol(endpoint.c_str() + colon + 1) <= 65535;
  if (colon == 0 || !port_ok || (bracketed && endpoint[colon - 1] != ']') ||
      (!bracketed && endpoint.find(':') != colon)) {
    throw Xapian::DatabaseOpeningError(location +
                                       ": a remote shard is tcp://HOST:PORT (tcp://[IPV6]:PORT "
                                       "for an IPv6 address), PORT a number up to 65535");
  }
  return endpoint;
}

}  // namespace

void IndexFiles::note_stub(const std::string& stub) { note(stub, false); }
void IndexFiles::note_database(const std::string& path) { note(path, true); }

void IndexFiles::note(const std::string& path, bool identity_only) {
  // Read again (an open retried): as it is now.
  std::erase_if(seen_, [&](const Seen& seen) { return seen.path == path; });
  Seen seen;
  seen.path = path;
  seen.exists = stat(path.c_str(), &seen.status) == 0;
  seen.identity_only = identity_only;
  seen_.push_back(std::move(seen));
}

bool IndexFiles::changed() const {
  return std::any_of(seen_.begin(), seen_.end(), [](const Seen& seen) {
    struct stat now {};
    const bool exists = stat(seen.path.c_str(), &now) == 0;
    if (exists != seen.exists) return true;
    if (!exists) return false;
    return seen.identity_only ? !same_file(now, seen.status) : !same_file_state(now, seen.status);
  });
}

std::string described(const RemoteShard& shard) {
  return shard.origin.empty() ? shard.name : shard.name + " (" + shard.origin + ")";
}

Xapian::Database open_database_at(const std::string& path, const OpenOptions& options) {
  OpenedIndex opened;
  return open_at(path, options, 0, opened);
}

void open_index(const std::vector<std::string>& locations, const OpenOptions& options,
                OpenedIndex& opened) {
  opened = OpenedIndex();
  for (const std::string& location : locations) {
    if (is_tcp_location(location)) {
      RemoteShard shard;
      shard.name = location;
      opened.db.add_database(open_tcp(tcp_endpoint(location), std::move(shard), options, opened));
    } else {
      opened.db.add_database(open_at(location, options, 0, opened));
    }
  }
  if (opened.db.size() == 0 && !opened.remote_shards.empty()) {
    // Every database is a missing shard: nothing to search.
    const RemoteShard& first = opened.remote_shards.front();
    throw Xapian::NetworkError(first.why, "remote:tcp(" + first.endpoint + ")");
  }
}

RemoteShard* shard_of(const Xapian::Error& error, std::vector<RemoteShard>& shards) {
  const std::string context = error.get_context();
  for (RemoteShard& shard : shards) {
    if (context == "remote:tcp(" + shard.endpoint + ")") return &shard;
  }
  return nullptr;
}

double remote_timeout_for(double time_limit_seconds, bool allow_partial) {
  if (!(time_limit_seconds > 0)) return 0;
  return allow_partial ? time_limit_seconds / 2 : time_limit_seconds + 1;
}

bool is_tcp_location(const std::string& location) {
  return location.compare(0, kTcpScheme.size(), kTcpScheme) == 0;
}

}  // namespace paperdex::detail
