"""Searching from threads: one Searcher per thread, or one shared (serialized)."""
import threading

import paperdex

QUERIES = ["optical circuit switch", "quantum", "neural network", "graph", "detector",
           "scheduling", "year:2020.. model", "author:zhao", "\"machine learning\"", "photon"]


def signature(result):
    return (result.total, [h.id for h in result], result.facets)


def run_threads(count, work):
    errors = []

    def guarded(n):
        try:
            work(n)
        except BaseException as error:  # reported by the test, not lost in the thread
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_one_searcher_per_thread_matches_sequential(corpus_index):
    with paperdex.Searcher(corpus_index) as searcher:
        expected = {q: signature(searcher.search(q)) for q in QUERIES}
    seen = {}

    def work(n):
        with paperdex.Searcher(corpus_index) as own:
            for round_ in range(3):
                for q in QUERIES[n % 3:] + QUERIES[: n % 3]:
                    seen[(n, round_, q)] = signature(own.search(q))

    run_threads(4, work)
    assert len(seen) == 4 * 3 * len(QUERIES)
    for (_, _, q), got in seen.items():
        assert got == expected[q]


def test_a_shared_searcher_is_safe(corpus_index):
    with paperdex.Searcher(corpus_index) as shared:
        expected = {q: signature(shared.search(q)) for q in QUERIES}
        seen = []

        def work(n):
            for q in QUERIES * 2:
                seen.append((q, signature(shared.search(q, offset=0))))

        run_threads(4, work)
    assert len(seen) == 4 * 2 * len(QUERIES)
    assert all(got == expected[q] for q, got in seen)


def test_searching_while_a_writer_commits(tmp_path):
    path = str(tmp_path / "index")
    with paperdex.Writer(path) as writer:
        writer.add({"id": "2401.00000", "title": "Optical switch 0", "abstract": "optical"})
    totals = []
    done = threading.Event()

    def search():
        while not done.is_set():
            with paperdex.Searcher(path) as searcher:
                totals.append(searcher.search("optical").total)

    reader = threading.Thread(target=search)
    reader.start()
    try:
        with paperdex.Writer(path) as writer:
            for n in range(1, 6):
                writer.add_all({"id": "2401.%05d" % (n * 10 + k), "title": "Optical switch",
                                "abstract": "optical"} for k in range(10))
                writer.commit()
    finally:
        done.set()
        reader.join()
    # Whole batches only: 1 + 10 k papers, never decreasing.
    assert totals and all((t - 1) % 10 == 0 for t in totals)
    assert totals == sorted(totals)
