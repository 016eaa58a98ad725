#include "oai_page.h"

#include <charconv>
#include <sstream>
#include <string_view>

#include "../format_readers.h"
#include "../input_limits.h"
#include "../reader_text.h"
#include "../xml_stream.h"
#include "http_client.h"

namespace paperdex::harvest {
namespace {

std::optional<std::uint64_t> number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The envelope: the elements directly under <OAI-PMH> and the token, whose
// attributes and text it keeps; <record>s are the reader's.
class EnvelopeParser final : public detail::XmlStreamParser {
 public:
  explicit EnvelopeParser(OaiPage& page) : page_(page) {}
  bool closed() const { return closed_; }
  bool has_list() const { return has_list_; }

 private:
  void on_start(std::string_view name, const XML_Char** attributes) override {
    ++depth_;
    if (depth_ == 2 && name == "ListRecords") has_list_ = true;
    if (depth_ == 2 && name == "error") {
      page_.error_code = detail::attribute(attributes, "code");
    } else if (depth_ == 3 && name == "resumptionToken") {
      page_.complete_list_size = number(detail::attribute(attributes, "completeListSize"));
      page_.cursor = number(detail::attribute(attributes, "cursor"));
    }
  }

  void on_end(std::string_view name) override {
    if (depth_ == 1 && name == "OAI-PMH") closed_ = true;
    if (depth_ == 2 && name == "responseDate") page_.response_date = detail::trim(text());
    if (depth_ == 2 && name == "error") page_.error_message = detail::trim(text());
    if (depth_ == 3 && name == "resumptionToken") page_.token = detail::trim(text());
    --depth_;
  }

  OaiPage& page_;
  int depth_ = 0;
  bool closed_ = false;
  bool has_list_ = false;
};

OaiPage read_envelope(const std::string& body, const std::string& origin) {
  OaiPage page;
  EnvelopeParser parser(page);
  std::string parse_error;
  RecordSink sink;
  sink.on_problem = [&](const ReadProblem& problem) { parse_error = problem.message; };
  std::istringstream in(body);
  if (!parser.parse(in, origin, sink) || !parser.closed()) {
    throw BadBody("not a whole OAI-PMH response (" +
                  (parse_error.empty() ? "no <OAI-PMH> element" : parse_error) + ")");
  }
  if (page.response_date.empty()) {
    throw BadBody("an OAI-PMH response without <responseDate>");
  }
  if (page.error_code.empty() && !parser.has_list()) {
    throw BadBody("an OAI-PMH response with neither <ListRecords> nor <error>");
  }
  return page;
}

}  // namespace

void check_oai_page(const std::string& body, const std::string& origin) {
  read_envelope(body, origin);
}

OaiPage parse_oai_page(const std::string& body, const std::string& origin) {
  OaiPage page = read_envelope(body, origin);
  if (!page.error_code.empty()) return page;
  RecordSink sink;
  sink.on_record = [&](Record&& record) { page.records.push_back(std::move(record)); };
  sink.on_problem = [&](const ReadProblem& problem) { page.problems.push_back(problem); };
  sink.on_warning = [&](const ReadProblem& problem) { page.warnings.push_back(problem); };
  std::istringstream in(body);
  read_oai_pmh(in, origin, detail::with_field_limits(sink));
  return page;
}

}  // namespace paperdex::harvest
