#include "spelling_variants.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <string_view>

namespace paperdex::detail {
namespace {

bool letters_only(std::string_view word) {
  return std::all_of(word.begin(), word.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// Medical and scientific words keep the Greek and Latin digraphs in British
// spelling: "haemoglobin", "ischaemia", "oedema", "foetal", "diarrhoea".
struct DigraphRule {
  std::string_view british;
  std::string_view american;
  bool at_start;  // only where the word starts with it ("oestrogen", not "phytoestrogen")
};
constexpr std::array<DigraphRule, 18> kDigraphs{{
    {"aem", "em", false},  // haem-, -aemia, -aemic
    {"paed", "ped", false},
    {"aetiol", "etiol", false},
    {"anaes", "anes", false},
    {"gynaec", "gynec", false},
    {"rrhoea", "rrhea", false},
    {"pnoea", "pnea", false},
    {"amoeb", "ameb", false},
    // At the start only: the American "gastroesophageal" holds "oesoph".
    {"oedem", "edem", true},
    {"oestr", "estr", true},
    {"oesoph", "esoph", true},
    {"foet", "fet", true},
    {"coeli", "celi", true},
    {"caes", "ces", true},
    {"faec", "fec", true},
    {"homoeo", "homeo", true},
    {"palaeo", "paleo", true},
    {"sulph", "sulf", true},
}};

// Words whose two spellings follow no pattern, with their plurals.
struct WordPair {
  std::string_view british;
  std::string_view american;
};
constexpr std::array<WordPair, 5> kWords{{
    {"grey", "gray"},
    {"mould", "mold"},
    {"programme", "program"},
    {"aluminium", "aluminum"},
    {"licence", "license"},
}};

bool replace_word(std::string& word) {
  for (const WordPair& pair : kWords) {
    if (word == pair.british || (word.size() == pair.british.size() + 1 && word.back() == 's' &&
                                 word.starts_with(pair.british))) {
      word.replace(0, pair.british.size(), pair.american);
      return true;
    }
  }
  return false;
}

void replace_digraphs(std::string& word) {
  for (const DigraphRule& rule : kDigraphs) {
    if (rule.at_start) {
      if (word.starts_with(rule.british)) word.replace(0, rule.british.size(), rule.american);
      continue;
    }
    for (std::size_t at = word.find(rule.british); at != std::string::npos;
         at = word.find(rule.british, at + rule.american.size())) {
      word.replace(at, rule.british.size(), rule.american);
    }
  }
}

// If `word` is at least `min_before` letters, then `british`, then one of
// `endings`, puts `american` in place of `british`.
bool swap_suffix(std::string& word, std::string_view british, std::string_view american,
                 std::initializer_list<std::string_view> endings, std::size_t min_before) {
  for (const std::string_view ending : endings) {
    const std::size_t tail = british.size() + ending.size();
    if (word.size() < min_before + tail) continue;
    const std::size_t at = word.size() - tail;
    if (std::string_view(word).substr(at, british.size()) != british ||
        std::string_view(word).substr(at + british.size()) != ending) {
      continue;
    }
    word.replace(at, british.size(), american);
    return true;
  }
  return false;
}

// Words in -our whose "-or" form is another word or which have no American
// form: "scoured" is not "scored".
bool our_keeps(std::string_view word) {
  for (const std::string_view base : {"scour", "flour", "amour", "troubadour", "velour"}) {
    if (word.starts_with(base)) return true;
  }
  return false;
}

// The -tre words whose "-ter" form is another word.
bool tre_keeps(std::string_view word) {
  return word == "timbre" || word == "timbres" || word == "entre" || word == "notre";
}

// travelled, modelling, signalling, labelled, counsellor: the British doubled l
// after an unstressed e or a (the letters before keep "spelling", "stalled").
bool undouble_l(std::string& word) {
  for (const std::string_view ending : {"ing", "ed", "er", "ers", "or", "ors"}) {
    const std::size_t tail = 2 + ending.size();  // "ll" + ending
    if (word.size() < 4 + tail) continue;        // three letters, the vowel, then the tail
    const std::size_t at = word.size() - tail;
    if (std::string_view(word).substr(at, 2) != "ll" ||
        std::string_view(word).substr(at + 2) != ending ||
        (word[at - 1] != 'e' && word[at - 1] != 'a')) {
      continue;
    }
    word.erase(at, 1);
    return true;
  }
  return false;
}

}  // namespace

std::string american_spelling(std::string word) {
  if (word.size() < 4 || !letters_only(word)) return word;
  if (replace_word(word)) return word;
  replace_digraphs(word);
  if (!our_keeps(word) &&
      swap_suffix(word, "our", "or",
                  {"", "s", "ed", "ing", "al", "ally", "able", "ably", "ful", "fully", "less",
                   "ite", "ites", "ism", "ist", "ists", "er", "ers", "y"},
                  2)) {
    return word;
  }
  if (swap_suffix(word, "is", "iz",
                  {"e", "ed", "es", "ing", "er", "ers", "ation", "ations", "ational"}, 3)) {
    return word;
  }
  if (swap_suffix(word, "ys", "yz", {"e", "ed", "es", "ing", "er", "ers"}, 2)) return word;
  if (swap_suffix(word, "ogue", "og", {"", "s"}, 3)) return word;
  if (swap_suffix(word, "fence", "fense", {"", "s", "less"}, 2)) return word;  // defence, offence
  if (!tre_keeps(word) && (swap_suffix(word, "tre", "ter", {"", "s"}, 2) ||
                           swap_suffix(word, "bre", "ber", {"", "s"}, 2))) {
    return word;
  }
  undouble_l(word);
  return word;
}

}  // namespace paperdex::detail
