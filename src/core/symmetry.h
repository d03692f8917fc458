#ifndef LIFELINE_CORE_SYMMETRY_H_
#define LIFELINE_CORE_SYMMETRY_H_

#include <array>
#include <vector>

#include "core/geometry.h"

namespace lifeline {

// The twelve symmetries of the hexhex board (six rotations, each with or without a mirror) as
// permutations of its cells. Each maps neighbours to neighbours and the board onto itself, and
// the rules speak only of cells, neighbours and stones, so a position and its image under any
// symmetry have the same legal actions (mapped) and the same winner. Symmetry 0 is the
// identity. One immutable table per base, like Geometry.
class Symmetries {
 public:
  static constexpr int kCount = 12;

  static const Symmetries& ForBase(int base);

  // The image of `cell` under symmetry `k`; kNoCell stays kNoCell.
  Cell Map(int k, Cell cell) const { return cell == kNoCell ? kNoCell : maps_[k][cell]; }
  const Geometry& geometry() const { return *geometry_; }

 private:
  explicit Symmetries(const Geometry& geometry);
  friend class SymmetryTable;

  const Geometry* geometry_;
  std::array<std::vector<Cell>, kCount> maps_;
};

}  // namespace lifeline

#endif  // LIFELINE_CORE_SYMMETRY_H_
