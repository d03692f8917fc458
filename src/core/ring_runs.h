#ifndef LIFELINE_CORE_RING_RUNS_H_
#define LIFELINE_CORE_RING_RUNS_H_

#include <array>
#include <cstdint>

#include "core/bitset.h"
#include "core/geometry.h"

namespace lifeline {

// The six neighbours of a cell form a ring in which each touches the next. Reading which of
// them belong to a set, as a 6-bit mask, and counting the separate runs of the mask tells
// cheaply whether a stone on the cell can split a region (two or more runs of passable cells)
// or join groups (two or more runs of stones): cells of one run touch each other already.

// Bit k set when the k-th neighbour of `c` in ring order is in `set` (off-board: clear).
template <int W>
int RingMask(const Geometry& geometry, Cell c, const BasicBitset<W>& set) {
  const std::array<Cell, 6>& ring = geometry.RingPositions(c);
  int mask = 0;
  for (int k = 0; k < 6; ++k) mask |= static_cast<int>(set.Test(ring[k])) << k;
  return mask;
}

// True when bit k of a ring mask starts a run (bit k set, the bit before it in the ring not).
constexpr bool StartsRun(int mask, int k) {
  return ((mask >> k) & 1) && !((mask >> ((k + 5) % 6)) & 1);
}

namespace internal {
constexpr std::array<int8_t, 64> MakeRunCounts() {
  std::array<int8_t, 64> table{};
  for (int mask = 0; mask < 64; ++mask) {
    int runs = 0;
    for (int k = 0; k < 6; ++k) runs += StartsRun(mask, k) ? 1 : 0;
    table[mask] = static_cast<int8_t>(mask == 63 ? 1 : runs);
  }
  return table;
}
inline constexpr std::array<int8_t, 64> kRunCounts = MakeRunCounts();
}  // namespace internal

// The number of separate runs of set bits in a ring mask (the full ring is one run).
inline int RingRuns(int mask) { return internal::kRunCounts[mask]; }

}  // namespace lifeline

#endif  // LIFELINE_CORE_RING_RUNS_H_
