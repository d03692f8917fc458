// The engine's network against a slow, obvious evaluation of the same weights: every layer
// computed cell by cell in double precision from the hexagonal neighbours themselves, with no
// padded grid, no blocks of outputs and no tiles of cells. The fast convolution computes whole
// tiles of cells and a short tail, whose lengths change with the base, so every base is
// checked, on positions of random games, with the small test networks (one of them with a
// number of channels that is no multiple of the outputs computed together, one with global
// pooling) and with the network the engine ships.

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "network/network.h"
#include "network/network_weights.h"

namespace lifeline {
namespace {

// The kernel's offsets (x, y) in the order of HexConvWeights: the cell's six neighbours and
// itself, read row by row.
constexpr int kNeighbourOffsets[7][2] = {{-1, -1}, {0, -1}, {-1, 0}, {0, 0},
                                         {1, 0},   {0, 1},  {1, 1}};

using Planes = std::vector<std::vector<double>>;  // [channel][cell]

Planes Convolve(const Geometry& geometry, const HexConvWeights& conv, const Planes& in) {
  const int size = geometry.diameter();
  Planes out(conv.outputs, std::vector<double>(geometry.array_size(), 0.0));
  geometry.cells().ForEach([&](int cell) {
    for (int o = 0; o < conv.outputs; ++o) {
      double sum = conv.bias[o];
      for (int i = 0; i < conv.inputs; ++i) {
        for (int k = 0; k < 7; ++k) {
          const int x = geometry.X(cell) + kNeighbourOffsets[k][0];
          const int y = geometry.Y(cell) + kNeighbourOffsets[k][1];
          if (x < 0 || y < 0 || x >= size || y >= size) continue;
          const Cell neighbour = geometry.CellAt(x, y);
          if (!geometry.cells().Test(neighbour)) continue;
          sum +=
              conv.weights[(static_cast<size_t>(o) * conv.inputs + i) * 7 + k] * in[i][neighbour];
        }
      }
      out[o][cell] = sum;
    }
  });
  return out;
}

void Relu(Planes& planes) {
  for (std::vector<double>& plane : planes) {
    for (double& v : plane) v = std::max(v, 0.0);
  }
}

std::vector<double> Dense(const DenseWeights& layer, const std::vector<double>& in) {
  std::vector<double> out(layer.bias.begin(), layer.bias.end());
  for (int o = 0; o < layer.outputs; ++o) {
    for (int i = 0; i < layer.inputs; ++i) {
      out[o] += layer.weights[static_cast<size_t>(o) * layer.inputs + i] * in[i];
    }
  }
  return out;
}

// The 1x1 head at one cell.
double Pointwise(const DenseWeights& head, const Planes& x, int cell) {
  double sum = head.bias[0];
  for (int c = 0; c < head.inputs; ++c) sum += head.weights[c] * x[c][cell];
  return sum;
}

// Each channel's figures over the board's cells: the means, with `scaled` the means times
// (sqrt(cells) - 11) / 10 (the board's size, as scripts/lifeline_tools/learning/network_model.py
// tells it), then the maxima.
std::vector<double> Pool(const Geometry& geometry, const Planes& x, bool scaled) {
  const int channels = static_cast<int>(x.size());
  const int parts = scaled ? 3 : 2;
  const double cells = geometry.num_cells();
  std::vector<double> pooled(static_cast<size_t>(parts) * channels, 0.0);
  for (int c = 0; c < channels; ++c) {
    double sum = 0, peak = -1e30;
    geometry.cells().ForEach([&](int cell) {
      sum += x[c][cell];
      peak = std::max(peak, x[c][cell]);
    });
    pooled[c] = sum / cells;
    if (scaled) pooled[channels + c] = pooled[c] * (std::sqrt(cells) - 11) / 10;
    pooled[static_cast<size_t>(parts - 1) * channels + c] = peak;
  }
  return pooled;
}

NetworkOutput ReferenceEvaluate(const NetworkWeights& weights, const Position& position) {
  const Geometry& geometry = position.geometry();
  const int cells = geometry.array_size();
  const std::vector<float> encoded = Network::Encode(position, kBasicPlanes);
  Planes x(kBasicPlanes, std::vector<double>(cells));
  for (int p = 0; p < kBasicPlanes; ++p) {
    for (int c = 0; c < cells; ++c) x[p][c] = encoded[static_cast<size_t>(p) * cells + c];
  }
  if (weights.rules_inputs()) {
    // The rules' planes, from their definition: constant over the board.
    const Balancing balancing = position.rules().balancing;
    const bool white_to_move = position.to_move() == Color::kWhite;
    const double komi = 0.1 * position.komi_left();
    const double rule_values[] = {balancing == Balancing::kWeakPie ? 1.0 : 0.0,
                                  balancing == Balancing::kKomiPie ? 1.0 : 0.0,
                                  white_to_move ? komi : 0.0, white_to_move ? 0.0 : komi,
                                  !position.IsOver() && position.CanSpendKomi() ? 1.0 : 0.0};
    for (double value : rule_values) {
      x.emplace_back(cells, 0.0);
      geometry.cells().ForEach([&](int cell) { x.back()[cell] = value; });
    }
  }
  x = Convolve(geometry, weights.stem, x);
  Relu(x);
  for (size_t b = 0; b + 1 < weights.tower.size(); b += 2) {
    Planes y = Convolve(geometry, weights.tower[b], x);
    const int block = static_cast<int>(b / 2);
    if (weights.BlockPools(block)) {
      // Global pooling: a bias of each channel from the block's first convolution's positive
      // parts over the whole board.
      Planes positive = y;
      Relu(positive);
      const std::vector<double> bias =
          Dense(weights.block_pooling[block], Pool(geometry, positive, /*scaled=*/true));
      for (size_t c = 0; c < y.size(); ++c) {
        for (double& v : y[c]) v += bias[c];
      }
    }
    Relu(y);
    Planes z = Convolve(geometry, weights.tower[b + 1], y);
    for (size_t c = 0; c < z.size(); ++c) {
      for (int cell = 0; cell < cells; ++cell) z[c][cell] += x[c][cell];
    }
    Relu(z);
    x = z;
  }
  const std::vector<double> pooled = Pool(geometry, x, /*scaled=*/weights.pool_every > 0);

  NetworkOutput out;
  const bool swap_allowed = !position.IsOver() && position.CanSwap();
  const Bitset legal = position.IsOver() ? Bitset() : position.PlacementCells();
  std::vector<double> shares(cells, 0.0);
  const double swap_share = swap_allowed ? std::exp(Dense(weights.swap, pooled)[0]) : 0.0;
  const bool spend_allowed =
      weights.rules_inputs() && !position.IsOver() && position.CanSpendKomi();
  const double spend_share = spend_allowed ? std::exp(Dense(weights.spend, pooled)[0]) : 0.0;
  double total = swap_share + spend_share;
  legal.ForEach(
      [&](int cell) { total += shares[cell] = std::exp(Pointwise(weights.policy, x, cell)); });
  out.policy.assign(cells, 0.0f);
  if (total > 0) {
    for (int c = 0; c < cells; ++c) out.policy[c] = static_cast<float>(shares[c] / total);
    out.swap = static_cast<float>(swap_share / total);
    out.spend = static_cast<float>(spend_share / total);
  }
  std::vector<double> hidden = Dense(weights.value_hidden, pooled);
  for (double& h : hidden) h = std::max(h, 0.0);
  out.value = static_cast<float>(1.0 / (1.0 + std::exp(-Dense(weights.value, hidden)[0])));
  out.territory.assign(cells, 0.0f);
  geometry.cells().ForEach([&](int cell) {
    out.territory[cell] = static_cast<float>(std::tanh(Pointwise(weights.territory, x, cell)));
  });
  return out;
}

class NetworkReferenceTest : public ::testing::TestWithParam<const char*> {};

INSTANTIATE_TEST_SUITE_P(Networks, NetworkReferenceTest,
                         ::testing::Values(LIFELINE_NETWORK_TEST_DATA "/tiny.net",
                                           LIFELINE_NETWORK_TEST_DATA "/odd.net",
                                           LIFELINE_NETWORK_TEST_DATA "/pooled.net",
                                           LIFELINE_NETWORK_TEST_DATA "/rules.net",
                                           LIFELINE_ENGINE_NETWORK));

TEST_P(NetworkReferenceTest, MatchesTheSlowEvaluationOnEveryBase) {
  const absl::StatusOr<NetworkWeights> weights = ReadNetworkWeights(GetParam());
  ASSERT_TRUE(weights.ok()) << weights.status();
  const Network network(*weights);
  for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
    const Geometry& geometry = Geometry::ForBase(base);
    Rng rng(base);
    // Each base under one of the three rules in turn, komi pie with a komi White spends.
    const Balancing balancing = kBalancings[base % 3];
    Position position(geometry, Rules{balancing, balancing == Balancing::kKomiPie ? 3 : 0});
    // Some eight positions along one random game (a game lasts about as many turns as the
    // board has cells): the start, the setup, the play and the end.
    const int every = geometry.num_cells() / 7 + 1;
    for (int turn = 0;; ++turn) {
      if (turn % every == 0 || position.IsOver()) {
        SCOPED_TRACE(testing::Message() << "base " << base << " turn " << turn);
        const NetworkOutput fast = network.Evaluate(position);
        const NetworkOutput slow = ReferenceEvaluate(*weights, position);
        EXPECT_NEAR(fast.value, slow.value, 1e-4);
        EXPECT_NEAR(fast.swap, slow.swap, 1e-4);
        EXPECT_NEAR(fast.spend, slow.spend, 1e-4);
        for (int c = 0; c < geometry.array_size(); ++c) {
          EXPECT_NEAR(fast.policy[c], slow.policy[c], 1e-4) << c;
          EXPECT_NEAR(fast.territory[c], slow.territory[c], 1e-4) << c;
        }
      }
      if (position.IsOver()) break;
      const std::optional<Move> move = position.RandomMove(rng);
      ASSERT_TRUE(move.has_value());
      position.Play(*move);
    }
  }
}

}  // namespace
}  // namespace lifeline
