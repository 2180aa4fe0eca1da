"""Game rules: what a position is, what a move is, when play ends. Solvers and the checker share
these; no rule reads a file (instance files are read by :mod:`verify.formats`)."""
