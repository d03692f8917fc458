#ifndef LIFELINE_CORE_WALL_LOOP_H_
#define LIFELINE_CORE_WALL_LOOP_H_

#include <array>

#include "absl/base/attributes.h"
#include "core/geometry.h"
#include "core/group_index.h"
#include "core/ring_runs.h"

namespace lifeline {

// Whether a stone of the mover on `c`, whose ring holds two or more runs of the enemy's open
// cells (`open_ring`: empty or enemy), splits the enemy's region: read from the walls between
// the runs instead of a flood. A wall is a run of the ring's own stones or off-board positions.
// Call it before the stone joins its neighbours' groups. On the hex grid the runs stay joined
// unless two walls belong to one piece of wall, which the stone then closes into a loop with
// one side of the ring inside: a piece of wall is an own group, or the outside of the board
// together with every own group that touches the edge (docs/design.md, "Walls instead of
// floods"). Kept out of line: the placement that calls it stays small where no groups are kept.
template <int W>
ABSL_ATTRIBUTE_NOINLINE bool ClosesLoop(const Geometry& geometry, Cell c, int open_ring,
                                        BasicGroupIndex<W>& groups) {
  constexpr Cell kOutside = kNoCell;
  const int walls = ~open_ring & 0x3f;
  const int on_board = geometry.OnBoardRing(c);
  const std::array<Cell, 6>& ring = geometry.RingPositions(c);
  Cell seen[3];
  int count = 0;
  for (int k = 0; k < 6; ++k) {
    if (!StartsRun(walls, k)) continue;
    // A wall that starts on the board starts with an own stone; one with an off-board
    // position in it touches the edge, so its first stone's group does too.
    Cell piece = kOutside;
    if ((on_board >> k) & 1) {
      const Cell root = groups.RootOf(ring[k]);
      if (!groups.TouchesEdge(root)) piece = root;
    }
    for (int j = 0; j < count; ++j) {
      if (seen[j] == piece) return true;
    }
    seen[count++] = piece;
  }
  return false;
}

}  // namespace lifeline

#endif  // LIFELINE_CORE_WALL_LOOP_H_
