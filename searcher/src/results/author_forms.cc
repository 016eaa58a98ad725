#include "results/author_forms.h"

#include <algorithm>
#include <map>
#include <utility>

namespace paperdex::detail {
namespace {

struct NameWords {
  std::string_view first;
  std::vector<std::string_view> middle;
  std::string_view last;
  bool single = false;  // one word: first == last
};

NameWords split_name(std::string_view name) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < name.size()) {
    const std::size_t space = std::min(name.find(' ', at), name.size());
    if (space > at) words.push_back(name.substr(at, space - at));
    at = space + 1;
  }
  NameWords parts;
  if (words.empty()) return parts;
  parts.first = words.front();
  parts.last = words.back();
  parts.single = words.size() == 1;
  if (words.size() > 2) parts.middle.assign(words.begin() + 1, words.end() - 1);
  return parts;
}

// "e" agrees with "e" and with "everest"; "everest" with "everest".
bool words_agree(std::string_view a, std::string_view b) {
  if (a == b) return true;
  if (a.size() == 1 && b.starts_with(a)) return true;
  return b.size() == 1 && a.starts_with(b);
}

bool middles_agree(const NameWords& a, const NameWords& b) {
  if (a.middle.size() != b.middle.size()) return false;
  for (std::size_t i = 0; i < a.middle.size(); ++i) {
    if (!words_agree(a.middle[i], b.middle[i])) return false;
  }
  return true;
}

}  // namespace

bool compatible_forms(std::string_view a, std::string_view b) {
  const NameWords x = split_name(a);
  const NameWords y = split_name(b);
  if (x.single || y.single || x.first.empty() || y.first.empty()) return a == b;
  if (x.first != y.first || x.last != y.last) return false;
  return x.middle.empty() || y.middle.empty() || middles_agree(x, y);
}

std::vector<std::vector<std::string>> group_author_forms(const std::vector<std::string>& names) {
  // Names by first and last word: only those can be one author's.
  std::map<std::pair<std::string_view, std::string_view>, std::vector<std::size_t>> by_ends;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const NameWords words = split_name(names[i]);
    if (!words.single && !words.first.empty()) by_ends[{words.first, words.last}].push_back(i);
  }
  std::vector<std::size_t> group_of(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) group_of[i] = i;
  for (const auto& [ends, members] : by_ends) {
    std::vector<std::size_t> with_middle;
    std::vector<std::size_t> without_middle;
    for (const std::size_t i : members) {
      (split_name(names[i]).middle.empty() ? without_middle : with_middle).push_back(i);
    }
    // Forms with middle words join when they all agree with each other; the
    // bare form joins them then, and only then.
    bool all_agree = true;
    for (std::size_t a = 0; a < with_middle.size() && all_agree; ++a) {
      for (std::size_t b = a + 1; b < with_middle.size() && all_agree; ++b) {
        all_agree = compatible_forms(names[with_middle[a]], names[with_middle[b]]);
      }
    }
    if (!all_agree) continue;
    for (const std::size_t i : members) group_of[i] = members.front();
  }
  std::vector<std::vector<std::string>> groups;
  std::map<std::size_t, std::size_t> index_of_group;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto [it, added] = index_of_group.try_emplace(group_of[i], groups.size());
    if (added) groups.emplace_back();
    groups[it->second].push_back(names[i]);
  }
  return groups;
}

std::vector<std::string> author_form_terms(const Xapian::Database& db, std::string_view prefix,
                                           std::string_view name, std::size_t most) {
  const std::string own = std::string(prefix) + std::string(name);
  const NameWords words = split_name(name);
  std::vector<std::string> terms;
  if (db.term_exists(own)) terms.push_back(own);
  if (words.single || words.first.empty()) return terms;
  // Every held name with the same first word and last word: the candidates.
  const std::string start = std::string(prefix) + std::string(words.first) + ' ';
  std::vector<std::string> names;
  std::size_t seen = 0;
  for (auto it = db.allterms_begin(start); it != db.allterms_end(start); ++it) {
    if (++seen > most) return terms;
    const std::string held = (*it).substr(prefix.size());
    if (split_name(held).last == words.last) names.push_back(held);
  }
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    names.emplace_back(name);  // grouped as if held, so its forms are found
  }
  for (const std::vector<std::string>& group : group_author_forms(names)) {
    if (std::find(group.begin(), group.end(), name) == group.end()) continue;
    for (const std::string& form : group) {
      if (form != name) terms.push_back(std::string(prefix) + form);
    }
  }
  return terms;
}

}  // namespace paperdex::detail
