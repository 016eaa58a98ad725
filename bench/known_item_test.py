#!/usr/bin/env python3
"""Unit tests of the known-item benchmark's generator and scoring
(bench/gen_known_items.py, bench/known_item.py), on records made here:
nothing but python3 is needed. ctest runs it (tests/CMakeLists.txt)."""
import json
import os
import random
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_known_items  # noqa: E402
import known_item  # noqa: E402


def record(pid, title, surnames=("Hinton",), doi=None, versions=("v1", "v2")):
    return {"id": pid, "title": title, "doi": doi,
            "authors_parsed": [[s, "G.", ""] for s in surnames],
            "versions": [{"version": v} for v in versions]}


class NormalizeTitle(unittest.TestCase):
    def test_lower_case_and_punctuation_as_spaces(self):
        self.assertEqual(known_item.normalize_title("Sequence to Sequence Learning\n  with Neural Networks"),
                         "sequence to sequence learning with neural networks")
        self.assertEqual(known_item.normalize_title("$k$-Means: {Fast}, \\emph{Exact}!"), "k means fast emph exact")
        self.assertEqual(known_item.normalize_title("Über Gödel's Sätze"), "über gödels sätze")
        self.assertEqual(known_item.normalize_title("3.5 GHz (arXiv:0906.5418.) x_1"), "3.5 ghz arxiv 0906.5418 x 1")
        self.assertEqual(known_item.normalize_title(None), "")

    def test_bare_id_drops_the_version_only(self):
        self.assertEqual(known_item.bare_id("1409.3215v2"), "1409.3215")
        self.assertEqual(known_item.bare_id("cs/9301111v1"), "cs/9301111")
        self.assertEqual(known_item.bare_id("cs/9301111"), "cs/9301111")


class Scoring(unittest.TestCase):
    def test_rank_counts_the_first_accepted_hit_in_the_top_10(self):
        self.assertEqual(known_item.rank_of(["a", "b", "c"], {"c"}), 3)
        self.assertEqual(known_item.rank_of(["a", "b2v3", "c"], {"c", "b2"}), 2)
        self.assertIsNone(known_item.rank_of(["x"] * 10 + ["a"], {"a"}))
        self.assertIsNone(known_item.rank_of([], {"a"}))

    def test_metrics_per_shape_peer_shapes_and_all(self):
        answers = [("title", {"a"}), ("title", {"b", "b-twin"}), ("3-words", {"c"}), ("id", {"d"})]
        rankings = {0: ["a"], 1: ["x", "b-twin"], 2: ["x"] * 10}  # query 3 unanswered
        t = known_item.score(answers, rankings)
        self.assertEqual((t["title"].n, t["title"].metric("s@1"), t["title"].metric("s@10")), (2, 0.5, 1.0))
        self.assertAlmostEqual(t["title"].metric("mrr@10"), 0.75)
        self.assertEqual(t["3-words"].metric("mrr@10"), 0.0)
        self.assertEqual(t["peer shapes"].n, 3)
        self.assertAlmostEqual(t["peer shapes"].metric("mrr@10"), 0.5)
        self.assertEqual((t["all"].n, t["all"].metric("s@10")), (4, 0.5))
        self.assertEqual(t["id"].metric("s@1"), 0.0)

    def test_an_engine_of_some_shapes_has_no_all_column(self):
        answers = [("title", {"a"}), ("id", {"d"})]
        t = known_item.score(answers, {0: ["a"]}, known_item.PEER_SHAPES)
        self.assertEqual(sorted(t), ["peer shapes", "title"])

    def test_peer_results_map_back_to_the_peer_shape_queries(self):
        answers = [("title", {"a"}), ("id", {"a"}), ("3-words", {"a"})]
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            f.write("qid\tnmatch\ttop10\tyears\tcats\tsnippet\n0\t1\tz,a\t\t\t\n1\t0\t\t\t\t\n")
        try:
            self.assertEqual(known_item.read_peer(f.name, answers), {0: ["z", "a"], 2: []})
        finally:
            os.unlink(f.name)

    def test_table_shows_a_dash_for_a_shape_an_engine_does_not_answer(self):
        answers = [("title", {"a"}), ("id", {"a"})]
        engines = [("paperdex", known_item.score(answers, {0: ["a"], 1: ["a"]})),
                   ("lucene", known_item.score(answers, {0: ["b", "a"]}, known_item.PEER_SHAPES))]
        text = known_item.tables(engines, answers)
        self.assertIn("| paperdex | 1.000 | 1.000 | 1.000 | 1.000 |", text)
        self.assertIn("| lucene | 0.000 | - | 0.000 | - |", text)
        self.assertIn("| lucene | 0.500 | - | 0.500 | - |", text)  # MRR@10


class RankChanges(unittest.TestCase):
    def test_lists_the_queries_whose_paper_moved_and_counts_them_per_shape(self):
        answers = [("title", {"a"}), ("title", {"b"}), ("author-word", {"c"}), ("id", {"d"})]
        before = {0: ["a"], 1: ["x", "b"], 2: ["c"], 3: ["d"]}
        after = {0: ["a"], 1: ["b"], 2: ["x"], 3: ["d"]}
        changes = known_item.rank_changes(answers, before, after)
        self.assertEqual(changes, [(1, "title", 2, 1), (2, "author-word", 1, None)])
        table = known_item.changes_table(changes, ["q0", "q1", "q2", "q3"])
        self.assertIn("| title | 1 | 0 |", table)
        self.assertIn("| author-word | 0 | 1 |", table)
        self.assertIn("author-word 1 -> -  q2", table)
        self.assertNotIn("q3", table)


class Generator(unittest.TestCase):
    def test_shapes_of_one_paper(self):
        r = record("1409.3215", "Sequence to Sequence Learning with Neural Networks", ("Sutskever",),
                   doi="10.1000/x 10.1000/y")
        shapes = dict(gen_known_items.paper_queries(r, random.Random(1)))
        self.assertEqual(shapes["title"], "sequence to sequence learning with neural networks")
        self.assertEqual(shapes["first-4-words"], "sequence sequence learning neural")
        self.assertEqual(sorted(shapes["3-words"].split()), sorted(set(shapes["3-words"].split())))
        self.assertTrue(set(shapes["3-words"].split()) <= {"sequence", "learning", "neural", "networks"})
        self.assertRegex(shapes["author-word"], r"^sutskever (sequence|learning|neural|networks)$")
        self.assertEqual((shapes["id"], shapes["id-version"], shapes["link"], shapes["doi"]),
                         ("1409.3215", "1409.3215v2", "https://arxiv.org/abs/1409.3215", "10.1000/x"))
        self.assertEqual([s for s, _ in gen_known_items.paper_queries(r, random.Random(1))],
                         [s.name for s in known_item.SHAPES if s.name != "short-title"])

    def test_short_title_and_what_it_lacks(self):
        r = record("cs/9301111", "Generative Adversarial Networks", ("D\\kebowski",), versions=())
        shapes = dict(gen_known_items.paper_queries(r, random.Random(1)))
        self.assertEqual(shapes["short-title"], "generative adversarial networks")
        self.assertEqual(shapes["id-version"], "cs/9301111v1")
        for absent in ("title", "first-4-words", "author-word", "doi"):
            self.assertNotIn(absent, shapes)

    def test_twins_count_for_title_shapes_only_and_files_agree(self):
        records = {"1": record("1", "Deep Residual Learning for Image Recognition"),
                   "2": record("2", "Deep residual learning for image recognition."),
                   "3": record("3", "One")}
        rows = gen_known_items.generate(records, 2, seed=5)
        self.assertEqual({r[2] for r in rows}, {"1", "2"})  # "One" has too few words
        for _qno, shape, target, accepted, _query in rows:
            other = {"1": "2", "2": "1"}[target]
            self.assertEqual(accepted, [target, other] if shape in gen_known_items.BY_TITLE else [target])
        self.assertEqual(rows, gen_known_items.generate(records, 2, seed=5))  # seeded
        with tempfile.TemporaryDirectory() as d:
            gen_known_items.write(rows, d)
            answers, queries = known_item.read_answers(os.path.join(d, "answers.tsv"))
            with open(os.path.join(d, "peers.txt"), encoding="utf-8") as f:
                peers = f.read().splitlines()
        self.assertEqual(queries, [r[4] for r in rows])
        self.assertEqual(peers, [q for (s, _), q in zip(answers, queries) if s in known_item.PEER_SHAPES])

    def test_corpus_reading_keeps_the_last_line_of_an_id(self):
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
            for r in (record("1", "Old Title Here"), record("2", "Other Paper"), record("1", "New Title Here")):
                f.write(json.dumps(r) + "\n")
        try:
            records = gen_known_items.read_corpus(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(list(records), ["1", "2"])
        self.assertEqual(records["1"]["title"], "New Title Here")


if __name__ == "__main__":
    unittest.main()
