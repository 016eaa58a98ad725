"""Paper.references and Hit.cited_by_count (#51): a paper's reference list,
each entry resolved against the index, and how many papers of the index cite
a paper; cites: and cited_by: from Python. On lines in unarXive's layout,
whose references the indexer reads from their raw text."""
import json

import pytest

import paperdex

from conftest import cli_index


def unarxive_line(paper_id, title, references):
    return json.dumps({
        "paper_id": paper_id,
        "metadata": {"id": paper_id, "title": title},
        "body_text": [{"text": "We study " + title.lower() + ".", "section": "Introduction"}],
        "bib_entries": {"b%d" % i: {"bib_entry_raw": raw} for i, raw in enumerate(references)},
    })


@pytest.fixture(scope="module")
def graph_index(tmp_path_factory):
    folder = tmp_path_factory.mktemp("citations")
    lines = folder / "papers.jsonl"
    lines.write_text("\n".join([
        unarxive_line("2101.00001", "Starlings over the estuary in winter light", []),
        unarxive_line("2101.00002", "Curlews on the mudflats at low tide", []),
        unarxive_line("2201.00003", "A survey of estuary birds", [
            "[1] A. Author. Starlings over the estuary in winter light. Ibis, 2021.",
            "[2] B. Author. Some other paper, arXiv:2101.00002, 2021.",
            "[3] C. Author. A paper this index lacks. 2019.",
        ]),
    ]) + "\n")
    index = str(folder / "index")
    status, _, err = cli_index(index, str(lines))
    assert status == 0, err
    return index


def test_a_paper_has_its_references_resolved(graph_index):
    with paperdex.Searcher(graph_index) as searcher:
        survey = searcher.get("2201.00003")
    references = survey.references
    assert [type(r) for r in references] == [paperdex.Reference] * 3
    assert [(r.id, r.resolved_by, r.in_index) for r in references] == [
        ("2101.00001", "title", True), ("2101.00002", "arxiv_id", True), ("", "", False)]
    assert references[0].text.startswith("[1] A. Author. Starlings")
    assert references[1].year == 2021
    as_dict = survey.to_dict()["references"]
    assert as_dict[1]["id"] == "2101.00002" and as_dict[2]["year"] == 2019
    assert set(as_dict[0]) == {"text", "id", "more_ids", "doi", "url", "title", "authors",
                               "year", "venue", "in_index", "resolved_by"}


def test_hits_carry_cited_by_count_and_cites_finds_the_citing(graph_index):
    with paperdex.Searcher(graph_index) as searcher:
        counts = {hit.id: hit.cited_by_count for hit in searcher.search("estuary OR curlews OR starlings").hits}
        assert searcher.get("2101.00001").cited_by_count == 1
        assert [h.id for h in searcher.search("cites:2101.00001").hits] == ["2201.00003"]
        assert sorted(h.id for h in searcher.search("cited_by:2201.00003").hits) == [
            "2101.00001", "2101.00002"]
    assert counts.get("2101.00001") == 1 and counts.get("2201.00003") == 0
