"""Every size cut-off in one place: where a method stops, or where ``auto`` hands over to another.

A limit is a promise to the user: beyond it the method raises :class:`~verify.errors.TooLarge` (one
clear line) instead of running out of memory or time. The bench scripts under ``bench/`` measure
where each route stops; change a limit here, not in the solver.
"""

#: digits of one integer in a JSON instance or certificate (Python itself refuses beyond 4300)
MAX_JSON_INT_DIGITS = 1000

#: a hypergraph's edge bitmasks in all (sum over edges of the highest vertex index + 1): 2^27 bits
#: = 16 MiB, checked before any mask is built (reading stays linear, and bounded, in the input)
MAX_HYPERGRAPH_MASK_BITS = 1 << 27

#: bitmask-based solvers: vertices of a board (one bit per vertex, memo keys stay small)
MAX_BOARD_VERTICES = 64
#: positions of a ``.pg`` game for the explicit search
MAX_PG_POSITIONS = 64
#: points of a convex geometry
MAX_CONVEX_POINTS = 64

#: the explicit solvers' memo tables (about 1.5 kB a state: 2 M states ≈ 3 GB, tens of minutes)
MAX_EXPLICIT_STATES = 2_000_000
#: Maker-Breaker strategy certificates of the explicit solver: winner-to-move states recorded
MAX_STRATEGY_CERTIFICATE_STATES = 200_000
#: pg-strategy certificates: reachable states the checker walks, at most (the opponent's moves are
#: all expanded: a schedule giving the opponent many moves in a row makes a table of a few lines
#: reach exponentially many states); beyond, the certificate is refused (about 20 s of checking)
MAX_CHECKED_PG_STRATEGY_STATES = 1_000_000
#: pg-proof certificates: states the checker derives, at most PG_PROOF_FREE_STATES plus
#: PG_PROOF_STATES_PER_ENTRY per recorded entry (the committed proofs derive fewer than 3 per entry);
#: beyond, the certificate is refused: the derived steps (forced blocks, the attacker's moves in a
#: refutation) would otherwise let a file of a few lines expand exponentially many states
PG_PROOF_FREE_STATES = 20_000
PG_PROOF_STATES_PER_ENTRY = 64

#: books (zip files of certificates, verify.certificates.book): members at most, and decompressed
#: bytes of one member at most (read one at a time, bounded while reading: no zip bomb gets past it;
#: the largest Qubic part built, 183 MB, is far below)
MAX_BOOK_MEMBERS = 100_000
MAX_BOOK_MEMBER_BYTES = 1 << 31

#: literal-position searches and encodings enumerate subsets of the vertex set: 2^22 ≈ 4 M positions
MAX_LITERAL_VERTICES = 22
#: structure-diagram certificates list every literal position reachable from ∅
MAX_STRUCTURE_CERTIFIED_VERTICES = 20
#: ``auto`` for ACV/AVD/DST/PRV: explicit search up to this many vertices, structure diagrams beyond
AUTO_IMPARTIAL_EXPLICIT_VERTICES = 16
#: ``auto`` for GEN/DNG: explicit search up to this many points, structure diagrams beyond
AUTO_CONVEX_EXPLICIT_POINTS = 14

#: rank-3 strategy certificates are expanded position by position up to this many positions
MAX_RANK3_CERTIFICATE_STATES = 50_000
#: residual states of a SAT / SMT nim labelling
MAX_RESIDUAL_STATES = 200_000
#: positions of an SMT Grundy labelling
MAX_SMT_POSITIONS = 200_000
#: structure diagrams: equivalence classes and maximal stable sets
MAX_STRUCTURE_CLASSES = 500_000
MAX_STRUCTURE_STABLE_SETS = 200_000
#: minimal transversals Tr(H) in the making (Berge's method; intermediate families can outgrow Tr(H))
MAX_TRANSVERSAL_SETS = 500_000

# live vertices up to which the rank-3 route certifies with the full strategy table (replayable by
# `verify draw`, `verify play` and the report) rather than its compositional certificate
RANK3_STRATEGY_FIRST = 12
