#ifndef LIFELINE_CORE_RANDOM_H_
#define LIFELINE_CORE_RANDOM_H_

#include <cstdint>

#include "core/geometry.h"

namespace lifeline {

// A small, fast, explicitly seeded generator (xoshiro256**). Every random choice in the engine
// goes through one of these, passed in by the caller, so games, tests and benchmarks replay
// exactly from a seed.
class Rng {
 public:
  explicit Rng(uint64_t seed) {
    for (int i = 0; i < 4; ++i) state_[i] = MixBits(seed + static_cast<uint64_t>(i));
  }

  uint64_t Next() {
    const uint64_t result = Rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = Rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, n) for n >= 1 (multiply-shift; the bias is below 2^-32 for board sizes).
  uint32_t Below(uint32_t n) {
    return static_cast<uint32_t>(((Next() >> 32) * static_cast<uint64_t>(n)) >> 32);
  }

  // Uniform in [0, 1).
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t state_[4];
};

}  // namespace lifeline

#endif  // LIFELINE_CORE_RANDOM_H_
