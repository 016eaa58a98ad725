#include "query/query_lexer.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/common/edit_distance.h"
#include "paperdex/common/percent_escape.h"
#include "paperdex/common/safe_text.h"
#include "paperdex/common/utf8.h"
#include "paperdex/errors.h"

namespace paperdex::detail {
namespace {

// A field's name: ASCII letters, and '_' between words (cited_by, OpenAlex's
// name for it).
bool is_field_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// Byte length of the separator starting at `i`, 0 when there is none. Besides
// ASCII white space, the no-break and ideographic spaces separate words too:
// both arrive by copy and paste, and a user cannot see them.
std::size_t space_length(std::string_view q, std::size_t i) {
  switch (q[i]) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case '\f':
    case '\v':
      return 1;
    default:
      break;
  }
  std::string_view rest = q.substr(i);
  if (rest.starts_with("\xC2\xA0")) return 2;      // U+00A0
  if (rest.starts_with("\xE3\x80\x80")) return 3;  // U+3000
  return 0;
}

// Byte length of the quote mark at `i`, 0 when there is none. Typographic
// quotes count: text pasted from papers and word processors uses them. A
// quote after a backslash is TeX's umlaut (Schr\"odinger, as arXiv metadata
// spells names), part of the word for the Analyzer to decode.
std::size_t quote_length(std::string_view q, std::size_t i) {
  if (q[i] == '"') return (i > 0 && q[i - 1] == '\\') ? 0 : 1;
  std::string_view rest = q.substr(i);
  if (rest.starts_with("\xE2\x80\x9C") || rest.starts_with("\xE2\x80\x9D")) return 3;  // “ ”
  return 0;
}

bool ends_word(std::string_view q, std::size_t i) {
  return q[i] == '(' || q[i] == ')' || space_length(q, i) > 0 || quote_length(q, i) > 0;
}

// `+`/`-` are operators only directly before something that can be a term, so
// that "a - b", "--" or "C++" stay text.
bool starts_term(std::string_view q, std::size_t i) {
  return i < q.size() && q[i] != ')' && q[i] != '+' && q[i] != '-' && space_length(q, i) == 0;
}

// True when q[i] begins a word: at the start, or after a space or '('. A '-'
// glued to a word or to ')' is part of the text ("(H2A)-histone").
bool starts_word(std::string_view q, std::size_t i) {
  if (i == 0) return true;
  const char before = q[i - 1];
  return before == ' ' || before == '\t' || before == '\n' || before == '\r' || before == '(';
}

// '+1' and '-2' are numbers ("+1 nucleosomes", "E2f-1, -2, -3"), not operators.
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The number written at q[i...] (digits only), and where it ends; nullopt
// when there are no digits or the number exceeds kMaxProximity.
struct Number {
  std::optional<std::size_t> value;
  std::size_t end = 0;
};

Number read_number(std::string_view q, std::size_t i) {
  Number number;
  number.end = i;
  std::size_t value = 0;
  while (number.end < q.size() && q[number.end] >= '0' && q[number.end] <= '9') {
    value = std::min(value * 10 + static_cast<std::size_t>(q[number.end] - '0'), kMaxProximity + 1);
    ++number.end;
  }
  if (number.end > i && value >= 1 && value <= kMaxProximity) number.value = value;
  return number;
}

}  // namespace

void throw_unknown_field(std::string_view name, std::size_t position, std::string_view written) {
  const std::string nearest = nearest_field_name(name);
  std::string hint;
  if (!nearest.empty()) {
    hint = "did you mean " + nearest + ":?";
  } else if (!written.empty()) {
    hint = "to search for the text itself, put it in quotes: \"" + std::string(written) + "\"";
  }
  throw QuerySyntaxError("unknown field " + quote_input(name) + "; the fields are " + field_list(),
                         position, std::move(hint));
}

void throw_empty_value(std::string_view name, std::string_view example, std::size_t position) {
  // An example of the field's own kind of value shows the syntax best.
  const std::string written(name);
  throw QuerySyntaxError(written + ": has no value; write the value right after the colon, e.g. " +
                             written + ":" + std::string(example) + ", " + written +
                             ":\"...\" or " + written + ":(... OR ...)",
                         position);
}

void throw_empty_value(const schema::Field& field, std::size_t position) {
  throw_empty_value(field.name, field.example, position);
}

std::string nearest_field_name(std::string_view name) {
  std::vector<std::string_view> names;
  std::vector<std::string> folded;  // names in lowercase ("submitteddate"), as `name` is
  for (const schema::Field& field : schema::kFields) {
    for (std::string_view candidate : schema::field_names(field)) {
      // arXiv's two- and three-letter aliases are exact or nothing: "cs:"
      // is no slip for co:.
      if (candidate == field.name || candidate.size() >= 4) {
        names.push_back(candidate);
        folded.push_back(ascii_lower(candidate));
      }
    }
  }
  const std::vector<std::string_view> folded_views(folded.begin(), folded.end());
  const std::optional<std::size_t> nearest = nearest_name(ascii_lower(name), folded_views, true);
  return nearest ? std::string(names[*nearest]) : std::string();
}

std::string field_list() {
  std::string list;
  for (const schema::Field& field : schema::kFields) {
    if (!list.empty()) list += ", ";
    list += field.name;
    list += ':';
  }
  return list;
}

namespace {

// lex_query's steps, one per kind of token; each reads from `at_` and
// returns whether it took the text there.
class Lexer {
 public:
  Lexer(std::string_view query, const LexOptions& options) : q_(query), options_(options) {}

  std::vector<QueryToken> tokens() {
    while (at_ < q_.size()) {
      if (const std::size_t space = space_length(q_, at_)) {
        at_ += space;
      } else if (options_.plain) {
        plain_word();
      } else if (!skip_literal_separator() && !single_character() && !phrase()) {
        word();
      }
    }
    QueryToken end;
    end.kind = QueryTokenKind::kEnd;
    end.begin = q_.size();
    end.text_begin = q_.size();
    tokens_.push_back(end);
    return std::move(tokens_);
  }

 private:
  // A syntax error the lenient parser met inside [begin, end).
  bool literal(std::size_t begin, std::size_t end) const {
    return std::any_of(options_.literal.begin(), options_.literal.end(),
                       [&](std::size_t at) { return at >= begin && at < end; });
  }

  // The quote at `at` is never closed, and the lenient parser closes it at
  // the end of the query.
  bool closed_at_end(std::size_t at) const {
    return std::find(options_.closed_at_end.begin(), options_.closed_at_end.end(), at) !=
           options_.closed_at_end.end();
  }

  // A token of `kind` spanning [at_, at_ + length), its text the same.
  QueryToken& push(QueryTokenKind kind, std::size_t length) {
    QueryToken& token = tokens_.emplace_back();
    token.kind = kind;
    token.begin = at_;
    token.text_begin = at_;
    token.text = q_.substr(at_, length);
    return token;
  }

  std::size_t word_end() const {
    std::size_t end = at_;
    while (end < q_.size() && !ends_word(q_, end)) ++end;
    return end;
  }

  // LexOptions::plain: text between separators; quotes and parentheses
  // separate too.
  void plain_word() {
    const std::size_t end = word_end();
    if (end == at_) {
      at_ += std::max<std::size_t>(quote_length(q_, at_), 1);
      return;
    }
    push(QueryTokenKind::kWord, end - at_).literal = true;
    at_ = end;
  }

  // A quote, parenthesis or +/- where a syntax error was: a separator.
  bool skip_literal_separator() {
    std::size_t length = quote_length(q_, at_);
    if (length == 0 && std::string_view("()+-").find(q_[at_]) != std::string_view::npos) {
      length = 1;
    }
    if (length == 0 || !literal(at_, at_ + length)) return false;
    at_ += length;
    return true;
  }

  // ( ) and a + or - directly before a term.
  bool single_character() {
    const char c = q_[at_];
    QueryTokenKind kind;
    if (c == '(' || c == ')') {
      kind = c == '(' ? QueryTokenKind::kOpen : QueryTokenKind::kClose;
    } else if ((c == '+' || c == '-') && starts_word(q_, at_) && starts_term(q_, at_ + 1) &&
               !is_digit(q_[at_ + 1])) {
      kind = c == '+' ? QueryTokenKind::kPlus : QueryTokenKind::kMinus;
    } else {
      return false;
    }
    push(kind, 1);
    ++at_;
    return true;
  }

  // "a phrase", and "a phrase"~n.
  bool phrase() {
    const std::size_t quote = quote_length(q_, at_);
    if (quote == 0) return false;
    std::size_t close = at_ + quote;
    while (close < q_.size() && quote_length(q_, close) == 0) ++close;
    if (close >= q_.size() && !closed_at_end(at_)) {
      throw UnclosedError(
          "unbalanced quote: this quote is never closed; add a closing \" or remove it", at_);
    }
    QueryToken& token = push(QueryTokenKind::kPhrase, 0);
    token.text_begin = at_ + quote;
    token.text = q_.substr(at_ + quote, close - (at_ + quote));
    // An error in the phrase's words (a filter's malformed value).
    token.literal = literal(token.text_begin, close);
    at_ = close < q_.size() ? close + quote_length(q_, close) : close;
    if (at_ < q_.size() && q_[at_] == '~' && !literal(at_, at_ + 1)) {
      // "a b"~n: the words within n positions of each other, any order.
      const Number number = read_number(q_, at_ + 1);
      if (!number.value) {
        throw QuerySyntaxError("'~' after a phrase needs a number of words from 1 to " +
                                   std::to_string(kMaxProximity) + ", e.g. \"optical switch\"~5",
                               at_);
      }
      token.proximity = *number.value;
      at_ = number.end;
    }
    return true;
  }

  // Everything up to a separator: an operator, name:value or a word.
  void word() {
    const std::size_t end = word_end();
    const std::string_view text = q_.substr(at_, end - at_);
    if (literal(at_, end)) return literal_word(text, end);
    if (text == "NEAR" || text.starts_with("NEAR/")) {
      push(QueryTokenKind::kNear, text.size()).proximity = near_proximity(text);
    } else if (text == "AND" || text == "OR" || text == "NOT" || text == "ANDNOT") {
      // ANDNOT is arXiv's API spelling of AND NOT; "a NOT b" reads so already.
      push(text == "AND"  ? QueryTokenKind::kAnd
           : text == "OR" ? QueryTokenKind::kOr
                          : QueryTokenKind::kNot,
           text.size());
    } else {
      at_ = field_or_word(text, end);
      return;
    }
    at_ = end;
  }

  // A word holding a syntax error: a field's value holding it is the value
  // as text, its field kept; "name:value" with the error in "name" (an
  // unknown field) is the word "name" and the value read again alone;
  // anything else is a word, never a wildcard.
  void literal_word(std::string_view text, std::size_t end) {
    const std::size_t colon = text.find(':');
    if (colon != std::string_view::npos && colon > 0) {
      if (literal(at_ + colon + 1, end) && !literal(at_, at_ + colon + 1)) {
        if (QueryToken* field = field_token(text.substr(0, colon))) {
          field->text = text.substr(colon + 1);
          field->text_begin = at_ + colon + 1;
          field->literal = true;
          at_ = end;
          return;
        }
      }
      push(QueryTokenKind::kWord, colon);
      at_ += colon + 1;
      return;
    }
    push(QueryTokenKind::kWord, text.size()).literal = true;
    at_ = end;
  }

  // A kField token for `name` at at_ (a field's name or all:), its value
  // the caller's to set; nullptr, and no token, when `name` is none.
  QueryToken* field_token(std::string_view name) {
    if (!std::all_of(name.begin(), name.end(), is_field_name_char)) return nullptr;
    const schema::Field* field = schema::find_field(name);
    if (field == nullptr && !schema::is_plain_words_name(name)) return nullptr;
    QueryToken& token = push(QueryTokenKind::kField, name.size());
    token.field = field;
    return &token;
  }

  std::size_t near_proximity(std::string_view text) const {
    if (text.size() == 4) return kDefaultNear;
    const Number number = read_number(text, 5);
    if (!number.value || number.end != text.size()) {
      throw QuerySyntaxError(quote_input(text) + ": NEAR/ takes a number of words from 1 to " +
                                 std::to_string(kMaxProximity) + ", e.g. NEAR/5",
                             at_);
    }
    return *number.value;
  }

  // Returns where the token ends: a bracketed range runs past spaces.
  std::size_t field_or_word(std::string_view text, std::size_t end) {
    QueryToken& token = push(QueryTokenKind::kWord, text.size());
    const std::size_t colon = text.find(':');
    const std::string_view name = text.substr(0, colon);
    if (colon == std::string_view::npos || colon == 0 ||
        !std::all_of(name.begin(), name.end(), is_field_name_char)) {
      return end;
    }
    std::string_view value = text.substr(colon + 1);
    // A quote or '(' read as a separator (LexOptions::literal) opens nothing.
    const std::size_t opener = end < q_.size() ? (q_[end] == '(' ? 1 : quote_length(q_, end)) : 0;
    const bool group_follows = opener > 0 && !literal(end, end + opener);
    // Field names are matched without regard to case: "DOI:10.1000/x" is
    // how DOIs are often pasted.
    // all: is a field token without a field: its value is plain words.
    const schema::Field* field = schema::find_field(name);
    if (field != nullptr || schema::is_plain_words_name(name)) {
      if (value.empty() && !group_follows) {
        if (field == nullptr) throw_empty_value(name, "word", at_);
        throw_empty_value(*field, at_);
      }
      const bool ranges = field != nullptr && (field->kind == schema::FieldKind::kYear ||
                                               field->kind == schema::FieldKind::kDate);
      if (ranges && value.starts_with('[')) {
        end = bracket_end(at_ + colon + 1);
        // A syntax error past the first space: the range's words read again
        // one by one, not the field's name (as literal_word reads one).
        if (literal(at_ + colon + 1, end)) {
          tokens_.pop_back();
          return at_ + colon + 1;
        }
        value = q_.substr(at_ + colon + 1, end - (at_ + colon + 1));
      }
      token.kind = QueryTokenKind::kField;
      token.field = field;
      token.text = value;
      token.text_begin = at_ + colon + 1;
    } else if (canonical_arxiv_id(text)) {
      // "arXiv:2101.00001" cited in a pasted title is its words, not a
      // filter for that paper: a query that is the id alone asks for the
      // paper (paper_reference.h), and id: does anywhere.
    } else if (!value.empty() ? !value.starts_with('/') : group_follows) {
      // "http://..." is a URL and "Note:" ends a word; anything else
      // written as name:value meant a field, and a silent text search for
      // a mistyped one would quietly return the wrong papers.
      throw_unknown_field(name, at_, text);
    }
    return end;
  }

  // Where the range "[from TO to]" opened at `open` ends (past its ']'):
  // Lucene's and arXiv's range form, spaces inside (the translator reads it).
  std::size_t bracket_end(std::size_t open) const {
    const std::size_t close = q_.find(']', open);
    if (close == std::string_view::npos) {
      throw QuerySyntaxError(
          "unclosed '[': a range in brackets ends with ']', e.g. "
          "submittedDate:[202301010000 TO 202302010000]",
          open);
    }
    return close + 1;
  }

  std::string_view q_;
  const LexOptions& options_;
  std::size_t at_ = 0;
  std::vector<QueryToken> tokens_;
};

}  // namespace

std::vector<QueryToken> lex_query(std::string_view query, const LexOptions& options) {
  return Lexer(query, options).tokens();
}

namespace {

// The byte %XX at q[i] stands for, or nullopt: a control character stays
// as written, never a byte that could end or corrupt the query.
std::optional<char> percent_escape(std::string_view q, std::size_t i) {
  const std::optional<unsigned char> byte = percent_escaped_byte(q, i);
  if (!byte || *byte < 0x20 || *byte == 0x7f) return std::nullopt;
  return static_cast<char>(*byte);
}

bool is_url_operator(std::string_view part) {
  return part == "AND" || part == "OR" || part == "NOT" || part == "ANDNOT" || part == "TO";
}

bool starts_with_field(std::string_view part) {
  const std::size_t colon = part.find(':');
  return colon != std::string_view::npos && colon > 0 &&
         (schema::find_field(part.substr(0, colon)) != nullptr ||
          schema::is_plain_words_name(part.substr(0, colon)));
}

// A '+' joining two words in arXiv's URL form (read_url_form's rule).
bool has_url_join(std::string_view q) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t plus = q.find('+'); plus != std::string_view::npos; plus = q.find('+', start)) {
    parts.push_back(q.substr(start, plus - start));
    start = plus + 1;
  }
  parts.push_back(q.substr(start));
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    const std::string_view before = parts[i];
    const std::string_view after = parts[i + 1];
    if (before.empty() || after.empty()) continue;  // "C++", "+word"
    if (is_url_operator(before) || is_url_operator(after) || starts_with_field(after)) return true;
  }
  return false;
}

}  // namespace

std::optional<UrlForm> read_url_form(std::string_view query) {
  bool escaped = false;
  for (std::size_t i = 0; i < query.size(); ++i) {
    if (space_length(query, i) > 0) return std::nullopt;
    escaped = escaped || percent_escape(query, i).has_value();
  }
  if (!escaped && !has_url_join(query)) return std::nullopt;
  UrlForm form;
  for (std::size_t i = 0; i < query.size(); ++i) {
    form.origin.push_back(i);
    if (const std::optional<char> byte = percent_escape(query, i)) {
      form.decoded += *byte;
      i += 2;
    } else {
      form.decoded += query[i] == '+' ? ' ' : query[i];
    }
  }
  form.origin.push_back(query.size());
  return form;
}

std::vector<QueryToken> lex_url_form(const UrlForm& form, const LexOptions& options) {
  // The decoded byte holding each offset of the query.
  const auto decoded_offset = [&](std::size_t at) {
    const auto after = std::upper_bound(form.origin.begin(), form.origin.end(), at);
    return static_cast<std::size_t>(after - form.origin.begin()) - 1;
  };
  LexOptions decoded_options = options;
  for (std::size_t& at : decoded_options.literal) at = decoded_offset(at);
  for (std::size_t& at : decoded_options.closed_at_end) at = decoded_offset(at);
  std::vector<QueryToken> tokens;
  try {
    tokens = lex_query(form.decoded, decoded_options);
  } catch (const QuerySyntaxError& error) {
    const std::size_t at = form.origin[std::min(error.position(), form.decoded.size())];
    if (dynamic_cast<const UnclosedError*>(&error) != nullptr) {
      throw UnclosedError(error.what(), at, error.hint());
    }
    throw QuerySyntaxError(error.what(), at, error.hint());
  }
  for (QueryToken& token : tokens) {
    token.begin = form.origin[token.begin];
    token.text_begin = form.origin[token.text_begin];
  }
  return tokens;
}

namespace {

bool is_operator(QueryTokenKind kind) {
  return kind == QueryTokenKind::kAnd || kind == QueryTokenKind::kOr ||
         kind == QueryTokenKind::kNot || kind == QueryTokenKind::kNear;
}

// "Retrieval", not "RETRIEVAL" or "retrieval": how a title writes its words.
bool is_capitalized(const QueryToken& token) {
  return token.kind == QueryTokenKind::kWord && token.text.size() >= 2 && token.text[0] >= 'A' &&
         token.text[0] <= 'Z' && token.text[1] >= 'a' && token.text[1] <= 'z';
}

}  // namespace

std::vector<std::string> read_prose_operators_as_words(std::vector<QueryToken>& tokens,
                                                       std::string_view query) {
  const bool has_lowercase =
      std::any_of(query.begin(), query.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  const bool has_word = std::any_of(tokens.begin(), tokens.end(), [](const QueryToken& token) {
    return token.kind == QueryTokenKind::kWord || token.kind == QueryTokenKind::kPhrase ||
           token.kind == QueryTokenKind::kField;
  });
  std::vector<std::string> turned;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    QueryToken& token = tokens[i];
    if (!is_operator(token.kind)) continue;
    const bool in_capitals = !has_lowercase && has_word;
    const bool in_title = i > 0 && i + 1 < tokens.size() && is_capitalized(tokens[i - 1]) &&
                          is_capitalized(tokens[i + 1]);
    if (!in_capitals && !in_title) continue;
    token.kind = QueryTokenKind::kWord;
    token.literal = true;
    if (std::find(turned.begin(), turned.end(), token.text) == turned.end()) {
      turned.emplace_back(token.text);
    }
  }
  return turned;
}

}  // namespace paperdex::detail
