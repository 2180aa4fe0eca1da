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

#: bitmask-based solvers: vertices of a board (one bit per vertex, memo keys stay small); the
#: positional searches (explicit, convention search) refuse a larger board before any table or group
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
#: positional-strategy certificates (verify.certificates.positional): table entries in all, at most
#: (counted before any entry is read), and states walked per table (counted as the walk goes; the
#: opponent's claims are all expanded, so a short table under a large bias can reach many states);
#: beyond, the certificate is refused in one line
MAX_POSITIONAL_STRATEGY_ENTRIES = 2_000_000
MAX_POSITIONAL_WALK_STATES = 5_000_000
#: positional-strategy walks: work per table at most, counted as the walk goes: each claim walked
#: costs 1 + |V| (the successor's vertex sets it builds, as in the second checker) plus the edges
#: through its vertex it tests (60,000 vertices and one edge, 349 KB, had cost 51 s and 738 MB when
#: a claim cost one whatever the board's width): a board of many edges through each vertex makes
#: each claim cost that much (all 5-sets of 24 vertices, 8,855 through each, a 1.6 MB certificate of
#: one entry under bias 1:5: refused at this cap after 77 s on a loaded machine, 0.4 µs a test;
#: without it ~1.6 G tests). The same order as a walk at MAX_POSITIONAL_WALK_STATES on the triangle
#: boards (Sim: 31 k states, 0.4 M tests, 2 s)
MAX_POSITIONAL_WALK_WORK = 200_000_000
#: positional-strategy symmetry links: generators (automorphisms of the board) at most, and
#: generators in one link's word at most (docs/spec/positional-strategy.md P10)
MAX_POSITIONAL_GENERATORS = 4096
MAX_POSITIONAL_WORD = 64
#: method pairing at bias (1:q), q >= 2 (verify.encode.qpairing): literals of the q-pairing CNF, estimated before building
MAX_QPAIRING_LITERALS = 5_000_000
#: pg-proof certificates: states the checker derives, at most PG_PROOF_FREE_STATES plus
#: PG_PROOF_STATES_PER_ENTRY per recorded entry (the committed proofs derive fewer than 3 per entry);
#: beyond, the certificate is refused: the derived steps (forced blocks, the attacker's moves in a
#: refutation) would otherwise let a file of a few lines expand exponentially many states
PG_PROOF_FREE_STATES = 20_000
PG_PROOF_STATES_PER_ENTRY = 64
#: pg-proof certificates: a derivation at a state with K needs in its key (the attacker's distinct
#: live needs; 2 in the games keyed by the state) and M free cells on a live need of either player,
#: on a game of n positions, costs 1 + (K + 2M) * ceil(n / 8) // PG_PROOF_UNIT_BYTES units of the
#: budget above (docs/spec/pg-proof.md §4.17): the bytes a checker keeps for the
#: state (its residual key, its pending successors) are then at most a constant times the budget,
#: whatever the board's size (before, 1,600 disjoint pairs and an empty refutation, 57 KB, made
#: both checkers hold 2.4 GB before refusing)
PG_PROOF_UNIT_BYTES = 4096

#: books (zip files of certificates, verify.certificates.book): members at most
MAX_BOOK_MEMBERS = 100_000
#: books: rounds the builder's top enumerates before its parts (``--book-depth``), at most: the
#: parts grow about as the board's size to that power (four rounds of the 30-cell van der Waerden
#: race: about 15 * 30^3 parts, beyond MAX_BOOK_MEMBERS)
MAX_BOOK_DEPTH = 4
#: books: decompressed bytes of one member at most, checked on the declared size when the book is
#: opened and counted again while the member is read (in 1 MiB chunks: no zip bomb gets past it).
#: A member is held as text and parsed (about 10x its size in Python objects), so this bounds the
#: peak memory of a refusal (the cap) and of a check (≈ 10x), as a plain certificate file of that
#: size would (the second checker reads at most 1 GiB of one file too); with MAX_BOOK_RATIO, a
#: member this large needs at least 5 MiB of compressed input. The largest legitimate parts: the
#: van der Waerden race k = 5 on {1..30}, split after black's first move and white's answer
#: (59-258 MB each); Qubic's and the n = 27 k = 5 books have parts of a few MB
MAX_BOOK_MEMBER_BYTES = 1 << 30
#: books: decompressed bytes of all the members read (the root included) at most, and of all the
#: members the central directory declares (checked when the book is opened). This bounds the
#: check's time (every byte read is checked once), not its memory (one member at a time): the
#: largest legitimate book, the van der Waerden race k = 5 on {1..30}, holds 2.03 GB in 15 parts
#: (the largest 258 MB; both checkers in 2,531 CPU s); the second checker's cap is the same
MAX_BOOK_TOTAL_BYTES = 4 << 30
#: books: decompressed bytes of a member at most this many times its compressed bytes (deflate
#: reaches ~1000x on blanks; the certificates' JSON deflates 2-21x: measured on proofs/, the Qubic
#: book 17x), checked on the declared sizes and while reading; a member may always reach
#: MAX_BOOK_RATIO_FLOOR bytes (tiny members compress badly, and a small bound costs nothing)
MAX_BOOK_RATIO = 200
MAX_BOOK_RATIO_FLOOR = 1 << 16

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

#: affine convex geometries (verify.convex.affine): coordinates of at most this many digits (an
#: integer, or each of a "p/q" string's numerator and denominator: 2x this many digits in all), so
#: that one exact operation of the eliminations stays cheap (entries grow with each pivot); the
#: examples and paper claims use one- or two-digit coordinates
MAX_AFFINE_COORD_DIGITS = 20
#: affine convex geometries: exact operations of the Carathéodory tables at most, estimated before
#: any table is built (verify.convex.affine_work: Σ_k C(n, k)·k·n·(d + 1) over the k-sets of points
#: that can be affinely independent, about n²·d·2^n in general position); beyond, TooLarge.
#: Measured 1-8 µs each with small coordinates, up to 25 µs with 20-digit fractions in 9
#: dimensions: 200 k is at most ~1.5 s with small coordinates, ~5 s at the digit cap. The examples,
#: claims and tests use at most 9 points of the plane or 8 of R^4 (9 k-31 k); a simplex of 9 points
#: (185 k) fits, 24 points in general position (2^24 eliminations, a 2 KB certificate, hours) are
#: refused in milliseconds
MAX_AFFINE_WORK = 200_000

#: hypergraph-NIM compounds (verify.games.hypernim, paper 003 (4)/(5)): edges of the compound
#: hypergraph and vertex occurrences in them (Σ |H| over its edges), at most; counted from the
#: components before any edge is built (p two-edge components make 2^p edges), TooLarge beyond.
#: The examples and claims compound two components of at most 6 edges (48 edges)
MAX_HYPERNIM_COMPOUND_EDGES = 20_000
MAX_HYPERNIM_COMPOUND_OCCURRENCES = 1_000_000
#: hypernim-sg-table certificates (verify.certificates.hypernim): positions of the box [0, x] (the
#: labels list has one per position; the solver's DP stops at 4 M, verify.solvers.hypernim.DP_LIMIT)
#: and (edge, option) pairs the check enumerates over the box (verify.certificates.hypernim.
#: option_work, computed before the walk; the solver writes no certificate beyond 3 M,
#: verify.solvers.hypernim.CERTIFICATE_LIMIT), at most; beyond, TooLarge. ~2 µs an option: 3 M
#: options ≈ 6 s
MAX_HYPERNIM_SG_BOX = 4_000_000
MAX_HYPERNIM_SG_OPTIONS = 3_000_000
#: explicit convex geometries (verify.convex.explicit): validation steps at most, sets²·(n + 2) for
#: a family of that many convex sets on n points (verify.convex.explicit_work: pairwise
#: intersections, then closures scanning the family), checked before the sets are read; beyond,
#: TooLarge. ~10-20 ns a step: 50 M ≈ 1 s (all 1024 subsets of 10 points: 12.6 M; of 12 points, 4096
#: sets in 135 kB, 3.4 s before the cap, and of 16 points, 2.6 MB, hours: refused). The examples'
#: explicit geometries have a handful of sets
MAX_CONVEX_EXPLICIT_WORK = 50_000_000

#: sat-unsat-drat certificates (verify.certificates.cnf: claim_cnf): the CNF re-derived from the
#: board and the claim, at most this many variables, clauses and literals, bounded from the board
#: in O(Σ|e|) BEFORE it is built (cnf.structure_cnf_size, cnf.pairing_cnf_size); beyond, TooLarge.
#: The project's SAT route: structure questions on chains / cycles of 30 triples (61 vertices, near
#: the 64-vertex boards of the rank-3 route) give 4.3 k variables, 55 k clauses, 112 k literals;
#: pairings on 9x9 5-in-a-row 2.2 k, 4.5 k, 10 k. The caps are 20-30x above; near them (64
#: vertices, 175 random triples, no-chain: 784 k clauses, 1.6 M literals) the encoder takes 0.7 s,
#: the comparison 3 s, 250 MB before the proof is checked
MAX_DRAT_FORMULA_VARIABLES = 1_000_000
MAX_DRAT_FORMULA_CLAUSES = 1_000_000
MAX_DRAT_FORMULA_LITERALS = 3_000_000
#: the pairing encoder's minimal-set step: subset comparisons at most (an upper bound computed from
#: the residual edges before the step); 9x9 5-in-a-row: 1.3 k; 20 M ≈ 5-10 s
MAX_DRAT_ENCODER_WORK = 20_000_000
#: DRAT proofs (verify.certificates.drat: parse_drat, check_drat): steps (lemmas and deletions) and
#: literals at most, counted while parsing; the largest proofs of the project's route: 15 k steps and
#: 133 k literals (no pairing on 9x9 5-in-a-row), 50 k and 196 k (no necklace on a cycle of 30
#: triples), 69 k and 912 k (the bench's pigeonhole PHP(9 -> 8), 29 s to check)
MAX_DRAT_PROOF_STEPS = 1_000_000
MAX_DRAT_PROOF_LITERALS = 10_000_000
#: DRAT checking work, counted as it goes and checked after every unit propagation: watch-list
#: visits plus literals scanned for a new watch (unit propagation), and RAT work (clauses scanned
#: for ¬p plus the literals of the resolvents built); beyond, TooLarge. Measured 2-4 M units a
#: second: no pairing on 9x9 5-in-a-row 6 M (4 s), PHP(9 -> 8) 119 M (30-50 s); 500 M ≈ 2-4 min.
#: The solvers' proofs have no RAT lemma; 50 M RAT units ≈ 10-20 s
MAX_DRAT_PROPAGATION_WORK = 500_000_000
MAX_DRAT_RAT_WORK = 50_000_000

#: maker-breaker-strategy walks (both checkers, docs/spec/maker-breaker-strategy.md S7): the states a
#: walk stores, each weighted by the board's size w = 1 + |V| + Σ|e| + |E|·⌈|V|/64⌉ (a bound on
#: what building and keeping one state costs: the kernel's residual of at most |E| masks of
#: ⌈|V|/64⌉ words, the second checker's two vertex sets and its scans of the edges), at most;
#: counted before a state's successors are built, beyond it the certificate is refused. Before,
#: nothing weighed a state: 1,400 disjoint pairs, Maker first, Breaker claimed the winner and an
#: empty table (29 KB) made the kernel build 2,800 residuals of 1,400 masks 2,800 bits wide (21 s,
#: 1.2 GB; 2,000 pairs, 42 KB, over 3 GB). The committed proofs need at most 2.5 M units
#: (tic-tac-toe 4x4: the second checker's 36,557 explicit states of 67 units). The builders walk
#: with the same cap (no certificate the checker would refuse). 2^25 refused what method explicit
#: writes: the L pentomino on 5x5, Breaker first, 129,012 states of 410 units (5.3·10^7), and
#: Elly on 4x5, 111,067 states (kernel and solver together 317 / 498 MB peak: about 6 bytes a
#: unit on such boards; 8 on the 1,400 pairs above). 2^26 units: ~0.5 GB at most, a few seconds
#: (the worst crafted file found, a chain of 250 entries of 300 KB: about 2.5 s and 0.2 GB)
MAX_MB_STRATEGY_WALK_UNITS = 1 << 26

#: ``verify draw`` (verify.draw.render.figure): vertices (cells, points) of one picture at most,
#: checked before any layout; beyond, TooLarge. Measured on a loaded 2-core machine, whole command:
#: an incidence chart of 1,000 vertices 8 s, 2,000 15 s, 5,002 21 s (a picture no one can read)
MAX_DRAW_VERTICES = 1000
#: the spring layout of a hypergraph without geometry (verify.draw.geometry.spring_positions, also
#: the play server's): vertices at most. networkx lays out 500 vertices or more with scipy, which
#: is not a dependency (200,000 vertices crashed on its import); its dense solver below takes 3.3 s
#: on 499 vertices (eight edges of 62), 0.4 s on 200
MAX_SPRING_LAYOUT_VERTICES = 499
#: the spring layout: vertex pairs of the hypergraph's 2-section at most, counted with multiplicity
#: (Σ over edges of C(|e|, 2), in O(edges) before the graph is built; about 1 µs a pair)
MAX_SPRING_LAYOUT_PAIRS = 1_000_000

#: nim-labelling walks (both checkers, docs/spec/nim-labelling.md L7): positions visited, each
#: weighted by w = (|V| + 1)·(1 + |V| + Σ|e| + |E|·⌈|V|/64⌉) (its at most |V| + 1 options, each
#: built and tested against every edge: the kernel's masks of ⌈|V|/64⌉ words, the second
#: checker's sets), at most; counted before a position's options are built, beyond it the
#: certificate is refused. Before, a visit's cost was not counted: AVD on a cycle of 8,000
#: vertices with the one label of ∅ (133 KB) took the kernel 20 s (64 M edge tests of 125-word
#: masks) before it found the first option unlabelled; 16,000 vertices, minutes. Measured
#: 2.5-12 ns a unit (wide masks, small boards): 2^30 units ≈ 3-13 s. The committed proofs need at
#: most 10 k units (sieben-ex-3.3), a 20-vertex board labelled in full (2^20 positions) ~3·10^9
MAX_NIM_LABELLING_WORK = 1 << 30
#: ... plus this many units per label entry of the certificate (a visit needs a label, so honest
#: work grows with the file): 2^30 alone refused what the solvers write, e.g. ACV on a random
#: 20-vertex, 30-triple board (465,377 labels of 2,961 units: 1.4·10^9 units, checked in 16 s)
NIM_LABELLING_UNITS_PER_LABEL = 4096

#: pg-strategy walks (both checkers, docs/spec/pg-strategy.md): the states a walk stores, each
#: weighted by the game's size w = 1 + |P| + Σ|s| + |S|·⌈|P|/64⌉ (|P| positions, the sets S of
#: both colours: what testing and keeping one state costs), at most; counted before a state's
#: successors are built, beyond it the certificate is refused (on top of the 1 M states above).
#: Before, states were counted, not weighed, and the second checker counted the states it took off
#: its queue, not those it put on: 300 positions, three white moves, claimed draw with empty tables
#: (3 KB) took it 36 s and 1.4 GB; the kernel spent 22 µs a state on 100 positions (72 ns a unit):
#: 2^28 units ≈ 20 s, the order of the 1 M-state cap on small games
MAX_PG_STRATEGY_WALK_UNITS = 1 << 28
#: Berge's method for Tr(H) (verify.hypergraph.minimal_transversal_masks, the ACV/AVD structure
#: diagrams): subset tests at most, each step's bound added before the step; beyond, TooLarge. A
#: test costs 90-200 ns: chains of 20, 24, 28 triples need 0.4 M (0.1 s), 6.5 M (1.2 s), 96 M (18 s),
#: and a chain of 5,000 triples (`verify solve acv`) ran for hours; K_48^2 needs 54 k
MAX_TRANSVERSAL_WORK = 20_000_000
#: structure diagrams (verify.structure.diagram): the maximal stable sets' vertices in all (their
#: incidence table, checked before it is built: ~1.5 µs each on wide sets), and then, per class
#: found, one intersection per distinct move weighted by the words of a class (1 + stable sets / 64);
#: beyond either, TooLarge. DST on a chain of 5,000 triples: 25 M incidences (40 s), then 5,000-bit
#: intersections without end; ACV on 200,000 isolated vertices and one edge: 0.4 M (answered, 12 s)
MAX_STRUCTURE_INCIDENCES = 2_000_000
MAX_STRUCTURE_WORK = 50_000_000

#: nauty (pynauty: native code, which no deadline interrupts) on a coloured incidence graph of at most
#: this many vertices (cells plus sets): the automorphism group of a chain of k triples (3k + 1
#: vertices) took 0.06 s at 1,501, 0.43 s at 3,001, 4.4 s at 6,001 and over 25 s at 15,001. Beyond
#: it, symmetry breaking is skipped (the QBF encodings, the search's automorphisms: an optimisation,
#: never needed for the answer) and a canonical key is TooLarge (verify.isomorphism)
MAX_NAUTY_VERTICES = 3_000
#: QBF encodings (verify.encode.qbf): relevant cells times time points of one question at most,
#: checked before anything is built; beyond, TooLarge. The questions QBF solvers decide have a few
#: thousand (Qubic's Maker-Breaker game: 64 cells x 64 time points); a chain of 5,000 triples asked
#: with --method qbf (25 M) ran for minutes in nauty and the encoder before any solver started
MAX_QBF_CELL_TIMES = 250_000

#: compositional rank-3 certificates (verify.certificates.rank3, docs/spec/maker-breaker-compositional.md
#: §8): units of work of one top-level check's own rules, its nested rank-3 certificates included
#: (nested certificates of other kinds count under their own caps): a tree node, an edge or a part
#: edge tested costs w = 1 + ⌈(|V| + 1)/64⌉ units (the words of a mask on the board), a danger query
#: (quiet, COMPUTECC, a connectivity test) w·(1 + |K|), a tadpole unit w; counted before the work,
#: beyond it the certificate is refused. Before, nothing was counted: a Maker node scanned all of
#: K's edges (3,000 replies on a board of 12,000 edges through Maker's move, 739 KB: 31 s), a
#: part edge was looked for in every part's list (8,000 edges each side, 824 KB: 10 s), a leaf's
#: chain test was quadratic in its edges (a necklace of 8,000 edges, 550 KB: 5.4 s). Measured
#: 3.6 ns a unit on tree nodes and edges, 18-34 ns on danger queries: 2^29 units ≈ 2-18 s. The
#: route's certificates (bench/bench_rank3.py --certify, docs/benchmarks.md) need 6·10^3 (parts,
#: sub) to 5.3·10^7 units (dangers, rank3-glued 198, 572 KB, 1.8 s) and 3.1·10^8 for the dangers
#: certificate of rank3-diamonds 66 (331 vertices, 1.6 MB, 5.6 s), which 2^28 would refuse
MAX_RANK3_CHECK_WORK = 1 << 29
