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

#include <string>
#include <vector>

#include <xapian.h>

namespace paperdex::detail {

// The stub files an index was opened through, as they were on disk when
// read, to tell when one was replaced. Xapian's reopen() moves each database
// a stub named to its latest revision, but never reads the stub again: a
// read replica (xapian-replicate, docs/deployment.md) switches its stub
// "auto replica_0" to a new full copy "auto replica_1" and removes the old
// copy, which a reopened handle then fails to find. The replica writes its
// stub anew (a rename) at every switch, so a changed file identity or time
// says the index must be opened again.
class StubFiles {
 public:
  // Notes `stub` as it is now (before it is read).
  void note(const std::string& stub);
  // Whether a noted stub was replaced, changed or removed since.
  bool changed() const;

 private:
  struct Seen {
    std::string path;
    struct stat status {};
    bool exists = false;
  };
  std::vector<Seen> seen_;
};

struct OpenOptions {
  bool allow_program_stubs = false;
  // How long a remote shard may stay silent in one exchange, or take to
  // accept the connection; 0: no limit.
  double remote_timeout_seconds = 10;
  // When set, every stub file read while opening is noted there.
  StubFiles* stubs_read = nullptr;
};

// The database at `path`: a glass database (a directory, or a single file),
// or the databases a stub lists. Throws DatabaseNotFoundError for a program
// line that is not allowed, Xapian::DatabaseOpeningError for a stub line not
// understood (both name the stub file and line), and what Xapian throws for
// the databases themselves.
Xapian::Database open_database_at(const std::string& path, const OpenOptions& options);

// The timeout of remote shards that follows a search's time limit: the limit
// and a second for the answer's way back; no limit for none.
double remote_timeout_for(double time_limit_seconds);

}  // namespace paperdex::detail
