#include "search/vertex_cut.h"

#include <algorithm>

namespace lifeline {

VertexCut::VertexCut(const Geometry& geometry, const Bitset& area, const Bitset& stones)
    : geometry_(geometry), area_(area), stones_(stones & area) {}

VertexCut::Source VertexCut::FindSource() const {
  if (stones_.None()) return {};
  const Bitset group = geometry_.Flood(Bitset::Single(stones_.Lowest()), stones_);
  return {group, area_ & ~geometry_.Expand(group)};
}

int VertexCut::Isolating(const Source& source, int limit) const {
  const Bitset around = geometry_.Expand(source.group) & area_ & ~stones_;
  return std::min(limit, around.Count());
}

VertexCut::Bounds VertexCut::SeparatingBounds(int limit) const {
  const Source source = FindSource();
  // No cell can end up in another piece than the source group.
  if (source.others.None()) return {limit, limit};
  const int high = Isolating(source, limit);
  return {std::min(1, high), high};
}

int VertexCut::FewestSeparating(int limit) {
  const Source source = FindSource();
  if (source.others.None()) return limit;
  int best = Isolating(source, limit);
  Bitset sinks = source.others;
  while (sinks.Any() && best > 1) {
    const Cell sink = sinks.Lowest();
    best = DisjointPaths(source.group, sink, best);
    // Every stone of the sink's group gives the same answer.
    const Bitset done =
        stones_.Test(sink) ? geometry_.Flood(Bitset::Single(sink), stones_) : Bitset::Single(sink);
    sinks.Subtract(done);
  }
  return best;
}

int VertexCut::DisjointPaths(const Bitset& source, Cell sink, int limit) {
  area_.ForEach([&](Cell c) {
    through_[c] = 0;
    sent_[c].fill(0);
  });
  int paths = 0;
  while (paths < limit && FindPath(source, sink)) {
    Augment(sink);
    ++paths;
  }
  return paths;
}

bool VertexCut::FindPath(const Bitset& source, Cell sink) {
  area_.ForEach([&](Cell c) {
    parent_[Entrance(c)] = -1;
    parent_[Exit(c)] = -1;
  });
  std::array<int16_t, 2 * Bitset::kBits> queue;
  int head = 0;
  int tail = 0;
  // A node is reached once; its parent is the node it was reached from (itself at the source).
  const auto reach = [&](int node, int from) {
    if (parent_[node] >= 0) return false;
    parent_[node] = static_cast<int16_t>(from);
    queue[tail++] = static_cast<int16_t>(node);
    return node == Entrance(sink);
  };
  source.ForEach([&](Cell s) {
    reach(Entrance(s), Entrance(s));
    reach(Exit(s), Exit(s));
  });
  while (head < tail) {
    const int node = queue[head++];
    const Cell c = node / 2;
    const bool stone = stones_.Test(c);
    const std::array<Cell, 6>& neighbors = geometry_.Neighbors(c);
    if (node == Entrance(c)) {
      // Through the cell while it has room, or back along a unit that came in from a neighbour.
      if ((stone || through_[c] == 0) && reach(Exit(c), node)) return true;
      for (Cell u : neighbors) {
        if (u == kNoCell || !area_.Test(u)) continue;
        if (sent_[u][NeighborIndex(u, c)] > 0 && reach(Exit(u), node)) return true;
      }
    } else {
      // Back into the cell, cancelling a unit that went through it, or on to any neighbour.
      if ((stone || through_[c] == 1) && reach(Entrance(c), node)) return true;
      for (Cell v : neighbors) {
        if (v == kNoCell || !area_.Test(v)) continue;
        if (reach(Entrance(v), node)) return true;
      }
    }
  }
  return false;
}

void VertexCut::Augment(Cell sink) {
  int node = Entrance(sink);
  while (parent_[node] != node) {
    const int from = parent_[node];
    const Cell a = from / 2;
    const Cell b = node / 2;
    if (a == b) {
      if (!stones_.Test(a)) through_[a] = node == Exit(a) ? 1 : 0;
    } else if (from == Exit(a)) {
      ++sent_[a][NeighborIndex(a, b)];
    } else {
      // From an entrance to a neighbour's exit: the unit that neighbour sent here goes back.
      --sent_[b][NeighborIndex(b, a)];
    }
    node = from;
  }
}

int VertexCut::NeighborIndex(Cell from, Cell to) const {
  const std::array<Cell, 6>& neighbors = geometry_.Neighbors(from);
  return static_cast<int>(std::find(neighbors.begin(), neighbors.end(), to) - neighbors.begin());
}

}  // namespace lifeline
