#include "search/node_pool.h"

#include <algorithm>
#include <new>
#include <type_traits>
#include <vector>

#include "core/check.h"

namespace lifeline {

// Nodes live in raw storage and are never destroyed one by one.
static_assert(std::is_trivially_destructible_v<Node>);
// The prior fits in padding; the policy share takes the node from 28 bytes to 32, an eighth
// fewer nodes per byte of the memory limit; the network's judgement fits in the padding left.
static_assert(sizeof(Node) == 32);

Move Node::move() const {
  switch (kind) {
    case Move::Kind::kSwap:
      return Move::Swap();
    case Move::Kind::kSpendKomi:
      return Move::SpendKomi();
    case Move::Kind::kPlace:
    case Move::Kind::kPair:
      break;
  }
  return Move::Place(cell);
}

void Node::SetMove(const Move& m) {
  LL_CHECK(m.kind != Move::Kind::kPair);  // the tree splits a pair into two nodes
  kind = m.kind;
  cell = static_cast<int16_t>(m.first);
}

void Node::CopyFrom(const Node& other) {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  visits.store(other.visits.load(kRelaxed), kRelaxed);
  wins.store(other.wins.load(kRelaxed), kRelaxed);
  amaf_visits.store(other.amaf_visits.load(kRelaxed), kRelaxed);
  amaf_wins.store(other.amaf_wins.load(kRelaxed), kRelaxed);
  first_child.store(other.first_child.load(kRelaxed), kRelaxed);
  num_children.store(other.num_children.load(kRelaxed), kRelaxed);
  expansion.store(other.expansion.load(kRelaxed), kRelaxed);
  proof.store(other.proof.load(kRelaxed), kRelaxed);
  kind = other.kind;
  prior.store(other.prior.load(kRelaxed), kRelaxed);
  policy.store(other.policy.load(kRelaxed), kRelaxed);
  cell = other.cell;
  judgement.store(other.judgement.load(kRelaxed), kRelaxed);
  value.store(other.value.load(kRelaxed), kRelaxed);
}

NodePool::NodePool(int64_t max_bytes) {
  // At least a root and one block of children, so that a search can always run.
  const int64_t nodes = std::max<int64_t>(max_bytes / static_cast<int64_t>(kNodeBytes), 2);
  capacity_ = static_cast<uint32_t>(std::min<int64_t>(nodes, int64_t{1} << 31));
  storage_.reset(new std::byte[static_cast<size_t>(capacity_) * kNodeBytes]);
  nodes_ = reinterpret_cast<Node*>(storage_.get());
  Reset();
}

void NodePool::Reset() {
  new (&nodes_[0]) Node;
  size_.store(1, std::memory_order_relaxed);
}

uint32_t NodePool::Allocate(uint32_t count) {
  uint32_t start = size_.load(std::memory_order_relaxed);
  do {
    if (count > capacity_ - start) return 0;
  } while (!size_.compare_exchange_weak(start, start + count, std::memory_order_relaxed));
  for (uint32_t i = start; i < start + count; ++i) new (&nodes_[i]) Node;
  return start;
}

void NodePool::KeepSubtree(uint32_t new_root) {
  if (new_root == 0) return;
  struct Block {
    uint32_t start;
    uint32_t count;
    uint32_t new_start;
  };
  // The live blocks: children blocks of the new root's subtree.
  std::vector<Block> blocks;
  std::vector<uint32_t> stack = {new_root};
  while (!stack.empty()) {
    const Node& node = nodes_[stack.back()];
    stack.pop_back();
    if (node.expansion.load(std::memory_order_relaxed) != Expansion::kExpanded) continue;
    const uint32_t first = node.first_child.load(std::memory_order_relaxed);
    const uint32_t count = node.num_children.load(std::memory_order_relaxed);
    blocks.push_back({first, count, 0});
    for (uint32_t i = first; i < first + count; ++i) stack.push_back(i);
  }
  std::sort(blocks.begin(), blocks.end(),
            [](const Block& a, const Block& b) { return a.start < b.start; });
  uint32_t next = 1;
  for (Block& block : blocks) {
    block.new_start = next;
    next += block.count;
  }
  const auto forward = [&](Node& node) {
    if (node.expansion.load(std::memory_order_relaxed) != Expansion::kExpanded) return;
    const uint32_t old = node.first_child.load(std::memory_order_relaxed);
    const auto it =
        std::lower_bound(blocks.begin(), blocks.end(), old,
                         [](const Block& b, uint32_t start) { return b.start < start; });
    LL_CHECK(it != blocks.end() && it->start == old);
    node.first_child.store(it->new_start, std::memory_order_relaxed);
  };
  // The new root is in no live block, so it can move to slot 0 before the blocks slide.
  nodes_[0].CopyFrom(nodes_[new_root]);
  forward(nodes_[0]);
  for (const Block& block : blocks) {
    for (uint32_t i = block.start; i < block.start + block.count; ++i) forward(nodes_[i]);
  }
  // Blocks only move down and in increasing order, so a source is never overwritten before
  // it is read.
  for (const Block& block : blocks) {
    for (uint32_t i = 0; i < block.count; ++i) {
      nodes_[block.new_start + i].CopyFrom(nodes_[block.start + i]);
    }
  }
  size_.store(next, std::memory_order_relaxed);
}

}  // namespace lifeline
