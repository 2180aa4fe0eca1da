"""The strategy explorer's graph: the states a certificate's strategy can reach, breadth first.

A node is a state where the strategist is to move (or the start, or a finished game). Its page shows
the board with the strategist's move and links to the states after each opponent reply; states are
shared (transpositions link to the same page). At most ``max_states`` nodes are kept; replies
leading beyond them are listed without a link.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Node:
    id: int
    state: object
    parent: int | None
    via: str = ""                  # the moves that led here from the parent ("b2 a1")
    move: str | None = None        # the strategist's move at this state
    result: str | None = None      # the result when the game is over here or after ``move``
    replies: list[tuple[str, int | None]] = field(default_factory=list)


def strategist(play) -> str | None:
    """Whose strategy is explored: the claimed winner (black for a claimed draw)."""
    return "black" if play.winner == "draw" else play.winner


def explore(play, max_states: int = 60) -> tuple[list[Node], bool]:
    """Nodes reachable under the strategy, breadth first; the flag says whether the cap cut some."""
    who = strategist(play)
    start = play.start()
    nodes = [Node(0, start, None)]
    index = {start: 0}
    cut = False
    i = 0
    while i < len(nodes):
        node = nodes[i]
        i += 1
        s = node.state
        node.result = play.over(s)
        if node.result is not None:
            continue
        base = s
        if play.to_move(s) == who and play.advice(s):
            node.move = play.advice(s)
            base = play.play(s, node.move)
            node.result = play.over(base)
            if node.result is not None:
                continue
        for r in play.legal(base):
            t = play.play(base, r)
            j = index.get(t)
            if j is None and len(nodes) < max_states:
                j = index[t] = len(nodes)
                nodes.append(Node(j, t, node.id, via=" ".join(x for x in (node.move, r) if x)))
            elif j is None:
                cut = True
            node.replies.append((r, j))
    return nodes, cut
