"""The ``pg-strategy`` kind, checked from docs/spec/pg-strategy.md alone (no kernel code).

Positions are (black, white) pairs of frozensets of cells; the walk is breadth-first over a queue
(the kernel's is depth-first): every reachable position is checked once either way.
"""
from __future__ import annotations

from collections import deque

from .envelope import Refused, body_keys
from .pg import BLACK, DRAW, WHITE, game_of

MAX_POSITIONS = 1_000_000  # per strategist
#: positions a walk stores, each weighed by the game's size 1 + |P| + Σ|s| + |S|·⌈|P|/64⌉, at most
#: this many units (docs/spec/pg-strategy.md)
MAX_WALK_UNITS = 1 << 28


def _table(game, entries, colour: str) -> dict:
    if not isinstance(entries, list):
        raise Refused(f"no strategy list for {colour}")
    table = {}
    for e in entries:
        if not isinstance(e, dict) or set(e) != {BLACK, WHITE, "move"}:
            raise Refused("each strategy entry must be an object with exactly the keys black, white, move")
        stones = []
        for side in (BLACK, WHITE):
            names = e.get(side)
            if not isinstance(names, list) or not all(isinstance(v, str) and v in game.index for v in names):
                raise Refused(f"a strategy entry's {side!r} must be a list of position names")
            stones.append(frozenset(game.index[v] for v in names))
            if len(stones[-1]) != len(names):
                raise Refused("a strategy entry names a position twice")
        if stones[0] & stones[1]:
            raise Refused("a strategy entry's black and white stones overlap")
        move = e.get("move")
        if not isinstance(move, str) or move not in game.index:
            raise Refused(f"strategy move {str(move)[:30]!r} is not a position")
        key = (stones[0], stones[1])
        if key in table:
            raise Refused(f"two {colour} entries for one position")
        table[key] = game.index[move]
    return table


def result(game, b: frozenset, w: frozenset):
    """black / white / draw when the position is over, else None (spec: Rule)."""
    if any(s <= b for s in game.black_sets):
        return BLACK
    if any(s <= w for s in game.white_sets):
        return WHITE
    if len(b - game.black0) + len(w - game.white0) >= len(game.schedule):
        return DRAW if game.maker_maker else WHITE
    return None


def check_pg_strategy(cert: dict, open_member=None) -> tuple:
    body_keys(cert, "strategies")
    game, asked, winner, verdict = game_of(cert)
    if asked["game"] != "pg":
        raise Refused("a pg-strategy certificate answers pg questions")
    strategies = cert["strategies"]
    if not isinstance(strategies, dict):
        raise Refused("'strategies' must be an object")
    everyone = set(range(len(game.positions)))
    total = 0
    n, sets = len(game.positions), game.black_sets + game.white_sets  # a stored state weighs w units
    max_states = MAX_WALK_UNITS // (1 + n + sum(len(s) for s in sets) + len(sets) * -(-n // 64))
    for colour in ([BLACK, WHITE] if winner == DRAW else [winner]):
        table = _table(game, strategies.get(colour), colour)
        accepted = {colour} if winner == colour else {colour, DRAW}
        start = (game.black0, game.white0)
        seen = {start}
        queue = deque([start])
        count = 0
        while queue:
            b, w = queue.popleft()
            count += 1
            if count > MAX_POSITIONS:
                raise Refused(f"more than {MAX_POSITIONS} reachable positions")
            over = result(game, b, w)
            if over is not None:
                if over not in accepted:
                    raise Refused(f"{colour}'s strategy reaches a {over} result at black "
                                  f"{game.names(b)} white {game.names(w)}")
                continue
            t = len(b - game.black0) + len(w - game.white0)
            legal = everyone - b - w
            if t == 0 and game.first_moves is not None:
                legal &= game.first_moves
            mover = game.schedule[t]
            if mover == colour:
                cell = table.get((b, w))
                if cell is None or cell not in legal:
                    raise Refused(f"no legal {colour} move at reachable black {game.names(b)} "
                                  f"white {game.names(w)}")
                moves = [cell]
            else:
                moves = sorted(legal)
            if len(seen) + len(moves) > max_states:  # counted before the successors are built
                raise Refused(f"the walk stores more than {max_states} positions (each weighed by the game's "
                              f"1 + |P| + Σ|s| + |S|·⌈|P|/64⌉ units, at most {MAX_WALK_UNITS}): refused")
            for c in moves:
                nxt = (b | {c}, w) if mover == BLACK else (b, w | {c})
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        total += count
    return asked, verdict, f"{total} reachable positions checked"
