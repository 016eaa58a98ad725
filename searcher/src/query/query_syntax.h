// The query language's syntax tree and its recursive-descent parser. Private
// to the query parser: the translator (query_translation.cc) turns the tree into a
// Xapian::Query.
//
// Grammar, loosest binding first:
//
//   query    := sequence END
//   sequence := or_expr*                      juxtaposition: the MatchMode's operator
//   or_expr  := and_expr ("OR" and_expr)*
//   and_expr := unary (("AND" unary) | ("NOT" unary))*     "a NOT b" = "a AND NOT b"
//                                              ANDNOT (arXiv's API) is NOT
//   unary    := ("+" | "-" | "NOT") unary | near
//   near     := primary ("NEAR" primary)*            NEAR/n: within n words; operands are terms
//   primary  := WORD | PHRASE | FIELD value | "(" sequence ")"
//   value    := WORD | PHRASE | "(" sequence ")"     the field applies to every term inside
//
// A PHRASE may carry a proximity, "a b"~n (its words within n positions, any
// order); a WORD ending in '*' is a trailing wildcard (the translator's
// business, as is everything about what a term's text means).
//
// So OR binds tighter than the space between words, as in Google's and
// arXiv's search boxes: `a OR b c` is (a OR b) AND c, which is what people
// mean by "transformer OR attention pruning". Written operators keep the
// usual boolean order among themselves (NOT, then AND, then OR): `a OR b AND
// c` is a OR (b AND c). Operators are recognized only in capitals; lowercase
// and/or/not/near are words. NEAR binds tightest: `a NEAR b c` is (a NEAR b) c.
//
// A query copied from an arXiv API URL ("ti:neural+AND+au:hinton") is read
// decoded (UrlForm, query_lexer.h), its offsets those of the query as written.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "paperdex/common/schema.h"
#include "query/query_lexer.h"

namespace paperdex::detail {

enum class NodeKind {
  kTerm,     // a word or quoted phrase, with its field (nullptr: free text)
  kAnd,      // every child must match; `implicit` when written by juxtaposition
  kOr,       // any child
  kNot,      // one child, excluded ("-x", "NOT x")
  kRequire,  // one child, required even in MatchMode::kAnyWord ("+x")
  kNear,     // children are kTerm nodes whose words lie within `proximity` positions
};

struct QueryNode {
  NodeKind kind = NodeKind::kAnd;
  std::size_t position = 0;  // byte offset of what the node was written with
  // kTerm:
  const schema::Field* field = nullptr;
  std::string text;               // the word or phrase content, as written
  std::size_t text_position = 0;  // byte offset of `text` (for errors in a value)
  bool quoted = false;
  bool literal = false;  // text as written: never a wildcard (see LexOptions)
  // kTerm: "..."~n (0 = an exact phrase); kNear: the n of NEAR/n.
  std::size_t proximity = 0;
  // kAnd:
  bool implicit = false;
  std::vector<QueryNode> children;
};

struct QuerySyntax {
  QueryNode root;              // an implicit kAnd of the top-level clauses
  bool has_operators = false;  // AND, OR, NOT, ANDNOT or NEAR was written (and read as one)
  // The query decoded, when it was read in arXiv's URL form (UrlForm); else empty.
  std::string url_form;
  // Operators read as words because the query is prose (see
  // read_prose_operators_as_words), in query order.
  std::vector<std::string> operators_read_as_words;
};

struct SyntaxOptions {
  LexOptions lex;
  bool prose_operators_are_words = false;  // read_prose_operators_as_words
};

// Throws QuerySyntaxError (unbalanced quotes or parentheses, unknown fields,
// operators missing an operand, empty parentheses); UnclosedError for a
// quote or '(' never closed, unless options.lex.closed_at_end closes it.
QuerySyntax parse_query_syntax(std::string_view query, const SyntaxOptions& options = {});

}  // namespace paperdex::detail
