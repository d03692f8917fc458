#ifndef LIFELINE_SEARCH_TACTICS_H_
#define LIFELINE_SEARCH_TACTICS_H_

#include "core/board.h"
#include "core/color.h"
#include "core/geometry.h"
#include "core/position.h"

namespace lifeline {

// Small Lifeline tactics shared by the priors and the playout policy: what one stone would
// capture, for either side. A stone can only split a region, and so kill, where the region's
// cells around it form two or more separate runs in its ring of six neighbours, and it can
// only kill its own group where it joins two or more runs of own stones; most cells fail
// both tests, which read six bits. The rest are judged by playing the stone on a copy of the
// board. None of this is a rule: the search only uses it as advice.

// True when Board::PlaceFast is exact for every single placement of `position`: a single
// stone is placed and every group is alive. Only the first turn after the four setup stones
// of weak and komi pie (which are never judged) can start with a dead group.
//
// Each works on a board of any width (BasicBoard): the playout policy calls them on the board
// sized to its base, the priors on the full width; tactics.cc defines them for every width.
template <int W>
bool SinglePlacementsAreFast(const BasicPosition<W>& position) {
  return position.IsSingleTurn() && position.all_groups_alive();
}

// The stones each side would lose if `color` placed on `c`. Requires that `color` could
// legally place there (a path of empty or own cells reaches an own stone; being next to an
// own stone is enough) and that every group is alive.
template <int W>
PlacementEffect TryPlacement(const BasicBoard<W>& board, Color color, Cell c);

// Separate runs, around `c`, of cells that are empty or hold `color` (the pieces of
// `color`'s region that a stone of the other colour on `c` could split apart).
template <int W>
int OpenRuns(const BasicBoard<W>& board, Cell c, Color color);
// Separate runs of `color` stones around `c` (the groups a stone of `color` on `c` joins).
template <int W>
int StoneRuns(const BasicBoard<W>& board, Cell c, Color color);

// `color` on `c` captures enemy stones. Same requirements as TryPlacement.
template <int W>
bool WouldKill(const BasicBoard<W>& board, Color color, Cell c);
// `color` on `c` loses own stones and captures nothing: it only kills its own group.
template <int W>
bool WouldKillOnlyOwn(const BasicBoard<W>& board, Color color, Cell c);

template <int W>
bool Touches(const BasicBoard<W>& board, Cell c, Color color) {
  return board.geometry().template NeighborSet<W>(c).Intersects(board.stones(color));
}

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_TACTICS_H_
