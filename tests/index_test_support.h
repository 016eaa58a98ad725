// Index setups for tests: indexing as paperdex-index does it (index_and_report:
// the library run and its presentation, without a progress display), and the
// small indexes the test cases of a file share.
#pragma once

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>
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

  // A copy of the index at `index` (a directory), with the status and
  // summary of the run that built it.
  SharedIndex(const std::filesystem::path& index, int status, std::string summary)
      : status_(status), summary_(std::move(summary)) {
    std::filesystem::copy(index, path(), std::filesystem::copy_options::recursive);
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

// An exclusive lock on the file at `path` (made if missing) while the object
// lives: the test processes ctest -j runs at once take turns with it.
class FileLock {
 public:
  explicit FileLock(const std::filesystem::path& path)
      : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    if (fd_ < 0 || ::flock(fd_, LOCK_EX) != 0) {
      if (fd_ >= 0) ::close(fd_);
      throw std::runtime_error("cannot lock " + path.string());
    }
  }
  ~FileLock() { ::close(fd_); }  // which releases the lock
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

// The inputs and the program an index built in-process depends on, as a
// line per file (path, size, time of last change): equal keys, equal indexes.
inline std::string build_key(const std::vector<std::filesystem::path>& inputs) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files{fs::read_symlink("/proc/self/exe")};
  for (const fs::path& input : inputs) {
    if (!fs::is_directory(input)) {
      files.push_back(input);
      continue;
    }
    for (const auto& entry : fs::recursive_directory_iterator(input)) {
      if (entry.is_regular_file()) files.push_back(entry.path());
    }
  }
  std::sort(files.begin() + 1, files.end());
  std::ostringstream key;
  for (const fs::path& file : files) {
    key << file.string() << ' ' << fs::file_size(file) << ' '
        << fs::last_write_time(file).time_since_epoch().count() << '\n';
  }
  return key.str();
}

// An index of `inputs` built once per build of the test program, not once
// per process: ctest runs every test case in a process of its own, and
// indexing corpus/ again for each of ~60 cases took most of the sanitized
// suite's time. The first process builds it into the test program's cache
// (beside it, `name`), under a lock, as ctest -j runs several processes at
// once; each process works on a copy of its own, so a test that writes to
// its index changes no other's.
inline SharedIndex cached_index(const std::string& name,
                                const std::vector<std::filesystem::path>& inputs) {
  namespace fs = std::filesystem;
  const fs::path cache = fs::read_symlink("/proc/self/exe").parent_path() / "test-cache" / name;
  fs::create_directories(cache);
  const FileLock lock(cache / "lock");
  const std::string key = build_key(inputs);
  if (!fs::exists(cache / "key") || read_file(cache / "key") != key) {
    std::error_code ignored;
    fs::remove(cache / "key", ignored);
    fs::remove_all(cache / "index", ignored);
    std::vector<std::string> paths;
    for (const fs::path& input : inputs) paths.push_back(input.string());
    std::string summary;
    const int status = index_files((cache / "index").string(), paths, &summary);
    write_file(cache / "status", std::to_string(status));
    write_file(cache / "summary", summary);
    write_file(cache / "key", key);  // last: the cache is whole
  }
  return SharedIndex(cache / "index", std::stoi(read_file(cache / "status")),
                     read_file(cache / "summary"));
}

// The index of the whole default corpus (corpus/), for all the test cases of
// a test program (cached_index). Exit 1 (skipped) is expected: the corpus
// holds one arXiv API error feed on purpose.
inline const SharedIndex& corpus_index() {
  static const SharedIndex index = cached_index("corpus", {source_dir() / "corpus"});
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
