#ifndef LIFELINE_NETWORK_NETWORK_H_
#define LIFELINE_NETWORK_NETWORK_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/position.h"
#include "network/network_weights.h"

namespace lifeline {

// The input planes the network reads, in this order
// (scripts/lifeline_tools/learning/network_data.py makes the same): the side to move's stones,
// the opponent's, the board's cells, black to move, a double turn to make, the pending first
// stone, the swap allowed, the legal placements. These basic planes are all that networks of
// formats 1 and 2 read; a network of format 3 reads five more: weak pie, komi pie, the komi
// the side to move can still spend, the komi the opponent can, each point worth
// kKomiPlaneScale, and spending allowed now.
constexpr int kBasicPlanes = 8;
constexpr int kRulesPlanes = 13;
// Komis run to about 20 on the largest boards: a tenth keeps the planes' values near 1.
constexpr float kKomiPlaneScale = 0.1f;

// What the network says of a position, over the engine's cells (Cell indices, so
// geometry.array_size() entries; zero off the board).
struct NetworkOutput {
  // The share of each action among the legal ones: placements (on a double turn, the cells
  // that start a pair), the swap and spending a point of komi; they add up to 1. A network
  // without a spend output (formats 1 and 2) leaves `spend` at 0.
  std::vector<float> policy;
  float swap = 0;
  float spend = 0;
  // The side to move's chance to win.
  float value = 0;
  // For each cell, from -1 to +1: how surely the side to move (+1) or the opponent (-1) will
  // hold it once the board settles.
  std::vector<float> territory;
};

// The outputs a hexagonal convolution computes together (network.cc).
constexpr int kHexBlock = 4;

// A hexagonal convolution's weights in the order its loops read them: for each block of
// kHexBlock outputs, for each input, for each of the seven offsets, the block's weights, so
// that the innermost loop reads them one after the other. A short last block has zero weights
// and biases for the outputs it lacks.
struct PackedHexConv {
  int inputs = 0;
  int outputs = 0;
  std::vector<float> weights;
  std::vector<float> bias;
};

// A trained network (docs/network.md), evaluated one position at a time on one thread with
// loops over the board's grid. Immutable once made, so threads may share one; each
// call allocates its own scratch memory. It knows nothing of search.
class Network {
 public:
  static absl::StatusOr<Network> Load(const std::string& path);
  explicit Network(NetworkWeights weights);

  int blocks() const { return static_cast<int>(weights_.tower.size() / 2); }
  int channels() const { return weights_.channels; }
  int pool_every() const { return weights_.pool_every; }
  // Whether it reads the rules and the komi (kRulesPlanes inputs and a spend output).
  bool rules_inputs() const { return weights_.rules_inputs(); }
  int planes() const { return weights_.planes; }
  // The file it was loaded from (empty for one made from weights in memory).
  const std::string& source() const { return source_; }

  // The input planes of a position, `planes` (kBasicPlanes or kRulesPlanes) x array_size().
  static std::vector<float> Encode(const Position& position, int planes = kRulesPlanes);
  NetworkOutput Evaluate(const Position& position) const;

 private:
  NetworkWeights weights_;
  std::string source_;
  PackedHexConv stem_;
  std::vector<PackedHexConv> tower_;
};

}  // namespace lifeline

#endif  // LIFELINE_NETWORK_NETWORK_H_
