// The extraction stage (full text): a PDF's text, read by the paperdex-pdftext
// helper in a child process (child_process.h) under time, memory and page
// limits, so that a damaged, encrypted, enormous or hostile file costs that
// file only. Here: finding the helper, reading its answer
// (pdftext_protocol.h), and turning every way it can fail into a
// FullTextError a user can act on.
#include <algorithm>
#include <cctype>
#include <csignal>
#include <fstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "fulltext/fulltext.h"
#include "fulltext/pdftext_protocol.h"
#include "fulltext/references.h"
#include "fulltext/text_cleaning.h"
#include "paperdex/common/child_process.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"

#ifndef PAPERDEX_PDFTEXT_INSTALLED
#define PAPERDEX_PDFTEXT_INSTALLED "/usr/bin/paperdex-pdftext"
#endif

namespace paperdex::fulltext {
namespace {

namespace protocol = pdftext;
constexpr std::string_view kHelperName = "paperdex-pdftext";
constexpr std::size_t kMaxHeaderBytes = 4u << 20;  // the JSON line: metadata and outline

// The first bytes of the file, to refuse what is not a PDF without a child.
std::string read_head(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw FullTextError(path, "cannot be read (" + std::generic_category().message(errno) + ")");
  }
  std::string head(1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head;
}

std::vector<std::string> helper_arguments(const std::string& path, const PdfLimits& limits) {
  return {"--max-pages", std::to_string(limits.max_pages), "--memory-mib",
          std::to_string(limits.memory_mib), "--cpu-seconds",
          std::to_string(std::max<long long>(limits.time.count(), 1)),
          // A path starting with '-' would read as an option.
          path.starts_with("-") ? "./" + path : path};
}

std::string memory_reason(const PdfLimits& limits) {
  return "used more than " + with_thousands(limits.memory_mib) + " MiB";
}

std::string time_reason(const PdfLimits& limits) {
  return "gave up after " + with_thousands(static_cast<unsigned long long>(limits.time.count())) +
         " s";
}

// The helper's end, when it was not a success: the reason, or empty.
std::string failure_reason(const ChildOutcome& outcome, const PdfLimits& limits) {
  const bool out_of_memory = outcome.err_tail.find("Out of memory") != std::string::npos ||
                             outcome.exit_status == protocol::kExitOutOfMemory;
  if (outcome.timed_out) return time_reason(limits);
  if (outcome.signal == SIGXCPU) return time_reason(limits) + " of CPU time";
  if (out_of_memory) return memory_reason(limits);
  if (outcome.signal != 0) {
    return "the PDF library crashed (signal " + std::to_string(outcome.signal) + ")";
  }
  switch (outcome.exit_status) {
    case protocol::kExitOk:
      return {};
    case protocol::kExitNotPdf:
      return "not a PDF";
    case protocol::kExitEncrypted:
      return "encrypted";
    case protocol::kExitDamaged:
      return "damaged";
    case protocol::kExitCannotRead:
      return "cannot be read";
    default:
      return "the PDF helper failed (exit status " + std::to_string(outcome.exit_status) + ")";
  }
}

// PDF info titles that name no paper: a word processor's file name, the
// arXiv stamp some generators put there, a placeholder.
bool is_real_title(std::string_view title) {
  if (title.size() < 4 || title.find("arXiv:") != std::string_view::npos) return false;
  if (title.starts_with("Microsoft Word - ") || title == "untitled" || title == "Untitled") {
    return false;
  }
  for (const std::string_view extension : {".dvi", ".tex", ".doc", ".docx", ".pdf", ".ps"}) {
    if (title.ends_with(extension)) return false;
  }
  return true;
}

// "A. One; B. Two", "A. One, B. Two", "A. One and B. Two".
std::vector<std::string> split_authors(std::string_view field) {
  const char separator = field.find(';') != std::string_view::npos ? ';' : ',';
  std::vector<std::string> authors;
  std::size_t start = 0;
  while (start <= field.size()) {
    std::size_t end = field.find(separator, start);
    if (end == std::string_view::npos) end = field.size();
    std::string part(field.substr(start, end - start));
    for (std::size_t and_at; (and_at = part.find(" and ")) != std::string::npos;) {
      authors.push_back(detail::normalise_whitespace(part.substr(0, and_at)));
      part.erase(0, and_at + 5);
    }
    authors.push_back(detail::normalise_whitespace(part));
    start = end + 1;
  }
  std::erase_if(authors, [](const std::string& a) { return a.empty(); });
  return authors;
}

std::string field_text(const nlohmann::json& header, const char* key) {
  const auto found = header.find(key);
  if (found == header.end() || !found->is_string()) return {};
  return detail::normalise_whitespace(detail::drop_invalid(found->get<std::string>()));
}

std::size_t count_field(const nlohmann::json& header, const char* key) {
  const auto found = header.find(key);
  return found != header.end() && found->is_number_unsigned() ? found->get<std::size_t>() : 0;
}

}  // namespace

std::string find_pdftext_helper(const PdfLimits& limits) {
  return find_helper(limits.helper_path, "PAPERDEX_PDFTEXT", kHelperName,
                     PAPERDEX_PDFTEXT_INSTALLED);
}

namespace detail {
bool parse_pdftext_output(std::string_view out, std::size_t max_text_bytes, FullText& result);
}  // namespace detail

FullText read_pdf(const std::string& path, const PdfLimits& limits) {
  if (sniff(read_head(path)) != FileKind::kPdf) throw FullTextError(path, "not a PDF");
  const std::string helper = find_pdftext_helper(limits);
  if (!is_executable(helper)) {
    throw FullTextError(path, "the PDF helper " + quote_input(helper) +
                                  " is missing or not executable (set PAPERDEX_PDFTEXT to "
                                  "paperdex-pdftext's path)");
  }
  ChildBounds bounds;
  bounds.time = limits.time;
  bounds.max_stdout_bytes = limits.max_text_bytes + kMaxHeaderBytes;
  ChildOutcome outcome;
  try {
    outcome = run_child(helper, helper_arguments(path, limits), bounds);
  } catch (const std::system_error& error) {
    throw FullTextError(path, std::string("the PDF helper could not be started: ") + error.what());
  }
  if (!outcome.out_cut) {
    if (std::string reason = failure_reason(outcome, limits); !reason.empty()) {
      throw FullTextError(path, reason);
    }
  }
  FullText result;
  result.source = Source::kPdf;
  result.file = path;
  bool cut = false;
  try {
    cut = detail::parse_pdftext_output(outcome.out, limits.max_text_bytes, result);
  } catch (const nlohmann::json::exception&) {
    throw FullTextError(path, "the PDF helper's answer cannot be read (is " + quote_input(helper) +
                                  " paperdex-pdftext?)");
  }
  if (cut || outcome.out_cut) {
    result.warnings.push_back("text cut at " + detail::describe_bytes(limits.max_text_bytes));
  }
  return result;
}

namespace detail {

// Each page's text, '\f' after it; offsets of each page's start.
// A last page without its '\f' was cut short (text bound): left out. The
// pages' text is bounded apart from the header line: true when it was cut.
bool add_pages(std::string_view pages, std::size_t max_bytes, FullText& result) {
  const bool cut = pages.size() > max_bytes;
  if (cut) pages = pages.substr(0, max_bytes);
  // The reference list from the pages as the helper wrote them: its lines
  // tell where entries start, and FullText::text keeps paragraphs only.
  // (FullText::warnings do not name the file: whoever reports them does.)
  const std::string unnamed;
  result.references = references_from_pdf_pages(pages, unnamed, result.warnings);
  std::size_t start = 0;
  for (std::size_t end; (end = pages.find('\f', start)) != std::string_view::npos;
       start = end + 1) {
    result.page_offsets.push_back(result.text.size());
    result.text += clean_page_text(pages.substr(start, end - start));
    result.text.push_back('\f');
  }
  return cut;
}

// A PDF outline's entries as sections, where the text holds their titles (the
// outline gives no offsets poppler-cpp can reach): each looked for after the
// previous one.
void add_outline_sections(const nlohmann::json& outline, FullText& result) {
  if (!outline.is_array()) return;
  // Compared without case and line breaks: "1\nIntroduction" on the page is
  // the outline's "1 Introduction". Same length as the text, so same offsets.
  std::string flat = ascii_lower(result.text);
  std::replace_if(
      flat.begin(), flat.end(), [](char c) { return c == '\n' || c == '\f'; }, ' ');
  std::size_t from = 0;
  for (const nlohmann::json& item : outline) {
    if (!item.is_object()) continue;
    std::string title = field_text(item, "title");
    std::replace(title.begin(), title.end(), '\n', ' ');
    if (title.empty()) continue;
    const std::size_t at = flat.find(ascii_lower(title), from);
    if (at == std::string::npos) continue;
    const std::size_t level = count_field(item, "level");
    result.sections.push_back(
        {std::move(title), at, static_cast<int>(std::clamp<std::size_t>(level, 1, 9))});
    from = at;
  }
}

// The words of `text` of three letters or more, in lower case.
std::vector<std::string> long_words(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  const auto flush = [&] {
    if (word.size() >= 3) words.push_back(word);
    word.clear();
  };
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
      word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else {
      flush();
    }
  }
  flush();
  return words;
}

// Whether page 1 prints (most of) an info title: "ATLAS document", a
// template's placeholder, is a title, but not this paper's.
bool printed_on(std::string_view title, std::string_view first_page) {
  const std::vector<std::string> title_words = long_words(title);
  if (title_words.empty()) return false;
  std::vector<std::string> page_words = long_words(first_page);
  std::sort(page_words.begin(), page_words.end());
  const auto found = std::count_if(title_words.begin(), title_words.end(), [&](const auto& word) {
    return std::binary_search(page_words.begin(), page_words.end(), word);
  });
  return static_cast<std::size_t>(found) * 3 >= title_words.size() * 2;
}

std::vector<std::string> string_list(const nlohmann::json& object, const char* key) {
  std::vector<std::string> list;
  const auto found = object.find(key);
  if (found == object.end() || !found->is_array()) return list;
  for (const nlohmann::json& item : *found) {
    if (!item.is_string()) continue;
    std::string text = detail::normalise_whitespace(detail::drop_invalid(item.get<std::string>()));
    if (!text.empty()) list.push_back(std::move(text));
  }
  return list;
}

// The title: the info title when it is a real one that page 1 prints, else
// the one page 1's layout shows (the helper's "first_page"), else the info
// title if real. Authors: the info field's, else page 1's.
void add_title_and_authors(const nlohmann::json& header, std::string_view first_page,
                           FullText& result) {
  const std::string info_title = field_text(header, "title");
  std::string page_title;
  std::vector<std::string> page_authors;
  if (const auto page = header.find("first_page"); page != header.end() && page->is_object()) {
    page_title = field_text(*page, "title");
    page_authors = string_list(*page, "authors");
  }
  if (is_real_title(info_title) && (page_title.empty() || printed_on(info_title, first_page))) {
    result.title = info_title;
  } else {
    result.title = page_title;
  }
  result.authors = split_authors(field_text(header, "author"));
  std::erase_if(result.authors,
                [](const std::string& author) { return author.starts_with("Anonymous"); });
  if (result.authors.empty()) result.authors = std::move(page_authors);
}

void add_identity(const nlohmann::json& header, FullText& result) {
  const std::string_view first_page =
      std::string_view(result.text).substr(0, result.text.find('\f'));
  add_title_and_authors(header, first_page, result);
  if ((result.arxiv_id = arxiv_id_from_file_name(result.file))) {
    result.id_from = IdFrom::kFileName;
    return;
  }
  if ((result.arxiv_id = arxiv_id_from_stamp(first_page))) {
    result.id_from = IdFrom::kStamp;
    return;
  }
  for (const char* key : {"subject", "keywords", "title"}) {
    if ((result.arxiv_id = arxiv_id_from_metadata(field_text(header, key)))) {
      result.id_from = IdFrom::kMetadata;
      return;
    }
  }
}

bool parse_pdftext_output(std::string_view out, std::size_t max_text_bytes, FullText& result) {
  const std::size_t newline = out.find('\n');
  if (newline == std::string_view::npos) {
    throw nlohmann::json::parse_error::create(101, 0, "no header line", nullptr);
  }
  const nlohmann::json header = nlohmann::json::parse(out.substr(0, newline));
  if (!header.is_object()) throw nlohmann::json::parse_error::create(101, 0, "header", nullptr);
  result.pages_total = count_field(header, "pages_total");
  const bool cut = add_pages(out.substr(newline + 1), max_text_bytes, result);
  const std::size_t pages_read = result.page_offsets.size();
  if (pages_read < result.pages_total) {
    result.warnings.push_back("first " + with_thousands(pages_read) + " of " +
                              with_thousands(result.pages_total) + " pages read");
  }
  if (const auto outline = header.find("outline"); outline != header.end()) {
    add_outline_sections(*outline, result);
  }
  add_identity(header, result);
  return cut;
}

}  // namespace detail
}  // namespace paperdex::fulltext
