#ifndef LIFELINE_CORE_GEOMETRY_H_
#define LIFELINE_CORE_GEOMETRY_H_

#include <array>
#include <cassert>
#include <cstdint>

#include "core/bitset.h"
#include "core/color.h"

namespace lifeline {

// A cell is its position in the D x D array, x + y * D, where x is the column (A = 0) and y the
// row (1 = 0). Only positions with |x - y| <= N - 1 are cells of the board.
using Cell = int;
inline constexpr Cell kNoCell = -1;

// The six neighbour offsets (dx, dy) in ring order: each touches the next and the last the
// first. Geometry::Neighbors lists neighbours in this order.
inline constexpr int kRingOffsets[6][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 0}, {-1, -1}, {0, -1}};

// The fixed shape of a hexhex board of base N (2..13): which array positions are cells, the
// six neighbours of each cell, bitset neighbourhood operations, and the Zobrist keys. One
// immutable instance per base, shared by every board of that base, so that a board holds a
// pointer and copies cheaply. It holds no stones and no rules.
class Geometry {
 public:
  static constexpr int kMinBase = 2;
  static constexpr int kMaxBase = 13;
  static constexpr int kDefaultBase = 7;

  // The shared geometry of a base in [kMinBase, kMaxBase]; aborts on any other base (callers
  // validate user input first).
  static const Geometry& ForBase(int base);
  static bool IsValidBase(int base) { return base >= kMinBase && base <= kMaxBase; }

  int base() const { return base_; }
  int diameter() const { return diameter_; }
  int num_cells() const { return num_cells_; }
  // One past the largest array position; every Cell is below this.
  int array_size() const { return diameter_ * diameter_; }
  // The 64-bit words that hold the array: the width of the bitsets sized to this board.
  int words() const { return words_; }

  bool IsCell(int x, int y) const;
  Cell CellAt(int x, int y) const { return x + y * diameter_; }
  int X(Cell c) const { return c % diameter_; }
  int Y(Cell c) const { return c / diameter_; }
  // The centre cell (N-1, N-1).
  Cell Center() const { return CellAt(base_ - 1, base_ - 1); }

  const Bitset& cells() const { return cells_; }
  template <int W>
  BasicBitset<W> cells() const {
    return BasicBitset<W>(cells_);
  }

  // Neighbours of a cell in ring order (each one touches the next, the last touches the
  // first); kNoCell where the ring leaves the board.
  const std::array<Cell, 6>& Neighbors(Cell c) const { return neighbors_[c]; }
  const Bitset& NeighborSet(Cell c) const { return neighbor_sets_[c]; }
  template <int W>
  BasicBitset<W> NeighborSet(Cell c) const {
    return BasicBitset<W>(neighbor_sets_[c]);
  }
  // The neighbours of c in ring order, with never_set() where the ring leaves the board: lets
  // hot loops read six bits without testing for the edge.
  const std::array<Cell, 6>& RingPositions(Cell c) const { return ring_positions_[c]; }
  // A position that no board of this base ever sets, yet lies inside a bitset of words()
  // words, so that it can be tested at every width the board is used with: the last bit of
  // the last word. D * D is odd, so it is never words() * 64 and this bit is past the array.
  Cell never_set() const { return words_ * 64 - 1; }
  bool AreNeighbors(Cell a, Cell b) const { return neighbor_sets_[a].Test(b); }
  // Bit k set when the k-th neighbour of c in ring order is on the board (RingMask of cells()).
  int OnBoardRing(Cell c) const { return on_board_rings_[c]; }

  // The operations below take sets of any width that holds the board (W >= words()).

  // The set plus every cell next to it, clipped to the board.
  template <int W>
  BasicBitset<W> Expand(const BasicBitset<W>& set) const;
  // All cells of `passable` connected to `seed` through `passable` (seed cells outside
  // passable are ignored).
  template <int W>
  BasicBitset<W> Flood(const BasicBitset<W>& seed, const BasicBitset<W>& passable) const;
  // One step of a flood: adds to `set` the cells of `passable` next to it; false when nothing
  // was added. For floods that stop early (`set` must lie within `passable`).
  template <int W>
  bool GrowOnce(BasicBitset<W>& set, const BasicBitset<W>& passable) const;

  uint64_t StoneKey(Cell c, Color color) const { return stone_keys_[Index(color)][c]; }

 private:
  explicit Geometry(int base);
  friend class GeometryTable;

  int base_;
  int diameter_;
  int num_cells_;
  int words_;  // bitset words that can hold a cell of this board
  Bitset cells_;
  std::array<std::array<Cell, 6>, Bitset::kBits> neighbors_;
  std::array<Bitset, Bitset::kBits> neighbor_sets_;
  std::array<std::array<Cell, 6>, Bitset::kBits> ring_positions_;
  std::array<uint8_t, Bitset::kBits> on_board_rings_;
  std::array<std::array<uint64_t, Bitset::kBits>, 2> stone_keys_;
};

// With cells at x + y * D, the neighbours (x±1, y), (x, y±1), (x+1, y+1), (x-1, y-1) are the
// shifts ±1, ±D, ±(D+1). A shift by one wraps from the last column into the first column of
// another row, but no two cells of the hexagon are joined that way (the corners of the D x D
// array that it would join lie outside the hexagon), so masking with cells() is exact.
template <int W>
BasicBitset<W> Geometry::Expand(const BasicBitset<W>& set) const {
  BasicBitset<W> out = set & cells<W>();
  GrowOnce(out, cells<W>());
  return out;
}

// The hot loop of the whole engine: Expand and mask fused over the words in use. A set sized
// to the board has a word count known at compile time, so the loops unroll; a full-width set
// stops at the words this board uses, beyond which every set is empty.
template <int W>
bool Geometry::GrowOnce(BasicBitset<W>& set, const BasicBitset<W>& passable) const {
  assert(W >= words_);
  const int n = W < kMaxWords ? W : words_;
  const int d = diameter_;
  uint64_t right[W];
  uint64_t left[W];
  for (int i = 0; i < n; ++i) {
    const uint64_t w = set.word(i);
    right[i] = w | (w << 1) | (i > 0 ? set.word(i - 1) >> 63 : 0);
    left[i] = w | (w >> 1) | (i + 1 < n ? set.word(i + 1) << 63 : 0);
  }
  uint64_t changed = 0;
  for (int i = 0; i < n; ++i) {
    const uint64_t up = (right[i] << d) | (i > 0 ? right[i - 1] >> (64 - d) : 0);
    const uint64_t down = (left[i] >> d) | (i + 1 < n ? left[i + 1] << (64 - d) : 0);
    const uint64_t next = (right[i] | left[i] | up | down) & passable.word(i);
    changed |= next ^ set.word(i);
    set.word(i) = next;
  }
  return changed != 0;
}

template <int W>
BasicBitset<W> Geometry::Flood(const BasicBitset<W>& seed, const BasicBitset<W>& passable) const {
  BasicBitset<W> set = seed & passable;
  while (GrowOnce(set, passable)) {
  }
  return set;
}

// A 64-bit mixing function (splitmix64 finaliser), used for hash keys that are computed
// rather than tabled, so that they need no global state.
constexpr uint64_t MixBits(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace lifeline

#endif  // LIFELINE_CORE_GEOMETRY_H_
