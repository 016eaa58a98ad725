#!/usr/bin/env python3
"""Indexes a few papers given as dicts (the arXiv snapshot's keys), revises
one, deletes one, and shows how a bad record is reported.

usage: index_dicts.py INDEX_DIR
"""
import sys

import paperdex

PAPERS = [
    {
        "id": "2401.00001",
        "title": "Optical circuit switching for datacenter networks",
        "abstract": "We schedule optical circuit switches so that bulk transfers bypass "
                    "the packet network.",
        "authors": "Ada Example, Grace Sample",
        "categories": "cs.NI",
        "update_date": "2024-01-01",
        "versions": [{"version": "v1", "created": "Mon, 1 Jan 2024 10:00:00 GMT"}],
    },
    {
        "id": "2401.00002",
        "title": r"Packet scheduling with learned priorities for Schr\"{o}dinger traffic",
        "abstract": "A learned scheduler for packet and optical switches.",
        "authors": ["Grace Sample", "Bj\\\"{o}rn Author"],  # lists work too
        "categories": ["cs.NI", "cs.LG"],
        "update_date": "2023-06-01",
        "versions": [{"version": "v1", "created": "Thu, 1 Jun 2023 10:00:00 GMT"}],
    },
    {
        "id": "2401.00003",
        "title": "A paper about to be withdrawn",
        "abstract": "Nothing to see.",
        "categories": "cs.DC",
    },
    {"title": "A record without an id"},  # reported, not indexed
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with paperdex.Writer(sys.argv[1]) as writer:
        for problem in writer.add_all(PAPERS):
            print("skipped %s (%s)" % (problem, problem.reason))
        # A newer version of a paper replaces it; ids may carry versions.
        revised = dict(PAPERS[0], id="arXiv:2401.00001v2", update_date="2024-02-01",
                       abstract=PAPERS[0]["abstract"] + " We also measure completion times.")
        writer.add(revised)
        writer.delete("2401.00003")
        writer.add({"id": "2401.00004", "title": "Optical interconnects", "categories": "cs.AR"})
        print("%d papers indexed in %s: %s" % (writer.document_count, sys.argv[1], writer.stats))


if __name__ == "__main__":
    main()
