#ifndef LIFELINE_SEARCH_MCTS_OPTIONS_H_
#define LIFELINE_SEARCH_MCTS_OPTIONS_H_

#include <cstdint>

namespace lifeline {

// The settings of Monte Carlo tree search. Every enhancement has a switch, so that matches
// can measure what each one brings; PlainUct() turns them all off.
struct MctsOptions {
  // UCB1 exploration constant. With the learned policy's PUCT term exploring too, 0.25
  // beat 0.5 on base 7 (docs/search.md, "Versions").
  double exploration = 0.25;
  // Value of a child that has neither visits nor AMAF statistics (first-play urgency). Above
  // any win rate, so that plain UCT tries every child once before it repeats one.
  double first_play_urgency = 10.0;
  // A leaf is expanded once it has this many visits; higher values save memory.
  int expand_visits = 2;

  // RAVE: mixes each child's win rate with its all-moves-as-first win rate, with weight
  // beta = n_amaf / (n_amaf + n + n_amaf * n / rave_equivalence).
  bool rave = true;
  double rave_equivalence = 1000.0;

  // Priors: each new child starts with `prior_visits` virtual visits at the win rate that
  // simple Lifeline knowledge gives its move (see ComputePriors). They replace the
  // first-play urgency, so that good-looking moves are tried first.
  bool priors = true;
  double prior_visits = 5.0;
  // The same prior's weight among the AMAF statistics, when RAVE is on.
  double prior_amaf_visits = 0.0;
  // Priors from the learned move model (move_model.h) instead of the hand-set table: a move
  // whose policy share is r times the average of its siblings gets the prior win rate
  // 0.5 + model_prior_slope * ln(r), kept within [0.05, 0.95].
  bool move_model = true;
  double model_prior_slope = 0.1;
  // PUCT: each child's score gains puct * share * sqrt(parent visits) / (1 + visits), share
  // being its learned policy share, so that the search spends its visits where the model
  // expects the good moves; 0 leaves the term out.
  double puct = 0.3;

  // The network (network/network.h), when the search has one, judges a node once the node has
  // this many visits: its policy replaces the move model's shares and priors of the node's
  // children, and its value joins the node's statistics. Judging every node would cost one
  // evaluation (some tens of playouts) per simulation, so only the nodes the search returns
  // to are judged. 0 leaves the network out.
  int network_visits = 16;
  // The weight of a judged node's network value in its statistics, in virtual visits.
  double network_value_visits = 16;
  // The share of each simulation's result that is the network's verdict rather than the
  // playout's, for the nodes from the root down to the deepest judged node of its path: with
  // this chance, those nodes count a win drawn at that node's network value instead of the
  // playout's winner (the nodes below it, and RAVE, keep the playout's). Virtual visits weigh
  // less and less as the visits grow; this share does not, so the value keeps its say in long
  // searches (AlphaGo's mixed leaf evaluation). 0 leaves it out. 0.75 beat 0.5 with version
  // 7's network (docs/results.md, M92), and 1 played as 0.75 (M94).
  double network_value_mix = 0.75;
  // With network_value_mix, whether the AMAF statistics of the nodes that count a verdict
  // count it too. Off, RAVE keeps the playout's winner everywhere, and since RAVE's weight
  // leads a child's score until it has some thousand visits, the playouts keep most of the say
  // in the tree whatever the share.
  bool rave_verdict = false;
  // Whether the children of a judged node mix in their AMAF statistics. Off, the network's
  // policy (the priors and the PUCT term) ranks the children that have few visits, as RAVE
  // ranks those of the nodes the network has not judged. Off, version 7 beat version 6 by
  // +193 Elo on base 7 where with RAVE it had gained +70 (docs/results.md, M103 and M101).
  bool judged_rave = false;
  // The root's move: with lcb_z > 0, among the children with at least kLcbVisitShare of the most
  // visited one's visits, the one whose win rate's lower confidence bound, lcb_z standard
  // errors below it, is highest (KataGo's choice by LCB); 0: the most visited.
  double lcb_z = 0;
  static constexpr double kLcbVisitShare = 0.15;
  // Whether a node's exploration terms (UCB1's and the PUCT term) scale with the spread of its
  // results, sqrt(p (1 - p)) over that of an even node (KataGo's variance-scaled exploration):
  // a node whose result is nearly settled explores less. The spread starts from an even one's,
  // weighted as kVariancePriorVisits visits.
  bool variance_exploration = false;
  static constexpr double kVariancePriorVisits = 10;
  // With a network, whether a simulation ends at the leaf it reaches, which it expands and has
  // the network judge at once, and counts a win drawn at the network's value instead of playing
  // a playout (AlphaZero's search, in the place of the mix of network and playouts).
  bool network_leaves = false;

  // A double turn's two stones are chosen lower cell first, so that the pair (a, b) and the
  // pair (b, a) are one path of the tree rather than two with the same position below.
  bool merge_pair_orders = true;

  // Playouts that take kills, answer threats and avoid killing their own groups (see
  // PolicyPlayout) instead of uniformly random ones.
  bool policy = true;
  // With `policy`, the playouts' random cells follow the learned model's ring patterns (see
  // PolicyPlayout) instead of a uniform draw.
  bool pattern_playouts = false;

  // Playouts stop once the board is settled (every empty region touches one colour only) and
  // are won by the side with more safe placements left (see settled.h). Off by default:
  // playouts reach a settled board only one or two actions before their end, where the count
  // names the same winner, so it saves almost nothing (docs/search.md).
  bool count_settled = false;

  // MCTS-Solver: proven wins and losses propagate up the tree and a proven win is played.
  bool solver = true;

  // Keep the subtree of the new position between moves.
  bool reuse_tree = true;

  // Resign (SearchResult::resign) when the chosen move is a proven loss, or when its win rate
  // after at least kResignMinVisits visits is below this; 0 never resigns a game that goes on.
  // Not an enhancement: plain UCT keeps it.
  double resign_below = 0;
  static constexpr int64_t kResignMinVisits = 1000;

  int threads = 1;
  // Upper bound on the tree's memory.
  int64_t memory_bytes = int64_t{256} << 20;
  // Visits per move when the limits given to Search set none.
  int64_t default_visits = 20000;
  static MctsOptions PlainUct() {
    MctsOptions options;
    options.rave = false;
    options.priors = false;
    options.move_model = false;
    options.puct = 0;
    options.network_visits = 0;
    options.policy = false;
    options.count_settled = false;
    options.solver = false;
    options.reuse_tree = false;
    options.merge_pair_orders = false;
    return options;
  }
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_MCTS_OPTIONS_H_
