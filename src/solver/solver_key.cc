#include "solver/solver_key.h"

#include <algorithm>

#include "core/board_width.h"

namespace lifeline {
namespace {

// The state beyond the stones, for the image in which the standing first stone is `pending`.
template <int W>
uint64_t StateKey(const BasicPosition<W>& position, Cell pending) {
  uint64_t state = static_cast<uint64_t>(Index(position.to_move()));
  state |= static_cast<uint64_t>(position.opening_turns()) << 1;
  state |= static_cast<uint64_t>(position.CanSwap()) << 4;
  state |= static_cast<uint64_t>(position.all_groups_alive()) << 5;
  state |= static_cast<uint64_t>(pending + 1) << 6;
  state |= static_cast<uint64_t>(position.komi_left()) << 20;
  return MixBits(state ^ 0x5f3759df2b7c1e9dULL);
}

}  // namespace

template <int W>
uint64_t SolverKey(const BasicPosition<W>& position) {
  return position.board().hash() ^ StateKey(position, position.pending_stone());
}

template <int W>
uint64_t SymmetricSolverKey(const BasicPosition<W>& position, const Symmetries& symmetries, int k) {
  if (k == 0) return SolverKey(position);
  const BasicBoard<W>& board = position.board();
  const Geometry& geometry = board.geometry();
  uint64_t stones = 0;
  for (Color color : {Color::kBlack, Color::kWhite}) {
    board.stones(color).ForEach(
        [&](Cell c) { stones ^= geometry.StoneKey(symmetries.Map(k, c), color); });
  }
  return stones ^ StateKey(position, symmetries.Map(k, position.pending_stone()));
}

template <int W>
uint64_t CanonicalSolverKey(const BasicPosition<W>& position, const Symmetries& symmetries) {
  uint64_t key = SolverKey(position);
  for (int k = 1; k < Symmetries::kCount; ++k) {
    key = std::min(key, SymmetricSolverKey(position, symmetries, k));
  }
  return key;
}

#define LL_INSTANTIATE(w)                                                                   \
  template uint64_t SolverKey<w>(const BasicPosition<w>&);                                  \
  template uint64_t SymmetricSolverKey<w>(const BasicPosition<w>&, const Symmetries&, int); \
  template uint64_t CanonicalSolverKey<w>(const BasicPosition<w>&, const Symmetries&);
LL_FOR_EACH_BOARD_WIDTH(LL_INSTANTIATE)
#undef LL_INSTANTIATE

}  // namespace lifeline
