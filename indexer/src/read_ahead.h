// The reading stage, ahead of the writer: a PDF is read by a child process
// (paperdex-pdftext), and the run would wait for it doing nothing else. The
// next PDFs are read on worker threads while the run indexes the files before
// them; what each reader gave (records, problems, warnings) is kept and
// handed on in the files' order, so a run reads as if one file followed the
// other. Only PDFs: their readers wait on a child, while a metadata file's
// records would all have to be held.
#pragma once

#include <cstddef>
#include <future>
#include <map>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "paperdex/common/record.h"
#include "paperdex/indexer/readers.h"
#include "paperdex/indexer/record_sink.h"

namespace paperdex {

class ReadAhead {
 public:
  // At most `workers` files read at once.
  ReadAhead(const ReadOptions& options, std::size_t workers);
  // Waits for the files under way (their children are bounded by the limits).
  ~ReadAhead();
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // Starts reading `path` on a worker when it is a PDF file (by content) and
  // a worker is free; whether it was started.
  bool start(const std::string& path);
  // Whether `path` is being read, or was, and not yet handed on.
  bool started(const std::string& path) const;
  // Hands what reading `path` gave to `sink`, in the order its reader gave
  // it, waiting for the worker. `path` must have been started.
  void finish(const std::string& path, const RecordSink& sink);

 private:
  struct Warning {
    ReadProblem problem;
  };
  using Event = std::variant<Record, ReadProblem, Warning>;

  ReadOptions options_;
  std::size_t workers_;
  std::map<std::string, std::future<std::vector<Event>>> under_way_;
  std::set<std::string> not_pdf_;  // files looked at and left to be read in turn
};

}  // namespace paperdex
