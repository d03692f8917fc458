#include "search/time_control.h"

#include "gtest/gtest.h"

namespace lifeline {
namespace {

TEST(TimeControlTest, ConstructorsValidate) {
  EXPECT_FALSE(TimeControl::Byoyomi(10, 5, 0).ok());
  EXPECT_FALSE(TimeControl::Canadian(10, 5, 0).ok());
  EXPECT_FALSE(TimeControl::Fischer(10, -1).ok());
  EXPECT_FALSE(TimeControl::Absolute(1e12).ok());
  EXPECT_EQ(TimeControl::Byoyomi(10, 5, 3)->ToString(), "byoyomi 10 5x3");
}

TEST(TimeControlTest, TimeLeftUpdatesOneClock) {
  TimeControl control = *TimeControl::Byoyomi(60, 10, 3);
  ASSERT_TRUE(control.SetOvertimeLeft(Color::kWhite, 8, 2).ok());
  EXPECT_TRUE(control.clock(Color::kWhite).in_overtime);
  EXPECT_EQ(control.clock(Color::kWhite).periods_left, 2);
  EXPECT_EQ(control.clock(Color::kWhite).period_left, 8);
  EXPECT_FALSE(control.clock(Color::kBlack).in_overtime);
  ASSERT_TRUE(control.SetMainTimeLeft(Color::kBlack, 42).ok());
  EXPECT_EQ(control.clock(Color::kBlack).main_left, 42);
  EXPECT_FALSE(control.SetMainTimeLeft(Color::kBlack, -3).ok());
  EXPECT_FALSE(control.SetOvertimeLeft(Color::kBlack, 3, 0).ok());
  EXPECT_EQ(control.clock(Color::kBlack).main_left, 42);
}

// The target time of a move with many moves still to play.
double Budget(const TimeControl& control, Color color) {
  return PlanMoveTime(control, color, 30).target;
}

TEST(TimeControlTest, BudgetStaysWithinTheClock) {
  EXPECT_EQ(Budget(TimeControl::None(), Color::kBlack), 0);
  const TimeControl absolute = *TimeControl::Absolute(60);
  EXPECT_NEAR(Budget(absolute, Color::kBlack), 2.0, 1e-9);
  TimeControl canadian = *TimeControl::Canadian(0, 10, 5);
  ASSERT_TRUE(canadian.SetOvertimeLeft(Color::kBlack, 10, 5).ok());
  EXPECT_NEAR(Budget(canadian, Color::kBlack), 1.8, 1e-9);
  TimeControl nearly_out = *TimeControl::Fischer(0.05, 0);
  EXPECT_GT(Budget(nearly_out, Color::kWhite), 0);
  EXPECT_LE(Budget(nearly_out, Color::kWhite), 0.05);
}

}  // namespace
}  // namespace lifeline
