#include "fulltext_matcher.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "paperdex/common/analyzer.h"
#include "paperdex/common/schema.h"
#include "paperdex/errors.h"
#include "paperdex/searcher.h"

namespace paperdex::cli {
namespace {

// Hits looked at: the title's paper ranks first or near it.
constexpr std::size_t kCandidates = 5;
// Fewer words than this, a title is common enough that the authors must agree.
constexpr std::size_t kShortTitleWords = 4;
// Words of the two titles in common, of all their words, for kNear.
constexpr double kNearShare = 0.75;

std::vector<std::string> split_words(const std::string& folded) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start < folded.size()) {
    std::size_t end = folded.find(' ', start);
    if (end == std::string::npos) end = folded.size();
    if (end > start) words.push_back(folded.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

// A word that carries the title's meaning: four letters or more, not a number.
bool is_content_word(const std::string& word) {
  return word.size() >= 4 && std::any_of(word.begin(), word.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c)) == 0;
         });
}

// `title` without its TeX math ("$pp$", "$\sqrt{s}=13$").
std::string outside_math(std::string_view title) {
  std::string out;
  bool math = false;
  for (const char c : title) {
    if (c == '$') {
      math = !math;
      out.push_back(' ');
    } else if (!math) {
      out.push_back(c);
    }
  }
  return out;
}

// The title as a query of plain words: no field names, operators or quotes
// ("Multi-LexSum: ...", "... AND HEAT ...") for the query parser to read.
std::string plain_query(std::string_view title) {
  std::string query;
  for (const char c : title) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) != 0 || byte >= 0x80) {
      query.push_back(static_cast<char>(std::tolower(byte)));
    } else if (!query.empty() && query.back() != ' ') {
      query.push_back(' ');
    }
  }
  while (!query.empty() && query.back() == ' ') query.pop_back();
  return query;
}

}  // namespace

struct FullTextMatcher::Impl {
  std::string db_path;
  Analyzer analyzer;
  std::optional<Searcher> searcher;
  bool unavailable = false;

  Searcher* open() {
    if (unavailable) return nullptr;
    try {
      if (!searcher) {
        searcher.emplace(db_path);
      } else {
        searcher->reopen();
      }
      return &*searcher;
    } catch (const Error&) {
      // No index yet (a new one is being built), or one this cannot read:
      // nothing to match against; the writer places the text.
      unavailable = !searcher.has_value();
      return nullptr;
    }
  }

  std::vector<std::string> surnames(const std::vector<std::string>& names) const {
    std::vector<std::string> out;
    for (const std::string& name : names) {
      const std::vector<std::string> words = split_words(schema::folded_words(analyzer, name));
      if (!words.empty()) out.push_back(words.back());
    }
    return out;
  }
};

FullTextMatcher::FullTextMatcher(std::string db_path) : impl_(std::make_unique<Impl>()) {
  impl_->db_path = std::move(db_path);
}

FullTextMatcher::~FullTextMatcher() = default;

TitleMatch FullTextMatcher::compare_titles(std::string_view a, std::string_view b) const {
  const std::string folded_a = schema::folded_words(impl_->analyzer, a);
  const std::string folded_b = schema::folded_words(impl_->analyzer, b);
  if (folded_a.empty() || folded_b.empty()) return TitleMatch::kNone;
  if (folded_a == folded_b) return TitleMatch::kExact;
  const std::vector<std::string> words_a = split_words(folded_a);
  const std::vector<std::string> words_b = split_words(folded_b);
  // Content words outside TeX math: "$\sqrt{s}$" is "s" on a PDF's page.
  const auto content_words = [this](std::string_view title) {
    std::set<std::string> content;
    for (const std::string& word :
         split_words(schema::folded_words(impl_->analyzer, outside_math(title)))) {
      if (is_content_word(word)) content.insert(word);
    }
    return content;
  };
  const std::set<std::string> content_a = content_words(a), content_b = content_words(b);
  // "first law" is not "second law": every content word must be in both.
  if (content_a.empty() || content_a != content_b) return TitleMatch::kNone;
  const std::set<std::string> all_a(words_a.begin(), words_a.end());
  const std::set<std::string> all_b(words_b.begin(), words_b.end());
  std::vector<std::string> common;
  std::set_intersection(all_a.begin(), all_a.end(), all_b.begin(), all_b.end(),
                        std::back_inserter(common));
  const std::size_t either = all_a.size() + all_b.size() - common.size();
  return static_cast<double>(common.size()) >= kNearShare * static_cast<double>(either)
             ? TitleMatch::kNear
             : TitleMatch::kNone;
}

AuthorMatch FullTextMatcher::compare_authors(const std::vector<std::string>& a,
                                             const std::vector<std::string>& b) const {
  std::vector<std::string> surnames_a = impl_->surnames(a);
  std::vector<std::string> surnames_b = impl_->surnames(b);
  if (surnames_a.empty() || surnames_b.empty()) return AuthorMatch::kUnknown;
  std::sort(surnames_b.begin(), surnames_b.end());
  const bool shared = std::any_of(surnames_a.begin(), surnames_a.end(), [&](const auto& name) {
    return std::binary_search(surnames_b.begin(), surnames_b.end(), name);
  });
  return shared ? AuthorMatch::kAgree : AuthorMatch::kDisagree;
}

std::string FullTextMatcher::find(const Record& text) {
  const std::string query = plain_query(text.title);
  const std::size_t title_words =
      split_words(schema::folded_words(impl_->analyzer, text.title)).size();
  if (title_words < 2) return {};
  Searcher* searcher = impl_->open();
  if (searcher == nullptr) return {};
  SearchRequest request;
  request.query = query;
  request.limit = kCandidates;
  request.facets = false;
  request.suggest = false;
  request.match = MatchMode::kAnyWord;
  SearchResult result;
  try {
    result = searcher->search(request);
  } catch (const Error&) {
    return {};  // a title the query parser cannot take: no match, not a failure
  }
  // Each hit whose title is the text's, nearly or exactly, and whose authors
  // do not say otherwise.
  std::string exact_id, near_id;
  std::size_t exact = 0, near = 0;
  for (const Hit& hit : result.hits) {
    const TitleMatch title = compare_titles(text.title, hit.paper.title);
    if (title == TitleMatch::kNone) continue;
    const AuthorMatch authors = compare_authors(text.authors, hit.paper.authors);
    if (authors == AuthorMatch::kDisagree) continue;
    // A short title ("Deep learning") is many papers': its authors must agree.
    if (title_words < kShortTitleWords && authors != AuthorMatch::kAgree) continue;
    if (title == TitleMatch::kExact) {
      ++exact;
      exact_id = hit.id;
    } else {
      // Nearly the title: taken only with its authors agreeing.
      if (authors != AuthorMatch::kAgree && text.authors.size() > 0) continue;
      ++near;
      near_id = hit.id;
    }
  }
  // Clearly one paper: the only exact title, else the only near one.
  if (exact == 1) return exact_id;
  if (exact == 0 && near == 1) return near_id;
  return {};
}

}  // namespace paperdex::cli
