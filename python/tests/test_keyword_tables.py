"""Issue #29: each keyword table (paperdex._keyword_tables, one row per keyword
argument of Searcher(), Searcher.search, index() and Writer(): name, default, .pyi
annotation, help) is what paperdex.pyi and the docstring say."""
import ast
import os

import pytest

import paperdex

STUB = os.path.join(os.path.dirname(paperdex.__file__), "paperdex.pyi")


def stub_function(qualified):
    """The stub's def of "index" or "Writer.__init__"."""
    scope = ast.parse(open(STUB).read())
    for name in qualified.split("."):
        scope = next(node for node in scope.body
                     if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name == name)
    return scope


def bound_function(qualified):
    function = paperdex
    for name in qualified.split("."):
        function = getattr(function, name)
    return function


def test_every_keyword_table_is_published():
    assert set(paperdex._keyword_tables) == {"Searcher.__init__", "Searcher.search", "index", "Writer.__init__"}
    names = tuple(row[0] for row in paperdex._keyword_tables["Searcher.search"])
    assert names == paperdex.Searcher.search_keywords


@pytest.mark.parametrize("function", sorted(paperdex._keyword_tables))
def test_the_stub_and_the_docstring_follow_the_keyword_table(function):
    rows = paperdex._keyword_tables[function]
    args = stub_function(function).args
    stub = [(arg.arg, ast.literal_eval(default), ast.unparse(arg.annotation))
            for arg, default in zip(args.kwonlyargs, args.kw_defaults)]
    assert stub == [(name, default, annotation) for name, default, annotation, _ in rows]
    # 0, 0.0 and False are equal: the stub's defaults must have the table's types too.
    assert [type(default) for _, default, _ in stub] == [type(row[1]) for row in rows]
    doc = bound_function(function).__doc__
    for name, default, _, help in rows:
        assert "  %s = %r: %s\n" % (name, default, help) in doc
