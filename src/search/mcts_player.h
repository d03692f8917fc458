#ifndef LIFELINE_SEARCH_MCTS_PLAYER_H_
#define LIFELINE_SEARCH_MCTS_PLAYER_H_

#include <cstdint>
#include <memory>
#include <string>

#include "search/clock.h"
#include "search/mcts_options.h"
#include "search/mcts_tree.h"
#include "search/move_model.h"
#include "search/player.h"

namespace lifeline {

// Monte Carlo tree search behind the Player interface: runs simulations on MctsTree from
// options.threads threads (tree parallelism; the calling thread is one of them) until a limit
// is reached or the root is proven, then plays the best move. Before its time target it stops
// once the move is settled (no other can catch up); past the target it runs on, up to the
// extended limit, while the move is critical: the most visited move does not dominate the
// second, or its win rate fell since the previous search. With one thread and a visit
// limit the result depends only on the search input, the options, the move model, the tree
// kept from earlier moves and the generator. Time comes from the injected clock.
class MctsPlayer : public Player {
 public:
  // The clock and the learned move model must outlive the player; the network (none when
  // null) is shared.
  MctsPlayer(const MctsOptions& options, const SteadyClock& clock, const MoveModel& move_model,
             std::shared_ptr<const Network> network = nullptr);

  std::string Name() const override { return "mcts"; }
  void NewGame() override;
  SearchResult Search(const SearchInput& input, const SearchLimits& limits, Rng& rng,
                      const ProgressCallback& progress) override;

  const MctsOptions& options() const { return options_; }
  const MctsTree& tree() const { return tree_; }

 private:
  // Runs simulations until `done` is set; the thread with `main` set also checks the limits,
  // sets `done` and reports progress.
  void RunWorker(Rng& rng, bool main, const SearchLimits& limits, double start,
                 const ProgressCallback& progress);
  // Runs RunWorker on options_.threads threads until the limits are reached.
  void RunWorkers(Rng& rng, const SearchLimits& limits, double start,
                  const ProgressCallback& progress);
  bool LimitReached(const SearchLimits& limits, double elapsed);
  // Whether the search stopped on a proven loss of every move with budget left, which is
  // then spent on the move with the best chances against a fallible opponent.
  bool ShouldLookPastLoss(const SearchLimits& limits, double elapsed) const;
  bool IsCritical() const;
  // Whether the move is decided before the time target: the root has one child, or the most
  // visited child leads the others by more simulations than fit in `seconds_left` at the rate
  // measured so far.
  bool IsSettled(double elapsed, double seconds_left) const;
  // Whether to give the game up rather than play the chosen move (MctsOptions::resign_below),
  // given the root's summary after the search.
  bool ShouldResign(const MctsTree::RootSummary& summary) const;
  SearchInfo Info(double elapsed) const;

  MctsOptions options_;
  const SteadyClock& clock_;
  MctsTree tree_;
  // Shared by the threads of one search, each on its own cache line: the counters change
  // after every simulation and would otherwise slow every thread's reading of `done_`.
  alignas(64) std::atomic<bool> done_{false};
  alignas(64) std::atomic<int64_t> started_{0};
  alignas(64) std::atomic<int64_t> finished_{0};
  int64_t max_visits_ = 0;
  int64_t kept_visits_ = 0;  // the root's visits when the search began
  // Seconds from the start of the search to its first simulation (setting up the root).
  double simulations_began_ = 0;
  // When the main thread next scans the root, before the target (settled?) and past it
  // (critical?), and its last answer to whether the move is critical.
  double next_settled_check_ = 0;
  double next_critical_check_ = 0;
  bool critical_ = false;
  // The win rate the previous search gave its move, for the player then to move.
  double last_win_rate_ = -1;
  Color last_mover_ = Color::kBlack;
};

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_MCTS_PLAYER_H_
