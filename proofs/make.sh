#!/usr/bin/env bash
# Regenerates the certified claims in proofs/ from the bundled examples (each file is a certificate:
# the instance, the claim -- question and verdict -- and the evidence; `verify check --second-opinion proofs/`
# re-verifies them all). proofs/QUESTIONS names the question each certificate answers: the instance
# file, the first player and the verdict; the last step confirms every certificate against it with
# `verify check CERT --instance FILE --first P --expect VERDICT [--rounds B]` (the tests replay the
# same lines).
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

# Classical results (issue 9): n×n tic-tac-toe Maker-Breaker by the proof search (pg-proof
# certificates) for n = 3, 4, and by a pairing strategy for n = 5 (examples/tic-tac-toe-N.txt is
# `verify family tic-tac-toe N`).
mkdir -p proofs/classical
for n in 3 4 5; do
  for f in maker breaker; do
    if [ "$n" = 5 ]; then method=pairing; else method=search; fi
    verify solve maker-breaker "examples/tic-tac-toe-$n.txt" --first "$f" --method "$method" \
      --certificate "proofs/classical/tic-tac-toe-${n}x${n}-$f-first.json"
  done
done

# Classical results (issue 18; docs/classical.md): van der Waerden games and Harary's animals in both
# conventions. `verify family` writes each instance into examples/classical/ (committed), the proof
# search certifies it into proofs/classical/. Maker-Breaker (a hypergraph NAME.txt): `mbc NAME FIRST
# [B]` answers "does Maker win?" or, with B, "does Maker win within B rounds?". The race (a
# Maker-Maker .pg NAME.pg, black first; `--moves M` gives black M moves): `racec NAME` answers who
# wins it (black, or draw/white = black does not win within the schedule).
mkdir -p examples/classical
mbc() {  # the certificate goes to $CERTDIR (default proofs/classical)
  local name=$1 first=$2 rounds=${3:-} cert="${CERTDIR:-proofs/classical}/$1-$2-first"
  local args=(--first "$first" --method search)
  if [ -n "$rounds" ]; then args+=(--rounds "$rounds"); cert="$cert-within-$rounds"; fi
  verify solve maker-breaker "examples/classical/$name.txt" "${args[@]}" --certificate "$cert.json"
}
racec() { verify solve pg "examples/classical/$1.pg" --method search --certificate "${CERTDIR:-proofs/classical}/$1.json"; }
# van der Waerden games on {1..n}, k-term progressions: Maker first, Breaker wins on n - 1 and Maker
# on n (k = 3: n = 5; k = 4: n = 13); Breaker first (k = 3: 10; k = 4: 17); the race (k = 3: 5;
# k = 4: 15).
for kn in "3 4" "3 5" "3 9" "3 10" "4 12" "4 13" "4 14" "4 15" "4 16" "4 17"; do
  set -- $kn
  verify family ap "$2" "$1" -o "examples/classical/ap-$2-$1.txt"
done
mbc ap-4-3 maker; mbc ap-5-3 maker; mbc ap-9-3 breaker; mbc ap-10-3 breaker
mbc ap-12-4 maker; mbc ap-13-4 maker; mbc ap-16-4 breaker; mbc ap-17-4 breaker
# k = 5, Maker first: Maker wins on {1..28} (the compiled search kernel, extra 'fast'; about 20 s)
# and Breaker on {1..27} (so on every smaller board: Maker's win on a sub-board is a win on the
# board), the threshold 28 certified on both sides; Breaker's certificate is large (proofs/large,
# 36 MB, about 17 CPU minutes and 4 GB to build: docs/classical.md)
verify family ap 28 5 -o examples/classical/ap-28-5.txt
mbc ap-28-5 maker
verify family ap 27 5 -o examples/classical/ap-27-5.txt
CERTDIR=proofs/large mbc ap-27-5 maker
verify check --second-opinion proofs/large/ap-27-5-maker-first.json --instance examples/classical/ap-27-5.txt --first maker \
  --expect breaker > /dev/null
# k = 6, Maker first: Breaker wins on {1..34}, so on every smaller board (22 CPU s with the kernel's
# searched pairings, 1.5 MB; the committed 438 KB one took 583 CPU s with the Python lookahead).
verify family ap 34 6 -o examples/classical/ap-34-6.txt
mbc ap-34-6 maker
# ... and on {1..37} (proofs/large, 52 MB, 687,427 recorded moves: 805 CPU s and 1.7 GB to decide and
# certify; the second checker 184 CPU s at 0.41 GB; long entry)
verify family ap 37 6 -o examples/classical/ap-37-6.txt
if [ "${VERIFY_LONG:-}" = 1 ]; then
  CERTDIR=proofs/large mbc ap-37-6 maker
  verify check --second-opinion proofs/large/ap-37-6-maker-first.json --instance examples/classical/ap-37-6.txt \
    --first maker --expect breaker > /dev/null
fi
# ... and on {1..38} (proofs/large, 190 MB, 2,406,284 recorded moves: 2,902 CPU s and 5.4 GB to decide
# and certify; the kernel checks it in 411 CPU s at 2.7 GB, the second checker in 491 s at 1.2 GB)
verify family ap 38 6 -o examples/classical/ap-38-6.txt
if [ "${VERIFY_LONG:-}" = 1 ]; then
  CERTDIR=proofs/large mbc ap-38-6 maker
  verify check --second-opinion proofs/large/ap-38-6-maker-first.json --instance examples/classical/ap-38-6.txt \
    --first maker --expect breaker > /dev/null
fi
# ... and on {1..39}, certified by a book (one part per first move of Maker up to the reflection,
# with Breaker's answer; --warm-top: the deciding search's own answers): 20 parts, 1.0 GB unzipped
# in a 173 MB zip, the largest part 124 MB; 7,201 CPU s (93 min wall on 2 shared cores) and a 2.7 GB
# peak to decide, build the parts and check the book by the kernel (14.6 M states derived from
# 14.3 M recorded moves); the second checker 1,134 CPU s at 1.3 GB. AP39_PARTS=DIR keeps the parts (a stopped build resumes from them).
apbook() {  # apbook N PARTS: the k = 6 book on {1..N}, Maker first (long entry); PARTS (a directory, or
  # empty) keeps the parts and the top's plan, so a stopped build resumes from them
  verify family ap "$1" 6 -o "examples/classical/ap-$1-6.txt"
  if [ "${VERIFY_LONG:-}" = 1 ]; then
    verify solve maker-breaker "examples/classical/ap-$1-6.txt" --first maker --method search --jobs 2 --warm-top \
      ${2:+--parts "$2"} --certificate "proofs/large/ap-$1-6-maker-first.zip"
    verify check --second-opinion "proofs/large/ap-$1-6-maker-first.zip" --instance "examples/classical/ap-$1-6.txt" \
      --first maker --expect breaker > /dev/null
  fi
}
apbook 39 "${AP39_PARTS:-}"
# ... and on {1..40}, a book the same way: 20 parts, 1.12 GB unzipped in a 187 MB zip, the largest
# part 93 MB; the decision alone 3,296 CPU s; the kernel checks it in 915 CPU s at 1.1 GB (15.4 M
# states from 15.0 M recorded moves), the second checker in 1,186 CPU s at 0.96 GB. AP40_PARTS=DIR
# keeps the parts and the top's plan (DIR/plan.txt: a stopped build walks to the same leaves).
apbook 40 "${AP40_PARTS:-}"
for kn in "3 4" "3 5" "4 14" "4 15"; do
  set -- $kn
  verify family ap "$2" "$1" --race -o "examples/classical/ap-$2-$1-race.pg"
  racec "ap-$2-$1-race"
done
# k = 5, the race: a draw on {1..28} although Maker wins the Maker-Breaker game there, so the race
# (strong) threshold is above 28 (on n <= 27 Breaker's Maker-Breaker win above already stops the
# first player). proofs/large: 96 MB, 1,496,160 recorded moves; about 280 CPU s and 1.9 GB to decide
# and certify (540 CPU s before the kernel's searched pairing leaves); long entry.
verify family ap 28 5 --race -o examples/classical/ap-28-5-race.pg
if [ "${VERIFY_LONG:-}" = 1 ]; then
  CERTDIR=proofs/large racec ap-28-5-race
  verify check --second-opinion proofs/large/ap-28-5-race.json --instance examples/classical/ap-28-5-race.pg --expect draw > /dev/null
  # ... and on {1..29} (289 MB, 4,294,125 recorded moves; 1,492 CPU s and 5.3 GB to build and check
  # by the kernel; the second checker 521 CPU s at 1.8 GB)
  verify family ap 29 5 --race -o examples/classical/ap-29-5-race.pg
  CERTDIR=proofs/large racec ap-29-5-race
  verify check --second-opinion proofs/large/ap-29-5-race.json --instance examples/classical/ap-29-5-race.pg --expect draw > /dev/null
fi
# ... and on {1..30}: a draw, certified by a book (one part per first move of black up to the
# reflection, white's answer, the race played on; --warm-top: the deciding search's own answers):
# 15 parts, 2.0 GB unzipped in a 246 MB zip; 3,712 CPU s (55 min wall on 2 shared cores) and a
# 5.0 GB peak to decide, build and check by the kernel; the second checker 1,657 CPU s at 2.1 GB
# (37.1 M states derived from 30.1 M recorded entries, by both).
# AP30_PARTS=DIR keeps the parts (a stopped build resumes from them).
verify family ap 30 5 --race -o examples/classical/ap-30-5-race.pg
if [ "${VERIFY_LONG:-}" = 1 ]; then
  verify solve pg examples/classical/ap-30-5-race.pg --method search --jobs 2 --warm-top \
    ${AP30_PARTS:+--parts "$AP30_PARTS"} --certificate proofs/large/ap-30-5-race.zip
  verify check --second-opinion proofs/large/ap-30-5-race.zip --instance examples/classical/ap-30-5-race.pg --expect draw > /dev/null
fi
# ... and on {1..31} the first player wins (the search: 128 CPU s, 35 M nodes), so 31 is the race
# threshold. proofs/large: 12.4 MB, 227,682 recorded moves; 240 CPU s
# and 1.6 GB to decide and certify; the kernel checks it in 23 CPU s, the second checker in 41 s.
verify family ap 31 5 --race -o examples/classical/ap-31-5-race.pg
if [ "${VERIFY_LONG:-}" = 1 ]; then
  CERTDIR=proofs/large racec ap-31-5-race
  verify check --second-opinion proofs/large/ap-31-5-race.json --instance examples/classical/ap-31-5-race.pg --expect black > /dev/null
fi
# Tetrominoes, Maker-Breaker (Maker first): board number b (Breaker wins on (b-1)x(b-1), Maker on
# bxb) and move number m on bxb (Maker wins within m rounds, not within m - 1).
for ab in "tippy 2" "tippy 3" "elly 3" "elly 4" "knobby 4" "knobby 5" "skinny 5" "skinny 6"; do
  set -- $ab
  verify family animal "$1" "$2" -o "examples/classical/$1-$2x$2.txt"
done
mbc tippy-2x2 maker; mbc tippy-3x3 maker 5; mbc tippy-3x3 maker 4
mbc elly-3x3 maker; mbc elly-4x4 maker 4; mbc elly-4x4 maker 3
mbc knobby-4x4 maker; mbc knobby-5x5 maker 4; mbc knobby-5x5 maker 3
mbc skinny-6x6 maker 6; mbc skinny-6x6 maker 5
# Skinny on 5x5, Breaker's side (12 KB with pairing leaves; 5.2 MB without, once in proofs/large)
mbc skinny-5x5 maker
# Fatty (the square) is a loser: Breaker's pairing strategy (Harary), certified here on 8x8.
verify family animal fatty 8 -o examples/classical/fatty-8x8.txt
verify solve maker-breaker examples/classical/fatty-8x8.txt --method pairing \
  --certificate proofs/classical/fatty-8x8-maker-first.json
# Snaky (the hexomino), Maker first: Breaker wins on 7x7 (87 KB, about 3 CPU s) and on 8x8
# (Halupczok and Schlage-Puchta 2007; proofs/large, 11 MB, 97,436 recorded moves: about 240 CPU s
# and 0.6 GB to decide and certify, the second checker 45 CPU s at 0.14 GB; long entry), by the
# kernels' searched pairing leaves and the defender's replies into them.
verify family animal snaky 7 -o examples/classical/snaky-7x7.txt
mbc snaky-7x7 maker
verify family animal snaky 8 -o examples/classical/snaky-8x8.txt
if [ "${VERIFY_LONG:-}" = 1 ]; then
  CERTDIR=proofs/large mbc snaky-8x8 maker
  verify check --second-opinion proofs/large/snaky-8x8-maker-first.json --instance examples/classical/snaky-8x8.txt \
    --first maker --expect breaker > /dev/null
fi
# Snaky on the largest rectangles of at most 64 cells, Maker first: Breaker wins on 32x2, 21x3, 16x4
# (a pairing at the root) and 12x5 (110 KB, about 9 CPU s); with 8x8 above and 10x6, 9x7 below,
# every rectangle of at most 64 cells lies inside one of them. Beyond 64 cells: 36x2, 24x3, 18x4 (72
# cells, a pairing at the root too).
for r in "32 2" "21 3" "16 4" "12 5" "36 2" "24 3" "18 4"; do
  set -- $r
  verify family animal snaky "$1" "$2" -o "examples/classical/snaky-$1x$2.txt"
  mbc "snaky-$1x$2" maker
done
# 9x7 and 10x6 (proofs/large, long entries): 9x7 65 MB, 539,391 recorded moves, 1,418 CPU s and 2.5 GB
# to decide and certify, both checkers 453 CPU s at 1.1 GB; 10x6 130 MB, 1,103,889 recorded moves, 2,745 CPU s
# and 4.6 GB, both checkers 828 CPU s at 2.1 GB.
verify family animal snaky 9 7 -o examples/classical/snaky-9x7.txt
verify family animal snaky 10 6 -o examples/classical/snaky-10x6.txt
if [ "${VERIFY_LONG:-}" = 1 ]; then
  for r in 9x7 10x6; do
    CERTDIR=proofs/large mbc "snaky-$r" maker
    verify check --second-opinion "proofs/large/snaky-$r-maker-first.json" --instance "examples/classical/snaky-$r.txt" \
      --first maker --expect breaker > /dev/null
  done
fi
# Tetrominoes, the race: black wins on bxb within m moves (the .pg with m black moves), does not win
# within m - 1 moves there, and does not win on (b-1)x(b-1).
race_tet() {  # race_tet ANIMAL B [M]: the race on BxB, black having M moves (all moves without M)
  local name="$1-$2x$2-race${3:+-$3}"
  verify family animal "$1" "$2" --race ${3:+--moves "$3"} -o "examples/classical/$name.pg"
  racec "$name"
}
race_tet tippy 2; race_tet tippy 3 5; race_tet tippy 3 4
race_tet elly 3; race_tet elly 4 4; race_tet elly 4 3
race_tet knobby 4; race_tet knobby 5 4; race_tet knobby 5 3
# Skinny (docs/classical.md, erratum of the move number): black wins on 7x7 within 7 moves (127 KB
# with automorphism links), not within 6 (295 KB; 7 MB before the links) nor, as published, needing
# 8 (within 8: 0.7 MB). The compiled race kernel (extra 'fast') decides each in under a second.
race_tet skinny 7 7
race_tet skinny 7 6
CERTDIR=proofs/large race_tet skinny 7 8
verify check --second-opinion proofs/large/skinny-7x7-race-8.json --instance examples/classical/skinny-7x7-race-8.pg --expect black > /dev/null
# ... and the board number 7 as published: the full 6x6 race is a draw (black cannot force a win,
# nor can white: 2.1 MB, 3 CPU s to decide and certify, 2 s for both checkers; 2026-11-28).
CERTDIR=proofs/large race_tet skinny 6
verify check --second-opinion proofs/large/skinny-6x6-race.json --instance examples/classical/skinny-6x6-race.pg --expect draw > /dev/null

# Pentominoes: the nine losers by Breaker's pairing strategy on 8x8; N (the only winner the engine
# reaches) in both conventions: Maker-Breaker board number 5 and move number 6, the race's board
# number 5 (not 6 as published) and move number 6.
for a in F I P T U V W X Z; do
  verify family animal "$a" 8 -o "examples/classical/$a-8x8.txt"
  verify solve maker-breaker "examples/classical/$a-8x8.txt" --method pairing \
    --certificate "proofs/classical/$a-8x8-maker-first.json"
done
for b in 4 5; do verify family animal N "$b" -o "examples/classical/N-${b}x$b.txt"; done
mbc N-4x4 maker; mbc N-5x5 maker 6; mbc N-5x5 maker 5
# Certificates over 1 MB go to proofs/large/ (not in git), confirmed against their question here
# (the positional games above are under 100 KB each with symmetry links: Sim 58 KB, was 2.0 MB)
mkdir -p proofs/large
race_tet N 6 6  # 320 KB with automorphism links (3.8 MB before)
race_tet N 6 5
# ... and the decisive board of the erratum (docs/classical.md): the first player already wins the N
# race on 5x5, within 6 moves (88 KB with automorphism links) and not within 5.
race_tet N 5 6; race_tet N 5 5
# The Y pentomino (erratum of the published b = 7, m = 9): the first player wins the race on 6x6
# within 6 moves (367 KB) and not within 5 (the compiled race kernel: under a second each).
race_tet Y 6 6; race_tet Y 6 5
# ... and no first-player win on 5x5: the full race there is a draw (10 KB, a few seconds)
race_tet Y 5
# The L pentomino: the first player wins the race on 7x7 within 9 moves (583 KB with automorphism
# links, 2.9 MB before; the published move number is 10), and not within 8: a draw (proofs/large,
# 10.9 MB, built with the builder's two-ply lookahead off, 53 CPU s and 0.89 GB on 2026-11-28; with it
# the build ran past 1,300 CPU s). On 6x6 the first player does not win within 8 moves (113 KB), nor within
# 11 (proofs/large, 3.4 MB: 633 s to decide and certify, 1.6 GB peak; checked in 3.3 s).
race_tet L 7 9
race_tet L 6 8
race_tet L 6  # the whole 6x6 race: a draw (2.8 MB, kept in git: checked in about 4 s; pairing leaves in the race search)
CERTDIR=proofs/large race_tet L 6 11
verify check --second-opinion proofs/large/L-6x6-race-11.json --instance examples/classical/L-6x6-race-11.pg --expect draw > /dev/null
# ... nor within 12 (3.9 MB: 1,239 CPU s to decide and certify at 1.6 GB, session 10; checked in 2.7 s)
if [ "${VERIFY_LONG:-}" = 1 ]; then
  CERTDIR=proofs/large race_tet L 6 12
  verify check --second-opinion proofs/large/L-6x6-race-12.json --instance examples/classical/L-6x6-race-12.pg --expect draw > /dev/null
fi
verify family animal L 7 --race --moves 8 -o examples/classical/L-7x7-race-8.pg
python -c 'import sys; from verify.solvers.search import leaves as search_leaves; search_leaves.LOOKAHEAD_MOVES = 0
from verify.cli import main; sys.exit(main(sys.argv[1:]))' solve pg examples/classical/L-7x7-race-8.pg \
  --method search --certificate proofs/large/L-7x7-race-8.json
verify check --second-opinion proofs/large/L-7x7-race-8.json --instance examples/classical/L-7x7-race-8.pg --expect draw > /dev/null
# The L and Y pentominoes, Maker-Breaker (Maker first): Breaker wins on 5x5 and Maker on 6x6 (board
# number 6 for both); on 6x6 Maker wins Y within 6 rounds, not 5, and L within 7, not 6 (a few
# seconds each).
for a in L Y; do for b in 5 6; do verify family animal "$a" "$b" -o "examples/classical/$a-${b}x$b.txt"; done; done
mbc Y-5x5 maker; mbc Y-6x6 maker 6; mbc Y-6x6 maker 5
mbc L-5x5 maker; mbc L-6x6 maker 7; mbc L-6x6 maker 6

# The Maker-Breaker triangle game on the edges of K_n (verify family graph triangle N): Breaker wins
# on K_4 and Maker on K_5, whoever starts (so Maker wins on every K_n, n >= 5: K_5's board is a
# sub-board, and Maker's win on a sub-board is a win on the board)
for n in 4 5; do
  verify family graph triangle "$n" -o "examples/classical/triangle-K$n.txt"
  for f in maker breaker; do
    verify solve maker-breaker "examples/classical/triangle-K$n.txt" --first "$f" --method search \
      --certificate "proofs/classical/triangle-K$n-$f-first.json"
  done
done

# The other conventions and a bias on the same boards (positional-strategy certificates, paper 004
# Def I.1.8; the explicit reference's claim tables): the Avoider-Enforcer triangle game on K_4 (Avoider
# wins), K_5 and K_6 (Enforcer wins), whoever starts; the (1:2) Maker-Breaker triangle game on K_5 and
# K_6 (Breaker wins, whoever starts); Sim, the Avoider-Avoider triangle game on K_6 (the second
# player wins; 19,533 entries, 2.0 MB, 2 s to check).
verify family graph triangle 6 -o examples/classical/triangle-K6.txt
for n in 4 5 6; do
  for f in avoider enforcer; do
    verify solve avoider-enforcer "examples/classical/triangle-K$n.txt" --first "$f" \
      --certificate "proofs/classical/triangle-K$n-avoider-enforcer-$f-first.json"
  done
done
for n in 5 6; do
  for f in maker breaker; do
    verify solve maker-breaker "examples/classical/triangle-K$n.txt" --bias 1:2 --first "$f" \
      --certificate "proofs/classical/triangle-K$n-bias-1-2-$f-first.json"
  done
done
verify solve avoider-avoider examples/classical/triangle-K6.txt --certificate proofs/classical/sim-K6.json
# The one-colour triangle avoidance game (both players add edges keeping the graph triangle-free;
# who cannot move loses) is Sieben's AVD on the triangles of K_n: the second player wins on K_4,
# K_5 (nim 0), the first on K_6 (nim 1), as Seress published for n <= 9. K_7 (nim 0, 7.4 MB, 17 s)
# goes to proofs/large with VERIFY_LONG=1.
for n in 4 5 6; do
  verify solve avd "examples/classical/triangle-K$n.txt" --certificate "proofs/classical/triangle-avoidance-K$n-avd.json"
done
if [ "${VERIFY_LONG:-}" = 1 ]; then
  verify family graph triangle 7 -o examples/classical/triangle-K7.txt
  verify solve avd examples/classical/triangle-K7.txt --method explicit --certificate proofs/large/triangle-avoidance-K7-avd.json
  verify check --second-opinion proofs/large/triangle-avoidance-K7-avd.json --instance examples/classical/triangle-K7.txt \
    --expect nim=0 > /dev/null
fi
# Avoider-Enforcer has no bias monotonicity on K_6 either: Avoider first wins at 1:5 and 1:7, Enforcer at 1:6
for q in 5 6 7; do
  verify solve avoider-enforcer examples/classical/triangle-K6.txt --bias "1:$q" \
    --certificate "proofs/classical/triangle-K6-avoider-enforcer-bias-1-$q-avoider-first.json"
done

# The triangle game on K_8 with symmetry links (positional-strategy rule P10: a state that is the
# image of an earlier claim entry's state under a permutation of K_8's vertices is a link to it):
# Breaker wins (1:3) whoever starts; Maker wins (1:2) whoever starts, so the threshold bias
# q(8) = 3. Breaker first at 1:3: 3,182 entries (1,188 links), 628 KB, 3 CPU s.
verify family graph triangle 8 -o examples/classical/triangle-K8.txt
for f in breaker maker; do  # Maker first: 9,063 entries with pairing entries (rule P12), 1.8 MB, 8 CPU s
  verify solve maker-breaker examples/classical/triangle-K8.txt --bias 1:3 --first "$f" \
    --certificate "proofs/classical/triangle-K8-bias-1-3-$f-first.json"
done
# The unbiased Hamiltonicity game on K_7: Breaker wins whoever starts (`verify solve maker-breaker`
# runs the convention search on boards on the edges of K_n): with pairing entries (rule P12) 6,331 /
# 3,213 entries (940 / 482 KB), Maker first / Breaker first, 2 CPU s each (16,098 / 12,434 entries,
# 2.5 / 2.0 MB without them).
verify family graph hamilton 7 -o examples/classical/hamilton-K7.txt
for f in maker breaker; do
  verify solve maker-breaker examples/classical/hamilton-K7.txt --first "$f" \
    --certificate "proofs/classical/hamilton-K7-$f-first.json"
done
# Maker's (1:2) wins on K_8, K_9, K_10, whoever starts, as named certificates (rule P11): K_8 540 /
# 2,027 entries (55 / 239 KB), K_9 841 / 3,172 (83 / 366 KB), K_10 1,255 / 4,678 (125 / 536 KB),
# Maker first / Breaker first; 7-11 CPU s each.
verify family graph triangle 9 -o examples/classical/triangle-K9.txt
verify family graph triangle 10 -o examples/classical/triangle-K10.txt
for n in 8 9 10; do
  for f in maker breaker; do
    verify solve maker-breaker "examples/classical/triangle-K$n.txt" --bias 1:2 --first "$f" \
      --certificate "proofs/classical/triangle-K$n-bias-1-2-$f-first.json"
  done
done

# On K_7 with symmetry links: 7-Sim, the Avoider-Avoider triangle game, the second player wins (6,685
# entries, 3,680 links, 897 KB, 4 CPU s; the plain table was 713,146 entries, 93 MB); the
# Avoider-Enforcer triangle game, Enforcer wins whoever starts (2,290 and 2,560 entries, 302 and
# 341 KB, 3 CPU s each).
verify family graph triangle 7 -o examples/classical/triangle-K7.txt
verify solve avoider-avoider examples/classical/triangle-K7.txt --certificate proofs/classical/sim-K7.json
for f in avoider enforcer; do
  verify solve avoider-enforcer examples/classical/triangle-K7.txt --first "$f" \
    --certificate "proofs/classical/triangle-K7-avoider-enforcer-$f-first.json"
done
# Enforcer first on K_7 is not bias-monotone: Enforcer wins at 1:6 (39 entries, 7 KB), Avoider at 1:5
# and 1:7 (long, below: 63,181 and 139,308 entries, 8.4 and 17.7 MB; 7 and 17 CPU s to build).
verify solve avoider-enforcer examples/classical/triangle-K7.txt --bias 1:6 --first enforcer \
  --certificate proofs/classical/triangle-K7-avoider-enforcer-bias-1-6-enforcer-first.json
if [ "${VERIFY_LONG:-}" = 1 ]; then
  for q in 5 7; do
    verify solve avoider-enforcer examples/classical/triangle-K7.txt --bias "1:$q" --first enforcer \
      --certificate "proofs/large/triangle-K7-avoider-enforcer-bias-1-$q-enforcer-first.json"
    verify check --second-opinion "proofs/large/triangle-K7-avoider-enforcer-bias-1-$q-enforcer-first.json" \
      --instance examples/classical/triangle-K7.txt --first enforcer --bias "1:$q" --expect avoider > /dev/null
  done
fi

# Each committed certificate answers the question proofs/QUESTIONS names.
grep -v '^#' proofs/QUESTIONS | while read -r cert instance first expect bound; do
  [ -n "$cert" ] || continue
  args=(); [ "$first" = - ] || args=(--first "$first")
  case "$bound" in rounds=*) args+=(--rounds "${bound#rounds=}") ;; bias=*) args+=(--bias "${bound#bias=}") ;; esac
  verify check --second-opinion "proofs/$cert" --instance "$instance" "${args[@]}" --expect "$expect" > /dev/null
done

# Qubic, Maker-Breaker, Maker first: Maker wins (a book: Maker's first move, every Breaker reply up
# to symmetry, Maker's answer, one ordinary certificate per 3-stone leaf, checked part by part: 12
# parts; 1 min 39 s wall on 2 cores, 156 CPU s, 311 MB peak; a 1.07 MB zip checked in 32 CPU s
# at 103 MB; docs/classical.md). Long: only with
# VERIFY_LONG=1. QUBIC_PARTS=DIR reuses leaf certificates built before (or on other machines).
if [ "${VERIFY_LONG:-}" = 1 ]; then
  verify family qubic -o examples/classical/qubic.txt
  verify solve maker-breaker examples/classical/qubic.txt --first maker --method search --jobs 2 \
    ${QUBIC_PARTS:+--parts "$QUBIC_PARTS"} --certificate proofs/large/qubic-maker-first.zip
  verify check --second-opinion proofs/large/qubic-maker-first.zip --instance examples/classical/qubic.txt --first maker \
    --expect maker > /dev/null
fi

# Qubic's strong game (the race, black first): black wins (Patashnik 1980), certified with
# Patashnik's dictionary of 2,929 strategic moves as the builder's hints (the kernel checks each
# move; the forced wins where the dictionary ends are the race kernel's threat lines through the
# second player's counter-threats): verify.solvers.search.hints; 458 CPU s (7 min 38 s) and 618 MB
# to build and check, 41.5 MB (349,448 entries), the second checker 91 CPU s. The dictionary is not ours to copy:
# it is read from ../shared/positional-games/qubic-patashnik/ (or $QUBIC_DICTIONARY). Long.
QUBIC_DICT=${QUBIC_DICTIONARY:-../shared/positional-games/qubic-patashnik/qubic.dictionary}
verify family qubic --race -o examples/classical/qubic-race.pg
if [ "${VERIFY_LONG:-}" = 1 ] && [ -f "$QUBIC_DICT" ]; then
  python -m verify.solvers.search.hints examples/classical/qubic-race.pg "$QUBIC_DICT" proofs/large/qubic-race.json
  verify check --second-opinion proofs/large/qubic-race.json --instance examples/classical/qubic-race.pg \
    --expect black > /dev/null
fi


# The positional games on K_n with symmetry links (positional-strategy rule P10), long: only with
# VERIFY_LONG=1; each accepted by both checkers. CPU s on the shared 2-core machine: to decide and
# build / to check by the kernel / by the second checker.
# - the (1:3) triangle game on K_9: Breaker wins, Breaker first (156,016 entries, 38 MB, before pairing
#   entries; 138,886 and 34 MB with them; 35 / 15 /
#   24 s) and Maker first (517,916 entries, 128 MB; 110 / 43 / 66 s, 3.1 GB to check by the second).
if [ "${VERIFY_LONG:-}" = 1 ]; then
  for f in maker breaker; do
    verify solve maker-breaker examples/classical/triangle-K9.txt --bias 1:3 --first "$f" \
      --certificate "proofs/large/triangle-K9-bias-1-3-$f-first.json"
    verify check --second-opinion "proofs/large/triangle-K9-bias-1-3-$f-first.json" \
      --instance examples/classical/triangle-K9.txt --first "$f" --bias 1:3 --expect breaker > /dev/null
  done
  # Stojakovic and Trkulja's Maker win on K_8, whoever starts: named certificates (rule P11),
  # about 1 and 2 CPU minutes to build, 13 and 28 s for both checkers (10 and 24 MB)
  verify family graph hamilton 8 -o /tmp/hamilton-K8.txt
  for f in maker breaker; do
    verify solve maker-breaker /tmp/hamilton-K8.txt --first "$f" --certificate "proofs/large/hamilton-K8-$f-first.json"
    verify check --second-opinion "proofs/large/hamilton-K8-$f-first.json" \
      --instance /tmp/hamilton-K8.txt --first "$f" --expect maker > /dev/null
  done
fi

# Every Hein/Browne Hex puzzle of ../shared/positional-games/hex-hein (or $HEIN_DIR, when present), certified by
# the proof search. The puzzle files are not ours to copy, so the certificates (which embed them)
# stay out of git (proofs/hex-hein/.gitignore) and only the outcome table is kept.
HEIN=${HEIN_DIR:-../shared/positional-games/hex-hein}  # HEIN_DIR overrides
if [ -d "$HEIN" ]; then
  mkdir -p proofs/hex-hein
  table=proofs/hex-hein/OUTCOMES.md
  {
    echo "# Hein/Browne Hex puzzles: outcomes certified by the proof search"
    echo
    echo "Regenerated by proofs/make.sh (certificates: proofs/hex-hein/*.json, not in git)."
    echo "'black' means black can connect within the puzzle's depth; 'white' that it cannot."
    echo
    echo "| puzzle | winner | search nodes | recorded moves and links | independent check |"
    echo "|---|---|---|---|---|"
  } > "$table"
  for f in "$HEIN"/*.pg; do
    name=$(basename "$f" .pg)
    verify solve pg "$f" --method search --json --certificate "proofs/hex-hein/$name.json" |
      python -c "import json, sys; o = json.load(sys.stdin); s = o['stats']
print(f\"| $name | {o['winner']} | {s['nodes']} | {s['certificate_moves']} | {o['certificate']['checked']} |\")" >> "$table"
  done
fi

# Both checkers, the kernel and the second opinion (docs/spec/; no code shared), must accept every
# certificate written above, with the same question and verdict (issue 31)
verify check --second-opinion proofs/ > /dev/null
