"""Hit.passage (#50 item 4): the best passage of a paper's full text, a
Highlighted with its page and section; None when the query searches no body."""
import json
import os
import subprocess

import pytest

import paperdex

from conftest import SOURCE_DIR, cli_index

SHARED_PDF = os.path.join(
    os.environ.get("PAPERDEX_SHARED", os.path.join(SOURCE_DIR, "..", "shared")),
    "data", "fulltext", "pdf", "2206.10883v3.pdf")


def index_with_cli(path, *inputs):
    """`inputs` indexed at `path` by paperdex-index, which must succeed: the path."""
    status, _, err = cli_index(path, *inputs)
    assert status == 0, err
    return path


@pytest.fixture(scope="module")
def body_index(tmp_path_factory):
    """An index of one snapshot line with a body (no pages, no sections)."""
    folder = tmp_path_factory.mktemp("passage")
    lines = folder / "papers.jsonl"
    lines.write_text(json.dumps({
        "id": "2101.00001",
        "title": "Starlings over the estuary",
        "abstract": "We count birds.",
        "body": "Our method counts the migrating starlings at dawn.\n"
                "The wading curlews were counted on the mudflats at low tide.",
    }) + "\n")
    return index_with_cli(str(folder / "index"), str(lines))


def test_a_body_match_has_a_passage(body_index):
    with paperdex.Searcher(body_index) as searcher:
        hit = searcher.search("wading curlews mudflats").hits[0]
    passage = hit.passage
    assert isinstance(passage, paperdex.Passage)
    assert isinstance(passage, paperdex.Highlighted)
    assert "wading curlews were counted on the mudflats" in passage.text
    marked = [passage.text.encode()[b:e].decode() for b, e in passage.spans]
    assert marked == ["wading", "curlews", "mudflats"]
    assert passage.page == 0 and passage.section == ""
    assert "[curlews]" in passage.render("[", "]")
    as_json = hit.to_dict()["passage"]
    assert as_json["text"] == passage.text
    assert len(as_json["spans"]) == 3
    assert "page" not in as_json and "section" not in as_json


def test_a_query_that_searches_no_body_has_none(body_index):
    with paperdex.Searcher(body_index) as searcher:
        hit = searcher.search("title:starlings").hits[0]
    assert hit.passage is None
    assert "passage" not in hit.to_dict()


@pytest.mark.skipif(not os.path.exists(SHARED_PDF),
                    reason="../shared/data/fulltext is absent: no shared PDF to read pages of")
def test_a_sentence_of_page_six_gives_page_six(tmp_path):
    path = index_with_cli(str(tmp_path / "index"), SHARED_PDF)
    page = subprocess.run(["pdftotext", "-f", "6", "-l", "6", SHARED_PDF, "-"],
                          capture_output=True, text=True, check=True).stdout
    # Six plain words of one line past the running heads.
    phrase = None
    for line in page.splitlines()[3:]:
        run = []
        for word in line.split():
            run = run + [word] if len(word) >= 3 and word.isascii() and word.isalpha() else []
            if len(run) == 6:
                phrase = " ".join(run)
                break
        if phrase:
            break
    assert phrase
    with paperdex.Searcher(path) as searcher:
        hit = searcher.search(phrase).hits[0]
    assert hit.id == "2206.10883"
    assert hit.passage.page == 6
    assert phrase.lower() in " ".join(hit.passage.text.lower().split())
    assert hit.to_dict()["passage"]["page"] == 6


SHARED_LATEX = os.path.join(os.path.dirname(os.path.dirname(SHARED_PDF)), "latex", "1911.02782.gz")


@pytest.mark.skipif(not os.path.exists(SHARED_LATEX),
                    reason="../shared/data/fulltext is absent: no shared LaTeX package")
def test_paper_fulltext_says_what_was_read(tmp_path):
    path = index_with_cli(str(tmp_path / "index"), SHARED_LATEX)
    with paperdex.Searcher(path) as searcher:
        paper = searcher.get("1911.02782")
    facts = paper.fulltext
    assert isinstance(facts, paperdex.FullTextFacts)
    assert facts.source == "latex" and facts.pages == 0
    assert facts.file.endswith("1911.02782.gz")
    assert facts.words > 1000
    assert facts.sections[0] == "Introduction"
    assert "Related work" in facts.sections
    as_dict = paper.to_dict()["fulltext"]
    assert as_dict["sections"] == facts.sections and "pages" not in as_dict


def test_a_paper_without_a_body_has_no_fulltext(body_index):
    with paperdex.Searcher(body_index) as searcher:
        hit = searcher.search("title:starlings").hits[0]
    # A search hit's paper leaves it empty; get() reads it.
    assert hit.paper.fulltext is None
    with paperdex.Searcher(body_index) as searcher:
        assert searcher.get("2101.00001").fulltext.source == "jsonl"


def test_body_is_the_text_the_indexer_read(body_index):
    with paperdex.Searcher(body_index) as searcher:
        body = searcher.body("2101.00001")
        assert body.startswith("Our method counts the migrating starlings at dawn.")
        assert "wading curlews" in body
        assert searcher.get("2101.00001").fulltext.words == len(body.split())
        with pytest.raises(paperdex.PaperNotFoundError) as raised:
            searcher.body("2101.99999")
        assert raised.value.id == "2101.99999"
