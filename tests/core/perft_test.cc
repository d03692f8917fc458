// Perft: the number of action sequences of a given length from the empty board, counted by the
// core and by the reference and frozen as regression numbers. Any change in move generation,
// turn order, swap or setup rules changes one of these.

#include "core/perft.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "reference_rules.h"
#include "test_support.h"

namespace lifeline {
namespace {

uint64_t ReferencePerft(const reference::RefGame& game, int depth) {
  if (depth == 0) return 1;
  const std::vector<reference::Action> actions = game.LegalActions();
  if (depth == 1) return actions.size();
  uint64_t total = 0;
  for (const reference::Action& action : actions) {
    reference::RefGame next = game;
    next.Play(action);
    total += ReferencePerft(next, depth - 1);
  }
  return total;
}

struct PerftCase {
  int base;
  Balancing balancing;
  int komi;
  int depth;
  uint64_t count;
};

std::string CaseName(const ::testing::TestParamInfo<PerftCase>& info) {
  std::string name = absl::StrCat("Base", info.param.base, BalancingName(info.param.balancing),
                                  "Depth", info.param.depth);
  name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
  return name;
}

class PerftTest : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTest, MatchesTheReferenceAndTheFrozenCount) {
  const PerftCase& c = GetParam();
  const Position start(Geometry::ForBase(c.base), Rules{c.balancing, c.komi});
  const uint64_t core = Perft(start, c.depth);
  const reference::RefGame ref(c.base, test::ToMethod(c.balancing), c.komi);
  EXPECT_EQ(core, ReferencePerft(ref, c.depth));
  EXPECT_EQ(core, c.count);
}

// Komi pie is run with one point of komi; it cannot be spent within five actions (the setup
// and Black's first placement), so komi pie counts are weak pie's without the swap lines.
// Depth 5 on base 3 takes in the first placement with removals.
INSTANTIATE_TEST_SUITE_P(
    SmallBoards, PerftTest,
    ::testing::Values(
        PerftCase{2, Balancing::kStrongPie, 0, 1, 9}, PerftCase{2, Balancing::kStrongPie, 0, 2, 45},
        PerftCase{2, Balancing::kStrongPie, 0, 3, 144},
        PerftCase{2, Balancing::kStrongPie, 0, 4, 300}, PerftCase{2, Balancing::kWeakPie, 0, 1, 7},
        PerftCase{2, Balancing::kWeakPie, 0, 2, 49}, PerftCase{2, Balancing::kWeakPie, 0, 3, 132},
        PerftCase{2, Balancing::kWeakPie, 0, 4, 234}, PerftCase{2, Balancing::kKomiPie, 1, 1, 7},
        PerftCase{2, Balancing::kKomiPie, 1, 2, 42}, PerftCase{2, Balancing::kKomiPie, 1, 3, 90},
        PerftCase{2, Balancing::kKomiPie, 1, 4, 144},
        PerftCase{3, Balancing::kStrongPie, 0, 1, 129},
        PerftCase{3, Balancing::kStrongPie, 0, 2, 13365},
        PerftCase{3, Balancing::kStrongPie, 0, 3, 211776},
        PerftCase{3, Balancing::kWeakPie, 0, 1, 19}, PerftCase{3, Balancing::kWeakPie, 0, 2, 361},
        PerftCase{3, Balancing::kWeakPie, 0, 3, 4728},
        PerftCase{3, Balancing::kWeakPie, 0, 4, 57330},
        PerftCase{3, Balancing::kWeakPie, 0, 5, 847104},
        PerftCase{3, Balancing::kKomiPie, 1, 1, 19}, PerftCase{3, Balancing::kKomiPie, 1, 2, 342},
        PerftCase{3, Balancing::kKomiPie, 1, 3, 4386},
        PerftCase{3, Balancing::kKomiPie, 1, 4, 52944},
        PerftCase{3, Balancing::kKomiPie, 1, 5, 794160}),
    CaseName);

}  // namespace
}  // namespace lifeline
