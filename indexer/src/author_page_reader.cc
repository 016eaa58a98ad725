// The "arXiv subjects" author pages: a small header naming the author, then
// records of the shape
//
//   arXiv2026            <- source name and year run together
//   Title line
//   Abstract, one or more lines/paragraphs (optional)
//   cs.NI↗               <- subject line (optional)
//
// with blank lines anywhere. The pages are hand-copied web pages, so the
// parser is a line-by-line state machine that tolerates missing parts and
// reports (and skips) records it cannot make sense of.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input_limits.h"
#include "paperdex/common/analyzer.h"
#include "paperdex/indexer/readers.h"
#include "reader_text.h"

namespace paperdex {
namespace {

using detail::trim;

constexpr std::string_view kPageMarker = "arXiv subjects";
constexpr std::string_view kAttributedTo = "Publications and source records attributed to ";
constexpr std::string_view kOutLink = "\xE2\x86\x97";  // U+2197 NORTH EAST ARROW

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

// "arXiv2026", "DBLP2024", "Semantic Scholar2023" -> the year. A title never
// ends in a bare four-digit year glued to a word, and the source names are short.
std::optional<int> source_line_year(std::string_view line) {
  if (line.size() < 5 || line.size() > 40 || !is_ascii_letter(line.front())) return std::nullopt;
  const std::string_view digits = line.substr(line.size() - 4);
  for (char c : digits) {
    if (!is_ascii_digit(c)) return std::nullopt;
  }
  const std::string_view name = line.substr(0, line.size() - 4);
  if (!is_ascii_letter(name.back())) return std::nullopt;
  for (char c : name) {
    if (!is_ascii_letter(c) && c != ' ' && c != '.' && c != '-' && c != '&') return std::nullopt;
  }
  const int year = std::stoi(std::string(digits));
  if (year < 1900 || year > 2100) return std::nullopt;
  return year;
}

// The subject line: category codes, each usually followed by the out-link
// arrow. Without an arrow, only codes that cannot be prose ("cs.NI",
// "hep-th") count, so an abstract line such as "Physics" stays text.
std::optional<std::vector<std::string>> subject_line_categories(std::string_view line) {
  std::string text;
  bool had_arrow = false;
  for (std::size_t i = 0; i < line.size();) {
    if (line.substr(i).starts_with(kOutLink)) {
      had_arrow = true;
      text.push_back(' ');
      i += kOutLink.size();
    } else {
      text.push_back(line[i++]);
    }
  }
  std::vector<std::string> categories = detail::split_categories(text);
  if (categories.empty() || categories.size() > 12) return std::nullopt;
  for (const auto& category : categories) {
    if (!detail::looks_like_category(category)) return std::nullopt;
    if (!had_arrow && category.find_first_of(".-") == std::string::npos) return std::nullopt;
  }
  return categories;
}

class AuthorPageParser {
 public:
  AuthorPageParser(const std::string& origin, const RecordSink& sink)
      : origin_(origin), sink_(sink) {}

  void line(std::string_view raw, std::size_t number) {
    if (number == 1 && detail::starts_with_bom(raw)) raw.remove_prefix(3);
    const std::string_view text = trim(raw);
    switch (state_) {
      case State::kHeader:
        return header_line(text, number);
      case State::kTitle:
        return title_line(text, number);
      case State::kBody:
        return body_line(text, number);
    }
  }

  void finish(std::size_t last_line) {
    if (state_ == State::kTitle) {
      problem(pending_line_, "no-title", "source line at the end of the page has no title");
    } else if (state_ == State::kBody) {
      emit();
    }
    if (!saw_record_ && state_ == State::kHeader) {
      problem(last_line, "no-records", "author page has no records");
    }
  }

 private:
  enum class State { kHeader, kTitle, kBody };

  void header_line(std::string_view text, std::size_t number) {
    if (text.empty()) return;
    if (const auto year = source_line_year(text)) return start_record(*year, number);
    if (text == kPageMarker) {
      saw_marker_ = true;
      return;
    }
    if (text.starts_with(kAttributedTo)) {
      // The sentence names the author too; it wins only when no name line came first.
      if (author_.empty()) {
        std::string_view name = text.substr(kAttributedTo.size());
        if (name.ends_with('.')) name.remove_suffix(1);
        set_author(name);
      }
      return;
    }
    // The first line after the marker is the author's name; the record-count
    // line ("At least 19 recordsLinked to original sources") and anything
    // else in the header carry nothing to index.
    if (saw_marker_ && author_.empty() && !text.ends_with("original sources")) set_author(text);
  }

  void title_line(std::string_view text, std::size_t number) {
    if (text.empty()) return;
    if (const auto year = source_line_year(text)) {
      problem(pending_line_, "no-title", "source line is not followed by a title");
      return start_record(*year, number);
    }
    if (subject_line_categories(text)) {
      problem(pending_line_, "no-title", "source line is followed by subjects, not a title");
      state_ = State::kHeader;  // skip to the next source line
      return;
    }
    record_.title = analyzer_.prepare(text);
    state_ = State::kBody;
  }

  void body_line(std::string_view text, std::size_t number) {
    if (text.empty()) return;
    if (const auto year = source_line_year(text)) {
      emit();
      return start_record(*year, number);
    }
    if (auto categories = subject_line_categories(text)) {
      for (auto& category : *categories) {
        if (std::find(record_.subjects.begin(), record_.subjects.end(), category) ==
            record_.subjects.end()) {
          record_.subjects.push_back(std::move(category));
        }
      }
      return;
    }
    if (!record_.subjects.empty()) {
      // Text after the subject line and before the next source line is not
      // part of the abstract; say so rather than guess.
      problem(number, "stray-text", "text after the subject line ignored");
      return;
    }
    // Many lines add up: past the record limit the rest is dropped here, and
    // the field limit cuts the abstract (with a message) when it is emitted.
    if (abstract_.size() > detail::kMaxRecordBytes) return;
    if (!abstract_.empty()) abstract_.push_back('\n');
    abstract_.append(text);
  }

  void start_record(int year, std::size_t number) {
    record_ = Record{};
    abstract_.clear();
    record_.year = year;
    record_.origin = origin_ + ":" + std::to_string(number);
    pending_line_ = number;
    state_ = State::kTitle;
    saw_record_ = true;
  }

  void emit() {
    state_ = State::kHeader;
    record_.abstract = analyzer_.prepare(abstract_);
    if (record_.title.empty()) {
      problem(pending_line_, "no-title", "record has an empty title");
      return;
    }
    if (author_.empty()) {
      if (!reported_no_author_) problem(1, "no-author", "author page does not name its author");
      reported_no_author_ = true;
    } else {
      record_.authors = {author_};
      record_.page_authors = {author_};
    }
    if (sink_.on_record) sink_.on_record(std::move(record_));
    record_ = Record{};
  }

  void set_author(std::string_view name) { author_ = detail::clean_author_name(name); }

  void problem(std::size_t number, std::string reason, std::string message) {
    if (!sink_.on_problem) return;
    sink_.on_problem(
        ReadProblem{origin_ + ":" + std::to_string(number), std::move(reason), std::move(message)});
  }

  const std::string& origin_;
  const RecordSink& sink_;
  Analyzer analyzer_;
  State state_ = State::kHeader;
  bool saw_marker_ = false;
  bool saw_record_ = false;
  bool reported_no_author_ = false;
  std::string author_;
  Record record_;
  std::string abstract_;
  std::size_t pending_line_ = 0;  // the source line of the record being read
};

}  // namespace

void read_author_page(std::istream& in, const std::string& origin, const RecordSink& sink) {
  AuthorPageParser parser(origin, sink);
  std::size_t last_line = 0;
  detail::read_bounded_lines(in, origin, sink, [&](std::string& line, std::size_t number) {
    parser.line(line, number);
    last_line = number;
  });
  parser.finish(last_line);
}

}  // namespace paperdex
