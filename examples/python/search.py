#!/usr/bin/env python3
"""Searches an index and prints a page of hits with highlights and facets.

usage: search.py INDEX_DIR QUERY [SUBJECT...]
"""
import sys

import paperdex


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    db, query, subjects = sys.argv[1], sys.argv[2], sys.argv[3:]
    try:
        with paperdex.Searcher(db) as searcher:
            # strict_syntax: show the user where the query goes wrong, instead of
            # searching what is not valid syntax as words (the default).
            result = searcher.search(query, subject=subjects, limit=5, facet="author",
                                     strict_syntax=True)
    except paperdex.QuerySyntaxError as error:
        print(error.marked(), file=sys.stderr)  # the query with a caret under the problem
        if error.hint:
            print("hint:", error.hint, file=sys.stderr)
        sys.exit(2)
    except paperdex.Error as error:
        print(error, file=sys.stderr)
        sys.exit(2)

    if result.suggestion:
        print("Did you mean:", result.suggestion)
    print("%d matching papers (%s)" % (result.total, result.match_set))
    for hit in result:
        print("%s (%d) %s" % (hit.id, hit.year, hit.title.render("[", "]", html_escape=False)))
        print("    " + hit.snippet.render("[", "]", html_escape=False))
    for name, counts in result.facets.items():
        print("%s: %s" % (name, " ".join("%s=%d" % item for item in counts.items())))


if __name__ == "__main__":
    main()
