// The fast core against the reference implementation over random games: at every turn the
// full set of legal actions, the board, the turn state and, at the end, the winner must agree.

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "reference_rules.h"
#include "test_support.h"

namespace lifeline {
namespace {

using reference::Action;
using reference::RefGame;
using reference::Stone;

struct ComparisonCase {
  int base;
  Balancing balancing;
  // Turns to compare at least; games are played to the end, so a few more are compared.
  int min_turns;
};

std::string CaseName(const ::testing::TestParamInfo<ComparisonCase>& info) {
  std::string name = absl::StrCat("Base", info.param.base, BalancingName(info.param.balancing));
  name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
  // The larger boards take seconds each; the quick test mode leaves them out.
  if (info.param.base >= 7) name += "Slow";
  return name;
}

// Komi pie games cycle through these komi values, so that games with no komi, with komi spent
// early and with komi left at the end all occur.
constexpr int kKomiValues[] = {0, 1, 3};

class ReferenceComparisonTest : public ::testing::TestWithParam<ComparisonCase> {
 protected:
  // Compares everything observable before the side to move acts, given the reference's legal
  // actions.
  static void CompareTurn(const Position& position, const RefGame& ref,
                          const std::vector<Action>& expected);
  // Plays `action` on the core position, a pair sometimes as its two halves, and checks what
  // the pending first stone allows.
  // `legal` is the reference's list of legal actions before `action`.
  static void PlayOnCore(Position& position, const std::vector<Action>& legal, const Action& action,
                         Rng& rng);
};

void ReferenceComparisonTest::CompareTurn(const Position& position, const RefGame& ref,
                                          const std::vector<Action>& expected) {
  const Geometry& geometry = position.geometry();
  const std::vector<Action> actual = test::CoreActions(position);
  EXPECT_TRUE(test::SameStones(position.board(), ref.board()));
  EXPECT_EQ(test::ToStone(position.to_move()), ref.to_move());
  EXPECT_EQ(position.swapped(), ref.swapped());
  EXPECT_EQ(position.komi_left(), ref.komi_left());
  EXPECT_EQ(position.captured(Color::kBlack), ref.captured(Stone::kBlack));
  EXPECT_EQ(position.captured(Color::kWhite), ref.captured(Stone::kWhite));
  EXPECT_EQ(position.CanSwap(), ref.CanSwap());
  EXPECT_EQ(position.CanSpendKomi(), ref.CanSpendKomi());
  EXPECT_EQ(position.HasLegalAction(), !expected.empty());
  EXPECT_EQ(position.IsOver(), expected.empty());
  if (!expected.empty()) {
    EXPECT_EQ(position.IsDoubleTurn(), ref.IsDoubleTurn());
    EXPECT_EQ(position.IsSetupTurn(), ref.IsSetupTurn());
    EXPECT_EQ(position.stones_to_place(), ref.IsDoubleTurn() ? 2 : 1);
    EXPECT_EQ(position.phase(),
              ref.IsDoubleTurn() || ref.IsSetupTurn() ? Phase::kOpening : Phase::kPlay);
  }
  if (actual != expected) {
    std::vector<Action> missing;
    std::vector<Action> extra;
    std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                        std::back_inserter(missing));
    std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                        std::back_inserter(extra));
    ADD_FAILURE() << "legal actions differ for " << ColorName(position.to_move()) << " to move\n"
                  << ref.board().ToText() << "core lacks: " << test::Describe(geometry, missing)
                  << "\ncore adds: " << test::Describe(geometry, extra);
    return;
  }

  // The single-cell questions must agree with the list: PlacementCells holds the cells that
  // start some legal placement or pair, and WhyIllegal accepts exactly the listed placements.
  Bitset starts;
  for (const Action& action : expected) {
    if (action.kind == Action::Kind::kPlace || action.kind == Action::Kind::kPair) {
      starts.Set(test::ToCell(geometry, action.a));
    }
    if (action.kind == Action::Kind::kPair) starts.Set(test::ToCell(geometry, action.b));
  }
  EXPECT_TRUE(position.PlacementCells() == starts);
  if (!ref.IsDoubleTurn()) {
    geometry.cells().ForEach([&](Cell c) {
      const bool listed = std::binary_search(expected.begin(), expected.end(),
                                             Action::Place(test::ToPoint(geometry, c)));
      EXPECT_EQ(position.IsLegal(Move::Place(c)), listed) << CellName(geometry, c);
    });
  }

  // docs/rules.md, "A turn": after the opening, a player with a stone always has a legal
  // placement, and a player without one never has.
  if (!ref.IsDoubleTurn() && !ref.IsSetupTurn()) {
    const bool has_stone = ref.board().Count(ref.to_move()) > 0;
    const bool has_placement = position.PlacementCells().Any();
    EXPECT_EQ(has_placement, has_stone) << ref.board().ToText();
  }
}

void ReferenceComparisonTest::PlayOnCore(Position& position, const std::vector<Action>& legal,
                                         const Action& action, Rng& rng) {
  const Geometry& geometry = position.geometry();
  const Move move = test::ToMove(geometry, action);
  ASSERT_TRUE(position.IsLegal(move)) << MoveErrorName(*position.WhyIllegal(move));
  if (move.kind != Move::Kind::kPair || rng.Below(2) == 0) {
    position.Play(move);
    return;
  }
  // Enter the pair stone by stone, starting with either of its cells, and check that the
  // pending stone allows exactly the partners the reference allows and yields the same
  // position as the whole pair.
  Position whole = position;
  whole.Play(move);
  const bool second_first = rng.Below(2) == 0;
  const Cell start = second_first ? move.second : move.first;
  const Cell finish = second_first ? move.first : move.second;
  position.Play(Move::Place(start));
  EXPECT_EQ(position.pending_stone(), start);
  EXPECT_EQ(position.stones_to_place(), 1);
  Bitset partners;
  for (const Action& other : legal) {
    if (other.kind != Action::Kind::kPair) continue;
    const Cell a = test::ToCell(geometry, other.a);
    const Cell b = test::ToCell(geometry, other.b);
    if (a == start) partners.Set(b);
    if (b == start) partners.Set(a);
  }
  EXPECT_TRUE(position.PlacementCells() == partners) << "pending " << CellName(geometry, start);
  position.Play(Move::Place(finish));
  EXPECT_EQ(position.pending_stone(), kNoCell);
  EXPECT_TRUE(position.board() == whole.board());
  EXPECT_EQ(position.hash(), whole.hash());
}

TEST_P(ReferenceComparisonTest, AgreesOnEveryTurn) {
  const ComparisonCase& param = GetParam();
  const Geometry& geometry = Geometry::ForBase(param.base);
  Rng rng(1000 * static_cast<uint64_t>(param.base) + static_cast<uint64_t>(param.balancing));
  // Two positions with the same stones and turn state must hash alike; two with different
  // stones must not (a 64-bit collision among some ten thousand positions would be a fluke).
  std::map<uint64_t, std::string> stones_of_hash;
  std::map<std::string, uint64_t> hash_of_state;
  // Every game starts from the same position, whose legal actions (on a strong pie double turn,
  // the costliest list of the game) the reference works out once.
  const std::vector<Action> first_actions =
      RefGame(param.base, test::ToMethod(param.balancing), 0).LegalActions();
  int turns = 0;
  int games = 0;
  while (turns < param.min_turns) {
    const int komi = kKomiValues[games % std::size(kKomiValues)];
    Position position(geometry, Rules{param.balancing, komi});
    RefGame ref(param.base, test::ToMethod(param.balancing), komi);
    for (bool first = true;; first = false) {
      const std::vector<Action> actions = first ? first_actions : ref.LegalActions();
      CompareTurn(position, ref, actions);
      if (HasFailure()) return;
      if (actions.empty()) break;
      const std::string stones = ref.board().ToText();
      const auto [it, inserted] = stones_of_hash.emplace(position.hash(), stones);
      EXPECT_TRUE(inserted || it->second == stones) << "hash collision:\n" << it->second << stones;
      const std::string state =
          absl::StrCat(stones, ColorName(position.to_move()), ref.IsDoubleTurn(), ref.IsSetupTurn(),
                       ref.swapped(), " komi ", ref.komi_left());
      const auto [known, fresh] = hash_of_state.emplace(state, position.hash());
      EXPECT_TRUE(fresh || known->second == position.hash()) << "two hashes for\n" << state;

      // The core's own random choice must be one of the legal actions.
      Rng side_rng(rng.Next());
      const std::optional<Move> random = position.RandomMove(side_rng);
      ASSERT_TRUE(random.has_value());
      EXPECT_TRUE(
          std::binary_search(actions.begin(), actions.end(), test::ToAction(geometry, *random)))
          << MoveToString(geometry, *random);

      const Action chosen = actions[rng.Below(static_cast<uint32_t>(actions.size()))];
      PlayOnCore(position, actions, chosen, rng);
      ref.Play(chosen);
      ++turns;
      if (HasFailure()) {
        ADD_FAILURE() << "after " << reference::ToString(chosen) << " in game " << games;
        return;
      }
    }
    EXPECT_EQ(test::ToStone(position.winner()), ref.Winner());
    // The player to move who has no action loses: the winner is the other colour.
    EXPECT_EQ(ref.Winner(), reference::Other(ref.to_move()));
    ++games;
  }
}

std::vector<ComparisonCase> Cases() {
  std::vector<ComparisonCase> cases;
  for (Balancing balancing : {Balancing::kStrongPie, Balancing::kWeakPie, Balancing::kKomiPie}) {
    for (int base = 2; base <= 8; ++base) cases.push_back({base, balancing, 10000});
    // Larger boards cost the brute-force reference much more per turn; fewer games there.
    cases.push_back({9, balancing, 1500});
    cases.push_back({12, balancing, 600});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllBasesAndMethods, ReferenceComparisonTest, ::testing::ValuesIn(Cases()),
                         CaseName);

}  // namespace
}  // namespace lifeline
