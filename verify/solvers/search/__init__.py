"""The proof search (method ``search`` for ``.pg`` and Maker-Breaker games): one engine, its drivers,
its compiled kernels, and the builders of its ``pg-proof`` certificates.

Every module answers the same boolean question, "can the attacker X force a win?" (X completes one
of its sets before Y completes one of Y's, within the schedule: :class:`verify.games.attack.Attack`),
and every certificate it writes is re-derived by the independent checker
(:mod:`verify.certificates.proof`), which imports nothing from here.

Map of the package:

==================  =============================================================================
``engine``          the pure-Python reference engine (:class:`~.engine.ProofSearch`): depth-first
                    search with a transposition table, carriers (must-play zones), threat-space
                    search and threat lines, forced blocks, component splitting; ``decide`` and
                    ``make_search`` pick the engine (``auto``, ``fast``, ``python``)
``kernel``          the compiled hot loop (numba, extra ``fast``) for games decided by X's needs
``kernel_race``     the compiled loop for games where Y has sets too (races, Maker-Maker ``.pg``)
``fast``            the adapter giving the compiled kernels the engine's interface
``leaves``          defender leaves: pairing strategies that end a branch (:func:`~.leaves.pair_cover`)
``symmetry``        automorphisms (nauty) and canonical states
``labels``          canonical labels and the group element reaching them (S_n on K_n, nauty groups)
``pn``              the proof-number driver (PN², ``--driver pn``)
``parallel``        the root split over local cores (``--jobs``)
``books``           proofs in parts (a zip *book*), built in parallel or on a Dask cluster
``methods``         the registered methods and the certificate builder (choices, links, pairings)
``hints``           a published table of the attacker's moves guiding a proof's builder (Patashnik's
                    Qubic dictionary: the strong game of Qubic); every move checked as usual
``conventions``     method ``search`` of the general positional game (biased Maker-Breaker,
                    Avoider-Enforcer, Maker-Maker, Avoider-Avoider): exact rules, S_n-canonical keys
==================  =============================================================================

The modules are imported on demand (``from verify.solvers.search.engine import ProofSearch``); this
file imports none of them, so that loading the package costs nothing.
"""
