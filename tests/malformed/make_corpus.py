"""Write the malformed-input corpus: ``tests/malformed/<reader>/*`` (run from anywhere; deterministic).

Every file is bad input for ``verify solve GAME FILE`` (``GAMES`` maps a reader's folder to the
game it is read as): truncated, mistyped, out of range, repeated, empty, binary or deeply nested.
``tests/test_malformed.py`` asserts that each ends in exactly one ``verify: error:`` line on stderr,
exit status 2 and no verdict. Rerun this script after changing it and commit the files.
"""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: reader folder -> (game solved on it, file extension)
GAMES = {"text": ("maker-breaker", ".txt"), "json": ("maker-breaker", ".json"), "pg": ("pg", ".pg"),
         "convex": ("gen", ".json"), "hypernim": ("hypernim", ".json")}

HUGE = "9" * 5000  # beyond Python's 4300-digit int conversion limit
LONG = "7" * 1200  # beyond verify's 1000-digit JSON integer limit, within Python's


def _generic(rng: random.Random) -> dict[str, bytes]:
    """Defects every reader must refuse: empty, blank, non-UTF-8, binary junk."""
    out = {"empty": b"", "blank": b" \n\t\n", "latin1": "caf\xe9 a b\n".encode("latin-1"),
           "utf16": '{"edges": [["a"]]}'.encode("utf-16"), "nul_bytes": b"a\x00b c\n\x00\n",
           "lone_surrogate": b"a \xed\xa0\x80 b\n", "bom_junk": b"\xef\xbb\xbf\xff\xfe"}
    for i in range(12):
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        out[f"binary_{i:02d}"] = b"\xff" + junk  # \xff never occurs in UTF-8
    return out


def _json_generic(valid: dict) -> dict[str, bytes]:
    """Defects of any JSON reader: truncations of a valid instance, bad JSON, nesting, huge numbers."""
    text = json.dumps(valid)
    out = {f"trunc_{n:03d}": text[:n].encode() for n in range(1, len(text), max(1, len(text) // 40))}
    out.update({
        "not_json": b"{this is not json}", "trailing_comma": b'{"a": 1,}', "single_quotes": b"{'a': 1}",
        "top_array": b"[1, 2, 3]", "top_string": b'"edges"', "top_number": b"42", "top_null": b"null",
        "top_true": b"true", "empty_object": b"{}", "two_values": (text + " " + text).encode(),
        "deep_list": ("[" * 20_000).encode(), "deep_object": ('{"a":' * 12_000).encode(),
        "deep_value": text.replace("[", "[" * 3000, 1).replace("]", "]" * 3000, 1).encode(),
        "deep_closed": ('{"x": ' + "[" * 5000 + "]" * 5000 + "}").encode(),
        "nan": b'{"edges": [[NaN]]}', "infinity": b'{"edges": [[Infinity]]}',
        "neg_infinity": b'{"edges": [[-Infinity]]}',
        "huge_int": ('{"edges": [[' + HUGE + "]]}").encode(), "long_int": ('{"x": ' + LONG + "}").encode(),
        "huge_float": ('{"x": 1' + HUGE + ".5}").encode(),
        "bom": b"\xef\xbb\xbf" + text.encode(), "control_char": text.replace(":", ":\x01", 1).encode(),
        "duplicate_key": text.replace("{", '{"comment": "a", "comment": "b", ', 1).encode(),
        "unknown_key": json.dumps(dict(valid, colour="red")).encode(),
        "name_not_string": json.dumps(dict(valid, name=5)).encode(),
        "comment_list": json.dumps(dict(valid, comment=["x"])).encode(),
    })
    return out


def _objects(base: dict, variants: dict[str, dict]) -> dict[str, bytes]:
    """``base`` updated by each variant (a value ``...`` removes the key)."""
    out = {}
    for name, change in variants.items():
        obj = dict(base)
        for k, v in change.items():
            if v is ...:
                obj.pop(k, None)
            else:
                obj[k] = v
        out[name] = json.dumps(obj).encode()
    return out


def text_corpus(rng) -> dict[str, bytes]:
    out = _generic(rng)
    cases = {
        "comments_only": "# nothing\n# here\n", "repeat_in_edge": "a a b\n", "repeat_in_edge_comma": "x,y,x\n",
        "repeat_in_edge_late": "a b\nc d e f c\n", "duplicate_edge": "a b\nb a\n",
        "duplicate_edge_commas": "a, b\nb,a\n", "duplicate_empty_edge": "{}\nempty\n",
        "unknown_directive": "foo: a b\na b\n", "two_vertex_lines": "vertices: a b\nvertices: a b\na b\n",
        "vertex_listed_twice": "vertices: a b a\na b\n", "edge_outside_vertices": "vertices: a b\na c\n",
        "marked_unknown": "marked: z\na b\n", "marked_twice": "marked: a a\na b\n",
        "marked_two_lines": "marked: a\nmarked: a\na b\n", "control_char": "a\x01 b\n", "delete_char": "a\x7f b\n",
        "zero_width": "a\u200b b\n", "bidi_override": "a \u202eb\n", "json_broken": '{"edges": [["a"]\n',
        "json_truncated": '{"edges": [["a", "b"], ["b"', "json_first_line_braces": "{} x\n{]\n",
        "vertices_colon_only": ":\na b\n", "empty_directive_name": ": a\n", "marked_colon_edge": "a b: c\n",
        "all_repeats": "".join(f"v{i} v{i}\n" for i in range(20)),
        "json_bool_vertex": '{"edges": [[true]]}', "json_float_vertex": '{"edges": [[1.5]]}',
    }
    for i in range(30):  # one random edge with a repeated vertex among valid ones
        edges = [[f"v{rng.randrange(12)}" for _ in range(rng.randrange(2, 5))] for _ in range(rng.randrange(1, 6))]
        e = rng.choice(edges)
        e.append(rng.choice(e))
        sep = rng.choice([" ", ",", ", ", "\t"])
        cases[f"random_repeat_{i:02d}"] = "".join(sep.join(x) + "\n" for x in edges)
    out.update({k: v.encode() for k, v in cases.items()})
    return out


def json_corpus(rng) -> dict[str, bytes]:
    valid = {"vertices": ["a", "b", "c", "z"], "edges": [["a", "b"], ["b", "c"]], "marked": ["a"]}
    out = _generic(rng)
    out.update(_json_generic(valid))
    out.update(_objects(valid, {
        "no_edges": {"edges": ...}, "no_anything": {"edges": ..., "vertices": ..., "marked": ...},
        "edges_string": {"edges": "a b"}, "edges_number": {"edges": 3}, "edges_object": {"edges": {"a": "b"}},
        "edges_null": {"edges": None}, "edge_string": {"edges": [["a", "b"], "bc"]},
        "edge_number": {"edges": [1]}, "edge_null": {"edges": [None]}, "edge_object": {"edges": [{"a": 1}]},
        "vertex_bool": {"edges": [["a", True]]}, "vertex_false": {"edges": [[False, "b"]]},
        "vertex_float": {"edges": [["a", 1.0]]}, "vertex_null": {"edges": [["a", None]]},
        "vertex_list": {"edges": [["a", ["b"]]]}, "vertex_object": {"edges": [["a", {"b": 1}]]},
        "vertex_empty": {"edges": [["a", ""]]}, "vertex_space": {"edges": [["a b", "c"]]},
        "vertex_comma": {"edges": [["a,b", "c"]]}, "vertex_newline": {"edges": [["a\nb", "c"]]},
        "vertex_tab": {"edges": [["a\tb"]]}, "vertex_control": {"edges": [["a\u0007"]]},
        "vertices_string": {"vertices": "a b c z"}, "vertices_object": {"vertices": {"a": 1}},
        "vertices_null": {"vertices": None}, "vertices_bool": {"vertices": ["a", "b", "c", True]},
        "vertices_float": {"vertices": ["a", "b", "c", 2.0]}, "vertices_repeat": {"vertices": ["a", "b", "c", "a"]},
        "vertices_int_and_string": {"vertices": ["a", "b", "c", 1, "1"]},
        "vertices_missing_one": {"vertices": ["a", "b"]}, "marked_string": {"marked": "a"},
        "marked_null": {"marked": None}, "marked_unknown": {"marked": ["q"]}, "marked_twice": {"marked": ["a", "a"]},
        "marked_bool": {"marked": [True]}, "marked_float": {"marked": [1.0]},
        "repeat_in_edge": {"edges": [["a", "a", "b"]]}, "repeat_in_edge_int": {"edges": [[1, 1]]},
        "repeat_int_and_string": {"edges": [[1, "1"]]}, "duplicate_edge": {"edges": [["a", "b"], ["b", "a"]]},
        "duplicate_empty_edge": {"edges": [[], []]}, "unknown_vertex": {"edges": [["a", "q"]]},
        "no_edges_no_vertices": {"edges": [], "vertices": ..., "marked": ...},
        "edges_nested_deeper": {"edges": [[["a"]]]},
    }))
    return out


PG_VALID = """#version
1.0
#times
t1 t2 t3 t4
#blackturns
t1 t3
#positions
a b c d
#blackwins
a b
c d
"""


def pg_corpus(rng) -> dict[str, bytes]:
    out = _generic(rng)
    head = "#times\nt1 t2\n#blackturns\nt1\n"
    cases = {
        "no_positions": "#times\nt1\n#blackwins\na\n", "empty_positions": "#positions\n#blackwins\na\n",
        "unknown_code_word": PG_VALID + "#colour\nred\n", "code_word_with_data": "#positions a b\n#blackwins\na\n",
        "data_first": "a b\n#positions\na b\n", "position_twice": "#positions\na b a\n#blackwins\na\n",
        "position_twice_lines": "#positions\na b\n#positions\nb\n#blackwins\na\n",
        "win_not_position": "#positions\na b\n#blackwins\na q\n", "win_repeat": "#positions\na b\n#blackwins\na a\n",
        "win_repeat_far": "#positions\na b c\n#blackwins\na b c b\n",
        "white_repeat": "#positions\na b\n#blackwins\na\n#whitewins\nb b\n",
        "white_not_position": "#positions\na b\n#blackwins\na\n#whitewins\nz\n",
        "time_twice": "#positions\na b\n#times\nt1 t1\n#blackwins\na\n",
        "blackturn_not_time": "#positions\na b\n#times\nt1\n#blackturns\nt2\n#blackwins\na\n",
        "blackturns_order": "#positions\na b\n#times\nt1 t2\n#blackturns\nt2 t1\n#blackwins\na\n",
        "blackturns_twice": "#positions\na b\n#times\nt1 t2\n#blackturns\nt1 t1\n#blackwins\na\n",
        "initial_both": "#positions\na b\n#blackinitials\na\n#whiteinitials\na\n#blackwins\nb\n",
        "initial_unknown": "#positions\na b\n#blackinitials\nq\n#blackwins\nb\n",
        "initial_repeat": "#positions\na b\n#blackinitials\na a\n#blackwins\nb\n",
        "white_initial_repeat": "#positions\na b c\n#whiteinitials\nc c\n#blackwins\nb\n",
        "both_complete": "#positions\na b\n#blackinitials\na\n#whiteinitials\nb\n#blackwins\na\n#whitewins\nb\n",
        "firstmoves_empty": PG_VALID + "#firstmoves\n", "firstmoves_empty_comment": PG_VALID + "#firstmoves\n% none\n",
        "firstmoves_empty_middle": PG_VALID.replace("#positions", "#firstmoves\n#positions"),
        "firstmoves_occupied": "#positions\na b c\n#blackinitials\na\n" + head + "#firstmoves\na\n#blackwins\nb c\n",
        "firstmoves_unknown": PG_VALID + "#firstmoves\nq\n", "firstmoves_repeat": PG_VALID + "#firstmoves\na a\n",
        "percent_only": "% just a comment\n", "code_words_only": "#version\n#times\n#positions\n",
        "hash_alone": "#\n#positions\na\n#blackwins\na\n", "control_char": "#positions\na\x01 b\n#blackwins\na\n",
    }
    for i in range(24):  # a valid game with one winning set repeating a cell
        cells = [f"c{j}" for j in range(rng.randrange(3, 9))]
        sets = [rng.sample(cells, rng.randrange(1, len(cells))) for _ in range(rng.randrange(1, 5))]
        bad = rng.choice(sets)
        bad.insert(rng.randrange(len(bad) + 1), rng.choice(bad))
        cases[f"random_repeat_{i:02d}"] = ("#positions\n" + " ".join(cells) + "\n#blackwins\n"
                                           + "".join(" ".join(s) + "\n" for s in sets))
    out.update({k: v.encode() for k, v in cases.items()})
    return out


def convex_corpus(rng) -> dict[str, bytes]:
    tree = {"geometry": "tree-vertex", "tree": [["a", "b"], ["b", "c"], ["b", "d"]], "winning": ["c"]}
    out = _generic(rng)
    out.update(_json_generic(tree))
    out.update(_objects(tree, {
        "no_geometry": {"geometry": ...}, "geometry_unknown": {"geometry": "sphere"},
        "geometry_number": {"geometry": 3}, "geometry_list": {"geometry": ["tree-vertex"]},
        "geometry_null": {"geometry": None}, "no_tree": {"tree": ...}, "tree_string": {"tree": "a-b"},
        "tree_null": {"tree": None}, "tree_edge_triple": {"tree": [["a", "b", "c"]]},
        "tree_edge_single": {"tree": [["a"]]}, "tree_loop": {"tree": [["a", "a"]]},
        "tree_cycle": {"tree": [["a", "b"], ["b", "c"], ["c", "a"]]},
        "tree_disconnected": {"tree": [["a", "b"], ["c", "d"], ["a", "b"]]},
        "tree_repeat_edge": {"tree": [["a", "b"], ["b", "a"]], "winning": ["a"]},
        "tree_bool_vertex": {"tree": [["a", True]]}, "tree_float_vertex": {"tree": [["a", 2.0]]},
        "tree_null_vertex": {"tree": [["a", None]]}, "tree_empty": {"tree": []},
        "tree_huge": {"tree": [[f"v{i}", f"v{i + 1}"] for i in range(100)], "winning": ["v0"]},
        "vertices_repeat": {"vertices": ["a", "b", "c", "d", "a"]}, "vertices_missing": {"vertices": ["a", "b"]},
        "vertices_string": {"vertices": "abcd"}, "vertices_huge": {"tree": [], "vertices": [str(i) for i in range(100)],
                                                                   "winning": ["0"]},
        "no_winning": {"winning": ...}, "winning_empty": {"winning": []}, "winning_string": {"winning": "c"},
        "winning_unknown": {"winning": ["q"]}, "winning_repeat": {"winning": ["c", "c"]},
        "winning_bool": {"winning": [True]}, "winning_float": {"winning": [1.0]}, "winning_null": {"winning": None},
        "winning_object": {"winning": [{"c": 1}]}, "unknown_key_points": {"points": [[0]]},
    }))
    affine = {"geometry": "affine", "points": [[0], [1], [3]], "winning": [[0], [3]]}
    out.update({f"affine_{k}": v for k, v in _objects(affine, {
        "float_coord": {"points": [[0], [1.5], [3]]}, "float_integral": {"points": [[0.0], [1], [3]]},
        "bool_coord": {"points": [[0], [True], [3]]}, "null_coord": {"points": [[0], [None], [3]]},
        "string_coord": {"points": [[0], ["one"], [3]]}, "zero_denominator": {"points": [[0], ["1/0"], [3]]},
        "huge_fraction": {"points": [[0], ["1/" + HUGE], [3]]},
        "huge_coord_twice": {"points": [[0], [int(LONG[:900])], [int(LONG[:900])]]},
        "empty_point": {"points": [[0], [], [3]]}, "point_number": {"points": [0, 1, 3]},
        "points_empty": {"points": []}, "points_null": {"points": None}, "mixed_dims": {"points": [[0], [1, 1], [3]]},
        "duplicate_point": {"points": [[0], [1], [0]]}, "duplicate_fraction": {"points": [[0], ["2/2"], [1]]},
        "too_many_points": {"points": [[i] for i in range(200)]},
        "names_short": {"names": ["p", "q"]}, "names_repeat": {"names": ["p", "p", "q"]},
        "names_bool": {"names": ["p", True, "q"]}, "names_string": {"names": "pqr"},
        "deleted_all": {"deleted": [[0], [1], [3]]}, "deleted_unknown": {"deleted": [[7]]},
        "deleted_string": {"deleted": "0"}, "deleted_false": {"deleted": False}, "deleted_repeat": {"deleted": [[1], [1]]},
        "deleted_bool": {"deleted": [True]}, "winning_unknown": {"winning": [[5]]},
        "winning_repeat": {"winning": [[0], [0]]}, "winning_float": {"winning": [[0.0]]},
        "winning_bool_name": {"winning": [False]}, "unknown_key_tree": {"tree": []},
    }).items()})
    explicit = {"geometry": "explicit", "ground": ["0", "1"], "convex": [["0"], ["0", "1"]], "winning": ["1"]}
    out.update({f"explicit_{k}": v for k, v in _objects(explicit, {
        "no_full": {"convex": [["0"]]}, "not_closed": {"ground": ["0", "1", "2"], "convex": [["0"], ["2"], ["0", "1", "2"]]},
        "unknown_point": {"convex": [["0"], ["0", "q"]]}, "repeat_in_set": {"convex": [["0", "0"], ["0", "1"]]},
        "ground_repeat": {"ground": ["0", "1", "0"]}, "ground_bool": {"ground": ["0", True]},
        "ground_float": {"ground": ["0", 1.0]}, "ground_empty": {"ground": []}, "convex_string": {"convex": "01"},
        "convex_set_string": {"convex": ["0", ["0", "1"]]}, "winning_bool": {"winning": [True]},
        "winning_int_float": {"winning": [1.0]}, "winning_repeat": {"winning": ["1", "1"]},
        "winning_unknown": {"winning": ["7"]}, "ground_huge": {"ground": [str(i) for i in range(100)]},
    }).items()})
    edge = {"geometry": "tree-edge", "tree": [["a", "b"], ["b", "c"]], "winning": [["a", "b"]]}
    out.update({f"edge_{k}": v for k, v in _objects(edge, {
        "winning_not_edge": {"winning": [["a", "c"]]}, "winning_repeat": {"winning": [["a", "b"], ["b", "a"]]},
        "winning_triple": {"winning": [["a", "b", "c"]]}, "winning_bool": {"winning": [["a", True]]},
        "winning_vertex": {"winning": ["a"]}, "one_vertex": {"tree": [], "vertices": ["a"]},
    }).items()})
    return out


def hypernim_corpus(rng) -> dict[str, bytes]:
    valid = {"hypergraph": [["a"], ["a", "b"], ["b"]], "piles": {"a": 3, "b": 5}}
    out = _generic(rng)
    out.update(_json_generic(valid))
    out.update(_objects(valid, {
        "no_hypergraph": {"hypergraph": ...}, "no_piles": {"piles": ...}, "hypergraph_empty": {"hypergraph": []},
        "hypergraph_string": {"hypergraph": "a b"}, "hypergraph_null": {"hypergraph": None},
        "edge_string": {"hypergraph": ["a", ["b"]]}, "edge_empty": {"hypergraph": [[], ["a", "b"]]},
        "repeat_in_edge": {"hypergraph": [["a", "a", "b"]]}, "duplicate_edge": {"hypergraph": [["a", "b"], ["b", "a"]]},
        "edge_bool": {"hypergraph": [["a", True]]}, "edge_float": {"hypergraph": [["a", 1.0]]},
        "edge_unknown_pile": {"hypergraph": [["a", "q"]]}, "pile_off_edges": {"hypergraph": [["a"]]},
        "piles_list": {"piles": [3, 5]}, "piles_null": {"piles": None}, "piles_string": {"piles": "3 5"},
        "pile_negative": {"piles": {"a": -1, "b": 5}}, "pile_float": {"piles": {"a": 3.0, "b": 5}},
        "pile_float_frac": {"piles": {"a": 2.5, "b": 5}}, "pile_bool": {"piles": {"a": True, "b": 5}},
        "pile_false": {"piles": {"a": 3, "b": False}}, "pile_string": {"piles": {"a": "3", "b": 5}},
        "pile_null": {"piles": {"a": None, "b": 5}}, "pile_list": {"piles": {"a": [3], "b": 5}},
        "pile_missing": {"piles": {"a": 3}}, "pile_extra": {"piles": {"a": 3, "b": 5, "c": 1}},
        "pile_empty_name": {"hypergraph": [[""]], "piles": {"": 1}},
    }))
    comp = {"compound": "conjunctive", "components": [{"hypergraph": [["a"]], "piles": {"a": 1}},
                                                     {"hypergraph": [["b"]], "piles": {"b": 2}}]}
    out.update({f"compound_{k}": v for k, v in _objects(comp, {
        "unknown_kind": {"compound": "disjunctive"}, "kind_number": {"compound": 1}, "kind_list": {"compound": ["selective"]},
        "kind_null": {"compound": None}, "no_components": {"components": ...}, "components_empty": {"components": []},
        "components_object": {"components": {"a": 1}}, "component_string": {"components": ["x", "y"]},
        "component_bad_pile": {"components": [{"hypergraph": [["a"]], "piles": {"a": 1.0}}]},
        "component_unknown_key": {"components": [{"hypergraph": [["a"]], "piles": {"a": 1}, "x": 1}]},
        "overlapping_names": {"components": [{"hypergraph": [["a"]], "piles": {"a": 1}},
                                             {"hypergraph": [["a"]], "piles": {"a": 2}}]},
        "component_repeat_in_edge": {"components": [{"hypergraph": [["a", "a"]], "piles": {"a": 1}}]},
        "unknown_key": {"piles": {"a": 1}},
    }).items()})
    return out


#: one instance of each format, as a file of that format holds it (issue 34: a file of another
#: format is refused in one line naming what it looks like, never silently reinterpreted)
OTHER_FORMATS = {
    "text": "# a path\na b\nb c\n",
    "json": json.dumps({"vertices": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]}),
    "pg": PG_VALID,
    "convex": json.dumps({"geometry": "tree-vertex", "tree": [["a", "b"], ["b", "c"]], "winning": ["b"]}),
    "hypernim": json.dumps({"hypergraph": [["a"], ["a", "b"], ["b"]], "piles": {"a": 3, "b": 5}}),
    "certificate": json.dumps({"format": "verify-certificate", "version": 2, "kind": "nim-labelling"}),
    "dimacs": "c a formula\np cnf 2 2\n1 -2 0\n2 0\n",
    "qcir": "#QCIR-G14\nexists(1)\noutput(1)\n",
}

#: the formats each reader's folder reads (the others are fed to it)
READS = {"text": {"text"}, "json": {"json"}, "pg": {"pg"}, "convex": {"convex"},
         "hypernim": {"hypernim"}}

#: lines the text format does not understand (each once among valid lines)
TEXT_NOT_UNDERSTOOD = {
    "pg_version_line": "#version\n1.0\n", "pg_code_word": "a b\n#positions\nb c\n",
    "pg_code_word_late": "a b\nb c\n#blackwins\n", "hash_no_space": "#comment\na b\n",
    "hash_word_after_edge": "a b #note\n", "hash_in_name": "a#b c\n", "hash_at_name_end": "a# b\n",
    "percent_comment": "% a .pg comment\na b\n", "percent_comment_late": "a b\n% note\n",
    "set_notation": "a b\n{c, d}\n", "brace_name": "a b\nc}\n", "bracket_edge": "a b\n[c, d]\n",
    "quoted_names": 'a b\n"c" "d"\n', "shebang": "#!/bin/sh\na b\n",
    "biased_triangle_k6_pg": None,  # filled below: a .pg game once read as a text hypergraph
}


def biased_triangle_k6() -> str:
    """The biased triangle game on K_6 as a .pg game (Maker black claims one edge, Breaker white
    two): Breaker wins. Read as a text hypergraph it used to be "maker wins" (issue 34)."""
    edges = [f"{i}{j}" for i in range(1, 7) for j in range(i + 1, 7)]
    times = [f"t{k}" for k in range(1, 16)]
    black = [t for k, t in enumerate(times) if k % 3 == 0]
    tri = [f"{i}{j} {i}{k} {j}{k}" for i in range(1, 7) for j in range(i + 1, 7) for k in range(j + 1, 7)]
    return ("% biased (1:2) triangle game on K6\n#version\n1.0\n#times\n" + " ".join(times) + "\n#blackturns\n"
            + " ".join(black) + "\n#positions\n" + " ".join(edges) + "\n#blackwins\n" + "\n".join(tri) + "\n")


TEXT_NOT_UNDERSTOOD["biased_triangle_k6_pg"] = biased_triangle_k6()


def cross_format(reader: str) -> dict[str, bytes]:
    """Files of every other format, under the reader's extension (and a .pg game in the text folder
    under .txt): each must be refused."""
    out = {f"other_{fmt}": text.encode() for fmt, text in OTHER_FORMATS.items() if fmt not in READS[reader]}
    if reader == "text":
        out.update({f"not_understood_{k}": v.encode() for k, v in TEXT_NOT_UNDERSTOOD.items()})
    if reader == "pg":
        out.update({"name_starts_with_hash": b"#positions\na #b\n#blackwins\na\n",
                    "name_is_code_word": b"#positions\na b\n#blackwins\na #whitewins\n",
                    "version_2": b"#version\n2.0\n#positions\na\n#blackwins\na\n",
                    "version_words": b"#version\n1.0 beta\n#positions\na\n#blackwins\na\n"})
    return out


CORPORA = {"text": text_corpus, "json": json_corpus, "pg": pg_corpus, "convex": convex_corpus,
           "hypernim": hypernim_corpus}


def main() -> None:
    total = 0
    for reader, make in CORPORA.items():
        folder = HERE / reader
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir()
        ext = GAMES[reader][1]
        for name, data in sorted({**make(random.Random(reader)), **cross_format(reader)}.items()):
            (folder / f"{name}{ext}").write_bytes(data)
            total += 1
    print(f"wrote {total} files under {HERE}")


if __name__ == "__main__":
    main()
