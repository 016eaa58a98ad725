"""Saved searches from Python: the semantics of paperdex-search --save/--saved/--new."""
import pytest

import paperdex
from conftest import paper_record


def record(number, **fields):
    """A paper of these tests: in cs.NI alone, by one author, all updated on one day."""
    return paper_record(number, **{
        "abstract": "We schedule optical circuit switches, case %d." % number,
        "authors": "Ada Example", "categories": "cs.NI", "update_date": "2024-01-01", **fields})


def test_new_papers_versions_and_cross_lists_once(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path) as writer:
        for number in (1, 2, 3):
            writer.add(record(number))
    with paperdex.Searcher(path) as searcher:
        searcher.save_search("switching", "optical", subject=["cs.NI"], limit=3)
        saved = searcher.saved_search("switching")
        assert (saved.query, saved.subjects, saved.new_papers) == ("optical", ["cs.NI"], 0)
        assert saved.seen == saved.saved
    with paperdex.Writer(path) as writer:
        writer.add(record(4))  # new
        writer.add(record(1, update_date="2024-02-01", versions=[
            {"version": "v1", "created": "Mon, 1 Jan 2024 10:00:00 GMT"},
            {"version": "v2", "created": "Thu, 1 Feb 2024 10:00:00 GMT"}]))  # new version
        writer.add(record(2, update_date="2024-02-01", categories="cs.NI cs.DC"))  # cross-list
        writer.add(record(3, update_date="2024-02-01", abstract="A fixed typo."))  # no news
    with paperdex.Searcher(path) as searcher:
        assert [(s.name, s.new_papers) for s in searcher.saved_searches()] == [("switching", 3)]
        marks = {hit.id: hit.news for hit in searcher.search_saved("switching", limit=10)}
        assert marks == {"2401.00001": "new version", "2401.00002": "cross-listed",
                         "2401.00003": "", "2401.00004": "new"}
        new = searcher.search_new("switching", limit=10)
        assert sorted((hit.id, hit.news) for hit in new) == [
            ("2401.00001", "new version"), ("2401.00002", "cross-listed"), ("2401.00004", "new")]
        assert new[0].to_dict()["news"] == new[0].news
        assert len(searcher.search_new("switching")) == 0
        paper = searcher.get("2401.00003")
        assert paper.added == paper.changed  # the typo fix changed nothing new
        assert [h.id for h in searcher.search("optical", sort="added", limit=1)] == ["2401.00004"]
        searcher.delete_saved_search("switching")
        assert searcher.saved_searches() == []


def test_bad_and_unknown_names_raise(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path) as writer:
        writer.add(record(1))
    with paperdex.Searcher(path) as searcher:
        with pytest.raises(paperdex.SavedSearchError) as bad:
            searcher.save_search("no spaces", "optical")
        assert bad.value.name == "no spaces"
        with pytest.raises(paperdex.SavedSearchError, match="no saved search 'missing'"):
            searcher.search_new("missing")
        with paperdex.Writer(path):
            with pytest.raises(paperdex.DatabaseLockedError):
                searcher.save_search("switching", "optical")
