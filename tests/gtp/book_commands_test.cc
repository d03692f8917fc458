// lifeline-book under komi pie (protocol 4.9): Black's chance at each komi of the map, the fair
// komi and what it rests on (the games of a measurement by play, else the map's entries), and
// the colour the second player takes; lifeline-gfx_book says the same in GoGui's status line.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"
#include "gtp/session_driver.h"

namespace lifeline {
namespace {

constexpr char kEntries[] =
    "komi 0 0.6000 visits 9\nkomi 1 0.4500 visits 9\nkomi 2 0.4000 visits 9\n";

std::string LastLine(const std::string& text) { return text.substr(text.rfind('\n') + 1); }

// A session whose book is a folder holding base 3's komi-pie map `text`, on that board and rule
// at `komi`; the folder goes with it.
class KomiBook {
 public:
  explicit KomiBook(const std::string& text)
      : folder_(std::filesystem::temp_directory_path() /
                ("lifeline-book-commands-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(folder_);
    std::ofstream(folder_ / "base3-komi-pie.map") << "lifeline-openings 1\nbase 3\nrules komi-pie\n"
                                                  << text;
  }
  ~KomiBook() { std::filesystem::remove_all(folder_); }

  std::string AnswerAt(int komi, const std::string& command = "lifeline-book") {
    SessionDriver driver;
    driver.Ok("lifeline-set book " + folder_.string());
    driver.Ok("boardsize 3");
    driver.Ok("lifeline-rules komi-pie");
    driver.Ok("komi " + std::to_string(komi));
    return driver.Ok(command);
  }

 private:
  std::filesystem::path folder_;
};

TEST(BookCommandsTest, TheMapsFairKomiIsItsFirstEntryBelowOneHalf) {
  KomiBook book(kEntries);
  EXPECT_EQ(book.AnswerAt(0),
            "stage first-turn\nkomi 0 black 0.6000 visits 9\nkomi 1 black 0.4500 visits 9\n"
            "komi 2 black 0.4000 visits 9\nfair-komi 1 map\nsecond-player-takes black");
  EXPECT_EQ(LastLine(book.AnswerAt(1)), "second-player-takes white");
  // A komi the map does not hold: no advice on the colours.
  EXPECT_EQ(book.AnswerAt(5).find("second-player-takes"), std::string::npos);
}

TEST(BookCommandsTest, AFairKomiByPlayOutranksTheEntries) {
  KomiBook book(std::string("fair-komi-by-play 3 range 2 4 crossing 2.6 games 400 visits 300\n") +
                kEntries);
  const std::string at_two = book.AnswerAt(2);
  EXPECT_NE(at_two.find("\nfair-komi 3 play range 2 4 crossing 2.6 games 400 visits 300\n"),
            std::string::npos)
      << at_two;
  // Below the fair komi by play Black is the better side, whatever the entry at 2 says.
  EXPECT_EQ(LastLine(at_two), "second-player-takes black");
  EXPECT_EQ(LastLine(book.AnswerAt(3)), "second-player-takes white");
  // Beyond the map's komi too.
  EXPECT_EQ(LastLine(book.AnswerAt(9)), "second-player-takes white");
}

TEST(BookCommandsTest, AMapThatNeverFallsBelowOneHalfKnowsNoFairKomi) {
  KomiBook book("komi 0 0.6000 visits 9\nkomi 1 0.5500 visits 9\n");
  EXPECT_NE(book.AnswerAt(0).find("\nfair-komi unknown\n"), std::string::npos);
  EXPECT_EQ(book.AnswerAt(0, "lifeline-gfx_book"),
            "TEXT at komi 0 the second player takes Black; no fair komi known");
}

TEST(BookCommandsTest, GoGuisLineSaysTheFairKomiAndTheColourToTake) {
  EXPECT_EQ(KomiBook(kEntries).AnswerAt(1, "lifeline-gfx_book"),
            "TEXT at komi 1 the second player takes White; fair komi 1 by the map's searches");
  KomiBook played(std::string("fair-komi-by-play 3 range 3 3 crossing 2.6 games 400 visits "
                              "300\n") +
                  kEntries);
  EXPECT_EQ(played.AnswerAt(2, "lifeline-gfx_book"),
            "TEXT at komi 2 the second player takes Black; fair komi 3 by play (400 games at 300 "
            "visits a move)");
}

}  // namespace
}  // namespace lifeline
