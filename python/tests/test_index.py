"""Indexing from dicts (Writer) and from files (index), checked against paperdex-index."""
import json
import os

import pytest

import paperdex
from conftest import CORPUS, cli_index, paper_record


def found_both_ways(tmp_path, one_record, query, **search):
    """`one_record` indexed through Writer.add (in tmp_path/from-dict) and as a line of a file
    through paperdex-index (tmp_path/from-cli): the id Writer.add returned, and what searching
    each index for `query` finds, as dicts, the Writer's first."""
    from_dict = str(tmp_path / "from-dict")
    with paperdex.Writer(from_dict) as writer:
        added = writer.add(one_record)
    line_file = tmp_path / "record.json"
    line_file.write_text(json.dumps(one_record) + "\n")
    from_cli = str(tmp_path / "from-cli")
    assert cli_index(from_cli, str(line_file))[0] == 0
    results = []
    for path in (from_dict, from_cli):
        with paperdex.Searcher(path) as searcher:
            results.append(searcher.search(query, **search).to_dict())
    return added, results


def test_writer_adds_what_searcher_finds(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path) as writer:
        assert writer.add(paper_record(1)) == "2401.00001"
        assert writer.add(paper_record(2, id="arXiv:2401.00002v3",
                                       title=r"Schr\"{o}dinger bridges for switch scheduling",
                                       authors=["Bj\\\"{o}rn Author", "Ada Example"],
                                       categories=["math.OC", "cs.NI"])) == "2401.00002"
        writer.add(paper_record(3))
        assert writer.delete("2401.00003")
        assert not writer.delete("2401.09999")
        assert writer.stats["added"] == 3 and writer.stats["deleted"] == 1
    with paperdex.Searcher(path) as searcher:
        assert searcher.document_count == 2
        revision = searcher.revision
        assert not searcher.reopen()
        with paperdex.Writer(path) as writer:
            writer.add(paper_record(4))
        assert searcher.document_count == 2  # as of opening, until reopened
        assert searcher.reopen() and searcher.document_count == 3
        assert searcher.revision != revision
        with paperdex.Writer(path) as writer:
            assert writer.delete("2401.00004")
        assert searcher.reopen() and searcher.document_count == 2
        result = searcher.search("schrodinger")  # TeX decoded, accents folded
        assert [h.id for h in result] == ["2401.00002"]
        hit = result[0]
        assert hit.title.text.startswith("Schrödinger")
        assert hit.authors == ["Björn Author", "Ada Example"]
        assert hit.subjects == ["math.OC", "cs.NI"]
        assert hit.year == 2024
        assert searcher.search("", subject="cs.DC").total == 1


def test_dict_record_maps_as_the_snapshot_line_does(tmp_path):
    """The same record through Writer.add and through paperdex-index: the same hit."""
    snapshot_record = paper_record(
        7, title="Calculation of prompt diphoton\n  production",
        authors_parsed=[["Bal\\'azs", "C.", ""], ["Yuan", "C. -P.", ""]],
        doi="10.1103/PhysRevD.76.013009", **{"journal-ref": "Phys.Rev.D76"})
    _, results = found_both_ways(tmp_path, snapshot_record, "diphoton", facet="author")
    assert results[0] == results[1]
    assert results[0]["hits"][0]["authors"] == ["C. Balázs", "C.-P. Yuan"]


def test_writer_reads_an_arxiv_api_record_as_its_wrappers_write_it(tmp_path):
    """A daily digest from the arXiv API: its key names, and lists (a tuple too) of authors
    and categories, the primary category not first: the same hit as paperdex-index gives."""
    api_record = {
        "arxiv_id": "2401.01234v1", "title": "Grasping in clutter with tactile sensing",
        "authors": ["Ana P\u00e9rez", "Bernhard Sch\u00f6lkopf"],
        "summary": "We grasp objects in clutter.", "categories": ("cs.AI", "cs.RO"),
        "primary_category": "cs.RO", "published": "2024-01-03T18:59:59Z",
        "updated": "2024-01-05T10:00:00Z", "pdf_url": "http://arxiv.org/pdf/2401.01234v1",
        "doi": None, "journal_ref": "Robotica 12 (2024)", "comment": "8 pages",
    }
    added, results = found_both_ways(tmp_path, api_record, "au:Schoelkopf grasping")
    assert added == "2401.01234"
    assert results[0] == results[1] and results[0]["total"] == 1
    with paperdex.Searcher(str(tmp_path / "from-dict")) as searcher:
        paper = searcher.search("grasping")[0].paper
    assert paper.authors == ["Ana P\u00e9rez", "Bernhard Sch\u00f6lkopf"]
    assert paper.subjects == ["cs.RO", "cs.AI"]
    assert paper.year == 2024 and paper.submitted == "2024-01-03"
    assert paper.updated == "2024-01-05"
    assert paper.journal == "Robotica 12 (2024)" and paper.comments == "8 pages"


BAD_RECORDS = [
    ({"title": "no id"}, "missing-field"),
    ({"id": "not an id", "title": "x"}, "invalid-id"),
    ({"id": "2401.00001"}, "missing-field"),
    ({"id": "2401.00001", "title": 5}, "wrong-type"),
    ({"id": "2401.00001", "title": "t", "versions": "v1"}, "wrong-type"),
]


@pytest.mark.parametrize("bad,reason", BAD_RECORDS)
def test_bad_record_is_reported_as_the_cli_does(tmp_path, bad, reason):
    with paperdex.Writer(str(tmp_path / "index")) as writer:
        with pytest.raises(paperdex.RecordError) as raised:
            writer.add(bad)
        assert writer.document_count == 0
    error = raised.value
    assert error.reason == reason and error.origin == "record:1"
    line_file = tmp_path / "bad.json"
    line_file.write_text(json.dumps(bad) + "\n")
    status, _, stderr = cli_index(str(tmp_path / "cli"), str(line_file))
    assert status == 1
    message = str(error).split(": ", 1)[1]
    assert "%s:1: %s (skipped)" % (line_file, message) in stderr


def test_not_a_dict(tmp_path):
    with paperdex.Writer(str(tmp_path / "index")) as writer:
        with pytest.raises(TypeError, match="dict"):
            writer.add(["2401.00001"])


def test_add_all_numbers_the_skipped_records(tmp_path):
    records = [paper_record(n) for n in range(1, 1201)]
    records[4] = {"id": "2401.99999"}  # no title: records:5
    records[1000] = {"title": "no id"}  # records:1001, in the second chunk
    with paperdex.Writer(str(tmp_path / "index")) as writer:
        skipped = writer.add_all(iter(records))
        assert [e.origin for e in skipped] == ["records:5", "records:1001"]
        assert all(isinstance(e, paperdex.RecordError) for e in skipped)
        assert writer.document_count == 1198


def test_add_all_strict_stops_and_drops_the_batch(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path) as writer:
        with pytest.raises(paperdex.RecordError) as raised:
            writer.add_all([paper_record(1), paper_record(2), {"title": "no id"}, paper_record(4)],
                           strict=True)
        assert raised.value.origin == "records:3"
        assert writer.document_count == 0


def test_context_manager_drops_the_open_batch_on_error(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path) as writer:
        writer.add(paper_record(1))
    with pytest.raises(RuntimeError):
        with paperdex.Writer(path) as writer:
            writer.add(paper_record(2))
            raise RuntimeError("stop")
    assert writer.closed
    with paperdex.Searcher(path) as searcher:
        assert searcher.document_count == 1


def test_newer_version_replaces(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path) as writer:
        writer.add(paper_record(1, title="First title", update_date="2024-01-01"))
        writer.commit()
        writer.add(paper_record(1, title="Second title", update_date="2024-02-01"))
        writer.add(paper_record(1, title="Stale title", update_date="2023-12-01"))
    with paperdex.Searcher(path) as searcher:
        assert [h.title.text for h in searcher.search("title")] == ["Second title"]


def test_index_reports_like_the_cli(tmp_path):
    snapshot = os.path.join(CORPUS, "arxiv-snapshot")
    lines = []
    report = paperdex.index(str(tmp_path / "py"), snapshot, jobs=1, progress=lines.append)
    status, summary, _ = cli_index(str(tmp_path / "cli"), snapshot)
    assert report.status == "ok" and report.exit_code == status == 0
    cli_counts = {}
    for line in summary.splitlines():
        label, value = line.split("  ", 1)
        cli_counts[label.strip()] = value.split()[0].replace(",", "")
    assert str(report.records_read) == cli_counts["records read"]
    assert str(report.added) == cli_counts["indexed (new)"]
    assert str(report.documents) == cli_counts["documents"]
    assert report.elapsed_seconds >= 0
    assert lines and lines[-1].startswith("merging segments...")  # bulk build, progress on
    with paperdex.Searcher(str(tmp_path / "py")) as searcher:
        assert searcher.document_count == report.documents > 0


def test_index_reports_bad_records(tmp_path):
    data = tmp_path / "data.json"
    data.write_text(
        json.dumps(paper_record(1)) + "\n{broken\n" + json.dumps({"title": "no id"}) + "\n")
    report = paperdex.index(str(tmp_path / "py"), [data])
    status, _, stderr = cli_index(str(tmp_path / "cli"), str(data))
    assert report.status == "skipped" and report.exit_code == status == 1
    assert report.skipped == 2 and report.added == 1
    assert report.problems == [line for line in stderr.splitlines() if line.endswith("(skipped)")]
    assert report.problems[0].startswith("%s:2: " % data)
    with pytest.raises(paperdex.Error, match="strict"):
        paperdex.index(str(tmp_path / "strict"), [data], strict=True)


def test_index_updates_and_deletes(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path) as writer:
        writer.add_all([paper_record(1), paper_record(2)])
    data = tmp_path / "more.json"
    data.write_text(json.dumps(paper_record(3)) + "\n")
    report = paperdex.index(path, [data], delete=["2401.00001"])
    assert (report.added, report.deleted, report.documents) == (1, 1, 2)
    missing = paperdex.index(path, (), delete="2401.00042")
    assert missing.status == "skipped" and "2401.00042" in missing.messages[0]


def test_index_fails_on_a_locked_index(tmp_path):
    path = str(tmp_path / "index")
    data = tmp_path / "one.json"
    data.write_text(json.dumps(paper_record(1)) + "\n")
    with paperdex.Writer(path) as writer:
        writer.add(paper_record(2))
        writer.commit()
        with pytest.raises(paperdex.DatabaseLockedError) as raised:
            paperdex.index(path, [data])
        assert "lock" in str(raised.value).lower()


def test_progress_errors_are_raised_after_the_run(tmp_path):
    def progress(line):
        raise KeyError(line)

    with pytest.raises(KeyError):
        paperdex.index(str(tmp_path / "index"), os.path.join(CORPUS, "arxiv-snapshot"),
                       progress=progress)
