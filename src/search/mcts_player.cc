#include "search/mcts_player.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace lifeline {
namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;
constexpr int kPvLength = 10;
// A move is critical while the most visited child has fewer than this many times the visits
// of the second, or while its win rate is this much below the previous search's.
constexpr double kDominance = 1.5;
constexpr double kWinRateDrop = 0.05;
// Seconds between two scans of the root's children: whether the move is critical, or settled.
constexpr double kRootCheckInterval = 0.005;
// A timed search judges whether its move is settled only after this share of its target and
// this many simulations, so that the rate it extrapolates is measured on more than a few.
constexpr double kSettledCheckShare = 0.1;
constexpr int64_t kSettledMinSimulations = 100;
// Visit counters are 32-bit: a search (an analysis left running for a day, a huge visit
// limit, visits carried over by tree reuse) stops before the root's could overflow.
constexpr int32_t kMaxRootVisits = int32_t{1} << 30;

}  // namespace

MctsPlayer::MctsPlayer(const MctsOptions& options, const SteadyClock& clock,
                       const MoveModel& move_model, std::shared_ptr<const Network> network)
    : options_(options), clock_(clock), tree_(options, move_model, std::move(network)) {}

void MctsPlayer::NewGame() {
  tree_.Clear();
  last_win_rate_ = -1;
}

bool MctsPlayer::IsCritical() const {
  const MctsTree::RootSummary summary = tree_.Summarize();
  if (summary.best_visits < kDominance * summary.second_visits) return true;
  return last_win_rate_ >= 0 && last_mover_ == tree_.root_position().to_move() &&
         summary.best_win_rate < last_win_rate_ - kWinRateDrop;
}

bool MctsPlayer::IsSettled(double elapsed, double seconds_left) const {
  // The first stone of a double turn leaves its partner to choose, which the lead of the first
  // stones says nothing about.
  const Position& root = tree_.root_position();
  if (root.IsDoubleTurn() && root.pending_stone() == kNoCell) return false;
  const MctsTree::RootSummary summary = tree_.Summarize();
  if (summary.children == 1) return true;
  // The rate is measured from the first simulation: finding and compacting a reused subtree
  // takes time too, which must not make the rate look low.
  const int64_t finished = finished_.load(kRelaxed);
  const double simulating = elapsed - simulations_began_;
  if (finished < kSettledMinSimulations || simulating <= 0) return false;
  const double simulations_left = finished / simulating * seconds_left;
  return summary.best_visits - summary.second_visits > simulations_left;
}

bool MctsPlayer::LimitReached(const SearchLimits& limits, double elapsed) {
  if (limits.stop != nullptr && limits.stop->IsSet()) return true;
  if (options_.solver && tree_.root_proof() != Proof::kUnknown) return true;
  if (tree_.pool()[0].visits.load(kRelaxed) >= kMaxRootVisits) return true;
  if (limits.max_seconds <= 0) return false;
  if (elapsed < limits.max_seconds) {
    // No other move can overtake the most visited one in all the time the search may still
    // take, its extension included: stopping now plays the same move and keeps the time.
    if (elapsed < kSettledCheckShare * limits.max_seconds || elapsed < next_settled_check_) {
      return false;
    }
    next_settled_check_ = elapsed + kRootCheckInterval;
    const double horizon = std::max(limits.max_seconds, limits.extended_seconds);
    return IsSettled(elapsed, horizon - elapsed);
  }
  if (elapsed >= limits.extended_seconds) return true;
  if (elapsed >= next_critical_check_) {
    critical_ = IsCritical();
    next_critical_check_ = elapsed + kRootCheckInterval;
  }
  return !critical_;
}

bool MctsPlayer::ShouldResign(const MctsTree::RootSummary& summary) const {
  if (options_.resign_below <= 0) return false;
  if (summary.best_proof == Proof::kLoss) return true;
  return summary.best_proof == Proof::kUnknown &&
         summary.best_visits >= MctsOptions::kResignMinVisits &&
         summary.best_win_rate < options_.resign_below;
}

SearchInfo MctsPlayer::Info(double elapsed) const {
  SearchInfo info;
  info.visits = tree_.pool()[0].visits.load(kRelaxed);
  info.playouts = finished_.load(kRelaxed);
  info.kept_visits = kept_visits_;
  info.seconds = elapsed;
  info.candidates = tree_.Candidates(kPvLength);
  info.territory = tree_.Territory();
  return info;
}

void MctsPlayer::RunWorker(Rng& rng, bool main, const SearchLimits& limits, double start,
                           const ProgressCallback& progress) {
  MctsTree::Worker worker;
  double next_report = start + limits.report_interval;
  while (!done_.load(kRelaxed)) {
    if (main) {
      const double now = clock_.Now();
      if (LimitReached(limits, now - start)) break;
      if (progress && limits.report_interval > 0 && now >= next_report) {
        progress(Info(now - start));
        next_report = now + limits.report_interval;
      }
    }
    // Claims one simulation, so that a visit limit is met exactly whatever the threads.
    if (max_visits_ > 0 && started_.fetch_add(1, kRelaxed) >= max_visits_) break;
    tree_.Simulate(rng, worker);
    finished_.fetch_add(1, kRelaxed);
  }
  tree_.FinishWorker(worker);
  done_.store(true, kRelaxed);
}

void MctsPlayer::RunWorkers(Rng& rng, const SearchLimits& limits, double start,
                            const ProgressCallback& progress) {
  if (options_.threads <= 1) {
    RunWorker(rng, true, limits, start, progress);
    return;
  }
  // Helpers get their own generators, drawn from the caller's so a seed still decides them.
  std::vector<Rng> helper_rngs;
  for (int i = 1; i < options_.threads; ++i) helper_rngs.emplace_back(rng.Next());
  std::vector<std::thread> helpers;
  for (Rng& helper_rng : helper_rngs) {
    helpers.emplace_back([&] { RunWorker(helper_rng, false, limits, start, ProgressCallback()); });
  }
  RunWorker(rng, true, limits, start, progress);
  for (std::thread& helper : helpers) helper.join();
}

bool MctsPlayer::ShouldLookPastLoss(const SearchLimits& limits, double elapsed) const {
  // An analysis shows the proof; a player that resigns lost games has no use for the move.
  if (!options_.solver || limits.until_stopped || options_.resign_below > 0) return false;
  if (tree_.Summarize().best_proof != Proof::kLoss) return false;
  if (limits.stop != nullptr && limits.stop->IsSet()) return false;
  if (max_visits_ > 0 && started_.load(kRelaxed) >= max_visits_) return false;
  return limits.max_seconds <= 0 || elapsed < limits.max_seconds;
}

SearchResult MctsPlayer::Search(const SearchInput& input, const SearchLimits& limits, Rng& rng,
                                const ProgressCallback& progress) {
  const Position& position = input.position;
  SearchResult result;
  if (!position.HasLegalAction()) {
    result.resign = true;
    return result;
  }
  const double start = clock_.Now();
  tree_.SetRoot(position, input.recent);
  kept_visits_ = tree_.pool()[0].visits.load(kRelaxed);
  simulations_began_ = clock_.Now() - start;
  max_visits_ = limits.max_visits;
  if (max_visits_ == 0 && limits.max_seconds <= 0 && !limits.until_stopped) {
    max_visits_ = options_.default_visits;
  }
  next_settled_check_ = 0;
  next_critical_check_ = 0;
  critical_ = false;
  done_.store(false, kRelaxed);
  started_.store(0, kRelaxed);
  finished_.store(0, kRelaxed);

  RunWorkers(rng, limits, start, progress);
  if (ShouldLookPastLoss(limits, clock_.Now() - start)) {
    // Every move loses against perfect play, but the opponent may not find the win. The proof
    // ended the search and would leave the choice to the visits made before it, so the rest of
    // the budget searches afresh without making proofs: the move with the best chances
    // against a fallible opponent is the most visited one again.
    tree_.Clear();
    tree_.SetRoot(position, input.recent);
    kept_visits_ = 0;
    tree_.SetProving(false);
    done_.store(false, kRelaxed);
    RunWorkers(rng, limits, start, progress);
    tree_.SetProving(options_.solver);
  }

  result.move = tree_.BestMove(rng);
  const MctsTree::RootSummary summary = tree_.Summarize();
  result.resign = ShouldResign(summary);
  result.info = Info(clock_.Now() - start);
  // The win rate of the move played (a proven win comes first even with fewer visits), which
  // the next move's search compares with its own. An analysis (or ponder) plays no move.
  if (!limits.until_stopped) {
    last_mover_ = position.to_move();
    last_win_rate_ = summary.best_visits > 0 ? summary.best_win_rate : -1;
  }
  if (progress) progress(result.info);
  return result;
}

}  // namespace lifeline
