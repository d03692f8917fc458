#include "gtp/game_record.h"

#include "gtest/gtest.h"

namespace lifeline {
namespace {

TEST(GameRecordTest, ReadsSettingsAndActions) {
  const absl::StatusOr<GameRecord> record = ParseGameRecord(
      "# lifeline game record\n# result: B+\nboardsize 5\nlifeline-rules komi-pie\nkomi 3\n"
      "play b A1\nplay w E9 # a comment\nplay B E5\n",
      7, Rules{});
  ASSERT_TRUE(record.ok()) << record.status();
  EXPECT_EQ(record->base, 5);
  EXPECT_EQ(record->rules.balancing, Balancing::kKomiPie);
  EXPECT_EQ(record->rules.komi, 3);
  ASSERT_EQ(record->actions.size(), 3u);
  EXPECT_EQ(record->actions[1].token, "E9");
  EXPECT_EQ(record->actions[2].color, Color::kBlack);
  EXPECT_EQ(record->actions[2].line, 8);
  const absl::StatusOr<Game> game = ReplayGameRecord(*record, 2);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->moves().size(), 2u);
}

TEST(GameRecordTest, ErrorsNameTheLine) {
  EXPECT_EQ(ParseGameRecord("boardsize 5\ngenmove b\n", 7, Rules{}).status().message(),
            "line 2: syntax error: unexpected command genmove");
  EXPECT_EQ(ParseGameRecord("play b A1\nboardsize 5\n", 7, Rules{}).status().message(),
            "line 2: syntax error: settings after the first move");
  EXPECT_EQ(ParseGameRecord("boardsize 14\n", 7, Rules{}).status().message(),
            "line 1: syntax error: out of range [2..13]: 14");
  EXPECT_EQ(ParseGameRecord("lifeline-rules komi-pie\nkomi 0.5\n", 7, Rules{}).status().message(),
            "unacceptable komi");
  const absl::StatusOr<GameRecord> record = ParseGameRecord("play b D4,D5\n", 4, Rules{});
  ASSERT_TRUE(record.ok());
  EXPECT_EQ(ReplayGameRecord(*record, 1).status().message(), "line 1: illegal move: no effect");
}

TEST(GameRecordTest, ReadSmallFileRefusesWhatIsNotARegularFile) {
  EXPECT_FALSE(ReadSmallFile("/", 100).ok());
  EXPECT_FALSE(ReadSmallFile("/dev/zero", 100).ok());
  EXPECT_FALSE(ReadSmallFile("/nonexistent/record.txt", 100).ok());
}

}  // namespace
}  // namespace lifeline
