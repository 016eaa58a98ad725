// The fast path for building a new index: records are routed by id to one worker thread per
// core; each worker writes fresh segment databases (no fsync, flushed every thousand records)
// and merges them as they pile up, and writes its spelling words into a table of their own; at
// the end every segment and spelling table is compacted into one database,
// records without an id (author pages) are merged in through the ordinary writer, and the
// result is swapped into place atomically. This is the shape Lucene uses: glass's B-tree
// updates, not analysis, are what make a growing database slow.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include <xapian.h>

#include "paperdex/common/record.h"
#include "paperdex/indexer/index_writer.h"

namespace paperdex {

struct BulkBuildOptions {
  unsigned jobs = 0;  // worker threads; 0 = one per core
  // Records a segment is flushed (committed) after: Xapian's in-memory
  // inverter slows down as it grows (fresh segments of 100-300 records were
  // fastest; flushes of 1,000 cost the same within this machine's noise).
  std::size_t flush_records = 1'000;
  // Records per segment. Merging never joins posting-list chunks: each
  // segment leaves its own chunk of every term it holds, so segments of 200
  // records left 43 MB of short chunks in the cs harvest's 106 MB posting
  // table. A segment's later flushes fill its chunks instead (63 MB), at
  // about the same CPU (bench/README.md, "Size"); bounded, so a flush never
  // meets a large B-tree.
  std::size_t segment_records = 20'000;
  std::size_t merge_factor = 32;  // a worker merges this many segments into one
  // Distinct spelling words a worker holds before it writes them out (see
  // spelling_buffer.h): some 100 bytes a word.
  std::size_t spelling_words = 200'000;
  // Leave one shard per worker behind a stub instead of merging; the whole
  // spelling table goes to the first shard.
  bool keep_shards = false;
  bool wait_for_lock = false;    // wait for another writer instead of failing
  bool records_in_slot = false;  // IndexWriterOptions::records_in_slot
};

class BulkBuilder final : public RecordWriter {
 public:
  // `final_path` must not exist or be an empty paperdex index; it is created
  // empty at once (so it opens during the build) and replaced by the full
  // index in finish(). Throws DatabaseLockedError if another writer has it.
  BulkBuilder(const std::string& final_path, BulkBuildOptions options);
  ~BulkBuilder() override;  // abandons an unfinished build, removing its files

  // Queues a record (blocks while the workers are behind).
  void add(Record&& record) override;
  // False before any record was added (the new index is empty); after, the
  // removal is queued behind the records given so far and counted as
  // deleted if one of them had the id.
  bool remove(const std::string& id) override;
  // Abandons the build: the index stays empty.
  void discard_uncommitted() override;
  // Waits for the workers, merges, installs. Returns the counts.
  IndexStats finish() override;
  // The documents of the installed index: 0 before finish().
  std::size_t document_count() const override;

  // Takes the write lock of `final_path` (waiting for it if the options say
  // so) and starts a build there if the index is absent or empty; nullptr,
  // with the lock given back, when it holds papers. Deciding under the lock
  // matters: a writer that waited for another's build finds its papers.
  static std::unique_ptr<BulkBuilder> start_if_empty(const std::string& final_path,
                                                     BulkBuildOptions options);

 private:
  BulkBuilder(const std::string& final_path, BulkBuildOptions options,
              Xapian::WritableDatabase locked);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace paperdex
