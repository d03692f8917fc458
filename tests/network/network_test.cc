// The engine's network against the Python model it was trained as: small networks with random
// weights (data/tiny.net, data/odd.net) must give the outputs the Python model gives
// (data/*_expected.txt, written and checked by tests/scripts/test_network.py) on fixed
// positions, and the input planes must say what the position says.

#include "network/network.h"

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/move.h"
#include "core/notation.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

const std::string kData = LIFELINE_NETWORK_TEST_DATA;

// One case of tiny_expected.txt: a position and the Python model's outputs on it.
struct Expected {
  int base = 0;
  Balancing balancing = Balancing::kStrongPie;
  int komi = 0;
  std::vector<std::string> moves;
  double value = 0, swap = 0, spend = 0;
  std::vector<std::string> cells;
  std::vector<double> policy, territory;
};

std::vector<Expected> ReadExpected(const std::string& name) {
  std::ifstream file(kData + "/" + name + "_expected.txt");
  std::vector<Expected> cases;
  std::string line;
  while (std::getline(file, line)) {
    const std::vector<std::string> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
    if (words.empty()) continue;
    if (words[0] == "case") {
      Expected next;
      EXPECT_TRUE(absl::SimpleAtoi(words[1], &next.base));
      next.balancing = *ParseBalancing(words[2]);
      next.moves.assign(words.begin() + 3, words.end());
      cases.push_back(next);
    } else if (words[0] == "value") {
      EXPECT_TRUE(absl::SimpleAtod(words[1], &cases.back().value));
    } else if (words[0] == "komi") {
      EXPECT_TRUE(absl::SimpleAtoi(words[1], &cases.back().komi));
    } else if (words[0] == "swap") {
      EXPECT_TRUE(absl::SimpleAtod(words[1], &cases.back().swap));
    } else if (words[0] == "spend") {
      EXPECT_TRUE(absl::SimpleAtod(words[1], &cases.back().spend));
    } else {
      double p = 0, t = 0;
      EXPECT_TRUE(absl::SimpleAtod(words[2], &p) && absl::SimpleAtod(words[3], &t)) << line;
      cases.back().cells.push_back(words[1]);
      cases.back().policy.push_back(p);
      cases.back().territory.push_back(t);
    }
  }
  return cases;
}

Position Replay(const Expected& expected) {
  const Geometry& geometry = Geometry::ForBase(expected.base);
  Position position(geometry, Rules{expected.balancing, expected.komi});
  for (const std::string& text : expected.moves) {
    const Reading<Move> move = ReadMove(geometry, text);
    EXPECT_TRUE(move.ok() && position.IsLegal(move.value)) << text;
    position.Play(move.value);
  }
  return position;
}

class NetworkTest : public ::testing::TestWithParam<const char*> {};

// tiny: 2 blocks of 8 channels; odd: 1 block of 6, which is no multiple of the four outputs
// the convolution computes at a time; pooled: 3 blocks of 8 with global pooling in the second
// (pool-every 2), trained with the auxiliary heads, which the file leaves out; rules: the
// same kind reading the rules and the komi, with a spend output (format 3).
INSTANTIATE_TEST_SUITE_P(Networks, NetworkTest,
                         ::testing::Values("tiny", "odd", "pooled", "rules"));

TEST_P(NetworkTest, GivesThePythonModelsOutputs) {
  const absl::StatusOr<Network> network = Network::Load(kData + "/" + GetParam() + ".net");
  ASSERT_TRUE(network.ok()) << network.status();
  const std::vector<Expected> cases = ReadExpected(GetParam());
  ASSERT_GE(cases.size(), 4u);
  for (const Expected& expected : cases) {
    SCOPED_TRACE(absl::StrJoin(expected.moves, " "));
    const Position position = Replay(expected);
    const NetworkOutput out = network->Evaluate(position);
    EXPECT_NEAR(out.value, expected.value, 1e-4);
    EXPECT_NEAR(out.swap, expected.swap, 1e-4);
    EXPECT_NEAR(out.spend, expected.spend, 1e-4);
    double total = out.swap + out.spend;
    for (size_t i = 0; i < expected.cells.size(); ++i) {
      const Cell cell = ReadCell(position.geometry(), expected.cells[i]).value;
      EXPECT_NEAR(out.policy[cell], expected.policy[i], 1e-4) << expected.cells[i];
      EXPECT_NEAR(out.territory[cell], expected.territory[i], 1e-4) << expected.cells[i];
      total += out.policy[cell];
    }
    EXPECT_NEAR(total, 1.0, 1e-4);
  }
}

TEST(NetworkEncodeTest, PlanesSayWhatThePositionSays) {
  const Geometry& geometry = Geometry::ForBase(3);
  Position position(geometry, Rules{});
  position.Play(ReadMove(geometry, "A1,C3").value);  // Black's pair; White may swap
  position.Play(ReadMove(geometry, "E5").value);     // the first stone of White's pair
  const std::vector<float> planes = Network::Encode(position);
  const int cells = geometry.array_size();
  const auto at = [&](int plane, const char* name) {
    return planes[plane * cells + ReadCell(geometry, name).value];
  };
  EXPECT_EQ(at(0, "E5"), 1.0f);  // White to move: its own stone
  EXPECT_EQ(at(1, "A1") + at(1, "C3"), 2.0f);
  EXPECT_EQ(at(2, "C3"), 1.0f);
  EXPECT_EQ(at(3, "C3"), 0.0f);  // not black to move
  EXPECT_EQ(at(4, "C3"), 0.0f);  // the pair is under way: no fresh double turn
  EXPECT_EQ(at(5, "E5"), 1.0f);
  EXPECT_EQ(at(6, "C3"), 0.0f);  // no swap after a white stone
  float legal = 0;
  for (int c = 0; c < cells; ++c) legal += planes[7 * cells + c];
  EXPECT_EQ(legal, static_cast<float>(position.PlacementCells().Count()));
  for (int c = 0; c < cells; ++c) {
    if (!geometry.cells().Test(c)) {
      for (int p = 0; p < kRulesPlanes; ++p) EXPECT_EQ(planes[p * cells + c], 0.0f);
    }
  }
  // Strong pie: the rules' planes are empty.
  for (int c = 0; c < cells; ++c) {
    for (int p = kBasicPlanes; p < kRulesPlanes; ++p) EXPECT_EQ(planes[p * cells + c], 0.0f);
  }
  // The basic planes alone are the first eight.
  const std::vector<float> basic = Network::Encode(position, kBasicPlanes);
  EXPECT_EQ(basic, std::vector<float>(planes.begin(), planes.begin() + kBasicPlanes * cells));
}

// The value of plane `plane` at cell `name` of a position's rules planes.
float PlaneAt(const Position& position, int plane, const char* name) {
  const std::vector<float> planes = Network::Encode(position);
  return planes[plane * position.geometry().array_size() +
                ReadCell(position.geometry(), name).value];
}

TEST(NetworkEncodeTest, RulesPlanesSayTheRulesAndTheKomiFromTheMoversView) {
  const Geometry& geometry = Geometry::ForBase(3);
  Position weak(geometry, Rules{Balancing::kWeakPie, 0});
  EXPECT_EQ(PlaneAt(weak, 8, "C3"), 1.0f);
  EXPECT_EQ(PlaneAt(weak, 9, "C3"), 0.0f);
  Position komi(geometry, Rules{Balancing::kKomiPie, 4});
  EXPECT_EQ(PlaneAt(komi, 8, "C3"), 0.0f);
  EXPECT_EQ(PlaneAt(komi, 9, "C3"), 1.0f);
  // Black to move: the komi is the opponent's; nothing to spend.
  EXPECT_EQ(PlaneAt(komi, 10, "C3"), 0.0f);
  EXPECT_FLOAT_EQ(PlaneAt(komi, 11, "C3"), 0.4f);
  EXPECT_EQ(PlaneAt(komi, 12, "C3"), 0.0f);
  for (const char* stone : {"A1", "E5", "C1", "C5"}) {  // the setup: B, W, B, W
    komi.Play(ReadMove(geometry, stone).value);
  }
  komi.Play(ReadMove(geometry, "A3").value);  // Black's first stone after the setup
  ASSERT_TRUE(komi.CanSpendKomi());
  EXPECT_FLOAT_EQ(PlaneAt(komi, 10, "C3"), 0.4f);  // White to move: its own komi
  EXPECT_EQ(PlaneAt(komi, 11, "C3"), 0.0f);
  EXPECT_EQ(PlaneAt(komi, 12, "C3"), 1.0f);
  komi.Play(Move::SpendKomi());
  komi.Play(ReadMove(geometry, "E3").value);
  EXPECT_FLOAT_EQ(PlaneAt(komi, 10, "C3"), 0.3f);
}

}  // namespace
}  // namespace lifeline
