// The opening book on hand-made maps: finding a first turn by any symmetry (checked against a
// plain search of every entry's images), and the moves it advises at each stage.

#include "book/opening_book.h"

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/symmetry.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

OpeningBook BookOf(const std::string& text) {
  absl::StatusOr<OpeningMap> map = OpeningMap::Parse(text);
  EXPECT_TRUE(map.ok()) << map.status();
  absl::StatusOr<OpeningBook> book = OpeningBook::Make(*std::move(map));
  EXPECT_TRUE(book.ok()) << book.status();
  return *std::move(book);
}

Cell At(const Geometry& geometry, const std::string& name) {
  return ReadCell(geometry, name).value;
}

std::set<std::string> Moves(const Geometry& geometry, const BookAdvice& advice) {
  std::set<std::string> moves;
  for (const BookCandidate& c : advice.choices) moves.insert(MoveToString(geometry, c.move));
  return moves;
}

Position After(Position position, const std::vector<std::string>& tokens) {
  for (const std::string& token : tokens) {
    const Reading<Move> move = ReadMove(position.geometry(), token);
    EXPECT_TRUE(move.ok() && position.IsLegal(move.value)) << token;
    position.Play(move.value);
  }
  return position;
}

constexpr char kBaseFour[] = R"(lifeline-openings 1
base 4
rules strong-pie
turn A1,C3 0.4900 visits 100
turn A1,D4 0.5050 visits 100
turn B2,F6 0.3000 visits 100
turn A1,G7 0.7000 visits 100
turn D4,E6 0 exact A1,G7 B1,G6
)";

// The slow, obvious way: the entry one of whose twelve images is the set of `stones`.
const MapEntry* FindByHand(const OpeningMap& map, std::vector<Cell> stones) {
  const Symmetries& symmetries = Symmetries::ForBase(map.geometry().base());
  std::sort(stones.begin(), stones.end());
  for (const MapEntry& entry : map.entries()) {
    for (int k = 0; k < Symmetries::kCount; ++k) {
      std::vector<Cell> image;
      for (Cell cell : entry.stones) image.push_back(symmetries.Map(k, cell));
      std::sort(image.begin(), image.end());
      if (image == stones) return &entry;
    }
  }
  return nullptr;
}

TEST(OpeningBookTest, FindsEveryPairAsAPlainSearchDoes) {
  const OpeningBook book = BookOf(kBaseFour);
  const Geometry& geometry = book.map().geometry();
  const Symmetries& symmetries = Symmetries::ForBase(4);
  int found = 0;
  geometry.cells().ForEach([&](Cell a) {
    geometry.cells().ForEach([&](Cell b) {
      if (a >= b) return;
      const auto result = book.Find({a, b});
      const MapEntry* expected = FindByHand(book.map(), {a, b});
      ASSERT_EQ(result.has_value(), expected != nullptr);
      if (!result) return;
      ++found;
      EXPECT_EQ(result->entry, expected);
      // The symmetry it names carries the entry's stones onto these.
      std::set<Cell> image;
      for (Cell cell : result->entry->stones) image.insert(symmetries.Map(result->symmetry, cell));
      EXPECT_EQ(image, (std::set<Cell>{a, b}));
    });
  });
  // A1,C3 and A1,D4 and A1,G7 have 6 images, B2,F6 12... whatever their sizes, some were found
  // in every class, and the order of a pair's cells does not matter.
  EXPECT_GT(found, 5);
  EXPECT_TRUE(book.Find({At(geometry, "C3"), At(geometry, "A1")}).has_value());
}

TEST(OpeningBookTest, TheFirstPlayerDrawsAmongTheMostBalancedTurns) {
  const OpeningBook book = BookOf(kBaseFour);
  const Position start(Geometry::ForBase(4), Rules{});
  const BookAdvice advice = book.Advise(start);
  EXPECT_EQ(advice.stage, BookStage::kFirstTurn);
  // A1,C3 (0.49) and A1,D4 (0.495 for the first player) lie within 0.01: both classes, every
  // image, and nothing else.
  std::set<std::string> expected;
  const Symmetries& symmetries = Symmetries::ForBase(4);
  for (const char* turn : {"A1,C3", "A1,D4"}) {
    const Move move = ReadMove(start.geometry(), turn).value;
    for (int k = 0; k < Symmetries::kCount; ++k) {
      expected.insert(MoveToString(start.geometry(), Move::Pair(symmetries.Map(k, move.first),
                                                                symmetries.Map(k, move.second))));
    }
  }
  EXPECT_EQ(Moves(start.geometry(), advice), expected);
  for (const BookCandidate& c : advice.choices) EXPECT_TRUE(start.IsLegal(c.move));
  // The engine plays the proof alone: an image of D4,E6, the one proven first turn.
  Rng rng(7);
  const std::optional<BookCandidate> chosen = book.Choose(start, rng);
  ASSERT_TRUE(chosen.has_value());
  EXPECT_TRUE(chosen->entry->exact());
  EXPECT_EQ(book.Find({chosen->move.first, chosen->move.second})->entry, chosen->entry);
  // A map of estimates alone advises, but the engine plays nothing from it.
  const OpeningBook estimates =
      BookOf("lifeline-openings 1\nbase 4\nrules strong-pie\nturn A1,C3 0.49 visits 100\n");
  EXPECT_FALSE(estimates.Advise(start).choices.empty());
  EXPECT_FALSE(estimates.Choose(start, rng).has_value());
}

TEST(OpeningBookTest, WithTheFirstStoneStandingItsBestPartnersAreAdvised) {
  const OpeningBook book = BookOf(kBaseFour);
  const Position start(Geometry::ForBase(4), Rules{});
  const Position pending = After(start, {"B2"});
  const BookAdvice advice = book.Advise(pending);
  // Through B2 only B2,F6 (0.30) and its images: its partners.
  for (const BookCandidate& c : advice.choices) {
    EXPECT_EQ(c.move.kind, Move::Kind::kPlace);
    EXPECT_EQ(c.entry->chance, 0.3);
  }
  EXPECT_TRUE(Moves(pending.geometry(), advice).count("F6"));
  const std::vector<double> figures = book.CellFigures(pending);
  EXPECT_DOUBLE_EQ(figures[At(pending.geometry(), "F6")], 0.3);
  EXPECT_TRUE(std::isnan(figures[At(pending.geometry(), "D4")]));
}

TEST(OpeningBookTest, EmptyBoardFiguresAreTheBestBalanceThroughEachCell) {
  const OpeningBook book = BookOf(kBaseFour);
  const Position start(Geometry::ForBase(4), Rules{});
  const std::vector<double> figures = book.CellFigures(start);
  const Geometry& geometry = start.geometry();
  EXPECT_DOUBLE_EQ(figures[At(geometry, "A1")], 0.495);  // A1,D4: min(0.505, 0.495)
  EXPECT_DOUBLE_EQ(figures[At(geometry, "C3")], 0.49);
  EXPECT_DOUBLE_EQ(figures[At(geometry, "F6")], 0.3);
  EXPECT_DOUBLE_EQ(figures[At(geometry, "E6")], 0.0);  // only the exact D4,E6
}

TEST(OpeningBookTest, AnEstimatedFirstTurnsSwapDecisionIsTheSearchs) {
  const OpeningBook book = BookOf(kBaseFour);
  const Position start(Geometry::ForBase(4), Rules{});
  const Geometry& geometry = start.geometry();
  // G7,A1 is A1,G7's own image: estimated at 0.70 to its holder. The entry is told (the map
  // says swap), but no move is advised: the search decides.
  BookAdvice advice = book.Advise(After(start, {"G7,A1"}));
  EXPECT_EQ(advice.stage, BookStage::kSwapDecision);
  ASSERT_NE(advice.entry, nullptr);
  EXPECT_DOUBLE_EQ(advice.entry->chance, 0.7);
  EXPECT_TRUE(advice.choices.empty());
  // An image of A1,C3 (0.49): found through the symmetry, and again the search decides.
  const Symmetries& symmetries = Symmetries::ForBase(4);
  const Move image =
      Move::Pair(symmetries.Map(3, At(geometry, "A1")), symmetries.Map(3, At(geometry, "C3")));
  advice = book.Advise(After(start, {MoveToString(geometry, image)}));
  ASSERT_NE(advice.entry, nullptr);
  EXPECT_DOUBLE_EQ(advice.entry->chance, 0.49);
  EXPECT_TRUE(advice.choices.empty());
  // A first turn the map lacks: nothing said.
  advice = book.Advise(After(start, {"A1,A3"}));
  EXPECT_EQ(advice.entry, nullptr);
  EXPECT_TRUE(advice.choices.empty());
}

// A refined map: its two classes nearest one half at 1600 visits, the others at 100.
constexpr char kRefinedBaseFour[] = R"(lifeline-openings 1
base 4
rules strong-pie
visits 100
refine-visits 1600
refine-count 2
turn A1,C3 0.4700 visits 1600
turn A1,D4 0.4500 visits 1600
turn B2,F6 0.4950 visits 100
turn A1,G7 0.7000 visits 100
turn D4,E6 0 exact A1,G7 B1,G6
)";

TEST(OpeningBookTest, ARefinedMapPlaysFromItsRefinedEstimatesAlone) {
  const OpeningBook book = BookOf(kRefinedBaseFour);
  const Position start(Geometry::ForBase(4), Rules{});
  const Geometry& geometry = start.geometry();
  // B2,F6 looks the most balanced but rests on 100 visits: the book draws from A1,C3 alone.
  BookAdvice advice = book.Advise(start);
  ASSERT_FALSE(advice.choices.empty());
  for (const BookCandidate& c : advice.choices) EXPECT_DOUBLE_EQ(c.entry->chance, 0.47);
  // The picture still shows every figure.
  EXPECT_DOUBLE_EQ(book.CellFigures(start)[At(geometry, "F6")], 0.495);
  // At the swap decision only the proof is played from.
  EXPECT_TRUE(book.Advise(After(start, {"A1,D4"})).choices.empty());
  EXPECT_FALSE(book.Advise(After(start, {"D4,E6"})).choices.empty());
}

TEST(OpeningBookTest, ProvenRepliesFollowTheSymmetryOfTheFirstTurn) {
  const OpeningBook book = BookOf(kBaseFour);
  const Position start(Geometry::ForBase(4), Rules{});
  const Symmetries& symmetries = Symmetries::ForBase(4);
  const Geometry& geometry = start.geometry();
  const Move entry_turn = ReadMove(geometry, "D4,E6").value;
  for (int k = 0; k < Symmetries::kCount; ++k) {
    const Move image =
        Move::Pair(symmetries.Map(k, entry_turn.first), symmetries.Map(k, entry_turn.second));
    Position decision = start;
    decision.Play(image);
    const BookAdvice advice = book.Advise(decision);
    ASSERT_FALSE(advice.choices.empty()) << k;
    for (const BookCandidate& c : advice.choices) {
      EXPECT_TRUE(decision.IsLegal(c.move));
      EXPECT_EQ(c.chance, 1.0);
      // The reply is an image of A1,G7 or B1,G6 under a symmetry that carries D4,E6 onto
      // this first turn.
      bool explained = false;
      for (int j = 0; j < Symmetries::kCount; ++j) {
        const std::set<Cell> turn_image = {symmetries.Map(j, entry_turn.first),
                                           symmetries.Map(j, entry_turn.second)};
        if (turn_image != std::set<Cell>{image.first, image.second}) continue;
        for (const char* reply : {"A1,G7", "B1,G6"}) {
          const Move r = ReadMove(geometry, reply).value;
          explained |=
              Move::Pair(symmetries.Map(j, r.first), symmetries.Map(j, r.second)) == c.move;
        }
      }
      EXPECT_TRUE(explained) << MoveToString(geometry, c.move);
    }
  }
}

TEST(OpeningBookTest, NothingAfterTheFirstTurns) {
  const OpeningBook book = BookOf(kBaseFour);
  const Position start(Geometry::ForBase(4), Rules{});
  const Position later = After(start, {"A1,C3", "swap"});
  EXPECT_EQ(book.Advise(later).stage, BookStage::kNone);
  EXPECT_TRUE(book.CellFigures(later).empty());
  EXPECT_EQ(book.Advise(After(start, {"A1,C3", "D4,F6"})).stage, BookStage::kNone);
}

TEST(OpeningBookTest, WeakPieFiguresAreEachStonesHolderChance) {
  const OpeningBook book = BookOf(
      "lifeline-openings 1\nbase 3\nrules weak-pie\nturn A1 0.6 visits 9\nturn B2 0.45 visits 9\n");
  const Position start(Geometry::ForBase(3), Rules{Balancing::kWeakPie, 0});
  const std::vector<double> figures = book.CellFigures(start);
  EXPECT_DOUBLE_EQ(figures[At(start.geometry(), "E5")], 0.6);   // a corner
  EXPECT_DOUBLE_EQ(figures[At(start.geometry(), "C2")], 0.45);  // next to the centre
  EXPECT_TRUE(std::isnan(figures[At(start.geometry(), "C3")]));
  EXPECT_EQ(book.Advise(start).choices.size(), 6u);  // B2's six images: 0.45, above A1's 0.4
  // C5 (an image of A1, estimated): the map says swap, the search decides.
  const BookAdvice swap_decision = book.Advise(After(start, {"C5"}));
  ASSERT_NE(swap_decision.entry, nullptr);
  EXPECT_DOUBLE_EQ(swap_decision.entry->chance, 0.6);
  EXPECT_TRUE(swap_decision.choices.empty());
}

TEST(OpeningBookTest, KomiPiePlaysAProvenFirstStoneAtTheGamesKomi) {
  const OpeningBook book =
      BookOf("lifeline-openings 1\nbase 3\nrules komi-pie\nkomi 0 1 exact B2 C3\nkomi 1 0 exact\n");
  const Position zero(Geometry::ForBase(3), Rules{Balancing::kKomiPie, 0});
  EXPECT_EQ(Moves(zero.geometry(), book.Advise(zero)), (std::set<std::string>{"B2", "C3"}));
  const Position one(Geometry::ForBase(3), Rules{Balancing::kKomiPie, 1});
  const BookAdvice advice = book.Advise(one);
  EXPECT_TRUE(advice.choices.empty());
  ASSERT_NE(advice.entry, nullptr);
  EXPECT_EQ(advice.entry->komi, 1);
}

TEST(OpeningBookTest, TwoMembersOfOneClassAreRefused) {
  const absl::StatusOr<OpeningMap> map = OpeningMap::Parse(
      "lifeline-openings 1\nbase 4\nrules strong-pie\nturn A1,C3 0.5 visits 9\n"
      "turn G7,E5 0.4 visits 9\n");
  ASSERT_TRUE(map.ok());
  const absl::StatusOr<OpeningBook> book = OpeningBook::Make(*map);
  ASSERT_FALSE(book.ok());
  EXPECT_NE(book.status().message().find("are one class"), std::string::npos) << book.status();
}

}  // namespace
}  // namespace lifeline
