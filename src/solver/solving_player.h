#ifndef LIFELINE_SOLVER_SOLVING_PLAYER_H_
#define LIFELINE_SOLVER_SOLVING_PLAYER_H_

#include <memory>
#include <string>

#include "search/clock.h"
#include "search/player.h"
#include "solver/dfpn.h"

namespace lifeline {

struct SolvingOptions {
  // Positions with more empty cells than this are left to the search alone (0: none is):
  // there the solver cannot finish within its share and would only take time from the search.
  int max_empty_cells = 16;
  // The share of a move's time the solver may take before the search, when the move has a
  // time limit.
  double time_share = 0.25;
  // Solver positions per search visit, when the move has a visit limit and no time limit.
  double nodes_per_visit = 20;
  // Seconds the solver may take before an analysis or pondering search, which has no limit
  // of its own but the next input line.
  double analysis_seconds = 2;
  // Resign a proven loss instead of playing on.
  bool resign_proven_loss = false;
};

// A player that proves before it searches: it gives the exact solver a share of the move's
// budget and plays a proven win at once; otherwise (a proven loss or no verdict) the search
// chooses the move with what is left, for the best chances against a fallible opponent. Every
// candidate the search reports is marked with what the solver has proven of it. It shares the
// solver (and its table of proofs) with whoever else solves for the same engine.
class SolvingPlayer : public Player {
 public:
  SolvingPlayer(std::unique_ptr<Player> search, std::shared_ptr<Solver> solver,
                const SolvingOptions& options, const SteadyClock& clock);

  std::string Name() const override { return search_->Name() + "+solver"; }
  void NewGame() override { search_->NewGame(); }
  SearchResult Search(const SearchInput& input, const SearchLimits& limits, Rng& rng,
                      const ProgressCallback& progress) override;

 private:
  // The solver's limits for this search, or false when it should not run.
  bool SolveLimitsFor(const Position& position, const SearchLimits& limits, SolveLimits& solve);
  // Marks each candidate with the solver's verdict of the position it leads to, but for one
  // that leads to a swap decision.
  void MarkProofs(const Position& position, SearchInfo& info) const;

  std::unique_ptr<Player> search_;
  std::shared_ptr<Solver> solver_;
  // The position analysed last and the solver seconds it has had: an analysis or pondering
  // search that is stopped and started again on the same position (in slices) shares one
  // solver budget instead of giving the solver every slice.
  uint64_t analysed_hash_ = 0;
  double analysed_seconds_ = 0;
  SolvingOptions options_;
  const SteadyClock& clock_;
};

}  // namespace lifeline

#endif  // LIFELINE_SOLVER_SOLVING_PLAYER_H_
