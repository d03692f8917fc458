#ifndef LIFELINE_SEARCH_PLAYOUT_BENCH_H_
#define LIFELINE_SEARCH_PLAYOUT_BENCH_H_

#include <cstdint>

namespace lifeline {

struct PlayoutRate {
  double playouts_per_second = 0;
  // Actions (placements, pairs, swaps, komi points) per playout: how long the games ran, which
  // turns playouts per second into the cost of one placement.
  double actions_per_playout = 0;
};

// Random playouts (core/playout.h) from the empty board of `base` under the default rules, on
// one thread, repeated for about `seconds` of wall time with a generator seeded by `seed`.
PlayoutRate MeasurePlayoutRate(int base, double seconds, uint64_t seed);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_PLAYOUT_BENCH_H_
