/// @file
/// The writers' one interface (RecordWriter: add, remove, finish) and the
/// batched writer: it turns records into documents and keeps one document per
/// paper, committing in batches so an interrupted run loses at most the open
/// batch.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "paperdex/common/record.h"
#include "paperdex/errors.h"
#include "paperdex/export.h"

namespace paperdex {

/// The indexer's old name for SchemaVersionError, the one name now: kept so
/// that existing code compiles, with a warning.
using SchemaMismatchError [[deprecated("use paperdex::SchemaVersionError")]] = SchemaVersionError;

/// How an IndexWriter batches its changes and handles a busy database.
struct IndexWriterOptions {
  std::size_t batch_records = 5000;                  ///< commit after this many changes
  std::chrono::milliseconds batch_interval{10'000};  ///< ... or after this long
  bool wait_for_lock = false;  ///< wait for another writer instead of throwing DatabaseLockedError
  /// Each paper's stored record also in a value slot (schema.h
  /// kStoredRecordSlot), for shards served by xapian-tcpsrv: a remote page
  /// brings its hits' records with it. The index grows by its records' size
  /// (~14 % on the cs harvest). An index that has such records keeps getting
  /// them without it. A bulk build (IndexRunOptions) takes it from here too.
  bool records_in_slot = false;
};

/// What an IndexWriter did so far (counts since it was opened).
struct IndexStats {
  std::size_t added = 0;      ///< new papers
  std::size_t updated = 0;    ///< papers whose document changed
  std::size_t unchanged = 0;  ///< re-indexed with identical content, or older than the stored one
  std::size_t merged = 0;     ///< records folded into another paper's document
  std::size_t deleted = 0;    ///< papers removed

  /// Adds `other`'s counts to these (the counts of several writers, shards or workers).
  PAPERDEX_API IndexStats& operator+=(const IndexStats& other);
};

/// What every writer of an index offers: IndexWriter (batches committed as it
/// goes) and the bulk builder a new index is built with. Both apply the same
/// update rules ("newer wins", identical records are unchanged, author-page
/// authors kept), so the same records give the same papers and counts.
class PAPERDEX_API RecordWriter {
 public:
  virtual ~RecordWriter();

  /// Adds the paper, replaces its stored version, or (Record::deleted)
  /// removes it; see IndexWriter::add for the rules.
  virtual void add(Record&& record) = 0;
  /// Removes the paper with this id (any version suffix, old-style ids too).
  /// @return false if no such paper is indexed.
  virtual bool remove(const std::string& id) = 0;
  /// Drops every change not committed yet (--strict): for IndexWriter the
  /// open batch, for a bulk build the whole build. The writer is done then.
  virtual void discard_uncommitted() = 0;
  /// Commits (a bulk build: merges and installs) what was added and returns
  /// the counts. The writer is done then.
  virtual IndexStats finish() = 0;
  /// Documents in the index: before finish(), those committed or pending
  /// where the writer can tell, after it, all of them.
  virtual std::size_t document_count() const = 0;

 protected:
  RecordWriter() = default;
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
};

/// Adds, replaces and removes papers in a paperdex index.
///
/// Changes are grouped into batches, each a Xapian transaction: a batch is
/// committed when it reaches IndexWriterOptions::batch_records changes or
/// batch_interval, on commit(), and on destruction. Searchers see a batch only
/// once it is committed, and a crash loses at most the open batch.
///
/// Thread-safety: one IndexWriter per index at a time (the database's write
/// lock enforces it across processes); do not call one IndexWriter from several
/// threads at once. Searchers in other threads or processes may read the index
/// while it writes.
class PAPERDEX_API IndexWriter final : public RecordWriter {
 public:
  /// Opens or creates the database at `path`.
  /// @throws DatabaseLockedError another writer holds the index (unless
  ///         options.wait_for_lock, which waits for it instead).
  /// @throws SchemaVersionError the path holds another schema version or
  ///         something that is not a paperdex index.
  /// @throws IoError the database cannot be opened or created; the message
  ///         says why.
  IndexWriter(const std::string& path, IndexWriterOptions options = {});
  /// Commits what is pending; never throws (a failing final commit loses only
  /// the open batch).
  ~IndexWriter() override;

  /// Adds the paper, or replaces it when a paper with the same id is indexed
  /// (an older `updated` date never overwrites a newer one). A record without
  /// an id (author pages) is merged into a paper with the same title, or gets
  /// an id derived from its title and year. A record with `deleted` set
  /// removes the paper instead.
  void add(const Record& record);
  /// As add(const Record&).
  void add(Record&& record) override;
  /// Removes the paper with this id (any version suffix, old-style ids too).
  /// @return false if no such paper is indexed.
  bool remove(const std::string& id) override;
  /// Sets the database metadata `key` to `value` (empty: removes it) in the
  /// open batch: it is committed with the batch's changes or not at all (a
  /// harvest's position lands with its page's papers).
  void set_metadata(const std::string& key, const std::string& value);
  /// Metadata `key` as this writer sees it (its open batch included); empty when unset.
  std::string metadata(const std::string& key) const;
  /// Every metadata key starting with `prefix`, with its value.
  std::vector<std::pair<std::string, std::string>> metadata_with_prefix(
      const std::string& prefix) const;
  /// Drops the body and full-text facts of each paper whose body was read
  /// from one of `files` (Record::fulltext's "file"), in the open batch; the
  /// papers and their metadata stay. One pass over the bodies' facts,
  /// however many files. @return how many papers lost their body.
  std::size_t drop_bodies_from(const std::vector<std::string>& files);
  /// Commits the open batch now, making it visible to searchers.
  void commit();
  /// Drops the open batch: none of its changes reach the index (for --strict).
  void discard_batch();
  /// As discard_batch().
  void discard_uncommitted() override;
  /// Commits the open batch and returns stats().
  IndexStats finish() override;

  /// Counts of what this writer did since it was opened.
  const IndexStats& stats() const;
  /// Documents in the index, including the open batch's changes.
  std::size_t document_count() const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex
