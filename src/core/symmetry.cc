#include "core/symmetry.h"

#include <memory>

#include "core/check.h"

namespace lifeline {

// One table per base, built on first use and never freed, like the geometries.
class SymmetryTable {
 public:
  SymmetryTable() {
    for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
      table_[base - Geometry::kMinBase].reset(new Symmetries(Geometry::ForBase(base)));
    }
  }
  const Symmetries& Get(int base) const { return *table_[base - Geometry::kMinBase]; }

 private:
  std::unique_ptr<Symmetries> table_[Geometry::kMaxBase - Geometry::kMinBase + 1];
};

const Symmetries& Symmetries::ForBase(int base) {
  LL_CHECK(Geometry::IsValidBase(base));
  static const SymmetryTable* const table = new SymmetryTable();
  return table->Get(base);
}

// In coordinates centred on the middle cell, (a, b) = (x - c, y - c), the six neighbour
// offsets in ring order are (1,0), (1,1), (0,1), (-1,0), (-1,-1), (0,-1). The rotation
// (a, b) -> (a - b, a) moves each offset to the next one, and the mirror (a, b) -> (b, a) swaps
// (1,0) with (0,1) and fixes (1,1): both keep neighbours together and keep |a|, |b| and
// |a - b| within N - 1, that is the board.
Symmetries::Symmetries(const Geometry& geometry) : geometry_(&geometry) {
  const int c = geometry.base() - 1;
  for (int k = 0; k < kCount; ++k) {
    maps_[k].assign(geometry.array_size(), kNoCell);
    geometry.cells().ForEach([&](Cell cell) {
      int a = geometry.X(cell) - c;
      int b = geometry.Y(cell) - c;
      if (k >= 6) {
        const int t = a;
        a = b;
        b = t;
      }
      for (int turn = 0; turn < k % 6; ++turn) {
        const int t = a;
        a = t - b;
        b = t;
      }
      LL_CHECK(geometry.IsCell(a + c, b + c));
      maps_[k][cell] = geometry.CellAt(a + c, b + c);
    });
  }
}

}  // namespace lifeline
