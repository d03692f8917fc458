// The option `book` and the engine's use of its maps: where the maps are found, every way that
// can fail (the search plays then), and the moves the book makes in the first turns.

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>

#include "core/notation.h"
#include "engine/book_play.h"
#include "engine/engine.h"
#include "engine/search_options.h"
#include "gtest/gtest.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

// A folder of maps made for one test, removed after it.
class MapFolder {
 public:
  explicit MapFolder(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("lifeline-book-test-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~MapFolder() { std::filesystem::remove_all(path_); }
  void Write(const std::string& file, const std::string& text) const {
    std::ofstream(path_ / file) << text;
  }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

constexpr char kBaseThree[] =
    "lifeline-openings 1\nbase 3\nrules strong-pie\nengine test\nnetwork none\n"
    "turn A1,D4 0 exact D2,B4\nturn A1,A3 1 exact\nturn A1,C3 0.3 visits 50\n";

Move Read(const Engine& engine, const std::string& token) {
  return ReadMove(engine.position().geometry(), token).value;
}

std::unique_ptr<Engine> EngineOnBaseThree(const test::FakeClock& clock,
                                          const std::vector<std::string>& folders) {
  auto engine =
      std::make_unique<Engine>(EngineEnvironment{clock, MoveModel::Default(), {}, folders});
  EXPECT_TRUE(engine->options().Set("base", "3").ok());
  EXPECT_TRUE(engine->options().Set("visits", "100").ok());
  engine->ClearBoard();
  return engine;
}

TEST(BookOptionTest, AutoTakesTheFirstDefaultFolderThatExists) {
  const MapFolder folder("auto");
  folder.Write("base3-strong-pie.map", kBaseThree);
  const test::FakeClock clock;
  auto engine = EngineOnBaseThree(clock, {"/nonexistent", folder.path()});
  const auto book = engine->book();
  ASSERT_TRUE(book.ok()) << book.status();
  EXPECT_EQ((*book)->map().entries().size(), 3u);
}

TEST(BookOptionTest, EachWayOfHavingNoBookIsSaid) {
  const MapFolder folder("none");
  const test::FakeClock clock;
  auto engine = EngineOnBaseThree(clock, {"/nonexistent"});
  EXPECT_NE(engine->book().status().message().find("none installed"), std::string::npos);
  // A folder without this board's map.
  ASSERT_TRUE(engine->options().Set("book", folder.path()).ok());
  EXPECT_NE(engine->book().status().message().find("no opening map for base 3 under strong-pie"),
            std::string::npos)
      << engine->book().status();
  // A damaged map: its file and line.
  folder.Write("base3-strong-pie.map",
               "lifeline-openings 1\nbase 3\nrules strong-pie\nturn A1 1 exact\n");
  EXPECT_NE(engine->book().status().message().find("base3-strong-pie.map: line 4"),
            std::string::npos)
      << engine->book().status();
  // A map under another board's name.
  folder.Write("base3-strong-pie.map", "lifeline-openings 1\nbase 4\nrules strong-pie\n");
  EXPECT_NE(engine->book().status().message().find("not of its name's"), std::string::npos);
  ASSERT_TRUE(engine->options().Set("book", "none").ok());
  EXPECT_NE(engine->book().status().message().find("book is off"), std::string::npos);
  // A folder that does not exist is refused and the option keeps its value.
  EXPECT_FALSE(engine->options().Set("book", "/nonexistent/maps").ok());
  EXPECT_EQ(engine->options().Get(option::kBook), "none");
}

TEST(BookOptionTest, AMendedMapIsFoundWithoutARestart) {
  const MapFolder folder("mended");
  const test::FakeClock clock;
  auto engine = EngineOnBaseThree(clock, {folder.path()});
  EXPECT_FALSE(engine->book().ok());
  folder.Write("base3-strong-pie.map", kBaseThree);
  EXPECT_TRUE(engine->book().ok());
}

TEST(BookOptionTest, TheFirstTurnComesFromTheBook) {
  const MapFolder folder("first");
  folder.Write("base3-strong-pie.map", kBaseThree);
  const test::FakeClock clock;
  auto engine = EngineOnBaseThree(clock, {folder.path()});
  const SearchResult result = engine->Think();
  EXPECT_TRUE(result.from_book);
  // The estimate A1,C3 (0.3 to its holder) is not played; of the proofs, A1,D4 leaves the
  // second player a single winning reply: one of its images, a proven loss.
  const auto book = engine->book();
  const auto found = (*book)->Find({result.move.first, result.move.second});
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(found->entry->exact());
  EXPECT_EQ(found->entry->winning_moves.size(), 1u);
  ASSERT_EQ(result.info.candidates.size(), 1u);
  EXPECT_DOUBLE_EQ(result.info.candidates[0].win_rate, 0.0);
  EXPECT_EQ(result.info.candidates[0].proof, MoveProof::kLoss);
  EXPECT_EQ(result.info.visits, 0);
}

TEST(BookOptionTest, AMapOfEstimatesLeavesEveryMoveToTheSearch) {
  const MapFolder folder("estimates");
  folder.Write("base3-strong-pie.map",
               "lifeline-openings 1\nbase 3\nrules strong-pie\nturn A1,C3 0.3 visits 50\n");
  const test::FakeClock clock;
  auto engine = EngineOnBaseThree(clock, {folder.path()});
  EXPECT_FALSE(engine->Think().from_book);
}

TEST(BookOptionTest, TheSwapDecisionFollowsTheMap) {
  const MapFolder folder("swap");
  folder.Write("base3-strong-pie.map", kBaseThree);
  const test::FakeClock clock;
  auto engine = EngineOnBaseThree(clock, {folder.path()});
  // C5,A3 is an image of A1,A3, which wins for its holder: swap.
  ASSERT_FALSE(engine->Play(Color::kBlack, Read(*engine, "C5,A3")).has_value());
  SearchResult result = engine->Think();
  EXPECT_TRUE(result.from_book);
  EXPECT_EQ(result.move.kind, Move::Kind::kSwap);
  EXPECT_EQ(result.info.candidates[0].proof, MoveProof::kWin);
  // A1,D4 loses for its holder: White plays on with the proven reply D2,B4.
  engine->ClearBoard();
  ASSERT_FALSE(engine->Play(Color::kBlack, Read(*engine, "A1,D4")).has_value());
  result = engine->Think();
  EXPECT_TRUE(result.from_book);
  EXPECT_EQ(MoveToString(engine->position().geometry(), result.move), "D2,B4");
  // A1,C3 is estimated (0.3 to its holder): the search decides, swap or pair.
  engine->ClearBoard();
  ASSERT_FALSE(engine->Play(Color::kBlack, Read(*engine, "A1,C3")).has_value());
  EXPECT_FALSE(engine->Think().from_book);
}

TEST(BookOptionTest, TheSearchPlaysWithoutABookAndForTheRandomPlayer) {
  const MapFolder folder("off");
  folder.Write("base3-strong-pie.map", kBaseThree);
  const test::FakeClock clock;
  auto engine = EngineOnBaseThree(clock, {folder.path()});
  ASSERT_TRUE(engine->options().Set("book", "none").ok());
  EXPECT_FALSE(engine->Think().from_book);
  ASSERT_TRUE(engine->options().Set("book", "auto").ok());
  EXPECT_TRUE(engine->Think().from_book);
  ASSERT_TRUE(engine->options().Set("player", "random").ok());
  EXPECT_FALSE(engine->Think().from_book);
  // After the first turns the book has nothing to say.
  ASSERT_TRUE(engine->options().Set("player", "mcts").ok());
  ASSERT_FALSE(engine->Play(Color::kBlack, Read(*engine, "A1,C3")).has_value());
  ASSERT_FALSE(engine->Play(Color::kWhite, Read(*engine, "E5,C5")).has_value());
  EXPECT_FALSE(engine->Think().from_book);
}

}  // namespace
}  // namespace lifeline
