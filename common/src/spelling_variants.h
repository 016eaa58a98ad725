// British and American spellings of one word, brought to one form before
// stemming, so "tumour" finds "tumor", "haemoglobin" "hemoglobin" and
// "signalling" "signaling". Internal to the Analyzer: it applies this to every
// word it stems, for the index, queries and highlighting alike.
#pragma once

#include <string>

namespace paperdex::detail {

// The American spelling of a folded (lower-case ASCII) word, by the regular
// British patterns (-our, -ise/-isation, -yse, -ogue, -tre/-bre, -fence, the
// ae/oe of medical words, sulph-, -ll- before -ing/-ed/-er/-or) and a few
// words that follow none (grey, mould, programme, aluminium, licence). The
// rules only ever merge a word with its other spelling; they may rewrite a
// word that has no other spelling ("precise" -> "precize", "detour" ->
// "detor"), which is harmless because every text goes through the same
// rules. Words the rules would merge with another word ("four", "hour",
// "flour", "scoured") are left alone.
std::string american_spelling(std::string word);

}  // namespace paperdex::detail
