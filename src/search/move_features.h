#ifndef LIFELINE_SEARCH_MOVE_FEATURES_H_
#define LIFELINE_SEARCH_MOVE_FEATURES_H_

#include <array>
#include <cstdint>
#include <string>

#include "core/bitset.h"
#include "core/board.h"
#include "core/color.h"
#include "core/geometry.h"
#include "search/recent_stones.h"

namespace lifeline {

// What the learned move model knows about a single placement: one value in each of five
// feature groups, so that a move's strength is the product of one weight per group (the
// generalised Bradley-Terry model of docs/search.md). Only placements of the play phase have
// features; the opening's pairs, the swap and komi spending get none.
enum class FeatureGroup : uint8_t {
  kTactic,    // what the stone does: captures, saves, self-kills, territory, contact
  kNearLast,  // distance to the opponent's last stone
  kNearOwn,   // distance to the mover's own last stone
  kRing,      // the six neighbours, up to the hexagon's symmetries
  kShape,     // the six neighbours and the twelve cells beyond, up to symmetry
};
inline constexpr int kFeatureGroups = 5;

// The tactic group's values, most telling first: a move takes the first that fits.
enum class Tactic : uint8_t {
  kKillOne,       // captures one stone
  kKillFew,       // captures two to four
  kKillMany,      // captures five or more
  kSelfKill,      // captures nothing and loses own stones
  kOwnTerritory,  // a cell the opponent can never reach
  kSave,          // a cell where the opponent's stone would capture
  kContactBoth,   // next to stones of both colours
  kContactOwn,
  kContactEnemy,
  kAlone,
};
inline constexpr int kTactics = 10;
// Distances are 1, 2, 3, kFar for 4 and beyond, or kNone without such a stone.
inline constexpr uint8_t kDistanceNone = 0;
inline constexpr uint8_t kDistanceFar = 4;

struct MoveFeatures {
  Tactic tactic = Tactic::kAlone;
  uint8_t near_last = kDistanceNone;
  uint8_t near_own = kDistanceNone;
  // Pattern codes in base 4 (see PatternCells), each the smallest of its 12 symmetric images.
  uint16_t ring = 0;
  uint64_t shape = 0;
};

// The board seen by the player to move, with what every move's features share.
struct FeatureContext {
  FeatureContext(const Board& board, Color me, const RecentStones& recent);
  const Board& board;
  Color me;
  Cell enemy_last;
  Cell own_last;
  Bitset enemy_reach;  // cells the opponent can still place on
};

// The features of `me` placing on the empty cell `c`, which must be a legal placement in a
// position where every group is alive. Without `reduce_patterns` the pattern codes stay raw
// (as seen on this board, not reduced by symmetry), which saves the reduction when only a
// table of every image is consulted.
MoveFeatures ComputeMoveFeatures(const FeatureContext& context, Cell c,
                                 bool reduce_patterns = true);

// Cell states in pattern codes: two bits each, digit i for the i-th cell of PatternCells.
inline constexpr int kEmptyDigit = 0;
inline constexpr int kOwnDigit = 1;
inline constexpr int kEnemyDigit = 2;
inline constexpr int kOffBoardDigit = 3;
inline constexpr int kRingCells = 6;
inline constexpr int kShapeCells = 18;

// The raw (not yet symmetry-reduced) code of the 18 cells around `c` for `me`: digits 0-5
// are the six neighbours in ring order, 6-17 the cells at distance two, in ring order too.
uint64_t RawShapeCode(const Board& board, Color me, Cell c);
// The 12 images of a code under the hexagon's rotations and reflections (the first is the
// code itself). `cells` is kRingCells or kShapeCells.
std::array<uint64_t, 12> SymmetricImages(uint64_t code, int cells);
uint64_t CanonicalCode(uint64_t code, int cells);

// Text names of the features, "group:value", as lifeline-move_features prints them and the
// training script reads them; FeatureName(group, value).
std::string FeatureName(FeatureGroup group, uint64_t value);
std::array<std::string, kFeatureGroups> FeatureNames(const MoveFeatures& features);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_MOVE_FEATURES_H_
