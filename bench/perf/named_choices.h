// A benchmark option that picks one of a few named things, or all of them:
// paperdex-tokenize-floor --stage tokenize, paperdex-xapian-floor --variant nopos.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace paperdex::bench {

template <typename Choice, std::size_t N>
class NamedChoices {
 public:
  constexpr explicit NamedChoices(std::array<std::pair<std::string_view, Choice>, N> named)
      : named_(named) {}

  // The name a choice is printed and typed as.
  constexpr std::string_view name(Choice choice) const {
    for (const auto& [name, each] : named_) {
      if (each == choice) return name;
    }
    return "?";
  }

  std::vector<Choice> all() const {
    std::vector<Choice> choices;
    for (const auto& named : named_) choices.push_back(named.second);
    return choices;
  }

  // "all" or one name; nullopt for any other word.
  std::optional<std::vector<Choice>> parse(std::string_view name) const {
    if (name == "all") return all();
    for (const auto& [each_name, choice] : named_) {
      if (each_name == name) return std::vector<Choice>{choice};
    }
    return std::nullopt;
  }

 private:
  std::array<std::pair<std::string_view, Choice>, N> named_;
};

}  // namespace paperdex::bench
