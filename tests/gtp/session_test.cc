#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "gtp/session_driver.h"

namespace lifeline {
namespace {

// Its commands hold the session's address.
static_assert(!std::is_copy_constructible_v<Session> && !std::is_move_constructible_v<Session>);

Settings Config(int base, const std::string& rules, bool gogui = false) {
  Settings config = SessionDriver::DefaultConfig();
  config.push_back({"base", std::to_string(base)});
  config.push_back({"rules", rules});
  config.push_back({"gogui", gogui ? "true" : "false"});
  return config;
}

// Everything a refused command must leave as it was.
std::string Snapshot(SessionDriver& driver) {
  return absl::StrCat(driver.Ok("showboard"), "|", driver.Ok("lifeline-turn"), "|",
                      driver.Ok("gogui-rules_legal_moves"), "|", driver.Ok("lifeline-set"));
}

TEST(FramingTest, BlankAndCommentLinesGetNoAnswer) {
  EXPECT_EQ(RunSession("name\n\n   \n# comment\n\t\n \x01\x7f \n7 name\n"),
            "= lifeline\n\n=7 lifeline\n\n");
}

TEST(FramingTest, ControlCharactersAreDroppedAndTabsAreSpaces) {
  EXPECT_EQ(RunSession("na\x01me\r\nknown_command\tname\n"), "= lifeline\n\n= true\n\n");
}

TEST(FramingTest, CommentsAreCut) {
  EXPECT_EQ(RunSession("name # what is your name\n"), "= lifeline\n\n");
  EXPECT_EQ(RunSession("5 # an id alone\n"), "?5 syntax error: missing command\n\n");
}

TEST(FramingTest, IdsAreEchoed) {
  EXPECT_EQ(RunSession("12 foo\n0 protocol_version\n"), "?12 unknown command\n\n=0 2\n\n");
}

TEST(FramingTest, EndOfInputWithoutNewlineStillAnswers) {
  EXPECT_EQ(RunSession("name"), "= lifeline\n\n");
}

TEST(FramingTest, QuitEndsTheSession) { EXPECT_EQ(RunSession("quit\nname\n"), "= \n\n"); }

TEST(FramingTest, VeryLongLinesAreRefusedWithoutBufferingThem) {
  const std::string long_line = "3 play b " + std::string(200000, 'x');
  const std::string long_comment = "# " + std::string(200000, 'y');
  EXPECT_EQ(RunSession(long_line + "\n" + long_comment + "\nname\n"),
            "?3 syntax error: line too long\n\n= lifeline\n\n");
}

TEST(FramingTest, NonAsciiBytesAreNeverEchoed) {
  SessionDriver driver;
  const std::string answer = driver.Send("play b \xc3\x84\xff\x80 4");
  EXPECT_EQ(answer.rfind("? syntax error: ", 0), 0u) << answer;
  for (char c : answer) EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7f)) << answer;
  EXPECT_EQ(driver.Send("\xe2\x82\xac"), "? unknown command");
}

TEST(SessionTest, RefusedCommandsChangeNothing) {
  SessionDriver driver(Config(4, "strong-pie"));
  driver.Ok("play b D4,D6");
  const std::string before = Snapshot(driver);
  for (const char* bad : {"play b A1,G7",
                          "play w D4,A1",
                          "play w Z9,A1",
                          "play w A1,A1",
                          "play w D5,D6",
                          "play x A1,G7",
                          "play w",
                          "play w A1 G7",
                          "genmove x",
                          "boardsize 99",
                          "boardsize x",
                          "komi x",
                          "lifeline-rules weak-pie",
                          "lifeline-rules chess",
                          "lifeline-set base 99",
                          "lifeline-set nothing 1",
                          "lifeline-loadgame /nonexistent",
                          "time_settings -1 0 0",
                          "time_left b x 0",
                          "kgs-time_settings byoyomi 1 2",
                          "lifeline-perft -1",
                          "undo 3",
                          "play w pass",
                          "final_score"}) {
    const std::string answer = driver.Send(bad);
    EXPECT_EQ(answer[0], '?') << bad << " -> " << answer;
    EXPECT_EQ(Snapshot(driver), before) << bad;
  }
}

TEST(SessionTest, DoubleTurnInTwoHalves) {
  SessionDriver driver(Config(4, "strong-pie"));
  driver.Ok("play b D4");
  EXPECT_EQ(driver.Ok("lifeline-turn"), "black 1 opening");
  EXPECT_EQ(driver.Send("play w A1"), "? illegal move: wrong color");
  driver.Ok("play b D6");
  EXPECT_EQ(driver.Ok("lifeline-turn"), "white 2 opening");
  driver.Ok("undo");
  EXPECT_EQ(driver.Ok("lifeline-turn"), "black 1 opening");
}

TEST(SessionTest, SwapKeepsTheBoardAndWhiteToMove) {
  SessionDriver driver(Config(4, "strong-pie"));
  driver.Ok("play b D4,D6");
  const std::string board = driver.Ok("gogui-rules_board");
  driver.Ok("swap");
  EXPECT_EQ(driver.Ok("gogui-rules_board"), board);
  EXPECT_EQ(driver.Ok("lifeline-turn"), "white 2 opening");
  EXPECT_EQ(driver.Send("play w swap"), "? illegal move: swap not allowed");
}

TEST(SessionTest, RulesLockOnceAMoveIsPlayed) {
  SessionDriver driver(Config(4, "strong-pie"));
  driver.Ok("play b D4,D6");
  EXPECT_EQ(driver.Send("lifeline-rules weak-pie"), "? rules locked");
  driver.Ok("lifeline-rules strong-pie");  // no change is no change of rules
  driver.Ok("undo");
  driver.Ok("lifeline-rules weak-pie");
  EXPECT_EQ(driver.Ok("lifeline-rules"), "weak-pie");
  EXPECT_EQ(driver.Ok("lifeline-turn"), "black 1 opening");
}

TEST(SessionTest, KomiPieSpendsPointsAsPass) {
  SessionDriver driver(Config(5, "komi-pie"));
  EXPECT_EQ(driver.Send("komi -2"), "? unacceptable komi");
  driver.Ok("komi 6.5");  // a Go controller's habit: changes nothing
  EXPECT_EQ(driver.Ok("lifeline-set komi"), "0");
  driver.Ok("komi 2");
  for (const char* move : {"play b A1", "play w E9", "play b E5", "play w A5"}) driver.Ok(move);
  EXPECT_EQ(driver.Ok("lifeline-turn"), "black 1 play");
  driver.Ok("genmove b");
  driver.Ok("play w pass");
  EXPECT_EQ(driver.Send("komi 3"), "? rules locked");
  driver.Ok("genmove b");
  driver.Ok("play w pass");
  driver.Ok("genmove b");
  EXPECT_EQ(driver.Send("play w pass"), "? illegal move: no komi");
}

TEST(SessionTest, BoardsizeTakesTheDiameterWhenAsked) {
  Settings config = SessionDriver::DefaultConfig();
  config.push_back({"boardsize-diameter", "true"});
  SessionDriver driver(config);
  driver.Ok("boardsize 9");
  EXPECT_EQ(driver.Ok("gogui-rules_board_size"), "9 hex");
  EXPECT_EQ(driver.Send("boardsize 8"), "? unacceptable size");
  driver.Ok("lifeline-set boardsize-diameter false");
  driver.Ok("boardsize 9");
  EXPECT_EQ(driver.Ok("gogui-rules_board_size"), "17 hex");
}

TEST(SessionTest, SameSeedSameGame) {
  auto game = [](int64_t seed) {
    Settings config = Config(5, "strong-pie");
    config.push_back({"seed", std::to_string(seed)});
    SessionDriver driver(config);
    std::string moves;
    for (int i = 0; i < 12; ++i) {
      const std::vector<std::string> turn = absl::StrSplit(driver.Ok("lifeline-turn"), ' ');
      moves += driver.Ok("genmove " + turn[0]) + " ";
    }
    return moves;
  };
  EXPECT_EQ(game(7), game(7));
  EXPECT_NE(game(7), game(8));
}

// Plays random games to their end through genmove and checks the end-of-game answers.
void PlayToTheEnd(SessionDriver& driver) {
  for (int i = 0; i < 2000; ++i) {
    const std::vector<std::string> turn = absl::StrSplit(driver.Ok("lifeline-turn"), ' ');
    ASSERT_EQ(turn.size(), 3u);
    if (turn[2] != "over") {
      EXPECT_EQ(driver.Send("final_score"), "? cannot score");
    }
    const std::string move = driver.Ok("genmove " + turn[0]);
    if (move == "resign") {
      EXPECT_EQ(turn[2], "over");
      EXPECT_EQ(driver.Ok("final_score"), turn[0] == "black" ? "W+" : "B+");
      EXPECT_EQ(driver.Ok("gogui-rules_legal_moves"), "");
      EXPECT_EQ(driver.Send("play " + turn[0] + " A1"), "? illegal move: game over");
      return;
    }
  }
  FAIL() << "game did not end";
}

class RandomGameTest : public testing::TestWithParam<std::tuple<std::string, bool>> {};

TEST_P(RandomGameTest, GenmoveIsAlwaysLegalUntilResign) {
  const auto& [rules, gogui] = GetParam();
  for (int base : {3, 5}) {
    Settings config = Config(base, rules, gogui);
    config.push_back({"komi", "2"});
    for (int64_t seed = 1; seed <= 5; ++seed) {
      Settings seeded = config;
      seeded.push_back({"seed", std::to_string(seed)});
      SessionDriver driver(seeded);
      PlayToTheEnd(driver);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllRules, RandomGameTest,
                         testing::Combine(testing::Values("strong-pie", "weak-pie", "komi-pie"),
                                          testing::Bool()));

TEST(GoGuiTest, PassIsTheSwapAndGoGuiVersionSwitchesTheModeOn) {
  SessionDriver driver({{"seed", "1"}, {"base", "4"}});
  EXPECT_EQ(driver.Ok("lifeline-set gogui"), "auto");
  driver.Ok("gogui-version 1.6.0");
  EXPECT_EQ(driver.Ok("lifeline-set gogui"), "true");
  driver.Ok("boardsize 7");
  driver.Ok("play b D4");
  driver.Ok("play b D6");
  const std::string legal = driver.Ok("gogui-rules_legal_moves");
  EXPECT_EQ(legal.substr(legal.size() - 5), " pass");
  driver.Ok("play W PASS");
  // The rules' White (the player who started) places White's double turn; GoGui, which keeps
  // each player on its colour, sees Black to move.
  EXPECT_EQ(driver.Ok("lifeline-turn"), "white 2 opening");
  EXPECT_EQ(driver.Ok("gogui-rules_side_to_move"), "black");
  EXPECT_EQ(driver.Send("play w pass"), "? illegal move: wrong color");
  EXPECT_EQ(driver.Send("play b pass"), "? illegal move: pass not allowed");
}

TEST(GoGuiTest, OnlyGoGuisQueriesTurnAnAutoDialectOn) {
  SessionDriver driver;
  for (const char* command : {"gogui-rules_board_size", "gogui-rules_legal_moves",
                              "gogui-rules_board", "gogui-rules_side_to_move"}) {
    driver.Ok(command);
  }
  EXPECT_EQ(driver.Ok("lifeline-set gogui"), "auto");
  driver.Ok("gogui-rules_game_id");
  EXPECT_EQ(driver.Ok("lifeline-set gogui"), "true");
  // Pinned off, it stays off.
  driver.Ok("lifeline-set gogui false");
  driver.Ok("gogui-rules_game_id");
  driver.Ok("gogui-version 1.6.1");
  EXPECT_EQ(driver.Ok("lifeline-set gogui"), "false");
}

TEST(LoadGameTest, ReplaysARecordAndRefusesABadOneWholly) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string good = (dir / "lifeline_gtp_test_good.txt").string();
  const std::string bad = (dir / "lifeline_gtp_test_bad.txt").string();
  std::ofstream(good) << "# result: W+\nboardsize 4\nlifeline-rules strong-pie\nkomi 0\n"
                         "play b D4,D6\nplay w swap\nplay w A1,G7\nplay b B2\n";
  std::ofstream(bad) << "boardsize 4\nplay b D4,D6\nplay b A1\n";
  SessionDriver driver;
  driver.Ok("lifeline-loadgame " + good + " 2");
  EXPECT_EQ(driver.Ok("lifeline-turn"), "white 2 opening");
  EXPECT_EQ(driver.Ok("gogui-rules_board_size"), "7 hex");
  const std::string loaded = Snapshot(driver);
  EXPECT_EQ(driver.Send("lifeline-loadgame " + bad), "? line 3: illegal move: wrong color");
  EXPECT_EQ(Snapshot(driver), loaded);
  driver.Ok("lifeline-loadgame " + good);
  EXPECT_EQ(driver.Ok("lifeline-turn"), "white 1 play");
  std::remove(good.c_str());
  std::remove(bad.c_str());
}

TEST(TimeCommandsTest, SettingsAndClocksAreStored) {
  SessionDriver driver;
  const TimeControl& control = driver.session().engine().time_control();
  driver.Ok("time_settings 300 30 5");
  EXPECT_EQ(control.ToString(), "canadian 300 30/5");
  driver.Ok("time_left w 20 3");
  EXPECT_TRUE(control.clock(Color::kWhite).in_overtime);
  EXPECT_EQ(control.clock(Color::kWhite).stones_left, 3);
  driver.Ok("kgs-time_settings byoyomi 60 10 3");
  EXPECT_EQ(control.ToString(), "byoyomi 60 10x3");
  driver.Ok("kgs-time_settings fischer 60 2.5");
  EXPECT_EQ(control.ToString(), "fischer 60+2.5");
  driver.Ok("time_settings 0 1 0");
  EXPECT_EQ(control.ToString(), "none");
  EXPECT_EQ(driver.Send("kgs-time_settings sudden 1"),
            "? syntax error: unknown time system sudden");
  EXPECT_EQ(control.ToString(), "none");
}

}  // namespace
}  // namespace lifeline
