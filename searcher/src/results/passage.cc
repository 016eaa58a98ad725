#include "results/passage.h"

#include <algorithm>
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

// The paragraphs of a body ('\n' or '\f' ends one) that may hold the best
// passage, each with the one before and after it, in order, and where each
// piece starts in the body: analysing a body of 30,000 words for every hit
// took most of a search's time (tokenizing and stemming lead its profile).
// Most paragraphs hold none of the query's words; of those that may, only the
// kMostParagraphs that may hold the most of them are analysed (the earliest
// first among equals, as the excerpt prefers the earliest of equal windows),
// so a query whose words fill a body costs what a rare one does.
constexpr std::size_t kMostParagraphs = 12;

struct BodyExtract {
  std::string text;
  std::vector<std::pair<std::size_t, std::size_t>> pieces;  // (offset in text, in the body)

  std::size_t body_offset(std::size_t offset) const {
    std::size_t body = offset;
    for (const auto& [in_text, in_body] : pieces) {
      if (in_text > offset) break;
      body = in_body + (offset - in_text);
    }
    return body;
  }
};

BodyExtract paragraphs_that_may_match(const Highlighter& highlighter, std::string_view body) {
  std::vector<std::pair<std::size_t, std::size_t>> paragraphs;  // [begin, end) with its break
  for (std::size_t begin = 0; begin < body.size();) {
    const std::size_t stop = body.find_first_of("\n\f", begin);
    const std::size_t end = stop == std::string_view::npos ? body.size() : stop + 1;
    paragraphs.emplace_back(begin, end);
    begin = end;
  }
  std::string lowered(body);
  for (char& c : lowered) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  const std::string_view lower = lowered;
  // A paragraph found holding none of the words may still hold a non-ASCII
  // one in another case or form: then every paragraph is analysed, as the
  // byte look cannot rank them.
  const bool may_hold_unseen = highlighter.has_non_ascii_words();
  std::vector<std::pair<int, std::size_t>> candidates;  // (-words it may hold, paragraph)
  for (std::size_t i = 0; i < paragraphs.size(); ++i) {
    const auto [begin, end] = paragraphs[i];
    const int words = highlighter.words_it_may_hold(lower.substr(begin, end - begin));
    if (words > 0 || may_hold_unseen) candidates.emplace_back(-words, i);
  }
  const std::size_t most =
      may_hold_unseen ? candidates.size() : std::min(candidates.size(), kMostParagraphs);
  std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(most),
                    candidates.end());
  candidates.resize(most);
  std::vector<bool> kept(paragraphs.size(), false);
  for (const auto& [words, i] : candidates) {
    for (std::size_t j = i == 0 ? 0 : i - 1; j <= i + 1 && j < paragraphs.size(); ++j)
      kept[j] = true;
  }
  BodyExtract extract;
  for (std::size_t i = 0; i < paragraphs.size(); ++i) {
    if (!kept[i]) continue;
    const auto [begin, end] = paragraphs[i];
    if (extract.pieces.empty() || i == 0 || !kept[i - 1]) {
      extract.pieces.emplace_back(extract.text.size(), begin);
    }
    extract.text.append(body.substr(begin, end - begin));
  }
  return extract;
}

}  // namespace

Passage body_passage(const Highlighter& highlighter, std::string_view body, std::string_view facts,
                     std::size_t target_bytes) {
  Passage passage;
  const BodyExtract extract = paragraphs_that_may_match(highlighter, body);
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
