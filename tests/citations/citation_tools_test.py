"""The citation and feed formats as real tools read them (#32's acceptance): 200 real
arXiv records (../shared/data/arxiv-kaggle) indexed, searched with --limit 200, and

  - the BibTeX read by bibtex (plain.bst, through a minimal .aux) and by biber
    (--tool --validate-datamodel) with no error or warning;
  - the CSL-JSON rendered by citeproc-py with CSL styles, without an error;
  - the Atom feed parsed by feedparser with bozo == 0 and RFC 4287's required
    elements (feed id, title, updated; entry id, title, updated; an author).

usage: citation_tools_test.py PAPERDEX_INDEX PAPERDEX_SEARCH SOURCE_DIR

Each check whose tool is missing (scripts/lib.sh installs them) is skipped with a
message; without ../shared/data the whole test is skipped (exit 77)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import warnings

SKIPPED = 77
RECORDS = "data/arxiv-kaggle/snapshot-head-200.jsonl"
CSL_STYLES = "/usr/share/citation-style-language/styles"
# Styles citeproc-py 0.6 renders (APA 7 and Nature ask for terms it does not know).
STYLES = ["ieee", "chicago-author-date"]

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)


def skip(message):
    print("SKIP: " + message)


def report(failures_before, message):
    """Says what a check found good, when it added no failure."""
    if len(failures) == failures_before:
        print(message)


def shared_dir(source_dir):
    env = os.environ.get("PAPERDEX_SHARED")
    if env and os.path.isdir(env):
        return env
    candidate = os.path.join(os.path.dirname(os.path.abspath(source_dir)), "shared")
    return candidate if os.path.isdir(os.path.join(candidate, "data")) else None


def search(search_bin, db, fmt):
    run = subprocess.run([search_bin, "--db", db, "--year", "1900..2100", "--limit", "200",
                          "--format", fmt], capture_output=True, text=True)
    check(run.returncode == 0, "paperdex-search --format %s: %s" % (fmt, run.stderr))
    return run.stdout


def check_bibtex(work, bib):
    before = len(failures)
    if not shutil.which("bibtex") or subprocess.run(
            ["kpsewhich", "plain.bst"], capture_output=True).returncode != 0:
        return skip("bibtex or plain.bst missing (texlive-base)")
    with open(os.path.join(work, "refs.bib"), "w") as out:
        out.write(bib)
    with open(os.path.join(work, "cite.aux"), "w") as aux:
        aux.write("\\relax\n\\citation{*}\n\\bibstyle{plain}\n\\bibdata{refs}\n")
    run = subprocess.run(["bibtex", "cite"], cwd=work, capture_output=True, text=True)
    log = run.stdout + open(os.path.join(work, "cite.blg"), errors="replace").read()
    check(run.returncode == 0, "bibtex exited %d:\n%s" % (run.returncode, log))
    check("Warning--" not in log and "error message" not in log, "bibtex complained:\n" + log)
    with open(os.path.join(work, "cite.bbl"), errors="replace") as bbl:
        check(bbl.read().count("\\bibitem") == 200, "bibtex did not write 200 items")
    report(before, "bibtex: 200 entries, no warning")


def check_biber(work):
    before = len(failures)
    if not shutil.which("biber"):
        return skip("biber missing")
    run = subprocess.run(["biber", "--tool", "--validate-datamodel", "refs.bib"], cwd=work,
                         capture_output=True, text=True)
    problems = [line for line in (run.stdout + run.stderr).splitlines()
                if line.startswith(("WARN", "ERROR"))]
    check(run.returncode == 0 and not problems,
          "biber exited %d: %s" % (run.returncode, "\n".join(problems) or run.stderr))
    report(before, "biber: datamodel valid, no warning")


def check_csl(csl_text):
    before = len(failures)
    try:
        from citeproc import (Citation, CitationItem, CitationStylesBibliography,
                              CitationStylesStyle, formatter)
        from citeproc.source.json import CiteProcJSON
    except ImportError:
        return skip("citeproc-py missing (python3-citeproc)")
    if not os.path.isdir(CSL_STYLES):
        return skip("no CSL styles (citation-style-language-styles)")
    items = json.loads(csl_text)
    check(len(items) == 200, "CSL-JSON has %d items, not 200" % len(items))
    for name in STYLES:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            style = CitationStylesStyle(os.path.join(CSL_STYLES, name + ".csl"), validate=False)
            bibliography = CitationStylesBibliography(style, CiteProcJSON(items),
                                                      formatter.plain)
            for item in items:
                bibliography.register(Citation([CitationItem(item["id"])]))
            rendered = bibliography.bibliography()
        check(len(rendered) == 200, "citeproc %s rendered %d entries" % (name, len(rendered)))
        check(not caught, "citeproc %s warned: %s" % (name, [str(w.message) for w in caught]))
    report(before, "citeproc-py: 200 items rendered in %s" % ", ".join(STYLES))


def check_atom(feed_text):
    before = len(failures)
    try:
        import feedparser
    except ImportError:
        return skip("feedparser missing (python3-feedparser)")
    feed = feedparser.parse(feed_text.encode("utf-8"))
    check(feed.bozo == 0, "feedparser: bozo %r" % feed.get("bozo_exception"))
    check(feed.version == "atom10", "feedparser read %r, not Atom 1.0" % feed.version)
    for element in ("id", "title", "updated"):
        check(feed.feed.get(element), "the feed has no " + element)
    check(feed.feed.get("updated_parsed"), "the feed's updated is no RFC 3339 date")
    check(len(feed.entries) == 200, "the feed has %d entries" % len(feed.entries))
    for entry in feed.entries:
        for element in ("id", "title", "updated"):
            check(entry.get(element), "entry %s has no %s" % (entry.get("id"), element))
        check(entry.get("updated_parsed"), "entry %s: updated is no date" % entry.get("id"))
        check(entry.get("authors") or feed.feed.get("authors"), "entry without an author")
    report(before, "feedparser: Atom 1.0, bozo 0, 200 entries with id, title, updated, author")


def main():
    index_bin, search_bin, source_dir = sys.argv[1:4]
    shared = shared_dir(source_dir)
    if shared is None or not os.path.exists(os.path.join(shared, RECORDS)):
        print("SKIP: ../shared/data is absent (set PAPERDEX_SHARED): the citation tools "
              "test needs its 200 real records")
        return SKIPPED
    with tempfile.TemporaryDirectory(prefix="paperdex-citations.") as work:
        db = os.path.join(work, "index")
        subprocess.run([index_bin, "--quiet", "--db", db, os.path.join(shared, RECORDS)],
                       check=True)
        check_bibtex(work, search(search_bin, db, "bibtex"))
        check_biber(work)
        check_csl(search(search_bin, db, "csljson"))
        check_atom(search(search_bin, db, "atom"))
    print("citation tools: %s" % ("%d problems" % len(failures) if failures else "all read"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
