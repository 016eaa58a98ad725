#include "query_lexer.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "paperdex/common/arxiv_id.h"
#include "paperdex/errors.h"

namespace paperdex::detail {
namespace {

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string lowered(std::string_view text) {
  std::string result(text);
  std::transform(result.begin(), result.end(), result.begin(), ascii_lower);
  return result;
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

// A transposition ("titel") costs one edit: the most common typo in a short
// field name.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

void throw_unknown_field(std::string_view name, std::size_t position, std::string_view written) {
  const std::string nearest = nearest_field_name(name);
  std::string hint;
  if (!nearest.empty()) {
    hint = "did you mean " + nearest + ":?";
  } else if (!written.empty()) {
    hint = "to search for the text itself, put it in quotes: \"" + std::string(written) + "\"";
  }
  throw QuerySyntaxError(
      "unknown field '" + std::string(name) + "'; the fields are " + field_list(), position,
      std::move(hint));
}

void throw_empty_value(const schema::Field& field, std::size_t position) {
  // An example of the field's own kind of value shows the syntax best.
  std::string example = "word";
  if (field.kind == schema::FieldKind::kRange) {
    example = "2024";
  } else if (field.prefix == schema::kSubjectPrefix) {
    example = "cs.NI";
  } else if (field.prefix == schema::kIdPrefix) {
    example = "2101.00001";
  } else if (field.prefix == schema::kDoiPrefix) {
    example = "10.1145/3544216.3544265";
  }
  const std::string name(field.name);
  throw QuerySyntaxError(name + ": has no value; write the value right after the colon, e.g. " +
                             name + ":" + example + ", " + name + ":\"...\" or " + name +
                             ":(... OR ...)",
                         position);
}

std::string nearest_field_name(std::string_view name) {
  const std::string wanted = lowered(name);
  std::string best;
  std::size_t best_distance = std::numeric_limits<std::size_t>::max();
  for (const schema::Field& field : schema::kFields) {
    // An abbreviation ("abs", "auth", "subj") is as likely a slip as a typo.
    std::size_t distance = (wanted.size() >= 3 && field.name.starts_with(wanted))
                               ? 0
                               : edit_distance(wanted, field.name);
    if (distance < best_distance) {
      best_distance = distance;
      best = field.name;
    }
  }
  // One slip in a short name, two in a longer one; beyond that ("foo" is two
  // edits from "doi") it is another word, and the hint would mislead.
  const std::size_t allowed = wanted.size() <= 4 ? 1 : 2;
  if (best_distance > allowed) return {};
  return best;
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

std::vector<QueryToken> lex_query(std::string_view q, const LexOptions& options) {
  // A syntax error the lenient parser met inside [begin, end).
  const auto literal = [&options](std::size_t begin, std::size_t end) {
    return std::any_of(options.literal.begin(), options.literal.end(),
                       [&](std::size_t at) { return at >= begin && at < end; });
  };
  std::vector<QueryToken> tokens;
  std::size_t i = 0;
  while (i < q.size()) {
    if (std::size_t space = space_length(q, i)) {
      i += space;
      continue;
    }
    if (options.plain) {
      // Text between separators; quotes and parentheses separate too.
      QueryToken token;
      token.kind = QueryTokenKind::kWord;
      token.begin = i;
      token.text_begin = i;
      token.literal = true;
      std::size_t end = i;
      while (end < q.size() && !ends_word(q, end)) ++end;
      if (end == i) {
        i += std::max<std::size_t>(quote_length(q, i), 1);
        continue;
      }
      token.text = q.substr(i, end - i);
      tokens.push_back(token);
      i = end;
      continue;
    }
    // A quote, parenthesis or +/- where a syntax error was: a separator.
    if (const std::size_t quote = quote_length(q, i); quote > 0 && literal(i, i + quote)) {
      i += quote;
      continue;
    }
    if ((q[i] == '(' || q[i] == ')' || q[i] == '+' || q[i] == '-') && literal(i, i + 1)) {
      ++i;
      continue;
    }
    QueryToken token;
    token.begin = i;
    if (q[i] == '(' || q[i] == ')') {
      token.kind = q[i] == '(' ? QueryTokenKind::kOpen : QueryTokenKind::kClose;
      token.text = q.substr(i, 1);
      token.text_begin = i;
      tokens.push_back(token);
      ++i;
      continue;
    }
    if (std::size_t quote = quote_length(q, i)) {
      std::size_t close = i + quote;
      while (close < q.size() && quote_length(q, close) == 0) ++close;
      if (close >= q.size()) {
        throw QuerySyntaxError(
            "unbalanced quote: this quote is never closed; add a closing \" or remove it", i);
      }
      token.kind = QueryTokenKind::kPhrase;
      token.text_begin = i + quote;
      token.text = q.substr(i + quote, close - (i + quote));
      i = close + quote_length(q, close);
      if (i < q.size() && q[i] == '~' && !literal(i, i + 1)) {
        // "a b"~n: the words within n positions of each other, any order.
        const Number number = read_number(q, i + 1);
        if (!number.value) {
          throw QuerySyntaxError("'~' after a phrase needs a number of words from 1 to " +
                                     std::to_string(kMaxProximity) + ", e.g. \"optical switch\"~5",
                                 i);
        }
        token.proximity = *number.value;
        i = number.end;
      }
      tokens.push_back(token);
      continue;
    }
    if ((q[i] == '+' || q[i] == '-') && starts_word(q, i) && starts_term(q, i + 1) &&
        !is_digit(q[i + 1])) {
      token.kind = q[i] == '+' ? QueryTokenKind::kPlus : QueryTokenKind::kMinus;
      token.text = q.substr(i, 1);
      token.text_begin = i;
      tokens.push_back(token);
      ++i;
      continue;
    }

    std::size_t end = i;
    while (end < q.size() && !ends_word(q, end)) ++end;
    const std::string_view word = q.substr(i, end - i);
    token.text = word;
    token.text_begin = i;
    if (literal(i, end)) {
      token.kind = QueryTokenKind::kWord;
      const std::size_t colon = word.find(':');
      if (colon != std::string_view::npos && colon > 0) {
        // "name:value": the name is a word, the value is read again alone.
        token.text = word.substr(0, colon);
        tokens.push_back(token);
        i += colon + 1;
        continue;
      }
      token.literal = true;
      tokens.push_back(token);
      i = end;
      continue;
    }
    if (word == "NEAR" || word.starts_with("NEAR/")) {
      token.kind = QueryTokenKind::kNear;
      token.proximity = kDefaultNear;
      if (word.size() > 4) {
        const Number number = read_number(word, 5);
        if (!number.value || number.end != word.size()) {
          throw QuerySyntaxError("'" + std::string(word) +
                                     "': NEAR/ takes a number of words from 1 to " +
                                     std::to_string(kMaxProximity) + ", e.g. NEAR/5",
                                 i);
        }
        token.proximity = *number.value;
      }
      tokens.push_back(token);
      i = end;
      continue;
    }
    if (word == "AND" || word == "OR" || word == "NOT") {
      token.kind = word == "AND"  ? QueryTokenKind::kAnd
                   : word == "OR" ? QueryTokenKind::kOr
                                  : QueryTokenKind::kNot;
      tokens.push_back(token);
      i = end;
      continue;
    }

    token.kind = QueryTokenKind::kWord;
    const std::size_t colon = word.find(':');
    const std::string_view name = word.substr(0, colon);
    if (colon != std::string_view::npos && colon > 0 &&
        std::all_of(name.begin(), name.end(), is_ascii_letter)) {
      const std::string_view value = word.substr(colon + 1);
      const bool group_follows = end < q.size() && (q[end] == '(' || quote_length(q, end) > 0);
      // Field names are matched without regard to case: "DOI:10.1000/x" is
      // how DOIs are often pasted.
      if (const schema::Field* field = schema::find_field(lowered(name))) {
        if (value.empty() && !group_follows) throw_empty_value(*field, i);
        token.kind = QueryTokenKind::kField;
        token.field = field;
        token.text = value;
        token.text_begin = i + colon + 1;
      } else if (canonical_arxiv_id(word)) {
        // "arXiv:2101.00001" pasted from a paper: the user wants that paper.
        token.kind = QueryTokenKind::kField;
        token.field = schema::find_field("id");
      } else if (!value.empty() ? !value.starts_with('/') : group_follows) {
        // "http://..." is a URL and "Note:" ends a word; anything else
        // written as name:value meant a field, and a silent text search for
        // a mistyped one would quietly return the wrong papers.
        throw_unknown_field(name, i, word);
      }
    }
    tokens.push_back(token);
    i = end;
  }
  QueryToken end_token;
  end_token.kind = QueryTokenKind::kEnd;
  end_token.begin = q.size();
  end_token.text_begin = q.size();
  tokens.push_back(end_token);
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
