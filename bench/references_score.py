#!/usr/bin/env python3
"""bench/references.sh's scoring: paperdex's extracted references (JSON lines
of paperdex-references-extract) against the hand-checked lists of
../shared/data/fulltext/truth, GROBID's extraction of the same PDFs, and
unarXive's own arXiv ids.

usage: references_score.py --truth DIR --extracted FILE [--unarxive SAMPLE.jsonl]

Per hand-checked paper: references found against the hand-checked count
(within 5 %?); then, matching each checked reference to the extracted one
whose raw text overlaps it most (words, Jaccard), the share whose authors'
surnames (all, in order, case and accents folded) and year are right, beside
GROBID's share on the same references where DIR has PAPER.grobid.json (its
entries carry no raw text: matched by their surnames, year, source and volume
against the checked raw text). 1001.0012's file checks its first 22 entries
only: the other 63 count for the number, not for the fields.
unarXive: of the references whose raw text names an arXiv id (the data set's
contained_arXiv_ids), the share paperdex reads that id from the text.
"""
import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path


def fold(text):
    text = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in text if not unicodedata.combining(c)).lower().strip()


def words(text):
    return set(re.findall(r"[a-z0-9]+", fold(text)))


def jaccard(a, b):
    return len(a & b) / len(a | b) if a and b else 0.0


def read_truth(path):
    """The checked entries and the number of entries (checked or not)."""
    text = path.read_text(encoding="utf-8")
    end = text.find("\n]") + 2
    checked = json.loads(text[:end])
    unchecked = [line for line in text[end:].splitlines() if line.strip()]
    return checked, len(checked) + len(unchecked)


def truth_surnames(entry):
    return [fold(a.get("surname", "")) for a in entry.get("authors", [])]


def truth_year(entry):
    year = entry.get("year")
    return str(year) if year not in (None, "") else None


def surname_words(surnames):
    # "van der Heide" and "Heide" alike: compare each surname's last word.
    return [s.split()[-1] if s.split() else s for s in surnames]


def fields_right(truth, surnames, year):
    return (surname_words(truth_surnames(truth)) == surname_words([fold(s) for s in surnames])
            and truth_year(truth) == (str(year) if year is not None else None))


def best_match(truth_words, candidates, key):
    best, best_score = None, 0.0
    for candidate in candidates:
        score = jaccard(truth_words, key(candidate))
        if score > best_score:
            best, best_score = candidate, score
    return best


def grobid_words(entry):
    parts = [a.get("surname", "") for a in entry.get("authors", [])]
    parts += [entry.get("year", ""), entry.get("source", ""), entry.get("volume", ""),
              entry.get("title", "")]
    return words(" ".join(str(p) for p in parts))


def score_paper(paper, truth_dir, extracted):
    checked, expected = read_truth(truth_dir / f"{paper}.references.json")
    found = [r for r in extracted if Path(r["file"]).name.startswith(paper)]
    within = abs(len(found) - expected) <= 0.05 * expected
    fielded = [t for t in checked if t.get("authors")]
    ours = sum(
        1 for t in fielded
        if (m := best_match(words(t.get("raw", "")), found, lambda r: words(r["raw"])))
        and fields_right(t, m["surnames"], m["year"]))
    grobid_file = truth_dir / f"{paper}.grobid.json"
    grobid = None
    if grobid_file.exists():
        peers = json.loads(grobid_file.read_text(encoding="utf-8"))
        grobid = sum(
            1 for t in fielded
            if (m := best_match(words(t.get("raw", "")), peers, grobid_words))
            and fields_right(t, [a.get("surname", "") for a in m.get("authors", [])],
                             m.get("year") or None))
    ids_named = [t for t in checked if t.get("arxiv")]
    ids_right = sum(
        1 for t in ids_named
        if (m := best_match(words(t.get("raw", "")), found, lambda r: words(r["raw"])))
        and m["arxiv_id"] and m["arxiv_id"].split("/")[-1] == str(t["arxiv"]).split("/")[-1])
    return {
        "paper": paper, "found": len(found), "expected": expected, "within": within,
        "fielded": len(fielded), "ours": ours, "grobid": grobid,
        "ids_named": len(ids_named), "ids_right": ids_right,
    }


def score_unarxive(sample, extracted):
    by_raw = {}
    for r in extracted:
        by_raw.setdefault((r.get("paper"), " ".join(r["raw"].split())), r)
    named = right = 0
    with open(sample, encoding="utf-8") as lines:
        for line in lines:
            paper = json.loads(line)
            for entry in paper.get("bib_entries", {}).values():
                ids = [re.sub(r"v\d+$", "", c["id"]) for c in entry.get("contained_arXiv_ids") or []]
                if not ids:
                    continue
                named += 1
                raw = " ".join(entry.get("bib_entry_raw", "").split())
                got = by_raw.get((paper.get("paper_id"), raw))
                right += bool(got and got["arxiv_id"] in ids)
    return named, right


def percent(part, whole):
    return f"{100.0 * part / whole:5.1f} %" if whole else "    -"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--truth", type=Path, required=True)
    parser.add_argument("--extracted", type=Path, required=True)
    parser.add_argument("--unarxive", type=Path)
    args = parser.parse_args()
    extracted, problems = [], []
    for line in args.extracted.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if "raw" in record:
            extracted.append(record)
        elif "error" in record or "warning" in record:
            problems.append(record)
    for record in problems:
        print(f"  note: {record['file']}: {record.get('error') or record.get('warning')}")

    papers = sorted(p.name.split(".references.json")[0]
                    for p in args.truth.glob("*.references.json"))
    print("1. hand-checked PDFs: references found; authors' surnames and year right "
          "(checked entries)")
    print(f"  {'paper':<11}{'found':>6}{'truth':>6}  {'±5 %':<5}"
          f"{'paperdex':>18}{'GROBID':>18}{'arXiv ids':>14}")
    passed = True
    for paper in papers:
        s = score_paper(paper, args.truth, extracted)
        ours = f"{s['ours']}/{s['fielded']} {percent(s['ours'], s['fielded'])}"
        grobid = ("-" if s["grobid"] is None else
                  f"{s['grobid']}/{s['fielded']} {percent(s['grobid'], s['fielded'])}")
        ids = f"{s['ids_right']}/{s['ids_named']}"
        print(f"  {paper:<11}{s['found']:>6}{s['expected']:>6}  {'yes' if s['within'] else 'NO':<5}"
              f"{ours:>18}{grobid:>18}{ids:>14}")
        passed &= s["within"] and (s["grobid"] is None or s["ours"] >= s["grobid"])
    if args.unarxive:
        named, right = score_unarxive(args.unarxive, extracted)
        print("2. unarXive's sample: raw text names an arXiv id -> paperdex gets that id")
        print(f"  {right}/{named} {percent(right, named)} (target 99 %)")
        passed &= named > 0 and right * 100 >= named * 99
    print("targets " + ("met" if passed else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
