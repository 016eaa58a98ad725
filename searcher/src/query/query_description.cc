#include "query/query_description.h"

#include <cstdlib>
#include <string_view>
#include <unordered_map>

namespace paperdex::detail {

std::string inner_description(const Xapian::Query& query) {
  std::string description = query.get_description();
  if (description.starts_with("Query(") && description.ends_with(')')) {
    description = description.substr(6, description.size() - 7);
  }
  return description;
}

namespace {

std::optional<double> described_fixed_weight(const Xapian::Query& leaf) {
  constexpr std::string_view kBefore = "PostingSource(Xapian::FixedWeightPostingSource(wt=";
  constexpr std::string_view kAfter = "))";
  const std::string description = inner_description(leaf);
  if (!description.starts_with(kBefore)) return std::nullopt;
  const char* number = description.c_str() + kBefore.size();
  char* end = nullptr;
  const double weight = std::strtod(number, &end);
  if (end == number || std::string_view(end) != kAfter) return std::nullopt;
  return weight;
}

}  // namespace

double scale_factor(const Xapian::Query& scaled) {
  return std::strtod(inner_description(scaled).c_str(), nullptr);
}

// A search asks three times of each fixed weight (whether its query can be
// walked, how it weighs, then the walk), and its description is a printf and
// a strtod: each leaf's is read once, kept by the leaf (its handle held, so
// that its address names it while kept), per thread, for the last leaves read.
std::optional<double> fixed_weight_of(const Xapian::Query& query) {
  if (query.get_type() != Xapian::Query::LEAF_POSTING_SOURCE) return std::nullopt;
  struct Reading {
    Xapian::Query leaf;
    std::optional<double> weight;
  };
  thread_local std::unordered_map<const void*, Reading> readings;
  const void* key = query.internal.get();
  if (const auto found = readings.find(key); found != readings.end()) return found->second.weight;
  constexpr std::size_t kMaxReadings = 4096;
  if (readings.size() >= kMaxReadings) readings.clear();
  const std::optional<double> weight = described_fixed_weight(query);
  readings.emplace(key, Reading{query, weight});
  return weight;
}

}  // namespace paperdex::detail
