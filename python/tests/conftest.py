"""Shared fixtures: the module from the build tree (PYTHONPATH set by ctest),
a session-wide index of corpus/ built with paperdex.index(), the CLIs to
compare against, and the module's .pyi stub as parsed Python."""
import ast
import json
import os
import subprocess

import pytest

import paperdex

SOURCE_DIR = os.environ.get(
    "PAPERDEX_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
BUILD_DIR = os.environ.get("PAPERDEX_BUILD_DIR", os.path.join(SOURCE_DIR, "build"))
INDEX_BIN = os.environ.get("PAPERDEX_INDEX_BIN", os.path.join(BUILD_DIR, "bin", "paperdex-index"))
SEARCH_BIN = os.environ.get(
    "PAPERDEX_SEARCH_BIN", os.path.join(BUILD_DIR, "bin", "paperdex-search"))
CORPUS = os.path.join(SOURCE_DIR, "corpus")


@pytest.fixture(scope="session")
def corpus_index(tmp_path_factory):
    """An index of corpus/, built once through the Python API."""
    path = str(tmp_path_factory.mktemp("corpus") / "index")
    report = paperdex.index(path, [CORPUS], jobs=2)
    assert report.documents > 1000, report
    return path


@pytest.fixture()
def searcher(corpus_index):
    with paperdex.Searcher(corpus_index) as s:
        yield s


def cli_run(db, *args, check=False):
    """paperdex-search --db DB ARGS: the finished run (returncode, stdout, stderr as text)."""
    return subprocess.run([SEARCH_BIN, "--db", db, *args], capture_output=True, text=True,
                          check=check)


def cli_search(db, query, *options):
    """paperdex-search --format json: (exit status, parsed JSON or None, stderr)."""
    run = cli_run(db, "--format", "json", *options, "--", query)
    return run.returncode, (json.loads(run.stdout) if run.stdout.strip() else None), run.stderr


def cli_stats(db):
    run = cli_run(db, "--stats", "--format", "json", check=True)
    return json.loads(run.stdout)


def cli_index(db, *inputs):
    """paperdex-index (its summary: --quiet prints none on success): (exit status, stdout, stderr)."""
    run = subprocess.run([INDEX_BIN, "--db", db, *inputs], capture_output=True, text=True)
    return run.returncode, run.stdout, run.stderr


def paper_record(number, **fields):
    """Paper 2401.NNNNN (`number`) as a line of arXiv's metadata snapshot, with `fields`
    replacing or adding keys."""
    base = {
        "id": "2401.%05d" % number,
        "title": "Optical circuit switching paper %d" % number,
        "abstract": "We schedule optical circuit switches in datacenter networks, case %d." % number,
        "authors": "Ada Example, Grace Sample",
        "categories": "cs.NI cs.DC",
        "update_date": "2024-01-%02d" % (number % 28 + 1),
        "versions": [{"version": "v1", "created": "Mon, 1 Jan 2024 10:00:00 GMT"}],
    }
    base.update(fields)
    return base


def stub_tree():
    """The module's .pyi stub (installed beside it), parsed."""
    stub = os.path.join(os.path.dirname(paperdex.__file__), "paperdex.pyi")
    with open(stub) as text:
        return ast.parse(text.read())


def stub_class(name):
    """The stub's class `name`."""
    return next(n for n in stub_tree().body if isinstance(n, ast.ClassDef) and n.name == name)
