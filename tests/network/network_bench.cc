// The network's speed beside the engine's random playouts, measured in the same run on one
// thread, so that the ratio (playouts that one evaluation costs) means something on a shared,
// noisy machine. scripts/bench_network.sh runs it on several bases.
//
// Usage: network_bench NETWORK_FILE BASE SECONDS
// prints "base N evaluations/s E playouts/s P playouts_per_evaluation R".
// The position is a middle game: a quarter of the cells filled by seeded random actions.

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "core/playout.h"
#include "core/position.h"
#include "core/random.h"
#include "network/network.h"

namespace {

using Clock = std::chrono::steady_clock;

// Calls `work` until `seconds` have passed (at least once); returns calls per second.
template <typename Work>
double Rate(double seconds, const Work& work) {
  const Clock::time_point begin = Clock::now();
  long calls = 0;
  double elapsed = 0;
  do {
    work();
    ++calls;
    elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
  } while (elapsed < seconds);
  return calls / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s NETWORK_FILE BASE SECONDS\n", argv[0]);
    return 2;
  }
  const int base = std::atoi(argv[2]);
  const double seconds = std::atof(argv[3]);
  if (base < lifeline::Geometry::kMinBase || base > lifeline::Geometry::kMaxBase ||
      !(seconds > 0)) {
    std::fprintf(stderr, "base out of range or seconds not positive\n");
    return 2;
  }
  const auto network = lifeline::Network::Load(argv[1]);
  if (!network.ok()) {
    std::fprintf(stderr, "%s\n", std::string(network.status().message()).c_str());
    return 1;
  }
  const lifeline::Geometry& geometry = lifeline::Geometry::ForBase(base);
  lifeline::Position position(geometry, lifeline::Rules{});
  lifeline::Rng rng(1);
  while (position.board().occupied().Count() < geometry.num_cells() / 4) {
    const auto move = position.RandomMove(rng);
    if (!move) break;
    position.Play(*move);
  }
  float sink = 0;
  const double evaluations = Rate(seconds, [&] { sink += network->Evaluate(position).value; });
  const double playouts = Rate(seconds, [&] {
    lifeline::Rng playout_rng(rng.Next());
    sink += static_cast<float>(lifeline::RandomPlayout(position, playout_rng).actions);
  });
  std::printf("base %d evaluations/s %.1f playouts/s %.1f playouts_per_evaluation %.1f%s\n", base,
              evaluations, playouts, playouts / evaluations, sink < 0 ? " " : "");
  return 0;
}
