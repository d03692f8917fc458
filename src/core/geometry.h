#ifndef LIFELINE_CORE_GEOMETRY_H_
#define LIFELINE_CORE_GEOMETRY_H_

#include <array>
#include <cstdint>

#include "core/bitset.h"
#include "core/color.h"

namespace lifeline {

// A cell is its position in the D x D array, x + y * D, where x is the column (A = 0) and y the
// row (1 = 0). Only positions with |x - y| <= N - 1 are cells of the board.
using Cell = int;
inline constexpr Cell kNoCell = -1;

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

  bool IsCell(int x, int y) const;
  Cell CellAt(int x, int y) const { return x + y * diameter_; }
  int X(Cell c) const { return c % diameter_; }
  int Y(Cell c) const { return c / diameter_; }
  // The centre cell (N-1, N-1).
  Cell Center() const { return CellAt(base_ - 1, base_ - 1); }

  const Bitset& cells() const { return cells_; }

  // Neighbours of a cell in ring order (each one touches the next, the last touches the
  // first); kNoCell where the ring leaves the board.
  const std::array<Cell, 6>& Neighbors(Cell c) const { return neighbors_[c]; }
  const Bitset& NeighborSet(Cell c) const { return neighbor_sets_[c]; }
  // The neighbours of c in ring order, with a position that no board ever sets where the ring
  // leaves the board: lets hot loops read six bits without testing for the edge.
  const std::array<Cell, 6>& RingPositions(Cell c) const { return ring_positions_[c]; }
  static constexpr Cell kNeverSet = Bitset::kBits - 1;
  bool AreNeighbors(Cell a, Cell b) const { return neighbor_sets_[a].Test(b); }

  // The set plus every cell next to it, clipped to the board.
  Bitset Expand(const Bitset& set) const;
  // All cells of `passable` connected to `seed` through `passable` (seed cells outside
  // passable are ignored).
  Bitset Flood(const Bitset& seed, const Bitset& passable) const;
  // One step of a flood: adds to `set` the cells of `passable` next to it; false when nothing
  // was added. For floods that stop early (`set` must lie within `passable`).
  bool GrowOnce(Bitset& set, const Bitset& passable) const;

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
  std::array<std::array<uint64_t, Bitset::kBits>, 2> stone_keys_;
};

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
