#include "search/move_features.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/check.h"
#include "search/tactics.h"

namespace lifeline {
namespace {

struct Offset {
  int dx;
  int dy;
  friend bool operator==(const Offset& a, const Offset& b) { return a.dx == b.dx && a.dy == b.dy; }
};

Offset Direction(int k) { return {kRingOffsets[k][0], kRingOffsets[k][1]}; }

// The 18 pattern cells as offsets: the ring, then for each direction the cell two steps out
// and the cell between it and the next direction's.
std::array<Offset, kShapeCells> PatternOffsets() {
  std::array<Offset, kShapeCells> offsets;
  for (int k = 0; k < 6; ++k) {
    const Offset a = Direction(k);
    const Offset b = Direction((k + 1) % 6);
    offsets[k] = a;
    offsets[6 + 2 * k] = {2 * a.dx, 2 * a.dy};
    offsets[7 + 2 * k] = {a.dx + b.dx, a.dy + b.dy};
  }
  return offsets;
}

// For each of the 12 symmetries, where each pattern cell goes. With these axial coordinates
// a turn by 60 degrees is (x, y) -> (x - y, x) and a reflection swaps x and y; both are
// linear, so they map the pattern onto itself.
struct PatternSymmetries {
  std::array<std::array<int8_t, kShapeCells>, 12> target;
  PatternSymmetries() {
    const std::array<Offset, kShapeCells> offsets = PatternOffsets();
    for (int s = 0; s < 12; ++s) {
      for (int i = 0; i < kShapeCells; ++i) {
        Offset o = offsets[i];
        if (s >= 6) o = {o.dy, o.dx};
        for (int turn = 0; turn < s % 6; ++turn) o = {o.dx - o.dy, o.dx};
        const auto found = std::find(offsets.begin(), offsets.end(), o);
        LL_CHECK(found != offsets.end());
        target[s][i] = static_cast<int8_t>(found - offsets.begin());
      }
    }
  }
};

const PatternSymmetries& TheSymmetries() {
  static const PatternSymmetries* const symmetries = new PatternSymmetries();
  return *symmetries;
}

// Per base, the pattern cells of every cell (kNoCell off the board), built once on first use.
class PatternTable {
 public:
  PatternTable() {
    const std::array<Offset, kShapeCells> offsets = PatternOffsets();
    for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
      const Geometry& geometry = Geometry::ForBase(base);
      std::vector<std::array<int16_t, kShapeCells>>& cells = cells_[base - Geometry::kMinBase];
      cells.resize(geometry.array_size());
      for (Cell c = 0; c < geometry.array_size(); ++c) {
        for (int i = 0; i < kShapeCells; ++i) {
          const int x = geometry.X(c) + offsets[i].dx;
          const int y = geometry.Y(c) + offsets[i].dy;
          cells[c][i] =
              static_cast<int16_t>(geometry.IsCell(x, y) ? geometry.CellAt(x, y) : kNoCell);
        }
      }
    }
  }
  const std::array<int16_t, kShapeCells>& CellsAround(const Geometry& geometry, Cell c) const {
    return cells_[geometry.base() - Geometry::kMinBase][c];
  }

 private:
  std::vector<std::array<int16_t, kShapeCells>> cells_[Geometry::kMaxBase - Geometry::kMinBase + 1];
};

const PatternTable& ThePatternTable() {
  static const PatternTable* const table = new PatternTable();
  return *table;
}

uint8_t Distance(const Geometry& geometry, Cell a, Cell b) {
  if (a == kNoCell || b == kNoCell) return kDistanceNone;
  const int dx = geometry.X(a) - geometry.X(b);
  const int dy = geometry.Y(a) - geometry.Y(b);
  const int d = (std::abs(dx) + std::abs(dy) + std::abs(dx - dy)) / 2;
  return static_cast<uint8_t>(std::min<int>(d, kDistanceFar));
}

Tactic TacticOf(const FeatureContext& context, Cell c) {
  const Board& board = context.board;
  const Color me = context.me;
  const Color enemy = Opponent(me);
  if (OpenRuns(board, c, enemy) >= 2 || StoneRuns(board, c, me) >= 2) {
    const PlacementEffect effect = TryPlacement(board, me, c);
    const int captured = effect.removed[Index(enemy)];
    if (captured >= 5) return Tactic::kKillMany;
    if (captured >= 2) return Tactic::kKillFew;
    if (captured == 1) return Tactic::kKillOne;
    if (effect.removed[Index(me)] > 0) return Tactic::kSelfKill;
  }
  if (!context.enemy_reach.Test(c)) return Tactic::kOwnTerritory;
  const bool own = Touches(board, c, me);
  const bool other = Touches(board, c, enemy);
  if (other && WouldKill(board, enemy, c)) return Tactic::kSave;
  if (own && other) return Tactic::kContactBoth;
  return own ? Tactic::kContactOwn : other ? Tactic::kContactEnemy : Tactic::kAlone;
}

}  // namespace

FeatureContext::FeatureContext(const Board& board_in, Color me_in, const RecentStones& recent)
    : board(board_in),
      me(me_in),
      enemy_last(recent.last[Index(Opponent(me_in))]),
      own_last(recent.last[Index(me_in)]),
      enemy_reach(board_in.LegalPlacements(Opponent(me_in))) {}

uint64_t RawShapeCode(const Board& board, Color me, Cell c) {
  const std::array<int16_t, kShapeCells>& cells =
      ThePatternTable().CellsAround(board.geometry(), c);
  const Bitset& own = board.stones(me);
  const Bitset& enemy = board.stones(Opponent(me));
  uint64_t code = 0;
  for (int i = 0; i < kShapeCells; ++i) {
    const Cell at = cells[i];
    const uint64_t digit = at == kNoCell    ? kOffBoardDigit
                           : own.Test(at)   ? kOwnDigit
                           : enemy.Test(at) ? kEnemyDigit
                                            : kEmptyDigit;
    code |= digit << (2 * i);
  }
  return code;
}

std::array<uint64_t, 12> SymmetricImages(uint64_t code, int cells) {
  const PatternSymmetries& symmetries = TheSymmetries();
  std::array<uint64_t, 12> images;
  for (int s = 0; s < 12; ++s) {
    uint64_t image = 0;
    for (int i = 0; i < cells; ++i) {
      image |= ((code >> (2 * i)) & 3) << (2 * symmetries.target[s][i]);
    }
    images[s] = image;
  }
  return images;
}

uint64_t CanonicalCode(uint64_t code, int cells) {
  const std::array<uint64_t, 12> images = SymmetricImages(code, cells);
  return *std::min_element(images.begin(), images.end());
}

MoveFeatures ComputeMoveFeatures(const FeatureContext& context, Cell c, bool reduce_patterns) {
  const Geometry& geometry = context.board.geometry();
  MoveFeatures features;
  features.tactic = TacticOf(context, c);
  features.near_last = Distance(geometry, c, context.enemy_last);
  features.near_own = Distance(geometry, c, context.own_last);
  const uint64_t shape = RawShapeCode(context.board, context.me, c);
  constexpr uint64_t kRingMask = (uint64_t{1} << (2 * kRingCells)) - 1;
  if (reduce_patterns) {
    features.ring = static_cast<uint16_t>(CanonicalCode(shape & kRingMask, kRingCells));
    features.shape = CanonicalCode(shape, kShapeCells);
  } else {
    features.ring = static_cast<uint16_t>(shape & kRingMask);
    features.shape = shape;
  }
  return features;
}

std::string FeatureName(FeatureGroup group, uint64_t value) {
  static constexpr const char* kGroupNames[kFeatureGroups] = {"tactic", "near", "own", "ring",
                                                              "shape"};
  return absl::StrCat(kGroupNames[static_cast<int>(group)], ":", value);
}

std::array<std::string, kFeatureGroups> FeatureNames(const MoveFeatures& features) {
  return {FeatureName(FeatureGroup::kTactic, static_cast<uint64_t>(features.tactic)),
          FeatureName(FeatureGroup::kNearLast, features.near_last),
          FeatureName(FeatureGroup::kNearOwn, features.near_own),
          FeatureName(FeatureGroup::kRing, features.ring),
          FeatureName(FeatureGroup::kShape, features.shape)};
}

}  // namespace lifeline
