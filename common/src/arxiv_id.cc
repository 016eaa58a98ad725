#include "paperdex/common/arxiv_id.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <utility>

namespace paperdex {
namespace {

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// Strips a trailing "vN" version suffix.
std::string_view strip_version(std::string_view id) {
  std::size_t v = id.rfind('v');
  if (v != std::string_view::npos && v + 1 < id.size() && all_digits(id.substr(v + 1))) {
    return id.substr(0, v);
  }
  return id;
}

// New style: YYMM.NNNN or YYMM.NNNNN.
bool is_new_style(std::string_view id) {
  std::size_t dot = id.find('.');
  if (dot != 4) return false;
  std::string_view number = id.substr(dot + 1);
  return all_digits(id.substr(0, 4)) && (number.size() == 4 || number.size() == 5) &&
         all_digits(number);
}

// Old style: archive(.SUBJ)?/YYMMNNN, archive letters and '-'.
bool is_old_style(std::string_view id) {
  std::size_t slash = id.find('/');
  if (slash == std::string_view::npos || slash == 0) return false;
  std::string_view archive = id.substr(0, slash);
  std::string_view number = id.substr(slash + 1);
  if (number.size() != 7 || !all_digits(number)) return false;
  for (char c : archive) {
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '-' && c != '.') return false;
  }
  return std::isalpha(static_cast<unsigned char>(archive.front()));
}

// Removes `prefix` from the front of `text`, ignoring ASCII case; false when
// `text` does not start with it.
bool remove_prefix(std::string_view& text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  }
  text.remove_prefix(prefix.size());
  return true;
}

// The id in a link to a paper's abstract page or PDF, as people paste it:
// "https://arxiv.org/abs/ID", "arxiv.org/pdf/IDv2.pdf", "http://export.arxiv.org/abs/ID".
// `text` unchanged when it is not such a link.
std::string_view id_of_link(std::string_view text) {
  std::string_view rest = text;
  if (!remove_prefix(rest, "https://")) remove_prefix(rest, "http://");
  if (!remove_prefix(rest, "www.")) remove_prefix(rest, "export.");
  if (!remove_prefix(rest, "arxiv.org/")) return text;
  if (remove_prefix(rest, "abs/")) return rest;
  if (!remove_prefix(rest, "pdf/")) return text;
  if (rest.size() > 4 && rest.ends_with(".pdf")) rest.remove_suffix(4);
  return rest;
}

}  // namespace

std::optional<std::string> canonical_arxiv_id(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  if (!remove_prefix(text, "oai:arxiv.org:") && !remove_prefix(text, "arxiv:")) {
    text = id_of_link(text);
  }
  std::string_view id = strip_version(text);
  if (is_new_style(id) || is_old_style(id)) return std::string(id);
  return std::nullopt;
}

std::vector<std::string> arxiv_id_forms(std::string_view text) {
  std::vector<std::string> forms;
  std::optional<std::string> canonical = canonical_arxiv_id(text);
  if (!canonical) return forms;
  const std::size_t slash = canonical->find('/');
  const std::size_t dot = canonical->find('.');
  forms.push_back(std::move(*canonical));
  if (slash != std::string::npos && dot < slash) {
    forms.push_back(forms.front().substr(0, dot) + forms.front().substr(slash));
  }
  return forms;
}

std::string stable_hash_hex(std::string_view text) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
  return std::string(buffer, 16);
}

}  // namespace paperdex
