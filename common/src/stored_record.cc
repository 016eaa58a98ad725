#include "paperdex/common/stored_record.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <zstd.h>
#include <nlohmann/json.hpp>

#include "paperdex/common/record_fields.h"

namespace paperdex {
namespace detail {
// data/stored_record.zdict, compiled in (common/CMakeLists.txt).
std::string_view stored_record_dictionary();
}  // namespace detail

namespace {

// Glass compresses each document's data on its own with zlib, which finds
// little to share in a kilobyte of JSON (136.7 MB of the cs harvest's
// records became 73.1 MB). A zstd dictionary trained on arXiv records holds
// the keys, the common words and phrases up front: 0.67 of zlib's size at
// level 3 (kStoredRecordCompressionLevel, data/README.md). Glass then
// stores the frames as they are.
// What a frame may claim to expand to: far over any record the readers let
// through (input_limits.h), far under what a corrupt frame could ask for.
constexpr unsigned long long kMaxRecordBytes = 64ull << 20;

struct FreeCDict {
  void operator()(ZSTD_CDict* dict) const { ZSTD_freeCDict(dict); }
};
struct FreeDDict {
  void operator()(ZSTD_DDict* dict) const { ZSTD_freeDDict(dict); }
};
struct FreeCCtx {
  void operator()(ZSTD_CCtx* context) const { ZSTD_freeCCtx(context); }
};
struct FreeDCtx {
  void operator()(ZSTD_DCtx* context) const { ZSTD_freeDCtx(context); }
};

// The dictionary digested once per process, shared read-only by every thread.
struct Dictionary {
  std::unique_ptr<ZSTD_CDict, FreeCDict> compress;
  std::unique_ptr<ZSTD_DDict, FreeDDict> decompress;
  unsigned id = 0;

  static const Dictionary& get() {
    static const Dictionary dictionary = [] {
      const std::string_view bytes = detail::stored_record_dictionary();
      Dictionary loaded;
      loaded.compress.reset(
          ZSTD_createCDict(bytes.data(), bytes.size(), kStoredRecordCompressionLevel));
      loaded.decompress.reset(ZSTD_createDDict(bytes.data(), bytes.size()));
      loaded.id = ZSTD_getDictID_fromDict(bytes.data(), bytes.size());
      if (!loaded.compress || !loaded.decompress || loaded.id == 0) {
        throw std::runtime_error("the stored-record dictionary compiled into paperdex is invalid");
      }
      return loaded;
    }();
    return dictionary;
  }
};

std::string compress(const std::string& json) {
  thread_local const std::unique_ptr<ZSTD_CCtx, FreeCCtx> context(ZSTD_createCCtx());
  std::string frame(ZSTD_compressBound(json.size()), '\0');
  const std::size_t size =
      ZSTD_compress_usingCDict(context.get(), frame.data(), frame.size(), json.data(), json.size(),
                               Dictionary::get().compress.get());
  if (ZSTD_isError(size)) {
    throw std::runtime_error(std::string("cannot compress a stored record: ") +
                             ZSTD_getErrorName(size));
  }
  frame.resize(size);
  return frame;
}

std::runtime_error not_a_record(const std::string& why) {
  return std::runtime_error("document data is not a paperdex stored record (" + why +
                            "); rebuild the index with this paperdex-index");
}

std::string decompress(std::string_view frame) {
  // zstd reads the header: an error for anything that is no frame.
  const unsigned long long size = ZSTD_getFrameContentSize(frame.data(), frame.size());
  if (size == ZSTD_CONTENTSIZE_ERROR) throw not_a_record("no zstd frame");
  const Dictionary& dictionary = Dictionary::get();
  const unsigned frame_dictionary = ZSTD_getDictID_fromFrame(frame.data(), frame.size());
  if (frame_dictionary != dictionary.id) {
    throw not_a_record("compressed with dictionary " + std::to_string(frame_dictionary) + ", not " +
                       std::to_string(dictionary.id));
  }
  if (size == ZSTD_CONTENTSIZE_UNKNOWN || size > kMaxRecordBytes) {
    throw not_a_record("bad frame header");
  }
  thread_local const std::unique_ptr<ZSTD_DCtx, FreeDCtx> context(ZSTD_createDCtx());
  std::string json(size, '\0');
  const std::size_t written =
      ZSTD_decompress_usingDDict(context.get(), json.data(), json.size(), frame.data(),
                                 frame.size(), dictionary.decompress.get());
  if (ZSTD_isError(written) || written != size) throw not_a_record("corrupt frame");
  return json;
}

// The level bodies are compressed at: zstd's default, several hundred MB/s,
// a third of the text's size (higher levels gain a few per cent for a
// multiple of the indexing time).
constexpr int kBodyCompressionLevel = 3;

// A stored value: a field the record does not have (empty, 0, false) is left out,
// but for the id, which marks the data as a stored record.
template <class Value>
void store_value(nlohmann::json& json, const schema::RecordField& field, const Value& value) {
  const std::string key(field.stored_key);
  if constexpr (std::is_same_v<Value, int>) {
    if (value != 0) json[key] = value;
  } else if constexpr (std::is_same_v<Value, bool>) {
    if (value) json[key] = true;
  } else if constexpr (std::is_same_v<Value, std::vector<PaperVersion>>) {
    if (value.empty()) return;
    nlohmann::json versions = nlohmann::json::array();
    for (const PaperVersion& version : value) versions.push_back({version.version, version.date});
    json[key] = std::move(versions);
  } else {
    if (!value.empty() || field.kind == schema::RecordFieldKind::kId) json[key] = value;
  }
}

// A value read back (json::type_error for one of the wrong type).
template <class Value>
void read_value(const nlohmann::json& stored, Value& value) {
  if constexpr (std::is_same_v<Value, std::vector<PaperVersion>>) {
    if (!stored.is_array()) return;
    for (const nlohmann::json& version : stored) {
      if (version.is_array() && version.size() == 2 && version[0].is_string() &&
          version[1].is_string()) {
        value.push_back(
            {version[0].template get<std::string>(), version[1].template get<std::string>()});
      }
    }
  } else if constexpr (std::is_same_v<Value, std::map<std::string, std::string>>) {
    if (!stored.is_object()) return;
    for (const auto& [key, date] : stored.items()) {
      if (date.is_string()) value[key] = date.template get<std::string>();
    }
  } else {
    stored.get_to(value);
  }
}

}  // namespace

// The JSON of every stored field of the table (record_fields.h) by its key.
std::string stored_record_json(const Record& record) {
  nlohmann::json json = nlohmann::json::object();
  for (const schema::RecordField& field : schema::record_fields()) {
    if (field.stored_key.empty()) continue;
    schema::visit_field(field, record, [&](const auto& value) { store_value(json, field, value); });
  }
  // Replacement characters keep invalid input from ever aborting a dump.
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string encode_stored_record(const Record& record) {
  return compress(stored_record_json(record));
}

Record decode_stored_record(std::string_view data) {
  const nlohmann::json json =
      nlohmann::json::parse(decompress(data), nullptr, /*allow_exceptions=*/false);
  if (!json.is_object() || !json.contains("id")) {
    throw std::runtime_error("document data is not a paperdex stored record");
  }
  Record record;
  for (const schema::RecordField& field : schema::record_fields()) {
    if (field.stored_key.empty()) continue;
    const auto it = json.find(field.stored_key);
    if (it == json.end() || it->is_null()) continue;
    schema::visit_field(field, record, [&](auto& value) { read_value(*it, value); });
  }
  return record;
}

std::string encode_body(std::string_view body) {
  if (body.empty()) return {};
  thread_local const std::unique_ptr<ZSTD_CCtx, FreeCCtx> context(ZSTD_createCCtx());
  std::string frame(ZSTD_compressBound(body.size()), '\0');
  const std::size_t size = ZSTD_compressCCtx(context.get(), frame.data(), frame.size(), body.data(),
                                             body.size(), kBodyCompressionLevel);
  if (ZSTD_isError(size)) {
    throw std::runtime_error(std::string("cannot compress a paper's full text: ") +
                             ZSTD_getErrorName(size));
  }
  frame.resize(size);
  return frame;
}

std::string decode_body(std::string_view value) {
  if (value.empty()) return {};
  const unsigned long long size = ZSTD_getFrameContentSize(value.data(), value.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > kMaxBodyBytes) {
    throw std::runtime_error(
        "a paper's full text in the index is not in this paperdex's form; index its files "
        "again with this paperdex-index");
  }
  thread_local const std::unique_ptr<ZSTD_DCtx, FreeDCtx> context(ZSTD_createDCtx());
  std::string body(size, '\0');
  const std::size_t written =
      ZSTD_decompressDCtx(context.get(), body.data(), body.size(), value.data(), value.size());
  if (ZSTD_isError(written) || written != size) {
    throw std::runtime_error("a paper's full text in the index is corrupt: index its file again");
  }
  return body;
}

}  // namespace paperdex
