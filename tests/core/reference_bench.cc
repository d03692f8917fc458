// Random playouts with the reference rules (tests/core/reference_rules.h), the baseline that
// scripts/bench.sh sets beside the engine's own `--bench-playouts`.
//
// Usage: reference_bench BASE SECONDS   prints "playouts/s N"
// It plays at least one whole game, however long that takes, so the rate is never zero.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "tests/core/reference_rules.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s BASE SECONDS\n", argv[0]);
    return 2;
  }
  const int base = std::atoi(argv[1]);
  const double seconds = std::atof(argv[2]);
  if (base < 2 || base > 13 || !(seconds > 0)) {
    std::fprintf(stderr, "base must be 2..13 and seconds positive\n");
    return 2;
  }
  using Clock = std::chrono::steady_clock;
  std::mt19937_64 rng(1);
  const Clock::time_point begin = Clock::now();
  double elapsed = 0;
  int playouts = 0;
  do {
    lifeline::reference::RefGame game(base, lifeline::reference::Method::kStrongPie, 0);
    for (auto actions = game.LegalActions(); !actions.empty(); actions = game.LegalActions()) {
      std::uniform_int_distribution<size_t> pick(0, actions.size() - 1);
      game.Play(actions[pick(rng)]);
    }
    ++playouts;
    elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
  } while (elapsed < seconds);
  std::printf("playouts/s %.3f\n", playouts / elapsed);
  return 0;
}
