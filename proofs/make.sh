#!/usr/bin/env bash
# Regenerates the certified claims in proofs/ from the bundled examples (each file is a certificate:
# the instance, the claim and the evidence; `verify check proofs/` re-verifies them all).
set -euo pipefail
cd "$(dirname "$0")/.."
mb() { verify solve maker-breaker "examples/$1" --first "$2" --certificate "proofs/maker-breaker/$3.json" ; }
mb tic-tac-toe-3.txt maker  tic-tac-toe-3x3-maker-first
mb tic-tac-toe-3.txt breaker tic-tac-toe-3x3-breaker-first
mb tic-tac-toe-4.txt maker  tic-tac-toe-4x4-maker-first
mb fano.txt maker fano-maker-first
mb fano.txt breaker fano-breaker-first
mb K5-3.json maker K5-3-maker-first
mb K5-3.json breaker K5-3-breaker-first
mb 3-in-a-row-4x4.txt breaker 3-in-a-row-4x4-breaker-first
for g in acv avd dst prv; do
  verify solve "$g" examples/sieben-ex-3.3.txt --certificate "proofs/impartial/sieben-ex-3.3-$g.json"
  verify solve "$g" examples/fano.txt --certificate "proofs/impartial/fano-$g.json"
  verify solve "$g" examples/K5-3.json --certificate "proofs/impartial/K5-3-$g.json"
done
