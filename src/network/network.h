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
// stone, the swap allowed, the legal placements.
constexpr int kNetworkPlanes = 8;

// What the network says of a position, over the engine's cells (Cell indices, so
// geometry.array_size() entries; zero off the board).
struct NetworkOutput {
  // The share of each action among the legal ones: placements (on a double turn, the cells
  // that start a pair) and the swap; they add up to 1.
  std::vector<float> policy;
  float swap = 0;
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

  // The input planes of a position, kNetworkPlanes x array_size().
  static std::vector<float> Encode(const Position& position);
  NetworkOutput Evaluate(const Position& position) const;

 private:
  NetworkWeights weights_;
  PackedHexConv stem_;
  std::vector<PackedHexConv> tower_;
};

}  // namespace lifeline

#endif  // LIFELINE_NETWORK_NETWORK_H_
