"""Write the bounded-work corpus: ``tests/malformed/bounded/*`` (run from anywhere; deterministic).

Small inputs that used to cost unbounded work (issue 31, deliverable 5): each is a few kB and made
``verify`` run for minutes or exhaust memory before a cap was checked. ``CASES`` maps each file to
the command run on it (``verify check FILE`` or ``verify solve GAME FILE``) and to a word the one
error line must hold; ``tests/test_malformed.py`` runs them all in process and
``tests/test_bounded_work.py`` measures each one's time and peak memory in a subprocess. The zip
books of the same issue are built by the tests themselves (in ``tmp_path``), not committed.
``make_corpus.py`` leaves this folder alone. Rerun this script after changing it and commit the files.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "bounded"


def _cert(kind: str, instance: dict, game: str, verdict: dict, position: dict | None = None, **body) -> dict:
    """A certificate envelope around ``instance`` (the digest need not match: the work to refuse
    comes before the digest is compared)."""
    return {"format": "verify-certificate", "version": 2, "kind": kind, "instance": instance,
            "claim": {"question": {"game": game, "instance": "sha256:" + "0" * 64, "position": position or {},
                                   "first": None, "bound": None}, "verdict": verdict}, **body}


def _simplex(n: int) -> list[list[int]]:
    """n affinely independent points of R^(n-1): the origin and the unit vectors."""
    return [[0] * (n - 1)] + [[int(i == j) for j in range(n - 1)] for i in range(n - 1)]


def _compound(kind: str, p: int) -> dict:
    return {"compound": kind, "components": [{"hypergraph": [[f"a{i}"], [f"b{i}"]], "piles": {f"a{i}": 1, f"b{i}": 1}}
                                             for i in range(p)]}


def files() -> dict[str, tuple[list[str], str, bytes]]:
    """name -> (the command's words before the file, a word of the expected error, the file's bytes)."""
    out = {}
    affine = {"geometry": "affine", "points": _simplex(24), "winning": [[0] * 23]}
    # 24 points in general position: 2^24 eliminations in the Carathéodory tables (hours), 2 kB
    out["affine_general_position_24.cert.json"] = (
        ["check"], "MAX_AFFINE_WORK",
        _cert("convex-nim-labelling", affine, "gen", {"nim": 0}, labels=[[[], 0]]))
    out["affine_general_position_24.json"] = (["solve", "gen"], "MAX_AFFINE_WORK", affine)
    # 16 points: 74 s before the cap
    out["affine_general_position_16.json"] = (["solve", "dng"], "MAX_AFFINE_WORK",
                                              {"geometry": "affine", "points": _simplex(16), "winning": [[0] * 15]})
    # coordinates of 21+ digits: each exact operation of the tables grows with them
    out["affine_long_coordinates.json"] = (["solve", "gen"], "digits",
                                           {"geometry": "affine", "points": [[0], ["1/" + "7" * 21], [3]],
                                            "winning": [[0]]})
    # 30 two-edge components: 2^30 edges (MemoryError tracebacks), 2.6 kB
    conj = _compound("conjunctive", 30)
    out["compound_conjunctive_30.cert.json"] = (
        ["check"], "MAX_HYPERNIM_COMPOUND_EDGES",
        _cert("hypernim-sg-table", conj, "hypernim", {"sg": 0}, {"piles": [1] * 60}, box=[1] * 60, labels=[0]))
    out["compound_conjunctive_30.json"] = (["solve", "hypernim"], "MAX_HYPERNIM_COMPOUND_EDGES", conj)
    out["compound_selective_20.json"] = (["solve", "hypernim"], "MAX_HYPERNIM_COMPOUND_EDGES",
                                         _compound("selective", 20))
    # one pile of 3000: 3001 labels (15 kB), but 4.5 M options to enumerate (quadratic in the box)
    x = 3000
    out["sg_table_one_pile_3000.cert.json"] = (
        ["check"], "MAX_HYPERNIM_SG_OPTIONS",
        _cert("hypernim-sg-table", {"hypergraph": [["a"]], "piles": {"a": x}}, "hypernim", {"sg": x},
              {"piles": [x]}, box=[x], labels=list(range(x + 1))))
    return {name: (cmd, word, json.dumps(obj).encode()) for name, (cmd, word, obj) in out.items()}


CASES = {name: (cmd, word) for name, (cmd, word, _) in files().items()}


def main() -> None:
    if FOLDER.exists():
        shutil.rmtree(FOLDER)
    FOLDER.mkdir()
    made = files()
    for name, (_, _, data) in sorted(made.items()):
        (FOLDER / name).write_bytes(data)
    print(f"wrote {len(made)} files under {FOLDER}")


if __name__ == "__main__":
    main()
