"""Several databases searched as one (#34): Searcher takes a list of
locations (index directories, stubs, tcp://HOST:PORT) as paperdex-search takes
several --db; a remote shard that cannot be reached is named, or with
allow_partial left out, the result marked partial. The remote shard here is a
closed port on 127.0.0.1 (tests/netns/ tests real shard servers)."""
import json
import re
import socket

import pytest

import paperdex
from conftest import CORPUS, cli_run

QUERIES = ["optical network", "quantum", "graph coloring", "year:2013"]


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    """corpus/ indexed as two shards: their directories."""
    path = tmp_path_factory.mktemp("sharded") / "index"
    paperdex.index(str(path), [CORPUS], jobs=2, shards=True)
    return [str(path / "shard-0"), str(path / "shard-1")]


@pytest.fixture()
def closed_port():
    """tcp://127.0.0.1:PORT of a port that refuses connections."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return "tcp://127.0.0.1:%d" % probe.getsockname()[1]


def page(result):
    return [hit.id for hit in result], result.total, result.facets


def test_a_list_of_shards_searches_as_one_index(corpus_index, shards):
    with paperdex.Searcher(corpus_index) as one, paperdex.Searcher(shards) as two:
        assert two.path == " + ".join(shards)
        for query in QUERIES:
            assert page(two.search(query, limit=20)) == page(one.search(query, limit=20)), query


def test_the_cli_takes_several_db_alike(corpus_index, shards):
    for query in QUERIES:
        one = json.loads(cli_run(corpus_index, "--format", "json", "--", query, check=True).stdout)
        two = json.loads(cli_run(shards[0], "--db", shards[1], "--format", "json", "--", query,
                                 check=True).stdout)
        assert [hit["id"] for hit in two["hits"]] == [hit["id"] for hit in one["hits"]], query
        assert (two["total"], two["partial"], two["missing_shards"]) == (one["total"], False, [])


def test_a_missing_remote_shard_is_named_or_left_out(corpus_index, closed_port):
    with pytest.raises(paperdex.DatabaseNotFoundError, match=re.escape(closed_port)):
        paperdex.Searcher([corpus_index, closed_port])
    with paperdex.Searcher([corpus_index, closed_port], allow_partial=True) as partial, \
            paperdex.Searcher(corpus_index) as whole:
        result = partial.search("quantum", allow_partial=True, time_limit=2)
        assert result.partial and result.missing_shards == [closed_port]
        assert result.notes[-1].startswith("partial results: the remote shard " + closed_port)
        assert page(result) == page(whole.search("quantum"))
        assert result.to_dict()["missing_shards"] == [closed_port]
        with pytest.raises(paperdex.DatabaseNotFoundError, match=re.escape(closed_port)):
            partial.search("quantum")  # no partial results: the shard is tried again


def test_the_cli_names_the_missing_shard_or_marks_the_partial_result(corpus_index, closed_port):
    failed = cli_run(corpus_index, "--db", closed_port, "quantum")
    assert failed.returncode == 2 and closed_port in failed.stderr
    partial = cli_run(corpus_index, "--db", closed_port, "--allow-partial", "--format", "json",
                      "quantum", check=True)
    result = json.loads(partial.stdout)
    assert result["partial"] is True and result["missing_shards"] == [closed_port]
    text = cli_run(corpus_index, "--db", closed_port, "--allow-partial", "quantum", check=True)
    assert "partial results: the remote shard " + closed_port in text.stdout
