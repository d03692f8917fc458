#include "network/network.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"

namespace lifeline {
namespace {

// The hexagonal kernel's offsets (row, column) in the order of HexConvWeights: a 3x3 kernel
// read row by row without (-1, +1) and (+1, -1), which are no neighbours.
constexpr int kOffsets[7][2] = {{-1, -1}, {-1, 0}, {0, -1}, {0, 0}, {0, 1}, {1, 0}, {1, 1}};

// Activations: channels x cells of the grid, channel-major.
using Activations = std::vector<float>;

// out = conv(in) over a size x size grid with zero padding.
void HexConvolve(const HexConvWeights& conv, const Activations& in, int size, Activations& out) {
  const int cells = size * size;
  out.assign(static_cast<size_t>(conv.outputs) * cells, 0.0f);
  for (int o = 0; o < conv.outputs; ++o) {
    float* target = &out[static_cast<size_t>(o) * cells];
    std::fill(target, target + cells, conv.bias[o]);
    for (int i = 0; i < conv.inputs; ++i) {
      const float* source = &in[static_cast<size_t>(i) * cells];
      const float* w = &conv.weights[(static_cast<size_t>(o) * conv.inputs + i) * 7];
      for (int k = 0; k < 7; ++k) {
        const int dy = kOffsets[k][0], dx = kOffsets[k][1];
        const float weight = w[k];
        // Rows and columns whose neighbour at (dy, dx) lies on the grid.
        for (int y = std::max(0, -dy); y < size - std::max(0, dy); ++y) {
          const int x0 = std::max(0, -dx), x1 = size - std::max(0, dx);
          float* row = target + y * size;
          const float* from = source + (y + dy) * size + dx;
          for (int x = x0; x < x1; ++x) row[x] += weight * from[x];
        }
      }
    }
  }
}

void ReluMask(Activations& x, const std::vector<float>& mask) {
  const size_t cells = mask.size();
  for (size_t i = 0; i < x.size(); ++i) x[i] = x[i] > 0 ? x[i] * mask[i % cells] : 0.0f;
}

// One output of a 1x1 convolution: sum over channels of weight * activation, plus bias.
std::vector<float> PointwiseHead(const DenseWeights& head, const Activations& x, int cells) {
  std::vector<float> out(cells, head.bias[0]);
  for (int c = 0; c < head.inputs; ++c) {
    const float w = head.weights[c];
    const float* source = &x[static_cast<size_t>(c) * cells];
    for (int i = 0; i < cells; ++i) out[i] += w * source[i];
  }
  return out;
}

std::vector<float> Dense(const DenseWeights& layer, const std::vector<float>& in) {
  std::vector<float> out(layer.bias);
  for (int o = 0; o < layer.outputs; ++o) {
    for (int i = 0; i < layer.inputs; ++i) {
      out[o] += layer.weights[static_cast<size_t>(o) * layer.inputs + i] * in[i];
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<Network> Network::Load(const std::string& path) {
  absl::StatusOr<NetworkWeights> weights = ReadNetworkWeights(path);
  if (!weights.ok()) return weights.status();
  if (weights->planes != kNetworkPlanes) {
    return absl::InvalidArgumentError(absl::StrCat("network file ", path, ": it reads ",
                                                   weights->planes, " input planes, not ",
                                                   kNetworkPlanes));
  }
  return Network(*std::move(weights));
}

Network::Network(NetworkWeights weights) : weights_(std::move(weights)) {}

std::vector<float> Network::Encode(const Position& position) {
  const Geometry& geometry = position.geometry();
  const int cells = geometry.array_size();
  std::vector<float> planes(static_cast<size_t>(kNetworkPlanes) * cells, 0.0f);
  const auto fill = [&](int plane, const Bitset& set) {
    set.ForEach([&](int c) { planes[static_cast<size_t>(plane) * cells + c] = 1.0f; });
  };
  const auto fill_board = [&](int plane) { fill(plane, geometry.cells()); };
  const Color mover = position.to_move();
  fill(0, position.board().stones(mover));
  fill(1, position.board().stones(Opponent(mover)));
  fill_board(2);
  if (mover == Color::kBlack) fill_board(3);
  const Cell pending = position.pending_stone();
  if (position.stones_to_place() == 2 && pending == kNoCell) fill_board(4);
  if (pending != kNoCell) planes[static_cast<size_t>(5) * cells + pending] = 1.0f;
  if (!position.IsOver()) {
    if (position.CanSwap()) fill_board(6);
    fill(7, position.PlacementCells());
  }
  return planes;
}

NetworkOutput Network::Evaluate(const Position& position) const {
  const Geometry& geometry = position.geometry();
  const int size = geometry.diameter();
  const int cells = size * size;
  Activations input = Encode(position);
  const std::vector<float> mask(input.begin() + 2 * cells, input.begin() + 3 * cells);

  Activations x, y, z;
  HexConvolve(weights_.stem, input, size, x);
  ReluMask(x, mask);
  for (size_t b = 0; b + 1 < weights_.tower.size(); b += 2) {
    HexConvolve(weights_.tower[b], x, size, y);
    ReluMask(y, mask);
    HexConvolve(weights_.tower[b + 1], y, size, z);
    for (size_t i = 0; i < z.size(); ++i) z[i] += x[i];
    ReluMask(z, mask);
    std::swap(x, z);
  }

  // Mean and maximum of each channel over the board's cells.
  const int channels = weights_.channels;
  std::vector<float> pooled(2 * channels);
  const int on_board = geometry.num_cells();
  for (int c = 0; c < channels; ++c) {
    float sum = 0, peak = -1e30f;
    geometry.cells().ForEach([&](int cell) {
      const float v = x[static_cast<size_t>(c) * cells + cell];
      sum += v;
      peak = std::max(peak, v);
    });
    pooled[c] = sum / static_cast<float>(on_board);
    pooled[channels + c] = peak;
  }

  NetworkOutput out;
  // Policy: a softmax over the legal placements and the swap.
  const std::vector<float> logits = PointwiseHead(weights_.policy, x, cells);
  const float swap_logit = Dense(weights_.swap, pooled)[0];
  const bool swap_allowed = !position.IsOver() && position.CanSwap();
  const float* legal = &input[static_cast<size_t>(7) * cells];
  float top = swap_allowed ? swap_logit : -1e30f;
  for (int i = 0; i < cells; ++i) {
    if (legal[i] > 0) top = std::max(top, logits[i]);
  }
  out.policy.assign(cells, 0.0f);
  double total = swap_allowed ? std::exp(static_cast<double>(swap_logit - top)) : 0.0;
  for (int i = 0; i < cells; ++i) {
    if (legal[i] > 0) total += out.policy[i] = std::exp(logits[i] - top);
  }
  if (total > 0) {
    for (float& p : out.policy) p = static_cast<float>(p / total);
    out.swap = swap_allowed ? static_cast<float>(std::exp(static_cast<double>(swap_logit - top)) /
                                                 total)
                            : 0.0f;
  }
  // Value: a logit through a hidden layer.
  std::vector<float> hidden = Dense(weights_.value_hidden, pooled);
  for (float& h : hidden) h = std::max(h, 0.0f);
  out.value = 1.0f / (1.0f + std::exp(-Dense(weights_.value, hidden)[0]));
  // Territory: tanh of a 1x1 convolution, zero off the board.
  out.territory = PointwiseHead(weights_.territory, x, cells);
  for (int i = 0; i < cells; ++i) out.territory[i] = std::tanh(out.territory[i]) * mask[i];
  return out;
}

}  // namespace lifeline
