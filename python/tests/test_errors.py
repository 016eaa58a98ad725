"""The library's errors as Python exceptions, with what the CLI shows of them."""

import pytest

import paperdex
from conftest import cli_run

BAD_QUERIES = ['optical "circuit switch', "titel:scheduling", "year:20x4", "(optical OR switch",
               "subject:physic", "optical NEAR/ switch", "ünïcode year:2020..2010"]


@pytest.mark.parametrize("query", BAD_QUERIES)
def test_query_syntax_error_points_where_the_cli_does(corpus_index, searcher, query):
    with pytest.raises(paperdex.QuerySyntaxError) as raised:
        searcher.search(query, strict_syntax=True)
    error = raised.value
    assert isinstance(error, paperdex.Error)
    assert error.query == query
    assert 0 <= error.position <= len(query.encode("utf-8"))
    run = cli_run(corpus_index, "--strict-syntax", "--", query)
    assert run.returncode == 2
    # paperdex-search: MESSAGE (HINT) / "  QUERY" / "  ^" under the problem.
    first, query_line, caret_line = run.stderr.rstrip("\n").split("\n")[-3:]
    assert first == "paperdex-search: %s" % error + (" (%s)" % error.hint if error.hint else "")
    assert query_line == "  " + query
    # Both put the caret under the character at error.position (a byte offset),
    # counted in columns, which differs from bytes for non-ASCII text.
    characters_before = len(query.encode("utf-8")[: error.position].decode("utf-8"))
    assert caret_line == "  " + " " * characters_before + "^"
    assert error.marked().split("\n")[1:] == [query_line, caret_line]


def test_hint_names_the_field(searcher):
    with pytest.raises(paperdex.QuerySyntaxError) as raised:
        searcher.search("titel:scheduling", strict_syntax=True)
    assert "title" in raised.value.hint
    assert raised.value.position == 0


@pytest.mark.parametrize("query", BAD_QUERIES)
def test_by_default_invalid_syntax_is_read_as_words(searcher, query):
    result = searcher.search(query)
    assert result.notes, "a note says what was read as words"
    assert result.to_dict()["notes"] == result.notes


def test_match_rule_is_told(searcher):
    assert searcher.search("optical circuit switch").match_rule == "short_query"
    long_query = searcher.search("scheduling optical circuit switches in data center networks")
    assert long_query.match_rule == "long_query"
    assert long_query.match_set == "most_words"
    assert (long_query.words_needed, long_query.words_searched) == (6, 7)
    assert long_query.ranked_total > long_query.total >= long_query.all_words_total
    assert long_query.to_dict()["match_rule"] == "long_query"
    assert long_query.to_dict()["ranked_total"] == long_query.ranked_total


def test_filter_errors_are_query_syntax_errors(searcher):
    with pytest.raises(paperdex.QuerySyntaxError):
        searcher.search("optical", year="20x4")


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
