#!/usr/bin/env python3
"""A full-text corpus for timing searches with bodies (#50): arXiv snapshot
lines, each with its full text as a string under "body" (the form
../shared/peers passes to Lucene with PEERS_BODY=1), and query files.

usage: gen_fulltext_corpus.py CORPUS.jsonl FULLTEXT_DIR -o DIR [--papers N] [--words W] [--seed S]

The first N (20,000) records of CORPUS (an arXiv snapshot: the cs harvest)
each get a body of at least W (6,000) words: the paper's own abstract, then
paragraphs drawn, seeded, from the real full texts of FULLTEXT_DIR
(../shared/data/fulltext: its PDFs read by pdftotext, its unarXive
sample's paragraphs) interleaved with the abstracts of other papers of
CORPUS, so that bodies share a real vocabulary and real sentences without
being copies of one another. Timing only: the bodies are not these papers'.
Writes in DIR:
  corpus.jsonl        the N records with "body"
  title-queries.txt   1,000 queries from the titles (1-3 content words, some
                      quoted pairs; ../shared/peers/title_queries.py's shapes)
  body-queries.txt    1,000 phrases from the bodies: three to five consecutive
                      plain words holding two content words, quoted
Standard library only (pdftotext from poppler-utils for the PDFs).
"""
import argparse
import gzip
import json
import os
import random
import re
import subprocess
import sys

STOP = set("a an and are as at be by for from in into is it of on or that the this to with we our via using "
           "based new its their over under towards toward between".split())
WORD = re.compile(r"^[A-Za-z]+(?:-[A-Za-z]+)?$")


def pdf_paragraphs(path):
    text = subprocess.run(["pdftotext", "-q", "-enc", "UTF-8", path, "-"], capture_output=True,
                          check=False).stdout.decode("utf-8", "replace")
    text = re.sub(r"(\w)-\n(\w)", r"\1\2", text.replace("\f", "\n\n"))
    for block in re.split(r"\n\s*\n", text):
        words = block.split()
        if len(words) >= 30:
            yield " ".join(words)


def unarxive_paragraphs(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            try:
                paper = json.loads(line)
            except ValueError:
                continue
            for paragraph in paper.get("body_text") or []:
                words = str(paragraph.get("text", "")).split()
                if len(words) >= 30:
                    yield " ".join(words)


def real_paragraphs(fulltext_dir):
    paragraphs = []
    pdf_dir = os.path.join(fulltext_dir, "pdf")
    if os.path.isdir(pdf_dir):
        for name in sorted(os.listdir(pdf_dir)):
            if name.endswith(".pdf"):
                paragraphs.extend(pdf_paragraphs(os.path.join(pdf_dir, name)))
    unarxive_dir = os.path.join(fulltext_dir, "unarxive")
    if os.path.isdir(unarxive_dir):
        for name in sorted(os.listdir(unarxive_dir)):
            if name.endswith(".jsonl.gz"):
                paragraphs.extend(unarxive_paragraphs(os.path.join(unarxive_dir, name)))
    return paragraphs


def title_queries(records, n, rng):
    out = []
    while len(out) < n:
        words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]{2,}", rng.choice(records)["title"])
                 if w.lower() not in STOP]
        if len(words) < 2:
            continue
        k = rng.choice((1, 2, 2, 3, 3))
        start = rng.randrange(len(words) - min(k, len(words)) + 1)
        pick = words[start:start + k]
        out.append(f'"{" ".join(pick)}"' if k == 2 and rng.random() < 0.2 else " ".join(pick))
    return out


def body_phrase(body, rng):
    tokens = [t.strip(".,;:()[]\"'") for t in body.split()]
    for _ in range(50):
        k = rng.choice((3, 4, 5))
        start = rng.randrange(max(1, len(tokens) - k))
        run = tokens[start:start + k]
        if len(run) == k and all(WORD.match(t) for t in run) and \
                sum(t.lower() not in STOP and len(t) >= 4 for t in run) >= 2:
            return '"' + " ".join(run).lower() + '"'
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("fulltext_dir")
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--papers", type=int, default=20000)
    ap.add_argument("--words", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=50)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    records = []
    with open(a.corpus, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                records.append(json.loads(line))
    if len(records) < a.papers:
        sys.exit(f"gen_fulltext_corpus: {a.corpus} has {len(records)} records, fewer than {a.papers}")
    paragraphs = real_paragraphs(a.fulltext_dir)
    if not paragraphs:
        sys.exit(f"gen_fulltext_corpus: no full text read from {a.fulltext_dir}")
    abstracts = [" ".join(str(r.get("abstract", "")).split()) for r in records if r.get("abstract")]
    os.makedirs(a.out, exist_ok=True)
    total_words = 0
    bodies = []
    with open(os.path.join(a.out, "corpus.jsonl"), "w", encoding="utf-8") as out:
        for record in records[:a.papers]:
            parts = [" ".join(str(record.get("abstract", "")).split())]
            words = len(parts[0].split())
            while words < a.words:
                part = rng.choice(paragraphs) if rng.random() < 0.5 else rng.choice(abstracts)
                parts.append(part)
                words += len(part.split())
            record = dict(record)
            record["body"] = "\n".join(parts)
            total_words += words
            if len(bodies) < 5000:
                bodies.append(record["body"])
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    with open(os.path.join(a.out, "title-queries.txt"), "w", encoding="utf-8") as q:
        q.write("\n".join(title_queries(records[:a.papers], 1000, rng)) + "\n")
    phrases = []
    while len(phrases) < 1000:
        phrase = body_phrase(rng.choice(bodies), rng)
        if phrase:
            phrases.append(phrase)
    with open(os.path.join(a.out, "body-queries.txt"), "w", encoding="utf-8") as q:
        q.write("\n".join(phrases) + "\n")
    print(f"gen_fulltext_corpus: {a.papers} papers, {total_words / a.papers:,.0f} words of body "
          f"on average, from {len(paragraphs):,} real paragraphs and {len(abstracts):,} abstracts",
          file=sys.stderr)


if __name__ == "__main__":
    main()
