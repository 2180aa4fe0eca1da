import json

import pytest
from hypothesis import given

from verify.errors import InputError
from verify.formats import (hypergraph_from_json, hypergraph_to_json, hypergraph_to_text,
                            parse_hypergraph, read_hypergraph, write_hypergraph)
from verify.hypergraph import Hypergraph
from verify.strategies import hypergraphs


@given(hypergraphs(max_vertices=8, edge_sizes=(1, 2, 3, 4), marked=True, empty_edge=True))
def test_json_round_trip(h):
    assert hypergraph_from_json(json.loads(json.dumps(hypergraph_to_json(h)))) == h


@given(hypergraphs(max_vertices=8, edge_sizes=(1, 2, 3, 4), marked=True, empty_edge=True))
def test_text_round_trip(h):
    assert parse_hypergraph(hypergraph_to_text(h)) == h


def test_text_format_features():
    h = parse_hypergraph("# a comment\nvertices: a b c z\na, b\nb c  # trailing\n\nmarked: a\n")
    assert h.vertices == ("a", "b", "c", "z") and h.m == 2 and h.marked == {"a"}


def test_json_vertices_optional():
    h = parse_hypergraph('{"edges": [[1, 2], [2, 3]]}')
    assert h.vertices == ("1", "2", "3")


@pytest.mark.parametrize("text, msg", [
    ("", "empty hypergraph"),
    ("# only a comment\n", "empty hypergraph"),
    ('{"edges": [["a"]', "malformed JSON"),
    ('{"edges": "ab"}', "list of lists"),
    ('{"vertices": ["a"], "edges": [["a", "b"]]}', "unknown vertex 'b'"),
    ('{"edges": [["a"]], "colour": 1}', "unknown key"),
    ("vertices: a b\na c\n", "unknown vertex 'c'"),
    ("a b\nb a\n", "duplicate edge"),
    ("weights: 1 2\n", "unknown directive"),
    ('{"edges": [[true]]}', "vertex names"),
])
def test_malformed_input_is_one_clear_error(text, msg):
    with pytest.raises(InputError, match=msg):
        parse_hypergraph(text, "in")


def test_files(tmp_path):
    h = Hypergraph([["a", "b"]], vertices=["a", "b", "c"])
    for name in ("h.json", "h.txt"):
        write_hypergraph(h, tmp_path / name)
        assert read_hypergraph(tmp_path / name) == h
    with pytest.raises(InputError, match="no such file"):
        read_hypergraph(tmp_path / "missing.txt")
