"""``verify report``: a static HTML site of the catalogue, the proofs, strategies, hunts and benchmarks."""
