// The writer: turns records into documents and keeps one document per paper,
// committing in batches so an interrupted run loses at most the open batch.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include "paperdex/common/record.h"

namespace paperdex {

// Another process holds the database's write lock.
class DatabaseLockedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// The database was written by another schema version, or is not a paperdex index.
class SchemaMismatchError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct IndexWriterOptions {
  std::size_t batch_records = 5000;                  // commit after this many changes
  std::chrono::milliseconds batch_interval{10'000};  // ... or after this long
  bool wait_for_lock = false;                        // wait for another writer instead of failing
};

struct IndexStats {
  std::size_t added = 0;      // new papers
  std::size_t updated = 0;    // papers whose document changed
  std::size_t unchanged = 0;  // re-indexed with identical content, or older than the stored one
  std::size_t merged = 0;     // records folded into another paper's document
  std::size_t deleted = 0;    // papers removed
};

class IndexWriter {
 public:
  // Opens or creates the database at `path`. Throws DatabaseLockedError,
  // SchemaMismatchError, or std::runtime_error with a message a user can act on.
  IndexWriter(const std::string& path, IndexWriterOptions options = {});
  ~IndexWriter();  // commits what is pending; never throws
  IndexWriter(const IndexWriter&) = delete;
  IndexWriter& operator=(const IndexWriter&) = delete;

  // Adds, replaces or merges the paper (see docs on merging); deleted records remove it.
  void add(const Record& record);
  // Removes the paper with this id (any version suffix, old-style ids too). False if absent.
  bool remove(const std::string& id);
  // Commits the open batch now.
  void commit();
  // Drops the open batch (for --strict: nothing of a bad batch is committed).
  void discard_batch();

  const IndexStats& stats() const;
  std::size_t document_count() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex
