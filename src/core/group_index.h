#ifndef LIFELINE_CORE_GROUP_INDEX_H_
#define LIFELINE_CORE_GROUP_INDEX_H_

#include <array>
#include <cstdint>

#include "core/bitset.h"
#include "core/color.h"
#include "core/geometry.h"
#include "core/ring_runs.h"

namespace lifeline {

// Whether a playout on a board of W words keeps a BasicGroupIndex. On boards of up to three
// words (bases 2 to 7) a group's flood takes few steps and, with the cut test's flood, costs
// less than keeping the index at every placement (docs/design.md, "Legal cells and groups
// kept", has the measurements).
template <int W>
inline constexpr bool kPlayoutsKeepGroups = W > 3;

// The groups of a board's stones kept from placement to placement, so that the capture tests
// read a group instead of flooding for it: a union-find forest over the stones (each group a
// tree, linked by size, paths halved on lookup), and at each group's root its cells and whether
// it touches the edge of the board (which the cut test's walls read, wall_loop.h).
//
// A placement joins the new stone to its neighbours of its colour (Join). Stones leave the
// board only as whole groups, so removing them needs nothing here: no stone still on the board
// leads to them, and a stone placed later on such a cell starts afresh. It does not know the
// board: its owner calls Join after every placement and Build after any other change.
//
// Tens of kilobytes (a set per cell): a playout makes one and never copies it.
template <int W>
class BasicGroupIndex {
 public:
  using Bits = BasicBitset<W>;

  // The groups of the stones of both colours, `black` and `white`.
  void Build(const Geometry& geometry, const Bits& black, const Bits& white) {
    for (const Bits* own : {&black, &white}) {
      own->ForEach([&](Cell c) { Start(geometry, c); });
      own->ForEach([&](Cell c) { LinkNeighbors(geometry, c, *own); });
    }
  }

  // A stone was placed on `c`, whose neighbours of its colour are `own_ring` (RingMask). The
  // neighbours of one run touch each other, so are one group already: one link per run.
  void Join(const Geometry& geometry, Cell c, int own_ring) {
    Start(geometry, c);
    const std::array<Cell, 6>& ring = geometry.RingPositions(c);
    for (int k = 0; k < 6; ++k) {
      if (StartsRun(own_ring, k)) Link(c, ring[k]);
    }
    // The full ring has no start.
    if (own_ring == 0x3f) Link(c, ring[0]);
  }

  // The stones of the group holding the stone on `c`.
  const Bits& GroupOf(Cell c) { return cells_[Find(c)]; }

  // A name of the group holding the stone on `c`: one of its stones, the same for all of them
  // until the group grows.
  Cell RootOf(Cell c) { return Find(c); }
  // Whether the group named `root` (RootOf) has a stone on the edge of the board.
  bool TouchesEdge(Cell root) const { return touches_edge_[root]; }

 private:
  void Start(const Geometry& geometry, Cell c) {
    parent_[c] = static_cast<int16_t>(c);
    size_[c] = 1;
    touches_edge_[c] = geometry.OnBoardRing(c) != 0x3f;
    cells_[c] = Bits::Single(c);
  }

  void LinkNeighbors(const Geometry& geometry, Cell c, const Bits& own) {
    for (const Cell n : geometry.RingPositions(c)) {
      if (own.Test(n)) Link(c, n);
    }
  }

  Cell Find(Cell c) {
    while (parent_[c] != c) {
      parent_[c] = parent_[parent_[c]];
      c = parent_[c];
    }
    return c;
  }

  void Link(Cell a, Cell b) {
    a = Find(a);
    b = Find(b);
    if (a == b) return;
    if (size_[a] < size_[b]) {
      const Cell t = a;
      a = b;
      b = t;
    }
    parent_[b] = static_cast<int16_t>(a);
    size_[a] = static_cast<int16_t>(size_[a] + size_[b]);
    touches_edge_[a] = touches_edge_[a] || touches_edge_[b];
    cells_[a] |= cells_[b];
  }

  // Entries of cells without a stone are stale and never read.
  int16_t parent_[Bits::kBits];
  int16_t size_[Bits::kBits];
  bool touches_edge_[Bits::kBits];
  Bits cells_[Bits::kBits];
};

// The groups a playout at width W keeps: `storage`, or none where keeping them does not pay.
template <int W>
BasicGroupIndex<W>* PlayoutGroups(BasicGroupIndex<W>& storage) {
  return kPlayoutsKeepGroups<W> ? &storage : nullptr;
}

}  // namespace lifeline

#endif  // LIFELINE_CORE_GROUP_INDEX_H_
