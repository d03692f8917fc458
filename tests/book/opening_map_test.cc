// Reading opening maps: every part of the format, and every damage named with its line.

#include "book/opening_map.h"

#include <string>

#include "core/notation.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

constexpr char kStrong[] = R"(lifeline-openings 1
# a comment
base 4
rules strong-pie
engine lifeline 0.2.0
visits 16000
turn A1,C3 0.4512 visits 16000
turn A1,B3 0 exact A2,D5 D2,D5
turn A2,D4 1 exact
)";

TEST(OpeningMapTest, ReadsHeaderAndEntries) {
  const absl::StatusOr<OpeningMap> map = OpeningMap::Parse(kStrong);
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->geometry().base(), 4);
  EXPECT_EQ(map->balancing(), Balancing::kStrongPie);
  ASSERT_EQ(map->header().size(), 2u);
  EXPECT_EQ(map->header()[0].first, "engine");
  EXPECT_EQ(map->header()[0].second, "lifeline 0.2.0");
  ASSERT_EQ(map->entries().size(), 3u);
  const Geometry& geometry = map->geometry();
  const MapEntry& estimate = map->entries()[0];
  EXPECT_FALSE(estimate.exact());
  EXPECT_EQ(estimate.visits, 16000);
  EXPECT_DOUBLE_EQ(estimate.chance, 0.4512);
  EXPECT_EQ(CellName(geometry, estimate.stones[0]), "A1");
  EXPECT_EQ(CellName(geometry, estimate.stones[1]), "C3");
  const MapEntry& played_on = map->entries()[1];
  EXPECT_TRUE(played_on.exact());
  EXPECT_EQ(played_on.chance, 0);
  ASSERT_EQ(played_on.winning_moves.size(), 2u);
  EXPECT_EQ(MoveToString(geometry, played_on.winning_moves[1]), "D2,D5");
  EXPECT_EQ(map->entries()[2].chance, 1);
}

TEST(OpeningMapTest, ReadsKomiEntries) {
  const absl::StatusOr<OpeningMap> map = OpeningMap::Parse(
      "lifeline-openings 1\nbase 3\nrules komi-pie\nkomi 0 1 exact A1 B2\nkomi 1 0.4 visits 9\n");
  ASSERT_TRUE(map.ok()) << map.status();
  ASSERT_EQ(map->entries().size(), 2u);
  EXPECT_EQ(map->entries()[0].kind, MapEntry::Kind::kKomi);
  EXPECT_EQ(map->entries()[0].winning_moves.size(), 2u);
  EXPECT_EQ(map->entries()[1].komi, 1);
  EXPECT_EQ(OpeningMapFileName(3, Balancing::kKomiPie), "base3-komi-pie.map");
}

TEST(OpeningMapTest, ReadsTheFairKomiByPlay) {
  const absl::StatusOr<OpeningMap> map = OpeningMap::Parse(
      "lifeline-openings 1\nbase 7\nrules komi-pie\n"
      "fair-komi-by-play 4 range 3 5 crossing 3.62 games 3000 visits 300\nkomi 0 0.53 visits 9\n");
  ASSERT_TRUE(map.ok()) << map.status();
  ASSERT_TRUE(map->played_fair_komi().has_value());
  const PlayedFairKomi& played = *map->played_fair_komi();
  EXPECT_EQ(played.komi, 4);
  EXPECT_EQ(played.low, 3);
  EXPECT_EQ(played.high, 5);
  EXPECT_DOUBLE_EQ(played.crossing, 3.62);
  EXPECT_EQ(played.games, 3000);
  EXPECT_EQ(played.visits, 300);
  // A header line like the others, too, so that nothing the file says is lost.
  EXPECT_EQ(map->header()[0].first, "fair-komi-by-play");
  EXPECT_FALSE(OpeningMap::Parse(kStrong)->played_fair_komi().has_value());
}

// Each damaged map is refused, and the message says what is wrong.
TEST(OpeningMapTest, RefusesEveryDamage) {
  const std::string head = "lifeline-openings 1\nbase 4\nrules strong-pie\n";
  const std::string komi = "lifeline-openings 1\nbase 4\nrules komi-pie\n";
  const struct {
    std::string text;
    std::string said;
  } cases[] = {
      {"", "not an opening map"},
      {"lifeline-openings 2\nbase 4\nrules strong-pie\n", "not an opening map"},
      {"lifeline-openings 1\nrules strong-pie\n", "no base"},
      {"lifeline-openings 1\nbase 14\nrules strong-pie\n", "no board base"},
      {"lifeline-openings 1\nbase 4\n", "no rules"},
      {"lifeline-openings 1\nbase 4\nrules strongest-pie\n", "strongest-pie"},
      {head + "turn A1 0.5 visits 10\n", "places 2 stones"},
      {head + "turn A1,A1 0.5 visits 10\n", "a pair of one cell"},
      {head + "turn A1,Z9 0.5 visits 10\n", "'Z9' is no cell"},
      {head + "turn A1,C3 1.5 visits 10\n", "no chance from 0 to 1"},
      {head + "turn A1,C3 nan visits 10\n", "no chance from 0 to 1"},
      {head + "turn A1,C3 0.5 exact\n", "an exact chance is 0 or 1"},
      {head + "turn A1,C3 0 exact A2,Q9\n", "is no move"},
      {head + "turn A1,C3 0.5 visits 0\n", "visits N"},
      {head + "turn A1,C3 0.5 visits\n", "visits N"},
      {head + "turn A1,C3 0.5\n", "no chance"},
      {head + "turn A1,C3 0.5 visits 9\nturn C3,A1 0.4 visits 9\n", "given twice"},
      {head + "turn A1,C3 0.5 visits 9\nvisits 10\n", "a header line after the entries"},
      {head + "komi 1 0.5 visits 9\n", "komi pie's maps"},
      {"lifeline-openings 1\nbase 4\nrules komi-pie\nturn A1 0.5 visits 9\n", "komi entries"},
      {"lifeline-openings 1\nbase 4\nrules komi-pie\nkomi -1 0.5 visits 9\n", "no whole komi"},
      {head + "fair-komi-by-play 1 range 0 2 crossing 0.5 games 9 visits 9\n", "komi pie's maps"},
      {komi + "fair-komi-by-play 1 range 0 2 crossing 0.5 games 9\n", "expected 'K range"},
      {komi + "fair-komi-by-play 1 span 0 2 crossing 0.5 games 9 visits 9\n", "expected 'K range"},
      {komi + "fair-komi-by-play x range 0 2 crossing 0.5 games 9 visits 9\n", "expected"},
      {komi + "fair-komi-by-play 1 range 2 3 crossing 0.5 games 9 visits 9\n", "LOW <= K"},
      {komi + "fair-komi-by-play 1 range -1 1 crossing 0.5 games 9 visits 9\n", "0 <= LOW"},
      {komi + "fair-komi-by-play 1 range 0 2 crossing nan games 9 visits 9\n", "a number X"},
      {komi + "fair-komi-by-play 1 range 0 2 crossing 0.5 games 0 visits 9\n", "at least 1"},
  };
  for (const auto& c : cases) {
    const absl::StatusOr<OpeningMap> map = OpeningMap::Parse(c.text);
    ASSERT_FALSE(map.ok()) << c.text;
    EXPECT_NE(map.status().message().find(c.said), std::string::npos)
        << c.text << " -> " << map.status().message();
  }
}

TEST(OpeningMapTest, ALineNumberComesWithAnEntryError) {
  const absl::StatusOr<OpeningMap> map =
      OpeningMap::Parse("lifeline-openings 1\nbase 4\nrules weak-pie\n\nturn A1 2 visits 3\n");
  ASSERT_FALSE(map.ok());
  EXPECT_NE(map.status().message().find("line 5 'turn A1 2 visits 3'"), std::string::npos)
      << map.status();
}

TEST(OpeningMapTest, LoadNamesTheFile) {
  const absl::StatusOr<OpeningMap> missing = OpeningMap::Load("/nonexistent/base4-weak-pie.map");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("/nonexistent/base4-weak-pie.map"), std::string::npos);
}

}  // namespace
}  // namespace lifeline
