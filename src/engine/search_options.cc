#include "engine/search_options.h"

#include <utility>

#include "absl/status/status.h"
#include "engine/engine.h"
#include "engine/strength.h"
#include "search/thread_support.h"
#include "solver/solving_player.h"

namespace lifeline {
namespace {

// Caps that keep a setting from asking for what the machine cannot give (a build that cannot
// start threads searches on one).
constexpr int64_t kMaxThreads = kCanStartThreads ? 64 : 1;
constexpr int64_t kMaxMemoryMib = 64 * 1024;

// The enhancements, each with its own switch so that a match can measure it.
struct Switch {
  OptionKey<bool> key;
  bool MctsOptions::*field;
  const char* help;
};
constexpr Switch kSwitches[] = {
    {option::kRave, &MctsOptions::rave,
     "RAVE: all-moves-as-first statistics mixed into the win rates"},
    {option::kPriors, &MctsOptions::priors, "priors from Lifeline knowledge for new tree nodes"},
    {option::kMoveModel, &MctsOptions::move_model,
     "priors from the learned move model instead of the hand-set table"},
    {option::kPolicy, &MctsOptions::policy,
     "playouts that take kills, answer threats, avoid self-kills"},
    {option::kPatternPlayouts, &MctsOptions::pattern_playouts,
     "with policy, playouts draw cells by the learned model's ring patterns"},
    {option::kSettled, &MctsOptions::count_settled,
     "playouts end on a settled board, won by the side with more safe placements"},
    {option::kSolver, &MctsOptions::solver,
     "MCTS-Solver: proven wins and losses, a proven win is played"},
    {option::kReuse, &MctsOptions::reuse_tree,
     "keep the subtree of the new position between moves"},
    {option::kMergePairOrders, &MctsOptions::merge_pair_orders,
     "a double turn's stones are searched lower cell first: (a, b) and (b, a) are one action"},
};

// A spec whose new value gives the engine a new player, which it builds from its whole table.
OptionSpec RebuildsPlayer(OptionSpec spec, Engine& engine) {
  return std::move(spec).WithHook([&engine] {
    engine.RebuildPlayer();
    return absl::OkStatus();
  });
}

}  // namespace

MctsOptions SearchSettings(const OptionTable& table) {
  // Plain UCT turns every switch off, whatever its own value.
  const bool plain = table.Get(option::kPlainUct);
  MctsOptions options = plain ? MctsOptions::PlainUct() : MctsOptions();
  if (!plain) {
    for (const Switch& entry : kSwitches) options.*entry.field = table.Get(entry.key);
  }
  options.prior_visits = table.Get(option::kPriorVisits);
  options.prior_amaf_visits = table.Get(option::kPriorAmafVisits);
  options.model_prior_slope = table.Get(option::kModelPriorSlope);
  options.puct = plain ? 0 : table.Get(option::kPuct);
  options.network_visits = plain ? 0 : static_cast<int>(table.Get(option::kNetworkVisits));
  options.network_value_visits = table.Get(option::kNetworkValueVisits);
  options.network_value_mix = table.Get(option::kNetworkValueMix);
  options.rave_verdict = table.Get(option::kRaveVerdict);
  options.judged_rave = table.Get(option::kJudgedRave);
  options.lcb_z = table.Get(option::kLcbZ);
  options.variance_exploration = table.Get(option::kVarianceExploration);
  options.network_leaves = table.Get(option::kNetworkLeaves);
  options.exploration = table.Get(option::kExploration);
  options.rave_equivalence = table.Get(option::kRaveEquivalence);
  options.resign_below = table.Get(option::kResign);
  options.threads = static_cast<int>(table.Get(option::kThreads));
  options.memory_bytes = table.Get(option::kMemory) << 20;
  return options;
}

SolverOptions SolverSettings(const OptionTable& table) {
  SolverOptions options;
  options.memory_bytes = table.Get(option::kSolverMemory) << 20;
  return options;
}

void DeclareSearchOptions(OptionTable& table, Engine& engine) {
  const MctsOptions defaults;
  const auto rebuilds = [&](OptionSpec spec) { return RebuildsPlayer(std::move(spec), engine); };
  table.Declare(rebuilds(OptionSpec::Choice(option::kPlayer, "mcts", {"mcts", "random"},
                                            "how genmove chooses moves")));
  table.Declare(OptionSpec::Int(option::kVisits, 0, 0, int64_t{1} << 40,
                                "simulations per move (0: no limit, or 20000 when no time "
                                "limit is set either)"));
  table.Declare(OptionSpec::Number(option::kTime, 0, 0, 1e6,
                                   "seconds per move, at most (0: no limit); the time control "
                                   "may allow less"));
  table.Declare(OptionSpec::Int(option::kLevel, kFullStrength, kWeakestLevel, kFullStrength,
                                "playing strength of genmove, from 1 (a beginner) to 8 (full "
                                "strength): fewer simulations and a chosen share of chance"));
  table.Declare(rebuilds(OptionSpec::Int(option::kThreads, 1, 1, kMaxThreads, "search threads")));
  table.Declare(rebuilds(
      OptionSpec::Int(option::kMemory, 256, 1, kMaxMemoryMib, "search tree memory limit in MiB")));
  table.Declare(OptionSpec::Bool(option::kVerbose, false,
                                 "after each genmove, one line about its search on standard "
                                 "error: move, playouts, time, root visits, visits kept"));
  table.Declare(OptionSpec::Bool(option::kPonder, false,
                                 "after genmove, search on until the next command (the "
                                 "opponent's time), for the tree that reuse keeps"));
  table.Declare(rebuilds(
      OptionSpec::Number(option::kResign, defaults.resign_below, 0, 1,
                         "genmove resigns below this win rate (or on a proven loss); 0 never")));
  for (const Switch& entry : kSwitches) {
    table.Declare(rebuilds(OptionSpec::Bool(entry.key, defaults.*entry.field, entry.help)));
  }
  table.Declare(rebuilds(OptionSpec::Bool(
      option::kPlainUct, false, "plain UCT with uniform random playouts: every switch above off")));
  table.Declare(rebuilds(
      OptionSpec::Number(option::kPriorVisits, defaults.prior_visits, 0, 1000,
                         "virtual visits that carry a prior (its weight against real visits)")));
  table.Declare(rebuilds(
      OptionSpec::Number(option::kPriorAmafVisits, defaults.prior_amaf_visits, 0, 1000,
                         "virtual AMAF visits that carry a prior (its weight under RAVE)")));
  table.Declare(rebuilds(OptionSpec::Number(
      option::kModelPriorSlope, defaults.model_prior_slope, 0, 1,
      "with move-model, prior win rate gained per unit of log policy share over the average")));
  table.Declare(rebuilds(OptionSpec::Number(
      option::kPuct, defaults.puct, 0, 100,
      "weight of the learned policy in the selection formula (PUCT term); 0 leaves it out")));
  table.Declare(rebuilds(OptionSpec::Int(
      option::kNetworkVisits, defaults.network_visits, 0, int64_t{1} << 30,
      "the network judges tree nodes with this many visits (policy for their children, value "
      "for themselves); 0: the search does without the network")));
  table.Declare(rebuilds(OptionSpec::Number(
      option::kNetworkValueVisits, defaults.network_value_visits, 0, 1e6,
      "virtual visits that carry a judged node's network value (its weight against playouts)")));
  table.Declare(rebuilds(OptionSpec::Number(
      option::kNetworkValueMix, defaults.network_value_mix, 0, 1,
      "chance that a simulation counts the network's verdict at its deepest judged node instead "
      "of the playout's, from that node up to the root")));
  table.Declare(rebuilds(OptionSpec::Bool(
      option::kRaveVerdict, defaults.rave_verdict,
      "with network-value-mix, the AMAF statistics of the nodes that count the network's "
      "verdict count it too, instead of the playout's winner")));
  table.Declare(rebuilds(OptionSpec::Bool(
      option::kJudgedRave, defaults.judged_rave,
      "the children of a node the network judged mix in their AMAF statistics; false: the "
      "network's policy alone ranks those with few visits")));
  table.Declare(rebuilds(OptionSpec::Number(
      option::kLcbZ, defaults.lcb_z, 0, 10,
      "the move played: among those with at least 15% of the most visited one's visits, the one "
      "whose win rate is highest this many standard errors below it; 0: the most visited")));
  table.Declare(rebuilds(OptionSpec::Bool(
      option::kNetworkLeaves, defaults.network_leaves,
      "with a network, each simulation ends at its leaf, which the network judges at once, "
      "instead of a playout (AlphaZero's search)")));
  table.Declare(rebuilds(OptionSpec::Bool(
      option::kVarianceExploration, defaults.variance_exploration,
      "a node's exploration terms scale with the spread of its results, sqrt(p(1-p)) over an "
      "even node's: a nearly settled node explores less")));
  table.Declare(rebuilds(OptionSpec::Number(option::kExploration, defaults.exploration, 0, 100,
                                            "UCB1 exploration constant")));
  table.Declare(rebuilds(
      OptionSpec::Number(option::kRaveEquivalence, defaults.rave_equivalence, 1, 1e9,
                         "visits at which a child's own win rate and its AMAF one weigh alike")));
  table.Declare(rebuilds(OptionSpec::Bool(
      option::kSolve, true,
      "genmove and analysis run the exact solver first and play a proven win at once")));
  table.Declare(rebuilds(OptionSpec::Int(
      option::kSolveEmpty, SolvingOptions().max_empty_cells, 0, 1000,
      "the solver runs before the search only with at most this many empty cells (0: always)")));
  table.Declare(rebuilds(
      OptionSpec::Number(option::kSolveShare, SolvingOptions().time_share, 0, 1,
                         "the share of a move's time the solver may take before the search")));
  table.Declare(OptionSpec::Number(option::kSolveTime, 10, 0.001, 1e6,
                                   "seconds lifeline-solve and lifeline-solve_all spend when "
                                   "given none"));
  table.Declare(OptionSpec::Int(option::kSolverMemory, 256, 1, kMaxMemoryMib,
                                "the exact solver's table in MiB (taken at its first use)")
                    .WithHook([&engine] {
                      engine.ResetSolver();
                      return absl::OkStatus();
                    }));
  table.Declare(OptionSpec::Text(option::kNetwork, "auto",
                                 "the network file (docs/network.md): auto (lifeline.net beside "
                                 "the engine or in its share/lifeline), none, or a file name")
                    .WithHook([&engine] {
                      const absl::Status selected = engine.SelectNetwork();
                      if (selected.ok()) engine.RebuildPlayer();
                      return selected;
                    }));
  table.Declare(OptionSpec::Text(option::kBook, "auto",
                                 "the opening book's folder of maps (docs/openings.md): auto (book "
                                 "beside the engine or in its share/lifeline), none, or a folder")
                    .WithHook([&engine] { return engine.SelectBook(); }));
}

}  // namespace lifeline
