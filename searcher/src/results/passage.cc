#include "results/passage.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "paperdex/common/schema.h"

namespace paperdex::detail {

bool searches_bodies(const Xapian::Query& query) {
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
      return schema::prefix_of(*query.get_terms_begin()) == schema::kBodyPrefix;
    case Xapian::Query::OP_AND_NOT:
      return query.get_num_subqueries() > 0 && searches_bodies(query.get_subquery(0));
    default:
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        if (searches_bodies(query.get_subquery(i))) return true;
      }
      return false;
  }
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

Passage body_passage(const Highlighter& highlighter, std::string_view body, std::string_view facts,
                     std::size_t target_bytes) {
  Passage passage;
  Excerpt excerpt = highlighter.excerpt(body, target_bytes);
  if (excerpt.text.spans.empty()) return passage;
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
