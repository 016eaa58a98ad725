#include "syntax_help.h"

namespace paperdex::cli {

std::string syntax_help() {
  return R"(paperdex-search query syntax

Which papers match (the match rule; JSON "match_rule")
  optical circuit switch    up to 3 words: papers with every word, in the title
                            or the abstract; when no paper has them all, papers
                            with any of them, most words first
  a longer query            4 words or more (a sentence, a pasted title): papers
                            with any of the words, ranked by relevance; English
                            function words (the, of, which...) do not count
  a AND b, "a b", (a b)     written operators are taken as written
The rule depends on the query and the filters alone: every page shows the same
total and facets. --any matches any word whatever the length.

Words
  optical circuit switch    words match in the title or the abstract
                            (title matches weigh double); words are stemmed, so
                            switch finds switching, and accents and case are
                            folded: Bjorn finds Bj\"{o}rn and Björn; British
                            spellings match American: tumour finds tumor;
                            Greek letters match their names: γ finds gamma
  knock-down                a hyphenated word matches its joined spelling too,
                            and back: knockdown finds knock-down
  +word  -word              require a word (useful with --any), exclude one
  "circuit switch"          a phrase: the words in this order
  "optical switch"~3        the words within 3 positions of each other, any order
  optical NEAR/3 switch     the same; a bare NEAR is NEAR/10; chains take the
                            widest window: a NEAR/2 b NEAR/5 c
  optim*                    words starting with optim (optimal, optimization...);
                            a pattern matching over 200 words is an error
  a OR b, a AND b, NOT a    operators, in capitals; OR binds tighter than the
  (a OR b) -c               space between words: 'a OR b c' is (a OR b) AND c;
                            in a query written all in capitals, or between two
                            capitalized words (Retrieval AND Evaluation), AND,
                            OR, NOT and NEAR are words

Fields (name:value; name:"a phrase"; name:(a OR b))
  title:word                      the title only
  text:word  abstract:word        title and abstract: what a plain word searches
  author:zhao                     any author with that name part
  author:"Zhida Jiang"            that name (accents and case ignored)
  journal:"Phys. Rev."  comments:"10 pages"
  subject:cs.NI                   a category
  subject:cs  subject:hep-th      an archive
  subject:physics                 a group: cs, econ, eess, math, physics, q-bio,
                                  q-fin, stat ('physics' is the group, which
                                  includes astro-ph, cond-mat, hep-*, quant-ph...)
                                  Aliases are one category: cs.NA = math.NA,
                                  cs.IT = math.IT, math.ST = stat.TH, ...; a
                                  retired category counts under its successor
                                  (subject:math.AG includes alg-geom).
  year:2024  year:2020..2024  year:2020..  year:..2010
  id:2101.00001  id:2101.00001v2  id:cs/9301111  arXiv:2101.00001
                                  a paper, any version; old-style ids too
  doi:10.1145/3544216.3544265     also as https://doi.org/...

Filters (subject:, year:, id:, doi:) narrow the results without changing the
ranking; a query of filters alone lists every match, newest first.

A query never fails for its syntax: what is not valid syntax is searched as
words, and a "Note:" line (JSON "notes") says what and why: an unclosed quote
or parenthesis, a stray ), an unknown field or subject (with the nearest known
name), a field with no value, a malformed year, an operator missing a side, a
NEAR/ or ~ without a number, a wildcard that is too broad. --strict-syntax
rejects them instead, with the place marked (^) and a hint (exit 2). A word the
index does not have gets a "Did you mean" (--correct searches the correction
directly).
)";
}

}  // namespace paperdex::cli
