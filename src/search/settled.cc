#include "search/settled.h"

#include "core/geometry.h"
#include "search/tactics.h"
#include "search/vertex_cut.h"

namespace lifeline {

bool IsSettled(const Board& board) {
  const Geometry& geometry = board.geometry();
  const Bitset empty = board.empty();
  const Bitset near_black = geometry.Expand(board.stones(Color::kBlack)) & empty;
  const Bitset near_white = geometry.Expand(board.stones(Color::kWhite)) & empty;
  // The quick test that fails during most of a game: one empty cell touches both colours.
  if (near_black.Intersects(near_white)) return false;
  return !geometry.Flood(near_black, empty).Intersects(near_white);
}

int SafePlacements(const Board& board, Color color, Bitset* cells) {
  const Geometry& geometry = board.geometry();
  const Bitset empty = board.empty();
  const Bitset own = board.stones(color);
  const Bitset own_empty = geometry.Flood(geometry.Expand(own) & empty, empty);
  if (cells != nullptr) *cells = own_empty;
  const Bitset passable = own | own_empty;
  int placements = 0;
  Bitset left = own_empty;
  while (left.Any()) {
    const Bitset area = geometry.Flood(Bitset::Single(left.Lowest()), passable);
    left.Subtract(area);
    const int empties = (area & own_empty).Count();
    VertexCut cut(geometry, area, area & own);
    placements += empties - cut.FewestSeparating(empties);
  }
  return placements;
}

std::optional<Color> SettledWinner(const Position& position, Bitset* played) {
  // Past the opening with every group alive. Phase() is not asked: it looks for a legal
  // action, and a side to move without one has no safe placement either, so loses the count.
  if (!SinglePlacementsAreFast(position)) return std::nullopt;
  const Board& board = position.board();
  if (!IsSettled(board)) return std::nullopt;
  Bitset cells[2];
  int actions[2];
  for (Color color : {Color::kBlack, Color::kWhite}) {
    actions[Index(color)] = SafePlacements(board, color, &cells[Index(color)]);
  }
  // Zero unless komi pie; White may spend a point on any turn of the play phase.
  actions[Index(Color::kWhite)] += position.komi_left();
  if (played != nullptr) {
    played[0] |= cells[0];
    played[1] |= cells[1];
  }
  // Each side uses one action per turn; the side to move runs out first on a tie.
  const Color me = position.to_move();
  return actions[Index(me)] > actions[Index(Opponent(me))] ? me : Opponent(me);
}

}  // namespace lifeline
