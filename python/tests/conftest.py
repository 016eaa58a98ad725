"""Shared fixtures: the module from the build tree (PYTHONPATH set by ctest),
a session-wide index of corpus/ built with paperdex.index(), and the CLIs to
compare against."""
import json
import os
import subprocess

import pytest

import paperdex

SOURCE_DIR = os.environ.get(
    "PAPERDEX_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
BUILD_DIR = os.environ.get("PAPERDEX_BUILD_DIR", os.path.join(SOURCE_DIR, "build"))
INDEX_BIN = os.environ.get("PAPERDEX_INDEX_BIN", os.path.join(BUILD_DIR, "indexer", "paperdex-index"))
SEARCH_BIN = os.environ.get(
    "PAPERDEX_SEARCH_BIN", os.path.join(BUILD_DIR, "searcher", "paperdex-search"))
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


def cli_search(db, query, *options):
    """paperdex-search --format json: (exit status, parsed JSON or None, stderr)."""
    run = subprocess.run([SEARCH_BIN, "--db", db, "--format", "json", *options, "--", query],
                         capture_output=True, text=True)
    return run.returncode, (json.loads(run.stdout) if run.stdout.strip() else None), run.stderr


def cli_stats(db):
    run = subprocess.run([SEARCH_BIN, "--db", db, "--stats", "--format", "json"],
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def cli_index(db, *inputs):
    """paperdex-index (its summary: --quiet prints none on success): (exit status, stdout, stderr)."""
    run = subprocess.run([INDEX_BIN, "--db", db, *inputs], capture_output=True, text=True)
    return run.returncode, run.stdout, run.stderr
