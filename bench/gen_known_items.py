#!/usr/bin/env python3
"""Known-item queries: a seeded sample of papers and, for each, the queries a
person who has that paper in mind types (known_item.SHAPES), each with the
paper as its answer.

usage: gen_known_items.py CORPUS.jsonl -o DIR [--papers N] [--seed S]

CORPUS: an arXiv JSON-lines snapshot (../shared/peers/oai2snapshot.py output,
or Kaggle's); id, title, authors_parsed (else authors), doi and versions are
read. A record repeated under one id counts once, its last line winning (as
paperdex-index keeps the newer metadata). N papers (400) are drawn among the
records with a title of 2+ words; for each, in known_item.SHAPES' order:
  title / short-title  its title lower case, punctuation removed: "title" for
                       5+ words, "short-title" for 2-4
  first-4-words        the first four content words of a title that has 5+
                       (content: 3+ characters, a letter, not a stop word)
  3-words              three distinct content words of 5+ letters, random
                       order (titles with 3+ such words)
  author-word          one author's surname (written without TeX markup)
                       and one content word of 4+ letters of the title
  id, id-version       1409.3215, 1409.3215v2 (the last of `versions`, v1
                       without them)
  link                 https://arxiv.org/abs/1409.3215
  doi                  the first DOI of `doi`, where there is one
Writes in DIR:
  queries.txt   every query, one a line (paperdex-search --batch)
  answers.tsv   qno shape target accepted query: accepted lists the target
                and, for shapes whose known_item.SHAPES row says by_title, the
                other papers with the same normalized title
  peers.txt     the queries of the shapes the peers answer, in order
                (../shared/peers/run.sh's query file)
Standard library only.
"""
import argparse
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from known_item import PEER_SHAPES, SHAPES, normalize_title  # noqa: E402

STOP = frozenset(
    "a an and are as at be by for from in into is it of on or that the this to with we our via using "
    "based new its their over under towards toward between can not no do does how what when which why".split())
TEX = re.compile(r"[\\{}$^]")
BY_TITLE = {s.name for s in SHAPES if s.by_title}


def content_words(words):
    return [w for w in words if len(w) >= 3 and w not in STOP and re.search(r"[^\W\d_]", w)]


def surnames(record):
    """The authors' surnames as written, those with TeX markup left out."""
    parsed = record.get("authors_parsed")
    if isinstance(parsed, list) and parsed:
        names = [p[0] for p in parsed if isinstance(p, list) and p and isinstance(p[0], str)]
    else:  # "A B, C D and E F": the last word of each name
        names = [n.split()[-1] for n in re.split(r",|\band\b", str(record.get("authors") or "")) if n.split()]
    return [n for n in names if not TEX.search(n) and len(normalize_title(n)) >= 2]


def title_queries(words, rng):
    """[(shape, query)] made of the normalized title's words."""
    out = []
    if len(words) >= 2:
        out.append(("title" if len(words) >= 5 else "short-title", " ".join(words)))
    content = content_words(words)
    if len(content) >= 5:
        out.append(("first-4-words", " ".join(content[:4])))
    longer = sorted(set(w for w in content if len(w) >= 5))
    if len(longer) >= 3:
        out.append(("3-words", " ".join(rng.sample(longer, 3))))
    return out


def author_query(record, words, rng):
    names = surnames(record)
    title_words = [w for w in content_words(words) if len(w) >= 4]
    if not names or not title_words:
        return []
    surname = normalize_title(rng.choice(names))
    return [("author-word", surname + " " + rng.choice(title_words))]


def id_queries(record):
    pid = record["id"]
    versions = record.get("versions")
    last = versions[-1] if isinstance(versions, list) and versions else {}
    version = last.get("version") if isinstance(last, dict) else None
    out = [("id", pid), ("id-version", pid + (version or "v1")), ("link", "https://arxiv.org/abs/" + pid)]
    doi = str(record.get("doi") or "").split()
    if doi:
        out.append(("doi", doi[0]))
    return out


def paper_queries(record, rng):
    """[(shape, query)] for one paper, in SHAPES' order."""
    words = normalize_title(record.get("title")).split()
    queries = title_queries(words, rng) + author_query(record, words, rng) + id_queries(record)
    order = {s.name: i for i, s in enumerate(SHAPES)}
    return sorted(queries, key=lambda q: order[q[0]])


def read_corpus(path):
    """{id: record} (the last line of an id wins) in first-seen order."""
    records = {}
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError as e:
                sys.exit("gen_known_items: %s line %d is not JSON (%s): is it an arXiv snapshot file?" % (
                    path, lineno, e))
            if isinstance(record, dict) and record.get("id"):
                records[str(record["id"]).strip()] = record
    return records


def generate(records, papers, seed):
    """[(qno, shape, target, accepted ids, query)] for a seeded sample."""
    by_title = {}
    for pid, record in records.items():
        by_title.setdefault(normalize_title(record.get("title")), []).append(pid)
    eligible = [pid for pid, r in records.items() if len(normalize_title(r.get("title")).split()) >= 2]
    if len(eligible) < papers:
        sys.exit("gen_known_items: %d papers asked, only %d records with a title of 2+ words" % (
            papers, len(eligible)))
    rng = random.Random(seed)
    rows = []
    for pid in rng.sample(eligible, papers):
        record = records[pid]
        twins = by_title[normalize_title(record.get("title"))]
        for shape, query in paper_queries(record, rng):
            accepted = [pid] + ([t for t in twins if t != pid] if shape in BY_TITLE else [])
            rows.append((len(rows), shape, pid, accepted, " ".join(query.split())))
    return rows


def write(rows, outdir):
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "queries.txt"), "w", encoding="utf-8") as q, \
            open(os.path.join(outdir, "peers.txt"), "w", encoding="utf-8") as p, \
            open(os.path.join(outdir, "answers.tsv"), "w", encoding="utf-8") as a:
        a.write("qno\tshape\ttarget\taccepted\tquery\n")
        for qno, shape, target, accepted, query in rows:
            q.write(query + "\n")
            if shape in PEER_SHAPES:
                p.write(query + "\n")
            a.write("%d\t%s\t%s\t%s\t%s\n" % (qno, shape, target, ",".join(accepted), query))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("-o", "--outdir", required=True)
    ap.add_argument("--papers", type=int, default=400)
    ap.add_argument("--seed", type=int, default=20261203)
    a = ap.parse_args()
    records = read_corpus(a.corpus)
    rows = generate(records, a.papers, a.seed)
    write(rows, a.outdir)
    counts = {}
    for row in rows:
        counts[row[1]] = counts.get(row[1], 0) + 1
    print("gen_known_items: %d queries for %d of %d papers (seed %d): %s" % (
        len(rows), a.papers, len(records), a.seed,
        ", ".join("%s %d" % (s.name, counts[s.name]) for s in SHAPES if s.name in counts)), file=sys.stderr)


if __name__ == "__main__":
    main()
