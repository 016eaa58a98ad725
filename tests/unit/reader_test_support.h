// Helpers for the reader tests: a sink that keeps everything, and file makers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "paperdex/indexer/readers.h"
#include "test_support.h"

namespace paperdex::test {

struct Collected {
  std::vector<Record> records;
  std::vector<ReadProblem> problems;
  std::vector<std::uint64_t> progress;
  std::vector<ReadProblem> warnings;

  RecordSink sink() {
    return RecordSink{[this](Record&& record) { records.push_back(std::move(record)); },
                      [this](const ReadProblem& problem) { problems.push_back(problem); },
                      [this](std::uint64_t bytes) { progress.push_back(bytes); },
                      [this](const ReadProblem& warning) { warnings.push_back(warning); }};
  }
  const Record* find_title(const std::string& title) const {
    for (const auto& record : records) {
      if (record.title == title) return &record;
    }
    return nullptr;
  }
  const Record* find_id(const std::string& id) const {
    for (const auto& record : records) {
      if (record.id == id) return &record;
    }
    return nullptr;
  }
  bool has_problem(const std::string& reason) const {
    for (const auto& problem : problems) {
      if (problem.reason == reason) return true;
    }
    return false;
  }
};

// A gzip member holding `bytes` in stored (uncompressed) deflate blocks:
// enough to test the gzip layer without linking zlib into the tests.
inline std::string gzip_stored(const std::string& bytes, std::size_t block_size = 1000) {
  std::uint32_t table[256];
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  std::uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : bytes) crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8);
  crc ^= 0xFFFFFFFFu;
  const auto put32 = [](std::string& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
  };
  std::string out("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", 10);
  std::size_t at = 0;
  do {
    const std::size_t length = std::min(block_size, bytes.size() - at);
    const bool final_block = at + length == bytes.size();
    out.push_back(final_block ? 1 : 0);
    const auto len = static_cast<std::uint16_t>(length);
    const auto nlen = static_cast<std::uint16_t>(~len);
    out.push_back(static_cast<char>(len & 0xFF));
    out.push_back(static_cast<char>(len >> 8));
    out.push_back(static_cast<char>(nlen & 0xFF));
    out.push_back(static_cast<char>(nlen >> 8));
    out.append(bytes, at, length);
    at += length;
  } while (at < bytes.size());
  put32(out, crc);
  put32(out, static_cast<std::uint32_t>(bytes.size()));
  return out;
}

}  // namespace paperdex::test
