// The search's playouts run on the board sized to its base: they must play the game that the
// full-width playout plays from the same seed, record the same cells and name the same winner.

#include <optional>

#include "core/bitset.h"
#include "core/geometry.h"
#include "core/move.h"
#include "core/position.h"
#include "core/random.h"
#include "core/rules.h"
#include "gtest/gtest.h"
#include "search/policy_playout.h"
#include "search/recorded_playout.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

// A position `moves` random actions into a game, then one more whose cell (if it placed a
// single stone) is the last move the policy answers.
Position RandomStart(int base, Balancing balancing, int moves, uint64_t seed, Cell* last) {
  Position position = test::RandomPosition(base, Rules{balancing, 2}, moves, seed);
  Rng rng(seed + 1);
  *last = kNoCell;
  if (const std::optional<Move> move = position.RandomMove(rng)) {
    if (move->kind == Move::Kind::kPlace) *last = move->first;
    position.Play(*move);
  }
  return position;
}

// Calls check(start, last_move, seed, count_settled) over bases, balancings, game stages and
// both ways of ending a playout.
template <typename F>
void ForEachStart(F&& check) {
  for (Balancing balancing : {Balancing::kStrongPie, Balancing::kWeakPie, Balancing::kKomiPie}) {
    for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
      for (int moves : {0, 6, 3 * base}) {
        for (bool count_settled : {false, true}) {
          const uint64_t seed = 1000 * base + 10 * moves + (count_settled ? 1 : 0);
          Cell last = kNoCell;
          const Position start = RandomStart(base, balancing, moves, seed, &last);
          SCOPED_TRACE(testing::Message() << "base " << base << " moves " << moves
                                          << " count_settled " << count_settled);
          check(start, last, seed, count_settled);
        }
      }
    }
  }
}

TEST(SizedPlayoutTest, PolicyPlayoutMatchesTheFullWidth) {
  ForEachStart([](const Position& start, Cell last, uint64_t seed, bool count_settled) {
    Rng sized_rng(seed);
    Rng full_rng(seed);
    Bitset sized_played[2];
    Bitset full_played[2];
    sized_played[0].Set(start.geometry().Center());  // recorded cells are added to, not replaced
    full_played[0].Set(start.geometry().Center());
    Bitset sized_held[2];
    Bitset full_held[2];
    const Color sized =
        PolicyPlayout(start, last, sized_rng, sized_played, count_settled, nullptr, sized_held);
    const Color full = PolicyPlayout<kMaxWords>(start, last, full_rng, full_played, count_settled,
                                                nullptr, full_held);
    EXPECT_EQ(sized, full);
    EXPECT_EQ(sized_played[0], full_played[0]);
    EXPECT_EQ(sized_played[1], full_played[1]);
    EXPECT_EQ(sized_held[0], full_held[0]);
    EXPECT_EQ(sized_held[1], full_held[1]);
    EXPECT_EQ(sized_rng.Next(), full_rng.Next());
  });
}

TEST(SizedPlayoutTest, RecordedPlayoutMatchesTheFullWidth) {
  ForEachStart([](const Position& start, Cell, uint64_t seed, bool count_settled) {
    Rng sized_rng(seed);
    Rng full_rng(seed);
    Bitset sized_played[2];
    Bitset full_played[2];
    Bitset sized_held[2];
    Bitset full_held[2];
    const Color sized = RecordedPlayout(start, sized_rng, sized_played, count_settled, sized_held);
    const Color full =
        RecordedPlayout<kMaxWords>(start, full_rng, full_played, count_settled, full_held);
    EXPECT_EQ(sized, full);
    EXPECT_EQ(sized_played[0], full_played[0]);
    EXPECT_EQ(sized_played[1], full_played[1]);
    EXPECT_EQ(sized_held[0], full_held[0]);
    EXPECT_EQ(sized_held[1], full_held[1]);
    EXPECT_EQ(sized_rng.Next(), full_rng.Next());
  });
}

}  // namespace
}  // namespace lifeline
