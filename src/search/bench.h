#ifndef LIFELINE_SEARCH_BENCH_H_
#define LIFELINE_SEARCH_BENCH_H_

#include <cstdint>
#include <memory>
#include <string>

#include "network/network.h"
#include "search/clock.h"
#include "search/mcts_options.h"
#include "search/move_model.h"

namespace lifeline {

struct BenchResult {
  int positions = 0;
  int64_t playouts = 0;
  // Tree nodes created over all positions: the signature of the search. Any change to what
  // the search does with a fixed seed changes it; speed changes do not.
  int64_t nodes = 0;
  double seconds = 0;
  double playouts_per_second = 0;
  double nodes_per_second = 0;
  // Chosen moves in order, for a failure message when the signature moves.
  std::string moves;
};

inline constexpr int64_t kBenchVisits = 2000;

// Searches a fixed set of positions on bases 5 and 7 (reached by fixed random action
// sequences from fixed seeds, under all three balancing methods) with `visits` simulations
// each, on one thread with the default MctsOptions and a fresh tree per position. Like
// Stockfish's bench: the node count is a signature that tests pin, the rate a quick speed
// check.
BenchResult RunBench(int64_t visits, const SteadyClock& clock, const MoveModel& move_model);

// The search's speed on one board: a fresh search with `options` for `seconds` from a fixed
// middle-game position of `base` (a quarter of the cells filled by seeded random actions),
// with `network` where the options use one (null: none).
struct SpeedResult {
  int64_t playouts = 0;
  int64_t nodes = 0;
  double seconds = 0;
};
SpeedResult MeasureSearchSpeed(int base, double seconds, const MctsOptions& options,
                               const SteadyClock& clock, const MoveModel& move_model,
                               std::shared_ptr<const Network> network);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_BENCH_H_
