// The Analyzer: prepare, tokenize, fold, stem (GUIDE.md "one Analyzer").
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <unicode/brkiter.h>
#include <unicode/utext.h>
#include <nlohmann/json.hpp>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/utf8.h"
#include "test_support.h"

using paperdex::Analyzer;
using paperdex::Token;

namespace {

const std::string kReplacement = "\xEF\xBF\xBD";  // U+FFFD

Analyzer& analyzer() {
  static Analyzer instance;  // construction loads ICU data: once per test run
  return instance;
}

std::vector<std::string> terms_of(const std::vector<Token>& tokens) {
  std::vector<std::string> terms;
  for (const Token& token : tokens) terms.push_back(token.term);
  return terms;
}

std::vector<std::string> terms(std::string_view text) {
  return terms_of(analyzer().tokenize(text));
}

// Offsets inside the text, on character boundaries, in order; positions 0..n-1.
void check_token_invariants(std::string_view text, const std::vector<Token>& tokens) {
  std::size_t previous_end = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& token = tokens[i];
    INFO("token " << i << " '" << token.term << "' [" << token.begin << ", " << token.end << ")");
    REQUIRE(token.begin < token.end);
    REQUIRE(token.end <= text.size());
    CHECK(token.begin >= previous_end);
    CHECK(token.position == i);
    // Character boundaries (only meaningful in valid UTF-8).
    if (paperdex::is_valid_utf8(text)) {
      CHECK((static_cast<unsigned char>(text[token.begin]) & 0xC0) != 0x80);
      if (token.end < text.size()) {
        CHECK((static_cast<unsigned char>(text[token.end]) & 0xC0) != 0x80);
      }
    }
    CHECK_FALSE(token.term.empty());
    CHECK_FALSE(token.stem.empty());
    previous_end = token.end;
  }
}

// What ICU's word iterator alone keeps of `text`: the reference the
// Analyzer's ASCII fast path must reproduce exactly.
std::vector<std::pair<std::size_t, std::size_t>> icu_word_spans(std::string_view text) {
  static const std::unique_ptr<icu::BreakIterator> words = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> iterator(
        icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    REQUIRE(U_SUCCESS(status));
    return iterator;
  }();
  UErrorCode status = U_ZERO_ERROR;
  UText* utext = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status);
  words->setText(utext, status);
  REQUIRE(U_SUCCESS(status));
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  std::int32_t begin = words->first();
  for (std::int32_t end = words->next(); end != icu::BreakIterator::DONE;
       begin = end, end = words->next()) {
    const std::int32_t rule = words->getRuleStatus();
    if (rule >= UBRK_WORD_NUMBER && rule < UBRK_WORD_IDEO_LIMIT) spans.emplace_back(begin, end);
  }
  utext_close(utext);
  return spans;
}

void check_same_as_icu(std::string_view text) {
  INFO("text: '" << std::string(text) << "'");
  const std::vector<Token> tokens = analyzer().tokenize(text);
  const auto reference = icu_word_spans(text);
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (const Token& token : tokens) {
    spans.emplace_back(token.begin, token.end);
    REQUIRE(token.term == analyzer().fold(text.substr(token.begin, token.end - token.begin)));
  }
  REQUIRE(spans == reference);
}

}  // namespace

TEST_CASE("Analyzer::tokenize keeps identifiers, numbers and words whole", "[analyzer]") {
  struct Case {
    const char* text;
    std::vector<std::string> terms;
  };
  const std::vector<Case> cases = {
      {"cs.NI", {"cs.ni"}},
      {"3.1", {"3.1"}},
      {"2101.00001", {"2101.00001"}},
      {"GPT-2", {"gpt", "2"}},
      {"LLaMA-3.1", {"llama", "3.1"}},
      {"59.1/%", {"59.1"}},
      // The middle dot is a decimal point between digits (the Lancet's
      // style), a letter joiner between letters (UAX #29), else a separator.
      {"RR 0·76 (0·68–0·85)", {"rr", "0.76", "0.68", "0.85"}},
      {"3·4·5 l·l 2 · 3 a·2 2·b", {"3.4.5", "l·l", "2", "3", "a", "2", "2", "b"}},
      {"1.80× faster", {"1.80", "faster"}},
      {"", {}},
      {"   ", {}},
      {" \t\n ", {}},
      {"-- / % × ≤ …", {}},
      {"Schrödinger's equation, don’t!", {"schrodinger's", "equation", "don't"}},
      {"e.g. the x_1 and a,b; 1,000.5", {"e.g", "the", "x_1", "and", "a", "b", "1,000.5"}},
      {"ＡＢＣ ﬁnite Ⅻ", {"abc", "finite", "xii"}},
      {"Łukasz Bjørn İstanbul ΣΊΣΥΦΟΣ", {"lukasz", "bjorn", "istanbul", "σισυφοσ"}},
      {"αβ 中文 がぎ", {"αβ", "中文", "が", "ぎ"}},
  };
  for (const Case& c : cases) {
    INFO("text: '" << c.text << "'");
    const std::vector<Token> tokens = analyzer().tokenize(c.text);
    CHECK(terms_of(tokens) == c.terms);
    check_token_invariants(c.text, tokens);
  }
}

TEST_CASE("Analyzer::tokenize_unstemmed: tokenize's tokens, their stems left empty", "[analyzer]") {
  const paperdex::Analyzer analyzer;
  // ASCII, ICU (accents, Greek, a CJK run) and the Lancet's decimal point.
  const std::string text =
      "Scheduling networks, caf\u00e9s and \u03b2-decays: 0\u00b776 of \u6df1\u5c64 "
      "learning in cs.NI 2.0";
  const std::vector<paperdex::Token> stemmed = analyzer.tokenize(text);
  const std::vector<paperdex::Token> unstemmed = analyzer.tokenize_unstemmed(text);
  REQUIRE(unstemmed.size() == stemmed.size());
  for (std::size_t i = 0; i < stemmed.size(); ++i) {
    CHECK(unstemmed[i].term == stemmed[i].term);
    CHECK(unstemmed[i].begin == stemmed[i].begin);
    CHECK(unstemmed[i].end == stemmed[i].end);
    CHECK(unstemmed[i].position == stemmed[i].position);
    CHECK(unstemmed[i].stem.empty());
  }
  CHECK(stemmed.front().stem == "schedul");
  // The stems come back with the next tokenize.
  CHECK(analyzer.tokenize("networks").front().stem == "network");
}

TEST_CASE("Analyzer::prepare then tokenize: TeX in arXiv text", "[analyzer]") {
  struct Case {
    const char* raw;
    const char* prepared;
    std::vector<std::string> terms;
  };
  const std::vector<Case> cases = {
      {R"($1.80\times$ faster)", "1.80× faster", {"1.80", "faster"}},
      {R"($(k,\ell)$-core)", "(k,ℓ)-core", {"k", "l", "core"}},
      {R"($10^2$ nodes)", "10 2 nodes", {"10", "2", "nodes"}},
      {R"(Bj\"{o}rn   and  \emph{Erd\H{o}s})", "Björn and Erdős", {"bjorn", "and", "erdos"}},
      {"  An abstract\n   hard-wrapped at\n  80 columns.  ",
       "An abstract hard-wrapped at 80 columns.",
       {"an", "abstract", "hard", "wrapped", "at", "80", "columns"}},
      {R"(59.1\% accuracy --- on MoS$_2$)",
       "59.1% accuracy — on MoS2",
       {"59.1", "accuracy", "on", "mos2"}},
  };
  for (const Case& c : cases) {
    INFO("raw: " << c.raw);
    const std::string prepared = analyzer().prepare(c.raw);
    CHECK(prepared == c.prepared);
    CHECK(terms(prepared) == c.terms);
  }
}

TEST_CASE("Analyzer::fold: NFKC, case and accents", "[analyzer]") {
  struct Case {
    const char* word;
    const char* folded;
  };
  const std::vector<Case> cases = {
      {"Schrödinger", "schrodinger"},
      {"Björn", "bjorn"},
      {"Bjo\u0308rn", "bjorn"},  // decomposed ö
      {"ﬁ", "fi"},
      {"Ａ", "a"},
      {"ＡｂＣ", "abc"},
      {"Straße", "strasse"},
      {"STRASSE", "strasse"},
      {"naïve", "naive"},
      {"Erdős", "erdos"},
      {"Čech", "cech"},
      {"İstanbul", "istanbul"},
      {"Arıkan", "arikan"},
      {"Łukasz", "lukasz"},
      {"Søren", "soren"},
      {"ΣΊΣΥΦΟΣ", "σισυφοσ"},
      {"don’t", "don't"},
      {"LLaMA", "llama"},
      {"cs.NI", "cs.ni"},
      {"3.1", "3.1"},
      {"", ""},
      // Japanese voicing marks are not accents.
      {"が", "が"},
      {"ガ", "ガ"},
      {"ｶﾞ", "ガ"},  // half-width katakana with its voicing mark
      {"ぱ", "ぱ"},  // semi-voiced
      {"中文", "中文"},
  };
  for (const Case& c : cases) {
    INFO("word: " << c.word);
    CHECK(analyzer().fold(c.word) == c.folded);
  }
  CHECK(analyzer().fold("が") != analyzer().fold("か"));
  CHECK(analyzer().fold("biHölder") == "biholder");
}

TEST_CASE("Analyzer: a TeX accent and its Unicode form give the same term", "[analyzer]") {
  const std::vector<std::pair<const char*, const char*>> pairs = {
      {"Bjorn", R"(Bj\"orn)"},   {"Björn", R"(Bj\"{o}rn)"}, {"biholder", R"(biH\"{o}lder)"},
      {"Erdős", R"(Erd\H{o}s)"}, {"Søren", R"(S{\o}ren)"},  {"Arıkan", R"(Ar{\i}kan)"},
  };
  for (const auto& [plain, tex] : pairs) {
    INFO(plain << " vs " << tex);
    const auto plain_terms = terms(analyzer().prepare(plain));
    REQUIRE(plain_terms.size() == 1);
    CHECK(plain_terms == terms(analyzer().prepare(tex)));
  }
}

TEST_CASE("Analyzer::stem: English Snowball on words, identity elsewhere", "[analyzer]") {
  CHECK(analyzer().stem("schedulers") == "schedul");
  CHECK(analyzer().stem("scheduling") == "schedul");
  CHECK(analyzer().stem("networks") == "network");
  CHECK(analyzer().stem("3.1") == "3.1");
  CHECK(analyzer().stem("2101.00001") == "2101.00001");
  CHECK(analyzer().stem("我们") == "我们");

  const std::vector<Token> tokens =
      analyzer().tokenize("Schedulers scheduling 3.1 2101.00001 cs.NI 我们");
  REQUIRE(tokens.size() == 6);
  CHECK(tokens[0].stem == "schedul");
  CHECK(tokens[1].stem == "schedul");
  CHECK(tokens[2].stem == "3.1");
  CHECK(tokens[3].stem == "2101.00001");
  CHECK(tokens[4].stem == "cs.ni");
  CHECK(tokens[5].stem == "我们");
  // The same term always gets the same stem (the stem cache must not leak
  // between terms that share a slot).
  for (int round = 0; round < 3; ++round) {
    for (const char* word : {"algorithms", "algorithm", "networks", "optimal", "optimization"}) {
      CHECK(analyzer().tokenize(word).at(0).stem == analyzer().stem(word));
    }
  }
}

TEST_CASE("Analyzer::hyphen_compounds: hyphenated words and their joined forms", "[analyzer]") {
  struct Case {
    const char* text;
    std::vector<std::string> joined;  // term:first-last of each compound
  };
  const std::vector<Case> cases = {
      {"knock-down of GPT-2", {"knockdown:0-1", "gpt2:3-4"}},
      {"Trade‐offs and COVID‑19", {"tradeoffs:0-1", "covid19:3-4"}},
      {"Epstein–Barr virus, Epstein--Barr",
       {"epsteinbarr:0-1", "epsteinbarr:3-4"}},  // en dash, TeX's
      {"N-acetyl-L-cysteine", {"nacetyllcysteine:0-3"}},
      // Ranges, five parts and more, spaces, em dashes and slashes are not words.
      {"pages 10-20, 2020-2021, 1.5-2, 0·68–0·85", {}},
      {"a-b-c-d-e", {}},
      {"knock - down, knock -down, knock—down, knock – down, IL/6", {}},
      {"10-fold", {"10fold:0-1"}},
      {"IL-6/IL-10", {"il6:0-1", "il10:2-3"}},
      {"", {}},
  };
  for (const Case& c : cases) {
    INFO("text: '" << c.text << "'");
    const std::string text = analyzer().prepare(c.text);
    const std::vector<Token> tokens = analyzer().tokenize(text);
    std::vector<std::string> joined;
    for (const paperdex::HyphenCompound& compound : analyzer().hyphen_compounds(text, tokens)) {
      joined.push_back(compound.term + ":" + std::to_string(compound.first) + "-" +
                       std::to_string(compound.last));
      CHECK(compound.stem == analyzer().stem(compound.term));
    }
    CHECK(joined == c.joined);
  }
  const std::string text = "trade-offs";
  const auto compounds = analyzer().hyphen_compounds(text, analyzer().tokenize(text));
  REQUIRE(compounds.size() == 1);
  CHECK(compounds[0].stem == "tradeoff");
}

TEST_CASE("Analyzer::stem: British and American spellings share a stem", "[analyzer]") {
  const std::vector<std::pair<const char*, const char*>> same = {
      {"tumour", "tumor"},
      {"tumours", "tumors"},
      {"behavioural", "behavioral"},
      {"colour", "color"},
      {"favourable", "favorable"},
      {"odour", "odor"},
      {"organisation", "organization"},
      {"characterised", "characterized"},
      {"randomised", "randomized"},
      {"hospitalisation", "hospitalization"},
      {"analysed", "analyzed"},
      {"analyse", "analyze"},
      {"catalyses", "catalyzes"},
      {"homologue", "homolog"},
      {"analogues", "analogs"},
      {"centre", "center"},
      {"multicentre", "multicenter"},
      {"fibres", "fibers"},
      {"titre", "titer"},
      {"haemoglobin", "hemoglobin"},
      {"ischaemic", "ischemic"},
      {"leukaemia", "leukemia"},
      {"paediatric", "pediatric"},
      {"orthopaedic", "orthopedic"},
      {"oedema", "edema"},
      {"oestrogen", "estrogen"},
      {"oesophageal", "esophageal"},
      {"foetal", "fetal"},
      {"coeliac", "celiac"},
      {"diarrhoea", "diarrhea"},
      {"dyspnoea", "dyspnea"},
      {"aetiology", "etiology"},
      {"anaesthesia", "anesthesia"},
      {"caesarean", "cesarean"},
      {"faecal", "fecal"},
      {"sulphate", "sulfate"},
      {"signalling", "signaling"},
      {"modelling", "modeling"},
      {"labelled", "labeled"},
      {"travellers", "travelers"},
      {"counsellor", "counselor"},
      {"defence", "defense"},
      {"grey", "gray"},
      {"programmes", "programs"},
      {"aluminium", "aluminum"},
      {"licence", "license"},
  };
  for (const auto& [british, american] : same) {
    INFO(british << " / " << american);
    CHECK(analyzer().stem(british) == analyzer().stem(american));
  }
  // Never merged with another word: short words, and those whose other
  // spelling would be a different word.
  const std::vector<std::pair<const char*, const char*>> different = {
      {"four", "for"},         {"hour", "hor"},         {"your", "yor"},       {"tour", "tor"},
      {"scoured", "scored"},   {"scouring", "scoring"}, {"timbre", "timber"},  {"entre", "enter"},
      {"spelling", "speling"}, {"stalled", "staled"},   {"filling", "filing"}, {"filled", "filed"},
      {"rise", "rize"},        {"does", "des"},         {"apoe", "ape"},       {"shoe", "she"},
      {"prise", "prize"},
  };
  for (const auto& [one, other] : different) {
    INFO(one << " / " << other);
    CHECK(analyzer().stem(one) != analyzer().stem(other));
  }
  // Tokens carry the same stems, so text and queries agree.
  CHECK(analyzer().tokenize("Tumour signalling").at(0).stem == analyzer().stem("tumor"));
  CHECK(analyzer().tokenize("Tumour signalling").at(1).stem == analyzer().stem("signaling"));
}

TEST_CASE("Analyzer::stem: Greek letters stem as their names", "[analyzer]") {
  CHECK(analyzer().stem("β") == "beta");
  CHECK(analyzer().stem("κb") == analyzer().stem("kappab"));  // NF-κB, NF-kappaB
  CHECK(analyzer().stem("tnfα") == analyzer().stem("tnfalpha"));
  CHECK(analyzer().stem("ς") == "sigma");  // final sigma
  CHECK(analyzer().stem("ω") == "omega");
  // The term keeps the letter (spelling suggestions and display use it).
  const std::vector<Token> tokens = analyzer().tokenize("γ-ray bursts");
  REQUIRE(tokens.size() == 3);
  CHECK(tokens[0].term == "γ");
  CHECK(tokens[0].stem == analyzer().stem("gamma"));
  // Other scripts are untouched.
  CHECK(analyzer().stem("我们") == "我们");
  CHECK(analyzer().stem("б") == "б");
}

TEST_CASE("Analyzer::tokenize: byte offsets and positions", "[analyzer]") {
  const std::string text = "Björn Schrödinger, 3.1 and 我们提出";
  const std::vector<Token> tokens = analyzer().tokenize(text);
  check_token_invariants(text, tokens);
  REQUIRE(tokens.size() >= 5);
  CHECK(tokens[0].begin == 0);
  CHECK(tokens[0].end == 6);
  CHECK(text.substr(tokens[0].begin, tokens[0].end - tokens[0].begin) == "Björn");
  CHECK(text.substr(tokens[1].begin, tokens[1].end - tokens[1].begin) == "Schrödinger");
  CHECK(tokens[1].begin == 7);
  CHECK(text.substr(tokens[2].begin, tokens[2].end - tokens[2].begin) == "3.1");
  CHECK(text.substr(tokens[3].begin, tokens[3].end - tokens[3].begin) == "and");
  for (std::size_t i = 0; i < tokens.size(); ++i) CHECK(tokens[i].position == i);
}

TEST_CASE("Analyzer::tokenize: Chinese and Japanese by dictionary", "[analyzer]") {
  const std::string chinese = "我们提出了一种新的方法";
  const std::vector<Token> tokens = analyzer().tokenize(chinese);
  CHECK(tokens.size() >= 3);
  check_token_invariants(chinese, tokens);
  // Every character is part of a word: the words tile the sentence.
  std::string joined;
  for (const Token& token : tokens) joined += chinese.substr(token.begin, token.end - token.begin);
  CHECK(joined == chinese);
  CHECK(terms(chinese).front() == "我们");

  const std::string japanese = "深層学習による画像認識";
  const std::vector<Token> japanese_tokens = analyzer().tokenize(japanese);
  CHECK(japanese_tokens.size() >= 3);
  check_token_invariants(japanese, japanese_tokens);
}

TEST_CASE("Analyzer: invalid UTF-8 never crashes", "[analyzer]") {
  const std::vector<std::string> inputs = {
      "\xff\xfe",
      std::string("a\0b", 3),
      "caf\xc3",    // truncated sequence
      "\x80x\xbf",  // lone continuation bytes
      "ab\xff"
      "cd \xe4\xb8 \xf0\x9f\x98",  // bad bytes inside and between words
      "\xed\xa0\x80",              // a surrogate
      "\xc0\xaf",                  // overlong '/'
      "\\\"\xff",                  // an accent on an invalid byte
  };
  for (const std::string& raw : inputs) {
    INFO("raw bytes: " << raw.size());
    const std::string prepared = analyzer().prepare(raw);
    CHECK(paperdex::is_valid_utf8(prepared));
    CHECK(analyzer().prepare(prepared) == prepared);
    check_token_invariants(prepared, analyzer().tokenize(prepared));
    // Straight to tokenize, unprepared: offsets still refer to `raw`.
    check_token_invariants(raw, analyzer().tokenize(raw));
  }
  CHECK(analyzer().prepare("\xff\xfe") == kReplacement + kReplacement);
  CHECK(analyzer().prepare(std::string("a\0b", 3)) == "a b");
  CHECK(analyzer().prepare("caf\xc3") == "caf" + kReplacement);
  CHECK(analyzer().prepare("\x80x") == kReplacement + "x");
  CHECK(terms(analyzer().prepare("ab\xff"
                                 "cd")) == std::vector<std::string>{"ab", "cd"});
  CHECK(terms("ab\xff"
              "cd") == std::vector<std::string>{"ab", "cd"});
  CHECK(terms("\xff\xfe").empty());
  CHECK_NOTHROW(analyzer().fold("\xff"));
}

TEST_CASE("Analyzer::prepare is idempotent", "[analyzer]") {
  const std::vector<std::string> inputs = {
      R"(Bj\"{o}rn $\frac{1}{2}$ \$5 and \$6 -{}- 2015--2020 {a}{b} $x^2_i$ \~{})",
      "  spaced \n\n out\ttext  ",
      R"(\cite{x} $\alpha\beta$ \L ukasz \{set\})",
      "plain text stays plain.",
  };
  for (const std::string& input : inputs) {
    INFO("input: " << input);
    const std::string once = analyzer().prepare(input);
    CHECK(analyzer().prepare(once) == once);
  }
}

TEST_CASE("Analyzer::prepare copes with a 20 MB text", "[analyzer]") {
  const std::string paragraph =
      R"(We propose a scheduler for $k$-core decomposition with $O(n\log n)$ time, )"
      R"(Bj\"{o}rn's method \cite{x} achieves 59.1\% -- see \emph{Table 1}. 我们提出了 )";
  std::string big;
  while (big.size() < 20'000'000) big += paragraph;
  const std::string prepared = analyzer().prepare(big);
  CHECK(prepared.size() > big.size() / 2);
  CHECK(prepared.substr(0, 30) == "We propose a scheduler for k-c");
  const std::vector<Token> tokens = analyzer().tokenize(prepared);
  CHECK(tokens.size() > big.size() / 10);
  CHECK(tokens.back().position == tokens.size() - 1);
  CHECK(tokens.back().end <= prepared.size());
}

TEST_CASE("Analyzer: tokens are exactly ICU's word segments", "[analyzer]") {
  // The ASCII fast path must agree with ICU everywhere, including where
  // ASCII and other text meet. Exhaustive over short ASCII strings made of
  // every kind of character that matters to word breaks...
  const std::string alphabet = "a1.',;_@:- ";
  std::vector<std::string> strings = {""};
  for (int length = 1; length <= 4; ++length) {
    std::vector<std::string> longer;
    for (const std::string& s : strings) {
      if (s.size() + 1 != static_cast<std::size_t>(length)) continue;
      for (char c : alphabet) longer.push_back(s + c);
    }
    for (const std::string& s : longer) check_same_as_icu(s);
    strings.insert(strings.end(), longer.begin(), longer.end());
  }
  // ...then random mixtures with letters, marks, format characters,
  // ideographs, kana, emoji and invalid bytes.
  // clang-format off
  const std::vector<std::string> pieces = {
      "a", "Z", "7", ".", "'", ",", ";", "_", "@", ":", "-", " ", " ", "  ", "\t", "\n", "\r",
      "\v", "\x01", "\x7f", "é", "e\u0301", "\u0301", "\u00AD", "\u200D", "中", "文", "が",
      "カ", "ー", "ß", "😀", "’", "٣", "ก", "\xff", "x", "12", "of",
  };
  // clang-format on
  std::mt19937 random(20240229);
  std::uniform_int_distribution<std::size_t> piece(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(1, 14);
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    for (int n = length(random); n > 0; --n) s += pieces[piece(random)];
    check_same_as_icu(s);
  }
}

TEST_CASE("Analyzer on real arXiv records", "[analyzer]") {
  const auto shared = paperdex::test::shared_dir();
  if (!shared) {
    WARN("../shared not found: real-record checks skipped");
    return;
  }
  std::ifstream in(*shared / "data" / "arxiv-kaggle" / "snapshot-head-200.jsonl");
  REQUIRE(in);
  std::string line;
  int texts = 0;
  while (std::getline(in, line)) {
    const auto record = nlohmann::json::parse(line);
    for (const char* field : {"title", "abstract", "authors"}) {
      const std::string raw = record.value(field, "");
      const std::string prepared = analyzer().prepare(raw);
      INFO(field << ": " << raw);
      CHECK(analyzer().prepare(prepared) == prepared);
      CHECK(prepared.find('\\') == std::string::npos);
      check_same_as_icu(prepared);
      ++texts;
    }
  }
  CHECK(texts == 600);
}

TEST_CASE("Analyzer is movable", "[analyzer]") {
  Analyzer first;
  Analyzer second(std::move(first));
  CHECK(terms_of(second.tokenize("Moved analyzers work")) ==
        std::vector<std::string>{"moved", "analyzers", "work"});
  Analyzer third;
  third = std::move(second);
  CHECK(third.fold("Björn") == "bjorn");
}

TEST_CASE("Analyzer: one per thread, created concurrently", "[analyzer]") {
  const std::string text = "Schrödinger's 3.1 equations, 我们提出了一种新的方法";
  const std::vector<std::string> expected = terms_of(analyzer().tokenize(text));
  std::vector<std::vector<std::string>> results(4);
  std::vector<std::thread> threads;
  for (auto& result : results) {
    threads.emplace_back([&text, &result] {
      Analyzer local;
      for (int i = 0; i < 200; ++i) result = terms_of(local.tokenize(local.prepare(text)));
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const auto& result : results) CHECK(result == expected);
}

// Run by hand: ./paperdex_unit_tests '[.benchmark]' -s
TEST_CASE("Analyzer throughput on arXiv-like abstracts", "[.benchmark]") {
  const std::string abstract =
      "We study the problem of scheduling jobs on parallel machines in optical circuit "
      "switched networks. Existing schedulers achieve $O(n\\log n)$ time but ignore the "
      "reconfiguration delay $\\delta$; we propose an online algorithm with competitive "
      "ratio $2-1/m$ and show that it is tight. Experiments on traces from a production "
      "data center show that our scheduler reduces the average job completion time by "
      "59.1\\% compared to the state of the art, and by up to $1.80\\times$ for large "
      "jobs. We also extend the analysis to LLaMA-3.1 training workloads with GPT-2 style "
      "communication patterns (cs.NI, cs.DC), see arXiv:2101.00001 -- Bj\\\"{o}rn et al.";
  const int kCopies = 20000;
  Analyzer local;
  std::size_t tokens = 0;
  // CPU time as well as wall time: a shared build machine skews the latter.
  const std::clock_t cpu_start = std::clock();
  const auto wall_start = std::chrono::steady_clock::now();
  for (int i = 0; i < kCopies; ++i) tokens += local.tokenize(local.prepare(abstract)).size();
  const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - wall_start;
  const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  const double megabytes = static_cast<double>(abstract.size()) * kCopies / 1e6;
  WARN("prepare+tokenize+fold+stem, "
       << abstract.size() << "-byte abstract: " << megabytes / cpu << " MB/s CPU (" << kCopies / cpu
       << " abstracts/s), " << megabytes / wall.count() << " MB/s wall, " << tokens / kCopies
       << " tokens each");
  CHECK(tokens > 0);
}
