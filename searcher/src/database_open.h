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

#include <string>

#include <xapian.h>

namespace paperdex::detail {

struct OpenOptions {
  bool allow_program_stubs = false;
  // How long a remote shard may stay silent in one exchange, or take to
  // accept the connection; 0: no limit.
  double remote_timeout_seconds = 10;
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
