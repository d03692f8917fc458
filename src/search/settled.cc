#include "search/settled.h"

#include "core/board_width.h"
#include "core/geometry.h"
#include "search/tactics.h"
#include "search/vertex_cut.h"

namespace lifeline {

template <int W>
bool IsSettled(const BasicBoard<W>& board) {
  const Geometry& geometry = board.geometry();
  const BasicBitset<W> empty = board.empty();
  const BasicBitset<W> near_black = geometry.Expand(board.stones(Color::kBlack)) & empty;
  const BasicBitset<W> near_white = geometry.Expand(board.stones(Color::kWhite)) & empty;
  // The quick test that fails during most of a game: one empty cell touches both colours.
  if (near_black.Intersects(near_white)) return false;
  return !geometry.Flood(near_black, empty).Intersects(near_white);
}

namespace {

// Calls f(cut, empties) for each area of `color` on a settled board: a connected set of its
// stones and own empty cells, holding `empties` empty cells. Returns the own empty cells.
template <typename F>
Bitset ForEachArea(const Board& board, Color color, F&& f) {
  const Geometry& geometry = board.geometry();
  const Bitset empty = board.empty();
  const Bitset own = board.stones(color);
  const Bitset own_empty = geometry.Flood(geometry.Expand(own) & empty, empty);
  const Bitset passable = own | own_empty;
  Bitset left = own_empty;
  while (left.Any()) {
    const Bitset area = geometry.Flood(Bitset::Single(left.Lowest()), passable);
    left.Subtract(area);
    VertexCut cut(geometry, area, area & own);
    f(cut, (area & own_empty).Count());
  }
  return own_empty;
}

// Lower and upper bounds on SafePlacements, without a flow.
VertexCut::Bounds PlacementBounds(const Board& board, Color color) {
  VertexCut::Bounds placements = {0, 0};
  ForEachArea(board, color, [&](VertexCut& cut, int empties) {
    const VertexCut::Bounds separating = cut.SeparatingBounds(empties);
    placements.low += empties - separating.high;
    placements.high += empties - separating.low;
  });
  return placements;
}

}  // namespace

int SafePlacements(const Board& board, Color color, Bitset* cells) {
  int placements = 0;
  const Bitset own_empty = ForEachArea(board, color, [&](VertexCut& cut, int empties) {
    placements += empties - cut.FewestSeparating(empties);
  });
  if (cells != nullptr) *cells = own_empty;
  return placements;
}

namespace {

// Past the opening with every group alive, on a settled board. Phase() is not asked: it looks
// for a legal action, and a side to move without one has no safe placement either, so loses
// the count.
template <int W>
bool IsCountable(const BasicPosition<W>& position) {
  return SinglePlacementsAreFast(position) && IsSettled(position.board());
}

// The winner of a countable position.
std::optional<Color> CountedWinner(const Position& position, bool allow_flows) {
  const Board& board = position.board();
  // White's komi left (zero unless komi pie): White may spend a point on any turn.
  int komi[2] = {0, 0};
  komi[Index(Color::kWhite)] = position.komi_left();
  VertexCut::Bounds actions[2];
  for (Color color : {Color::kBlack, Color::kWhite}) {
    const int i = Index(color);
    actions[i] = PlacementBounds(board, color);
    actions[i] = {actions[i].low + komi[i], actions[i].high + komi[i]};
  }
  // Each side uses one action per turn, so the side to move wins with more actions than the
  // opponent and runs out first on a tie. The bounds usually decide; when they overlap the
  // exact counts are taken, whose flows are costly on large regions.
  const Color me = position.to_move();
  const int mine = Index(me);
  const int theirs = Index(Opponent(me));
  if (actions[mine].low <= actions[theirs].high && actions[mine].high > actions[theirs].low) {
    if (!allow_flows) return std::nullopt;
    for (Color color : {Color::kBlack, Color::kWhite}) {
      const int i = Index(color);
      const int exact = SafePlacements(board, color) + komi[i];
      actions[i] = {exact, exact};
    }
  }
  return actions[mine].low > actions[theirs].high ? me : Opponent(me);
}

}  // namespace

std::optional<std::array<int, 2>> SettledPlacements(const Position& position) {
  if (!IsCountable(position)) return std::nullopt;
  std::array<int, 2> placements;
  for (Color color : {Color::kBlack, Color::kWhite}) {
    placements[Index(color)] = SafePlacements(position.board(), color);
  }
  return placements;
}

std::optional<Color> SettledWinner(const Position& position) {
  if (!IsCountable(position)) return std::nullopt;
  return CountedWinner(position, /*allow_flows=*/true);
}

// The test runs at the caller's width; the count, once per playout at most, at the full width.
template <int W>
std::optional<Color> QuickSettledWinner(const BasicPosition<W>& position) {
  if (!IsCountable(position)) return std::nullopt;
  return CountedWinner(Position(position), /*allow_flows=*/false);
}

#define LL_INSTANTIATE(w)                              \
  template bool IsSettled(const BasicBoard<w>& board); \
  template std::optional<Color> QuickSettledWinner(const BasicPosition<w>& position);
LL_FOR_EACH_BOARD_WIDTH(LL_INSTANTIATE)
#undef LL_INSTANTIATE

}  // namespace lifeline
