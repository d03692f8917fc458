#include "solver/solver_key.h"

#include <algorithm>

namespace lifeline {
namespace {

// The state beyond the stones, for the image in which the standing first stone is `pending`.
uint64_t StateKey(const Position& position, Cell pending) {
  uint64_t state = static_cast<uint64_t>(Index(position.to_move()));
  state |= static_cast<uint64_t>(position.opening_turns()) << 1;
  state |= static_cast<uint64_t>(position.CanSwap()) << 4;
  state |= static_cast<uint64_t>(position.all_groups_alive()) << 5;
  state |= static_cast<uint64_t>(pending + 1) << 6;
  state |= static_cast<uint64_t>(position.komi_left()) << 20;
  return MixBits(state ^ 0x5f3759df2b7c1e9dULL);
}

}  // namespace

uint64_t SolverKey(const Position& position) {
  return position.board().hash() ^ StateKey(position, position.pending_stone());
}

uint64_t SymmetricSolverKey(const Position& position, const Symmetries& symmetries, int k) {
  if (k == 0) return SolverKey(position);
  const Board& board = position.board();
  const Geometry& geometry = board.geometry();
  uint64_t stones = 0;
  for (Color color : {Color::kBlack, Color::kWhite}) {
    board.stones(color).ForEach(
        [&](Cell c) { stones ^= geometry.StoneKey(symmetries.Map(k, c), color); });
  }
  return stones ^ StateKey(position, symmetries.Map(k, position.pending_stone()));
}

uint64_t CanonicalSolverKey(const Position& position, const Symmetries& symmetries) {
  uint64_t key = SolverKey(position);
  for (int k = 1; k < Symmetries::kCount; ++k) {
    key = std::min(key, SymmetricSolverKey(position, symmetries, k));
  }
  return key;
}

}  // namespace lifeline
