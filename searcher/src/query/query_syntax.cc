#include "query/query_syntax.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "paperdex/errors.h"
#include "query/query_lexer.h"

namespace paperdex::detail {
namespace {

// Deep enough for any query a person writes; shallow enough that a pasted
// "((((..." or "NOT NOT NOT ..." cannot exhaust the stack.
constexpr int kMaxDepth = 100;

bool starts_unary(const QueryToken& token) {
  switch (token.kind) {
    case QueryTokenKind::kWord:
    case QueryTokenKind::kPhrase:
    case QueryTokenKind::kField:
    case QueryTokenKind::kOpen:
    case QueryTokenKind::kPlus:
    case QueryTokenKind::kMinus:
    case QueryTokenKind::kNot:
      return true;
    default:
      return false;
  }
}

[[noreturn]] void throw_missing_operand(const QueryToken& op) {
  const std::string name(op.text);
  if (op.kind == QueryTokenKind::kPlus || op.kind == QueryTokenKind::kMinus) {
    throw QuerySyntaxError("'" + name + "' needs a word, phrase or group right after it", op.begin);
  }
  if (op.kind == QueryTokenKind::kNear) {
    throw QuerySyntaxError("'" + name +
                               "' needs a word on each side, e.g. 'optical NEAR/3 switch'; write "
                               "'near' to search for the word",
                           op.begin);
  }
  std::string lower;
  for (char c : name) lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  const std::string where = op.kind == QueryTokenKind::kNot ? "after it" : "on each side";
  throw QuerySyntaxError("'" + name + "' needs a word, phrase or group " + where +
                             "; add one, or write '" + lower + "' to search for the word",
                         op.begin);
}

class SyntaxParser {
 public:
  SyntaxParser(std::string_view query, const SyntaxOptions& options)
      : closed_at_end_(options.lex.closed_at_end),
        url_form_(read_url_form(query)),
        tokens_(url_form_ ? lex_url_form(*url_form_, options.lex) : lex_query(query, options.lex)) {
    if (options.prose_operators_are_words) {
      operators_read_as_words_ =
          read_prose_operators_as_words(tokens_, url_form_ ? url_form_->decoded : query);
    }
  }

  QuerySyntax parse() {
    QuerySyntax result;
    if (url_form_) result.url_form = url_form_->decoded;
    result.operators_read_as_words = std::move(operators_read_as_words_);
    result.root = sequence(nullptr, 0);
    if (peek().kind == QueryTokenKind::kClose) {
      throw QuerySyntaxError(
          "unbalanced parenthesis: this ')' has no matching '('; remove it or add a '(' before it",
          peek().begin);
    }
    result.has_operators = has_operators_;
    return result;
  }

 private:
  // Counts one level of nesting for as long as it lives.
  class DepthGuard {
   public:
    DepthGuard(int& depth, std::size_t position) : depth_(depth) {
      if (++depth_ > kMaxDepth) {
        throw QuerySyntaxError("the query is nested too deeply (over " + std::to_string(kMaxDepth) +
                                   " levels of parentheses or operators); simplify it",
                               position);
      }
    }
    ~DepthGuard() { --depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

   private:
    int& depth_;
  };

  const QueryToken& peek() const { return tokens_[next_]; }
  // The lexer ends the list with kEnd, which is never consumed.
  const QueryToken& take() { return tokens_[next_++]; }

  QueryNode sequence(const schema::Field* field, std::size_t position) {
    QueryNode node;
    node.kind = NodeKind::kAnd;
    node.implicit = true;
    node.position = position;
    while (peek().kind != QueryTokenKind::kEnd && peek().kind != QueryTokenKind::kClose) {
      if (!starts_unary(peek())) throw_missing_operand(peek());
      node.children.push_back(or_expr(field));
    }
    return node;
  }

  QueryNode or_expr(const schema::Field* field) {
    QueryNode first = and_expr(field);
    if (peek().kind != QueryTokenKind::kOr) return first;
    QueryNode node = chain(NodeKind::kOr, std::move(first));
    while (peek().kind == QueryTokenKind::kOr) {
      const QueryToken& op = take();
      has_operators_ = true;
      if (!starts_unary(peek())) throw_missing_operand(op);
      node.children.push_back(and_expr(field));
    }
    return node;
  }

  QueryNode and_expr(const schema::Field* field) {
    QueryNode first = unary(field);
    if (peek().kind != QueryTokenKind::kAnd && peek().kind != QueryTokenKind::kNot) return first;
    QueryNode node = chain(NodeKind::kAnd, std::move(first));
    while (peek().kind == QueryTokenKind::kAnd || peek().kind == QueryTokenKind::kNot) {
      const QueryToken& op = take();
      has_operators_ = true;
      if (!starts_unary(peek())) throw_missing_operand(op);
      QueryNode operand = unary(field);
      node.children.push_back(op.kind == QueryTokenKind::kNot
                                  ? negated(std::move(operand), op.begin)
                                  : std::move(operand));
    }
    return node;
  }

  QueryNode unary(const schema::Field* field) {
    const QueryToken& op = peek();
    const bool is_require = op.kind == QueryTokenKind::kPlus;
    const bool is_exclude = op.kind == QueryTokenKind::kMinus || op.kind == QueryTokenKind::kNot;
    if (!is_require && !is_exclude) return near(field);
    DepthGuard guard(depth_, op.begin);
    take();
    if (op.kind == QueryTokenKind::kNot) has_operators_ = true;
    if (!starts_unary(peek())) throw_missing_operand(op);
    QueryNode operand = unary(field);
    return is_require ? required(std::move(operand), op.begin)
                      : negated(std::move(operand), op.begin);
  }

  QueryNode near(const schema::Field* field) {
    QueryNode first = primary(field);
    if (peek().kind != QueryTokenKind::kNear) return first;
    require_near_operand(first);
    QueryNode node = chain(NodeKind::kNear, std::move(first));
    while (peek().kind == QueryTokenKind::kNear) {
      const QueryToken& op = take();
      has_operators_ = true;
      // A chain takes its widest window: "a NEAR/2 b NEAR/5 c" is one
      // window over the three words, which is what a reader expects.
      node.proximity = std::max(node.proximity, op.proximity);
      // A group is parsed only to be refused with its own message.
      if (peek().kind != QueryTokenKind::kWord && peek().kind != QueryTokenKind::kPhrase &&
          peek().kind != QueryTokenKind::kField && peek().kind != QueryTokenKind::kOpen) {
        throw_missing_operand(op);
      }
      QueryNode operand = primary(field);
      require_near_operand(operand);
      node.children.push_back(std::move(operand));
    }
    return node;
  }

  // A node of `kind` written at `first`, which is its first operand; the
  // loop of the caller adds the others.
  static QueryNode chain(NodeKind kind, QueryNode first) {
    QueryNode node;
    node.kind = kind;
    node.position = first.position;
    node.children.push_back(std::move(first));
    return node;
  }

  // NEAR joins words; a group or a boolean operand has no positions.
  static void require_near_operand(const QueryNode& operand) {
    if (operand.kind != NodeKind::kTerm) {
      throw QuerySyntaxError(
          "NEAR joins words, not groups; write the words themselves, e.g. 'a NEAR/3 b'",
          operand.position);
    }
  }

  QueryNode primary(const schema::Field* field) {
    const QueryToken& token = take();
    switch (token.kind) {
      case QueryTokenKind::kWord:
        return term(field, token, token, false);
      case QueryTokenKind::kPhrase:
        return term(field, token, token, true);
      case QueryTokenKind::kOpen:
        return group(field, token);
      case QueryTokenKind::kField:
        if (!token.text.empty()) return term(token.field, token, token, false);
        // The lexer only leaves the value empty when a phrase or group follows.
        if (peek().kind == QueryTokenKind::kPhrase) return term(token.field, token, take(), true);
        if (peek().kind == QueryTokenKind::kOpen) return group(token.field, take());
        // Never so (the lexer reads a quote or '(' read as a separator as no
        // value's start); were it, the next token is no '(' to take.
        if (token.field == nullptr) throw_empty_value(schema::kPlainWordsName, "word", token.begin);
        throw_empty_value(*token.field, token.begin);
      default:
        throw_missing_operand(token);
    }
  }

  QueryNode group(const schema::Field* field, const QueryToken& open) {
    DepthGuard guard(depth_, open.begin);
    QueryNode node = sequence(field, open.begin);
    if (peek().kind == QueryTokenKind::kClose) {
      take();
    } else if (std::find(closed_at_end_.begin(), closed_at_end_.end(), open.begin) ==
               closed_at_end_.end()) {
      // sequence() stops at ')' or at the end: this group runs to the end.
      throw UnclosedError(
          "unbalanced parenthesis: this '(' is never closed; add a ')' or remove it", open.begin);
    }
    if (node.children.empty()) {
      throw QuerySyntaxError("empty parentheses; put words inside them or remove them", open.begin);
    }
    return node;
  }

  static QueryNode term(const schema::Field* field, const QueryToken& start,
                        const QueryToken& value, bool quoted) {
    // A filter's value holding a syntax error (LexOptions::literal) is no
    // value it takes: it is words, not the field's name ("year:20x5" is the
    // word "20x5").
    if (value.literal && field != nullptr && schema::is_filter(field->kind)) {
      return term(nullptr, value, value, quoted);
    }
    QueryNode node;
    node.kind = NodeKind::kTerm;
    node.field = field;
    node.position = start.begin;
    node.text = std::string(value.text);
    node.text_position = value.text_begin;
    node.quoted = quoted;
    node.literal = value.literal;
    node.proximity = quoted ? value.proximity : 0;
    return node;
  }

  // "NOT -x" and "-NOT x" read as x; "+NOT x" as NOT x, because requiring
  // an exclusion adds nothing to it.
  static QueryNode negated(QueryNode operand, std::size_t position) {
    if (operand.kind == NodeKind::kNot) return std::move(operand.children.front());
    if (operand.kind == NodeKind::kRequire) operand = std::move(operand.children.front());
    return wrap(NodeKind::kNot, std::move(operand), position);
  }

  static QueryNode required(QueryNode operand, std::size_t position) {
    if (operand.kind == NodeKind::kNot || operand.kind == NodeKind::kRequire) return operand;
    return wrap(NodeKind::kRequire, std::move(operand), position);
  }

  static QueryNode wrap(NodeKind kind, QueryNode operand, std::size_t position) {
    QueryNode node;
    node.kind = kind;
    node.position = position;
    node.children.push_back(std::move(operand));
    return node;
  }

  // The '(' offsets closed at the end of the query (LexOptions::closed_at_end).
  std::vector<std::size_t> closed_at_end_;
  std::optional<UrlForm> url_form_;  // the tokens view its text
  std::vector<QueryToken> tokens_;
  std::size_t next_ = 0;
  int depth_ = 0;
  bool has_operators_ = false;
  std::vector<std::string> operators_read_as_words_;
};

}  // namespace

QuerySyntax parse_query_syntax(std::string_view query, const SyntaxOptions& options) {
  return SyntaxParser(query, options).parse();
}

}  // namespace paperdex::detail
