"""Frozen copy of the structural rank-3 solver as it was before issue 11 (commit dc53dd7), kept only
so that bench/bench_rank3.py can print the speed ratio of the current solver against it in the same
run. Not used by verify; do not edit (the maintained solver is verify/solvers/rank3/)."""
from __future__ import annotations

from verify.games import maker_breaker as mb

from .solver import decide


def baseline_winner(game: mb.MakerBreakerGame) -> str:
    """The winner as today's (pre-issue-11) structural solver decides it."""
    return decide(game.start_residual(), game.board.n, game.first).winner
