#ifndef LIFELINE_SEARCH_VERTEX_CUT_H_
#define LIFELINE_SEARCH_VERTEX_CUT_H_

#include <array>
#include <cstdint>

#include "core/bitset.h"
#include "core/geometry.h"

namespace lifeline {

// The fewest empty cells of an area that must stay empty when a side fills the rest of it
// with its own stones and still wants two separate groups there (one group alone in its region
// is dead): the smallest set of empty cells whose removal splits the area in two or more
// pieces. Stones cannot be removed. One stone group S of the area lies in some piece, and
// another piece holds some cell t not next to S; by Menger's theorem the fewest cells
// separating S from t is the largest number of paths from S to t that share no empty cell,
// found by augmenting paths on the graph where each empty cell is an entrance and an exit
// joined by one unit of capacity. The answer is the least of these over t. Areas are small
// and answers a few cells, so a breadth-first search per path is enough.
class VertexCut {
 public:
  // `area` is a connected set of cells; `stones` the stones within it, the rest of the area
  // being empty cells.
  VertexCut(const Geometry& geometry, const Bitset& area, const Bitset& stones);

  // The fewest empty cells whose removal splits the area in two or more pieces, or `limit`
  // when that many or more are needed or no such cells exist (the search stops there).
  int FewestSeparating(int limit);

  // Bounds on FewestSeparating(limit) found without a flow: at least one cell when the area
  // can be split at all, at most the empty cells around one of its groups.
  struct Bounds {
    int low;
    int high;
  };
  Bounds SeparatingBounds(int limit) const;

  // Paths from `source` (a stone group of the area) to the cell `sink` (not next to it) that
  // share no empty cell other than `sink`, counted up to `limit`.
  int DisjointPaths(const Bitset& source, Cell sink, int limit);

 private:
  // The stone group the flows start from, and the cells that a split can put in another
  // piece (those not next to it); both empty when the area has no stone.
  struct Source {
    Bitset group;
    Bitset others;
  };
  Source FindSource() const;
  // The first bound of FewestSeparating: the empty cells around the source group.
  int Isolating(const Source& source, int limit) const;

  // A node of the flow graph is 2 * cell + side: side 0 is where paths enter the cell, side 1
  // where they leave it. Entering and leaving a stone is free.
  static int Entrance(Cell c) { return 2 * c; }
  static int Exit(Cell c) { return 2 * c + 1; }
  // Breadth-first search from the source stones in the residual graph; true when the entrance
  // of `sink` was reached.
  bool FindPath(const Bitset& source, Cell sink);
  // Pushes one unit along the path that FindPath found to `sink`.
  void Augment(Cell sink);
  int NeighborIndex(Cell from, Cell to) const;

  const Geometry& geometry_;
  Bitset area_;
  Bitset stones_;
  // The flow, reset for the area's cells by each DisjointPaths (the arrays are left
  // uninitialised elsewhere: a playout builds one of these and touches only a few cells).
  // Paths through each empty cell (0 or 1).
  std::array<uint8_t, Bitset::kBits> through_;
  // Units sent from the exit of a cell to the entrance of its k-th neighbour.
  std::array<std::array<int16_t, 6>, Bitset::kBits> sent_;
  // The node each node was reached from in the last search, -1 when it was not reached.
  std::array<int16_t, 2 * Bitset::kBits> parent_;
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_VERTEX_CUT_H_
