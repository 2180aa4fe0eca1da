"""QBF: a positional game's question "can player E force goal G?" as a closed prenex CNF, its
encodings, and the engines that answer it.

- ``game``: the prenex CNF (:class:`PrenexCNF`), the question of a ``.pg`` game
  (:class:`GameQuestion`, :func:`game_question`; Maker-Breaker, the four conventions and any bias
  as schedules) and the one-hot encoding (``onehot``);
- ``binary``: binary move codes, illegal moves corrected to passes (``binary``);
- ``implicit``: ``binary`` with Hex connection by reachability (``implicit``);
- ``lines``: k-in-a-row lines by position and direction (the line goal of ``implicit``, code helpers);
- ``lifted``: binary moves, no board variables, a symbolic cell (``lifted``);
- ``symmetry``: nauty orbits of the next move (symmetry breaking);
- ``encodings``: the registry of encodings by name and the measured per-family defaults;
- ``backends``: the QBF engines (pyqbf, z3) run in a child process;
- ``portfolio``: several engines raced, first answer wins;
- ``qdimacs``, ``qcir``: the two file formats of a prenex CNF (write and read back).

The names of ``game`` are re-exported here (``from verify.encode.qbf import PrenexCNF``).
"""
from .game import (GOALS, GameEncoding, GameQuestion, PrenexCNF, avoidance_question, claim_schedule, constant,
                   convention_pg, encode_avoidance, encode_game, encode_maker_breaker, game_question,
                   maker_breaker_pg, maker_breaker_question, maker_rounds_bound)

__all__ = ["GOALS", "GameEncoding", "GameQuestion", "PrenexCNF", "avoidance_question", "claim_schedule", "constant",
           "convention_pg", "encode_avoidance", "encode_game", "encode_maker_breaker", "game_question",
           "maker_breaker_pg", "maker_breaker_question", "maker_rounds_bound"]
