"""The installed module: cmake --install into a fresh prefix, imported from
there by Debian's python3 with nothing of the build tree on its paths."""
import glob
import os
import subprocess
import sys

import pytest

from conftest import BUILD_DIR, CORPUS


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    prefix = tmp_path_factory.mktemp("prefix")
    subprocess.run(["cmake", "--install", BUILD_DIR, "--prefix", str(prefix)], check=True,
                   capture_output=True)
    return prefix


def site_dir(prefix):
    modules = glob.glob(str(prefix / "lib" / "python3*" / "dist-packages" / "paperdex.*.so"))
    assert len(modules) == 1, os.listdir(prefix / "lib")
    return os.path.dirname(modules[0])


def test_module_and_stub_install_into_dist_packages(prefix):
    site = site_dir(prefix)
    # /usr/local-style layout for a prefix other than /usr: lib/python3.X/dist-packages.
    assert os.path.basename(os.path.dirname(site)) == "python%d.%d" % sys.version_info[:2]
    assert os.path.exists(os.path.join(site, "paperdex.pyi"))


def test_installed_module_runs_from_the_prefix(prefix, tmp_path):
    site = site_dir(prefix)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH")}
    env["PYTHONPATH"] = site
    script = """
import sys, paperdex
assert paperdex.__file__.startswith(sys.argv[1]), paperdex.__file__
report = paperdex.index(sys.argv[2], [sys.argv[3]])
hits = paperdex.Searcher(sys.argv[2]).search("optical", limit=1)
print(report.documents, hits.total, hits[0].id)
"""
    run = subprocess.run([sys.executable, "-c", script, site, str(tmp_path / "index"),
                          os.path.join(CORPUS, "author-pages")],
                         env=env, capture_output=True, text=True, cwd=str(tmp_path))
    assert run.returncode == 0, run.stderr
    documents, total, _ = run.stdout.split()
    assert int(documents) > 0 and int(total) > 0
    # It loads the prefix's libraries (RUNPATH), not the build tree's, and
    # calls into them rather than carrying a copy.
    module = glob.glob(os.path.join(site, "paperdex.*.so"))[0]
    ldd = subprocess.run(["ldd", module], capture_output=True, text=True, env=env).stdout
    loaded = [line.split("=>")[1].split()[0] for line in ldd.splitlines() if "libpaperdex-" in line]
    # searcher, indexer and the common library of their error types
    assert len(loaded) == 3
    assert all(os.path.realpath(p).startswith(os.path.realpath(str(prefix))) for p in loaded), ldd
    symbols = subprocess.run(["nm", "-C", "--defined-only", module], capture_output=True,
                             text=True).stdout
    for own in ("paperdex::Searcher::search(", "paperdex::IndexWriter::add(", "paperdex::run_index("):
        assert own not in symbols, "the module carries its own " + own


def test_help_shows_the_api(prefix):
    env = dict(os.environ, PYTHONPATH=site_dir(prefix))
    run = subprocess.run([sys.executable, "-c", "import paperdex; help(paperdex.Searcher.search)"],
                         env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "subject = ()" in run.stdout and "QuerySyntaxError" in run.stdout
