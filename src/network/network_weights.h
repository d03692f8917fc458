#ifndef LIFELINE_NETWORK_NETWORK_WEIGHTS_H_
#define LIFELINE_NETWORK_NETWORK_WEIGHTS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lifeline {

// One hexagonal convolution's parameters: weights[out][in][k] for the seven offsets of
// kHexOffsets (a 3x3 kernel without its two corners that are no neighbours).
struct HexConvWeights {
  int inputs = 0;
  int outputs = 0;
  std::vector<float> weights;
  std::vector<float> bias;
};

// A fully connected layer: weights[out][in].
struct DenseWeights {
  int inputs = 0;
  int outputs = 0;
  std::vector<float> weights;
  std::vector<float> bias;
};

// The parameters of the network scripts/network.py trains (docs/network.md): a stem, `blocks`
// residual blocks of two convolutions each, 1x1 policy and territory heads (DenseWeights with
// one output over the channels), and the swap and value layers over the pooled tower. With
// global pooling (pool_every K > 0), every K-th block also has a dense layer from its first
// convolution's pooled channels to a bias of each channel, and the pooled figures are three
// a channel (mean, mean scaled by the board's size, maximum) where they are otherwise two
// (mean, maximum). It holds numbers only; network.h computes with them.
struct NetworkWeights {
  int planes = 0;
  int channels = 0;
  int pool_every = 0;
  HexConvWeights stem;
  std::vector<HexConvWeights> tower;  // two a block: first, second
  // One a block: the pooling layer, or none (zero inputs and outputs) in a block without.
  std::vector<DenseWeights> block_pooling;
  DenseWeights policy;
  DenseWeights territory;
  DenseWeights swap;
  // Format 3 alone: the policy's logit for spending a point of komi; none (zero inputs and
  // outputs) in a network of formats 1 and 2, which never saw komi pie.
  DenseWeights spend;
  DenseWeights value_hidden;
  DenseWeights value;

  // The figures pooled over the board for each channel: 3 with global pooling, else 2.
  int pooled_per_channel() const { return pool_every > 0 ? 3 : 2; }
  // Whether the network reads the balancing rules and the komi (format 3) and has a spend
  // output, or only the stones and the turn (formats 1 and 2).
  bool rules_inputs() const { return spend.outputs > 0; }
  // Whether tower block `block` (from 0) pools.
  bool BlockPools(int block) const { return pool_every > 0 && (block + 1) % pool_every == 0; }
};

// Reads the file scripts/network.py export writes: the line
// "lifeline-network 1 planes P blocks B channels C" (or, with global pooling,
// "lifeline-network 2 planes P blocks B channels C pool-every K"; or, for a network that reads
// the rules and the komi, "lifeline-network 3 planes P blocks B channels C pool-every K" with
// K >= 0 and a spend layer after the swap layer), the parameters as little-endian float32 in
// the order of NetworkWeights (each 3x3 kernel whole, its two far corners zero; a block's
// pooling layer between its two convolutions), then the line "end N" with the number of
// floats. Any other content, a wrong size or a value that is
// not finite is an error that names the file.
absl::StatusOr<NetworkWeights> ReadNetworkWeights(const std::string& path);
// The same from the file's bytes; `name` names it in errors.
absl::StatusOr<NetworkWeights> ParseNetworkWeights(absl::string_view bytes, absl::string_view name);

}  // namespace lifeline

#endif  // LIFELINE_NETWORK_NETWORK_WEIGHTS_H_
