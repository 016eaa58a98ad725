// Readers for a BEIR-format directory (https://github.com/beir-cellar/beir):
//   corpus.jsonl   {"_id": ..., "title": ..., "text": ...} one document a line
//   queries.jsonl  {"_id": ..., "text": ...} one query a line
//   qrels/NAME.tsv query-id <TAB> corpus-id <TAB> score, after a header line
// Errors are std::runtime_error naming the file and line.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "eval/metrics.h"

namespace paperdex::eval {

struct BeirDocument {
  std::string id;
  std::string title;
  std::string text;
};

struct BeirQuery {
  std::string id;
  std::string text;
};

// Query id -> its judgments. A query is evaluated when it has at least one
// line here, whatever the grades (trec_eval's rule).
using Qrels = std::map<std::string, Judgments>;

// Streams corpus.jsonl into `sink`, one document at a time (corpora run to
// millions of lines). Returns the number of documents read.
std::size_t read_corpus(const std::filesystem::path& file,
                        const std::function<void(BeirDocument&&)>& sink);

std::vector<BeirQuery> read_queries(const std::filesystem::path& file);

// A first line whose score column is not an integer is the header and skipped.
Qrels read_qrels(const std::filesystem::path& file);

// The qrels file of `split` in `beir_dir` ("test" -> qrels/test.tsv). With an
// empty split: test when present, else train. Throws, listing the splits
// there are, when the file is missing.
std::filesystem::path qrels_path(const std::filesystem::path& beir_dir, const std::string& split);

}  // namespace paperdex::eval
