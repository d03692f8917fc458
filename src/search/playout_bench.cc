#include "search/playout_bench.h"

#include <chrono>

#include "core/playout.h"
#include "core/position.h"

namespace lifeline {

PlayoutRate MeasurePlayoutRate(int base, double seconds, uint64_t seed) {
  using Clock = std::chrono::steady_clock;
  const Position start(Geometry::ForBase(base), Rules{});
  Rng rng(seed);
  int64_t playouts = 0;
  int64_t actions = 0;
  const Clock::time_point begin = Clock::now();
  double elapsed = 0;
  // Check the clock every few playouts only, so that timing costs nothing measurable.
  do {
    for (int i = 0; i < 8; ++i) actions += RandomPlayout(start, rng).actions;
    playouts += 8;
    elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
  } while (elapsed < seconds);
  PlayoutRate rate;
  rate.playouts_per_second = static_cast<double>(playouts) / elapsed;
  rate.actions_per_playout = static_cast<double>(actions) / static_cast<double>(playouts);
  return rate;
}

}  // namespace lifeline
