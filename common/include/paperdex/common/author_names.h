// Author names as people write them: the other spellings of a name word
// (Jürgen, Juergen) and the surname+initials keys arXiv searches by
// (Hinton_G, Hinton_GE). One table and one reading of a name for both the
// indexer, which writes the forms, and the query parser, which looks them up.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "paperdex/common/analyzer.h"

namespace paperdex {

// The spellings of one name word (`token`, of `text`): its folded term and,
// when the word has umlauts or rings, the word with them written out (ü→ue,
// ö→oe, ä→ae, å→aa), folded. The accent fold already makes "Jürgen"
// "jurgen", ß "ss" and ø "o"; this adds "juergen", so that a name written
// either way finds the other.
std::vector<std::string> name_word_forms(const Analyzer& analyzer, std::string_view text,
                                         const Token& token);

// The key of a name word written with umlauts or rings (`forms`, its
// name_word_forms: "scholkopf", "schoelkopf"): both spellings, a space
// between ("scholkopf schoelkopf"). The index holds it for every such word
// it has, so a query knows which plain spellings stand for one (below).
// Empty for a word of one spelling.
std::string umlaut_name_key(const std::vector<std::string>& forms);

// The words a name word written without umlauts (`term`, folded:
// "schoelkopf") may be with its oe, ue, ae or aa an umlaut or a ring
// ("scholkopf", as "Schölkopf" folds), each beside the umlaut_name_key a name
// written so gives. A query takes a reading only when the index holds its
// key: "Schoelkopf" then finds "Scholkopf", as "Schölkopf" does, but "Xue"
// never finds "Xu", nor "Michael" "Michal". At most the first three such
// letter pairs are read.
std::vector<std::pair<std::string, std::string>> umlaut_readings(std::string_view term);

// A name word written as initials: one letter ("g"), or letters joined by
// dots ("g.e", as the analyzer keeps "G.E.").
bool is_initials_word(std::string_view term);

// The surname+initials keys the index holds for an author (`tokens` of the
// name `text`), as arXiv's au:Hinton_G searches: the surname, '_', the first
// initial ("hinton_g") and, when there are more, all of them ("hinton_ge"),
// for each spelling of the surname ("muller_j", "mueller_j"). The surname is
// the name's last word that is no initial and no suffix (Jr, III); the
// initials are the first letters of the words before it, and initials after
// it ("Hinton, G.E."). None for a name of one word.
std::vector<std::string> author_initials_keys(const Analyzer& analyzer, std::string_view text,
                                              const std::vector<Token>& tokens);

// The keys a name written with initials stands for: "G. Hinton", "Hinton,
// G.", "Hinton G", "G.E. Hinton" and arXiv's "Hinton_GE" (one token, as the
// analyzer keeps it) give "hinton_g" / "hinton_ge" (and the surname's other
// spelling). A name without an initial, or with more than one full word
// ("Grace Hopper", "Thomas G. Hinton"), gives none: it is searched as words.
std::vector<std::string> written_initials_keys(const Analyzer& analyzer, std::string_view text,
                                               const std::vector<Token>& tokens);

}  // namespace paperdex
