#!/usr/bin/env python3
"""Known-item queries made from papers' bodies (#50): what a reader remembers
of a paper read, with the paper as the answer.

usage: gen_fulltext_queries.py PDF_DIR -o DIR [--per-paper N] [--seed S]

Reads each PDF of PDF_DIR (its arXiv id from the file name: 1706.03762.pdf,
1706.03762v5.pdf, hep-th9901001.pdf) with pdftotext (poppler-utils), pages
split at form feeds as pdftotext splits them, and draws, seeded, up to N
(5) sentences per paper from page 2 on: sentences of 8 to 60 words that
hold a run of six consecutive plain words (letters only, hyphens inside)
with three or more content words (4+ letters, not a stop word). For each:
  phrase        those six words, lower case, unquoted
  words         four content words of the sentence, in order (consecutive
                among its content words, from a seeded start)
Writes in DIR:
  queries.txt   every query, one a line (paperdex-search --batch; Recoll)
  answers.tsv   qno kind id page query (page: 1-based, pdftotext's)
Standard library only.
"""
import argparse
import os
import random
import re
import subprocess
import sys

STOP = frozenset("""
a about above after again against all also an and any are as at be because been before being
below between both but by can could did do does doing down during each either few for from
further had has have having here how however i if in into is it its itself just may might more
most much must no nor not now of off on once only or other our out over own same shall should
so some such than that the their them then there these they this those through thus to too
under until up upon very via was we were what when where whether which while who whom why will
with within without would yet you your one two three first second also using used use based
where which""".split())

WORD = re.compile(r"^[A-Za-z]+(?:-[A-Za-z]+)*$")
# arXiv ids as file names carry them (1706.03762v5.pdf, hep-th9901001.pdf,
# hep-th_9901001v2.pdf, arXiv-1706.03762.pdf).
NEW_ID = re.compile(r"(\d{4}\.\d{4,5})(?:v\d+)?")
OLD_ID = re.compile(r"([a-z-]+(?:\.[A-Z]{2})?)[_/]?(\d{7})(?:v\d+)?")


def arxiv_id(name):
    stem = os.path.basename(name)
    m = NEW_ID.search(stem)
    if m:
        return m.group(1)
    m = OLD_ID.search(stem)
    return f"{m.group(1)}/{m.group(2)}" if m else None


def pages(pdf):
    out = subprocess.run(["pdftotext", "-q", "-enc", "UTF-8", pdf, "-"], capture_output=True,
                         check=False).stdout.decode("utf-8", "replace")
    return out.split("\f")


def sentences(page):
    # Words broken at a line's end join again; lines join into running text.
    text = re.sub(r"(\w)-\n(\w)", r"\1\2", page)
    text = re.sub(r"\s+", " ", text)
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if s.strip()]


def is_content(word):
    return len(word) >= 4 and word.lower() not in STOP


def six_word_runs(tokens):
    """Start positions of six consecutive plain words with 3+ content words."""
    runs = []
    for i in range(len(tokens) - 5):
        window = tokens[i:i + 6]
        if all(WORD.match(w) for w in window) and sum(map(is_content, window)) >= 3:
            runs.append(i)
    return runs


def queries_of(pdf, per_paper, rng):
    found = []
    for number, page in enumerate(pages(pdf), start=1):
        if number == 1:
            continue
        for sentence in sentences(page):
            tokens = [t.strip(".,;:!?()[]\"'") for t in sentence.split()]
            if not 8 <= len(tokens) <= 60:
                continue
            runs = six_word_runs(tokens)
            content = [t for t in tokens if WORD.match(t) and is_content(t)]
            if runs and len(content) >= 4:
                found.append((number, tokens, runs, content))
    rng.shuffle(found)
    for number, tokens, runs, content in found[:per_paper]:
        start = rng.choice(runs)
        phrase = " ".join(tokens[start:start + 6]).lower()
        first = rng.randrange(len(content) - 3)
        words = " ".join(content[first:first + 4]).lower()
        yield number, phrase, words


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdf_dir")
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--per-paper", type=int, default=5)
    ap.add_argument("--seed", type=int, default=50)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    rows = []
    for name in sorted(os.listdir(a.pdf_dir)):
        if not name.lower().endswith(".pdf"):
            continue
        paper = arxiv_id(name)
        if paper is None:
            print(f"gen_fulltext_queries: {name}: no arXiv id in the name; left out",
                  file=sys.stderr)
            continue
        for page, phrase, words in queries_of(os.path.join(a.pdf_dir, name), a.per_paper, rng):
            rows.append(("phrase", paper, page, phrase))
            rows.append(("words", paper, page, words))
    with open(os.path.join(a.out, "queries.txt"), "w") as q, \
            open(os.path.join(a.out, "answers.tsv"), "w") as ans:
        for qno, (kind, paper, page, query) in enumerate(rows):
            q.write(query + "\n")
            ans.write(f"{qno}\t{kind}\t{paper}\t{page}\t{query}\n")
    papers = len({r[1] for r in rows})
    print(f"gen_fulltext_queries: {len(rows)} queries from {papers} papers", file=sys.stderr)


if __name__ == "__main__":
    main()
