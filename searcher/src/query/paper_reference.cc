#include "query/paper_reference.h"

#include <algorithm>
#include <cctype>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/utf8.h"

namespace paperdex::detail {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// "10.1063/1.2779138": "10.", a registrant code of digits (dots may divide
// it), "/", and a suffix without spaces.
bool is_doi(std::string_view text) {
  if (!text.starts_with("10.")) return false;
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos || slash < 7 || slash + 1 == text.size()) return false;
  const std::string_view registrant = text.substr(3, slash - 3);
  if (!is_digit(registrant.front()) || !is_digit(registrant.back()) ||
      !std::all_of(registrant.begin(), registrant.end(),
                   [](char c) { return is_digit(c) || c == '.'; })) {
    return false;
  }
  return std::none_of(text.begin(), text.end(),
                      [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
}

bool remove_prefix(std::string_view& text, std::string_view prefix) {
  if (!text.starts_with(prefix)) return false;
  text.remove_prefix(prefix.size());
  return true;
}

// The DOI in `lower` (lower-cased) without "doi:" or a resolver link,
// with or without "http(s)://"; `lower` itself when it has neither.
std::string_view without_resolver(std::string_view lower) {
  std::string_view rest = lower;
  if (remove_prefix(rest, "doi:")) {
    while (rest.starts_with(' ')) rest.remove_prefix(1);  // "DOI: 10...", as printed
    return rest;
  }
  if (!remove_prefix(rest, "https://")) remove_prefix(rest, "http://");
  if (!remove_prefix(rest, "dx.")) remove_prefix(rest, "www.");
  return remove_prefix(rest, "doi.org/") ? rest : lower;
}

}  // namespace

std::optional<PaperReference> paper_reference(std::string_view query) {
  const std::size_t first = query.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return std::nullopt;
  query = query.substr(first, query.find_last_not_of(" \t\r\n") + 1 - first);
  if (std::optional<std::string> id = canonical_arxiv_id(query)) {
    return PaperReference{schema::find_field("id"), std::move(*id)};
  }
  const std::string lower = ascii_lower(query);
  const std::string_view doi = without_resolver(lower);
  if (!is_doi(doi)) return std::nullopt;
  const schema::Field* field = schema::find_field("doi");
  return PaperReference{field, field->normalize(doi)};
}

std::string missing_paper_note(const PaperReference& reference) {
  const std::string what = reference.field->kind == schema::FieldKind::kId ? "id " : "DOI ";
  return "no paper with " + what + reference.value + " in this index; searched its words instead";
}

}  // namespace paperdex::detail
