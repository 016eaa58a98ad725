// How far apart two names are, for the did-you-mean of every stage: query
// fields and subjects, spelling suggestions, command-line options.
#pragma once

#include <cstddef>
#include <string_view>

namespace paperdex {

// Optimal string alignment distance, in bytes: a transposition ("titel",
// "--limt"), the most common slip in a short name, costs one edit.
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace paperdex
