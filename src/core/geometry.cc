#include "core/geometry.h"

#include <cstdlib>
#include <memory>

#include "core/check.h"

namespace lifeline {

// Builds every geometry once, on first use; the table is immutable afterwards, so sharing it
// between threads is safe.
class GeometryTable {
 public:
  GeometryTable() {
    for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
      table_[base - Geometry::kMinBase].reset(new Geometry(base));
    }
  }
  const Geometry& Get(int base) const { return *table_[base - Geometry::kMinBase]; }

 private:
  std::unique_ptr<Geometry> table_[Geometry::kMaxBase - Geometry::kMinBase + 1];
};

const Geometry& Geometry::ForBase(int base) {
  LL_CHECK(IsValidBase(base));
  static const GeometryTable* const table = new GeometryTable();
  return table->Get(base);
}

Geometry::Geometry(int base)
    : base_(base),
      diameter_(2 * base - 1),
      num_cells_(0),
      words_(0),
      neighbors_{},
      neighbor_sets_{},
      ring_positions_{},
      on_board_rings_{},
      stone_keys_{} {
  words_ = (array_size() + 63) / 64;
  LL_CHECK(words_ <= Bitset::kWords);
  LL_CHECK(never_set() >= array_size());
  for (int y = 0; y < diameter_; ++y) {
    for (int x = 0; x < diameter_; ++x) {
      if (!IsCell(x, y)) continue;
      const Cell c = CellAt(x, y);
      cells_.Set(c);
      ++num_cells_;
      for (int k = 0; k < 6; ++k) {
        const int nx = x + kRingOffsets[k][0];
        const int ny = y + kRingOffsets[k][1];
        const bool on_board = IsCell(nx, ny);
        neighbors_[c][k] = on_board ? CellAt(nx, ny) : kNoCell;
        ring_positions_[c][k] = on_board ? CellAt(nx, ny) : never_set();
        if (on_board) neighbor_sets_[c].Set(CellAt(nx, ny));
        if (on_board) on_board_rings_[c] |= static_cast<uint8_t>(1 << k);
      }
    }
  }
  // Keys depend only on the base and the cell, so hashes are reproducible across runs.
  for (int color = 0; color < 2; ++color) {
    for (int pos = 0; pos < Bitset::kBits; ++pos) {
      stone_keys_[color][pos] =
          MixBits((static_cast<uint64_t>(base) << 32) ^ (static_cast<uint64_t>(color) << 16) ^
                  static_cast<uint64_t>(pos));
    }
  }
}

bool Geometry::IsCell(int x, int y) const {
  return x >= 0 && y >= 0 && x < diameter_ && y < diameter_ && std::abs(x - y) <= base_ - 1;
}

}  // namespace lifeline
