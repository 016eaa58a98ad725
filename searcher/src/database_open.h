// Opening an index path as Xapian would, with the stub files read here.
//
// A stub (a file of database lines, or a directory holding one as XAPIANDB:
// docs/deployment.md) can name a program to run (`remote :PROGRAM ARGS`), so
// opening an untrusted index would run its code. Xapian reads stubs itself,
// nested ones too, and takes every line it knows. Here every stub, at any
// depth, is read by open_database_at: program lines are refused unless
// OpenOptions::allow_program_stubs, and remote shards are opened with
// OpenOptions::remote_timeout_seconds (Xapian's stubs give them 10 s,
// whatever the search's time limit).
#pragma once

#include <sys/stat.h>

#include <map>
#include <string>
#include <vector>

#include <xapian.h>

namespace paperdex::detail {

// The files an index was opened through, as they were on disk when read, to
// tell when one was replaced. Xapian's reopen() moves each database to its
// latest revision, but never looks again at which database a path names:
// - a read replica (xapian-replicate, docs/deployment.md) switches its stub
//   "auto replica_0" to a new full copy "auto replica_1" and removes the old
//   copy, which a reopened handle then fails to find. The replica writes its
//   stub anew (a rename) at every switch, so a changed file identity or time
//   says the index must be opened again;
// - a bulk build (indexer/src/bulk_builder.cc) swaps a whole new database
//   directory in place of the empty one. A reopened handle would read the
//   new revision's version file through the path but keep the tables it had
//   open, the old directory's: the new document count with none of its terms
//   (every search 0 hits). A database directory (or single-file database)
//   with another identity (device and inode) is another database, so it too
//   says the index must be opened again. Its time changes at every commit,
//   so only the identity counts.
class IndexFiles {
 public:
  // Notes `stub` as it is now (before it is read).
  void note_stub(const std::string& stub);
  // Notes the identity of the database at `path` (before it is opened).
  void note_database(const std::string& path);
  // Whether a noted stub was replaced, changed or removed since, or a noted
  // database replaced or removed.
  bool changed() const;

 private:
  struct Seen {
    std::string path;
    struct stat status {};
    bool exists = false;
    bool identity_only = false;  // a database: its device and inode
  };
  void note(const std::string& path, bool identity_only);
  std::vector<Seen> seen_;
};

struct OpenOptions {
  bool allow_program_stubs = false;
  // How long a remote shard may stay silent in one exchange, or take to
  // accept the connection; 0: no limit.
  double remote_timeout_seconds = 10;
  // Leave out a remote shard that cannot be reached (RemoteShard::missing)
  // rather than fail the open (partial results, SearchRequest::allow_partial).
  bool skip_unreachable = false;
  // Remote shards (RemoteShard::endpoint) to leave out without trying them,
  // and why: found silent by a search, they would be waited for again.
  std::map<std::string, std::string> left_out;
};

// A remote shard (a `tcp://HOST:PORT` location, or a stub's `remote
// HOST:PORT` line), named for messages as its user wrote it.
struct RemoteShard {
  std::string name;      // "tcp://HOST:PORT", what --db takes
  std::string origin;    // the stub's file and line ("/idx/XAPIANDB:2"); "" for a location
  std::string endpoint;  // "HOST:PORT", as Xapian's errors name it ("remote:tcp(HOST:PORT)")
  bool missing = false;  // left out of the open (OpenOptions)
  std::string why;       // why it is missing
};

// "tcp://HOST:PORT (/idx/XAPIANDB:2)": a shard for messages.
std::string described(const RemoteShard& shard);

// What open_index opened.
struct OpenedIndex {
  Xapian::Database db;
  // The stubs and databases opened on the way, to tell a read replica's
  // switch or a bulk build's swap.
  IndexFiles files;
  // Every remote shard the locations name, in order, opened or missing;
  // filled as the open goes, so that a failed open still names them.
  std::vector<RemoteShard> remote_shards;
  // Some shard is a program run here (a stub's `remote :PROGRAM` line): each
  // more connection would run it again (an ssh session, say).
  bool runs_programs = false;
};

// The databases at `locations` as one: each an index directory, a single-file
// database, a stub, or `tcp://HOST:PORT` (a remote shard; also
// `tcp://[IPV6]:PORT`). Throws as open_database_at, and Xapian's
// NetworkError for a remote shard that cannot be reached (unless
// `options.skip_unreachable`, when at least one database must open).
void open_index(const std::vector<std::string>& locations, const OpenOptions& options,
                OpenedIndex& opened);

// The remote shard of `shards` that a Xapian error is about (its context),
// or null.
RemoteShard* shard_of(const Xapian::Error& error, std::vector<RemoteShard>& shards);

// The database at `path`: a glass database (a directory, or a single file),
// or the databases a stub lists. Throws DatabaseNotFoundError for a program
// line that is not allowed, Xapian::DatabaseOpeningError for a stub line not
// understood (both name the stub file and line), and what Xapian throws for
// the databases themselves.
Xapian::Database open_database_at(const std::string& path, const OpenOptions& options);

// The timeout of remote shards that follows a search's time limit: the limit
// and a second for the answer's way back; no limit for none. With partial
// results allowed, half the limit: a silent shard is given up with time left
// to search the others.
double remote_timeout_for(double time_limit_seconds, bool allow_partial = false);

// Whether `location` names a remote shard (tcp://HOST:PORT).
bool is_tcp_location(const std::string& location);

}  // namespace paperdex::detail
