#!/usr/bin/env python3
"""What an index's stub file may make the searcher do.

    stub_options_test.py PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR [PYTHON_MODULE_DIR]

Program stubs: a stub line `remote :PROGRAM ARGS` runs PROGRAM. Here PROGRAM
is a script that creates a marker file (then serves the index with
xapian-progsrv when installed). For a stub file, a directory holding one as
XAPIANDB, and a stub reached through another stub's `auto` line:
  - paperdex-search and Python's Searcher refuse it: exit 2 (DatabaseNotFoundError)
    naming the stub and --allow-program-stubs, and the marker is never created;
  - with --allow-program-stubs (Python: allow_program_stubs=True) it runs.
Remote timeout: a stub naming a TCP shard that accepts connections and never
answers is given up after --time-limit (plus a second), not after Xapian's
fixed 10 s; TCP stubs are not refused.
Uses loopback only; the silent server stops with the test.
"""
import os
import shutil
import socket
import subprocess
import sys
import threading
import time

# tests/script_driver.py, imported without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from script_driver import corpus_index, fail, failures, parse_args, run_python  # noqa: E402


def search(db, *options, timeout=60):
    return subprocess.run([SEARCH_BIN, "--db", db, "--limit", "1", *options, "--", "quantum"],
                          capture_output=True, text=True, errors="replace", timeout=timeout)


PYTHON_OPEN = r"""
import sys
import paperdex
try:
    paperdex.Searcher(sys.argv[1], allow_program_stubs=sys.argv[2] == "allow").search("quantum")
    print("opened")
except paperdex.DatabaseNotFoundError as e:
    print("DatabaseNotFoundError: " + str(e))
except paperdex.Error as e:
    print(type(e).__name__ + ": " + str(e))
"""


def python_open(db, allow):
    return run_python(MODULE_DIR, PYTHON_OPEN, db, allow)


def check_program_stubs(work, index):
    marker = os.path.join(work, "program-ran")
    program = os.path.join(work, "serve.sh")
    progsrv = shutil.which("xapian-progsrv")
    with open(program, "w") as f:
        f.write(f"#!/bin/sh\necho ran >> '{marker}'\n")
        f.write(f'exec {progsrv} "$@"\n' if progsrv else "exit 1\n")
    os.chmod(program, 0o755)
    line = f"remote :{program} {index}\n"

    stub_file = os.path.join(work, "stub-file")
    with open(stub_file, "w") as f:
        f.write(line)
    stub_dir = os.path.join(work, "stub-dir")
    os.mkdir(stub_dir)
    with open(os.path.join(stub_dir, "XAPIANDB"), "w") as f:
        f.write("# a comment first\n" + line)
    nested = os.path.join(work, "nested")
    with open(nested, "w") as f:
        f.write(f"auto {index}\nauto stub-dir\n")

    def check_refused(what, refused, output, option):
        """`what` refused the program stub naming `option`, and the program did not run."""
        if not refused:
            fail(f"{what}: want the program stub refused, naming {option}, got:\n{output}")
        if os.path.exists(marker):
            fail(f"{what}: the stub's program ran without {option}")
            os.remove(marker)

    for db in (stub_file, stub_dir, nested):
        run = search(db)
        check_refused(db, run.returncode == 2 and "--allow-program-stubs" in run.stderr
                      and "program" in run.stderr,
                      f"exit {run.returncode}\n{run.stderr}{run.stdout[:400]}",
                      "--allow-program-stubs")
        if MODULE_DIR:
            opened = python_open(db, "refuse")
            check_refused(f"{db}: Python", opened.stdout.startswith("DatabaseNotFoundError")
                          and "allow_program_stubs" in opened.stdout,
                          opened.stdout + opened.stderr, "allow_program_stubs")

    run = search(stub_dir, "--allow-program-stubs")
    if not os.path.exists(marker):
        fail(f"--allow-program-stubs: the program did not run (exit {run.returncode}):\n"
             f"{run.stderr}")
    elif progsrv and run.returncode != 0:
        fail(f"--allow-program-stubs: searching through xapian-progsrv failed "
             f"(exit {run.returncode}):\n{run.stderr}")
    else:
        # A searcher opens more connections to remote shards (matcher.h),
        # but never runs a stub's program (an ssh session, say) again.
        with open(marker) as f:
            runs = len(f.readlines())
        if runs != 1:
            fail(f"--allow-program-stubs: one search ran the stub's program {runs} times, want 1")
    if os.path.exists(marker):
        os.remove(marker)
    if MODULE_DIR:
        opened = python_open(nested, "allow")
        if not os.path.exists(marker):
            fail(f"allow_program_stubs=True: the program did not run: {opened.stdout}")


class SilentServer:
    """Accepts connections on loopback and never answers."""

    def __init__(self):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.held = []
        self.stopping = False
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while not self.stopping:
            try:
                self.held.append(self.listener.accept()[0])
            except socket.timeout:
                pass

    def stop(self):
        self.stopping = True
        self.thread.join()
        for connection in self.held:
            connection.close()
        self.listener.close()


def check_remote_timeout(work):
    server = SilentServer()
    try:
        stub = os.path.join(work, "silent")
        with open(stub, "w") as f:
            f.write(f"remote 127.0.0.1:{server.port}\n")
        started = time.monotonic()
        run = search(stub, "--time-limit", "1")
        elapsed = time.monotonic() - started
        # Xapian's stubs wait 10 s for a silent shard; the time limit is 1 s,
        # and the shard gets a second more for its answer's way back.
        if run.returncode != 2 or elapsed > 5:
            fail(f"a silent remote shard with --time-limit 1: exit {run.returncode} after "
                 f"{elapsed:.1f} s (want exit 2 within about 2 s):\n{run.stderr}")
        if "allow-program-stubs" in run.stderr or stub not in run.stderr:
            fail(f"a silent remote shard: want a message naming the index, no refusal:\n"
                 f"{run.stderr}")
        print(f"silent remote shard, --time-limit 1: exit {run.returncode} after {elapsed:.1f} s")
    finally:
        server.stop()


def main():
    global SEARCH_BIN, MODULE_DIR
    index_bin, SEARCH_BIN, corpus, MODULE_DIR = parse_args(__doc__, "Python is not checked")
    with corpus_index(index_bin, corpus, "paperdex-stubs.", "index") as (work, index):
        check_program_stubs(work, index)
        check_remote_timeout(work)
    checks = 2
    print(f"{checks - min(len(failures), checks)} passed, {min(len(failures), checks)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
