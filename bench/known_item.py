#!/usr/bin/env python3
"""Known-item search: the query shapes, the title normalization that decides
what counts as found, and the scoring of each engine's top 10.

usage: known_item.py ANSWERS.tsv [--paperdex RESULTS.jsonl] [--peer NAME=RESULTS.tsv ...]
                      [--before RESULTS.jsonl]

ANSWERS.tsv is gen_known_items.py's: one row per query, in query order,
`qno shape target accepted query` (accepted: the target and, for the shapes
whose SHAPES row says by_title, the papers with the same normalized title,
comma-separated). Each engine's answers:
  --paperdex  paperdex-search --batch QUERIES --format json: one object per
              query, in order, its hits[].id the ranking (an object with an
              "error" and no hits, or a missing line, finds nothing)
  --peer      ../shared/peers/run.sh's PEER/q/results.tsv (qid nmatch top10 ...,
              top10 comma-separated) for the queries of the shapes peers answer,
              in order (gen_known_items.py's peers.txt)
  --before    another paperdex run of the same queries (a build before a
              change): also the queries whose rank of the paper changed
Prints three markdown tables (success@1, success@10, MRR@10), one row per
engine, a column per shape, then the peers' shapes together and all
shapes; with --before, a table of the queries that rank the paper higher
and lower per shape, and each of them. A hit counts as found when its id
(version dropped) is accepted.
Standard library only.
"""
import argparse
import re
import sys
import unicodedata
from collections import namedtuple

from batch_results import paperdex_hits

Shape = namedtuple("Shape", "name peers by_title heading")
# One row per query shape (gen_known_items.py makes them; its docstring says
# how), in the order the tables show them. `peers`: the peers of
# ../shared/peers answer it (bare words AND-ed over title and abstract);
# authors, ids, links and DOIs are in no field they search.
# `by_title`: a paper with the same normalized title as the target counts as
# found too (a title does not tell duplicates apart; an id or a DOI does).
SHAPES = (
    Shape("title", True, True, "pasted title"),
    Shape("short-title", True, True, "short title"),
    Shape("first-4-words", True, True, "first 4 words"),
    Shape("3-words", True, True, "3 words"),
    Shape("author-word", False, True, "author + word"),
    Shape("id", False, False, "id"),
    Shape("id-version", False, False, "id + version"),
    Shape("link", False, False, "abs link"),
    Shape("doi", False, False, "DOI"),
)
SHAPE_NAMES = tuple(s.name for s in SHAPES)
PEER_SHAPES = tuple(s.name for s in SHAPES if s.peers)
DEPTH = 10  # success@10 and MRR@10 read the top 10
VERSION = re.compile(r"v\d+$")
APOSTROPHE = re.compile(r"(?<=\w)['\u2019](?=\w)")  # Alexandrov's
# Every character but letters, digits and a decimal point (3.5 GHz, 0906.5418).
SEPARATOR = re.compile(r"[^\w.]+|_+|(?<!\d)\.|\.(?!\d)")


def normalize_title(title):
    """A title as a person types it without punctuation: lower case, an
    apostrophe inside a word dropped (alexandrovs), a decimal point kept (3.5),
    every other run of characters that are not letters or digits one space
    (TeX's `$`, `\\` and braces, hyphens, colons, quotes), accents kept."""
    text = APOSTROPHE.sub("", unicodedata.normalize("NFC", str(title or "")).lower())
    return " ".join(SEPARATOR.sub(" ", text).split())


def bare_id(paper_id):
    """An id as the engines may return it, without a version suffix."""
    return VERSION.sub("", str(paper_id).strip())


def rank_of(ranking, accepted):
    """1-based rank of the first accepted id in the top DEPTH, or None."""
    for i, pid in enumerate(ranking[:DEPTH]):
        if bare_id(pid) in accepted:
            return i + 1
    return None


class Tally:
    """success@1, success@10 and MRR@10 over a set of queries."""

    def __init__(self):
        self.n = self.at1 = self.at10 = 0
        self.rr = 0.0

    def add(self, rank):
        self.n += 1
        if rank is not None:
            self.at1 += rank == 1
            self.at10 += 1
            self.rr += 1.0 / rank

    def metric(self, name):
        if not self.n:
            return None
        return {"s@1": self.at1, "s@10": self.at10, "mrr@10": self.rr}[name] / self.n


def score(answers, rankings, shapes=SHAPE_NAMES):
    """answers: [(shape, accepted set)] in query order; rankings: {qno: [ids]}
    (a query without a ranking counts as not found); only the queries of
    `shapes` are scored. Returns {column: Tally} for every shape scored,
    "peer shapes", and "all" when every shape is scored."""
    tallies = {}
    every_shape = set(shapes) >= set(SHAPE_NAMES)
    for qno, (shape, accepted) in enumerate(answers):
        if shape not in shapes:
            continue
        rank = rank_of(rankings.get(qno, []), accepted)
        columns = [shape] + (["peer shapes"] if shape in PEER_SHAPES else []) + (["all"] if every_shape else [])
        for column in columns:
            tallies.setdefault(column, Tally()).add(rank)
    return tallies


def read_answers(path):
    """[(shape, accepted set)] and the query texts, in query order."""
    answers, queries = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("qno\t") or not line.strip():
                continue
            qno, shape, _target, accepted, query = line.rstrip("\n").split("\t", 4)
            if int(qno) != len(answers):
                sys.exit("known_item: %s: row %s out of order (expected %d)" % (path, qno, len(answers)))
            if shape not in SHAPE_NAMES:
                sys.exit("known_item: %s: row %s has an unknown shape %r" % (path, qno, shape))
            answers.append((shape, set(accepted.split(","))))
            queries.append(query)
    return answers, queries


def read_paperdex(path, queries):
    """{qno: [ids]} from paperdex-search --batch --format json's stdout; a line
    echoing another query than its own stops the reading (misaligned)."""
    return {qno: [hit["id"] for hit in hits]
            for qno, hits in paperdex_hits(path, queries, "known_item").items()}


def read_peer(path, answers):
    """{qno: [ids]} from a peer's results.tsv, whose qid counts the peer-shape
    queries only (peers.txt)."""
    peer_qnos = [qno for qno, (shape, _) in enumerate(answers) if shape in PEER_SHAPES]
    rankings = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 3 or not parts[0].isdigit():
                continue  # header
            qid = int(parts[0])
            if qid < len(peer_qnos):
                rankings[peer_qnos[qid]] = [i for i in parts[2].split(",") if i]
    return rankings


def rank_changes(answers, before, after):
    """The queries whose paper ranks differently in `after` than in `before`
    (both {qno: [ids]}): [(qno, shape, rank before, rank after)], a rank None
    when the paper is not in the top DEPTH."""
    changes = []
    for qno, (shape, accepted) in enumerate(answers):
        old, new = rank_of(before.get(qno, []), accepted), rank_of(after.get(qno, []), accepted)
        if old != new:
            changes.append((qno, shape, old, new))
    return changes


def higher(new, old):
    """Whether rank `new` is above rank `old` (None: not found)."""
    return new is not None and (old is None or new < old)


def changes_table(changes, queries):
    """Markdown: per shape, how many queries rank the paper higher and lower;
    then each changed query."""
    out = ["rank changes against --before (%d queries)\n" % len(changes),
           "| shape | higher | lower |", "|---|---:|---:|"]
    for shape in [s.name for s in SHAPES]:
        ups = sum(1 for _, sh, old, new in changes if sh == shape and higher(new, old))
        downs = sum(1 for _, sh, old, new in changes if sh == shape and not higher(new, old))
        if ups or downs:
            out.append("| %s | %d | %d |" % (shape, ups, downs))
    out.append("")
    for qno, shape, old, new in changes:
        out.append("%s %s -> %s  %s" % (shape, old or "-", new or "-", queries[qno]))
    return "\n".join(out)


def tables(engines, answers):
    """Markdown: one table per metric, one row per (name, tallies) engine, a
    column per shape of `answers` (its query count in the heading), then the
    peers' shapes together and all shapes."""
    counts = score(answers, {})
    columns = [s.name for s in SHAPES if s.name in counts] + ["peer shapes", "all"]
    headings = {s.name: s.heading for s in SHAPES}
    headings.update({"peer shapes": "titles' shapes (peers')", "all": "all shapes"})
    out = []
    for metric, title in (("s@1", "success@1"), ("s@10", "success@10"), ("mrr@10", "MRR@10")):
        out.append("%s (found: the paper or one with the same normalized title)\n" % title)
        out.append("| engine | " + " | ".join("%s (%d)" % (headings[c], counts[c].n if c in counts else 0)
                                               for c in columns) + " |")
        out.append("|---|" + "---:|" * len(columns))
        for name, tallies in engines:
            cells = []
            for c in columns:
                value = tallies[c].metric(metric) if c in tallies else None
                cells.append("-" if value is None else "%.3f" % value)
            out.append("| %s | %s |" % (name, " | ".join(cells)))
        out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("answers")
    ap.add_argument("--paperdex", help="paperdex-search --batch --format json output")
    ap.add_argument("--peer", action="append", default=[], metavar="NAME=RESULTS.tsv")
    ap.add_argument("--before", help="another paperdex run of the same queries, to compare --paperdex with")
    a = ap.parse_args()
    if a.before and not a.paperdex:
        sys.exit("known_item: --before compares with --paperdex; give both")
    answers, queries = read_answers(a.answers)
    engines = []
    if a.paperdex:
        engines.append(("paperdex", score(answers, read_paperdex(a.paperdex, queries))))
    for spec in a.peer:
        name, _, path = spec.partition("=")
        engines.append((name, score(answers, read_peer(path, answers), PEER_SHAPES)))
    if not engines:
        sys.exit("known_item: no engine's results given (--paperdex, --peer)")
    print(tables(engines, answers))
    if a.before:
        after = read_paperdex(a.paperdex, queries)
        print(changes_table(rank_changes(answers, read_paperdex(a.before, queries), after), queries))


if __name__ == "__main__":
    main()
