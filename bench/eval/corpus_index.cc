#include "corpus_index.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>

#include "eval/beir_reader.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/common/record.h"
#include "paperdex/indexer/index_writer.h"

namespace paperdex::eval {
namespace {

// Marks the directory as the harness's: "building" while it is written, the
// key once complete, so an interrupted build is rebuilt, never reused.
constexpr const char* kStampFile = "paperdex-eval.key";
constexpr const char* kBuilding = "building";

std::string read_stamp(const std::filesystem::path& dir) {
  std::ifstream in(dir / kStampFile);
  std::string key;
  std::getline(in, key);
  return key;
}

void write_stamp(const std::filesystem::path& dir, const std::string& value) {
  std::ofstream out(dir / kStampFile);
  out << value << '\n';
  if (!out) throw std::runtime_error("cannot write " + (dir / kStampFile).string());
}

void clear_for_rebuild(const std::filesystem::path& dir) {
  if (!std::filesystem::exists(dir)) return;
  if (!std::filesystem::exists(dir / kStampFile) && !std::filesystem::is_empty(dir)) {
    throw std::runtime_error(dir.string() +
                             " exists and is not an index this harness built; give another "
                             "index directory");
  }
  std::filesystem::remove_all(dir);
}

}  // namespace

CorpusIndexStats build_corpus_index(const std::filesystem::path& corpus_file,
                                    const std::filesystem::path& index_dir,
                                    const std::string& key) {
  const auto started = std::chrono::steady_clock::now();
  CorpusIndexStats stats;
  if (!key.empty() && key != kBuilding && read_stamp(index_dir) == key) {
    stats.reused = true;
    return stats;
  }
  clear_for_rebuild(index_dir);
  std::filesystem::create_directories(index_dir);
  write_stamp(index_dir, kBuilding);
  {
    IndexWriterOptions options;
    // One commit per large batch: the index is built once, nothing to protect
    // mid-way, and fewer commits write fewer B-tree revisions.
    options.batch_records = 50'000;
    options.batch_interval = std::chrono::hours(1);
    IndexWriter writer(index_dir.string(), options);
    const Analyzer analyzer;
    std::size_t read = 0;
    stats.documents_read = read_corpus(corpus_file, [&](BeirDocument&& document) {
      Record record;
      record.id = std::move(document.id);
      record.title = analyzer.prepare(document.title);
      record.abstract = analyzer.prepare(document.text);
      record.origin = corpus_file.string();
      writer.add(record);
      if (++read % 50'000 == 0) std::cerr << "paperdex-eval: indexed " << read << " documents\n";
    });
    writer.commit();
    stats.documents_indexed = writer.document_count();
  }
  if (!key.empty()) write_stamp(index_dir, key);
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return stats;
}

TemporaryDirectory::TemporaryDirectory() {
  std::string pattern = (std::filesystem::temp_directory_path() / "paperdex-eval-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot create a temporary directory in " +
                             std::filesystem::temp_directory_path().string());
  }
  path_ = pattern;
}

TemporaryDirectory::~TemporaryDirectory() {
  std::error_code ignored;  // a destructor must not throw; a leftover is harmless
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace paperdex::eval
