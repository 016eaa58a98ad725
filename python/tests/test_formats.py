"""SearchResult.format() and Paper.format(): the citation, feed and digest formats (and the
others) as exactly the strings paperdex-search prints, from the CLI's own format table."""
import pytest

from conftest import cli_run

FORMATS = ["bibtex", "ris", "csljson", "atom", "markdown", "json", "tsv"]


@pytest.mark.parametrize("name", FORMATS)
def test_a_search_formats_as_the_cli_prints_it(searcher, corpus_index, name):
    result = searcher.search("optical switch", limit=5)
    cli = cli_run(corpus_index, "--format", name, "--limit", "5", "--", "optical switch",
                  check=True)
    assert result.format(name) == cli.stdout


@pytest.mark.parametrize("name", ["bibtex", "ris", "csljson", "atom", "markdown"])
def test_a_paper_formats_as_show_prints_it(searcher, corpus_index, name):
    paper = searcher.search("optical switch", limit=1)[0].paper
    cli = cli_run(corpus_index, "--show", paper.id, "--format", name, check=True)
    assert paper.format(name) == cli.stdout


def test_bibtex_of_a_result_has_one_entry_per_hit(searcher):
    result = searcher.search("optical switch", limit=4)
    text = result.format("bibtex")
    assert text.count("\n@") + text.startswith("@") == len(result)
    # arXiv papers carry their id as the eprint; an author page's derived id is no eprint.
    arxiv_ids = [hit.id for hit in result if hit.paper.url]
    assert text.count("eprint = {") == len(arxiv_ids)
    for arxiv_id in arxiv_ids:
        assert "eprint = {%s}" % arxiv_id in text


def test_an_unknown_format_names_the_formats(searcher):
    with pytest.raises(ValueError, match="bibtex, ris, csljson, atom or markdown, not 'bib'"):
        searcher.search("optical", limit=1).format("bib")
