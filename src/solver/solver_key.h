#ifndef LIFELINE_SOLVER_SOLVER_KEY_H_
#define LIFELINE_SOLVER_SOLVER_KEY_H_

#include <cstdint>

#include "core/position.h"
#include "core/symmetry.h"

namespace lifeline {

// The key under which the solver stores a position: a hash of everything that decides the
// legal actions from here on and nothing else. The stones; the side to move; the opening
// turns done; whether the swap is still possible (rather than whether it happened: after
// White's double turn a swap changes nothing any more); a standing first stone; White's komi
// left; and whether groups may still be dead at the start of the turn (the first turn after
// the weak and komi pie setup). A player's first setup stone, which restricts its second, is
// the only stone of its colour while it matters, so the stones already say where it is.
// Captures counted so far are left out: they change nothing that follows. Every width of the
// position gives the same key (the board's hash does not depend on it).
template <int W>
uint64_t SolverKey(const BasicPosition<W>& position);

// The same key for the position's image under symmetry `k` (0 is SolverKey itself).
template <int W>
uint64_t SymmetricSolverKey(const BasicPosition<W>& position, const Symmetries& symmetries, int k);

// The smallest key over the twelve images of the position: positions that are images of each
// other share it, so the solver proves each of them once.
template <int W>
uint64_t CanonicalSolverKey(const BasicPosition<W>& position, const Symmetries& symmetries);

}  // namespace lifeline

#endif  // LIFELINE_SOLVER_SOLVER_KEY_H_
