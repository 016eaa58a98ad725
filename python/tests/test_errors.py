"""The library's errors as Python exceptions, with what the CLI shows of them."""
import subprocess

import pytest

import paperdex
from conftest import SEARCH_BIN

BAD_QUERIES = ['optical "circuit switch', "titel:scheduling", "year:20x4", "(optical OR switch",
               "subject:physic", "optical NEAR/ switch", "ünïcode year:2020..2010"]


@pytest.mark.parametrize("query", BAD_QUERIES)
def test_query_syntax_error_points_where_the_cli_does(corpus_index, searcher, query):
    with pytest.raises(paperdex.QuerySyntaxError) as raised:
        searcher.search(query)
    error = raised.value
    assert isinstance(error, paperdex.Error)
    assert error.query == query
    assert 0 <= error.position <= len(query.encode("utf-8"))
    run = subprocess.run([SEARCH_BIN, "--db", corpus_index, "--", query], capture_output=True,
                         text=True)
    assert run.returncode == 2
    # paperdex-search: MESSAGE (HINT) / "  QUERY" / "  ^" under the problem.
    first, query_line, caret_line = run.stderr.rstrip("\n").split("\n")[-3:]
    assert first == "paperdex-search: %s" % error + (" (%s)" % error.hint if error.hint else "")
    assert query_line == "  " + query
    # The CLI puts its caret error.position columns in (bytes); marked() puts it
    # under the character at that byte, which differs only for non-ASCII text.
    assert caret_line == "  " + " " * error.position + "^"
    characters_before = len(query.encode("utf-8")[: error.position].decode("utf-8"))
    assert error.marked().split("\n")[1:] == [query_line, "  " + " " * characters_before + "^"]


def test_hint_names_the_field(searcher):
    with pytest.raises(paperdex.QuerySyntaxError) as raised:
        searcher.search("titel:scheduling")
    assert "title" in raised.value.hint
    assert raised.value.position == 0


def test_filter_errors_are_query_syntax_errors(searcher):
    with pytest.raises(paperdex.QuerySyntaxError):
        searcher.search("optical", years="20x4")


def test_missing_index(tmp_path):
    with pytest.raises(paperdex.DatabaseNotFoundError) as raised:
        paperdex.Searcher(str(tmp_path / "nothing-here"))
    assert "nothing-here" in str(raised.value)
    assert isinstance(raised.value, paperdex.Error)


def test_like_an_unknown_paper(searcher):
    with pytest.raises(paperdex.Error):
        searcher.search(like="9999.99999")


def test_second_writer_is_locked_out(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path):
        with pytest.raises(paperdex.DatabaseLockedError):
            paperdex.Writer(path)


def test_not_a_paperdex_index(tmp_path):
    # A Xapian database without paperdex's schema metadata.
    path = tmp_path / "other"
    path.mkdir()
    (path / "iamchert").write_text("not a database\n")
    with pytest.raises(paperdex.Error):
        paperdex.Searcher(str(path))


def test_exception_classes_mirror_the_library():
    for name in ["DatabaseNotFoundError", "SchemaVersionError", "DatabaseLockedError",
                 "QuerySyntaxError", "IoError", "RecordError"]:
        assert issubclass(getattr(paperdex, name), paperdex.Error)
    assert paperdex.SchemaMismatchError is paperdex.SchemaVersionError
    error = paperdex.QuerySyntaxError("bad", 3, "try this", "abcdef")
    assert (error.position, error.hint, error.query, str(error)) == (3, "try this", "abcdef", "bad")
