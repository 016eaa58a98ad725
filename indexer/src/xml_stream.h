// Streaming XML for the OAI-PMH and Atom readers: an RAII expat parser fed in
// chunks from a std::istream. Input bytes that are not UTF-8 are replaced by
// U+FFFD before expat sees them (expat would otherwise stop at the first bad
// byte and lose the rest of the file); a parse error is reported as a
// ReadProblem at its line, after every record completed before it.
#pragma once

#include <expat.h>

#include <exception>
#include <istream>
#include <memory>
#include <string>
#include <string_view>

#include "paperdex/indexer/record_sink.h"

namespace paperdex::detail {

// "arxiv:primary_category" -> "primary_category": the readers match on local
// names; the formats never reuse a local name with a different meaning.
std::string_view local_name(std::string_view qualified);

// The value of attribute `name` (matched by local name) or empty.
std::string_view attribute(const XML_Char** attributes, std::string_view name);

// Cleans UTF-8 as it streams past in arbitrary chunks: a sequence cut by a
// chunk boundary is held back and completed by the next chunk.
class Utf8StreamSanitizer {
 public:
  // The sanitized form of `chunk` (minus a held-back incomplete tail).
  std::string_view feed(std::string_view chunk, bool last);

 private:
  std::string pending_;
  std::string output_;
};

class XmlStreamParser {
 public:
  XmlStreamParser();
  virtual ~XmlStreamParser();
  XmlStreamParser(const XmlStreamParser&) = delete;
  XmlStreamParser& operator=(const XmlStreamParser&) = delete;

  // Parses the whole stream; a malformed document is reported through
  // `sink.on_problem` as "origin:line" with expat's message. Returns false then.
  bool parse(std::istream& in, const std::string& origin, const RecordSink& sink);

 protected:
  virtual void on_start(std::string_view name, const XML_Char** attributes) = 0;
  virtual void on_end(std::string_view name) = 0;
  // Character data since the last start tag: the text of leaf elements.
  const std::string& text() const { return text_; }
  // The line the parser is at, for origins of records and problems.
  unsigned long line() const;
  // Input expat has been given but not yet parsed (an unfinished token).
  std::size_t buffered_bytes() const;

 private:
  struct ParserDeleter {
    void operator()(XML_ParserStruct* parser) const { XML_ParserFree(parser); }
  };
  static void XMLCALL start_handler(void* self, const XML_Char* name, const XML_Char** attributes);
  static void XMLCALL end_handler(void* self, const XML_Char* name);
  static void XMLCALL text_handler(void* self, const XML_Char* text, int length);

  // Runs a callback; an exception (a sink in --strict mode, bad_alloc) must
  // not unwind through expat's C frames, so it is parked here, the parser
  // stopped, and the exception rethrown once XML_Parse has returned.
  template <typename Callback>
  void guarded(Callback&& callback);

  std::unique_ptr<XML_ParserStruct, ParserDeleter> parser_;
  std::string text_;
  std::size_t depth_ = 0;          // elements open
  unsigned long too_deep_at_ = 0;  // the line an element past kMaxXmlDepth opened at
  std::exception_ptr pending_exception_;
};

}  // namespace paperdex::detail
