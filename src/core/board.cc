#include "core/board.h"

#include <array>
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/board_width.h"
#include "core/ring_runs.h"
#include "core/wall_loop.h"

namespace lifeline {
namespace {

// The runs of the neighbours of `c` in a ring mask (RingMask), and the first cell of each run.
struct RunStarts {
  int count = 0;
  Cell first_cells[3] = {kNoCell, kNoCell, kNoCell};
};

RunStarts FindRuns(const Geometry& geometry, Cell c, int mask) {
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

template <int W>
BasicBoard<W>::BasicBoard(const Geometry& geometry) : geometry_(&geometry) {}

template <int W>
void BasicBoard<W>::AddStone(Cell c, Color color) {
  stones_[Index(color)].Set(c);
  hash_ ^= geometry_->StoneKey(c, color);
}

template <int W>
void BasicBoard<W>::RemoveStones(const Bits& set, Color color) {
  RemoveSet(set & stones(color), color);
}

template <int W>
void BasicBoard<W>::RemoveSet(const Bits& set, Color color) {
  stones_[Index(color)].Subtract(set);
  set.ForEach([&](int c) { hash_ ^= geometry_->StoneKey(c, color); });
}

template <int W>
typename BasicBoard<W>::Bits BasicBoard<W>::LegalPlacements(Color color) const {
  const Bits& own = stones(color);
  const Bits open = empty();
  return geometry_->Flood(own, open | own) & open;
}

template <int W>
bool BasicBoard<W>::IsLegalPlacement(Color color, Cell c) const {
  const Bits& own = stones(color);
  if (geometry_->NeighborSet<W>(c).Intersects(own)) return true;
  const Bits passable = empty() | own;
  Bits reach = Bits::Single(c);
  do {
    if (reach.Intersects(own)) return true;
  } while (geometry_->GrowOnce(reach, passable));
  return false;
}

template <int W>
typename BasicBoard<W>::LegalCells BasicBoard<W>::LegalCellsOfBoth() const {
  LegalCells legal;
  for (const Color color : {Color::kBlack, Color::kWhite}) legal[color] = LegalPlacements(color);
  return legal;
}

template <int W>
typename BasicBoard<W>::BoardIndex BasicBoard<W>::MakeIndex(BasicGroupIndex<W>* groups) const {
  BoardIndex index;
  index.groups = groups;
  RebuildIndex(index);
  return index;
}

template <int W>
void BasicBoard<W>::RebuildIndex(BoardIndex& index) const {
  index.legal = LegalCellsOfBoth();
  if (index.groups != nullptr) {
    index.groups->Build(*geometry_, stones(Color::kBlack), stones(Color::kWhite));
  }
}

template <int W>
typename BasicBoard<W>::Bits BasicBoard<W>::GroupOf(Cell c, Color color, BoardIndex* index) const {
  if (index != nullptr && index->groups != nullptr) return index->groups->GroupOf(c);
  return GroupAt(c, color);
}

template <int W>
PlacementEffect BasicBoard<W>::PlaceFast(Color color, Cell c, BoardIndex* index) {
  // One reading of the ring serves both tests: the enemy's open cells around c are the cells
  // on the board without an own stone, and removing enemy stones changes no own stone.
  const int own_ring = RingMask(*geometry_, c, stones(color));
  const int enemy_open_ring = geometry_->OnBoardRing(c) & ~own_ring;
  // Several runs of open cells may mean a split; the kept groups tell, before c joins them.
  bool may_split = RingRuns(enemy_open_ring) > 1;
  const bool walls_read = may_split && index != nullptr && index->groups != nullptr;
  if (walls_read) may_split = ClosesLoop(*geometry_, c, enemy_open_ring, *index->groups);
  AddStone(c, color);
  if (index != nullptr) {
    // The cell is no longer empty; no other cell changes unless a region splits or stones go.
    index->legal[Color::kBlack].Reset(c);
    index->legal[Color::kWhite].Reset(c);
    if (index->groups != nullptr) index->groups->Join(*geometry_, c, own_ring);
  }
  PlacementEffect effect;
  if (may_split) {
    effect.removed[Index(Opponent(color))] =
        RemoveEnemiesCutBy(c, Opponent(color), enemy_open_ring, walls_read, index);
  }
  effect.removed[Index(color)] = RemoveMergedIfAlone(c, color, own_ring, index);
  return effect;
}

template <int W>
void BasicBoard<W>::OpenRegion(const Bits& removed, Color color, LegalCells& legal) const {
  // Only the cells that were not `color`'s to play before need finding: the removed cells and
  // the empty cells joined to them that no `color` stone reached. They all become `color`'s
  // if they touch a cell that already was, or a `color` stone.
  Bits unreached = empty();
  unreached.Subtract(legal[color]);
  const Bits opened = geometry_->Flood(removed, unreached);
  if (geometry_->Expand(opened).Intersects(legal[color] | stones(color))) legal[color] |= opened;
}

template <int W>
int BasicBoard<W>::RemoveEnemiesCutBy(Cell c, Color enemy, int open_ring, bool known_split,
                                      BoardIndex* index) {
  const RunStarts runs = FindRuns(*geometry_, c, open_ring);
  if (runs.count <= 1) return 0;  // the enemy region around c is still one piece
  const Bits& enemy_stones = stones(enemy);
  const Bits passable = empty() | enemy_stones;

  // Unless the walls told already, grow from the first run until it meets every other run
  // (nothing was split) or stops (then it is a whole piece).
  Bits covered;
  if (!known_split) {
    Bits targets;
    for (int k = 1; k < runs.count; ++k) targets.Set(runs.first_cells[k]);
    Bits piece = Bits::Single(runs.first_cells[0]);
    do {
      if (piece.Contains(targets)) return 0;
    } while (geometry_->GrowOnce(piece, passable));
    covered = piece;
  }

  // The region was split. Every enemy group was alive before (it shared its region with
  // another enemy group); after the split a group dies exactly when it is the only group
  // left in its piece. A piece's flood stops at a second group: such a piece changes nothing.
  Bits dead;
  for (int k = 0; k < runs.count; ++k) {
    // The first piece is whole already when the flood above found the split.
    const bool whole = k == 0 && !known_split;
    Bits piece = covered;
    if (!whole) {
      if (covered.Test(runs.first_cells[k])) continue;
      piece = Bits::Single(runs.first_cells[k]);
    }
    Bits group;  // the first enemy group met
    bool second_group = false;
    do {
      const Bits in_piece = piece & enemy_stones;
      if (in_piece.None()) continue;
      if (group.None()) group = GroupOf(in_piece.Lowest(), enemy, index);
      second_group = !group.Contains(in_piece);
    } while (!second_group && !whole && geometry_->GrowOnce(piece, passable));
    covered |= piece;
    if (second_group) continue;
    // The whole piece, with one group (which dies) or none: no place for the enemy.
    dead |= group;
    if (index != nullptr) index->legal[enemy].Subtract(piece);
  }
  RemoveSet(dead, enemy);
  if (index != nullptr && dead.Any()) OpenRegion(dead, Opponent(enemy), index->legal);
  return dead.Count();
}

template <int W>
int BasicBoard<W>::RemoveMergedIfAlone(Cell c, Color color, int own_ring, BoardIndex* index) {
  // One run of own neighbours (or none) means c joined at most one group: the number of
  // groups in the region is unchanged and every group stays alive.
  if (RingRuns(own_ring) <= 1) return 0;
  const Bits& own = stones(color);
  const Bits group = GroupOf(c, color, index);
  Bits others = own;
  others.Subtract(group);
  const Bits passable = empty() | own;
  Bits reach = group;
  do {
    if (reach.Intersects(others)) return 0;
  } while (geometry_->GrowOnce(reach, passable));
  RemoveSet(group, color);  // the merged group is alone in its region
  if (index != nullptr) {
    // The flood stopped: `reach` is the group's whole region, now without a stone of `color`.
    index->legal[color].Subtract(reach);
    OpenRegion(group, Opponent(color), index->legal);
  }
  return group.Count();
}

template <int W>
PlacementEffect BasicBoard<W>::PlaceAndResolve(Color color, std::span<const Cell> cells) {
  for (Cell c : cells) AddStone(c, color);
  PlacementEffect effect;
  effect.removed[Index(Opponent(color))] = RemoveDeadGroups(Opponent(color));
  effect.removed[Index(color)] = RemoveDeadGroups(color);
  return effect;
}

template <int W>
int BasicBoard<W>::RemoveDeadGroups(Color color) {
  const Bits& own = stones(color);
  const Bits passable = empty() | own;
  Bits remaining = own;
  Bits dead;
  while (remaining.Any()) {
    const Bits seed = Bits::Single(remaining.Lowest());
    const Bits in_region = geometry_->Flood(seed, passable) & own;
    const Bits group = geometry_->Flood(seed, own);
    if (group == in_region) dead |= group;
    remaining.Subtract(in_region);
  }
  RemoveSet(dead, color);
  return dead.Count();
}

template <int W>
typename BasicBoard<W>::Bits BasicBoard<W>::GroupAt(Cell c, Color color) const {
  return geometry_->Flood(Bits::Single(c), stones(color));
}

template <int W>
typename BasicBoard<W>::Bits BasicBoard<W>::RegionAt(Cell c, Color color) const {
  return geometry_->Flood(Bits::Single(c), empty() | stones(color));
}

template <int W>
bool BasicBoard<W>::IsGroupDead(Cell c, Color color) const {
  return (RegionAt(c, color) & stones(color)) == GroupAt(c, color);
}

template <int W>
std::string BasicBoard<W>::ToDiagram() const {
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

template <int W>
absl::StatusOr<BasicBoard<W>> BasicBoard<W>::FromDiagram(const Geometry& geometry,
                                                         absl::string_view text) {
  BasicBoard board(geometry);
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
      return absl::InvalidArgumentError(
          absl::StrCat("unexpected character '", std::string(1, ch), "' in diagram"));
    }
    if (!next_cell()) return absl::InvalidArgumentError("diagram has too many cells");
    if (ch != '.') board.AddStone(geometry.CellAt(x, y), ch == 'X' ? Color::kBlack : Color::kWhite);
    ++x;
  }
  if (next_cell()) return absl::InvalidArgumentError("diagram has too few cells");
  return board;
}

#define LL_INSTANTIATE(w) template class BasicBoard<w>;
LL_FOR_EACH_BOARD_WIDTH(LL_INSTANTIATE)
#undef LL_INSTANTIATE

}  // namespace lifeline
