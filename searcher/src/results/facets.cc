#include "results/facets.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "match/matcher.h"
#include "match/ranking.h"
#include "paperdex/common/schema.h"
#include "paperdex/common/taxonomy.h"
#include "results/author_forms.h"
#include "results/facet_table.h"

namespace paperdex::detail {

void MultiValueCountSpy::operator()(const Xapian::Document& doc, double /*weight*/) {
  schema::for_each_list_value(doc.get_value(slot_),
                              [&](std::string_view value) { ++counts_[std::string(value)]; });
}

// Xapian's MatchSpy API hands ownership of clones back as raw pointers; the
// matcher wraps them in its own reference-counted handles.
Xapian::MatchSpy* MultiValueCountSpy::clone() const {
  return std::make_unique<MultiValueCountSpy>(slot_).release();
}

std::string MultiValueCountSpy::name() const { return "paperdex::MultiValueCountSpy"; }

std::string MultiValueCountSpy::serialise() const { return Xapian::sortable_serialise(slot_); }

Xapian::MatchSpy* MultiValueCountSpy::unserialise(const std::string& serialised,
                                                  const Xapian::Registry& /*context*/) const {
  const auto slot = static_cast<Xapian::valueno>(Xapian::sortable_unserialise(serialised));
  return std::make_unique<MultiValueCountSpy>(slot).release();
}

// Results travel between remote shards as "value\ncount\n" pairs.
std::string MultiValueCountSpy::serialise_results() const {
  std::string out;
  for (const auto& [value, count] : counts_) {
    out.append(value).push_back('\n');
    out.append(std::to_string(count)).push_back('\n');
  }
  return out;
}

void MultiValueCountSpy::merge_results(const std::string& serialised) {
  std::size_t pos = 0;
  while (pos < serialised.size()) {
    const std::size_t value_end = serialised.find('\n', pos);
    if (value_end == std::string::npos) break;
    const std::size_t count_end = serialised.find('\n', value_end + 1);
    if (count_end == std::string::npos) break;
    counts_[serialised.substr(pos, value_end - pos)] +=
        static_cast<Xapian::doccount>(std::stoul(serialised.substr(value_end + 1, count_end)));
    pos = count_end + 1;
  }
}

std::string MultiValueCountSpy::get_description() const {
  return "MultiValueCountSpy(slot " + std::to_string(slot_) + ")";
}

void add_list_counts(std::map<std::string, std::size_t>& into, const std::string& list,
                     std::size_t count) {
  schema::for_each_list_value(list,
                              [&](std::string_view value) { into[std::string(value)] += count; });
}

SubjectRowCounts subject_rows_of_lists(const std::map<std::string, std::size_t>& list_counts) {
  std::vector<std::string> values;
  std::unordered_map<std::string_view, std::uint32_t> value_index;  // into list_counts' keys
  std::vector<std::pair<std::vector<std::uint32_t>, std::size_t>> lists;
  for (const auto& [list, count] : list_counts) {
    std::vector<std::uint32_t> codes;
    schema::for_each_list_value(list, [&](std::string_view value) {
      const auto [found, added] =
          value_index.try_emplace(value, static_cast<std::uint32_t>(values.size()));
      if (added) values.emplace_back(value);
      codes.push_back(found->second);
    });
    // A value listed twice is one subject of the paper.
    std::sort(codes.begin(), codes.end());
    codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
    lists.emplace_back(std::move(codes), count);
  }
  const SubjectRows rows(values);
  SubjectRowCounter counter(rows);
  for (const auto& [codes, count] : lists) counter.add(codes, count);
  return counter.counts();
}

void add_counts(std::map<std::string, std::size_t>& into,
                const std::map<std::string, Xapian::doccount>& counts) {
  for (const auto& [value, count] : counts) into[value] += count;
}

std::vector<FacetCount> subject_facet(const std::map<std::string, std::size_t>& counts) {
  std::vector<FacetCount> facet;
  for (const auto& [value, count] : counts) {
    facet.push_back({value, count, taxonomy::display_name(value)});
  }
  std::stable_sort(facet.begin(), facet.end(),
                   [](const FacetCount& a, const FacetCount& b) { return a.count > b.count; });
  return facet;
}

std::map<std::string, std::size_t> count_authors(
    const Xapian::Database& db, const Xapian::Query& query,
    const std::optional<std::chrono::steady_clock::time_point>& deadline) {
  // Counting needs every match, not their order: no weights to compute.
  Xapian::Enquire enquire = unweighted_enquire(db, query);
  std::map<std::string, std::size_t> counts;
  if (has_remote_shard(db)) {
    // Shard servers run only Xapian's own spies: count author lists, split here.
    Xapian::ValueCountMatchSpy spy(schema::kAuthorsSlot);
    enquire.add_matchspy(&spy);
    count_every_match(enquire, db, deadline);
    for (auto it = spy.values_begin(); it != spy.values_end(); ++it) {
      add_list_counts(counts, *it, it.get_termfreq());
    }
    return counts;
  }
  MultiValueCountSpy spy(schema::kAuthorsSlot);
  enquire.add_matchspy(&spy);
  count_every_match(enquire, db, deadline);
  add_counts(counts, spy.counts());
  return counts;
}

std::vector<FacetCount> author_facet(const std::map<std::string, std::size_t>& counts,
                                     const Analyzer& analyzer) {
  struct Author {
    std::size_t papers = 0;
    std::string name;            // the most common spelling
    std::size_t name_count = 0;  // papers with that spelling
  };
  // Keyed as the index keys exact author names (the --author filter).
  std::map<std::string, Author> authors;
  for (const auto& [name, count] : counts) {
    std::string key;
    for (const Token& token : analyzer.tokenize(name)) {
      if (!key.empty()) key.push_back(' ');
      key += token.term;
    }
    if (key.empty()) continue;
    Author& author = authors[key];
    author.papers += count;
    // `counts` is sorted by name: on a tie the first spelling stays.
    if (count > author.name_count) {
      author.name = name;
      author.name_count = count;
    }
  }
  // Forms of one name ("Geoffrey E. Hinton", "Geoffrey Hinton") are one
  // author, shown as the most common spelling: the filter finds them all.
  std::vector<std::string> keys;
  for (const auto& [key, author] : authors) keys.push_back(key);
  std::vector<FacetCount> facet;
  for (const std::vector<std::string>& forms : group_author_forms(keys)) {
    Author merged;
    for (const std::string& key : forms) {
      const Author& form = authors[key];
      merged.papers += form.papers;
      if (form.name_count > merged.name_count) {
        merged.name = form.name;
        merged.name_count = form.name_count;
      }
    }
    facet.push_back({merged.name, merged.papers, {}});
  }
  std::sort(facet.begin(), facet.end(), [](const FacetCount& a, const FacetCount& b) {
    return a.count != b.count ? a.count > b.count : a.value < b.value;
  });
  return facet;
}

std::vector<FacetCount> year_facet(const std::map<std::string, std::size_t>& counts) {
  std::vector<FacetCount> facet;
  for (const auto& [value, count] : counts) {
    facet.push_back(
        {std::to_string(static_cast<int>(Xapian::sortable_unserialise(value))), count, {}});
  }
  std::reverse(facet.begin(), facet.end());  // serialised years sort ascending
  return facet;
}

}  // namespace paperdex::detail
