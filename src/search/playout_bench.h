#ifndef LIFELINE_SEARCH_PLAYOUT_BENCH_H_
#define LIFELINE_SEARCH_PLAYOUT_BENCH_H_

#include <cstdint>

namespace lifeline {

// Random playouts (core/playout.h) from the empty board of `base` under the default rules, on
// one thread, repeated for about `seconds` of wall time with a generator seeded by `seed`.
// Returns playouts per second.
double MeasurePlayoutRate(int base, double seconds, uint64_t seed);

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_PLAYOUT_BENCH_H_
