"""Issue #28: search()'s numbers have the library's ranges and messages (the
same as paperdex-search's options), messages quoting input are safe to print,
and Writer.add refuses keys it would otherwise drop."""
import json
import math
import os

import pytest

import paperdex
from conftest import CORPUS, cli_run

# (keyword, value, paperdex-search's option and the same value as typed there)
BAD_NUMBERS = [
    ("limit", 2**32 - 1, "--limit", "4294967295"),
    ("limit", -1, "--limit", "-1"),
    ("offset", 10**6, "--offset", "1000000"),
    ("snippet", 0, "--snippet", "0"),
    ("time_limit", 1e10, "--time-limit", "1e10"),
    ("time_limit", math.inf, "--time-limit", "inf"),
    ("time_limit", -0.5, "--time-limit", "-0.5"),
]

# What a terminal acts on: C0 controls but line feed and tab, DEL, C1
# controls, and the bidirectional embeddings, overrides and isolates.
UNSAFE = {chr(c) for c in range(0x20) if chr(c) not in "\n\t"} | {"\x7f"} | \
    {chr(c) for c in range(0x80, 0xa0)} | {chr(c) for c in range(0x202a, 0x202f)} | \
    {chr(c) for c in range(0x2066, 0x206a)}
HOSTILE = "\x1b]8;;http://x/\x07\x1b[2J\u202egpj.exe"


@pytest.mark.parametrize("keyword,value,option,typed", BAD_NUMBERS)
def test_a_number_out_of_range_is_refused_with_the_clis_message(
        searcher, corpus_index, keyword, value, option, typed):
    with pytest.raises(paperdex.InvalidRequestError) as raised:
        searcher.search("optical", **{keyword: value})
    error = raised.value
    assert isinstance(error, ValueError)
    assert error.field == keyword
    message = str(error)
    assert message.startswith(keyword + " must be between ")
    # paperdex-search says the same of its option.
    run = cli_run(corpus_index, option, typed, "optical")
    assert run.returncode == 2
    assert "paperdex-search: %s %s\n" % (option, message[len(keyword) + 1:]) in run.stderr


def test_the_ends_of_the_ranges_search(searcher):
    assert searcher.search("optical", limit=0).total > 0
    assert searcher.search("optical", time_limit=0, snippet=1).total > 0


def test_messages_quoting_input_are_safe_to_print(searcher):
    with pytest.raises(paperdex.PaperNotFoundError) as raised:
        searcher.get(HOSTILE)
    assert "8;;http://x/" in str(raised.value)
    assert not UNSAFE & set(str(raised.value))
    assert raised.value.id == HOSTILE  # the field keeps the id as given
    with pytest.raises(paperdex.QuerySyntaxError) as syntax:
        searcher.search("graph year:" + HOSTILE + "x" * 100_000, strict_syntax=True)
    assert not UNSAFE & set(str(syntax.value))
    assert len(str(syntax.value)) < 1000


def test_writer_add_refuses_unknown_keys_naming_the_known_ones(tmp_path):
    with open(os.path.join(CORPUS, "arxiv-snapshot", "snapshot-2212-49.jsonl")) as lines:
        snapshot = [json.loads(line) for line, _ in zip(lines, range(2))]
    with paperdex.Writer(str(tmp_path / "index")) as writer:
        assert writer.add(snapshot[0]) == snapshot[0]["id"]  # every snapshot key is known
        with pytest.raises(ValueError) as raised:
            writer.add(dict(snapshot[1], pages=12))
        message = str(raised.value)
        assert "'pages'" in message
        for key in snapshot[1]:
            assert repr(key) in message
        with pytest.raises(ValueError, match="did you mean 'title'"):
            writer.add({"id": "2401.00001", "titel": "Optical switches"})
        with pytest.raises(ValueError, match="'pages'"):
            writer.add_all([snapshot[1], dict(snapshot[1], pages=12)])
