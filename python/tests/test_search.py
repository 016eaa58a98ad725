"""Searching through the module, checked against paperdex-search on the same index."""
import ast
import os

import pytest

import paperdex
from conftest import SOURCE_DIR, cli_run, cli_search, cli_stats, stub_class

# Python keywords -> the paperdex-search options that ask for the same search.
CASES = [
    ("optical circuit switch", {}, []),
    ("neural network", {"subject": "cs", "year": "2015.."}, ["--subject", "cs", "--year", "2015.."]),
    ("quantum", {"limit": 3, "offset": 4, "sort": "newest"},
     ["--limit", "3", "--offset", "4", "--sort", "newest"]),
    ("graph learning", {"match": "any", "explain": True}, ["--any", "--explain"]),
    ("model", {"facet": "author", "snippet": 80}, ["--facet", "author", "--snippet", "80"]),
    ("", {"subject": ["hep-ph", "hep-th"], "limit": 2}, ["--subject", "hep-ph", "--subject", "hep-th",
                                                          "--limit", "2"]),
    ("optcal swich", {}, []),
    ("optcal swich", {"correct": True}, ["--correct"]),
    ("detector", {"facets": False}, ["--no-facets"]),
]


@pytest.mark.parametrize("query,keywords,options", CASES)
def test_to_dict_is_the_cli_json(corpus_index, query, keywords, options):
    with paperdex.Searcher(corpus_index) as searcher:
        result = searcher.search(query, **keywords)
    status, cli_json, stderr = cli_search(corpus_index, query, *options)
    # The CLI's exit status says whether it found anything, as grep's does.
    assert status == (0 if result.hits else 1), stderr
    assert result.to_dict() == cli_json


def test_hits_are_plain_values(searcher):
    result = searcher.search("optical circuit switch", limit=5)
    assert 0 < len(result) <= 5
    assert result.total >= len(result) and result.total_exact
    assert list(result) == list(result.hits) or [h.id for h in result] == [h.id for h in result.hits]
    first = result[0]
    assert isinstance(first.id, str) and first.id
    assert isinstance(first.authors, list) and all(isinstance(a, str) for a in first.authors)
    assert isinstance(first.year, int) and isinstance(first.score, float) and first.score > 0
    assert isinstance(str(first.title), str)
    # Every span is inside the text and covers a matched word.
    for text in (first.title, first.snippet):
        for begin, end in text.spans:
            assert 0 <= begin < end <= len(text.text.encode("utf-8"))
        assert "".join(run for run, _ in text.runs()) == text.text
    assert any(matched for _, matched in first.title.runs() + first.snippet.runs())
    assert first.title.render("[", "]", False).count("[") == len(first.title.spans)
    hit_dict = first.to_dict()
    assert hit_dict == result.to_dict()["hits"][0]


def test_paging_splits_one_ranking(searcher):
    whole = [h.id for h in searcher.search("quantum", limit=10)]
    assert len(whole) == 10
    first = [h.id for h in searcher.search("quantum", limit=5)]
    second = [h.id for h in searcher.search("quantum", limit=5, offset=5)]
    assert first + second == whole
    past = searcher.search("quantum", offset=100000)
    assert len(past) == 0 and past.total > 0


def test_facets_count_the_matches(searcher):
    result = searcher.search("network")
    assert sum(f.count for f in result.year_facets) <= result.total
    assert sum(f.count for f in result.subject_facets) >= result.total  # papers have 1+ subjects
    assert result.facets["subject"] == {f.value: f.count for f in result.subject_facets}
    assert result.facets["year"] == {f.value: f.count for f in result.year_facets}
    counts = [f.count for f in result.subject_facets]
    assert counts == sorted(counts, reverse=True)
    named = [f for f in result.subject_facets if f.label]
    assert named, "subjects carry their taxonomy names"
    assert "author" not in result.facets
    authors = searcher.search("network", facet="author")
    assert authors.author_facets and "author" in authors.facets
    without = searcher.search("network", facets=False)
    assert without.subject_facets == [] and without.facets == {"subject": {}, "year": {}}


def test_totals_are_exact_without_facets(searcher):
    # facets=False once gave the page pass's estimate ("about 0" for 11).
    for query in ("optical circuit switch", "network",
                  "scheduling optical circuit switches in data center networks"):
        for limit in (0, 10):
            counted = searcher.search(query, limit=limit)
            uncounted = searcher.search(query, limit=limit, facets=False)
            assert uncounted.total_exact and counted.total_exact
            assert (uncounted.total, uncounted.all_words_total) == (
                counted.total, counted.all_words_total), (query, limit)


def test_filters_restrict_the_hits(searcher):
    by_year = searcher.search("network", year="2020..", limit=50)
    assert len(by_year) > 0 and all(h.year >= 2020 for h in by_year)
    by_subject = searcher.search("network", subject=["cs.NI"], limit=50)
    assert len(by_subject) > 0
    assert all(any(s in ("cs.NI",) for s in h.subjects) for h in by_subject)
    author = searcher.search("network", facet="author").author_facets[0]
    by_author = searcher.search("network", author=author.value, limit=100)
    assert by_author.total == author.count
    newest = [h.year for h in searcher.search("", subject="cs", sort="newest", limit=20)]
    assert newest == sorted(newest, reverse=True)
    oldest = [h.year for h in searcher.search("", subject="cs", sort="oldest", limit=20)]
    assert oldest == sorted(oldest)


def test_match_any_widens(searcher):
    every = searcher.search("optical photon detector")
    any_word = searcher.search("optical photon detector", match="any")
    assert any_word.match_set == "any_word"
    assert any_word.total >= every.all_words_total


def test_suggestion_and_like(searcher):
    suggested = searcher.search("optcal swich")
    assert suggested.suggestion and not suggested.corrected
    corrected = searcher.search("optcal swich", correct=True)
    assert corrected.corrected and len(corrected) > 0
    assert searcher.search("optical switch", suggest=False).suggestion is None
    paper = searcher.search("optical circuit switch", limit=1)[0]
    similar = searcher.search(like=paper.id, limit=5)
    assert len(similar) > 0 and paper.id not in [h.id for h in similar]


def test_explain_fills_explanations(searcher):
    hit = searcher.search("optical switch", explain=True, limit=1)[0]
    assert hit.explanation
    assert sum(t.weight for t in hit.explanation) == pytest.approx(hit.score, rel=1e-6)
    assert {t.field for t in hit.explanation} <= {"text", "title", "author", "subject", "year",
                                                  "id", "doi", "journal", "comments"}


@pytest.mark.parametrize("keywords,error", [
    ({"limt": 3}, TypeError),
    ({"sort": "best"}, ValueError),
    ({"match": "most"}, ValueError),
    ({"limit": -1}, ValueError),
    ({"limit": "3"}, TypeError),
    ({"limit": 2.5}, TypeError),
    ({"subject": 3}, TypeError),
    ({"subject": ["cs", 3]}, TypeError),
    ({"facets": "3"}, TypeError),
    ({"explain": 1}, TypeError),
    ({"no_cross_lists": "yes"}, TypeError),
    ({"like": 7}, TypeError),
])
def test_bad_keywords_are_refused(searcher, keywords, error):
    with pytest.raises(error) as raised:
        searcher.search("optical", **keywords)
    assert list(keywords)[0] in str(raised.value)


def test_unknown_keyword_suggests_the_right_one(searcher):
    with pytest.raises(TypeError, match="did you mean 'limit'"):
        searcher.search("optical", limt=3)


def stub_search():
    """Searcher.search as the stub declares it."""
    return next(n for n in stub_class("Searcher").body
                if isinstance(n, ast.FunctionDef) and n.name == "search")


def test_stub_and_docstring_list_every_keyword():
    """The .pyi stub and help() must follow the keyword table (SearchRequest's fields)."""
    keywords = paperdex.Searcher.search_keywords
    assert {"subject", "year", "author", "no_cross_lists", "limit", "offset", "sort", "facets",
            "facet", "like", "explain", "match", "snippet", "suggest", "correct",
            "strict_syntax"} <= set(keywords)
    doc = paperdex.Searcher.search.__doc__
    for name in keywords:
        assert "  %s = " % name in doc
    assert tuple(a.arg for a in stub_search().args.kwonlyargs) == keywords


def test_stub_defaults_are_the_library_defaults():
    search = stub_search()
    doc = paperdex.Searcher.search.__doc__
    for arg, default in zip(search.args.kwonlyargs, search.args.kw_defaults):
        assert "  %s = %s:" % (arg.arg, ast.unparse(default).replace('"', "'")) in doc


def test_repr_reads_well(searcher):
    result = searcher.search("optical circuit switch", limit=3)
    text = repr(result)
    assert "'optical circuit switch'" in text and "of %d" % result.total in text
    for hit in result:
        assert hit.id in text
    assert "<table>" in result._repr_html_()
    assert repr(result[0]).startswith("Hit('%s'" % result[0].id)
    assert "papers" in repr(searcher) and searcher.path in repr(searcher)


def test_index_info_is_the_cli_stats(corpus_index, searcher):
    info = searcher.index_info()
    assert info.documents == searcher.document_count > 0
    assert info.first_year <= info.last_year
    assert info.to_dict() == cli_stats(corpus_index)
    versions = searcher.analysis_versions()
    assert versions.searcher and not versions.differ


def test_closed_searcher_raises(corpus_index):
    searcher = paperdex.Searcher(corpus_index)
    searcher.close()
    assert searcher.closed
    with pytest.raises(paperdex.Error, match="closed"):
        searcher.search("optical")


@pytest.mark.parametrize("old,new,value", [
    ("subjects", "subject", ["cs.NI"]),
    ("years", "year", "2015.."),
    ("authors", "author", "Zhida Jiang"),
    ("author_facet", "facet", True),
    ("snippet_bytes", "snippet", 80),
    ("time_limit_seconds", "time_limit", 5),
])
def test_old_keywords_still_work_and_say_what_to_write(searcher, old, new, value):
    with pytest.warns(DeprecationWarning, match="%s is deprecated; use %s" % (old, new)):
        before = searcher.search("network", **{old: value}).to_dict()
    now_value = "author" if old == "author_facet" else value
    assert before == searcher.search("network", **{new: now_value}).to_dict()


def test_every_keyword_is_a_cli_option_and_an_http_parameter(corpus_index):
    """One name per parameter: Python's keywords are paperdex-search's options
    (dashes for underscores); the server sets the time limit and partial results."""
    run = cli_run(corpus_index, "--help")
    for keyword in paperdex.Searcher.search_keywords:
        assert "--" + keyword.replace("_", "-") in run.stdout
    api = open(os.path.join(SOURCE_DIR, "docs", "http-api.md")).read()
    for keyword in set(paperdex.Searcher.search_keywords) - {"time_limit", "allow_partial"}:
        assert "| `%s` |" % keyword.replace("_", "-") in api
