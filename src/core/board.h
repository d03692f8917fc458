#ifndef LIFELINE_CORE_BOARD_H_
#define LIFELINE_CORE_BOARD_H_

#include <cstdint>
#include <span>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/bitset.h"
#include "core/color.h"
#include "core/geometry.h"
#include "core/group_index.h"

namespace lifeline {

// What one placement did to the board.
struct PlacementEffect {
  int removed[2] = {0, 0};  // stones removed, indexed by Index(Color)
};

// Each colour's legal single placements (BasicBoard::LegalPlacements), indexed by Color.
template <int W>
struct BasicLegalCells {
  BasicBitset<W> of[2];

  const BasicBitset<W>& operator[](Color color) const { return of[Index(color)]; }
  BasicBitset<W>& operator[](Color color) { return of[Index(color)]; }
  friend bool operator==(const BasicLegalCells& a, const BasicLegalCells& b) {
    return a.of[0] == b.of[0] && a.of[1] == b.of[1];
  }
};

// What a playout keeps about its board from move to move instead of flooding for it: each
// colour's legal cells, and the groups when `groups` is set. Made for a board by
// BasicBoard::MakeIndex; PlaceFast, given it, brings it up to date with what the placement
// changed (docs/design.md, "Legal cells and groups kept"). The groups are large (a set per
// cell), so their owner keeps them and the index points to them: an index without groups is a
// small value that copies freely, as the solver's children do.
template <int W>
struct BasicBoardIndex {
  BasicLegalCells<W> legal;
  BasicGroupIndex<W>* groups = nullptr;
};

// The stones on a hexhex board and the capture rules of Lifeline: placing stones, removing
// dead enemy groups and then dead friendly groups. A value type of a few hundred bytes with no
// heap memory, so search copies it freely.
//
// Groups and regions are not stored: they are computed on demand with bitset floods, and the
// common single-stone placement decides from the ring of six neighbours whether any flood is
// needed at all (see docs/design.md). The board does not know whose turn it is, the opening,
// swap or komi: that is Game's job.
//
// W is the width of its bitsets (BasicBitset): at least the geometry's words(). Playouts use
// the board sized to its base; everything else uses Board, which holds every base. Defined
// for the widths that some base needs (board.cc).
template <int W>
class BasicBoard {
 public:
  using Bits = BasicBitset<W>;
  using LegalCells = BasicLegalCells<W>;
  using BoardIndex = BasicBoardIndex<W>;

  explicit BasicBoard(const Geometry& geometry);
  // The same stones at another width (which must hold the geometry's words).
  template <int V>
  explicit BasicBoard(const BasicBoard<V>& other)
      : geometry_(&other.geometry()),
        stones_{Bits(other.stones(Color::kBlack)), Bits(other.stones(Color::kWhite))},
        hash_(other.hash()) {}

  const Geometry& geometry() const { return *geometry_; }
  const Bits& stones(Color color) const { return stones_[Index(color)]; }
  Bits occupied() const { return stones_[0] | stones_[1]; }
  Bits empty() const { return geometry_->cells<W>() & ~occupied(); }
  bool IsEmpty(Cell c) const { return !stones_[0].Test(c) && !stones_[1].Test(c); }
  bool HasStone(Cell c, Color color) const { return stones_[Index(color)].Test(c); }
  // The Zobrist hash of the stones alone.
  uint64_t hash() const { return hash_; }

  // Puts a stone on an empty cell without removing anything (setup stones, diagrams).
  void AddStone(Cell c, Color color);
  // Takes stones of one colour off the board.
  void RemoveStones(const Bits& set, Color color);

  // The cells where a single stone of `color` changes the board: the empty cells from which a
  // path of empty or `color` cells reaches a `color` stone (docs/rules.md, "A turn", shows
  // this equals the "board must change" rule). Empty when `color` has no stone.
  Bits LegalPlacements(Color color) const;
  // LegalPlacements(color).Test(c) for one empty cell, usually without a flood: a cell next to
  // an own stone is legal at once, otherwise a flood from it stops at the first own stone.
  bool IsLegalPlacement(Color color, Cell c) const;
  // LegalPlacements of both colours.
  LegalCells LegalCellsOfBoth() const;
  // An index of this board, keeping the groups in `groups` unless it is null.
  BoardIndex MakeIndex(BasicGroupIndex<W>* groups) const;
  // Makes `index` describe this board again, with the groups if it keeps them.
  void RebuildIndex(BoardIndex& index) const;

  // Places one stone of `color` on `c` and removes dead groups, enemy first. Requires that
  // `c` is in LegalPlacements(color) and that every group on the board is alive (true at the
  // start of every turn after the opening); under those conditions it is exact and fast.
  // Given `index`, built for the board before, it leaves it describing the board after.
  PlacementEffect PlaceFast(Color color, Cell c, BoardIndex* index = nullptr);

  // Places stones of `color` on the given distinct empty cells, then removes every dead enemy
  // group and then every dead friendly group, judging the whole board. Exact for any position;
  // the caller compares boards to apply the no-change rule.
  PlacementEffect PlaceAndResolve(Color color, std::span<const Cell> cells);

  // Removes every dead group of `color` on the whole board; returns the stones removed.
  int RemoveDeadGroups(Color color);

  // The group of `color` stones containing `c`, and the region (empty or `color` cells)
  // containing `c`.
  Bits GroupAt(Cell c, Color color) const;
  Bits RegionAt(Cell c, Color color) const;
  // True when the group of `color` at `c` has no other `color` group in its region.
  bool IsGroupDead(Cell c, Color color) const;

  // ASCII diagram: one line per row, top row (2N-1) first, indented so that the hexagon
  // shows; 'X' black, 'O' white, '.' empty, separated by spaces.
  std::string ToDiagram() const;
  // Reads a diagram in the same form (whitespace is free; exactly num_cells() tokens from
  // "XO.", in the order ToDiagram writes them).
  static absl::StatusOr<BasicBoard> FromDiagram(const Geometry& geometry, absl::string_view text);

  friend bool operator==(const BasicBoard& a, const BasicBoard& b) {
    return a.geometry_ == b.geometry_ && a.stones_[0] == b.stones_[0] &&
           a.stones_[1] == b.stones_[1];
  }

 private:
  void RemoveSet(const Bits& set, Color color);
  // Enemy groups of `enemy` that die because `c` (now occupied by the opponent) splits the
  // enemy region that contained it; removes them and returns the count of stones removed.
  // `open_ring` is the RingMask of c's neighbours that are empty or hold `enemy`; with
  // `known_split` the region is known to split (ClosesLoop), otherwise a flood finds out.
  // Reads and updates `index` unless it is null.
  int RemoveEnemiesCutBy(Cell c, Color enemy, int open_ring, bool known_split, BoardIndex* index);
  // After `c` joined `color` groups, removes the merged group if it is now alone in its
  // region; returns the stones removed. `own_ring` is the RingMask of c's `color` neighbours.
  // Reads and updates `index` unless it is null.
  int RemoveMergedIfAlone(Cell c, Color color, int own_ring, BoardIndex* index);
  // The group of `color` holding `c`: from `index`, or by a flood when it is null.
  Bits GroupOf(Cell c, Color color, BoardIndex* index) const;
  // After the stones `removed` of one colour left the board, adds to the legal cells of
  // `color` (the other colour) the cells they opened, if their region holds a `color` stone.
  void OpenRegion(const Bits& removed, Color color, LegalCells& legal) const;

  const Geometry* geometry_;
  Bits stones_[2];
  uint64_t hash_ = 0;
};

using Board = BasicBoard<kMaxWords>;

}  // namespace lifeline

#endif  // LIFELINE_CORE_BOARD_H_
