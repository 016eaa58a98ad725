// What every XML reader shares (atom_reader.cc, oai_reader.cc): where its
// records come from and go, the Analyzer that cleans their text, and the
// record being read with the depth its element opened at. Private to the
// indexer.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/record.h"
#include "paperdex/indexer/record_sink.h"
#include "reader_text.h"
#include "xml_stream.h"

namespace paperdex::detail {

// `Pending` is the reader's record under construction; it has a `line`.
template <class Pending>
class XmlRecordParser : public XmlStreamParser {
 protected:
  // `element` is the element each record is ("entry", "record").
  XmlRecordParser(const std::string& origin, const RecordSink& sink, std::string_view element)
      : origin_(origin), sink_(sink), element_(element) {}

  // Counts an element in; true when it opens a record, which `pending_`
  // then holds, fresh.
  bool start_element(std::string_view name) {
    ++depth_;
    if (name != element_) return false;
    pending_.emplace();
    pending_->line = line();
    record_depth_ = depth_;
    return true;
  }
  // Counts an element out; returns the depth it had.
  int end_element() { return depth_--; }

  // "origin:line", for Record::origin and problems.
  std::string where(unsigned long at) const { return origin_ + ":" + std::to_string(at); }
  void emit(Record&& record) {
    if (sink_.on_record) sink_.on_record(std::move(record));
  }
  void problem(const std::string& where, std::string reason, std::string message) {
    report(sink_, where, std::move(reason), std::move(message));
  }

  const std::string& origin_;
  const RecordSink& sink_;
  Analyzer analyzer_;
  std::optional<Pending> pending_;
  int depth_ = 0;
  int record_depth_ = 0;  // of the pending record's element

 private:
  std::string_view element_;
};

}  // namespace paperdex::detail
