// A BEIR corpus as a paperdex index, built the way paperdex-index builds one:
// each document becomes a Record (id, title and abstract as display text
// from Analyzer::prepare) fed to IndexWriter.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace paperdex::eval {

struct CorpusIndexStats {
  std::size_t documents_read = 0;
  std::size_t documents_indexed = 0;  // fewer when ids repeat: the last one wins
  bool reused = false;                // an index built earlier with the same key
  double seconds = 0;
};

// Indexes `corpus_file` into `index_dir`. When `key` is not empty and the
// directory holds an index stamped with the same key, it is reused as is;
// otherwise the directory is rebuilt, and stamped with `key` once complete, so
// an interrupted build is never reused. Refuses (std::runtime_error) to clear a
// non-empty directory that it did not create.
CorpusIndexStats build_corpus_index(const std::filesystem::path& corpus_file,
                                    const std::filesystem::path& index_dir, const std::string& key);

// A fresh directory under the system temporary directory, removed with
// everything in it when this goes out of scope.
class TemporaryDirectory {
 public:
  TemporaryDirectory();
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace paperdex::eval
