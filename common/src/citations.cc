#include "paperdex/common/citations.h"

#include <algorithm>
#include <utility>

#include <nlohmann/json.hpp>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"

namespace paperdex::citations {
namespace {

using nlohmann::json;

// Short keys, as the stored record's: a list is stored once per paper, but
// a paper may have thousands of entries.
void put(json& object, const char* key, const std::string& value) {
  if (!value.empty()) object[key] = value;
}

std::string text_member(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Where a reference's text divides: a run of it between two of these may be
// a title. Joinable ones may also fall inside a title ("BERT: Pre-training
// ...", "Why should I trust you?: ..."); the others end one (a period, a
// closing quote, a bracket).
enum class Divide { kNone, kJoinable, kEnd };

// The divide at text[i] and its length in bytes ("“" and "”" are three).
std::pair<Divide, std::size_t> divide_at(std::string_view text, std::size_t i) {
  switch (text[i]) {
    case ':':
    case ',':
    case '?':
    case '!':
      return {Divide::kJoinable, 1};
    case '.':
    case ';':
    case '"':
    case '(':
    case ')':
    case '[':
    case ']':
    case '{':
    case '}':
    case '`':  // TeX's opening quote
      return {Divide::kEnd, 1};
    case '\'':
      // '' (TeX's closing quote), not an apostrophe ("Schrödinger's").
      if (i + 1 < text.size() && text[i + 1] == '\'') return {Divide::kEnd, 2};
      return {Divide::kNone, 1};
    default:
      break;
  }
  // “ ” « »
  const std::string_view rest = text.substr(i);
  for (std::string_view quote : {"\xE2\x80\x9C", "\xE2\x80\x9D", "\xC2\xAB", "\xC2\xBB"}) {
    if (rest.starts_with(quote)) return {Divide::kEnd, quote.size()};
  }
  return {Divide::kNone, 1};
}

// The strongest divide in the text between two words: an end, else a
// joinable one, else none.
Divide divide_in(std::string_view gap) {
  Divide strongest = Divide::kNone;
  for (std::size_t i = 0; i < gap.size();) {
    const auto [divide, length] = divide_at(gap, i);
    if (divide == Divide::kEnd) return divide;
    if (divide == Divide::kJoinable) strongest = divide;
    i += length;
  }
  return strongest;
}

// A run of text between divides: its folded words, and whether the divide
// after it lets a title go on into the next run.
struct Run {
  std::string words;
  std::size_t count = 0;
  bool joins_next = false;
};

// The text's words as the analyzer reads a title (schema::folded_words:
// one pass, so "2.0" or "cs.NI" stay one word, as in the title's own key),
// grouped into runs by the divides between them.
std::vector<Run> runs_of(const Analyzer& analyzer, std::string_view text) {
  std::vector<Run> runs;
  std::size_t previous_end = 0;
  for (const Token& token : analyzer.tokenize(text)) {
    const std::size_t begin = std::max(previous_end, std::min(token.begin, text.size()));
    const Divide divide = divide_in(text.substr(previous_end, begin - previous_end));
    if (runs.empty() || divide != Divide::kNone) {
      if (!runs.empty()) runs.back().joins_next = divide == Divide::kJoinable;
      runs.emplace_back();
    }
    Run& run = runs.back();
    if (!run.words.empty()) run.words.push_back(' ');
    run.words += token.term;
    ++run.count;
    previous_end = std::max(previous_end, std::min(token.end, text.size()));
  }
  return runs;
}

void add_key(std::vector<std::string>& keys, const std::string& words, std::size_t count) {
  if (count < kMinTitleWords || count > kMaxTitleWords) return;
  if (keys.size() >= kMaxTitleKeysPerReference) return;
  std::string key = stable_hash_hex(words);
  if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(std::move(key));
}

}  // namespace

std::string encode_references(const std::vector<Reference>& references) {
  if (references.empty()) return {};
  json list = json::array();
  for (const Reference& reference : references) {
    json object = json::object();
    put(object, "t", reference.text);
    put(object, "id", reference.id);
    if (!reference.more_ids.empty()) object["ids"] = reference.more_ids;
    put(object, "doi", reference.doi);
    put(object, "u", reference.url);
    put(object, "ti", reference.title);
    if (!reference.authors.empty()) object["au"] = reference.authors;
    if (reference.year > 0) object["y"] = reference.year;
    put(object, "v", reference.venue);
    list.push_back(std::move(object));
  }
  return encode_body(list.dump(-1, ' ', false, json::error_handler_t::replace));
}

std::vector<Reference> decode_references(std::string_view value) {
  std::vector<Reference> references;
  if (value.empty()) return references;
  std::string text;
  try {
    text = decode_body(value);
  } catch (const std::exception&) {
    return references;
  }
  const json list = json::parse(text, nullptr, false);
  if (!list.is_array()) return references;
  references.reserve(list.size());
  for (const json& object : list) {
    if (!object.is_object()) continue;
    Reference reference;
    reference.text = text_member(object, "t");
    reference.id = text_member(object, "id");
    if (const auto it = object.find("ids"); it != object.end() && it->is_array()) {
      for (const json& id : *it) {
        if (id.is_string()) reference.more_ids.push_back(id.get<std::string>());
      }
    }
    reference.doi = text_member(object, "doi");
    reference.url = text_member(object, "u");
    reference.title = text_member(object, "ti");
    if (const auto it = object.find("au"); it != object.end() && it->is_array()) {
      for (const json& author : *it) {
        if (author.is_string()) reference.authors.push_back(author.get<std::string>());
      }
    }
    if (const auto it = object.find("y"); it != object.end() && it->is_number_integer()) {
      reference.year = it->get<int>();
    }
    reference.venue = text_member(object, "v");
    references.push_back(std::move(reference));
  }
  return references;
}

std::vector<std::string> title_keys(const Analyzer& analyzer, const Reference& reference) {
  std::vector<std::string> keys;
  if (!reference.title.empty()) {
    const std::string words = schema::folded_words(analyzer, reference.title);
    add_key(keys, words, static_cast<std::size_t>(std::count(words.begin(), words.end(), ' ')) + 1);
  }
  const std::vector<Run> runs = runs_of(analyzer, reference.text);
  for (std::size_t first = 0; first < runs.size(); ++first) {
    std::string words;
    std::size_t count = 0;
    for (std::size_t last = first; last < runs.size() && count <= kMaxTitleWords; ++last) {
      if (!words.empty()) words.push_back(' ');
      words += runs[last].words;
      count += runs[last].count;
      add_key(keys, words, count);
      if (!runs[last].joins_next) break;
    }
  }
  return keys;
}

std::vector<std::string> citing_terms(const Analyzer& analyzer, const Reference& reference) {
  std::vector<std::string> terms;
  if (!reference.id.empty()) {
    terms.push_back(schema::make_term(schema::kCitedIdPrefix, reference.id));
  }
  for (const std::string& id : reference.more_ids) {
    terms.push_back(schema::make_term(schema::kCitedIdPrefix, id));
  }
  if (!reference.doi.empty()) {
    terms.push_back(schema::make_term(schema::kCitedDoiPrefix, schema::doi_value(reference.doi)));
  }
  for (const std::string& key : title_keys(analyzer, reference)) {
    terms.push_back(std::string(schema::kCitedTitlePrefix) + key);
  }
  return terms;
}

namespace {

// The prefix pairs: what a citing paper carries, and the cited paper's own.
constexpr std::pair<std::string_view, std::string_view> kLinks[] = {
    {schema::kCitedIdPrefix, schema::kIdPrefix},
    {schema::kCitedDoiPrefix, schema::kDoiPrefix},
    {schema::kCitedTitlePrefix, schema::kTitleKeyPrefix},
};

}  // namespace

std::string cited_paper_term(std::string_view citing_term) {
  const std::string_view prefix = schema::prefix_of(citing_term);
  for (const auto& [citing, own] : kLinks) {
    if (prefix == citing) return std::string(own) + std::string(citing_term.substr(prefix.size()));
  }
  return {};
}

std::string citing_term_for(std::string_view paper_term) {
  const std::string_view prefix = schema::prefix_of(paper_term);
  for (const auto& [citing, own] : kLinks) {
    if (prefix == own) return std::string(citing) + std::string(paper_term.substr(prefix.size()));
  }
  return {};
}

}  // namespace paperdex::citations
