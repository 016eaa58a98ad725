#!/usr/bin/env python3
"""Scores known-item queries made from bodies (gen_fulltext_queries.py):
success@1, success@10 and MRR@10 per kind of query, one row per engine, and
for paperdex the share of first-ranked hits whose passage is on the page the
query was drawn from.

usage: fulltext_score.py ANSWERS.tsv [--paperdex RESULTS.jsonl] [--recoll RESULTS.tsv]
  --paperdex  paperdex-search --batch QUERIES --format json's output
  --recoll    qno TAB rank TAB id lines (bench/fulltext.sh writes them from
              recollq's file names)
Standard library only.
"""
import argparse
import re
import sys

from batch_results import paperdex_hits

DEPTH = 10
VERSION = re.compile(r"v\d+$")
KINDS = ("phrase", "words")


def bare(paper_id):
    return VERSION.sub("", str(paper_id).strip())


def read_answers(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            qno, kind, paper, page, query = line.rstrip("\n").split("\t", 4)
            if int(qno) != len(rows):
                sys.exit(f"fulltext_score: {path}: row {qno} out of order")
            rows.append({"kind": kind, "id": paper, "page": int(page), "query": query})
    return rows


def read_paperdex(path, answers):
    """{qno: [hits]}; a line echoing another query stops the reading."""
    return paperdex_hits(path, [answer["query"] for answer in answers], "fulltext_score")


def read_recoll(path):
    hits = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3:
                hits.setdefault(int(parts[0]), []).append({"id": parts[2]})
    for ranking in hits.values():
        del ranking[DEPTH:]
    return hits


def table(engines, answers):
    out = ["| engine | kind | queries | s@1 | s@10 | MRR@10 | passage on the page |",
           "|---|---|---:|---:|---:|---:|---:|"]
    for name, hits in engines:
        for kind in KINDS:
            n = at1 = at10 = 0
            rr = 0.0
            pages = paged = 0
            for qno, row in enumerate(answers):
                if row["kind"] != kind:
                    continue
                n += 1
                ranking = hits.get(qno, [])[:DEPTH]
                rank = next((i + 1 for i, h in enumerate(ranking) if bare(h["id"]) == row["id"]), None)
                if rank is None:
                    continue
                at10 += 1
                rr += 1 / rank
                if rank == 1:
                    at1 += 1
                    passage = ranking[0].get("passage")
                    if kind == "phrase" and isinstance(passage, dict) and "page" in passage:
                        paged += 1
                        pages += passage["page"] == row["page"]
            where = f"{pages / paged:.3f} of {paged}" if paged else "-"
            if n:
                out.append(f"| {name} | {kind} | {n} | {at1 / n:.3f} | {at10 / n:.3f} | "
                           f"{rr / n:.3f} | {where} |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("answers")
    ap.add_argument("--paperdex")
    ap.add_argument("--recoll")
    a = ap.parse_args()
    answers = read_answers(a.answers)
    engines = []
    if a.paperdex:
        engines.append(("paperdex", read_paperdex(a.paperdex, answers)))
    if a.recoll:
        engines.append(("recoll", read_recoll(a.recoll)))
    if not engines:
        sys.exit("fulltext_score: no engine's results given (--paperdex, --recoll)")
    print(table(engines, answers))


if __name__ == "__main__":
    main()
