// paperdex-train-record-dictionary: trains the zstd dictionary the stored
// records are compressed with (common/data/stored_record.zdict) on records read
// from paper files, as the indexer reads them. A maintainer's tool, built but
// not installed; common/data/README.md says when and how to run it. A new
// dictionary changes the stored form: bump schema::kSchemaVersion with it.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <zdict.h>

#include "paperdex/common/stored_record.h"
#include "paperdex/indexer/readers.h"

namespace {

constexpr const char* kUsage =
    "Usage: paperdex-train-record-dictionary OUTPUT EVERY INPUT...\n"
    "Trains a zstd dictionary on the stored form (JSON) of every EVERY-th record of INPUT\n"
    "(any format paperdex-index reads) and writes it to OUTPUT.\n";

// The dictionary's size: 110 KiB, zstd's own default (64 KiB compressed 1 % worse).
constexpr std::size_t kDictionaryBytes = 112'640;
// The id written into every frame; decode_stored_record refuses any other.
constexpr unsigned kDictionaryId = 1;

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  if (argc < 4) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string output = argv[1];
  const long every = std::strtol(argv[2], nullptr, 10);
  if (every < 1) {
    std::cerr << "EVERY must be a positive number, not " << argv[2] << "\n" << kUsage;
    return 2;
  }
  std::string samples;
  std::vector<std::size_t> sizes;
  long seen = 0, problems = 0;
  paperdex::RecordSink sink;
  sink.on_record = [&](paperdex::Record&& record) {
    if (seen++ % every != 0) return;
    const std::string json = paperdex::stored_record_json(record);
    samples += json;
    sizes.push_back(json.size());
  };
  // Skipped, as the indexer skips them: named, so a wrong input shows.
  sink.on_problem = [&](const paperdex::ReadProblem& problem) {
    ++problems;
    std::cerr << problem.origin << ": skipped: " << problem.message << '\n';
  };
  for (const std::string& path :
       paperdex::expand_inputs(std::vector<std::string>(argv + 3, argv + argc))) {
    paperdex::read_input(path, sink);
  }
  if (sizes.size() < 1000) {
    std::cerr << "only " << sizes.size()
              << " records sampled; give more input or a smaller EVERY\n";
    return 1;
  }
  // zstd's default trainer (fastCover, fixed parameters: the same input gives
  // the same dictionary), then the header again with our small id.
  std::string trained(kDictionaryBytes, '\0');
  const std::size_t trained_size =
      ZDICT_trainFromBuffer(trained.data(), trained.size(), samples.data(), sizes.data(),
                            static_cast<unsigned>(sizes.size()));
  if (ZDICT_isError(trained_size)) {
    std::cerr << "training failed: " << ZDICT_getErrorName(trained_size) << '\n';
    return 1;
  }
  const std::size_t header = ZDICT_getDictHeaderSize(trained.data(), trained_size);
  if (ZDICT_isError(header)) {
    std::cerr << "training gave no dictionary: " << ZDICT_getErrorName(header) << '\n';
    return 1;
  }
  ZDICT_params_t params{};
  params.compressionLevel = paperdex::kStoredRecordCompressionLevel;
  params.dictID = kDictionaryId;
  std::string dictionary(kDictionaryBytes, '\0');
  const std::size_t size = ZDICT_finalizeDictionary(
      dictionary.data(), dictionary.size(), trained.data() + header, trained_size - header,
      samples.data(), sizes.data(), static_cast<unsigned>(sizes.size()), params);
  if (ZDICT_isError(size)) {
    std::cerr << "training failed: " << ZDICT_getErrorName(size) << '\n';
    return 1;
  }
  dictionary.resize(size);
  std::ofstream out(output, std::ios::binary);
  out << dictionary;
  if (!out.flush()) {
    std::cerr << "cannot write " << output << '\n';
    return 1;
  }
  std::cout << "trained on " << sizes.size() << " of " << seen << " records (" << samples.size()
            << " bytes; " << problems << " unreadable), dictionary " << size << " bytes, id "
            << kDictionaryId << " -> " << output << '\n';
  return 0;
}
