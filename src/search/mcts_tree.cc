#include "search/mcts_tree.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "core/check.h"
#include "search/move_model.h"
#include "search/policy_playout.h"
#include "search/priors.h"
#include "search/recorded_playout.h"

namespace lifeline {
namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

// A reused subtree is searched for the new position this many actions below the old root:
// our double turn and the opponent's take two actions each.
constexpr int kReuseDepth = 4;

bool IsPending(const Position& position) { return position.pending_stone() != kNoCell; }

}  // namespace

MctsTree::MctsTree(const MctsOptions& options, const MoveModel& move_model,
                   std::shared_ptr<const Network> network)
    : options_(options),
      move_model_(move_model),
      network_(options.network_visits > 0 ? std::move(network) : nullptr),
      proving_(options.solver),
      pool_(options.memory_bytes),
      root_position_(Geometry::ForBase(Geometry::kDefaultBase), Rules{}) {}

Color MctsTree::OwnerOf(const Position& position) {
  return IsPending(position) ? position.to_move() : Opponent(position.to_move());
}

void MctsTree::Clear() {
  pool_.Reset();
  territory_.Reset();
  has_root_ = false;
}

bool MctsTree::SetRoot(const Position& position, const RecentStones& recent) {
  root_recent_ = recent;
  // Playouts from an earlier root began elsewhere: the territory is this root's alone.
  territory_.Reset();
  // A kept node with a pending stone has only the partners above it (merge_pair_orders),
  // which a root must not lack.
  const bool keeps_all_partners = !options_.merge_pair_orders || !IsPending(position);
  if (options_.reuse_tree && has_root_ && keeps_all_partners) {
    if (const std::optional<uint32_t> found = FindDescendant(position)) {
      pool_.KeepSubtree(*found);
      root_position_ = position;
      return true;
    }
  }
  pool_.Reset();
  root_position_ = position;
  has_root_ = true;
  return false;
}

std::optional<uint32_t> MctsTree::FindDescendant(const Position& target) const {
  if (&target.geometry() != &root_position_.geometry() ||
      !(target.rules() == root_position_.rules())) {
    return std::nullopt;
  }
  const auto same = [&](const Position& p) {
    return p.hash() == target.hash() && p.board() == target.board();
  };
  if (same(root_position_)) return 0;
  struct Entry {
    uint32_t node;
    Position position;
    int depth;
  };
  std::vector<Entry> stack = {{0, root_position_, 0}};
  while (!stack.empty()) {
    const Entry entry = std::move(stack.back());
    stack.pop_back();
    const Node& node = pool_[entry.node];
    if (entry.depth == kReuseDepth || node.expansion.load(kRelaxed) != Expansion::kExpanded) {
      continue;
    }
    const uint32_t first = node.first_child.load(kRelaxed);
    const Color mover = entry.position.to_move();
    for (uint32_t i = first; i < first + node.num_children.load(kRelaxed); ++i) {
      // A stone that is not on the target board was not played (or was captured within these
      // few actions, which is rare enough to give up the reuse): skipping it without playing
      // the move keeps the look-up far below the cost of a simulation per node.
      const Node& candidate = pool_[i];
      if (candidate.kind == Move::Kind::kPlace && !target.board().HasStone(candidate.cell, mover)) {
        continue;
      }
      Position child = entry.position;
      child.Play(candidate.move());
      if (same(child)) return i;
      stack.push_back({i, child, entry.depth + 1});
    }
  }
  return std::nullopt;
}

void MctsTree::Simulate(Rng& rng, Worker& worker) {
  Position position = root_position_;
  worker.path.clear();
  pool_[0].visits.fetch_add(1, kRelaxed);
  worker.path.push_back(
      {0, OwnerOf(position), position.to_move(), IsPending(position), position.swapped()});
  std::optional<Color> known_winner;
  while (true) {
    const Worker::Step& step = worker.path.back();
    Node& node = pool_[step.node];
    const Proof proof = node.proof.load(kRelaxed);
    if (proof != Proof::kUnknown) {
      known_winner = proof == Proof::kWin ? step.owner : Opponent(step.owner);
      break;
    }
    Expansion expansion = node.expansion.load(std::memory_order_acquire);
    if (expansion == Expansion::kLeaf && node.visits.load(kRelaxed) >= options_.expand_visits) {
      TryExpand(step.node, position, rng, worker);
      expansion = node.expansion.load(std::memory_order_acquire);
      if (node.proof.load(kRelaxed) != Proof::kUnknown) continue;
    }
    if (expansion != Expansion::kExpanded) break;
    if (node.num_children.load(kRelaxed) == 0) {
      // A game's end, expanded while no proofs were made (see SetProving): proven now.
      if (!proving_) break;
      node.proof.store(Proof::kWin, kRelaxed);
      continue;
    }
    if (WantsJudgement(node)) Judge(step.node, position, worker);
    const uint32_t child = SelectChild(node);
    pool_[child].visits.fetch_add(1, kRelaxed);
    position.Play(pool_[child].move());
    worker.path.push_back(
        {child, OwnerOf(position), position.to_move(), IsPending(position), position.swapped()});
  }
  Bitset played[2];
  if (!known_winner && options_.network_leaves && network_ != nullptr) {
    known_winner = JudgeLeaf(position, worker, rng);
  }
  if (known_winner) {
    BackUp(worker, *known_winner, played);
    return;
  }
  Bitset held[2];
  const Color winner = Playout(position, worker, rng, played, held);
  territory_.Add(worker.territory, held);
  BackUp(worker, winner, played, DrawVerdict(worker, rng));
}

std::optional<Color> MctsTree::JudgeLeaf(const Position& position, Worker& worker, Rng& rng) {
  const Worker::Step& step = worker.path.back();
  Node& node = pool_[step.node];
  TryExpand(step.node, position, rng, worker);
  if (node.expansion.load(std::memory_order_acquire) != Expansion::kExpanded) return std::nullopt;
  const Proof proof = node.proof.load(kRelaxed);
  if (proof != Proof::kUnknown) return proof == Proof::kWin ? step.owner : Opponent(step.owner);
  // A game's end: the side to move has no action, so the owner made the last one and won.
  if (node.num_children.load(kRelaxed) == 0) return step.owner;
  if (node.judgement.load(kRelaxed) == Judgement::kNone) Judge(step.node, position, worker);
  if (node.judgement.load(std::memory_order_acquire) != Judgement::kJudged) return std::nullopt;
  const bool owner_wins = rng.Uniform() < PriorWinRate(node.value.load(kRelaxed));
  return owner_wins ? step.owner : Opponent(step.owner);
}

std::optional<MctsTree::Verdict> MctsTree::DrawVerdict(const Worker& worker, Rng& rng) const {
  // Nothing is drawn without a share, so the search without one keeps its random stream.
  if (network_ == nullptr || options_.network_value_mix <= 0) return std::nullopt;
  if (rng.Uniform() >= options_.network_value_mix) return std::nullopt;
  for (size_t i = worker.path.size(); i-- > 0;) {
    const Worker::Step& step = worker.path[i];
    const Node& node = pool_[step.node];
    if (node.judgement.load(std::memory_order_acquire) != Judgement::kJudged) continue;
    const bool owner_wins = rng.Uniform() < PriorWinRate(node.value.load(kRelaxed));
    return Verdict{i, owner_wins ? step.owner : Opponent(step.owner)};
  }
  return std::nullopt;
}

Color MctsTree::Playout(const Position& position, const Worker& worker, Rng& rng, Bitset played[2],
                        Bitset held[2]) const {
  if (!options_.policy) {
    return RecordedPlayout(position, rng, played, options_.count_settled, held);
  }
  const Node& leaf = pool_[worker.path.back().node];
  const bool placed = worker.path.size() > 1 && leaf.kind == Move::Kind::kPlace;
  return PolicyPlayout(position, placed ? leaf.cell : kNoCell, rng, played, options_.count_settled,
                       options_.pattern_playouts ? &move_model_ : nullptr, held);
}

void MctsTree::TryExpand(uint32_t index, const Position& position, Rng& rng, Worker& worker) {
  // An upper bound on the children, checked before the costly move generation.
  const uint32_t most = static_cast<uint32_t>(position.board().empty().Count()) + 2;
  if (pool_.free() < most) return;
  Node& node = pool_[index];
  Expansion expected = Expansion::kLeaf;
  if (!node.expansion.compare_exchange_strong(expected, Expansion::kExpanding, kRelaxed)) return;
  std::vector<Move>& moves = worker.moves;
  moves.clear();
  if (position.CanSwap()) moves.push_back(Move::Swap());
  if (position.CanSpendKomi()) moves.push_back(Move::SpendKomi());
  // A pending stone at the root may be either of its pair's stones; below, the tree chose it
  // as the lower one.
  const bool ordered = options_.merge_pair_orders && (index != 0 || !IsPending(position));
  (ordered ? position.OrderedPairCells() : position.PlacementCells()).ForEach([&](Cell c) {
    moves.push_back(Move::Place(c));
  });
  if (moves.empty()) {
    // The side to move has lost; the owner, who made the last action, has won.
    if (proving_) node.proof.store(Proof::kWin, kRelaxed);
    node.num_children.store(0, kRelaxed);
    node.expansion.store(Expansion::kExpanded, std::memory_order_release);
    return;
  }
  // Shuffled so that ties between equal scores do not favour low cells.
  for (size_t i = moves.size() - 1; i > 0; --i) {
    std::swap(moves[i], moves[rng.Below(static_cast<uint32_t>(i + 1))]);
  }
  const uint32_t count = static_cast<uint32_t>(moves.size());
  const uint32_t first = pool_.Allocate(count);
  if (first == 0) {
    node.expansion.store(Expansion::kLeaf, kRelaxed);
    return;
  }
  JudgeMoves(position, worker, moves, worker.priors, worker.policy);
  for (uint32_t i = 0; i < count; ++i) {
    pool_[first + i].SetMove(moves[i]);
    pool_[first + i].prior.store(worker.priors[i], kRelaxed);
    pool_[first + i].policy.store(EncodePolicyShare(worker.policy[i]), kRelaxed);
  }
  node.first_child.store(first, kRelaxed);
  node.num_children.store(static_cast<uint16_t>(count), kRelaxed);
  node.expansion.store(Expansion::kExpanded, std::memory_order_release);
}

RecentStones MctsTree::RecentAtLeaf(const Worker& worker) const {
  RecentStones recent;
  bool found[2] = {false, false};
  // The move of path node i was made by the side to move at node i - 1.
  for (size_t i = worker.path.size(); i-- > 1;) {
    const Node& node = pool_[worker.path[i].node];
    const int mover = Index(worker.path[i - 1].to_move);
    if (found[mover] || node.kind != Move::Kind::kPlace) continue;
    recent.last[mover] = node.cell;
    found[mover] = true;
  }
  for (int color = 0; color < 2; ++color) {
    if (!found[color]) recent.last[color] = root_recent_.last[color];
  }
  return recent;
}

void MctsTree::JudgeMoves(const Position& position, const Worker& worker,
                          std::span<const Move> moves, std::vector<uint8_t>& priors,
                          std::vector<float>& policy) const {
  const size_t count = moves.size();
  priors.assign(count, kNeutralPrior);
  policy.assign(count, 1.0f / static_cast<float>(count));
  const bool model_priors = options_.priors && options_.move_model;
  if (model_priors || options_.puct > 0) {
    ComputeMovePolicy(move_model_, position, RecentAtLeaf(worker), moves, policy);
  }
  if (!options_.priors) return;
  if (!model_priors) {
    ComputePriors(position, moves, priors);
    return;
  }
  for (size_t i = 0; i < count; ++i) priors[i] = PriorFromShare(policy[i], count);
}

uint8_t MctsTree::PriorFromShare(double share, size_t count) const {
  const double ratio = std::max(share * static_cast<double>(count), 1e-9);
  const double win_rate =
      std::clamp(0.5 + options_.model_prior_slope * std::log(ratio), 0.05, 0.95);
  return static_cast<uint8_t>(std::lround(win_rate * kPriorScale));
}

bool MctsTree::WantsJudgement(const Node& node) const {
  return network_ != nullptr && node.visits.load(kRelaxed) >= options_.network_visits &&
         node.judgement.load(kRelaxed) == Judgement::kNone;
}

void MctsTree::Judge(uint32_t index, const Position& position, Worker& worker) {
  Node& node = pool_[index];
  Judgement expected = Judgement::kNone;
  if (!node.judgement.compare_exchange_strong(expected, Judgement::kJudging, kRelaxed)) return;
  const NetworkOutput output = network_->Evaluate(position);
  const uint32_t first = node.first_child.load(kRelaxed);
  const uint32_t count = node.num_children.load(kRelaxed);
  // A network without a spend output (formats 1 and 2) leaves spending komi an average share.
  std::vector<float>& shares = worker.policy;
  shares.assign(count, 1.0f / static_cast<float>(count));
  double total = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const Node& child = pool_[first + i];
    if (child.kind == Move::Kind::kPlace) shares[i] = output.policy[child.cell];
    if (child.kind == Move::Kind::kSwap) shares[i] = output.swap;
    if (child.kind == Move::Kind::kSpendKomi && network_->rules_inputs()) {
      shares[i] = output.spend;
    }
    total += shares[i];
  }
  for (uint32_t i = 0; i < count; ++i) {
    const double share = total > 0 ? shares[i] / total : 1.0 / count;
    Node& child = pool_[first + i];
    child.policy.store(EncodePolicyShare(share), kRelaxed);
    if (options_.priors) child.prior.store(PriorFromShare(share, count), kRelaxed);
  }
  // The value is the side to move's; the node counts its owner's wins.
  const double owner_value =
      OwnerOf(position) == position.to_move() ? output.value : 1.0 - output.value;
  node.value.store(
      static_cast<uint8_t>(std::lround(std::clamp(owner_value, 0.0, 1.0) * kPriorScale)), kRelaxed);
  node.judgement.store(Judgement::kJudged, std::memory_order_release);
}

double MctsTree::ExplorationScale(const Node& node) const {
  if (!options_.variance_exploration) return 1.0;
  const double n = node.visits.load(kRelaxed);
  if (n <= 0) return 1.0;
  // p (1 - p) is the same from either player's view, so whose wins the node counts is moot.
  const double p = node.wins.load(kRelaxed) / n;
  const double prior = MctsOptions::kVariancePriorVisits;
  const double variance = (p * (1 - p) * n + 0.25 * prior) / (n + prior);
  return std::sqrt(variance) / 0.5;
}

double MctsTree::Score(const Node& child, double sqrt_parent, double log_parent, bool amaf,
                       double explore_scale) const {
  double n = child.visits.load(kRelaxed);
  double wins = child.wins.load(kRelaxed);
  double amaf_n = amaf ? child.amaf_visits.load(kRelaxed) : 0;
  double amaf_wins = amaf ? child.amaf_wins.load(kRelaxed) : 0;
  if (options_.network_value_visits > 0 &&
      child.judgement.load(std::memory_order_acquire) == Judgement::kJudged) {
    n += options_.network_value_visits;
    wins += options_.network_value_visits * PriorWinRate(child.value.load(kRelaxed));
  }
  if (options_.priors) {
    const double prior = PriorWinRate(child.prior.load(kRelaxed));
    n += options_.prior_visits;
    wins += options_.prior_visits * prior;
    // Seeding the AMAF statistics too: the RAVE weight soon puts them first, and a prior
    // only in the child's own statistics would be outvoted after a few simulations.
    if (amaf) {
      amaf_n += options_.prior_amaf_visits;
      amaf_wins += options_.prior_amaf_visits * prior;
    }
  }
  double value;
  if (amaf_n > 0) {
    const double amaf_value = amaf_wins / amaf_n;
    if (n == 0) {
      value = amaf_value;
    } else {
      const double beta = amaf_n / (amaf_n + n + amaf_n * n / options_.rave_equivalence);
      value = (1 - beta) * (wins / n) + beta * amaf_value;
    }
  } else if (n == 0) {
    return options_.first_play_urgency;
  } else {
    value = wins / n;
  }
  // Each term scaled apart, so that a scale of 1 leaves the sums as they were bit for bit.
  double score =
      value + explore_scale * options_.exploration * std::sqrt(log_parent / std::max(n, 1.0));
  if (options_.puct > 0) {
    // Real visits only: the prior's virtual visits must not damp the policy's term too.
    const double visits = child.visits.load(kRelaxed);
    score += explore_scale * options_.puct * PolicyShare(child.policy.load(kRelaxed)) *
             sqrt_parent / (1 + visits);
  }
  return score;
}

uint32_t MctsTree::SelectChild(const Node& node) const {
  const uint32_t first = node.first_child.load(kRelaxed);
  const uint32_t count = node.num_children.load(kRelaxed);
  const int32_t parent_visits = std::max(node.visits.load(kRelaxed), 1);
  const double log_parent = std::log(parent_visits);
  const double sqrt_parent = std::sqrt(parent_visits);
  const double explore_scale = ExplorationScale(node);
  const bool amaf = options_.rave &&
                    (options_.judged_rave || node.judgement.load(kRelaxed) != Judgement::kJudged);
  uint32_t best = first;
  double best_score = -std::numeric_limits<double>::infinity();
  for (uint32_t i = first; i < first + count; ++i) {
    const Node& child = pool_[i];
    const Proof proof = child.proof.load(kRelaxed);
    if (proof == Proof::kWin) return i;
    // A proven loss is chosen only when every child is one (the node is then proven too).
    if (proof == Proof::kLoss) continue;
    const double score = Score(child, sqrt_parent, log_parent, amaf, explore_scale);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

void MctsTree::UpdateProof(Node& node, bool pending) const {
  const uint32_t first = node.first_child.load(kRelaxed);
  const uint32_t count = node.num_children.load(kRelaxed);
  bool all_lost = true;
  for (uint32_t i = first; i < first + count; ++i) {
    const Proof proof = pool_[i].proof.load(kRelaxed);
    if (proof == Proof::kWin) {
      // The chooser wins; that is the node's owner only when the owner chooses again.
      node.proof.store(pending ? Proof::kWin : Proof::kLoss, kRelaxed);
      return;
    }
    if (proof != Proof::kLoss) all_lost = false;
  }
  if (all_lost) node.proof.store(pending ? Proof::kLoss : Proof::kWin, kRelaxed);
}

void MctsTree::BackUp(Worker& worker, Color leaf_winner, Bitset played[2],
                      const std::optional<Verdict>& verdict) {
  bool child_proven = false;
  const bool leaf_swapped = worker.path.back().swapped;
  for (size_t i = worker.path.size(); i-- > 0;) {
    const Worker::Step& step = worker.path[i];
    Node& node = pool_[step.node];
    // The playout's winning player, named by the colour that player held at this node; RAVE
    // keeps it whatever the node counts.
    const Color winner = step.swapped == leaf_swapped ? leaf_winner : Opponent(leaf_winner);
    Color counted = winner;
    if (verdict && i <= verdict->depth) {
      const bool same_side = step.swapped == worker.path[verdict->depth].swapped;
      counted = same_side ? verdict->winner : Opponent(verdict->winner);
    }
    if (counted == step.owner) node.wins.fetch_add(1, kRelaxed);
    const bool expanded = node.expansion.load(std::memory_order_acquire) == Expansion::kExpanded;
    if (expanded && options_.rave) {
      // AMAF: every child whose cell the chooser played later in this simulation.
      const Bitset& later = played[Index(step.to_move)];
      const Color amaf_winner = options_.rave_verdict ? counted : winner;
      const int32_t won = amaf_winner == step.to_move ? 1 : 0;
      const uint32_t first = node.first_child.load(kRelaxed);
      for (uint32_t c = first; c < first + node.num_children.load(kRelaxed); ++c) {
        Node& child = pool_[c];
        if (child.kind != Move::Kind::kPlace || !later.Test(child.cell)) continue;
        child.amaf_visits.fetch_add(1, kRelaxed);
        if (won) child.amaf_wins.fetch_add(1, kRelaxed);
      }
    }
    if (proving_ && child_proven && expanded && node.proof.load(kRelaxed) == Proof::kUnknown) {
      UpdateProof(node, step.pending);
    }
    child_proven = node.proof.load(kRelaxed) != Proof::kUnknown;
    if (i > 0 && node.kind == Move::Kind::kPlace) {
      played[Index(worker.path[i - 1].to_move)].Set(node.cell);
    }
  }
}

uint32_t MctsTree::BestChild(uint32_t index) const {
  const Node& node = pool_[index];
  if (node.expansion.load(std::memory_order_acquire) != Expansion::kExpanded) return 0;
  const uint32_t first = node.first_child.load(kRelaxed);
  const uint32_t count = node.num_children.load(kRelaxed);
  if (count == 0) return 0;
  // Ranks by (not a proven loss, visits), after any proven win.
  const auto rank = [&](uint32_t i) {
    const Proof proof = pool_[i].proof.load(kRelaxed);
    return std::make_pair(proof != Proof::kLoss, pool_[i].visits.load(kRelaxed));
  };
  uint32_t best = first;
  for (uint32_t i = first; i < first + count; ++i) {
    if (pool_[i].proof.load(kRelaxed) == Proof::kWin) return i;
    if (rank(i) > rank(best)) best = i;
  }
  if (index == 0 && options_.lcb_z > 0 && pool_[best].proof.load(kRelaxed) != Proof::kLoss) {
    return LcbChild(best);
  }
  return best;
}

uint32_t MctsTree::LcbChild(uint32_t most_visited) const {
  const Node& root = pool_[0];
  const uint32_t first = root.first_child.load(kRelaxed);
  const uint32_t count = root.num_children.load(kRelaxed);
  const double enough = MctsOptions::kLcbVisitShare * pool_[most_visited].visits.load(kRelaxed);
  const auto bound = [&](const Node& child) {
    const double n = child.visits.load(kRelaxed);
    const double rate = child.wins.load(kRelaxed) / n;
    return rate - options_.lcb_z * std::sqrt(std::max(rate * (1 - rate), 0.0) / n);
  };
  uint32_t best = most_visited;
  double best_bound = pool_[most_visited].visits.load(kRelaxed) > 0
                          ? bound(pool_[most_visited])
                          : -std::numeric_limits<double>::infinity();
  for (uint32_t i = first; i < first + count; ++i) {
    const Node& child = pool_[i];
    if (i == most_visited || child.proof.load(kRelaxed) == Proof::kLoss) continue;
    if (child.visits.load(kRelaxed) < std::max(enough, 1.0)) continue;
    const double child_bound = bound(child);
    if (child_bound > best_bound) {
      best_bound = child_bound;
      best = i;
    }
  }
  return best;
}

Move MctsTree::BestMove(Rng& rng) const {
  const uint32_t best = BestChild(0);
  Position position = root_position_;
  // A root never expanded (a tiny budget) still has to answer: any legal action will do.
  if (best == 0) return *position.RandomMove(rng);
  const Move first = pool_[best].move();
  if (!(position.IsDoubleTurn() && !IsPending(position)) || first.kind != Move::Kind::kPlace) {
    return first;
  }
  position.Play(first);
  const uint32_t partner = BestChild(best);
  if (partner != 0 && pool_[partner].visits.load(kRelaxed) > 0) {
    return Move::Pair(first.first, pool_[partner].cell);
  }
  const std::optional<Move> random_partner = position.RandomMove(rng);
  LL_CHECK(random_partner && random_partner->kind == Move::Kind::kPlace);
  return Move::Pair(first.first, random_partner->first);
}

MctsTree::RootSummary MctsTree::Summarize() const {
  RootSummary summary;
  const uint32_t best = BestChild(0);
  if (best == 0) return summary;
  const Node& root = pool_[0];
  const uint32_t first = root.first_child.load(kRelaxed);
  summary.children = static_cast<int32_t>(root.num_children.load(kRelaxed));
  for (uint32_t i = first; i < first + summary.children; ++i) {
    if (i == best) continue;
    summary.second_visits = std::max(summary.second_visits, pool_[i].visits.load(kRelaxed));
  }
  const Node& chosen = pool_[best];
  summary.best_visits = chosen.visits.load(kRelaxed);
  summary.best_proof = chosen.proof.load(kRelaxed);
  if (summary.best_visits > 0) {
    summary.best_win_rate = chosen.wins.load(kRelaxed) / static_cast<double>(summary.best_visits);
  }
  return summary;
}

std::vector<Move> MctsTree::NodeMoves(uint32_t index, int max_length) const {
  std::vector<Move> moves;
  while (static_cast<int>(moves.size()) < max_length) {
    index = BestChild(index);
    if (index == 0 || pool_[index].visits.load(kRelaxed) == 0) break;
    moves.push_back(pool_[index].move());
  }
  return moves;
}

std::vector<Move> MctsTree::WholeMoves(Position position, const std::vector<Move>& node_moves) {
  std::vector<Move> moves;
  for (size_t i = 0; i < node_moves.size(); ++i) {
    const Move& move = node_moves[i];
    if (position.IsDoubleTurn() && !IsPending(position) && move.kind == Move::Kind::kPlace) {
      // A first stone without its partner is no whole action.
      if (i + 1 == node_moves.size()) break;
      moves.push_back(Move::Pair(move.first, node_moves[++i].first));
    } else {
      moves.push_back(move);
    }
    position.Play(moves.back());
  }
  return moves;
}

std::vector<CandidateInfo> MctsTree::Candidates(int max_pv_length) const {
  std::vector<CandidateInfo> candidates;
  const Node& root = pool_[0];
  if (root.expansion.load(std::memory_order_acquire) != Expansion::kExpanded) return candidates;
  const uint32_t first = root.first_child.load(kRelaxed);
  for (uint32_t i = first; i < first + root.num_children.load(kRelaxed); ++i) {
    const Node& child = pool_[i];
    const int32_t visits = child.visits.load(kRelaxed);
    if (visits == 0) continue;
    // Node moves take up to two per whole move.
    std::vector<Move> node_moves = {child.move()};
    const std::vector<Move> below = NodeMoves(i, 2 * max_pv_length);
    node_moves.insert(node_moves.end(), below.begin(), below.end());
    CandidateInfo candidate;
    candidate.principal_variation = WholeMoves(root_position_, node_moves);
    if (candidate.principal_variation.empty()) continue;  // a first stone never completed
    if (static_cast<int>(candidate.principal_variation.size()) > max_pv_length) {
      candidate.principal_variation.resize(max_pv_length);
    }
    candidate.move = candidate.principal_variation.front();
    candidate.visits = visits;
    candidate.prior = PriorWinRate(child.prior.load(kRelaxed));
    const Proof proof = child.proof.load(kRelaxed);
    candidate.proof = proof == Proof::kWin    ? MoveProof::kWin
                      : proof == Proof::kLoss ? MoveProof::kLoss
                                              : MoveProof::kUnknown;
    candidate.win_rate = proof == Proof::kWin ? 1.0
                         : proof == Proof::kLoss
                             ? 0.0
                             : child.wins.load(kRelaxed) / static_cast<double>(visits);
    candidates.push_back(std::move(candidate));
  }
  std::stable_sort(
      candidates.begin(), candidates.end(),
      [](const CandidateInfo& a, const CandidateInfo& b) { return a.visits > b.visits; });
  return candidates;
}

}  // namespace lifeline
