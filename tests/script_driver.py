"""What the Python test scripts under tests/ (corruption/, remote/) share: their
command line, PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR [PYTHON_MODULE_DIR]; the
failures they count as they find them; an index of the corpus in a scratch
directory; and a child python3 that imports the module.

A script imports it with tests/ put first on sys.path."""
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, file=sys.stderr)


def parse_args(usage, without_module):
    """(index program, search program, corpus, module directory or None). The
    module directory is None when it holds no importable paperdex module: the
    script warns, saying `without_module`, and goes on without Python."""
    if len(sys.argv) < 4:
        sys.exit(usage)
    index_bin, search_bin, corpus = sys.argv[1:4]
    module_dir = sys.argv[4] if len(sys.argv) > 4 else None
    if module_dir and subprocess.run([sys.executable, "-c", "import paperdex"],
                                     env=dict(os.environ, PYTHONPATH=module_dir),
                                     capture_output=True).returncode != 0:
        print(f"WARN: no paperdex module in {module_dir}: {without_module}")
        module_dir = None
    return index_bin, search_bin, corpus, module_dir


@contextlib.contextmanager
def corpus_index(index_bin, corpus, prefix, name):
    """(scratch directory, index of `corpus` in it named `name`), removed
    afterwards; the script exits if paperdex-index fails (exit 1, skipped
    inputs, is no failure)."""
    work = tempfile.mkdtemp(prefix=prefix)
    try:
        db = os.path.join(work, name)
        build = subprocess.run([index_bin, "--quiet", "--db", db, corpus],
                               capture_output=True, text=True)
        if build.returncode > 1:
            sys.exit(f"paperdex-index failed (exit {build.returncode}):\n{build.stderr}")
        yield work, db
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_python(module_dir, code, *args):
    """python3 -c CODE ARGS with the module of `module_dir` importable."""
    env = dict(os.environ, PYTHONPATH=module_dir, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          errors="replace", env=env, timeout=60)
