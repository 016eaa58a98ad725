// paperdex-stored-record-bench: what the stored record's encoding costs and
// saves (common/src/stored_record.cc: JSON compressed by zstd with the
// dictionary compiled in). Reads every document's data of an index, then, per
// round, decodes each record, encodes it again, and compresses its JSON and
// its stored frame with zlib as glass compresses a document's data (deflate,
// default level, raw): the size zlib alone would give, and the CPU glass
// spends trying zlib on frames it cannot shrink. One thread.
//
// usage: paperdex-stored-record-bench INDEX [ROUNDS]

#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <xapian.h>

#include "bench_main.h"
#include "measure.h"
#include "paperdex/common/stored_record.h"

namespace {

using paperdex::bench::median;
using paperdex::bench::process_cpu_seconds;

// Deflates as glass deflates a tag: raw, the default level, one stream reset
// between tags.
class Deflater {
 public:
  Deflater() {
    if (deflateInit2(&stream_, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) !=
        Z_OK) {
      throw std::runtime_error("zlib: deflateInit2 failed");
    }
  }
  ~Deflater() { deflateEnd(&stream_); }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;

  // The deflated size of `data`.
  std::size_t size(const std::string& data) {
    deflateReset(&stream_);
    out_.resize(deflateBound(&stream_, data.size()));
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream_.avail_in = static_cast<uInt>(data.size());
    stream_.next_out = reinterpret_cast<Bytef*>(out_.data());
    stream_.avail_out = static_cast<uInt>(out_.size());
    deflate(&stream_, Z_FINISH);
    return stream_.total_out;
  }

 private:
  z_stream stream_{};
  std::string out_;
};

struct Round {
  double decode_seconds = 0;
  double encode_seconds = 0;
  double zlib_frames_seconds = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cerr << "usage: paperdex-stored-record-bench INDEX [ROUNDS]\n"
                 "Times decoding and encoding every stored record of INDEX (ROUNDS, default 3;\n"
                 "medians printed) and compares the stored size with zlib's on the JSON.\n";
    return 2;
  }
  const int rounds = argc == 3 ? std::atoi(argv[2]) : 3;
  if (rounds < 1) {
    std::cerr << "paperdex-stored-record-bench: ROUNDS must be 1 or more\n";
    return 2;
  }
  return paperdex::bench::run_reporting_errors("paperdex-stored-record-bench", [&] {
    const Xapian::Database db(argv[1]);
    std::vector<std::string> stored;
    stored.reserve(db.get_doccount());
    for (auto it = db.postlist_begin(std::string()); it != db.postlist_end(std::string()); ++it) {
      stored.push_back(db.get_document(*it).get_data());
    }

    std::size_t stored_bytes = 0, json_bytes = 0, zlib_json_bytes = 0, changed = 0;
    std::vector<Round> measured;
    Deflater deflater;
    for (int round = 0; round < rounds; ++round) {
      Round times;
      std::vector<paperdex::Record> records;
      records.reserve(stored.size());
      double started = process_cpu_seconds();
      for (const std::string& data : stored)
        records.push_back(paperdex::decode_stored_record(data));
      times.decode_seconds = process_cpu_seconds() - started;

      started = process_cpu_seconds();
      std::size_t differing = 0;
      for (std::size_t i = 0; i < records.size(); ++i) {
        if (paperdex::encode_stored_record(records[i]) != stored[i]) ++differing;
      }
      times.encode_seconds = process_cpu_seconds() - started;

      started = process_cpu_seconds();
      for (const std::string& data : stored) deflater.size(data);
      times.zlib_frames_seconds = process_cpu_seconds() - started;
      measured.push_back(times);

      if (round == 0) {
        changed = differing;
        for (std::size_t i = 0; i < records.size(); ++i) {
          const std::string json = paperdex::stored_record_json(records[i]);
          stored_bytes += stored[i].size();
          json_bytes += json.size();
          zlib_json_bytes += deflater.size(json);
        }
      }
    }

    auto median_of = [&](double Round::*field) {
      std::vector<double> values;
      for (const Round& round : measured) values.push_back(round.*field);
      return median(values);
    };
    const double records = static_cast<double>(stored.size());
    std::printf("records                  %zu\n", stored.size());
    std::printf("JSON MB                  %.1f\n", json_bytes / 1e6);
    std::printf("stored (zstd) MB         %.1f  (%.3f of the JSON)\n", stored_bytes / 1e6,
                static_cast<double>(stored_bytes) / static_cast<double>(json_bytes));
    std::printf("zlib of the JSON MB      %.1f  (zstd's size: %.3f of it)\n", zlib_json_bytes / 1e6,
                static_cast<double>(stored_bytes) / static_cast<double>(zlib_json_bytes));
    std::printf("decode us/record         %.2f  (median of %d rounds)\n",
                median_of(&Round::decode_seconds) / records * 1e6, rounds);
    std::printf("encode us/record         %.2f\n",
                median_of(&Round::encode_seconds) / records * 1e6);
    std::printf("encode CPU s (all)       %.2f\n", median_of(&Round::encode_seconds));
    std::printf("zlib tries on frames s   %.2f  (what glass spends on data it keeps as is)\n",
                median_of(&Round::zlib_frames_seconds));
    std::printf("re-encoded != stored     %zu  (0: the encoding is deterministic)\n", changed);
    return changed == 0 ? 0 : 1;
  });
}
