#include "gtp/gtp_time.h"

#include "gtest/gtest.h"

namespace lifeline {
namespace {

TEST(GtpTimeTest, SettingsFollowGtp2) {
  EXPECT_EQ(TimeControlFromGtp(300, 0, 0)->system, TimeSystem::kAbsolute);
  EXPECT_EQ(TimeControlFromGtp(300, 30, 0)->system, TimeSystem::kNone);
  const TimeControl canadian = *TimeControlFromGtp(300, 30, 5);
  EXPECT_EQ(canadian.system, TimeSystem::kCanadian);
  EXPECT_EQ(canadian.clock(Color::kBlack).main_left, 300);
  EXPECT_EQ(canadian.clock(Color::kWhite).stones_left, 5);
  EXPECT_FALSE(TimeControlFromGtp(-1, 0, 0).ok());
  EXPECT_FALSE(TimeControlFromGtp(-1, 30, 0).ok());
  EXPECT_FALSE(TimeControlFromGtp(1, -1, 0).ok());
  EXPECT_FALSE(TimeControlFromGtp(1, 1, -1).ok());
}

TEST(GtpTimeTest, TimeLeftWithStonesIsOvertime) {
  TimeControl control = *TimeControl::Byoyomi(60, 10, 3);
  ASSERT_TRUE(ApplyGtpTimeLeft(control, Color::kWhite, 8, 2).ok());
  EXPECT_TRUE(control.clock(Color::kWhite).in_overtime);
  EXPECT_EQ(control.clock(Color::kWhite).periods_left, 2);
  EXPECT_EQ(control.clock(Color::kWhite).period_left, 8);
  ASSERT_TRUE(ApplyGtpTimeLeft(control, Color::kWhite, 42, 0).ok());
  EXPECT_FALSE(control.clock(Color::kWhite).in_overtime);
  EXPECT_EQ(control.clock(Color::kWhite).main_left, 42);
}

TEST(GtpTimeTest, TimeLeftWithoutPeriodsIsMainTime) {
  TimeControl control = *TimeControl::Fischer(60, 5);
  ASSERT_TRUE(ApplyGtpTimeLeft(control, Color::kBlack, 30, 4).ok());
  EXPECT_FALSE(control.clock(Color::kBlack).in_overtime);
  EXPECT_EQ(control.clock(Color::kBlack).main_left, 30);
  EXPECT_FALSE(ApplyGtpTimeLeft(control, Color::kBlack, -1, 0).ok());
  EXPECT_FALSE(ApplyGtpTimeLeft(control, Color::kBlack, 5, -1).ok());
  EXPECT_EQ(control.clock(Color::kBlack).main_left, 30);
}

}  // namespace
}  // namespace lifeline
