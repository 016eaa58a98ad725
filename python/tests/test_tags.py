"""Tags and recommendations from Python: Searcher.add_to_tag, tags, recommend, and the
same answers as paperdex-search --recommend."""
import pytest

import paperdex
from conftest import cli_run, paper_record


def library(path):
    """Optical switching papers (1-4) beside graph theory ones (5-7)."""
    with paperdex.Writer(path) as writer:
        for number in (1, 2, 3, 4):
            writer.add(paper_record(number, doi="10.1000/ocs.%d" % number))
        for number, title in ((5, "Graph coloring heuristics"), (6, "Planar graph minors"),
                              (7, "Spectral graph partitioning")):
            writer.add(paper_record(number, title=title, categories="math.CO",
                                    authors="Alan Turing",
                                    abstract="Sparse graphs, their minors and colorings %d."
                                    % number))


def test_tags_added_listed_removed(tmp_path):
    path = str(tmp_path / "index")
    library(path)
    with paperdex.Searcher(path) as searcher:
        change = searcher.add_to_tag("reading", ["2401.00001v1", "10.1000/ocs.2", "9999.99999"])
        assert change.changed == ["2401.00001", "2401.00002"]
        assert change.not_found == ["9999.99999"]
        assert change.tag.papers == ["2401.00001", "2401.00002"]
        assert searcher.add_to_tag("reading", "2401.00001").unchanged == ["2401.00001"]
        assert [(t.name, t.papers) for t in searcher.tags()] == [
            ("reading", ["2401.00001", "2401.00002"])]
        assert searcher.tag("reading").created <= searcher.tag("reading").changed
        removed = searcher.remove_from_tag("reading", ["2401.00002"])
        assert removed.changed == ["2401.00002"] and removed.tag.papers == ["2401.00001"]
        searcher.delete_tag("reading")
        assert searcher.tags() == []
        with pytest.raises(paperdex.TagError, match="no tag 'reading'") as unknown:
            searcher.tag("reading")
        assert unknown.value.name == "reading"
        with pytest.raises(paperdex.TagError, match="a tag's name is"):
            searcher.add_to_tag("no spaces", ["2401.00001"])


def test_recommend_matches_the_cli_and_says_why(tmp_path):
    path = str(tmp_path / "index")
    library(path)
    with paperdex.Searcher(path) as searcher:
        searcher.add_to_tag("ocs", ["2401.00001", "2401.00002"])
        result = searcher.recommend("ocs", limit=10)
        ids = [hit.id for hit in result]
        assert "2401.00001" not in ids and "2401.00002" not in ids
        assert set(ids[:2]) == {"2401.00003", "2401.00004"}
        for hit in result:
            assert hit.because, hit.id
            assert all(part.field in ("text", "author", "subject") for part in hit.because)
            weights = [part.weight for part in hit.because]
            assert weights == sorted(weights, reverse=True)
        assert result[0].to_dict()["because"][0]["term"] == result[0].because[0].term
        # The keyword of search() is the same recommendation.
        assert [h.id for h in searcher.search(recommend=["ocs"], limit=10)] == ids
        with pytest.raises(paperdex.TagError):
            searcher.recommend("missing")
    run = cli_run(path, "--recommend", "ocs", "--limit", "10", "--format", "tsv", check=True)
    assert [line.split("\t")[0] for line in run.stdout.splitlines()] == ids
