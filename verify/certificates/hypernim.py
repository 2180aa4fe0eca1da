"""SG-table certificates for hypergraph NIM (paper 003): a label on every position of the box [0, x].

Body: ``"box": x`` (the start position) and ``"labels"``: the labels of all z in [0, x] in row-major
order (last pile fastest). The checker re-parses the instance with the rules of
:mod:`verify.games.hypernim`, walks every position reachable from x by the rules' own ``options``,
and checks that each label equals the mex of its options' labels (the SG recursion, paper 003 §3);
the claim is the label of x. Labels of unreachable box positions are not trusted or used.

Soundness: every move strictly decreases the pile sum, so the walk from x is finite and stays in
the box; each reachable label equals the mex of its options' labels, hence (induction on the pile
sum) the SG value. The claim must be an int (not a bool or float) equal to x's label.

Complexity: the box [0, x] has B = Π (x_i + 1) positions (the labels list has B entries, so B is
at most the input's size; at most ``limits.MAX_HYPERNIM_SG_BOX``); the walk visits at most B
positions and enumerates, over the whole box, at most W = Σ_H Π_{i∈H} x_i(x_i+1)/2 ·
Π_{j∉H} (x_j + 1) (edge, option) pairs (:func:`option_work`, computed in O(m·n) before the walk),
each costing O(n): time O(n·(B + W)), memory O(n·B). W can be quadratic in B (one pile of
x + 1 labels has x(x+1)/2 options), so a certificate with W > ``limits.MAX_HYPERNIM_SG_OPTIONS``
is refused (TooLarge) before any option is enumerated; the compound instances are bounded by
:func:`verify.games.hypernim.check_compound_size` before their hypergraph is built.
"""
from __future__ import annotations

import math

from .. import limits
from ..errors import CertificateError, InputError, TooLarge
from ..formats.hypernim import instance_from_json, instance_to_json
from ..games import hypernim as rules
from ..formats.instances import question_of
from ..games.impartial import mex
from ..question import Question
from . import envelope
from .checker import CheckReport, register, verdict_of

KIND = "hypernim-sg-table"


def sg_certificate(instance: rules.Instance, table) -> dict:
    """Certificate that SG(x) = table[x] for a table covering the box [0, x]."""
    x = tuple(instance.piles)
    labels = [int(table[z]) for z in _box(x)]
    return envelope(KIND, instance_to_json(instance), question_of("hypernim", instance), {"sg": int(table[x])},
                    box=list(x), labels=labels)


def option_work(game: rules.HyperNim, x) -> int:
    """Σ over z in the box [0, x] of the (edge, option) pairs ``game.options`` enumerates at z: for
    an edge H, Π_{i∈H} x_i(x_i+1)/2 · Π_{j∉H} (x_j + 1). O(m·n) arithmetic."""
    total = 0
    for idx in game.edge_indices:
        on = set(idx)
        part = 1
        for i, t in enumerate(x):
            part *= t * (t + 1) // 2 if i in on else t + 1
        total += part
    return total


def _box(x):
    import itertools
    return itertools.product(*(range(a + 1) for a in x))


@register(KIND, "box", "labels")
def check(cert: dict, question: Question) -> CheckReport:
    if question.game != "hypernim":
        raise CertificateError("the question is not about hypergraph NIM")
    try:
        inst = instance_from_json(cert["instance"])
    except InputError as exc:
        raise CertificateError(f"bad instance: {exc}") from None
    x = inst.piles
    box = cert.get("box")
    if not isinstance(box, list) or any(type(v) is not int for v in box) or box != list(x):
        raise CertificateError("certificate box differs from the instance's piles")
    labels = cert.get("labels")
    size = math.prod(a + 1 for a in x)
    if size > limits.MAX_HYPERNIM_SG_BOX:
        raise TooLarge(f"the box [0, x] has {size if size < 10 ** 12 else 'more than 10^12'} positions "
                       f"(at most {limits.MAX_HYPERNIM_SG_BOX}, limits.MAX_HYPERNIM_SG_BOX): too large")
    work = option_work(inst.game, x)
    if work > limits.MAX_HYPERNIM_SG_OPTIONS:
        raise TooLarge(f"checking would enumerate {work} options over the box (at most "
                       f"{limits.MAX_HYPERNIM_SG_OPTIONS}, limits.MAX_HYPERNIM_SG_OPTIONS): too large")
    if not isinstance(labels, list) or len(labels) != size:
        raise CertificateError(f"labels must be a list of {size} integers")
    if not all(type(v) is int and v >= 0 for v in labels):
        raise CertificateError("labels must be non-negative integers")
    strides = [math.prod(a + 1 for a in x[i + 1:]) for i in range(len(x))]

    def label(z):
        return labels[sum(a * s for a, s in zip(z, strides))]

    game = inst.game
    seen = {x}
    stack = [x]
    options = 0
    while stack:
        z = stack.pop()
        opts = list(game.options(z))
        options += len(opts)
        want = mex(label(o) for o in opts)
        if label(z) != want:
            raise CertificateError(f"label of {list(z)} is {label(z)}, but the mex of its options' labels is {want}")
        for o in opts:
            if o not in seen:
                seen.add(o)
                stack.append(o)
    claimed = verdict_of(cert, "sg")
    if claimed != label(x):
        raise CertificateError(f"claimed sg {claimed!r} but the start position is labelled {label(x)}")
    return CheckReport(KIND, question_of("hypernim", inst), {"sg": label(x)},
                       f"{len(seen)} reachable positions, {options} options checked")
