#include "core/board.h"

#include <array>
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/ring_runs.h"

namespace lifeline {
namespace {

// The runs of the neighbours of `c` that are in `set`, and the first cell of each run.
struct RunStarts {
  int count = 0;
  Cell first_cells[3] = {kNoCell, kNoCell, kNoCell};
};

RunStarts FindRuns(const Geometry& geometry, Cell c, const Bitset& set) {
  const int mask = RingMask(geometry, c, set);
  RunStarts runs;
  runs.count = RingRuns(mask);
  if (runs.count <= 1) return runs;
  int found = 0;
  for (int k = 0; k < 6; ++k) {
    if (StartsRun(mask, k)) runs.first_cells[found++] = geometry.Neighbors(c)[k];
  }
  return runs;
}

}  // namespace

Board::Board(const Geometry& geometry) : geometry_(&geometry) {}

void Board::AddStone(Cell c, Color color) {
  stones_[Index(color)].Set(c);
  hash_ ^= geometry_->StoneKey(c, color);
}

void Board::RemoveStones(const Bitset& set, Color color) { RemoveSet(set & stones(color), color); }

void Board::RemoveSet(const Bitset& set, Color color) {
  stones_[Index(color)].Subtract(set);
  set.ForEach([&](int c) { hash_ ^= geometry_->StoneKey(c, color); });
}

Bitset Board::LegalPlacements(Color color) const {
  const Bitset& own = stones(color);
  const Bitset open = empty();
  return geometry_->Flood(own, open | own) & open;
}

bool Board::IsLegalPlacement(Color color, Cell c) const {
  const Bitset& own = stones(color);
  if (geometry_->NeighborSet(c).Intersects(own)) return true;
  const Bitset passable = empty() | own;
  Bitset reach = Bitset::Single(c);
  do {
    if (reach.Intersects(own)) return true;
  } while (geometry_->GrowOnce(reach, passable));
  return false;
}

PlacementEffect Board::PlaceFast(Color color, Cell c) {
  AddStone(c, color);
  PlacementEffect effect;
  effect.removed[Index(Opponent(color))] = RemoveEnemiesCutBy(c, Opponent(color));
  effect.removed[Index(color)] = RemoveMergedIfAlone(c, color);
  return effect;
}

int Board::RemoveEnemiesCutBy(Cell c, Color enemy) {
  const Bitset& enemy_stones = stones(enemy);
  const Bitset passable = empty() | enemy_stones;
  const RunStarts runs = FindRuns(*geometry_, c, passable);
  if (runs.count <= 1) return 0;  // the enemy region around c is still one piece

  // Grow from the first run until it meets every other run (nothing was split) or stops.
  Bitset targets;
  for (int k = 1; k < runs.count; ++k) targets.Set(runs.first_cells[k]);
  Bitset piece = Bitset::Single(runs.first_cells[0]);
  do {
    if (piece.Contains(targets)) return 0;
  } while (geometry_->GrowOnce(piece, passable));

  // The region was split. Every enemy group was alive before (it shared its region with
  // another enemy group); after the split a group dies exactly when it is the only group
  // left in its piece.
  Bitset dead;
  Bitset covered;
  for (int k = 0; k < runs.count; ++k) {
    const Cell start = runs.first_cells[k];
    if (covered.Test(start)) continue;
    if (k > 0) piece = geometry_->Flood(Bitset::Single(start), passable);
    covered |= piece;
    const Bitset in_piece = piece & enemy_stones;
    if (in_piece.None()) continue;
    if (geometry_->Flood(Bitset::Single(in_piece.Lowest()), enemy_stones) == in_piece) {
      dead |= in_piece;
    }
  }
  RemoveSet(dead, enemy);
  return dead.Count();
}

int Board::RemoveMergedIfAlone(Cell c, Color color) {
  const Bitset& own = stones(color);
  // One run of own neighbours (or none) means c joined at most one group: the number of
  // groups in the region is unchanged and every group stays alive.
  if (FindRuns(*geometry_, c, own).count <= 1) return 0;
  const Bitset group = geometry_->Flood(Bitset::Single(c), own);
  Bitset others = own;
  others.Subtract(group);
  const Bitset passable = empty() | own;
  Bitset reach = group;
  do {
    if (reach.Intersects(others)) return 0;
  } while (geometry_->GrowOnce(reach, passable));
  RemoveSet(group, color);  // the merged group is alone in its region
  return group.Count();
}

PlacementEffect Board::PlaceAndResolve(Color color, std::span<const Cell> cells) {
  for (Cell c : cells) AddStone(c, color);
  PlacementEffect effect;
  effect.removed[Index(Opponent(color))] = RemoveDeadGroups(Opponent(color));
  effect.removed[Index(color)] = RemoveDeadGroups(color);
  return effect;
}

int Board::RemoveDeadGroups(Color color) {
  const Bitset& own = stones(color);
  const Bitset passable = empty() | own;
  Bitset remaining = own;
  Bitset dead;
  while (remaining.Any()) {
    const Bitset seed = Bitset::Single(remaining.Lowest());
    const Bitset in_region = geometry_->Flood(seed, passable) & own;
    const Bitset group = geometry_->Flood(seed, own);
    if (group == in_region) dead |= group;
    remaining.Subtract(in_region);
  }
  RemoveSet(dead, color);
  return dead.Count();
}

Bitset Board::GroupAt(Cell c, Color color) const {
  return geometry_->Flood(Bitset::Single(c), stones(color));
}

Bitset Board::RegionAt(Cell c, Color color) const {
  return geometry_->Flood(Bitset::Single(c), empty() | stones(color));
}

bool Board::IsGroupDead(Cell c, Color color) const {
  return (RegionAt(c, color) & stones(color)) == GroupAt(c, color);
}

std::string Board::ToDiagram() const {
  const Geometry& g = *geometry_;
  std::string out;
  for (int y = g.diameter() - 1; y >= 0; --y) {
    out.append(static_cast<size_t>(std::abs(y - (g.base() - 1))), ' ');
    bool first = true;
    for (int x = 0; x < g.diameter(); ++x) {
      if (!g.IsCell(x, y)) continue;
      if (!first) out.push_back(' ');
      first = false;
      const Cell c = g.CellAt(x, y);
      out.push_back(HasStone(c, Color::kBlack) ? 'X' : HasStone(c, Color::kWhite) ? 'O' : '.');
    }
    out.push_back('\n');
  }
  return out;
}

absl::StatusOr<Board> Board::FromDiagram(const Geometry& geometry, absl::string_view text) {
  Board board(geometry);
  int y = geometry.diameter() - 1;
  int x = 0;
  // Advances (x, y) to the next cell in diagram order; false past the last cell.
  const auto next_cell = [&]() {
    while (y >= 0) {
      while (x < geometry.diameter() && !geometry.IsCell(x, y)) ++x;
      if (x < geometry.diameter()) return true;
      x = 0;
      --y;
    }
    return false;
  };
  for (char ch : text) {
    if (ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r') continue;
    if (ch != 'X' && ch != 'O' && ch != '.') {
      return absl::InvalidArgumentError(absl::StrCat("unexpected character '", std::string(1, ch),
                                                     "' in diagram"));
    }
    if (!next_cell()) return absl::InvalidArgumentError("diagram has too many cells");
    if (ch != '.') board.AddStone(geometry.CellAt(x, y), ch == 'X' ? Color::kBlack : Color::kWhite);
    ++x;
  }
  if (next_cell()) return absl::InvalidArgumentError("diagram has too few cells");
  return board;
}

}  // namespace lifeline
