#include <algorithm>

#include "core/position.h"
#include "gtest/gtest.h"
#include "search/mcts_player.h"
#include "search/time_control.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::RandomPosition;

// What a move costs beyond the search's own time: the protocol round trip, the final choice.
constexpr double kOverhead = 0.005;

// Plays a whole game of `moves` moves against the clock of `control` for Black, each move
// thinking for the plan's target plus kOverhead, and every `critical`-th move for the plan's
// longest allowance, charging the clock as a controller would. Returns false as soon as a
// move overruns what the clock allowed.
bool SurvivesGame(TimeControl control, int moves, int cells, int critical = 3) {
  int empty_cells = cells;
  for (int move = 0; move < moves; ++move) {
    const MoveTime plan = PlanMoveTime(control, Color::kBlack, ExpectedMovesLeft(empty_cells));
    EXPECT_GT(plan.target, 0);
    EXPECT_GE(plan.most, plan.target);
    double spent = (move % critical == 0 ? plan.most : plan.target) + kOverhead;
    ClockState clock = control.clock(Color::kBlack);
    switch (control.system) {
      case TimeSystem::kAbsolute:
      case TimeSystem::kFischer:
        if (spent > clock.main_left) return false;
        clock.main_left += control.period_time - spent;
        break;
      case TimeSystem::kByoyomi:
        if (!clock.in_overtime) {
          const double from_main = std::min(spent, clock.main_left);
          clock.main_left -= from_main;
          spent -= from_main;
          if (spent == 0) break;
          clock.in_overtime = true;
          clock.period_left = control.period_time;
        }
        // The period is renewed by the move; spending more than a period costs one.
        if (spent > clock.period_left) return false;
        clock.period_left = control.period_time;
        break;
      case TimeSystem::kCanadian:
        if (spent > clock.period_left) return false;
        clock.period_left -= spent;
        if (--clock.stones_left == 0) {
          clock.period_left = control.period_time;
          clock.stones_left = control.period_stones;
        }
        break;
      case TimeSystem::kNone:
        break;
    }
    control.clocks[Index(Color::kBlack)] = clock;
    // Both sides fill a cell each turn, until captures and territory keep a quarter open.
    empty_cells = std::max(empty_cells - 2, cells / 4);
  }
  return true;
}

// Games as long as the longest seen in matches on base 7 (170 plies on 127 cells: 0.7
// placements per cell and side), with every third move critical or every move critical, on
// every board size.
TEST(TimeManagerTest, NeverLosesOnTime) {
  for (const int cells : {19, 61, 127, 397}) {
    const int moves = cells * (cells > 200 ? 6 : 7) / 10;
    for (const int critical : {1, 3}) {
      EXPECT_TRUE(SurvivesGame(*TimeControl::Absolute(10), moves, cells, critical)) << cells;
      EXPECT_TRUE(SurvivesGame(*TimeControl::Fischer(2, 0.1), moves, cells, critical)) << cells;
      EXPECT_TRUE(SurvivesGame(*TimeControl::Byoyomi(5, 1, 3), moves, cells, critical)) << cells;
      EXPECT_TRUE(SurvivesGame(*TimeControl::Byoyomi(0, 0.2, 1), moves, cells, critical));
      TimeControl canadian = *TimeControl::Canadian(0, 3, 5);
      ASSERT_TRUE(canadian.SetOvertimeLeft(Color::kBlack, 3, 5).ok());
      EXPECT_TRUE(SurvivesGame(canadian, moves, cells, critical)) << cells;
    }
  }
  // Short absolute clocks.
  EXPECT_TRUE(SurvivesGame(*TimeControl::Absolute(1), 13, 19));
  EXPECT_TRUE(SurvivesGame(*TimeControl::Absolute(1), 42, 61));
  EXPECT_TRUE(SurvivesGame(*TimeControl::Absolute(3), 88, 127));
}

TEST(TimeManagerTest, SmallBoardsThinkLongerPerMove) {
  const TimeControl control = *TimeControl::Absolute(60);
  const double small = PlanMoveTime(control, Color::kWhite, ExpectedMovesLeft(19)).target;
  const double large = PlanMoveTime(control, Color::kWhite, ExpectedMovesLeft(397)).target;
  EXPECT_GT(small, large);
  EXPECT_NEAR(large, 2.0, 1e-9);  // 30 moves to go at most
}

TEST(TimeManagerTest, ATimePerMoveIsNearlyAllUsed) {
  // A controller's fixed time per move: no main time, one move per period.
  TimeControl control = *TimeControl::Canadian(0, 1, 1);
  ASSERT_TRUE(control.SetOvertimeLeft(Color::kBlack, 1, 1).ok());
  const MoveTime plan = PlanMoveTime(control, Color::kBlack, 30);
  EXPECT_GE(plan.target, 0.85);
  EXPECT_LE(plan.most, 0.9);
  // Before any time_left, the settings alone say the same.
  const MoveTime fresh = PlanMoveTime(*TimeControl::Canadian(0, 1, 1), Color::kWhite, 30);
  EXPECT_EQ(fresh.target, plan.target);
}

TEST(TimeManagerTest, ByoyomiPeriodsAreRespected) {
  TimeControl control = *TimeControl::Byoyomi(0, 10, 3);
  ASSERT_TRUE(control.SetOvertimeLeft(Color::kBlack, 10, 3).ok());
  const MoveTime plan = PlanMoveTime(control, Color::kBlack, 30);
  EXPECT_LT(plan.most, 10);  // never a second period, though three are left
  EXPECT_GE(plan.target, 7);
}

TEST(TimeManagerTest, CriticalMovesMayRunLonger) {
  const MoveTime plan = PlanMoveTime(*TimeControl::Absolute(300), Color::kBlack, 30);
  EXPECT_GT(plan.most, 2 * plan.target);
}

// The opening double turn of an empty board has many moves of nearly equal value: the best
// never dominates early, so the search uses its extension; without one it stops on target.
TEST(TimeManagerTest, SearchExtendsWhileTheBestMoveIsUnclear) {
  const Position position = RandomPosition(5, Rules{}, 0, 1);
  MctsOptions options;
  options.memory_bytes = int64_t{16} << 20;
  SearchLimits limits;
  limits.max_seconds = 0.05;
  // Every reading of the fake clock advances it by 0.1 ms: about one simulation.
  FakeClock plain_clock(0.0001);
  MctsPlayer plain(options, plain_clock, MoveModel::Default());
  Rng rng(3);
  const int64_t on_target = plain.Search(position, limits, rng, nullptr).info.playouts;
  limits.extended_seconds = 0.2;
  FakeClock extended_clock(0.0001);
  MctsPlayer extended(options, extended_clock, MoveModel::Default());
  const int64_t longer = extended.Search(position, limits, rng, nullptr).info.playouts;
  EXPECT_LE(on_target, 500);
  EXPECT_GT(longer, 2 * on_target);
  EXPECT_LE(longer, 2000);
}

}  // namespace
}  // namespace lifeline
