// The extraction stage (full text): which arXiv paper a file is, from its
// name, from the stamp arXiv prints on page 1, or from the PDF's metadata.
// A wrong id attaches a body to the wrong paper, which is worse than none, so
// every form is matched strictly: a real month, a known old-style archive.
#include <algorithm>
#include <array>
#include <cctype>

#include "fulltext/fulltext.h"
#include "paperdex/common/arxiv_id.h"

namespace paperdex::fulltext {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

std::size_t digits_at(std::string_view text, std::size_t at) {
  std::size_t end = at;
  while (end < text.size() && is_digit(text[end])) ++end;
  return end - at;
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  // ASCII only, without the locale's tolower: this runs at every byte of a
  // reference list.
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const char c = text[i];
    if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != prefix[i]) return false;
  }
  return true;
}

// YYMM with a real month: "2024" (April 2020? no: month 24) is not one.
bool is_year_month(std::string_view yymm) {
  if (yymm.size() != 4 || digits_at(yymm, 0) != 4) return false;
  const int month = (yymm[2] - '0') * 10 + (yymm[3] - '0');
  return month >= 1 && month <= 12;
}

// The archives of old-style ids (before April 2007): only these, so that
// "report2024001.pdf" is not read as an id.
bool is_old_archive(std::string_view name) {
  static constexpr std::array<std::string_view, 37> kArchives = {
      "acc-phys", "adap-org", "alg-geom", "ao-sci",   "astro-ph", "atom-ph", "bayes-an", "chao-dyn",
      "chem-ph",  "cmp-lg",   "comp-gas", "cond-mat", "cs",       "dg-ga",   "funct-an", "gr-qc",
      "hep-ex",   "hep-lat",  "hep-ph",   "hep-th",   "math",     "math-ph", "mtrl-th",  "nlin",
      "nucl-ex",  "nucl-th",  "patt-sol", "physics",  "plasm-ph", "q-alg",   "q-bio",    "quant-ph",
      "solv-int", "supr-con", "q-fin",    "stat",     "econ"};
  return std::find(kArchives.begin(), kArchives.end(), name) != kArchives.end();
}

// The archive `name` is with its hyphen dropped ("heplat": "hep-lat"), or "".
std::string_view archive_without_hyphen(std::string_view name) {
  for (const std::string_view archive :
       {"acc-phys", "adap-org", "alg-geom", "ao-sci",   "astro-ph", "atom-ph", "bayes-an",
        "chao-dyn", "chem-ph",  "cmp-lg",   "comp-gas", "cond-mat", "dg-ga",   "funct-an",
        "gr-qc",    "hep-ex",   "hep-lat",  "hep-ph",   "hep-th",   "math-ph", "mtrl-th",
        "nucl-ex",  "nucl-th",  "patt-sol", "plasm-ph", "q-alg",    "q-bio",   "quant-ph",
        "solv-int", "supr-con", "q-fin"}) {
    if (archive.size() == name.size() + 1) {
      const std::size_t hyphen = archive.find('-');
      if (archive.substr(0, hyphen) == name.substr(0, hyphen) &&
          archive.substr(hyphen + 1) == name.substr(hyphen)) {
        return archive;
      }
    }
  }
  return {};
}

// Length of "vN" at `at`, 0 when there is none.
std::size_t version_at(std::string_view text, std::size_t at) {
  if (at >= text.size() || text[at] != 'v') return 0;
  const std::size_t digits = digits_at(text, at + 1);
  return digits == 0 ? 0 : digits + 1;
}

// A new-style id "YYMM.NNNN(N)" (version optional) at the start of `text`:
// its length, or 0.
std::size_t new_style_at(std::string_view text) {
  if (text.size() < 9 || !is_year_month(text.substr(0, 4)) || text[4] != '.') return 0;
  const std::size_t number = digits_at(text, 5);
  if (number != 4 && number != 5) return 0;
  return 5 + number + version_at(text, 5 + number);
}

// An old-style id at the start of `text`: archive, optional ".XX" subject
// class, then '/', '_' or nothing, then YYMMNNN and an optional version.
// Its length and canonical form ("hep-th/9901001"), or 0.
// With `hyphen_lost`, an archive whose hyphen text extraction dropped
// ("heplat/0309173", "hep-\nlat" joined) is read as the archive.
std::size_t old_style_at(std::string_view text, std::string& canonical, bool hyphen_lost = false) {
  std::size_t end = 0;
  while (end < text.size() && (is_lower(text[end]) || text[end] == '-')) ++end;
  // What follows an archive's name: a slash, its subject, its number. Any
  // other word ends here, before the archives are looked through: this runs
  // at every lower-case word of a reference list.
  if (end == text.size() ||
      (text[end] != '/' && text[end] != '.' && text[end] != '_' && !is_digit(text[end]))) {
    return 0;
  }
  std::string_view archive = text.substr(0, end);
  if (hyphen_lost && !is_old_archive(archive)) archive = archive_without_hyphen(archive);
  if (!is_old_archive(archive)) return 0;
  std::string subject;
  if (end + 3 <= text.size() && text[end] == '.' &&
      std::isupper(static_cast<unsigned char>(text[end + 1])) &&
      std::isupper(static_cast<unsigned char>(text[end + 2]))) {
    subject = std::string(text.substr(end, 3));
    end += 3;
  }
  if (end < text.size() && (text[end] == '/' || text[end] == '_')) ++end;
  if (digits_at(text, end) != 7 || !is_year_month(text.substr(end, 4))) return 0;
  canonical = std::string(archive) + subject + "/" + std::string(text.substr(end, 7));
  end += 7;
  return end + version_at(text, end);
}

// The id at the start of `text` and its length (0: none).
std::size_t id_at(std::string_view text, std::string& id, bool hyphen_lost = false) {
  if (const std::size_t length = new_style_at(text); length != 0) {
    id = std::string(text.substr(0, length));
    return length;
  }
  return old_style_at(text, id, hyphen_lost);
}

bool is_word_character(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '.';
}

std::string_view strip_extensions(std::string_view name) {
  static constexpr std::array<std::string_view, 7> kExtensions = {".pdf", ".gz",  ".tar", ".tgz",
                                                                  ".tex", ".zip", ".txt"};
  for (bool stripped = true; stripped;) {
    stripped = false;
    for (const std::string_view extension : kExtensions) {
      if (name.size() > extension.size() &&
          starts_with_ignoring_case(name.substr(name.size() - extension.size()), extension)) {
        name.remove_suffix(extension.size());
        stripped = true;
      }
    }
  }
  // A browser's second copy: "1706.03762 (1)".
  if (name.ends_with(")")) {
    const std::size_t open = name.rfind(" (");
    if (open != std::string_view::npos) name = name.substr(0, open);
  }
  return name;
}

// "...v5": the id ends with a version.
bool has_version(std::string_view id) {
  const std::size_t v = id.rfind('v');
  return v != std::string_view::npos && v + 1 < id.size() &&
         digits_at(id, v + 1) == id.size() - v - 1;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// After a stamp's id: " [cs.CL] 6 Dec 2017" or (old style, no class) " 5 Jan 1999".
bool stamp_follows(std::string_view rest) {
  std::size_t i = 0;
  while (i < rest.size() && is_space(rest[i])) ++i;
  if (i == 0 || i >= rest.size()) return false;
  if (rest[i] == '[') return true;
  const std::size_t day = digits_at(rest, i);
  if (day < 1 || day > 2) return false;
  i += day;
  if (i >= rest.size() || !is_space(rest[i])) return false;
  while (i < rest.size() && is_space(rest[i])) ++i;
  return i + 3 <= rest.size() && std::isupper(static_cast<unsigned char>(rest[i])) &&
         is_lower(rest[i + 1]) && is_lower(rest[i + 2]);
}

}  // namespace

std::optional<std::string> arxiv_id_from_file_name(std::string_view path) {
  if (const std::size_t slash = path.find_last_of("/\\"); slash != std::string_view::npos) {
    path.remove_prefix(slash + 1);
  }
  std::string_view name = strip_extensions(path);
  for (const std::string_view prefix : {"arxiv-", "arxiv_", "arxiv:", "arxiv."}) {
    if (starts_with_ignoring_case(name, prefix)) {
      name.remove_prefix(prefix.size());
      break;
    }
  }
  std::string id;
  if (id_at(name, id) != name.size()) return std::nullopt;
  return canonical_arxiv_id(id);
}

std::optional<std::string> arxiv_id_from_stamp(std::string_view first_page_text) {
  static constexpr std::string_view kMark = "arXiv:";
  for (std::size_t at = first_page_text.find(kMark); at != std::string_view::npos;
       at = first_page_text.find(kMark, at + 1)) {
    const std::string_view rest = first_page_text.substr(at + kMark.size());
    std::string id;
    const std::size_t length = id_at(rest, id);
    // A stamp always carries a version; an id cited on page 1 usually does not
    // and is followed by neither a class nor a date.
    if (length != 0 && has_version(rest.substr(0, length)) && stamp_follows(rest.substr(length))) {
      return canonical_arxiv_id(id);
    }
  }
  return std::nullopt;
}

std::optional<std::string> arxiv_id_from_metadata(std::string_view field) {
  for (std::size_t at = 0; at < field.size(); ++at) {
    std::string_view rest = field.substr(at);
    std::size_t skip = 0;
    if (starts_with_ignoring_case(rest, "arxiv:")) {
      skip = 6;
    } else if (starts_with_ignoring_case(rest, "arxiv.org/abs/") ||
               starts_with_ignoring_case(rest, "arxiv.org/pdf/")) {
      skip = 14;
    } else {
      continue;
    }
    rest.remove_prefix(skip);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    std::string id;
    if (id_at(rest, id) != 0) return canonical_arxiv_id(id);
  }
  return std::nullopt;
}

std::vector<std::string> arxiv_ids_cited_in(std::string_view text) {
  std::vector<std::string> ids;
  std::size_t from = 0;
  while (from < text.size() && ids.size() < kMaxIdsCitedIn) {
    const std::optional<std::string> id = arxiv_id_cited_in(text.substr(from));
    if (!id) break;
    // Past where it stands: its number ("0512103" of "astro-ph/0512103"),
    // which every form of it holds.
    const std::size_t slash = id->rfind('/');
    const std::string_view number =
        std::string_view(*id).substr(slash == std::string::npos ? 0 : slash + 1);
    const std::size_t at = text.find(number, from);
    if (at == std::string_view::npos) break;
    if (std::find(ids.begin(), ids.end(), *id) == ids.end()) ids.push_back(*id);
    from = at + number.size();
  }
  return ids;
}

namespace {

// Whether `text` holds a number an arXiv id is made of: a new-style one
// (4 digits, '.', 4 or 5 digits) or an old-style one (a run of exactly 7
// digits, "9901001"). Every form arxiv_id_cited_in reads holds one, and
// most references hold neither: one pass over digits, so that the reading
// below runs on the entries that may name an id only.
bool may_hold_arxiv_number(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    if (!is_digit(text[at])) {
      ++at;
      continue;
    }
    const std::size_t run = digits_at(text, at);
    if (run == 7) return true;
    const std::size_t dot = at + run;
    if (run == 4 && dot + 1 < text.size() && text[dot] == '.' && digits_at(text, dot + 1) >= 4) {
      return true;
    }
    at = dot;
  }
  return false;
}

}  // namespace

std::optional<std::string> arxiv_id_cited_in(std::string_view text) {
  if (!may_hold_arxiv_number(text)) return std::nullopt;
  std::string id;
  for (std::size_t at = 0; at < text.size(); ++at) {
    // Every form below starts with a lower-case letter or "A" ("ArXiv").
    if (!is_lower(text[at]) && text[at] != 'A') continue;
    const std::string_view rest = text.substr(at);
    std::size_t skip = 0;
    bool hyphen_lost = false;
    if (starts_with_ignoring_case(rest, "arxiv")) {
      // "arXiv:X", "arXiv: X", "arXiv X", "arXiv:arXiv:X", "arxiv.org/abs/X".
      skip = 5;
      if (starts_with_ignoring_case(rest.substr(skip), ".org/abs/") ||
          starts_with_ignoring_case(rest.substr(skip), ".org/pdf/")) {
        skip += 9;
      } else {
        const std::size_t before = skip;
        while (skip < rest.size() && skip - before < 3 && (rest[skip] == ':' || rest[skip] == ' '))
          ++skip;
        if (skip == before) continue;
        if (starts_with_ignoring_case(rest.substr(skip), "arxiv:")) skip += 6;
      }
      hyphen_lost = true;
    } else if (starts_with_ignoring_case(rest, "abs/") && (at == 0 || text[at - 1] == ' ')) {
      // CoRR's "abs/1706.03762": new style only.
      if (new_style_at(rest.substr(4)) != 0) skip = 4;
    } else if (is_lower(rest.front()) && (at == 0 || !is_word_character(text[at - 1]))) {
      // A bare old-style id, "hep-th/9901001": its archive must be a known one.
      if (old_style_at(rest, id) != 0) return canonical_arxiv_id(id);
      continue;
    }
    if (skip == 0) continue;
    if (id_at(rest.substr(skip), id, hyphen_lost) != 0) return canonical_arxiv_id(id);
  }
  // A bare new-style id, as JHEP's style prints it ("... 071501 [1009.2714].",
  // "..., 2205.00933."): standing alone, not part of a longer number.
  for (std::size_t at = 0; at + 9 <= text.size(); ++at) {
    if (!is_digit(text[at])) continue;
    if (at > 0 &&
        (std::isalnum(static_cast<unsigned char>(text[at - 1])) != 0 || text[at - 1] == '.' ||
         text[at - 1] == '/' || text[at - 1] == '-' || text[at - 1] == ':')) {
      at += digits_at(text, at);
      continue;
    }
    const std::size_t length = new_style_at(text.substr(at));
    const std::size_t end = at + length;
    const bool alone =
        length != 0 &&
        (end == text.size() ||
         (!is_digit(text[end]) && !is_lower(text[end]) && text[end] != '/' && text[end] != '-' &&
          !(text[end] == '.' && end + 1 < text.size() && is_digit(text[end + 1]))));
    if (alone) return canonical_arxiv_id(text.substr(at, length));
    at += digits_at(text, at);
  }
  return std::nullopt;
}

}  // namespace paperdex::fulltext
