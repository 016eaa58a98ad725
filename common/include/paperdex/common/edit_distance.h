// How far apart two names are, for the did-you-mean of every stage: query
// fields and subjects, spelling suggestions, command-line options.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace paperdex {

// Optimal string alignment distance, in bytes: a transposition ("titel",
// "--limt"), the most common slip in a short name, costs one edit.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The did-you-mean of a name not known: the index of the candidate nearest to
// `wanted` by edit_distance, the first of equally near ones. With
// `abbreviations`, a candidate that a `wanted` of three bytes or more begins
// is no edit away: an abbreviation ("auth", "--lim") is as likely a slip as a
// typo. Nullopt when the nearest is more than one edit from a `wanted` of up
// to four bytes, or two from a longer one: beyond that it is another word
// ("foo" is two edits from "doi"), and the hint would mislead.
std::optional<std::size_t> nearest_name(std::string_view wanted,
                                        const std::vector<std::string_view>& candidates,
                                        bool abbreviations);

}  // namespace paperdex
