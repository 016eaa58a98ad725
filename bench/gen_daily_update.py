#!/usr/bin/env python3
"""A day of arXiv for an index built from CORPUS: new papers and replaced ones.

usage: gen_daily_update.py CORPUS [--new N] [--replaced M] [--seed S] [-o OUT.jsonl]

CORPUS is an arXiv snapshot JSONL file (bench/gen_scale_corpus.py writes one).
The output holds M records of CORPUS (drawn at random) as a new version would
bring them: a v2 dated the day of the update, a newer update_date and a title
that says so, so that paperdex-index replaces each; and N new papers with ids
of the update's month (YYMM.NNNNN, numbered from 1), their text lent by random
records of CORPUS. Timing `paperdex-index --db INDEX OUT.jsonl` on the index
of CORPUS is the daily-update benchmark (bench/README.md). One pass over CORPUS
(reservoir sampling), standard library only; the same arguments give the same
file.
"""

import argparse
import json
import random
import sys

UPDATE_DAY = "2026-12-01"
UPDATE_CREATED = "Tue, 1 Dec 2026 09:00:00 GMT"
NEW_MONTH = "2612"


def sample(path, k, rng):
    """k records of the file at path, uniformly, in one pass."""
    chosen = []
    with open(path, encoding="utf-8") as f:
        for seen, line in enumerate(f):
            if len(chosen) < k:
                chosen.append(line)
            else:
                j = rng.randrange(seen + 1)
                if j < k:
                    chosen[j] = line
    return [json.loads(line) for line in chosen]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--new", type=int, default=1000)
    ap.add_argument("--replaced", type=int, default=500)
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    if a.new < 0 or a.replaced < 0 or a.new > 99999:
        ap.error("--new must be 0..99999 and --replaced at least 0")
    rng = random.Random(a.seed)
    drawn = sample(a.corpus, a.replaced + a.new, rng)
    if len(drawn) < a.replaced + a.new:
        ap.error("the corpus has fewer than %d records" % (a.replaced + a.new))
    out = sys.stdout if a.output == "-" else open(a.output, "w", encoding="utf-8")
    for rec in drawn[:a.replaced]:
        rec["title"] = rec["title"] + " (revised)"
        rec["versions"] = (rec.get("versions") or []) + [{"version": "v2", "created": UPDATE_CREATED}]
        rec["update_date"] = UPDATE_DAY
        out.write(json.dumps(rec, separators=(",", ":")) + "\n")
    for number, rec in enumerate(drawn[a.replaced:], start=1):
        rec["id"] = "%s.%05d" % (NEW_MONTH, number)
        rec["versions"] = [{"version": "v1", "created": UPDATE_CREATED}]
        rec["update_date"] = UPDATE_DAY
        out.write(json.dumps(rec, separators=(",", ":")) + "\n")
    if out is not sys.stdout:
        out.close()
    print("gen_daily_update: %d replaced, %d new" % (a.replaced, a.new), file=sys.stderr)


if __name__ == "__main__":
    main()
