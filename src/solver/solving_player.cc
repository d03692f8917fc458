#include "solver/solving_player.h"

#include <algorithm>
#include <utility>

#include "search/mcts_options.h"

namespace lifeline {

SolvingPlayer::SolvingPlayer(std::unique_ptr<Player> search, std::shared_ptr<Solver> solver,
                             const SolvingOptions& options, const SteadyClock& clock)
    : search_(std::move(search)), solver_(std::move(solver)), options_(options), clock_(clock) {}

bool SolvingPlayer::SolveLimitsFor(const Position& position, const SearchLimits& limits,
                                   SolveLimits& solve) {
  if (options_.max_empty_cells > 0 && position.board().empty().Count() > options_.max_empty_cells) {
    return false;
  }
  solve.stop = limits.stop;
  if (limits.until_stopped) {
    if (position.hash() != analysed_hash_) {
      analysed_hash_ = position.hash();
      analysed_seconds_ = 0;
    }
    solve.max_seconds = options_.analysis_seconds - analysed_seconds_;
    if (solve.max_seconds <= 0) return false;
  } else if (limits.max_seconds > 0) {
    solve.max_seconds = limits.max_seconds * options_.time_share;
    if (solve.max_seconds <= 0) return false;  // a share of 0: the search takes it all
  }
  if (limits.max_visits > 0) {
    solve.max_nodes = static_cast<int64_t>(limits.max_visits * options_.nodes_per_visit);
  }
  // A search without limits of its own (the player's default visits) gets the same budget as
  // its default: the solver's share of it in positions.
  if (solve.max_seconds <= 0 && solve.max_nodes <= 0) {
    solve.max_nodes = static_cast<int64_t>(MctsOptions().default_visits * options_.nodes_per_visit);
  }
  return true;
}

void SolvingPlayer::MarkProofs(const Position& position, SearchInfo& info) const {
  for (CandidateInfo& candidate : info.candidates) {
    if (candidate.proof != MoveProof::kUnknown || !position.IsLegal(candidate.move)) continue;
    Position next = position;
    next.Play(candidate.move);
    // Every move into a swap decision is lost: the opponent keeps whichever colour wins
    // (KnownNumbers). That is true of all of them alike and tells them apart by nothing, so
    // the search's win rates stand there: they say what each leaves the opponent to choose.
    if (next.CanSwap()) continue;
    const Verdict verdict = solver_->Known(next);  // for the opponent, who moves next
    // A proven move's win rate is its certainty, as the tree gives it to the moves it proves.
    if (verdict == Verdict::kLoss) {
      candidate.proof = MoveProof::kWin;
      candidate.win_rate = 1;
    }
    if (verdict == Verdict::kWin) {
      candidate.proof = MoveProof::kLoss;
      candidate.win_rate = 0;
    }
  }
}

SearchResult SolvingPlayer::Search(const SearchInput& input, const SearchLimits& limits, Rng& rng,
                                   const ProgressCallback& progress) {
  const Position& position = input.position;
  const double start = clock_.Now();
  SolveLimits solve;
  Verdict verdict = Verdict::kUnknown;
  if (SolveLimitsFor(position, limits, solve)) {
    const SolveResult solved = solver_->Solve(position, solve);
    if (limits.until_stopped) analysed_seconds_ += solved.seconds;
    verdict = solved.verdict;
    if (verdict == Verdict::kWin) {
      SearchResult result;
      result.move = solved.move;
      CandidateInfo candidate;
      candidate.move = solved.move;
      candidate.win_rate = 1;
      candidate.prior = 0.5;
      candidate.principal_variation = {solved.move};
      candidate.proof = MoveProof::kWin;
      result.info.candidates = {candidate};
      result.info.seconds = clock_.Now() - start;
      if (progress) progress(result.info);
      // An analysis goes on until it is stopped; a move is played at once.
      if (!limits.until_stopped) return result;
    }
    if (verdict == Verdict::kLoss && options_.resign_proven_loss && !limits.until_stopped) {
      SearchResult result;
      result.resign = true;
      return result;
    }
  }
  // The search gets what the solver left of the move's time.
  SearchLimits rest = limits;
  const double spent = clock_.Now() - start;
  if (rest.max_seconds > 0) rest.max_seconds = std::max(rest.max_seconds - spent, 1e-3);
  if (rest.extended_seconds > 0) {
    rest.extended_seconds = std::max(rest.extended_seconds - spent, rest.max_seconds);
  }
  const ProgressCallback marked = [&](const SearchInfo& info) {
    SearchInfo copy = info;
    MarkProofs(position, copy);
    progress(copy);
  };
  SearchResult result = search_->Search(input, rest, rng, progress ? marked : nullptr);
  MarkProofs(position, result.info);
  result.info.seconds = clock_.Now() - start;
  return result;
}

}  // namespace lifeline
