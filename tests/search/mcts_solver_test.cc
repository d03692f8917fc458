// MCTS-Solver inside the tree search: proven wins and losses backed up through the tree
// (the exact df-pn solver has its own tests in tests/solver).

#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "search/mcts_player.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::PositionFromDiagram;
using test::RandomPosition;
using test::SideToMoveWins;
using test::Visits;

// The legal whole moves of `position` that win for the side to move.
std::vector<Move> WinningMoves(const Position& position) {
  std::vector<Move> winning;
  for (const Move& move : position.LegalMoves()) {
    Position next = position;
    next.Play(move);
    if (!SideToMoveWins(next)) winning.push_back(move);
  }
  return winning;
}

bool Contains(const std::vector<Move>& moves, const Move& move) {
  for (const Move& m : moves) {
    if (m == move) return true;
  }
  return false;
}

// Black to move on base 3: 4 of the 11 legal moves win (A2 C2 C4 D4); the proof is deep
// (about half a million simulations).
constexpr char kDeepWin[] = R"(
      X . O
     . . . .
    X . O . X
     . O . .
      X . O
)";

// Black to move on base 3: 5 of the 9 legal moves win; proven in a few ten thousand
// simulations.
constexpr char kShallowWin[] = R"(
      X . O
     X . . O
    X . O . X
     . O . .
      X . O
)";

TEST(MctsSolverTest, SearchFindsAWinningMove) {
  const absl::StatusOr<Position> position = PositionFromDiagram(3, kDeepWin, Color::kBlack);
  ASSERT_TRUE(position.ok()) << position.status();
  const std::vector<Move> winning = WinningMoves(*position);
  ASSERT_EQ(winning.size(), 4u);
  ASSERT_EQ(position->LegalMoves().size(), 11u);
  FakeClock clock;
  MctsPlayer player(MctsOptions{}, clock, MoveModel::Default());
  Rng rng(1);
  const SearchResult result = player.Search(*position, Visits(20000), rng, nullptr);
  EXPECT_TRUE(Contains(winning, result.move)) << MoveToString(position->geometry(), result.move);
}

TEST(MctsSolverTest, SearchProvesAndPlaysTheWin) {
  const absl::StatusOr<Position> position = PositionFromDiagram(3, kShallowWin, Color::kBlack);
  ASSERT_TRUE(position.ok()) << position.status();
  FakeClock clock;
  MctsPlayer player(MctsOptions{}, clock, MoveModel::Default());
  Rng rng(1);
  const SearchResult result = player.Search(*position, Visits(200000), rng, nullptr);
  EXPECT_TRUE(Contains(WinningMoves(*position), result.move))
      << MoveToString(position->geometry(), result.move);
  // A proven loss for the root's owner, the player who moved last: a win for Black.
  EXPECT_EQ(player.tree().root_proof(), Proof::kLoss);
  EXPECT_LT(result.info.playouts, 200000);  // the proof ended the search early
  ASSERT_FALSE(result.info.candidates.empty());
  EXPECT_EQ(result.info.candidates.front().win_rate, 1.0);
}

// Small random endgames under every balancing method: the solver's verdict at the root
// agrees with exhaustive search, and a proven win is played.
class MctsSolverEndgameTest : public ::testing::TestWithParam<Balancing> {};

TEST_P(MctsSolverEndgameTest, ProofsAgreeWithExhaustiveSearch) {
  const Rules rules{GetParam(), GetParam() == Balancing::kKomiPie ? 1 : 0};
  int proven = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    const Position position = RandomPosition(3, rules, 12, seed);
    if (position.IsOver() || position.board().empty().Count() > 9) continue;
    FakeClock clock;
    MctsPlayer player(MctsOptions{}, clock, MoveModel::Default());
    Rng rng(seed);
    const SearchResult result = player.Search(position, Visits(20000), rng, nullptr);
    const bool wins = SideToMoveWins(position);
    const Proof proof = player.tree().root_proof();
    if (proof == Proof::kUnknown) continue;
    ++proven;
    EXPECT_EQ(proof, wins ? Proof::kLoss : Proof::kWin) << position.board().ToDiagram();
    if (wins) {
      EXPECT_TRUE(Contains(WinningMoves(position), result.move));
    }
  }
  EXPECT_GE(proven, 10);
}

INSTANTIATE_TEST_SUITE_P(AllRules, MctsSolverEndgameTest,
                         ::testing::Values(Balancing::kStrongPie, Balancing::kWeakPie,
                                           Balancing::kKomiPie));

}  // namespace
}  // namespace lifeline
