// The query language's lexer: query string -> tokens with byte offsets.
// Private to the query parser.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/common/schema.h"
#include "paperdex/errors.h"

namespace paperdex::detail {

enum class QueryTokenKind {
  kWord,    // a bare word, as written ("GPT-2", "cs.NI", "http://x")
  kPhrase,  // the text between a pair of quotes
  kField,   // "name:" with a known field name; `text` is its bare value, or empty
            // when a phrase or a parenthesized group follows right after the colon
  kOpen,    // (
  kClose,   // )
  kAnd,     // AND
  kOr,      // OR
  kNot,     // NOT
  kNear,    // NEAR or NEAR/n; `proximity` holds n
  kPlus,    // + directly before a term
  kMinus,   // - directly before a term
  kEnd,
};

struct QueryToken {
  QueryTokenKind kind = QueryTokenKind::kEnd;
  std::string_view text;                 // word, phrase content, or field value (views the query)
  std::size_t begin = 0;                 // byte offset of the token in the query
  std::size_t text_begin = 0;            // byte offset of `text` in the query
  const schema::Field* field = nullptr;  // kField only
  // kNear: n of NEAR/n (kDefaultNear for a bare NEAR); kPhrase: n of "..."~n,
  // 0 for a plain phrase.
  std::size_t proximity = 0;
  // kWord, kPhrase and kField's value: text that held a syntax error
  // (LexOptions::literal): never a wildcard, and a filter's value is
  // searched as words.
  bool literal = false;
};

// How leniently to read a query: what the lenient parser (query_translation.cc)
// asks for after a syntax error, so that what is not valid syntax is read as
// words.
struct LexOptions {
  // Byte offsets of syntax errors: the token holding one is read as text. A
  // quote, parenthesis or +/- there is a separator; an operator or a word is
  // a plain word (a word's '*' no wildcard); a phrase's "~n" is text. In a
  // field's value the value is the text and the field stays (a filter's
  // value is then searched as words, query_syntax.cc): "year:20x5" is
  // the word "20x5", not the words "year" and "20x5". A field's "name:"
  // holding the error (an unknown field, one with no value) is the word
  // "name", and its value is read as if written alone.
  std::vector<std::size_t> literal;
  // Byte offsets of an opening quote or '(' that is never closed
  // (UnclosedError): it is closed at the end of the query, so that
  // title:"deep residual keeps its field and its phrase. The parser reads
  // the parentheses' offsets, the lexer the quotes'.
  std::vector<std::size_t> closed_at_end;
  // Everything is words: no operators, fields, phrases or groups.
  bool plain = false;
};

// The syntax error of a quote or '(' never closed: the lenient parser closes
// it at the end of the query (LexOptions::closed_at_end) rather than reading
// it as a word. To every other caller it is a QuerySyntaxError like any.
class UnclosedError final : public QuerySyntaxError {
 public:
  using QuerySyntaxError::QuerySyntaxError;
};

// A bare NEAR: within ten words, as in Xapian's and most engines' syntax.
inline constexpr std::size_t kDefaultNear = 10;
// NEAR/n and "..."~n accept 1..kMaxProximity: a wider window matches nearly
// every paper with the words anywhere, which the plain query does already.
inline constexpr std::size_t kMaxProximity = 1000;

// Splits `query` into tokens, ending with one kEnd token; field names and
// aliases are the schema table's (schema::find_field). Throws
// QuerySyntaxError for an unclosed quote (UnclosedError), an unknown field
// name, a field with no value, or a NEAR/n or "..."~n without a usable number.
std::vector<QueryToken> lex_query(std::string_view query, const LexOptions& options = {});

// A query copied from an arXiv API URL, its search_query= value as written
// there: "ti:neural+AND+au:hinton", "ti:%22quantum+criticality%22". It is in
// this form when it has no white space and either a percent escape (%22,
// %28, any %XX of two hex digits) or a '+' between two words of which one
// is an operator (AND, OR, NOT, ANDNOT, TO) or the second begins with a
// field's "name:". Other queries with '+' keep their meaning: "+word"
// (required), "C++", "e+e-", "ti:neural+networks" (one word, as the
// analyzer splits it).
struct UrlForm {
  std::string decoded;  // each '+' a space, each %XX its byte
  // For each byte of `decoded`, and one past its end: its offset in the query.
  std::vector<std::size_t> origin;
};

// The query decoded, or nullopt when it is not in URL form.
std::optional<UrlForm> read_url_form(std::string_view query);

// lex_query over form.decoded, its tokens' offsets (and errors') those of
// the query as written; options.literal and options.closed_at_end hold
// offsets in the query too. The tokens view form.decoded.
std::vector<QueryToken> lex_url_form(const UrlForm& form, const LexOptions& options = {});

// Turns the operator tokens (AND, OR, NOT, NEAR) of `tokens` into words where
// the query is prose rather than syntax: everywhere when its letters are all
// capitals ("INFORMATION RETRIEVAL AND EVALUATION", how classic collections
// and old catalogues write requests), and where the operator stands between
// two capitalized words, as in a pasted title ("Retrieval And Evaluation" is
// never an operator; "Retrieval AND Evaluation" is read as the title too).
// Returns the words it turned, in query order.
std::vector<std::string> read_prose_operators_as_words(std::vector<QueryToken>& tokens,
                                                       std::string_view query);

// The field name or long alias closest to `name` ("titel" -> "title"), or
// empty when none is close enough to be a likely typo. arXiv's two- and
// three-letter aliases are no typo targets: "cs" is not a slip for "co".
std::string nearest_field_name(std::string_view name);

// Throws the QuerySyntaxError for `name:` naming no field, with the nearest
// field name as the hint, or else how to search for `written` as text.
[[noreturn]] void throw_unknown_field(std::string_view name, std::size_t position,
                                      std::string_view written = {});

// Throws the QuerySyntaxError for `name:` with nothing after the colon.
[[noreturn]] void throw_empty_value(const schema::Field& field, std::size_t position);
// The same for a name and an example of its value (all:, schema::kPlainWordsName).
[[noreturn]] void throw_empty_value(std::string_view name, std::string_view example,
                                    std::size_t position);

// "text:, title:, ..." (the fields' names, not their aliases) for messages.
std::string field_list();

}  // namespace paperdex::detail
