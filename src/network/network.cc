#include "network/network.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/check.h"

namespace lifeline {
namespace {

// The hexagonal kernel's offsets (row, column) in the order of HexConvWeights: a 3x3 kernel
// read row by row without (-1, +1) and (+1, -1), which are no neighbours.
constexpr int kOffsets[7][2] = {{-1, -1}, {-1, 0}, {0, -1}, {0, 0}, {0, 1}, {1, 0}, {1, 1}};

// Activations: channels x cells of the padded grid (the board's grid with a border of one
// cell all round), channel-major. The border makes every neighbour of a grid cell an index at
// a fixed distance, so a kernel offset is one long contiguous multiply-add that the compiler
// vectorises; what lands on the border or off the board is masked away after each layer.
using Activations = std::vector<float>;

// The convolutions take nearly all of an evaluation, and their loops vectorise. The engine is
// built for x86-64-v2 (SSE4.2) so that one binary runs on every x86-64 machine; where the
// processor also has the x86-64-v3 level (AVX2, FMA), the loader picks a copy of these loops
// compiled for it (GCC's function multiversioning: an indirect function resolved once, when
// the program starts, from the processor's features; a clone named by a processor model
// instead, such as "arch=haswell", is never picked on a virtual machine that hides its model).
// Other compilers and processors get the one plain function, and so does ThreadSanitizer's
// build, whose runtime is not up yet when the loader runs the resolver (it crashed there).
// Sums may differ in their last bits between the two copies (a fused multiply-add rounds once).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(__SANITIZE_THREAD__)
#define LL_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define LL_VECTOR_CLONES
#endif

// A vector of floats written with GCC's and Clang's vector extension, so that one source
// serves every target, where plain loops were left scalar by the WebAssembly compiler (LLVM
// 14). Natively eight floats: one AVX register, or two SSE registers. In WebAssembly four, one
// of its 128-bit vectors: eight-float sums split in two measured slower there (probably
// because the sixteen sums of a tile then take all of an x86 processor's sixteen vector
// registers, where the virtual machine puts them). Values of this type never cross a function's
// boundary, whose convention for them would differ between the two x86 copies below.
#ifdef __wasm_simd128__
typedef float Lanes __attribute__((vector_size(16)));
constexpr int kLanes = 4;
#else
typedef float Lanes __attribute__((vector_size(32)));
constexpr int kLanes = 8;
#endif
// A tile: the cells whose sums a block of outputs keeps in registers.
constexpr int kTile = 2 * kLanes;

// out = conv(in) over the padded grid of width `padded`. A block of kHexBlock outputs and a
// tile of cells keep their sums in registers while every input and offset passes, so each value
// loaded serves kHexBlock multiply-adds and the sums are stored once. Every cell's sum starts
// from the bias and adds the products input by input, offset by offset, the same order for the
// tiles and for the cells left over at the end.
LL_VECTOR_CLONES void HexConvolve(const PackedHexConv& conv, const Activations& in, int padded,
                                  Activations& out) {
  const int cells = padded * padded;
  // Cells whose every neighbour lies inside the padded grid: all but its outer ring's ends.
  const int first = padded + 1, last = cells - padded - 1;
  int offset[7];
  for (int k = 0; k < 7; ++k) offset[k] = kOffsets[k][0] * padded + kOffsets[k][1];
  out.resize(static_cast<size_t>(conv.outputs) * cells);
  for (int o = 0; o < conv.outputs; ++o) {
    std::fill(&out[static_cast<size_t>(o) * cells], &out[static_cast<size_t>(o + 1) * cells],
              conv.bias[o]);
  }
  for (int o0 = 0; o0 < conv.outputs; o0 += kHexBlock) {
    const int block = std::min(kHexBlock, conv.outputs - o0);
    const float* bias = &conv.bias[o0];
    // weights[(i * 7 + k) * kHexBlock + b]: input i, offset k, output o0 + b.
    const float* weights = &conv.weights[static_cast<size_t>(o0) * conv.inputs * 7];
    int c = first;
    for (; c + kTile <= last; c += kTile) {
      Lanes low[kHexBlock], high[kHexBlock];
      for (int b = 0; b < kHexBlock; ++b) low[b] = high[b] = Lanes{} + bias[b];
      for (int i = 0; i < conv.inputs; ++i) {
        const float* source = &in[static_cast<size_t>(i) * cells + c];
        const float* weight = weights + i * 7 * kHexBlock;
        for (int k = 0; k < 7; ++k, weight += kHexBlock) {
          Lanes near, far;
          std::memcpy(&near, source + offset[k], sizeof near);
          std::memcpy(&far, source + offset[k] + kLanes, sizeof far);
          for (int b = 0; b < kHexBlock; ++b) {
            low[b] += weight[b] * near;
            high[b] += weight[b] * far;
          }
        }
      }
      for (int b = 0; b < block; ++b) {
        float* target = &out[static_cast<size_t>(o0 + b) * cells + c];
        std::memcpy(target, &low[b], sizeof low[b]);
        std::memcpy(target + kLanes, &high[b], sizeof high[b]);
      }
    }
    for (; c < last; ++c) {
      for (int b = 0; b < block; ++b) {
        float sum = bias[b];
        for (int i = 0; i < conv.inputs; ++i) {
          const float* source = &in[static_cast<size_t>(i) * cells + c];
          const float* weight = weights + i * 7 * kHexBlock + b;
          for (int k = 0; k < 7; ++k) sum += weight[k * kHexBlock] * source[offset[k]];
        }
        out[static_cast<size_t>(o0 + b) * cells + c] = sum;
      }
    }
  }
}

void ReluMask(Activations& x, const std::vector<float>& mask) {
  const size_t cells = mask.size();
  for (size_t i = 0; i < x.size(); ++i) x[i] = x[i] > 0 ? x[i] * mask[i % cells] : 0.0f;
}

// One output of a 1x1 convolution: sum over channels of weight * activation, plus bias.
LL_VECTOR_CLONES std::vector<float> PointwiseHead(const DenseWeights& head, const Activations& x,
                                                  int cells) {
  std::vector<float> out(cells, head.bias[0]);
  for (int c = 0; c < head.inputs; ++c) {
    const float w = head.weights[c];
    const float* source = &x[static_cast<size_t>(c) * cells];
    for (int i = 0; i < cells; ++i) out[i] += w * source[i];
  }
  return out;
}

// The scaled mean of pooling (scripts/lifeline_tools/learning/network_model.py): the mean times
// (sqrt(cells) - kSizeCentre) / kSizeSpread, which tells the network the board's size.
constexpr float kSizeCentre = 11.0f;
constexpr float kSizeSpread = 10.0f;

// Each channel's figures over the board's cells (`at`: the padded index of each grid cell):
// the means, then with `scaled` the scaled means, then the maxima; of the activations or,
// with `relu`, of their positive parts.
std::vector<float> Pool(const Activations& x, int channels, int padded_cells,
                        const Geometry& geometry, const std::vector<int>& at, bool scaled,
                        bool relu) {
  const int parts = scaled ? 3 : 2;
  std::vector<float> pooled(static_cast<size_t>(parts) * channels);
  const float on_board = static_cast<float>(geometry.num_cells());
  const float scale = (std::sqrt(on_board) - kSizeCentre) / kSizeSpread;
  for (int c = 0; c < channels; ++c) {
    float sum = 0, peak = -1e30f;
    geometry.cells().ForEach([&](int cell) {
      float v = x[static_cast<size_t>(c) * padded_cells + at[cell]];
      if (relu) v = std::max(v, 0.0f);
      sum += v;
      peak = std::max(peak, v);
    });
    pooled[c] = sum / on_board;
    if (scaled) pooled[channels + c] = pooled[c] * scale;
    pooled[(parts - 1) * channels + c] = peak;
  }
  return pooled;
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
  const int wanted = weights->rules_inputs() ? kRulesPlanes : kBasicPlanes;
  if (weights->planes != wanted) {
    return absl::InvalidArgumentError(absl::StrCat("network file ", path, ": it reads ",
                                                   weights->planes, " input planes, not ", wanted));
  }
  Network network(*std::move(weights));
  network.source_ = path;
  return network;
}

namespace {

PackedHexConv PackHexConv(const HexConvWeights& conv) {
  PackedHexConv packed;
  packed.inputs = conv.inputs;
  packed.outputs = conv.outputs;
  const int blocks = (conv.outputs + kHexBlock - 1) / kHexBlock;
  packed.weights.assign(static_cast<size_t>(blocks) * kHexBlock * conv.inputs * 7, 0.0f);
  packed.bias.assign(static_cast<size_t>(blocks) * kHexBlock, 0.0f);
  for (int o = 0; o < conv.outputs; ++o) {
    packed.bias[o] = conv.bias[o];
    for (int i = 0; i < conv.inputs; ++i) {
      for (int k = 0; k < 7; ++k) {
        const size_t at =
            ((static_cast<size_t>(o / kHexBlock) * conv.inputs + i) * 7 + k) * kHexBlock +
            o % kHexBlock;
        packed.weights[at] = conv.weights[(static_cast<size_t>(o) * conv.inputs + i) * 7 + k];
      }
    }
  }
  return packed;
}

}  // namespace

Network::Network(NetworkWeights weights)
    : weights_(std::move(weights)), stem_(PackHexConv(weights_.stem)) {
  for (const HexConvWeights& conv : weights_.tower) tower_.push_back(PackHexConv(conv));
}

std::vector<float> Network::Encode(const Position& position, int count) {
  LL_CHECK(count == kBasicPlanes || count == kRulesPlanes);
  const Geometry& geometry = position.geometry();
  const int cells = geometry.array_size();
  std::vector<float> planes(static_cast<size_t>(count) * cells, 0.0f);
  const auto fill_value = [&](int plane, const Bitset& set, float value) {
    set.ForEach([&](int c) { planes[static_cast<size_t>(plane) * cells + c] = value; });
  };
  const auto fill = [&](int plane, const Bitset& set) { fill_value(plane, set, 1.0f); };
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
  if (count == kRulesPlanes) {
    const Balancing balancing = position.rules().balancing;
    if (balancing == Balancing::kWeakPie) fill_board(8);
    if (balancing == Balancing::kKomiPie) fill_board(9);
    const float komi = kKomiPlaneScale * static_cast<float>(position.komi_left());
    if (komi > 0) fill_value(mover == Color::kWhite ? 10 : 11, geometry.cells(), komi);
    if (!position.IsOver() && position.CanSpendKomi()) fill_board(12);
  }
  return planes;
}

NetworkOutput Network::Evaluate(const Position& position) const {
  const Geometry& geometry = position.geometry();
  const int size = geometry.diameter();
  const int cells = size * size;
  const int padded = size + 2;
  const int padded_cells = padded * padded;
  // The padded index of each cell of the grid.
  std::vector<int> at(cells);
  for (int c = 0; c < cells; ++c) at[c] = (geometry.Y(c) + 1) * padded + geometry.X(c) + 1;
  const std::vector<float> planes = Encode(position, weights_.planes);
  Activations input(static_cast<size_t>(weights_.planes) * padded_cells, 0.0f);
  for (int p = 0; p < weights_.planes; ++p) {
    for (int c = 0; c < cells; ++c) {
      input[static_cast<size_t>(p) * padded_cells + at[c]] = planes[p * cells + c];
    }
  }
  const std::vector<float> mask(input.begin() + 2 * padded_cells, input.begin() + 3 * padded_cells);

  const int channels = weights_.channels;
  const bool scaled = weights_.pool_every > 0;
  Activations x, y, z;
  HexConvolve(stem_, input, padded, x);
  ReluMask(x, mask);
  for (size_t b = 0; b + 1 < tower_.size(); b += 2) {
    HexConvolve(tower_[b], x, padded, y);
    const int block = static_cast<int>(b / 2);
    if (weights_.BlockPools(block)) {
      // Each channel's bias from the whole board (global pooling): ReluMask below masks what
      // it adds off the board.
      const std::vector<float> bias =
          Dense(weights_.block_pooling[block],
                Pool(y, channels, padded_cells, geometry, at, /*scaled=*/true, /*relu=*/true));
      for (int c = 0; c < channels; ++c) {
        float* channel = &y[static_cast<size_t>(c) * padded_cells];
        for (int i = 0; i < padded_cells; ++i) channel[i] += bias[c];
      }
    }
    ReluMask(y, mask);
    HexConvolve(tower_[b + 1], y, padded, z);
    for (size_t i = 0; i < z.size(); ++i) z[i] += x[i];
    ReluMask(z, mask);
    std::swap(x, z);
  }
  const std::vector<float> pooled =
      Pool(x, channels, padded_cells, geometry, at, scaled, /*relu=*/false);

  NetworkOutput out;
  // Policy: a softmax over the legal placements, the swap and spending komi.
  const std::vector<float> logits = PointwiseHead(weights_.policy, x, padded_cells);
  const float swap_logit = Dense(weights_.swap, pooled)[0];
  const bool swap_allowed = !position.IsOver() && position.CanSwap();
  const bool spend_allowed =
      weights_.rules_inputs() && !position.IsOver() && position.CanSpendKomi();
  const float spend_logit = spend_allowed ? Dense(weights_.spend, pooled)[0] : 0.0f;
  const float* legal = &planes[static_cast<size_t>(7) * cells];
  float top = -1e30f;
  if (swap_allowed) top = std::max(top, swap_logit);
  if (spend_allowed) top = std::max(top, spend_logit);
  for (int i = 0; i < cells; ++i) {
    if (legal[i] > 0) top = std::max(top, logits[at[i]]);
  }
  const auto share = [&](bool allowed, float logit) {
    return allowed ? std::exp(static_cast<double>(logit - top)) : 0.0;
  };
  out.policy.assign(cells, 0.0f);
  double total = share(swap_allowed, swap_logit) + share(spend_allowed, spend_logit);
  for (int i = 0; i < cells; ++i) {
    if (legal[i] > 0) total += out.policy[i] = std::exp(logits[at[i]] - top);
  }
  if (total > 0) {
    for (float& p : out.policy) p = static_cast<float>(p / total);
    out.swap = static_cast<float>(share(swap_allowed, swap_logit) / total);
    out.spend = static_cast<float>(share(spend_allowed, spend_logit) / total);
  }
  // Value: a logit through a hidden layer.
  std::vector<float> hidden = Dense(weights_.value_hidden, pooled);
  for (float& h : hidden) h = std::max(h, 0.0f);
  out.value = 1.0f / (1.0f + std::exp(-Dense(weights_.value, hidden)[0]));
  // Territory: tanh of a 1x1 convolution, zero off the board.
  const std::vector<float> territory = PointwiseHead(weights_.territory, x, padded_cells);
  out.territory.assign(cells, 0.0f);
  geometry.cells().ForEach([&](int c) { out.territory[c] = std::tanh(territory[at[c]]); });
  return out;
}

}  // namespace lifeline
