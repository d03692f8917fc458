#ifndef LIFELINE_SEARCH_NODE_POOL_H_
#define LIFELINE_SEARCH_NODE_POOL_H_

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/geometry.h"
#include "core/move.h"

namespace lifeline {

// What the search knows for certain about a node, from the side of the player whose choice
// led to it (MCTS-Solver).
enum class Proof : int8_t { kUnknown = 0, kWin = 1, kLoss = -1 };

enum class Expansion : uint8_t { kLeaf, kExpanding, kExpanded };

// Whether the network has judged a node: its children's priors and policy shares, and its own
// value (MctsOptions::network_visits).
enum class Judgement : uint8_t { kNone, kJudging, kJudged };

// The byte in which a node keeps its policy share, and back.
inline uint8_t EncodePolicyShare(double share) {
  const double code = share > 0 ? -8 * std::log(share) : 255;
  return static_cast<uint8_t>(std::clamp(std::lround(code), 0L, 255L));
}
inline double PolicyShare(uint8_t code) { return std::exp(-code / 8.0); }

// One node of the search tree: the move that leads to it and its statistics. Statistics are
// atomics so that several threads update them without locks; `visits` is raised on the way
// down and `wins` on the way up, so an unfinished simulation counts as a loss meanwhile
// (virtual loss). Wins count for the player whose choice led to the node.
struct Node {
  std::atomic<int32_t> visits{0};
  std::atomic<int32_t> wins{0};
  // All-moves-as-first statistics of this node's move (RAVE), for the same player.
  std::atomic<int32_t> amaf_visits{0};
  std::atomic<int32_t> amaf_wins{0};
  // Children occupy [first_child, first_child + num_children) of the pool once `expansion`
  // is kExpanded (published with release order).
  std::atomic<uint32_t> first_child{0};
  std::atomic<uint16_t> num_children{0};
  std::atomic<Expansion> expansion{Expansion::kLeaf};
  std::atomic<Proof> proof{Proof::kUnknown};
  Move::Kind kind = Move::Kind::kPlace;
  // The prior win rate of the move (see priors.h), set before the node is published and
  // replaced once when the network judges the parent.
  std::atomic<uint8_t> prior{0};
  // The move's share of the learned policy among its siblings, as -8 ln(share) rounded and
  // capped at 255 (see PolicyShare); set like `prior`.
  std::atomic<uint8_t> policy{0};
  int16_t cell = kNoCell;
  std::atomic<Judgement> judgement{Judgement::kNone};
  // Once judged: the network's win rate for the node's owner, on the prior's scale (priors.h).
  std::atomic<uint8_t> value{0};

  Move move() const;
  void SetMove(const Move& m);
  // Copies every field; nodes are moved only while no search runs.
  void CopyFrom(const Node& other);
};

// A fixed array of nodes sized once from a byte budget, handed out in contiguous blocks (the
// children of one node). It never grows, so the tree never exceeds its memory limit: when a
// block does not fit, Allocate fails and the caller leaves the node unexpanded. Node 0 is the
// root. Allocation is lock-free; Reset and KeepSubtree must not run during a search.
class NodePool {
 public:
  explicit NodePool(int64_t max_bytes);

  static constexpr size_t kNodeBytes = sizeof(Node);

  uint32_t capacity() const { return capacity_; }
  uint32_t size() const { return size_.load(std::memory_order_relaxed); }
  uint32_t free() const { return capacity_ - size(); }
  Node& operator[](uint32_t index) { return nodes_[index]; }
  const Node& operator[](uint32_t index) const { return nodes_[index]; }

  // Empties the pool but for a fresh root.
  void Reset();
  // Reserves `count` fresh nodes and returns the index of the first, or 0 when they do not fit.
  uint32_t Allocate(uint32_t count);
  // Makes node `new_root` the root and keeps only its subtree, compacted at the front of the
  // pool (children blocks slide down in address order, so nothing is overwritten early).
  void KeepSubtree(uint32_t new_root);

 private:
  uint32_t capacity_;
  // Raw storage whose nodes are constructed when allocated, so that the pages of a large
  // budget are only touched as the tree grows.
  std::unique_ptr<std::byte[]> storage_;
  Node* nodes_;
  std::atomic<uint32_t> size_{1};
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_NODE_POOL_H_
