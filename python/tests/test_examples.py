"""examples/python/ runs as documented."""
import os
import subprocess
import sys

from conftest import SOURCE_DIR

EXAMPLES = os.path.join(SOURCE_DIR, "examples", "python")


def run(script, *args):
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args],
                          capture_output=True, text=True)


def test_index_from_dicts_then_search(tmp_path):
    db = str(tmp_path / "index")
    indexed = run("index_dicts.py", db)
    assert indexed.returncode == 0, indexed.stderr
    assert "3 papers indexed" in indexed.stdout
    assert "skipped records:4: " in indexed.stdout  # the deliberately bad fourth record
    searched = run("search.py", db, "optical switches")
    assert searched.returncode == 0, searched.stderr
    assert "2401.00001" in searched.stdout and "[Optical]" in searched.stdout
    assert "cs.NI=" in searched.stdout


def test_search_example_marks_a_bad_query(corpus_index):
    searched = run("search.py", corpus_index, 'optical "switch')
    assert searched.returncode == 2
    assert "^" in searched.stderr
