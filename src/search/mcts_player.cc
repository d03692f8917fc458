#include "search/mcts_player.h"

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
// Seconds between two checks of whether the move is critical (a scan of the root's children).
constexpr double kCriticalCheckInterval = 0.005;

}  // namespace

MctsPlayer::MctsPlayer(const MctsOptions& options, const SteadyClock& clock)
    : options_(options), clock_(clock), tree_(options) {}

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

bool MctsPlayer::LimitReached(const SearchLimits& limits, double elapsed) {
  if (limits.stop != nullptr && limits.stop->load(kRelaxed)) return true;
  if (options_.solver && tree_.root_proof() != Proof::kUnknown) return true;
  if (limits.max_seconds <= 0 || elapsed < limits.max_seconds) return false;
  if (elapsed >= limits.extended_seconds) return true;
  if (elapsed >= next_critical_check_) {
    critical_ = IsCritical();
    next_critical_check_ = elapsed + kCriticalCheckInterval;
  }
  return !critical_;
}

SearchInfo MctsPlayer::Info(double elapsed) const {
  SearchInfo info;
  info.visits = tree_.pool()[0].visits.load(kRelaxed);
  info.playouts = finished_.load(kRelaxed);
  info.seconds = elapsed;
  info.candidates = tree_.Candidates(kPvLength);
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
  done_.store(true, kRelaxed);
}

SearchResult MctsPlayer::Search(const Position& position, const SearchLimits& limits, Rng& rng,
                                const ProgressCallback& progress) {
  SearchResult result;
  if (!position.HasLegalAction()) {
    result.resign = true;
    return result;
  }
  const double start = clock_.Now();
  tree_.SetRoot(position);
  max_visits_ = limits.max_visits;
  if (max_visits_ == 0 && limits.max_seconds <= 0 && !limits.until_stopped) {
    max_visits_ = options_.default_visits;
  }
  next_critical_check_ = 0;
  critical_ = false;
  done_.store(false, kRelaxed);
  started_.store(0, kRelaxed);
  finished_.store(0, kRelaxed);

  if (options_.threads <= 1) {
    RunWorker(rng, true, limits, start, progress);
  } else {
    // Helpers get their own generators, drawn from the caller's so a seed still decides them.
    std::vector<Rng> helper_rngs;
    for (int i = 1; i < options_.threads; ++i) helper_rngs.emplace_back(rng.Next());
    std::vector<std::thread> helpers;
    for (Rng& helper_rng : helper_rngs) {
      helpers.emplace_back(
          [&] { RunWorker(helper_rng, false, limits, start, ProgressCallback()); });
    }
    RunWorker(rng, true, limits, start, progress);
    for (std::thread& helper : helpers) helper.join();
  }

  result.move = tree_.BestMove(rng);
  result.info = Info(clock_.Now() - start);
  last_mover_ = position.to_move();
  last_win_rate_ = result.info.candidates.empty() ? -1 : result.info.candidates[0].win_rate;
  if (progress) progress(result.info);
  return result;
}

}  // namespace lifeline
