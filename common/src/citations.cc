#include "paperdex/common/citations.h"

#include <algorithm>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/stored_record.h"
#include "paperdex/common/utf8.h"

namespace paperdex::citations {
namespace {

using nlohmann::json;

// The stored list is JSON written here and read with nlohmann: building
// nlohmann's objects (a map of short-keyed strings per entry) and dumping
// them took two and a half times as long as writing the text here.

// `text` as a JSON string, appended: valid UTF-8 (an invalid byte becomes
// U+FFFD), with quotes, backslashes and control characters escaped.
void put_string(std::string& out, std::string_view text) {
  std::string valid;
  if (!is_valid_utf8(text)) text = valid = sanitize_utf8(text);
  out.push_back('"');
  std::size_t plain = 0;  // start of the bytes not yet appended
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
    out.append(text, plain, i - plain);
    if (byte == '"' || byte == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(byte));
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out.push_back(kHex[byte >> 4]);
      out.push_back(kHex[byte & 0xF]);
    }
    plain = i + 1;
  }
  out.append(text, plain, text.size() - plain);
  out.push_back('"');
}

// Short keys, as the stored record's: a list is stored once per paper, but
// a paper may have thousands of entries. Empty fields are left out.
void put_key(std::string& out, std::string_view key) {
  if (out.back() != '{') out.push_back(',');
  put_string(out, key);
  out.push_back(':');
}

void put(std::string& out, std::string_view key, std::string_view value) {
  if (value.empty()) return;
  put_key(out, key);
  put_string(out, value);
}

void put(std::string& out, std::string_view key, const std::vector<std::string>& values) {
  if (values.empty()) return;
  put_key(out, key);
  out.push_back('[');
  for (const std::string& value : values) {
    if (out.back() != '[') out.push_back(',');
    put_string(out, value);
  }
  out.push_back(']');
}

void put(std::string& out, std::string_view key, int number) {
  if (number <= 0) return;
  put_key(out, key);
  out += std::to_string(number);
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

// A run of the text between divides: where its folded words lie in the
// text's (Runs::words), how many there are and how many hold no digit,
// whether each is a word of the entry's author names, and whether the
// divide after it lets a title go on into the next run.
struct Run {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t count = 0;
  std::size_t lettered = 0;
  bool names_only = true;
  bool joins_next = false;

  // The run from this one to `next`, which follows it.
  void extend(const Run& next) {
    end = next.end;
    count += next.count;
    lettered += next.lettered;
    names_only = names_only && next.names_only;
  }
};

// Where a token of the text is, in the text and in Runs::words.
struct TokenSpan {
  std::size_t text_begin, text_end;
  std::size_t words_begin, words_end;
};

// The text's folded words, one space apart, its runs and its tokens.
struct Runs {
  std::string words;
  std::vector<Run> runs;
  std::vector<TokenSpan> tokens;

  std::string_view words_of(const Run& run) const {
    return std::string_view(words).substr(run.begin, run.end - run.begin);
  }

  // The folded words of text[begin, end) and their count, when the text's
  // tokens there are the piece's own: none crosses either end (a token
  // crossing one, "x.Attention", would be another token alone). Else
  // nullopt.
  std::optional<std::pair<std::string_view, std::size_t>> words_within(std::size_t begin,
                                                                       std::size_t end) const {
    std::size_t first = tokens.size(), count = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const TokenSpan& token = tokens[i];
      if (token.text_end <= begin || token.text_begin >= end) continue;
      if (token.text_begin < begin || token.text_end > end) return std::nullopt;
      if (first == tokens.size()) first = i;
      ++count;
    }
    if (count == 0) return std::nullopt;
    const std::size_t from = tokens[first].words_begin;
    return std::pair{
        std::string_view(words).substr(from, tokens[first + count - 1].words_end - from), count};
  }
};

bool is_lettered(std::string_view term) {
  return std::none_of(term.begin(), term.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_word_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (static_cast<unsigned char>(c) & 0x80) != 0 || c == '\'';
}

// The words of the entry's author names as written, with the words that
// join names in a list ("and", "et al."). The names were read from the
// entry's text, so they are matched with its words as written (ASCII case
// aside), not analysed a second time. Views into the entry: an entry names
// a few authors, so a search through them costs less than sorting them.
class NameWords {
 public:
  explicit NameWords(const Reference& reference) : words_{"al", "and", "et"} {
    for (const std::string_view author : reference.authors) {
      for (std::size_t at = 0; at < author.size();) {
        std::size_t end = at;
        while (end < author.size() && is_word_byte(author[end])) ++end;
        if (end > at) words_.push_back(author.substr(at, end - at));
        at = end + 1;
      }
    }
  }

  // Whether `written`, a word of the entry's text, is one of them.
  bool contains(std::string_view written) const {
    return std::any_of(words_.begin(), words_.end(), [&](std::string_view word) {
      return equal_ignoring_ascii_case(word, written);
    });
  }

 private:
  std::vector<std::string_view> words_;
};

// The text's words as the analyzer reads a title (schema::folded_words:
// one pass, so "2.0" or "cs.NI" stay one word, as in the title's own key),
// grouped into runs by the divides between them.
Runs runs_of(const Analyzer& analyzer, std::string_view text, const NameWords& names) {
  Runs runs;
  std::size_t previous_end = 0;
  for (const Token& token : analyzer.tokenize_unstemmed(text)) {
    const std::size_t begin = std::max(previous_end, std::min(token.begin, text.size()));
    const Divide divide = divide_in(text.substr(previous_end, begin - previous_end));
    if (!runs.words.empty()) runs.words.push_back(' ');
    if (runs.runs.empty() || divide != Divide::kNone) {
      if (!runs.runs.empty()) runs.runs.back().joins_next = divide == Divide::kJoinable;
      runs.runs.push_back({.begin = runs.words.size()});
    }
    Run& run = runs.runs.back();
    const std::size_t words_begin = runs.words.size();
    runs.words += token.term;
    run.end = runs.words.size();
    ++run.count;
    run.lettered += is_lettered(token.term) ? 1 : 0;
    if (run.names_only) {
      run.names_only =
          names.contains(text.substr(std::min(token.begin, text.size()), token.end - token.begin));
    }
    runs.tokens.push_back({token.begin, token.end, words_begin, runs.words.size()});
    previous_end = std::max(previous_end, std::min(token.end, text.size()));
  }
  return runs;
}

void add_key(std::vector<std::string>& keys, std::string_view words, std::size_t count) {
  if (count < kMinTitleWords || count > kMaxTitleWords) return;
  if (keys.size() >= kMaxTitleKeysPerReference) return;
  std::string key = stable_hash_hex(words);
  if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(std::move(key));
}

// Whether a run of the entry's text may be a title: kMinTitleWords of its
// words hold no digit (a run of pages, volumes, years and a DOI, "2018 614
// a1 doi 10.1051 0004 6361", is none), and not all of them are names (a
// list of authors is none). Four in ten of the keys of unarXive's entries
// came from such runs; each is an index term of the citing paper, and
// terms are what references cost most to index.
bool may_be_title(const Run& run) { return run.lettered >= kMinTitleWords && !run.names_only; }

}  // namespace

std::string encode_references(const std::vector<Reference>& references) {
  if (references.empty()) return {};
  std::string list = "[";
  for (const Reference& reference : references) {
    if (list.size() > 1) list.push_back(',');
    list.push_back('{');
    put(list, "t", reference.text);
    put(list, "id", reference.id);
    put(list, "ids", reference.more_ids);
    put(list, "doi", reference.doi);
    put(list, "u", reference.url);
    put(list, "ti", reference.title);
    put(list, "au", reference.authors);
    put(list, "y", reference.year);
    put(list, "v", reference.venue);
    list.push_back('}');
  }
  list.push_back(']');
  return encode_body(list);
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
  const Runs text = runs_of(analyzer, reference.text, NameWords(reference));
  if (!reference.title.empty()) {
    // The parsed title is nearly always a piece of the entry's text, whose
    // words are folded already.
    const std::size_t at = reference.text.find(reference.title);
    const auto within =
        at == std::string::npos ? std::nullopt : text.words_within(at, at + reference.title.size());
    if (within) {
      add_key(keys, within->first, within->second);
    } else {
      const std::string words = schema::folded_words(analyzer, reference.title);
      add_key(keys, words,
              static_cast<std::size_t>(std::count(words.begin(), words.end(), ' ')) + 1);
    }
  }
  const std::vector<Run>& runs = text.runs;
  for (std::size_t first = 0; first < runs.size(); ++first) {
    Run joined = runs[first];
    for (std::size_t last = first; last < runs.size() && joined.count <= kMaxTitleWords; ++last) {
      if (last > first) joined.extend(runs[last]);
      // A title ends in words: "Advances in neural information processing
      // systems, 26, 2292, doi 10.1109/CVPR.2009" gives one key, not one for
      // each run of numbers and ids after it.
      if (2 * runs[last].lettered > runs[last].count && may_be_title(joined)) {
        add_key(keys, text.words_of(joined), joined.count);
      }
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
