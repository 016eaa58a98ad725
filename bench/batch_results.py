"""Reading paperdex-search --batch --format json's stdout, for the scorers
(fulltext_score.py, known_item.py): one JSON object a line, line N the answer
to query N."""
import json
import sys


def paperdex_hits(path, queries, tool):
    """{qno: [hit objects that have an id]} for queries[qno]; a line echoing
    another query than its own (the batch misaligned) stops `tool` with a
    message, and lines past the last query are not read."""
    hits = {}
    with open(path, encoding="utf-8") as f:
        for qno, line in enumerate(f):
            if qno >= len(queries):
                break
            obj = json.loads(line)
            if "query" in obj and obj["query"].strip() != queries[qno].strip():
                sys.exit(f"{tool}: {path} line {qno + 1} answers {obj['query']!r}, "
                         f"not query {qno} {queries[qno]!r}")
            hits[qno] = [h for h in obj.get("hits", []) if isinstance(h, dict) and "id" in h]
    return hits
