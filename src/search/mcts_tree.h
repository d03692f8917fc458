#ifndef LIFELINE_SEARCH_MCTS_TREE_H_
#define LIFELINE_SEARCH_MCTS_TREE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/bitset.h"
#include "core/move.h"
#include "core/position.h"
#include "core/random.h"
#include "network/network.h"
#include "search/mcts_options.h"
#include "search/move_model.h"
#include "search/node_pool.h"
#include "search/player.h"
#include "search/recent_stones.h"
#include "search/territory_tally.h"

namespace lifeline {

// The search tree of Monte Carlo tree search and one simulation on it (select, expand, play
// out, back up), with RAVE statistics, priors from Lifeline knowledge given to new children,
// a playout policy and MCTS-Solver proofs, each behind its switch in MctsOptions.
//
// A double turn takes two levels: a node for the first stone (Position's pending stone), then
// one for its partner, so thousands of pairs share the statistics of their first stones. Swap
// and komi spending are children like placements. Every node's statistics count for the
// player whose choice led to it; which colour that is follows from the node's position alone
// (see OwnerOf), which keeps the swap and the two halves of a double turn consistent.
//
// Simulate may run on several threads at once; everything else must not overlap a search.
// It does not keep time, count visits or pick limits: MctsPlayer does.
class MctsTree {
 public:
  // The move model gives priors and playout patterns where the options ask for them; it must
  // outlive the tree. The network, when there is one, judges the nodes the options say.
  MctsTree(const MctsOptions& options, const MoveModel& move_model,
           std::shared_ptr<const Network> network = nullptr);

  // Scratch memory of one searching thread, reused across simulations.
  struct Worker {
    struct Step {
      uint32_t node;
      Color owner;
      Color to_move;
      bool pending;  // the chooser at this node is its owner (the second stone follows)
      // Whether the players had swapped colours at this node. Colours name players only
      // within one side of the swap: a win of `owner` before the swap is a win of the
      // opponent colour after it.
      bool swapped;
    };
    std::vector<Step> path;
    std::vector<Move> moves;
    std::vector<uint8_t> priors;
    std::vector<float> policy;
    TerritoryTally::Local territory;
  };

  // Makes `position` the root. With tree reuse, keeps the subtree of a node a few actions
  // below the old root that holds the same position; otherwise starts afresh. Returns true
  // when a subtree was kept.
  // `recent` names the stones played last before it (for the learned move model).
  bool SetRoot(const Position& position, const RecentStones& recent);
  // Forgets the tree, so that the next SetRoot starts afresh.
  void Clear();
  // Whether new proofs are made (MctsOptions::solver at first). Off, the tree still honours
  // the proofs it holds; MctsPlayer turns it off to look past a proven loss.
  void SetProving(bool proving) { proving_ = proving; }

  void Simulate(Rng& rng, Worker& worker);
  // Hands over what a worker still holds of its simulations (its territory counts); call it
  // when the worker stops simulating.
  void FinishWorker(Worker& worker) { territory_.Flush(worker.territory); }

  const Position& root_position() const { return root_position_; }
  const NodePool& pool() const { return pool_; }
  Proof root_proof() const { return pool_[0].proof.load(std::memory_order_relaxed); }

  // The move to play from the root: a proven win if there is one, else the most visited
  // child that is not a proven loss; a first stone is completed by its best partner (or a
  // random legal one when its node was never expanded). The root must have a legal action.
  Move BestMove(Rng& rng) const;
  // The child BestMove would choose now (its visits, win rate and proof, for the player who
  // chooses at the root), the most visits among the others, and the number of children.
  // Cheap: no principal variation.
  struct RootSummary {
    int32_t children = 0;
    int32_t best_visits = 0;
    int32_t second_visits = 0;
    double best_win_rate = 0.5;
    Proof best_proof = Proof::kUnknown;
  };
  RootSummary Summarize() const;
  // The root's candidates, most visited first, each with its principal variation.
  std::vector<CandidateInfo> Candidates(int max_pv_length) const;
  // The territory the playouts since the root was set foresee (TerritoryTally::Read): each
  // cell's from Black's view, indexed by cell; empty before any playout.
  std::vector<float> Territory() const { return territory_.Read(root_position_.geometry()); }

  // The colour whose wins a node with this position counts: that of the player who chose the
  // last action (who also makes the partner of a first stone), in this position's colours. A
  // later swap renames the players' colours; BackUp translates (see Worker::Step::swapped).
  static Color OwnerOf(const Position& position);

 private:
  void TryExpand(uint32_t index, const Position& position, Rng& rng, Worker& worker);
  // The recent stones before the position at the end of worker.path.
  RecentStones RecentAtLeaf(const Worker& worker) const;
  // Prior win rates and policy shares of a new node's moves, into worker.priors and
  // worker.policy.
  void JudgeMoves(const Position& position, const Worker& worker, std::span<const Move> moves,
                  std::vector<uint8_t>& priors, std::vector<float>& policy) const;
  // Plays the simulation out from the leaf at the end of worker.path; the winner is named in
  // the leaf's colours. `held` receives who held each cell last (StartHolding).
  // With MctsOptions::network_leaves: expands and judges the simulation's leaf and returns the
  // winner it counts (in the leaf's colours), or nothing where the leaf cannot be judged now
  // (the tree is full, or another thread judges it), which leaves the playout to decide.
  std::optional<Color> JudgeLeaf(const Position& position, Worker& worker, Rng& rng);
  Color Playout(const Position& position, const Worker& worker, Rng& rng, Bitset played[2],
                Bitset held[2]) const;
  // Whether the network should judge this expanded node now (MctsOptions::network_visits).
  bool WantsJudgement(const Node& node) const;
  // The network's policy over the children of node `index` (whose position is `position`)
  // and its value, once per node; another thread's judgement of the same node wins.
  void Judge(uint32_t index, const Position& position, Worker& worker);
  // The prior win rate of a move whose policy share is `share` among `count` siblings.
  uint8_t PriorFromShare(double share, size_t count) const;
  uint32_t SelectChild(const Node& node) const;
  // `amaf`: whether the child's AMAF statistics count (RAVE, and MctsOptions::judged_rave).
  // `explore_scale` multiplies the exploration terms (ExplorationScale of the parent).
  double Score(const Node& child, double sqrt_parent, double log_parent, bool amaf,
               double explore_scale) const;
  // 1, or with MctsOptions::variance_exploration the spread of the node's results over an even
  // node's.
  double ExplorationScale(const Node& node) const;
  void UpdateProof(Node& node, bool pending) const;
  // The network's say in one simulation's result (MctsOptions::network_value_mix): the nodes
  // of worker.path up to `depth` count `winner` (in the colours of the node at `depth`)
  // instead of the playout's winner.
  struct Verdict {
    size_t depth = 0;
    Color winner = Color::kBlack;
  };
  // With chance network_value_mix, a winner drawn at the network value of the deepest judged
  // node of worker.path; none when the draw says the playout or no node there is judged.
  std::optional<Verdict> DrawVerdict(const Worker& worker, Rng& rng) const;
  // Credits the winner (in the leaf's colours) to every node of worker.path, with RAVE
  // statistics and solver proofs; a verdict replaces the winner in its nodes' own statistics.
  void BackUp(Worker& worker, Color leaf_winner, Bitset played[2],
              const std::optional<Verdict>& verdict = std::nullopt);
  // Index of the best child to play, or 0 when the node has none: a proven win, else the most
  // visited child that is no proven loss (at the root with options lcb_z, the one with the
  // highest lower confidence bound among the well visited).
  uint32_t BestChild(uint32_t index) const;
  // The root child with the highest lower confidence bound (MctsOptions::lcb_z) among those
  // with at least kLcbVisitShare of `most_visited`'s visits, which is one of them.
  uint32_t LcbChild(uint32_t most_visited) const;
  // The moves of the best children below node `index`, one per node.
  std::vector<Move> NodeMoves(uint32_t index, int max_length) const;
  // Node moves played from `position` as whole actions: a first stone and its partner become
  // one kPair; a trailing first stone is dropped.
  static std::vector<Move> WholeMoves(Position position, const std::vector<Move>& node_moves);
  // The node at most kReuseDepth actions below the root whose position is `target`. Only
  // placements whose stones stand on the target board are followed.
  std::optional<uint32_t> FindDescendant(const Position& target) const;

  MctsOptions options_;
  const MoveModel& move_model_;
  std::shared_ptr<const Network> network_;
  bool proving_;
  NodePool pool_;
  Position root_position_;
  RecentStones root_recent_;
  bool has_root_ = false;
  TerritoryTally territory_;
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_MCTS_TREE_H_
