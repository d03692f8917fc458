#include "search/move_features.h"

#include <cmath>
#include <set>
#include <vector>

#include "core/board.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "gtest/gtest.h"
#include "search/move_model.h"
#include "search/node_pool.h"
#include "search/tactics.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::kWallDiagram;

Cell At(absl::string_view name) { return test::Base4Cell(name); }

MoveFeatures FeaturesOf(const Board& board, Color me, absl::string_view cell,
                        const RecentStones& recent = {}) {
  return ComputeMoveFeatures(FeatureContext(board, me, recent), At(cell));
}

TEST(MoveFeaturesTest, TacticsOnADiagram) {
  const absl::StatusOr<Board> board = Board::FromDiagram(Geometry::ForBase(4), kWallDiagram);
  ASSERT_TRUE(board.ok()) << board.status();
  EXPECT_EQ(FeaturesOf(*board, Color::kBlack, "B1").tactic, Tactic::kKillFew);
  EXPECT_EQ(FeaturesOf(*board, Color::kBlack, "C3").tactic, Tactic::kSelfKill);
  // B3 touches both C4 and the wall: the same self-kill as C3.
  EXPECT_EQ(FeaturesOf(*board, Color::kBlack, "B3").tactic, Tactic::kSelfKill);
  // White cannot pass Black's wall: every cell above it is Black's own territory.
  EXPECT_EQ(FeaturesOf(*board, Color::kBlack, "G7").tactic, Tactic::kOwnTerritory);
  // For White, B1 is where Black would capture: a save.
  EXPECT_EQ(FeaturesOf(*board, Color::kWhite, "B1").tactic, Tactic::kSave);
}

TEST(MoveFeaturesTest, DistancesToTheLastStones) {
  const absl::StatusOr<Board> board = Board::FromDiagram(Geometry::ForBase(4), kWallDiagram);
  ASSERT_TRUE(board.ok()) << board.status();
  RecentStones recent;
  recent.last[Index(Color::kWhite)] = At("D1");
  recent.last[Index(Color::kBlack)] = At("C4");
  const MoveFeatures d4 = FeaturesOf(*board, Color::kBlack, "D4", recent);
  EXPECT_EQ(d4.near_own, 1);   // C4 and D4 are neighbours
  EXPECT_EQ(d4.near_last, 3);  // D1 to D4: three steps
  EXPECT_EQ(FeaturesOf(*board, Color::kBlack, "G7", recent).near_last, kDistanceFar);
  EXPECT_EQ(FeaturesOf(*board, Color::kBlack, "G7").near_own, kDistanceNone);
}

TEST(MoveFeaturesTest, PatternImagesFormTheHexagonsGroup) {
  // A code with every digit different where possible: its 12 images are all distinct, the
  // first is itself, and every image has the same canonical code.
  uint64_t code = 0;
  for (int i = 0; i < kShapeCells; ++i) code |= uint64_t(i % 4) << (2 * i);
  code ^= uint64_t{1} << 6;
  const std::array<uint64_t, 12> images = SymmetricImages(code, kShapeCells);
  EXPECT_EQ(images[0], code);
  EXPECT_EQ(std::set<uint64_t>(images.begin(), images.end()).size(), 12u);
  for (uint64_t image : images) {
    EXPECT_EQ(CanonicalCode(image, kShapeCells), CanonicalCode(code, kShapeCells));
  }
  // The ring's cells map among themselves.
  const uint64_t ring = 0b100100011011;
  for (uint64_t image : SymmetricImages(ring, kRingCells)) EXPECT_EQ(image >> 12, 0u);
}

// A move's features do not change when the whole board is turned or mirrored: the model sees
// the same move in all twelve orientations.
TEST(MoveFeaturesTest, FeaturesAreInvariantUnderBoardSymmetries) {
  int checked = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    const int base = 4 + static_cast<int>(seed % 3);
    const Position position = test::RandomPosition(base, Rules{}, 12 + seed % 30, seed);
    if (position.IsOver() || !SinglePlacementsAreFast(position)) continue;
    const Symmetries& symmetries = Symmetries::ForBase(base);
    const Color me = position.to_move();
    RecentStones recent;
    position.board().stones(Opponent(me)).ForEach([&](Cell c) {
      recent.last[Index(Opponent(me))] = c;
    });
    for (int k = 0; k < Symmetries::kCount; ++k) {
      Board image(position.geometry());
      for (Color color : {Color::kBlack, Color::kWhite}) {
        position.board().stones(color).ForEach(
            [&](Cell c) { image.AddStone(symmetries.Map(k, c), color); });
      }
      RecentStones mapped;
      for (int color = 0; color < 2; ++color)
        mapped.last[color] = symmetries.Map(k, recent.last[color]);
      const FeatureContext original(position.board(), me, recent);
      const FeatureContext turned(image, me, mapped);
      position.board().LegalPlacements(me).ForEach([&](Cell c) {
        const MoveFeatures a = ComputeMoveFeatures(original, c);
        const MoveFeatures b = ComputeMoveFeatures(turned, symmetries.Map(k, c));
        ASSERT_EQ(a.tactic, b.tactic);
        ASSERT_EQ(a.near_last, b.near_last);
        ASSERT_EQ(a.ring, b.ring);
        ASSERT_EQ(a.shape, b.shape);
        ++checked;
      });
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(MoveModelTest, ParsesWeightsAndRefusesBadLines) {
  const absl::StatusOr<MoveModel> model =
      MoveModel::Parse("# comment\ntactic:0 1.5\nnear:1 0.25\nshape:rare -0.5\n\n");
  ASSERT_TRUE(model.ok()) << model.status();
  MoveFeatures features;
  features.tactic = Tactic::kKillOne;
  features.near_last = 1;
  features.shape = 12345;  // not listed: the rare shapes' weight
  EXPECT_DOUBLE_EQ(model->LogStrength(features), 1.5 + 0.25 - 0.5);
  EXPECT_FALSE(MoveModel::Parse("tactic:0").ok());
  EXPECT_FALSE(MoveModel::Parse("tactic:99 1").ok());
  EXPECT_FALSE(MoveModel::Parse("colour:1 1").ok());
  EXPECT_FALSE(MoveModel::Parse("near:1 nan").ok());
  EXPECT_FALSE(MoveModel::Parse("ring:x 1").ok());
}

// The fast path of play looks raw pattern codes up in tables of every image; it must agree
// with the symmetry-reduced features the weights were trained on.
TEST(MoveModelTest, RawLookUpAgreesWithReducedFeatures) {
  const MoveModel& model = MoveModel::Default();
  int checked = 0;
  for (uint64_t seed = 0; seed < 30; ++seed) {
    const Position position = test::RandomPosition(7, Rules{}, 20 + seed * 2, seed);
    if (position.IsOver() || !SinglePlacementsAreFast(position)) continue;
    const FeatureContext context(position.board(), position.to_move(), RecentStones{});
    position.board().LegalPlacements(position.to_move()).ForEach([&](Cell c) {
      ASSERT_DOUBLE_EQ(model.LogStrengthAt(context, c),
                       model.LogStrength(ComputeMoveFeatures(context, c)));
      ++checked;
    });
  }
  EXPECT_GT(checked, 500);
}

TEST(MoveModelTest, PolicyIsADistribution) {
  for (uint64_t seed = 0; seed < 20; ++seed) {
    const Position position = test::RandomPosition(5, Rules{}, seed * 3, seed);
    if (position.IsOver()) continue;
    std::vector<Move> moves;
    if (position.CanSwap()) moves.push_back(Move::Swap());
    position.PlacementCells().ForEach([&](Cell c) { moves.push_back(Move::Place(c)); });
    std::vector<float> policy(moves.size());
    ComputeMovePolicy(MoveModel::Default(), position, RecentStones{}, moves, policy);
    double sum = 0;
    for (float share : policy) {
      EXPECT_GT(share, 0);
      sum += share;
    }
    EXPECT_NEAR(sum, 1.0, 1e-4);
  }
}

TEST(MoveModelTest, PolicyShareSurvivesItsByte) {
  for (double share : {1.0, 0.5, 0.1, 0.01, 0.001}) {
    EXPECT_NEAR(std::log(PolicyShare(EncodePolicyShare(share))), std::log(share), 1 / 16.0);
  }
  EXPECT_EQ(EncodePolicyShare(0), 255);
}

TEST(RecentStonesTest, LastStoneOfEachColour) {
  const std::vector<Move> moves = {Move::Pair(1, 2), Move::Swap(), Move::Place(5), Move::Place(7),
                                   Move::SpendKomi()};
  const std::vector<Color> movers = {Color::kBlack, Color::kWhite, Color::kWhite, Color::kBlack,
                                     Color::kWhite};
  const RecentStones recent = RecentStonesOf(moves, movers);
  EXPECT_EQ(recent.last[Index(Color::kBlack)], 7);
  EXPECT_EQ(recent.last[Index(Color::kWhite)], 5);
  EXPECT_EQ(RecentStonesOf({}, {}).last[0], kNoCell);
}

}  // namespace
}  // namespace lifeline
