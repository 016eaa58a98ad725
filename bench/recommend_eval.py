#!/usr/bin/env python3
"""The residual-collection test of recommendations (bench/recommend.sh).

  recommend_eval.py tags BEIR_DIR SEEDS TAGS.tsv HELD_OUT.tsv
      For each query of BEIR_DIR's qrels with at least 6 judged-relevant
      documents, a tag of half of them (drawn with each of SEEDS, "1,2,3"):
      "tag<TAB>doc_id" lines to TAGS.tsv, the other half (what the tag
      should find) to HELD_OUT.tsv.
  recommend_eval.py peer BEIR_DIR TAGS.tsv RUN [FEATURES [RANKER]]
      arxiv-sanity-lite's ranker as its code has it: tf-idf features of title
      and abstract made in advance (compute.py's TfidfVectorizer; FEATURES
      'current' = its -n 20000 --min_df 5 --max_df 0.1, 'older' = 10000, 5,
      0.5), then per tag a LinearSVC(class_weight='balanced', C=0.01,
      max_iter=10000, tol=1e-6) trained with the tag's papers as positives
      and every other paper negative, and the papers ranked by its decision
      function (serve.py's svm_rank); RANKER 'centroid' ranks by the cosine
      to the tag's mean row instead (Rocchio in the same features, a plain
      baseline beside the SVM). The tag's papers left out, the top 100
      written as a TREC run. Prints the median seconds of a tag's training
      and scoring (the features not counted) to standard error.
  recommend_eval.py author-tags SNAPSHOT.jsonl SEED COUNT TAGS.tsv
      COUNT tags of an arXiv snapshot, each the papers of one author with 8 to
      40 papers there (drawn with SEED): a researcher's library.
  recommend_eval.py peer-speed SNAPSHOT.jsonl TAGS.tsv
      arxiv-sanity-lite over an arXiv snapshot: compute.py's features (title,
      abstract and authors; 'current' settings) made first and not timed, then
      each tag's training and scoring timed; prints the median.
  recommend_eval.py score HELD_OUT.tsv RUN
      MAP@100 of RUN against HELD_OUT.tsv (the tag's own papers are not in
      it), and the number of tags scored.
"""
import json
import random
import statistics
import sys
import time
from pathlib import Path


def read_qrels(beir_dir):
    qrels_dir = Path(beir_dir) / "qrels"
    split = qrels_dir / "test.tsv"
    if not split.exists():
        split = qrels_dir / "train.tsv"
    relevant = {}
    with open(split, encoding="utf-8") as lines:
        next(lines)  # header
        for line in lines:
            query, doc, score = line.rstrip("\n").split("\t")[:3]
            if float(score) > 0:
                relevant.setdefault(query, []).append(doc)
    return relevant


def tag_name(query):
    safe = "".join(c if c.isalnum() or c in "._-" else "-" for c in query)
    return "q" + safe


def make_tags(beir_dir, seeds, tags_file, held_out_file):
    """SEEDS: one seed, or several comma-separated: a draw per seed, pooled,
    each tag named with its seed ("q12-s3"), so that one lucky or unlucky
    draw does not decide."""
    seeds = [int(seed) for seed in str(seeds).split(",")]
    relevant = sorted(read_qrels(beir_dir).items())
    with open(tags_file, "w", encoding="utf-8") as tags, open(
        held_out_file, "w", encoding="utf-8"
    ) as held_out:
        for seed in seeds:
            drawn = random.Random(seed)
            for query, docs in relevant:
                if len(docs) < 6:
                    continue
                name = tag_name(query) + (f"-s{seed}" if len(seeds) > 1 else "")
                docs = sorted(set(docs))
                drawn.shuffle(docs)
                half = len(docs) // 2
                for doc in docs[:half]:
                    tags.write(f"{name}\t{doc}\n")
                for doc in docs[half:]:
                    held_out.write(f"{name}\t{doc}\n")


def read_pairs(path):
    pairs = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                tag, doc = line.rstrip("\n").split("\t")
                pairs.setdefault(tag, []).append(doc)
    return pairs


def write_run(out, tag, ranked, run_name):
    for rank, doc in enumerate(ranked, 1):
        out.write(f"{tag} Q0 {doc} {rank} {len(ranked) - rank + 1} {run_name}\n")


FEATURES = {"current": (20000, 5, 0.1), "older": (10000, 5, 0.5)}


def centroid_scores(x, positives):
    """Rocchio's centroid in the same feature space: the mean of the tag's
    rows, the papers ranked by their cosine to it (rows are l2-normed)."""
    import numpy as np

    centroid = np.asarray(x[sorted(positives)].mean(axis=0)).ravel()
    return x @ centroid


def peer(beir_dir, tags_file, run_file, features="current", ranker="svm"):
    import numpy as np

    ids, texts = [], []
    with open(Path(beir_dir) / "corpus.jsonl", encoding="utf-8") as lines:
        for line in lines:
            doc = json.loads(line)
            ids.append(str(doc["_id"]))
            texts.append(" ".join([doc.get("title", ""), doc.get("text", "")]))
    x = vectorizer(features).fit_transform(texts).astype(np.float32)
    position = {doc: i for i, doc in enumerate(ids)}
    seconds = []
    with open(run_file, "w", encoding="utf-8") as out:
        for tag, docs in read_pairs(tags_file).items():
            started = time.perf_counter()
            own = {position[doc] for doc in docs if doc in position}
            scores = svm_scores(x, own) if ranker == "svm" else centroid_scores(x, own)
            order = [i for i in np.argsort(-scores) if i not in own][:100]
            seconds.append(time.perf_counter() - started)
            write_run(out, tag, [ids[i] for i in order], "arxiv-sanity-lite")
    print(f"arxiv-sanity-lite ({features} features, {ranker}): {len(seconds)} tags, median "
          f"{statistics.median(seconds) * 1000:.1f} ms", file=sys.stderr)


def read_snapshot(path):
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def author_tags(snapshot, seed, count, tags_file):
    papers_of = {}
    for paper in read_snapshot(snapshot):
        for name in paper.get("authors_parsed") or []:
            key = " ".join(part for part in name[:2] if part)
            papers_of.setdefault(key, []).append(paper["id"])
    authors = sorted(name for name, ids in papers_of.items() if 8 <= len(set(ids)) <= 40)
    drawn = random.Random(int(seed)).sample(authors, int(count))
    with open(tags_file, "w", encoding="utf-8") as tags:
        for number, author in enumerate(drawn, 1):
            for paper in sorted(set(papers_of[author])):
                tags.write(f"author{number}\t{paper}\n")


def vectorizer(features):
    from sklearn.feature_extraction.text import TfidfVectorizer

    num, min_df, max_df = FEATURES[features]
    return TfidfVectorizer(
        input="content", encoding="utf-8", decode_error="replace", strip_accents="unicode",
        lowercase=True, analyzer="word", stop_words="english",
        token_pattern=r"(?u)\b[a-zA-Z_][a-zA-Z0-9_]+\b", ngram_range=(1, 2),
        max_features=num, norm="l2", use_idf=True, smooth_idf=True, sublinear_tf=True,
        max_df=max_df, min_df=min_df)


def svm_scores(x, positives):
    import numpy as np
    from sklearn import svm

    y = np.zeros(x.shape[0], dtype=np.float32)
    for i in positives:
        y[i] = 1.0
    classifier = svm.LinearSVC(class_weight="balanced", verbose=False, max_iter=10000, tol=1e-6,
                               C=0.01)
    classifier.fit(x, y)
    return classifier.decision_function(x)


def peer_speed(snapshot, tags_file):
    import numpy as np

    ids, texts = [], []
    for paper in read_snapshot(snapshot):
        ids.append(paper["id"])
        texts.append(" ".join([paper.get("title") or "", paper.get("abstract") or "",
                               paper.get("authors") or ""]))
    x = vectorizer("current").fit_transform(texts).astype(np.float32)
    position = {paper: i for i, paper in enumerate(ids)}
    seconds = []
    for tag, papers in read_pairs(tags_file).items():
        started = time.perf_counter()
        own = {position[p] for p in papers if p in position}
        scores = svm_scores(x, own)
        [i for i in np.argsort(-scores) if i not in own][:100]
        seconds.append(time.perf_counter() - started)
    print(f"arxiv-sanity-lite: {len(seconds)} tags over {len(ids)} papers, median "
          f"{statistics.median(seconds) * 1000:.1f} ms", file=sys.stderr)


def score(held_out_file, run_file):
    held_out = {tag: set(docs) for tag, docs in read_pairs(held_out_file).items()}
    ranked = {}
    with open(run_file, encoding="utf-8") as lines:
        for line in lines:
            tag, _, doc, rank = line.split()[:4]
            ranked.setdefault(tag, []).append((int(rank), doc))
    precisions = []
    for tag, relevant in held_out.items():
        found, total = 0, 0.0
        for k, (_, doc) in enumerate(sorted(ranked.get(tag, []))[:100], 1):
            if doc in relevant:
                found += 1
                total += found / k
        precisions.append(total / len(relevant))
    print(f"MAP@100 {statistics.fmean(precisions):.4f}  tags {len(precisions)}")


if __name__ == "__main__":
    commands = {"tags": make_tags, "peer": peer, "score": score, "author-tags": author_tags,
                "peer-speed": peer_speed}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    commands[sys.argv[1]](*sys.argv[2:])
