#include "paperdex/common/edit_distance.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace paperdex {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

std::optional<std::size_t> nearest_name(std::string_view wanted,
                                        const std::vector<std::string_view>& candidates,
                                        bool abbreviations) {
  std::optional<std::size_t> nearest;
  std::size_t nearest_distance = std::numeric_limits<std::size_t>::max();
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const std::size_t distance =
        (abbreviations && wanted.size() >= 3 && candidates[i].starts_with(wanted))
            ? 0
            : edit_distance(wanted, candidates[i]);
    if (distance < nearest_distance) {
      nearest_distance = distance;
      nearest = i;
    }
  }
  const std::size_t allowed = wanted.size() <= 4 ? 1 : 2;
  return nearest_distance <= allowed ? nearest : std::nullopt;
}

}  // namespace paperdex
