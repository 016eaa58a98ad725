"""The whole record from Python: Searcher.get, Hit.paper, PaperNotFoundError,
and the stub's attributes against the module's."""
import ast

import pytest

import paperdex
from conftest import stub_class, stub_tree


def test_get_finds_a_paper_by_any_form_of_its_id(searcher):
    hits = searcher.search("optical", limit=50)
    hit = next(h for h in hits if h.paper.url and "/" not in h.id)
    for form in (hit.id, "arXiv:" + hit.id, hit.id + "v1", "https://arxiv.org/abs/" + hit.id):
        paper = searcher.get(form)
        assert paper.id == hit.id
        assert paper.title == hit.title.text
        assert paper.authors == hit.authors
        assert paper.subjects == hit.subjects
        assert paper.primary == hit.subjects[0]
        assert len(paper.subject_names) == len(paper.subjects)
        assert paper.url == "https://arxiv.org/abs/" + hit.id
        assert paper.to_dict()["abstract"] == hit.paper.abstract
    assert hit.snippet.text.strip("…") in hit.paper.abstract


def test_a_derived_id_has_no_arxiv_links(searcher):
    hits = searcher.search("year:..2100", limit=5000, facets=False)
    hit = next(h for h in hits if not h.paper.url)
    paper = searcher.get(hit.id)
    assert paper.id == hit.id and paper.pdf_url == ""


def test_an_unknown_id_raises_paper_not_found_naming_it(searcher):
    with pytest.raises(paperdex.PaperNotFoundError) as raised:
        searcher.get("9999.99999")
    assert raised.value.id == "9999.99999"
    assert "9999.99999" in str(raised.value)
    with pytest.raises(paperdex.PaperNotFoundError) as raised:
        searcher.search(like="9999.99998")
    assert raised.value.id == "9999.99998"
    assert isinstance(raised.value, paperdex.Error)


def test_the_stub_lists_only_attributes_the_module_has():
    checked = 0
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(paperdex, node.name)
        for item in node.body:
            if isinstance(item, ast.AnnAssign):
                name = item.target.id
            elif isinstance(item, ast.FunctionDef) and not item.name.startswith("__"):
                name = item.name
            else:
                continue
            assert hasattr(cls, name) or name in getattr(cls, "__annotations__", {}) or \
                issubclass(cls, Exception), "%s.%s" % (node.name, name)
            checked += 1
    assert checked > 50


def test_the_stub_lists_every_field_of_paper_in_order(searcher):
    fields = [item.target.id for item in stub_class("Paper").body if isinstance(item, ast.AnnAssign)]
    paper = searcher.search("optical", limit=1)[0].paper
    assert fields == list(paper.to_dict())


def test_the_old_names_of_paper_fields_warn_and_read_the_new_ones(searcher):
    paper = searcher.search("optical", limit=1)[0].paper
    for old, new in [("categories", "subjects"), ("category_names", "subject_names"),
                     ("journal_ref", "journal"), ("abs_url", "url")]:
        with pytest.warns(DeprecationWarning, match="Paper." + old):
            value = getattr(paper, old)
        assert value == getattr(paper, new)
        assert old not in paper.to_dict()


def test_a_field_of_the_record_table_is_an_attribute_without_binding_code(searcher):
    # msc_class is a row of record_fields.h and a member of PaperRecord: nothing in python/src.
    paper = searcher.get("1007.2706")
    assert paper.msc_class == "20F99"
    assert paper.to_dict()["msc_class"] == "20F99"


def test_writer_add_of_to_dict_stores_the_paper_as_it_was(searcher, tmp_path):
    """Every paper of the corpus index copied through Writer.add(paper.to_dict())
    reads back with the same public fields; only the index's clock differs."""
    papers = [hit.paper for hit in searcher.search("year:..2100", limit=5000, facets=False)]
    papers += [searcher.get(hit.id) for hit in searcher.search("withdrawn", limit=20)]
    assert len(papers) > 1000
    copy = str(tmp_path / "copy")
    with paperdex.Writer(copy) as writer:
        for paper in papers:
            writer.add(paper.to_dict())
    clock = {"added", "changed"}
    filled = set()
    with paperdex.Searcher(copy) as copied:
        assert copied.document_count == searcher.document_count
        for paper in papers:
            before = paper.to_dict()
            after = copied.get(paper.id).to_dict()
            for key, value in before.items():
                if key in clock:
                    continue
                assert after[key] == value, (paper.id, key)
                if value:
                    filled.add(key)
    # The corpus exercises every public field, so each one's round trip is
    # checked; but fulltext and references, which a body's file gives: the
    # corpus has no bodies, and a body comes from reading its file, not
    # from the record (tests/integration/fulltext_record_test.cc), and
    # cited_by_count, which papers with references give.
    assert set(before) - clock - {"fulltext", "references", "cited_by_count"} - filled == set()
