#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/author_names.h"

namespace {

std::vector<std::string> forms_of(const paperdex::Analyzer& analyzer, const std::string& word) {
  const std::vector<paperdex::Token> tokens = analyzer.tokenize(word);
  REQUIRE(tokens.size() == 1);
  return paperdex::name_word_forms(analyzer, word, tokens.front());
}

std::vector<std::string> index_keys(const paperdex::Analyzer& analyzer, const std::string& name) {
  return paperdex::author_initials_keys(analyzer, name, analyzer.tokenize(name));
}

std::vector<std::string> written_keys(const paperdex::Analyzer& analyzer, const std::string& name) {
  return paperdex::written_initials_keys(analyzer, name, analyzer.tokenize(name));
}

using Words = std::vector<std::string>;

}  // namespace

TEST_CASE("author_names: umlauts and rings are also written out, other letters fold", "[authors]") {
  const paperdex::Analyzer analyzer;
  const struct {
    const char* word;
    Words forms;
  } cases[] = {
      {"Jürgen", {"jurgen", "juergen"}},
      {"JÜRGEN", {"jurgen", "juergen"}},
      {"Jürgen", {"jurgen", "juergen"}},  // u + combining diaeresis
      {"Schrödinger", {"schrodinger", "schroedinger"}},
      {"Häggström", {"haggstrom", "haeggstroem"}},
      {"Ångström", {"angstrom", "aangstroem"}},
      {"Juergen", {"juergen"}},
      {"Groß", {"gross"}},
      {"Bjørn", {"bjorn"}},
      {"Hinton", {"hinton"}},
  };
  for (const auto& row : cases) {
    INFO(row.word);
    CHECK(forms_of(analyzer, row.word) == row.forms);
  }
}

TEST_CASE("author_names: a written-out umlaut's readings and the key the index holds for them",
          "[authors]") {
  const paperdex::Analyzer analyzer;
  // The key of "Schölkopf" is what the reading of "Schoelkopf" looks up.
  CHECK(paperdex::umlaut_name_key(forms_of(analyzer, "Sch\u00f6lkopf")) == "scholkopf schoelkopf");
  CHECK(paperdex::umlaut_name_key(forms_of(analyzer, "Scho\u0308lkopf")) == "scholkopf schoelkopf");
  CHECK(paperdex::umlaut_name_key(forms_of(analyzer, "Hinton")).empty());
  using Readings = std::vector<std::pair<std::string, std::string>>;
  CHECK(paperdex::umlaut_readings("schoelkopf") == Readings{{"scholkopf", "scholkopf schoelkopf"}});
  CHECK(paperdex::umlaut_readings("haeggstroem") ==
        Readings{{"haggstroem", "haggstroem haeggstroem"},
                 {"haeggstrom", "haeggstrom haeggstroem"},
                 {"haggstrom", "haggstrom haeggstroem"}});
  CHECK(paperdex::umlaut_name_key(forms_of(analyzer, "H\u00e4ggstr\u00f6m")) ==
        "haggstrom haeggstroem");
  CHECK(paperdex::umlaut_readings("aaron") == Readings{{"aron", "aron aaron"}});
  CHECK(paperdex::umlaut_readings("hinton").empty());
}

TEST_CASE("author_names: the index's surname+initials keys of a name", "[authors]") {
  const paperdex::Analyzer analyzer;
  const struct {
    const char* name;
    Words keys;
  } cases[] = {
      {"Geoffrey E. Hinton", {"hinton_g", "hinton_ge"}},
      {"Geoffrey Hinton", {"hinton_g"}},
      {"G.E. Hinton", {"hinton_g", "hinton_ge"}},
      {"Hinton, G. E.", {"hinton_g", "hinton_ge"}},
      {"Jürgen Schmidhuber", {"schmidhuber_j"}},
      {"Gerd Müller", {"muller_g", "mueller_g"}},
      {"Jean-Pierre Serre", {"serre_j", "serre_jp"}},
      {"Martin Luther King Jr.", {"king_m", "king_ml"}},
      {"Hinton", {}},
  };
  for (const auto& row : cases) {
    INFO(row.name);
    CHECK(index_keys(analyzer, row.name) == row.keys);
  }
}

TEST_CASE("author_names: names written with initials, and names that are not", "[authors]") {
  const paperdex::Analyzer analyzer;
  const struct {
    const char* written;
    Words keys;
  } cases[] = {
      {"G. Hinton", {"hinton_g"}},
      {"Hinton, G.", {"hinton_g"}},
      {"Hinton G", {"hinton_g"}},
      {"G.E. Hinton", {"hinton_ge"}},
      {"G. E. Hinton", {"hinton_ge"}},
      {"Hinton_G", {"hinton_g"}},
      {"Hinton_GE", {"hinton_ge"}},
      {"del_Maestro_A", {"maestro_a"}},
      {"Müller_G", {"muller_g", "mueller_g"}},
      {"Grace Hopper", {}},
      {"Thomas G. Hinton", {}},
      {"Hinton", {}},
      {"machine_learning", {}},
  };
  for (const auto& row : cases) {
    INFO(row.written);
    CHECK(written_keys(analyzer, row.written) == row.keys);
  }
}
