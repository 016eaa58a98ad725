#!/usr/bin/env python3
"""Queries/s through the paperdex Python module, measured the way
paperdex-query-bench (bench/perf/query_bench.cc) measures the C++ library:
every query with the CLI's defaults (top 10, snippets, exact facets), one
Searcher per thread, WARMUP untimed passes then ROUNDS timed ones; in a pass
the threads take the next query from a shared counter; queries/s = queries /
median pass wall time; latencies are per-query medians over the rounds.

usage: python_bench.py --db DIR --queries FILE [--threads 1,2] [--rounds 3] [--warmup 1]
"""
import argparse
import itertools
import statistics
import sys
import threading
import time

import paperdex


def percentile(sorted_values, p):  # nearest rank, as query_bench.cc
    rank = max(1, min(len(sorted_values), -(-len(sorted_values) * p // 100)))
    return sorted_values[int(rank) - 1]


def run(db, queries, threads, rounds, warmup):
    passes = warmup + rounds
    measured = [[0.0] * len(queries) for _ in range(rounds)]
    pass_seconds = [0.0] * passes
    state = {"pass": 0, "started": 0.0, "next": itertools.count()}
    counts = {"errors": 0, "zero": 0}

    def on_boundary():  # one thread runs it between passes, as std::barrier's completion
        now = time.perf_counter()
        if state["pass"] > 0:
            pass_seconds[state["pass"] - 1] = now - state["started"]
        state["next"] = itertools.count()  # next() on it is atomic under the GIL
        state["pass"] += 1
        state["started"] = time.perf_counter()

    barrier = threading.Barrier(threads, action=on_boundary)
    failures = []

    def worker():
        try:
            searcher = paperdex.Searcher(db)
            for p in range(passes):
                barrier.wait()
                round_ = p - warmup
                counter = state["next"]
                for i in iter(lambda: next(counter), None):
                    if i >= len(queries):
                        break
                    started = time.perf_counter()
                    try:
                        result = searcher.search(queries[i])
                        if round_ == 0 and result.total == 0:
                            counts["zero"] += 1
                    except paperdex.QuerySyntaxError:
                        if round_ == 0:
                            counts["errors"] += 1
                    if round_ >= 0:
                        measured[round_][i] = (time.perf_counter() - started) * 1000
            barrier.wait()
        except Exception as error:  # reported below
            failures.append(error)
            barrier.abort()

    workers = [threading.Thread(target=worker) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    if failures:
        raise failures[0]
    latency = sorted(statistics.median(r[q] for r in measured) for q in range(len(queries)))
    qps = len(queries) / statistics.median(pass_seconds[warmup:])
    return latency, qps, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1)
    args = parser.parse_args()
    with open(args.queries, encoding="utf-8") as lines:
        queries = [q.rstrip("\r\n") for q in lines if q.strip()]
    print("# %d queries, %d warm-up + %d rounds per thread count; paperdex %s from %s"
          % (len(queries), args.warmup, args.rounds, paperdex.__version__, paperdex.__file__))
    print("%-7s %8s %8s %8s %8s %8s %9s %6s %9s" % ("threads", "p50_ms", "p95_ms", "p99_ms",
                                                 "mean_ms", "max_ms", "queries/s", "errors",
                                                 "zero_hit"))
    for threads in [int(t) for t in args.threads.split(",")]:
        latency, qps, counts = run(args.db, queries, threads, args.rounds, args.warmup)
        print("%-7d %8.2f %8.2f %8.2f %8.2f %8.2f %9.1f %6d %9d" % (
            threads, percentile(latency, 50), percentile(latency, 95), percentile(latency, 99),
            statistics.fmean(latency), latency[-1], qps, counts["errors"], counts["zero"]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
