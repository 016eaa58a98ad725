#!/usr/bin/env python3
"""Real query set for paperdex's benchmarks: keyword queries and two-word
phrases drawn from real titles, a seeded share of them with subject:/year:
filters in paperdex's query syntax.

usage: gen_queries.py CORPUS.jsonl N [--seed S] [--filter-share F] -o OUT.txt
                      [--classes OUT.classes] [--plain PLAIN.txt]

CORPUS: arXiv JSON-lines snapshot (../shared/peers/oai2snapshot.py output).
The keyword part is exactly ../shared/peers/title_queries.py CORPUS N --seed S
(PEERS_DIR overrides where it is; its default seed gives the peers' reference
set): 1-3 content words of a random title, ~20 % of the two-word ones quoted
as a phrase.  Then a seeded share F (default 0.2) of those queries get
filters whose values come from a random real record whose title has the
query's words (so the filter narrows the match the way a user's would, and
values follow the corpus' category and year distributions; for filters-only
queries, any random record):
  +subject        subject:CAT (one of the record's categories; 1 in 10 the
                  whole archive, e.g. subject:math)
  +year           year:Y, year:Y-k..Y, year:Y.. or year:..Y
  +subject+year   both
  filters-only    subject:CAT year:... with no words (lists every match)
in the proportions 4:3:2:1.  --plain writes the keyword queries alone (what
the peers in ../shared/peers/run.sh understand); --classes writes each
query's class (title_queries.py's shape: 1-word, 2-words, 3-words, phrase;
or one of the filter classes above), one a line.
Standard library only.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

DATE_YEAR = re.compile(r"\b(\d{4})\b")
WORD = re.compile(r"[A-Za-z][A-Za-z-]{2,}")  # title_queries.py's words
FILTER_CLASSES = (("+subject", 4), ("+year", 3), ("+subject+year", 2), ("filters-only", 1))


def peers_dir():
    return os.environ.get("PEERS_DIR") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "peers")


def title_queries(corpus, n, seed):
    """(queries, shapes) from the peers' title_queries.py."""
    script = os.path.join(peers_dir(), "title_queries.py")
    if not os.path.isfile(script):
        sys.exit("gen_queries: no %s (set PEERS_DIR to ../shared/peers)" % script)
    with tempfile.TemporaryDirectory() as tmp:
        out, classes = os.path.join(tmp, "q.txt"), os.path.join(tmp, "q.classes")
        cmd = [sys.executable, script, corpus, str(n), "-o", out, "--classes", classes]
        if seed is not None:
            cmd += ["--seed", str(seed)]
        subprocess.run(cmd, check=True)
        with open(out, encoding="utf-8") as f:
            queries = f.read().splitlines()
        with open(classes, encoding="utf-8") as f:
            shapes = f.read().splitlines()
    return queries, shapes


def record_facets(corpus):
    """[(categories list, year)] per record with both, and title word -> their indexes."""
    facets = []
    by_word = {}
    with open(corpus, encoding="utf-8") as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            cats = (r.get("categories") or "").split()
            versions = r.get("versions") or []
            m = DATE_YEAR.search((versions[0].get("created") or "") if versions else "")
            year = int(m.group(1)) if m else None
            if year is None and r.get("update_date"):
                year = int(r["update_date"][:4])
            if cats and year:
                for word in set(w.lower() for w in WORD.findall(r.get("title") or "")):
                    by_word.setdefault(word, []).append(len(facets))
                facets.append((cats, year))
    if not facets:
        sys.exit("gen_queries: no record with categories and a year in %s" % corpus)
    return facets, by_word


def source_record(rng, query, facets, by_word):
    """A random record whose title has every word of `query` (any record if none)."""
    postings = sorted((by_word.get(w, []) for w in set(WORD.findall(query))), key=len)
    if postings and postings[0]:
        candidates = set(postings[0])
        for posting in postings[1:]:
            candidates.intersection_update(posting)
        if candidates:
            return facets[rng.choice(sorted(candidates))]
    return rng.choice(facets)


def subject_filter(rng, cats):
    cat = rng.choice(cats)
    if rng.random() < 0.1:
        cat = cat.split(".")[0]  # the whole archive
    return "subject:" + cat


def year_filter(rng, year):
    r = rng.random()
    if r < 0.5:
        return "year:%d" % year
    if r < 0.75:
        return "year:%d..%d" % (year - rng.randint(1, 5), year)
    if r < 0.9:
        return "year:%d.." % year
    return "year:..%d" % year


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("n", type=int)
    ap.add_argument("--seed", type=int, help="seed (default: title_queries.py's, the reference set)")
    ap.add_argument("--filter-share", type=float, default=0.2)
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--classes")
    ap.add_argument("--plain", help="also write the keyword queries alone (for the peers)")
    a = ap.parse_args()
    if not 0 <= a.filter_share <= 1:
        ap.error("--filter-share must be between 0 and 1")

    queries, shapes = title_queries(a.corpus, a.n, a.seed)
    if a.plain:
        with open(a.plain, "w", encoding="utf-8") as f:
            f.write("".join(q + "\n" for q in queries))
    facets, by_word = record_facets(a.corpus)

    rng = random.Random(20261130 if a.seed is None else a.seed + 1)
    chosen = rng.sample(range(len(queries)), round(a.filter_share * len(queries)))
    names = [c for c, weight in FILTER_CLASSES for _ in range(weight)]
    mixed, classes = list(queries), list(shapes)
    for i in sorted(chosen):
        cls = rng.choice(names)
        if cls == "filters-only":
            cats, year = rng.choice(facets)
        else:
            cats, year = source_record(rng, queries[i], facets, by_word)
        if cls == "+subject":
            mixed[i] = "%s %s" % (queries[i], subject_filter(rng, cats))
        elif cls == "+year":
            mixed[i] = "%s %s" % (queries[i], year_filter(rng, year))
        elif cls == "+subject+year":
            mixed[i] = "%s %s %s" % (queries[i], subject_filter(rng, cats), year_filter(rng, year))
        else:
            mixed[i] = "%s %s" % (subject_filter(rng, cats), year_filter(rng, year))
        classes[i] = cls
    with open(a.output, "w", encoding="utf-8") as f:
        f.write("".join(q + "\n" for q in mixed))
    if a.classes:
        with open(a.classes, "w", encoding="utf-8") as f:
            f.write("".join(c + "\n" for c in classes))
    print("gen_queries: %d queries, %d with filters (%s)" % (
        len(mixed), len(chosen),
        ", ".join("%s %d" % (c, classes.count(c)) for c, _ in FILTER_CLASSES)), file=sys.stderr)


if __name__ == "__main__":
    main()
