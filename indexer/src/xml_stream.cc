#include "xml_stream.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>
#include <vector>

#include "input_limits.h"
#include "paperdex/common/utf8.h"

namespace paperdex::detail {
namespace {

constexpr std::size_t kChunkSize = 256 * 1024;

// The length of the UTF-8 sequence a lead byte announces (1 for ASCII and for
// bytes that cannot start a sequence: those are invalid on their own).
std::size_t announced_length(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 1;
}

// Where an incomplete sequence at the end of `text` begins (text.size() when
// the text ends on a sequence boundary).
std::size_t incomplete_tail(std::string_view text) {
  const std::size_t size = text.size();
  for (std::size_t back = 1; back <= 3 && back <= size; ++back) {
    const auto byte = static_cast<unsigned char>(text[size - back]);
    if ((byte & 0xC0) == 0x80) continue;  // a continuation byte: keep looking for the lead
    return announced_length(byte) > back ? size - back : size;
  }
  return size;
}

// Whether the document declares an encoding other than UTF-8 (then its
// bytes are expat's business, not ours to "repair").
bool declares_other_encoding(std::string_view head) {
  if (!head.starts_with("<?xml")) return false;
  const std::string_view declaration = head.substr(0, head.find("?>"));
  const std::size_t at = declaration.find("encoding");
  if (at == std::string_view::npos) return false;
  std::string value;
  for (char c : declaration.substr(at + 8)) {
    if (c == '=' || c == ' ' || c == '"' || c == '\'') {
      if (!value.empty()) break;
      continue;
    }
    value.push_back(static_cast<char>(c | 0x20));
  }
  return value != "utf-8" && value != "utf8" && value != "us-ascii";
}

}  // namespace

std::string_view local_name(std::string_view qualified) {
  const std::size_t colon = qualified.rfind(':');
  return colon == std::string_view::npos ? qualified : qualified.substr(colon + 1);
}

std::string_view attribute(const XML_Char** attributes, std::string_view name) {
  for (std::size_t i = 0; attributes != nullptr && attributes[i] != nullptr; i += 2) {
    if (local_name(attributes[i]) == name) return attributes[i + 1];
  }
  return {};
}

std::string_view Utf8StreamSanitizer::feed(std::string_view chunk, bool last) {
  std::string_view text = chunk;
  if (!pending_.empty()) {
    pending_.append(chunk);
    text = pending_;
  }
  const std::size_t complete = last ? text.size() : incomplete_tail(text);
  const std::string_view body = text.substr(0, complete);
  std::string_view result;
  if (is_valid_utf8(body)) {
    output_.assign(body);  // the common case: one copy, no rewriting
  } else {
    output_ = sanitize_utf8(body);
  }
  result = output_;
  std::string tail(text.substr(complete));
  pending_ = std::move(tail);
  return result;
}

XmlStreamParser::XmlStreamParser() : parser_(XML_ParserCreate("UTF-8")) {
  if (!parser_) throw std::bad_alloc();
  XML_SetUserData(parser_.get(), this);
  XML_SetElementHandler(parser_.get(), &XmlStreamParser::start_handler,
                        &XmlStreamParser::end_handler);
  XML_SetCharacterDataHandler(parser_.get(), &XmlStreamParser::text_handler);
}

XmlStreamParser::~XmlStreamParser() = default;

std::size_t XmlStreamParser::buffered_bytes() const {
  // The whole buffer: the unparsed rest plus the last chunk and some context,
  // a little more than the unfinished token, which the limit allows for.
  int offset = 0, size = 0;
  if (XML_GetInputContext(parser_.get(), &offset, &size) == nullptr) return 0;
  return static_cast<std::size_t>(std::max(size, 0));
}

unsigned long XmlStreamParser::line() const {
  return static_cast<unsigned long>(XML_GetCurrentLineNumber(parser_.get()));
}

template <typename Callback>
void XmlStreamParser::guarded(Callback&& callback) {
  if (pending_exception_) return;
  try {
    callback();
  } catch (...) {
    pending_exception_ = std::current_exception();
    XML_StopParser(parser_.get(), XML_FALSE);
  }
}

void XMLCALL XmlStreamParser::start_handler(void* self, const XML_Char* name,
                                            const XML_Char** attributes) {
  auto* parser = static_cast<XmlStreamParser*>(self);
  if (parser->too_deep_at_ > 0) return;
  if (++parser->depth_ > kMaxXmlDepth) {
    // Stopped here, before expat holds a deeper stack; parse() reports it.
    parser->too_deep_at_ = parser->line();
    XML_StopParser(parser->parser_.get(), XML_FALSE);
    return;
  }
  parser->guarded([&] {
    parser->text_.clear();
    parser->on_start(local_name(name), attributes);
  });
}

void XMLCALL XmlStreamParser::end_handler(void* self, const XML_Char* name) {
  auto* parser = static_cast<XmlStreamParser*>(self);
  --parser->depth_;
  parser->guarded([&] {
    parser->on_end(local_name(name));
    parser->text_.clear();
  });
}

void XMLCALL XmlStreamParser::text_handler(void* self, const XML_Char* text, int length) {
  auto* parser = static_cast<XmlStreamParser*>(self);
  parser->guarded([&] {
    // Past the limit the text is dropped: no field keeps that much anyway
    // (input_limits.h), and the record's field limits say it was cut.
    std::string& kept = parser->text_;
    if (kept.size() >= kMaxRecordBytes) return;
    kept.append(text, std::min(static_cast<std::size_t>(length), kMaxRecordBytes - kept.size()));
  });
}

bool XmlStreamParser::parse(std::istream& in, const std::string& origin, const RecordSink& sink) {
  std::vector<char> chunk(kChunkSize);
  Utf8StreamSanitizer sanitizer;
  bool first = true;
  bool sanitize = true;
  bool last = false;
  while (!last) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    last = got < chunk.size();
    std::string_view data(chunk.data(), got);
    if (first) {
      // The parser was created for UTF-8, but a declared encoding still wins.
      sanitize = !declares_other_encoding(data.starts_with("\xEF\xBB\xBF") ? data.substr(3) : data);
      if (!sanitize) XML_SetEncoding(parser_.get(), nullptr);
      first = false;
    }
    if (sanitize) data = sanitizer.feed(data, last);
    const XML_Status status =
        XML_Parse(parser_.get(), data.data(), static_cast<int>(data.size()), last ? 1 : 0);
    if (pending_exception_) std::rethrow_exception(std::exchange(pending_exception_, nullptr));
    if (too_deep_at_ > 0) {
      if (sink.on_problem) {
        sink.on_problem(ReadProblem{origin + ":" + std::to_string(too_deep_at_), "too-deep",
                                    "XML elements nested more than " +
                                        std::to_string(kMaxXmlDepth) +
                                        " deep, which no record is; the rest of the file is "
                                        "not read"});
      }
      return false;
    }
    if (status != XML_STATUS_ERROR && buffered_bytes() > kMaxRecordBytes) {
      // expat holds an unfinished token (a tag with its attributes, a
      // comment) whole; one this long is no record of any format read here.
      if (sink.on_problem) {
        sink.on_problem(ReadProblem{origin + ":" + std::to_string(line()), "too-long",
                                    "an XML tag, attribute or comment longer than 16 MiB; the "
                                    "rest of the file is not read"});
      }
      return false;
    }
    if (status == XML_STATUS_ERROR) {
      if (sink.on_problem) {
        sink.on_problem(
            ReadProblem{origin + ":" + std::to_string(line()), "invalid-xml",
                        std::string("XML: ") + XML_ErrorString(XML_GetErrorCode(parser_.get()))});
      }
      return false;
    }
  }
  return true;
}

}  // namespace paperdex::detail
