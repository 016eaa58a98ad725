// Index setups for tests: indexing as paperdex-index does it (index_and_report:
// the library run and its presentation, without a progress display), and the
// small indexes the test cases of a file share.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <xapian.h>
#include <catch2/catch.hpp>

#include "index_cli.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/indexer/index_writer.h"
#include "test_support.h"

namespace paperdex::test {

// Runs `options`; the summary goes to `out`, problems to `err`. Returns the exit status.
inline int run_indexer(const IndexRunOptions& options, std::ostream& out, std::ostream& err) {
  cli::IndexReportOptions report;
  report.progress = cli::ProgressStyle::kNone;
  return cli::index_and_report(options, report, out, err);
}

// Indexes `inputs` into `db` as paperdex-index --jobs JOBS [--shards] does: a
// new index is built by `jobs` workers (0: one per core), as one database or,
// with `shards`, one shard per worker behind a stub; an existing one is
// updated. `log` (when given) gets the summary and the problems.
inline int index_in_parallel(const std::string& db, const std::vector<std::string>& inputs,
                             unsigned jobs, bool shards, std::string* log = nullptr) {
  IndexRunOptions options;
  options.db_path = db;
  options.inputs = inputs;
  options.jobs = jobs;
  options.keep_shards = shards;
  std::ostringstream out, err;
  const int status = run_indexer(options, out, err);
  if (log != nullptr) *log = out.str() + err.str();
  return status;
}

// Indexes `inputs` into `db` with the defaults.
inline int index_files(const std::string& db, const std::vector<std::string>& inputs,
                       std::string* log = nullptr) {
  return index_in_parallel(db, inputs, 0, false, log);
}

// Builds `inputs` at `db` with two workers, as one index or as two shards,
// and requires the run to succeed; a skipped input is no failure (corpus/
// holds a deliberate arXiv API error response).
inline void build_with_two_workers(const std::string& db, const std::vector<std::string>& inputs,
                                   bool shards) {
  std::string log;
  const int status = index_in_parallel(db, inputs, 2, shards, &log);
  INFO(log);
  REQUIRE((status == cli::kExitOk || status == cli::kExitSkipped));
}

// Every stored record of the index at `path`, by its id term.
inline std::map<std::string, Record> stored_records(const std::string& path) {
  const Xapian::Database db(path);
  std::map<std::string, Record> records;
  const std::string prefix = schema::make_term(schema::kIdPrefix, "");
  for (auto term = db.allterms_begin(prefix); term != db.allterms_end(prefix); ++term) {
    records[*term] = decode_stored_record(db.get_document(*db.postlist_begin(*term)).get_data());
  }
  return records;
}

// An index in a temporary directory of its own (removed with it), built
// when made: what the test cases of a file share, held in a function-local
// static so that it is built once. The run's exit status and summary are
// kept for the tests to check.
class SharedIndex {
 public:
  // Writes the inputs into `dir` and returns their paths.
  using WriteInputs = std::function<std::vector<std::string>(const std::filesystem::path& dir)>;
  // Writes the records in the index with an IndexWriter.
  using WriteRecords = std::function<void(IndexWriter& writer)>;

  // Indexes `inputs` with run_indexer's defaults.
  explicit SharedIndex(const std::vector<std::string>& inputs) { index(inputs); }
  // Indexes what `write_inputs` writes into the index's directory.
  explicit SharedIndex(const WriteInputs& write_inputs) { index(write_inputs(dir_.path())); }
  // Adds what `write_records` adds, then commits.
  explicit SharedIndex(const WriteRecords& write_records) {
    IndexWriter writer(path());
    write_records(writer);
    writer.commit();
    status_ = cli::kExitOk;
  }

  std::string path() const { return (dir_ / "index").string(); }
  const std::filesystem::path& dir() const { return dir_.path(); }
  int status() const { return status_; }
  const std::string& summary() const { return summary_; }

 private:
  void index(const std::vector<std::string>& inputs) {
    status_ = index_files(path(), inputs, &summary_);
  }

  TempDir dir_;
  int status_ = -1;
  std::string summary_;
};

// The index of the whole default corpus (corpus/), built once for all the
// test cases of a test program. Exit 1 (skipped) is expected: the corpus
// holds one arXiv API error feed on purpose.
inline const SharedIndex& corpus_index() {
  static const SharedIndex index(std::vector<std::string>{(source_dir() / "corpus").string()});
  INFO(index.summary());
  REQUIRE(index.status() <= 1);
  return index;
}

// An index of one paper, 1501.00001 "Lattice phonons" (abstract "phonons
// in a lattice"), built once for all the test cases of a test program.
inline const SharedIndex& one_paper_index() {
  static const SharedIndex index([](const std::filesystem::path& dir) {
    const auto input = dir / "one.jsonl";
    write_file(input,
               snapshot_line("1501.00001", "Lattice phonons", "phonons in a lattice") + "\n");
    return std::vector<std::string>{input.string()};
  });
  INFO(index.summary());
  REQUIRE(index.status() == 0);
  return index;
}

}  // namespace paperdex::test
