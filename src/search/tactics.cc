#include "search/tactics.h"

#include <array>
#include <cstdint>

namespace lifeline {
namespace {

// kRuns[mask]: separate runs of set bits in a ring of six bits (bit 5 touches bit 0).
constexpr std::array<int8_t, 64> MakeRunTable() {
  std::array<int8_t, 64> table{};
  for (int mask = 0; mask < 64; ++mask) {
    int runs = 0;
    for (int k = 0; k < 6; ++k) {
      if (((mask >> k) & 1) && !((mask >> ((k + 5) % 6)) & 1)) ++runs;
    }
    table[mask] = static_cast<int8_t>(mask == 63 ? 1 : runs);
  }
  return table;
}
constexpr std::array<int8_t, 64> kRuns = MakeRunTable();

// The runs of the ring of `c` made of positions in `set` and not in `excluded`.
int RunsIn(const Geometry& geometry, Cell c, const Bitset& set, const Bitset& excluded) {
  const std::array<Cell, 6>& ring = geometry.RingPositions(c);
  int mask = 0;
  for (int k = 0; k < 6; ++k) {
    mask |= static_cast<int>(set.Test(ring[k]) && !excluded.Test(ring[k])) << k;
  }
  return kRuns[mask];
}

}  // namespace

bool SinglePlacementsAreFast(const Position& position) {
  if (position.IsDoubleTurn() || position.IsSetupTurn()) return false;
  if (position.rules().balancing == Balancing::kStrongPie) return true;
  // Right after the setup exactly the four setup stones stand and nothing was ever captured;
  // any later turn either added a stone or captured one.
  const Board& board = position.board();
  const bool right_after_setup = board.occupied().Count() == 4 &&
                                 position.captured(Color::kBlack) == 0 &&
                                 position.captured(Color::kWhite) == 0;
  if (!right_after_setup) return true;
  Board copy = board;
  return copy.RemoveDeadGroups(Color::kBlack) == 0 && copy.RemoveDeadGroups(Color::kWhite) == 0;
}

PlacementEffect TryPlacement(const Board& board, Color color, Cell c) {
  Board copy = board;
  return copy.PlaceFast(color, c);
}

int OpenRuns(const Board& board, Cell c, Color color) {
  return RunsIn(board.geometry(), c, board.geometry().cells(), board.stones(Opponent(color)));
}

int StoneRuns(const Board& board, Cell c, Color color) {
  return RunsIn(board.geometry(), c, board.stones(color), Bitset());
}

bool WouldKill(const Board& board, Color color, Cell c) {
  if (OpenRuns(board, c, Opponent(color)) < 2) return false;
  return TryPlacement(board, color, c).removed[Index(Opponent(color))] > 0;
}

bool WouldKillOnlyOwn(const Board& board, Color color, Cell c) {
  if (StoneRuns(board, c, color) < 2) return false;
  const PlacementEffect effect = TryPlacement(board, color, c);
  return effect.removed[Index(color)] > 0 && effect.removed[Index(Opponent(color))] == 0;
}

}  // namespace lifeline
