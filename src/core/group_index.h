#ifndef LIFELINE_CORE_GROUP_INDEX_H_
#define LIFELINE_CORE_GROUP_INDEX_H_

#include <cstdint>

#include "core/bitset.h"
#include "core/color.h"
#include "core/geometry.h"

namespace lifeline {

// Whether a playout on a board of W words keeps a BasicGroupIndex. On boards of up to three
// words (bases 2 to 7) a group's flood takes few steps and costs less than keeping the index at
// every placement (docs/design.md, "Legal cells and groups kept", has the measurements).
template <int W>
inline constexpr bool kPlayoutsKeepGroups = W > 3;

// The groups of a board's stones kept from placement to placement, so that the capture tests
// read a group instead of flooding for it: a union-find forest over the stones (each group a
// tree, linked by size, paths halved on lookup) and the cells of each group at its root.
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
      own->ForEach([&](Cell c) { Start(c); });
      own->ForEach([&](Cell c) { LinkNeighbors(geometry, c, *own); });
    }
  }

  // A stone was placed on `c`, where `own` (its colour's stones) now holds it.
  void Join(const Geometry& geometry, Cell c, const Bits& own) {
    Start(c);
    LinkNeighbors(geometry, c, own);
  }

  // The stones of the group holding the stone on `c`.
  const Bits& GroupOf(Cell c) { return cells_[Find(c)]; }

 private:
  void Start(Cell c) {
    parent_[c] = static_cast<int16_t>(c);
    size_[c] = 1;
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
    cells_[a] |= cells_[b];
  }

  // Entries of cells without a stone are stale and never read.
  int16_t parent_[Bits::kBits];
  int16_t size_[Bits::kBits];
  Bits cells_[Bits::kBits];
};

// The groups a playout at width W keeps: `storage`, or none where keeping them does not pay.
template <int W>
BasicGroupIndex<W>* PlayoutGroups(BasicGroupIndex<W>& storage) {
  return kPlayoutsKeepGroups<W> ? &storage : nullptr;
}

}  // namespace lifeline

#endif  // LIFELINE_CORE_GROUP_INDEX_H_
