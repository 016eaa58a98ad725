#!/usr/bin/env python3
"""Scale corpus: N records in the arXiv JSON-lines snapshot format, recombined
from a real harvest, for indexing and query benchmarks beyond its size.

usage: gen_scale_corpus.py SOURCE N [--seed S] [-o OUT.jsonl] [--no-wrap]

SOURCE: an arXiv snapshot file (JSON lines, e.g. the output of
../shared/peers/oai2snapshot.py) or a directory of OAI-PMH pages, which is
converted first with oai2snapshot.py (PEERS_DIR, default ../shared/peers next
to the repository). N: records to write (any size; 3 million is ~4.8 GB).

Every record is synthetic but made only of real parts, so term statistics
(Zipfian word frequencies, phrase co-occurrence, per-subject vocabularies,
TeX, author-name frequencies) stay those of real arXiv metadata:

* a template record, drawn uniformly at random, gives the categories (the
  real combinations), the number of authors, the number of abstract
  sentences, the dates (versions[0].created, update_date), comments,
  journal-ref and license;
* the title joins the head of one real title and the tail of another of the
  same primary category, cut at the first connective (": ", " of ", " for ",
  " in ", " with ", " on ", " via ", " using ", " and "), e.g. "Sparse
  graph decompositions" + " for rigidity theory";
* the abstract takes its first sentence from the first sentences of real
  abstracts of that primary category and the others from their later
  sentences, then hard-wraps it at 80 columns with the two leading spaces of
  the real snapshot (--no-wrap: one line);
* authors are drawn from the pool of every real author occurrence (prolific
  authors stay frequent), written as "A B, C D and E F" plus authors_parsed;
* ids are new-style "YYMM.NNNNN" from the template's submission month, unique
  within the file (the year paperdex shows comes from versions[0].created);
  doi and report-no are null (real ones would collide).

Output order is generation order (random dates, not id order). The same
SOURCE, N and --seed give the same file. Standard library only.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import time

CONNECTIVE = re.compile(r"(: | of | for | in | with | on | via | using | and )")
# A sentence ends at . ! or ? followed by space and an upper-case letter, a
# bracket, a digit, TeX or math: good enough for abstracts.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\[$\\])")
DATE = re.compile(r"(\d{1,2}) (\w{3}) (\d{4})")
MONTHS = {m: i + 1 for i, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split())}


def collapse(text):
    return " ".join((text or "").split())


def split_title(title):
    """'A of B' -> ('A', ' of B'); no connective after the first word -> (title, '')."""
    m = CONNECTIVE.search(title, 1)
    if m is None:
        return title, ""
    return title[:m.start()], title[m.start():]


def wrap(text, width=80):
    """Hard-wrap like the snapshot's abstracts: '  ' + lines joined by '\\n' + '\\n'."""
    lines, line, length = [], [], 0
    for word in text.split(" "):
        if line and length + 1 + len(word) > width:
            lines.append(" ".join(line))
            line, length = [word], len(word)
        else:
            length += len(word) + (1 if line else 0)
            line.append(word)
    if line:
        lines.append(" ".join(line))
    return "  " + "\n".join(lines) + "\n"


def join_authors(names):
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def source_lines(source):
    if not os.path.isdir(source):
        with open(source, encoding="utf-8") as f:
            yield from f
        return
    peers = os.environ.get("PEERS_DIR") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "peers")
    script = os.path.join(peers, "oai2snapshot.py")
    if not os.path.isfile(script):
        sys.exit("gen_scale_corpus: %s is a directory and there is no %s to convert it "
                 "(set PEERS_DIR)" % (source, script))
    proc = subprocess.Popen([sys.executable, script, source], stdout=subprocess.PIPE,
                            encoding="utf-8")
    yield from proc.stdout
    if proc.wait() != 0:
        sys.exit("gen_scale_corpus: oai2snapshot.py failed on %s" % source)


class Pools:
    """The real parts, grouped by primary category."""

    def __init__(self):
        self.templates = []      # (categories, n_authors, n_sentences, created, update_date, comments, jref, license)
        self.heads = {}          # primary category -> title heads
        self.tails = {}          # primary category -> non-empty title tails
        self.first = {}          # primary category -> first sentences
        self.later = {}          # primary category -> other sentences
        self.authors = []        # [keyname, forenames, suffix] per real author occurrence

    def add(self, rec):
        cats = (rec.get("categories") or "").split()
        title = collapse(rec.get("title"))
        abstract = collapse(rec.get("abstract"))
        if not cats or not title or not abstract:
            return
        primary = cats[0]
        head, tail = split_title(title)
        self.heads.setdefault(primary, []).append(head)
        if tail:
            self.tails.setdefault(primary, []).append(tail)
        sentences = SENTENCE_END.split(abstract)
        self.first.setdefault(primary, []).append(sentences[0])
        if len(sentences) > 1:
            self.later.setdefault(primary, []).extend(sentences[1:])
        parsed = [a for a in (rec.get("authors_parsed") or []) if a and a[0]]
        self.authors.extend(parsed)
        versions = rec.get("versions") or []
        created = versions[0].get("created") if versions else None
        self.templates.append((rec.get("categories").strip(), max(1, len(parsed)), len(sentences),
                               created, rec.get("update_date"), rec.get("comments"),
                               rec.get("journal-ref"), rec.get("license")))


def month_of(created, update_date):
    """(yy, mm) of the submission date, else of update_date, else (16, 1)."""
    m = DATE.search(created or "")
    if m and m.group(2) in MONTHS:
        return int(m.group(3)) % 100, MONTHS[m.group(2)]
    m = re.match(r"(\d{4})-(\d{2})", update_date or "")
    if m:
        return int(m.group(1)) % 100, int(m.group(2))
    return 16, 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("source", help="arXiv snapshot JSONL, or a directory of OAI-PMH pages")
    ap.add_argument("n", type=int, help="records to write")
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--no-wrap", action="store_true", help="abstracts on one line")
    a = ap.parse_args()
    if a.n < 0:
        ap.error("N must be >= 0")

    started = time.time()
    pools = Pools()
    bad = 0
    for line in source_lines(a.source):
        if not line.strip():
            continue
        try:
            pools.add(json.loads(line))
        except (ValueError, AttributeError, TypeError, IndexError):
            bad += 1
    if not pools.templates:
        sys.exit("gen_scale_corpus: no usable record in %s" % a.source)
    print("gen_scale_corpus: %d real records (%d unusable), %d authors, %d sentences; %.1f s" % (
        len(pools.templates), bad, len(pools.authors),
        sum(map(len, pools.first.values())) + sum(map(len, pools.later.values())),
        time.time() - started), file=sys.stderr)

    rng = random.Random(a.seed)
    next_number = {}  # (yy, mm) -> next NNNNN
    out = sys.stdout if a.output == "-" else open(a.output, "w", encoding="utf-8")
    written_bytes = 0
    for _ in range(a.n):
        cats, n_authors, n_sentences, created, update_date, comments, jref, lic = rng.choice(
            pools.templates)
        primary = cats.split()[0]
        head = rng.choice(pools.heads[primary])
        tails = pools.tails.get(primary)
        title = head + (rng.choice(tails) if tails else "")
        later = pools.later.get(primary)
        sentences = [rng.choice(pools.first[primary])]
        if later:
            sentences += [rng.choice(later) for _ in range(n_sentences - 1)]
        abstract = " ".join(sentences)
        abstract = abstract if a.no_wrap else wrap(abstract)
        parsed = [list(rng.choice(pools.authors)) for _ in range(n_authors)]
        names = [" ".join(p for p in (fore, key, suffix) if p) for key, fore, suffix in parsed]

        yy, mm = month_of(created, update_date)
        number = next_number.get((yy, mm), 1)
        while number > 99999:  # that month is full: spill into the next one
            yy, mm = (yy + (mm == 12)) % 100, mm % 12 + 1
            number = next_number.get((yy, mm), 1)
        next_number[(yy, mm)] = number + 1

        rec = {"id": "%02d%02d.%05d" % (yy, mm, number), "submitter": None,
               "authors": join_authors(names), "title": title, "comments": comments,
               "journal-ref": jref, "doi": None, "report-no": None, "categories": cats,
               "license": lic, "abstract": abstract,
               "versions": [{"version": "v1", "created": created}] if created else [],
               "update_date": update_date, "authors_parsed": parsed}
        line = json.dumps(rec, separators=(",", ":")) + "\n"
        written_bytes += len(line)
        out.write(line)
    if out is not sys.stdout:
        out.close()
    print("gen_scale_corpus: %d records, %.1f MB (seed %d) in %.1f s" % (
        a.n, written_bytes / 1e6, a.seed, time.time() - started), file=sys.stderr)


if __name__ == "__main__":
    main()
