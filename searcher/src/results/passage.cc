#include "results/passage.h"

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "paperdex/common/schema.h"

namespace paperdex::detail {

namespace {

// The body terms (schema::kBodyPrefix) of `query` outside what it excludes.
void add_body_terms(const Xapian::Query& query, std::set<std::string>& terms) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
      if (schema::prefix_of(*query.get_terms_begin()) == schema::kBodyPrefix) {
        terms.insert(*query.get_terms_begin());
      }
      return;
    case Xapian::Query::OP_AND_NOT:
      if (query.get_num_subqueries() > 0) add_body_terms(query.get_subquery(0), terms);
      return;
    default:
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        add_body_terms(query.get_subquery(i), terms);
      }
  }
}

}  // namespace

std::vector<bool> matched_in_body(const Xapian::Database& db, const Xapian::Query& query,
                                  const std::vector<Xapian::docid>& docids) {
  std::vector<bool> matched(docids.size(), false);
  std::set<std::string> terms;
  add_body_terms(query, terms);
  // The docids in order, for one forward walk of each posting list.
  std::vector<std::size_t> order(docids.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return docids[a] < docids[b]; });
  for (const std::string& term : terms) {
    Xapian::PostingIterator posting = db.postlist_begin(term);
    for (const std::size_t i : order) {
      if (posting == db.postlist_end(term)) break;
      posting.skip_to(docids[i]);
      if (posting != db.postlist_end(term) && *posting == docids[i]) matched[i] = true;
    }
  }
  return matched;
}

BodyPlace place_in_body(std::string_view facts, std::size_t offset) {
  BodyPlace place;
  const nlohmann::json json = nlohmann::json::parse(facts, nullptr, false);
  if (!json.is_object()) return place;
  // The last page (section) starting at or before the offset.
  if (const auto pages = json.find("page_offsets"); pages != json.end() && pages->is_array()) {
    for (std::size_t i = 0; i < pages->size(); ++i) {
      const nlohmann::json& start = (*pages)[i];
      if (!start.is_number_unsigned() || start.get<std::size_t>() > offset) break;
      place.page = static_cast<int>(i + 1);
    }
  }
  if (const auto sections = json.find("sections"); sections != json.end() && sections->is_array()) {
    for (const nlohmann::json& section : *sections) {
      if (!section.is_object()) continue;
      const auto start = section.find("offset");
      const auto title = section.find("title");
      if (start == section.end() || !start->is_number_unsigned() || title == section.end() ||
          !title->is_string()) {
        continue;
      }
      if (start->get<std::size_t>() > offset) break;
      place.section = title->get<std::string>();
    }
  }
  return place;
}

namespace {

// What of a body is analysed for its passage, and where each piece starts
// in the body: analysing a body of 30,000 words for every hit took most of a
// search's time (tokenizing and stemming lead its profile), and bodies of
// 80 KB are read for 1.5 hits of a title query on average. The query's words
// are first looked for as bytes (Highlighter::listed_words). Most paragraphs
// ('\n' or '\f' ends one) hold none of them; of those that may, only the
// kMostParagraphs that may hold the most of them are kept (the earliest
// first among equals, as the excerpt prefers the earliest of equal windows),
// so a query whose words fill a body costs what a rare one does. Of those,
// only the bytes within target_bytes of a word found are analysed: the best
// window (at most target_bytes, around matches) and its widening lie there.
// Pieces are apart by more than target_bytes of spaces, so that no window
// joins two.
constexpr std::size_t kMostParagraphs = 12;

struct BodyExtract {
  std::string text;
  std::vector<std::pair<std::size_t, std::size_t>> pieces;  // (offset in text, in the body)

  void add(std::string_view body, std::size_t begin, std::size_t end, std::size_t apart) {
    if (!pieces.empty()) text.append(apart + 1, ' ');
    pieces.emplace_back(text.size(), begin);
    text.append(body.substr(begin, end - begin));
  }

  std::size_t body_offset(std::size_t offset) const {
    std::size_t body = offset;
    for (const auto& [in_text, in_body] : pieces) {
      if (in_text > offset) break;
      body = in_body + (offset - in_text);
    }
    return body;
  }
};

// A found word: where it is in the body, how long, and which listed word.
struct Found {
  std::size_t offset;
  std::size_t size;
  std::size_t word;
};

// Every place in `body` where a word starts with one of `words` (ASCII
// lower case; the body's ASCII letters compared in lower case), in body
// order: one pass over the body. A token starts where a word does, and it
// matches a listed word only when its stem or itself is that word, which a
// stem begins (so "subnetworks" is no match of "network", as its stem is
// not): a word found inside another could not match.
std::vector<Found> find_words(std::string_view body, const std::vector<std::string>& words) {
  std::array<std::vector<std::size_t>, 256> starting_with;
  for (std::size_t w = 0; w < words.size(); ++w) {
    if (!words[w].empty()) starting_with[static_cast<unsigned char>(words[w][0])].push_back(w);
  }
  const auto lower = [](unsigned char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : c;
  };
  // Bytes outside ASCII count as breaks: a word after a dash or quote of
  // several bytes is looked at (a place found in vain costs only its
  // analysis).
  const auto in_word = [](unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  };
  std::vector<Found> found;
  bool after_word_character = false;
  for (std::size_t i = 0; i < body.size(); ++i) {
    const auto c = static_cast<unsigned char>(body[i]);
    if (!after_word_character) {
      for (const std::size_t w : starting_with[lower(c)]) {
        const std::string& word = words[w];
        if (body.size() - i < word.size()) continue;
        bool same = true;
        for (std::size_t k = 1; k < word.size() && same; ++k) {
          same =
              lower(static_cast<unsigned char>(body[i + k])) == static_cast<unsigned char>(word[k]);
        }
        if (same) found.push_back({i, word.size(), w});
      }
    }
    after_word_character = in_word(c);
  }
  return found;
}

// [begin, end) widened to whole words: to the ASCII space or line break
// before and after, looked for up to kMaxWordBytes, else to a UTF-8
// character's start.
constexpr std::size_t kMaxWordBytes = 64;
std::pair<std::size_t, std::size_t> whole_words(std::string_view body, std::size_t begin,
                                                std::size_t end) {
  const auto is_break = [](char c) { return c == ' ' || c == '\n' || c == '\f' || c == '\t'; };
  const auto is_continuation = [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
  };
  for (std::size_t moved = 0; begin > 0 && !is_break(body[begin - 1]) && moved < kMaxWordBytes;
       ++moved) {
    --begin;
  }
  while (begin > 0 && is_continuation(body[begin])) --begin;
  for (std::size_t moved = 0; end < body.size() && !is_break(body[end]) && moved < kMaxWordBytes;
       ++moved) {
    ++end;
  }
  while (end < body.size() && is_continuation(body[end])) ++end;
  return {begin, end};
}

// The paragraphs of `body`: [begin, end), each with its break.
std::vector<std::pair<std::size_t, std::size_t>> paragraphs_of(std::string_view body) {
  std::vector<std::pair<std::size_t, std::size_t>> paragraphs;
  // Each break by one memchr (find_first_of calls one for every byte).
  const auto next = [&](char c, std::size_t from) {
    const std::size_t at = body.find(c, from);
    return at == std::string_view::npos ? body.size() : at;
  };
  std::size_t line = next('\n', 0), page = next('\f', 0);
  for (std::size_t begin = 0; begin < body.size();) {
    if (line < begin) line = next('\n', begin);
    if (page < begin) page = next('\f', begin);
    const std::size_t end = std::min(std::min(line, page) + 1, body.size());
    paragraphs.emplace_back(begin, end);
    begin = end;
  }
  return paragraphs;
}

// The kMostParagraphs paragraphs that may hold the most of the listed words,
// as the words found in each.
std::vector<bool> paragraphs_kept(
    const std::vector<std::pair<std::size_t, std::size_t>>& paragraphs,
    const std::vector<Found>& found, std::size_t words) {
  std::vector<std::pair<int, std::size_t>> candidates;  // (-words it may hold, paragraph)
  std::size_t next = 0;
  std::vector<bool> seen(words);
  for (std::size_t i = 0; i < paragraphs.size() && next < found.size(); ++i) {
    std::fill(seen.begin(), seen.end(), false);
    int distinct = 0;
    for (; next < found.size() && found[next].offset < paragraphs[i].second; ++next) {
      if (!seen[found[next].word]) {
        seen[found[next].word] = true;
        ++distinct;
      }
    }
    if (distinct > 0) candidates.emplace_back(-distinct, i);
  }
  const std::size_t most = std::min(candidates.size(), kMostParagraphs);
  std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(most),
                    candidates.end());
  candidates.resize(most);
  std::vector<bool> kept(paragraphs.size(), false);
  for (const auto& candidate : candidates) kept[candidate.second] = true;
  return kept;
}

BodyExtract extract_to_analyse(const Highlighter& highlighter, std::string_view body,
                               std::size_t target_bytes) {
  BodyExtract extract;
  // A word not ASCII may be in the body in another case or form than the
  // byte look can find: then the whole body is analysed.
  if (highlighter.has_non_ascii_words()) {
    extract.add(body, 0, body.size(), target_bytes);
    return extract;
  }
  const std::vector<std::string> words = highlighter.listed_words();
  const std::vector<Found> found = find_words(body, words);
  const std::vector<std::pair<std::size_t, std::size_t>> paragraphs = paragraphs_of(body);
  const std::vector<bool> kept = paragraphs_kept(paragraphs, found, words.size());
  std::size_t paragraph = 0;
  std::size_t begin = 0, end = 0;  // the piece being grown; empty at first
  for (const Found& word : found) {
    while (paragraphs[paragraph].second <= word.offset) ++paragraph;
    if (!kept[paragraph]) continue;
    const auto [from, to] =
        whole_words(body, word.offset - std::min(word.offset, target_bytes),
                    std::min(body.size(), word.offset + word.size + target_bytes));
    if (end > begin && from <= end) {
      end = std::max(end, to);
      continue;
    }
    if (end > begin) extract.add(body, begin, end, target_bytes);
    begin = from;
    end = to;
  }
  if (end > begin) extract.add(body, begin, end, target_bytes);
  return extract;
}

}  // namespace

Passage body_passage(const Highlighter& highlighter, std::string_view body, std::string_view facts,
                     std::size_t target_bytes) {
  Passage passage;
  const BodyExtract extract = extract_to_analyse(highlighter, body, target_bytes);
  Excerpt excerpt = highlighter.excerpt(extract.text, target_bytes);
  if (excerpt.text.spans.empty()) return passage;
  excerpt.match_offset = extract.body_offset(excerpt.match_offset);
  // One line of text: a paragraph or page break is a space (one byte for
  // one, so the spans stay where they are).
  std::replace_if(
      excerpt.text.text.begin(), excerpt.text.text.end(),
      [](char c) { return c == '\n' || c == '\f' || c == '\r' || c == '\t'; }, ' ');
  static_cast<HighlightedText&>(passage) = std::move(excerpt.text);
  BodyPlace place = place_in_body(facts, excerpt.match_offset);
  passage.page = place.page;
  passage.section = std::move(place.section);
  return passage;
}

}  // namespace paperdex::detail
