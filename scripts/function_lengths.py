#!/usr/bin/env python3
"""Functions longer than a bound in C++ sources: the project's rule that no
function in common/, indexer/, searcher/, presentation/, python/, cli/ or
serve/ is over 80 lines (from its opening brace's line to its closing one, as
clang-tidy's readability-function-size counts them), checked without a
compiler.

  scripts/function_lengths.py [--max-lines 80] DIR_OR_FILE...

Prints "LINES FILE:LINE SIGNATURE" for each longer function, longest first,
and exits 1 when there is one. A function body is a brace block whose
opening follows a parameter list and that is not inside another function
(a lambda counts towards the function that holds it); the source is read
with comments, string and character literals (raw strings too) blanked out,
so braces in them do not count. It parses no C++ beyond that: macros that
open braces would confuse it (the project has none).
"""
import argparse
import os
import re
import sys

CONTROL = re.compile(r"\b(if|for|while|switch|catch|return)\b")
SIGNATURE_END = re.compile(
    r"\)\s*(const|noexcept|override|final|mutable|&|&&|->\s*[\w:<>,\s*&]+|\s)*$"
)
NOT_FUNCTION = re.compile(r"^\s*(namespace|struct|class|enum|union|extern)\b")


def blank_literals(text):
    """`text` with comments and literals replaced by spaces, newlines kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i + m.end())
            end = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2 : end]))
            i = end
        elif c == '"' or (c == "'" and not (i and text[i - 1].isalnum())):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def long_functions(path, max_lines):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = blank_literals(f.read())
    found = []
    stack = []  # (is_function, line, signature)
    statement = ""
    line = 1
    for c in text:
        if c == "\n":
            line += 1
            statement += " "
        elif c == "{":
            head = statement.strip()
            in_function = any(entry[0] for entry in stack)
            last_clause = re.split(r"[;{}]", head)[-1]
            is_function = (
                not in_function
                and SIGNATURE_END.search(head) is not None
                and NOT_FUNCTION.match(head) is None
                and CONTROL.search(last_clause.split("(")[0]) is None
            )
            stack.append((is_function, line, " ".join(head.split())[-90:]))
            statement = ""
        elif c == "}":
            if stack:
                is_function, start, signature = stack.pop()
                if is_function and line - start + 1 > max_lines:
                    found.append((line - start + 1, path, start, signature))
            statement = ""
        elif c == ";":
            statement = ""
        else:
            statement += c
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-lines", type=int, default=80)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    found = []
    for root in args.paths:
        files = [root] if os.path.isfile(root) else [
            os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith((".cc", ".h"))
        ]
        if not files:
            sys.exit("function_lengths: no C++ sources under " + root)
        for path in sorted(files):
            found += long_functions(path, args.max_lines)
    for lines, path, start, signature in sorted(found, reverse=True):
        print("%d %s:%d %s" % (lines, path, start, signature))
    if found:
        print("function_lengths: %d function(s) over %d lines; split them" % (len(found), args.max_lines))
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
